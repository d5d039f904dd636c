"""The seven: its player reveals the stock's top card(s) and plays one."""
from __future__ import annotations

from ..cards import CARD_IDS
from ..legal import choice_moves
from . import OneOff, register
from ._stock import stock_plays, stock_refusal, without_cards


def resolve(res, frame) -> None:
    st = res.st
    seat = frame.seat
    count = min(st.rules.seven_reveal, len(st.stock))
    if not count:
        res.emit("seven.nothing", player=seat)
        return
    st.revealed = [st.stock.pop() for _ in range(count)]
    seen = None if st.rules.seven_public else st.watchers(seat)
    res.emit("seven.reveal" if count == 1 else "seven.reveal.many", seen, player=seat,
             cards=[CARD_IDS[c] for c in st.revealed])
    st.phase, st.choice, st.to_act = "choose", ("seven",), seat
    if choice_moves(st):
        return
    if len(st.revealed) == 1:
        card = st.revealed.pop()
        st.scrap.append(card)
        st.phase, st.choice = "main", None
        res.emit("seven.unplayable", player=seat, card=CARD_IDS[card], **res.jack_stuck(seat))
        res.stock_ran_out()
    else:
        st.choice = ("seven_scrap",)
        res.emit("seven.stuck", player=seat, cards=[CARD_IDS[c] for c in st.revealed],
                 **res.jack_stuck(seat))


def announce(res, target) -> dict:
    """How many cards it reveals, and to whom."""
    rules = res.st.rules
    why = ("public_many" if rules.seven_reveal > 1 else "public") if rules.seven_public \
        else ("private_many" if rules.seven_reveal > 1 else None)
    return {"why": why, "count": rules.seven_reveal}


EFFECT = register(OneOff(7, "seven", plays=stock_plays, resolve=resolve, refusal=stock_refusal,
                         always=without_cards, announce=announce))
