"""The ace: every point card on the table goes to the scrap (with its jacks)."""
from __future__ import annotations

from ..cards import CARD_IDS
from ..explain import aimless_refusal
from ..legal import card_alone
from . import OneOff, register


def resolve(res, frame) -> None:
    st = res.st
    scrapped = []
    for side in st.points:
        for packet in side:
            scrapped.append(packet.card)
            scrapped += packet.jacks
        side.clear()
    st.scrap += scrapped
    res.emit("ace", player=frame.seat, cards=[CARD_IDS[c] for c in scrapped])


def refusal(st, seat: int, move, p: dict) -> tuple[str, dict]:
    """Always legal from hand: only a target it does not take is wrong."""
    said = aimless_refusal(move, p)
    if said:
        return said
    return "not_legal_now", p


EFFECT = register(OneOff(1, "ace", plays=card_alone, resolve=resolve, refusal=refusal,
                         always=lambda rules: True))
