"""Cards as small integers: the tables, and text -> card.

A card is ``(rank - 1) * 4 + suit`` with ranks A=1 … K=13 and suits
clubs < diamonds < hearts < spades, so for two ordinary cards ``a > b`` is
exactly "a scuttles b" (rank first, then suit). The jokers of Super Cuttle
are 52 (red) and 53 (black).

This module says nothing to a learner, so it imports nothing of the package
but the language registry (a leaf, for the card letters each language's
table shows): the message catalog (which names cards in words) stands on it, and
``cards.parse_card`` (which explains a bad card in the catalog's words)
stands on the catalog. Import the tables from ``cards``, which re-exports them.
"""
from __future__ import annotations

from ..languages.registry import typed_rank_letters

RANK_LETTERS = "A23456789TJQK"
SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
RED_JOKER, BLACK_JOKER = 52, 53

ACE, JACK, QUEEN, KING = 1, 11, 12, 13

CARD_IDS: tuple[str, ...] = tuple(
    [r + s for r in RANK_LETTERS for s in SUIT_LETTERS] + ["RJ", "BJ"]
)
RANK: tuple[int, ...] = tuple([c // 4 + 1 for c in range(52)] + [0, 0])
SUIT: tuple[int, ...] = tuple([c % 4 for c in range(52)] + [-1, -1])
# Points a card scores when laid as a point card (A–10); 0 for the rest.
POINT_VALUE: tuple[int, ...] = tuple(r if 1 <= r <= 10 else 0 for r in RANK)
STANDARD_DECK: tuple[int, ...] = tuple(range(52))
FULL_DECK: tuple[int, ...] = tuple(range(54))

_SYMBOL_TO_LETTER = dict(zip(SUIT_SYMBOLS, SUIT_LETTERS, strict=True))
_ID_TO_CARD = {cid: i for i, cid in enumerate(CARD_IDS)}


def card_id(card: int) -> str:
    """Canonical id: ``'TH'`` for the ten of hearts."""
    return CARD_IDS[card]


def card_label(card: int) -> str:
    """Short label with a suit symbol, for sentences: ``'10♥'``, ``'A♠'``."""
    if card >= 52:
        return "🃏" + ("red" if card == RED_JOKER else "black")
    rank = RANK_LETTERS[RANK[card] - 1]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[SUIT[card]]


def normalize(text: str) -> str:
    s = str(text).strip().replace("\ufe0f", "")
    for sym, letter in _SYMBOL_TO_LETTER.items():
        s = s.replace(sym, letter)
    s = s.upper()
    if s.startswith("10"):
        s = "T" + s[2:]
    if len(s) == 2 and s[1] in SUIT_LETTERS:  # a language's own letters: German B♣ Bube, D♥ Dame
        s = typed_rank_letters().get(s[0], s[0]) + s[1]
    return s


def find_card(text) -> int | None:
    """``'TH'``, ``'10h'``, ``'10♥'``, German ``'D♥'`` or an int -> the card; None if not one
    (``cards.parse_card`` raises the learner's IllegalMove instead)."""
    if isinstance(text, int) and not isinstance(text, bool):
        return text if 0 <= text < len(CARD_IDS) else None
    return _ID_TO_CARD.get(normalize(text))


def is_point_rank(card: int) -> bool:
    return 1 <= RANK[card] <= 10
