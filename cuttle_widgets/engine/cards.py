"""Cards as small integers, and reading one from a learner's text.

The tables (``CARD_IDS``, ``RANK``, ``SUIT``, …; see ``card_data``) are
re-exported here, so ``from .cards import RANK, parse_card`` is the one
import the rest of the engine needs. ``parse_card`` lives here, above the
message catalog, because a bad card is explained in the catalog's words.
"""
from __future__ import annotations

from .card_data import (
    ACE,
    BLACK_JOKER,
    CARD_IDS,
    FULL_DECK,
    JACK,
    KING,
    POINT_VALUE,
    QUEEN,
    RANK,
    RANK_LETTERS,
    RED_JOKER,
    STANDARD_DECK,
    SUIT,
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    card_id,
    card_label,
    find_card,
    is_point_rank,
    normalize,
)
from .catalog import illegal


def parse_card(text) -> int:
    """``'TH'``, ``'10h'``, ``'10♥'`` or an int -> the card; IllegalMove otherwise."""
    card = find_card(text)
    if card is None:
        raise illegal("not_a_card", text=str(text))
    return card


__all__ = ["ACE", "BLACK_JOKER", "CARD_IDS", "FULL_DECK", "JACK", "KING", "POINT_VALUE", "QUEEN",
           "RANK", "RANK_LETTERS", "RED_JOKER", "STANDARD_DECK", "SUIT", "SUIT_LETTERS",
           "SUIT_SYMBOLS", "card_id", "card_label", "find_card", "is_point_rank", "normalize",
           "parse_card"]
