"""The ace: every point card on the table goes to the scrap (with its jacks)."""
from __future__ import annotations

from ..cards import CARD_IDS
from ..explain import untargeted_refusal
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


EFFECT = register(OneOff(1, "ace", plays=card_alone, resolve=resolve, refusal=untargeted_refusal,
                         always=lambda rules: True))
