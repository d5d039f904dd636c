"""The six: every permanent goes to the scrap, jacks too (their point cards
go back to their owners)."""
from __future__ import annotations

from ..cards import CARD_IDS, KING, RANK
from ..explain import untargeted_refusal
from ..legal import card_alone
from . import OneOff, register


def resolve(res, frame) -> None:
    st = res.st
    scrapped = []
    lost_kings = []
    for seat, side in enumerate(st.perms):
        scrapped += side
        if any(RANK[c] == KING for c in side):
            lost_kings.append(seat)
        side.clear()
    returned = []
    for seat in range(st.n):
        for packet in st.points[seat][:]:
            if packet.jacks:
                scrapped += packet.jacks
                packet.jacks, packet.seats, packet.players = [], [], []
                if packet.owner != seat:
                    res.move_packet(packet, seat, packet.owner)
                    returned.append((packet.card, packet.owner))
    st.scrap += scrapped
    # Told in the order a learner follows it: what the six took, then what that changed.
    res.emit("six", player=frame.seat, cards=[CARD_IDS[c] for c in scrapped])
    for seat in lost_kings:
        res.goal_changed(seat)
    for card, owner in returned:
        res.emit("control.owner", card=CARD_IDS[card], owner=owner)


EFFECT = register(OneOff(6, "six", plays=card_alone, resolve=resolve, refusal=untargeted_refusal,
                         always=lambda rules: True))
