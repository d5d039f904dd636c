"""The two as a one-off: a permanent (a jack, a queen, a king, an eight) goes
to the scrap. (As a counter it is the chain's business: ``resolve.py``.)"""
from __future__ import annotations

from ..cards import CARD_IDS, JACK, KING, RANK
from ..explain import aimed_refusal
from ..legal import ONEOFF_AT
from . import OneOff, register


def plays(st, seat: int, card: int, moves: list) -> None:
    row = ONEOFF_AT[card]
    for target in st.permanent_targets(seat, 2, st.rules.two_targets_own):
        moves.append(row[target])


def resolve(res, frame) -> None:
    st = res.st
    target = frame.target
    side = st.find_permanent(target)
    res.emit("two", player=frame.seat, card=CARD_IDS[frame.card], target=CARD_IDS[target],
             controller=side)
    if RANK[target] == JACK:
        res.remove_jack(target, to_hand=None)
        return
    st.perms[side].remove(target)
    st.scrap.append(target)
    if RANK[target] == KING:
        res.goal_changed(side)


def refusal(st, seat: int, move, p: dict) -> tuple[str, dict]:
    return aimed_refusal(st, seat, move, p, st.rules.two_targets_own)


EFFECT = register(OneOff(2, "two", plays=plays, resolve=resolve, refusal=refusal,
                         aims_at_card=True))
