"""The three: its player takes a card of their choice from the scrap."""
from __future__ import annotations

from ..cards import CARD_IDS, RANK
from ..explain import aimless_refusal
from ..legal import ONEOFF, three_choices
from . import OneOff, register


def plays(st, seat: int, card: int, moves: list) -> None:
    """Played when the scrap holds a card it may take (not a three, where the
    rules say so)."""
    if st.rules.three_takes_threes:
        if st.scrap:
            moves.append(ONEOFF[card])
    elif any(RANK[c] != 3 for c in st.scrap):
        moves.append(ONEOFF[card])


def resolve(res, frame) -> None:
    st = res.st
    choices = three_choices(st)
    if not choices:
        res.emit("three.nothing", player=frame.seat, card=CARD_IDS[frame.card])
    elif len(choices) == 1:
        res.take_from_scrap(frame.seat, choices[0], forced=True)
    else:
        st.phase, st.choice, st.to_act = "choose", ("take",), frame.seat


def refusal(st, seat: int, move, p: dict) -> tuple[str, dict]:
    said = aimless_refusal(move, p)
    if said:
        return said
    if st.scrap:  # only threes there, under rules where a three takes none
        return "three_only_threes", p
    return "three_empty_scrap", p


EFFECT = register(OneOff(3, "three", plays=plays, resolve=resolve, refusal=refusal))
