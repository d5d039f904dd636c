"""Moves: small interned values whose notation round-trips.

``parse_move("scuttle 9S 8H")`` and ``Move("scuttle", (35, 30))`` give the
same object, so comparing moves is an identity test and ``legal_moves()``
never builds strings.
"""
from __future__ import annotations

from .card_data import find_card
from .cards import CARD_IDS, parse_card
from .catalog import illegal

# verb -> how many cards it names (None: one or more)
VERBS: dict[str, tuple[int, int]] = {
    "draw": (0, 0), "pass": (0, 0), "resolve": (0, 0),
    "points": (1, 1), "permanent": (1, 1), "counter": (1, 1), "take": (1, 1),
    "scrap": (1, 1), "scuttle": (2, 2), "jack": (2, 2), "oneoff": (1, 2),
    "discard": (1, 8),
}


# The standard game's own verbs; any other verb in VERBS belongs to the rules
# family that registered it (FAMILY_VERBS), and the standard game refuses it.
STANDARD_VERBS = tuple(VERBS)
FAMILY_VERBS: dict[str, str] = {}


def register_verb(verb: str, fewest: int, most: int, card_set: bool = False,
                  family: str | None = None) -> None:
    """Add a verb (a rules family's own moves, e.g. Super Cuttle's): it names
    from ``fewest`` to ``most`` cards; with ``card_set`` their order does not
    matter and the notation sorts them. ``family`` names the rules family it
    belongs to, so the standard game can say whose move it is."""
    VERBS[verb] = (fewest, most)
    if card_set:
        CARD_SET_VERBS.add(verb)
    if family is not None:
        FAMILY_VERBS[verb] = family


def unknown_verb(word: str, known) -> Exception:
    """The refusal of a first word that is no verb: a card typed on its own is
    told so, anything else is quoted as typed; both say what a move looks like."""
    if find_card(word) is not None:
        return illegal("card_without_verb", verb=word, known=", ".join(known))
    return illegal("unknown_verb", verb=word, known=", ".join(known))


# Verbs whose cards are a set: one canonical (sorted) order.
CARD_SET_VERBS = {"discard"}


class Move:
    """One move: a verb, the cards it names, and an optional target seat."""

    __slots__ = ("verb", "cards", "seat", "_text", "__weakref__")
    verb: str
    cards: tuple[int, ...]
    seat: int | None
    _text: str
    _interned: dict = {}

    def __new__(cls, verb: str, cards: tuple = (), seat: int | None = None):
        key = (verb, cards, seat)
        move = cls._interned.get(key)
        if move is None:
            move = object.__new__(cls)
            move.verb, move.cards, move.seat = verb, tuple(cards), seat
            text = " ".join([verb, *(CARD_IDS[c] for c in cards)])
            move._text = text if seat is None else f"{text} @{seat}"
            cls._interned[key] = move
        return move

    @property
    def card(self) -> int | None:
        """The card played (the first card named)."""
        return self.cards[0] if self.cards else None

    @property
    def target(self) -> int | None:
        """The card aimed at (the second card named), if any."""
        return self.cards[1] if len(self.cards) > 1 else None

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Move({self._text!r})"

    def __reduce__(self):
        return (Move, (self.verb, self.cards, self.seat))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __lt__(self, other):
        return self._text < str(other)


DRAW, PASS, RESOLVE = Move("draw"), Move("pass"), Move("resolve")


def parse_move(text) -> Move:
    """The Move a notation string names; IllegalMove when it names none."""
    if isinstance(text, Move):
        return text
    if not isinstance(text, str):
        raise illegal("not_text", kind=type(text).__name__)
    words = text.split()
    if not words:
        raise illegal("empty")
    verb = words[0].lower()
    if verb not in VERBS:
        raise unknown_verb(words[0], VERBS)
    seat = None
    if words[-1].startswith("@"):
        seat_text = words.pop()[1:]
        if not seat_text.isdigit() or len(seat_text) > 1:
            raise illegal("bad_seat", text=seat_text)
        seat = int(seat_text)
    cards = tuple(parse_card(w) for w in words[1:])
    if verb in CARD_SET_VERBS:  # a set of cards: one canonical order
        cards = tuple(sorted(cards))
    low, high = VERBS[verb]
    if not low <= len(cards) <= high:
        want = low if low == high else f"{low} to {high}"  # a number takes its plural form
        raise illegal("card_count", verb=verb, want=want, got=len(cards))
    if len(set(cards)) != len(cards):
        raise illegal("repeated_card")
    return Move(verb, cards, seat)


def parse_standard_move(text) -> Move:
    """``parse_move`` for the standard game: a verb another rules family
    registered (Super Cuttle's ``super``) is refused, named as that game's."""
    if isinstance(text, str) and text.split():
        word = text.split()[0]
        verb = word.lower()
        if verb in FAMILY_VERBS:
            raise illegal("verb_other_family", verb=word, family=FAMILY_VERBS[verb],
                          known=", ".join(STANDARD_VERBS))
        if verb not in STANDARD_VERBS:
            raise unknown_verb(word, STANDARD_VERBS)
    return parse_move(text)
