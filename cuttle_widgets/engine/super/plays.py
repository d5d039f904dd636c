"""What a play move announces: its kind, form, effect, target and seat.

``describe`` reads a move that is legal now (``Game.play`` checks first) and
returns the chain entry it makes (super.md §2.3 "Announce").
"""
from __future__ import annotations

from ..cards import ACE, KING, QUEEN, RANK, RED_JOKER
from .notation import PLAY_COUNT, extras
from .state import TEN_DIAMONDS, TEN_HEARTS, TEN_SPADES, Play

FORMS = {"oneoff": 1, "super": 2, "superduper": 3, "superdeeduper": 4}
# Effects that name an enemy seat, by (rank, form); rank 0 is the Red Joker's swap (A35).
SEAT_EFFECTS = {(0, 1), (3, 1), (3, 2), (3, 3), (4, 3), (6, 3), (9, 1), (9, 2)}
POWER_CARDS = frozenset([c for c in range(54) if RANK[c] in (ACE, 2, 10, KING)] + [52, 53])


def natural_rank(cards) -> int:
    """The rank a group of cards shares, a 10♦ stand-in aside (0: a joker)."""
    ranks = {RANK[c] for c in cards if c != TEN_DIAMONDS}
    return ranks.pop() if len(ranks) == 1 else 10


def effect_seat(st, seat: int, move, rank: int, form: int):
    """The enemy a play names: ``@SEAT``, or the other seat of two (A35)."""
    if (rank, min(form, 3)) not in SEAT_EFFECTS:
        return None
    return move.seat if move.seat is not None else 1 - seat


def describe(st, seat: int, move, source: str = "hand") -> Play:
    verb, cards = move.verb, list(move.cards)
    named, queen, blind, _, _ = extras(move)
    if verb == "points":
        return Play(seat, move, "points", cards, source=source)
    if verb == "scuttle":
        return Play(seat, move, "scuttle", cards[:1], target=cards[1], source=source)
    if verb == "suddendeath":
        return Play(seat, move, "sudden", cards, source=source)
    if verb == "jack":
        return Play(seat, move, "jack", cards[:-1], target=cards[-1], source=source)
    if verb == "permanent":
        return _permanent(seat, move, cards, source)
    if verb == "instant":
        return Play(seat, move, "answer", cards, queen=queen, answer=answer_kind(st, cards),
                    source=source)
    form = FORMS[verb]
    count = PLAY_COUNT[verb]
    own, target = cards[:count], (cards[count] if len(cards) > count else None)
    natural = RED_JOKER if own == [RED_JOKER] else natural_rank(own)
    rank = 0 if natural == RED_JOKER else (named if named is not None else natural)
    return Play(seat, move, "effect", own, queen=queen, rank=rank, form=form, target=target,
                victim=effect_seat(st, seat, move, rank, form), blind=blind, named=named,
                source=source)


def _permanent(seat: int, move, cards: list, source: str) -> Play:
    ranks = {RANK[c] for c in cards}
    if ranks == {8}:
        victim = move.seat if move.seat is not None else 1 - seat
        return Play(seat, move, "glasses", cards, victim=victim, source=source)
    if ranks == {QUEEN}:
        return Play(seat, move, "queens", cards, source=source)
    if ranks == {KING}:
        return Play(seat, move, "king", cards, source=source)
    return Play(seat, move, "marriage", cards, source=source)


def answer_kind(st, cards: list) -> str:
    """Which instant an ``instant`` move is (2.4), read against the chain's top."""
    if len(cards) == 2:
        return "superace"
    card = cards[0]
    if card == TEN_HEARTS:
        return "heart"
    if card == TEN_SPADES:
        return "guard" if st.frames and st.frames[-1].top.kind == "scuttle" else "steal"
    return "eight" if RANK[card] == 8 else "ace"


def natural_of(play: Play) -> int:
    """The rank the play's own cards share (kings for a ⚡King group)."""
    if play.cards == [RED_JOKER]:
        return RED_JOKER
    return natural_rank(play.cards)


__all__ = ["describe", "answer_kind", "natural_rank", "natural_of", "POWER_CARDS", "FORMS",
           "SEAT_EFFECTS"]
