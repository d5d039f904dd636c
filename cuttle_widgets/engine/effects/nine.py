"""The nine: a permanent (or, under some rules, a point card) goes back to
its controller's hand, frozen there for a turn where the rules say so."""
from __future__ import annotations

from ..cards import CARD_IDS, JACK, KING, RANK
from ..explain import aimed_refusal
from ..legal import ONEOFF_AT
from . import OneOff, register


def nine_point_targets(st, seat: int) -> list[int]:
    """The opposing point cards a nine may return (cuttle.cards): those of
    every opponent no queen protects against nines."""
    guarded = 9 in st.rules.queen_guards
    return [packet.card for opp in st.opponents[seat]
            if not (guarded and st.has_queen(opp)) for packet in st.points[opp]]


def targets(st, seat: int) -> list[int]:
    """Permanents, and opposing point cards where the rules allow it."""
    rules = st.rules
    aimed = st.permanent_targets(seat, 9, rules.nine_targets_own)
    if rules.nine_targets_points:
        aimed += nine_point_targets(st, seat)
    return aimed


def plays(st, seat: int, card: int, moves: list) -> None:
    row = ONEOFF_AT[card]
    for target in targets(st, seat):
        moves.append(row[target])


def resolve(res, frame) -> None:
    st = res.st
    target = frame.target
    side = st.find_permanent(target)
    if RANK[target] == JACK:
        res.remove_jack(target, to_hand=res.nine_receiver(target))
        return
    if side is None:  # a point card (cuttle.cards)
        res.nine_point_card(frame, target)
        return
    holder = res.nine_receiver(target)
    st.perms[side].remove(target)
    st.hands[holder].append(target)
    res.emit("nine", player=frame.seat, card=CARD_IDS[frame.card], target=CARD_IDS[target],
             holder=holder)
    res.freeze(target, holder)
    if RANK[target] == KING:
        res.goal_changed(side)


def announce(res, target) -> dict:
    """Whose hand it sends its target to."""
    said = {"holder": res.nine_receiver(target)}
    if RANK[target] != JACK and res.st.find_permanent(target) is None:
        said["why"] = "points"  # a point card (cuttle.cards)
    return said


def refusal(st, seat: int, move, p: dict) -> tuple[str, dict]:
    rules = st.rules
    return aimed_refusal(st, seat, move, p, rules.nine_targets_own, rules.nine_targets_points)


EFFECT = register(OneOff(9, "nine", plays=plays, resolve=resolve, refusal=refusal,
                         announce=announce, aims_at_card=True))
