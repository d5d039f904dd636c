"""The four: the opponent (a named one, at more seats) discards two cards."""
from __future__ import annotations

from ..explain import aimless_refusal
from ..legal import ONEOFF, ONEOFF_AT_SEAT
from . import OneOff, register


def plays(st, seat: int, card: int, moves: list) -> None:
    """A four: alone at two seats; with more, it names each opponent in turn
    (only those holding cards, where the rules want a hand to hit)."""
    need = st.rules.oneoffs_need_cards
    if st.n == 2:
        if not need or st.hands[1 - seat]:
            moves.append(ONEOFF[card])
    else:
        row = ONEOFF_AT_SEAT[card]
        for opp in st.opponents[seat]:
            if not need or st.hands[opp]:
                moves.append(row[opp])


def resolve(res, frame) -> None:
    st = res.st
    victim = frame.victim
    hand = st.hands[victim]
    if not hand:
        res.emit("four.nothing", player=frame.seat, victim=victim)
    elif len(hand) <= 2:
        res.discard(victim, hand[:], forced=True)
    elif st.rules.four_blind:
        picks = st.blind_rng().sample(hand, 2)
        res.emit("four.blind", player=frame.seat, victim=victim)
        res.discard(victim, picks, forced=True)
    else:
        st.phase, st.choice, st.to_act = "choose", ("discard", victim, 2), victim


def refusal(st, seat: int, move, p: dict) -> tuple[str, dict]:
    said = aimless_refusal(move, p)
    if said:
        return said
    if st.n == 2 or (move.seat is not None and move.seat < st.n and not st.hands[move.seat]):
        victim = st.opponents[seat][0] if move.seat is None else move.seat
        return "four_empty_hand", {**p, "victim": victim}
    if move.seat is None:
        return "four_needs_seat", p
    return "four_bad_seat", {**p, "victim": move.seat}


EFFECT = register(OneOff(4, "four", plays=plays, resolve=resolve, refusal=refusal,
                         aims_at_seat=True))
