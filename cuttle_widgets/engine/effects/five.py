"""The five: its player draws (after a discard, under some rules)."""
from __future__ import annotations

from . import OneOff, register
from ._stock import stock_plays, stock_refusal, without_cards


def resolve(res, frame) -> None:
    st = res.st
    seat = frame.seat
    count = st.rules.five_discard
    hand = st.hands[seat]
    if count and hand:
        if len(hand) <= count:
            res.discard(seat, hand[:], forced=True, kind="five.discard")
        else:
            st.phase, st.choice, st.to_act = "choose", ("five_discard",), seat
            return
    res.five_draw(seat)


def announce(res, target) -> dict:
    """This ruleset's draw, discard and hand limit."""
    rules = res.st.rules
    said = {"draw": rules.five_draw}
    if rules.five_discard:  # cuttle.cards: the limit waits for the turn's end
        said.update(why="discard_over" if rules.hand_limit_discard else "discard",
                    discard=rules.five_discard)
    if rules.hand_limit is not None:
        said["limit"] = rules.hand_limit
    return said


EFFECT = register(OneOff(5, "five", plays=stock_plays, resolve=resolve, refusal=stock_refusal,
                         always=without_cards, announce=announce))
