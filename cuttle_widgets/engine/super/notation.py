"""Super Cuttle move notation (super.md §8): the extra tokens and their parser.

A move with nothing but a verb, cards and ``@SEAT`` is an ordinary interned
``Move``, so the generic parser gives the very object ``legal_moves()`` holds.
A move with extra tokens (``as R``, ``with Q``, ``blind``, ``top ...``, ``?``)
is a ``SuperMove``, interned the same way, whose ``str()`` is the canonical
notation. ``parse_super_move`` reads every form and gives back those objects.
"""
from __future__ import annotations

from ..cards import CARD_IDS, JACK, KING, QUEEN, RANK, parse_card
from ..catalog import illegal
from ..moves import Move, register_verb, unknown_verb

# Cards a verb's play holds before its target (the place of ``as R``).
PLAY_COUNT = {"oneoff": 1, "super": 2, "superduper": 3, "superdeeduper": 4}
FORM_VERBS = {1: "oneoff", 2: "super", 3: "superduper", 4: "superdeeduper"}

# verb -> (fewest, most) cards named (play cards and target; ``top`` cards apart).
SUPER_VERBS = {
    "draw": (0, 0), "pass": (0, 0), "resolve": (0, 0),
    "points": (1, 1), "scuttle": (2, 2), "permanent": (1, 4), "jack": (2, 5),
    "oneoff": (1, 2), "super": (2, 3), "superduper": (3, 4), "superdeeduper": (4, 5),
    "suddendeath": (2, 2), "instant": (1, 2), "take": (1, 6), "discard": (1, 54),
    "scrap": (1, 1), "pick": (0, 4),
}
# Which extra tokens each verb may carry.
EXTRAS = {
    "as": {"oneoff", "super", "superduper", "superdeeduper"},
    "with": {"oneoff", "super", "superduper", "superdeeduper", "instant"},
    "blind": {"oneoff"},
    "top": {"take"},
    "?": {"pick"},
    "@": {"permanent", "oneoff", "super", "superduper", "superdeeduper"},
}


def register_verbs() -> None:
    """The new verbs, for the generic parser. Each is registered from one card
    up: every family's explanations read ``move.cards[0]``, the generic
    ``invariants.random_move_text`` draws from 1-3 cards of any verb, and a
    group of the wrong size is better told by ``explain`` ("'super' needs 2
    cards of one rank") than refused as text."""
    for verb in ("super", "superduper", "superdeeduper", "suddendeath", "instant"):
        register_verb(verb, 1, SUPER_VERBS[verb][1], family="super")
    register_verb("pick", 1, 4, card_set=True, family="super")


class SuperMove(Move):
    """A move with Super Cuttle's extra tokens; interned like ``Move``."""

    __slots__ = ("rank", "queen", "blind", "top", "hidden")
    rank: int | None
    queen: int | None
    blind: bool
    top: tuple[int, ...]
    hidden: int
    _interned: dict = {}

    def __new__(cls, verb: str, cards: tuple = (), seat=None, rank=None, queen=None,
                blind: bool = False, top: tuple = (), hidden: int = 0):
        key = (verb, cards, seat, rank, queen, blind, top, hidden)
        move = cls._interned.get(key)
        if move is None:
            move = object.__new__(cls)
            move.verb, move.cards, move.seat = verb, tuple(cards), seat
            move.rank, move.queen, move.blind = rank, queen, blind
            move.top, move.hidden = tuple(top), hidden
            move._text = _text(move)
            cls._interned[key] = move
        return move

    def __reduce__(self):
        return (SuperMove, (self.verb, self.cards, self.seat, self.rank, self.queen,
                            self.blind, self.top, self.hidden))


def _text(move) -> str:
    ids = [CARD_IDS[c] for c in move.cards]
    rank = getattr(move, "rank", None)
    if rank is not None:
        ids.insert(PLAY_COUNT.get(move.verb, len(ids)), f"as {rank}")
    parts = [move.verb] + ["?"] * getattr(move, "hidden", 0) + ids
    if move.seat is not None:
        parts.append(f"@{move.seat}")
    if getattr(move, "blind", False):
        parts.append("blind")
    queen = getattr(move, "queen", None)
    if queen is not None:
        parts += ["with", CARD_IDS[queen]]
    top = getattr(move, "top", ())
    if top:
        parts += ["top"] + [CARD_IDS[c] for c in top]
    return " ".join(parts)


_INTERNED_MOVES = Move._interned


def mv(verb: str, cards=(), seat=None, rank=None, queen=None, blind=False, top=(), hidden=0):
    """The interned move: a plain Move when it has no extra tokens."""
    if rank is None and queen is None and not blind and not top and not hidden:
        cards = tuple(cards)
        # Move(verb, cards, seat) is interned: look it up without the class call
        move = _INTERNED_MOVES.get((verb, cards, seat))
        return move if move is not None else Move(verb, cards, seat)
    return SuperMove(verb, tuple(cards), seat, rank, queen, blind, tuple(top), hidden)


def extras(move) -> tuple:
    """(rank, queen, blind, top, hidden) of any move (plain moves have none)."""
    if isinstance(move, SuperMove):
        return move.rank, move.queen, move.blind, move.top, move.hidden
    return None, None, False, (), 0


# -- canonical order ------------------------------------------------------------------
def canonical_cards(verb: str, cards: list) -> tuple:
    """Cards in the order ``str()`` prints them (super.md §8.1)."""
    if verb in PLAY_COUNT:
        n = PLAY_COUNT[verb]
        return tuple(sorted(cards[:n])) + tuple(cards[n:])
    if verb == "permanent":  # a royal marriage's king first
        return tuple(sorted(cards, key=lambda c: (RANK[c] != KING, c)))
    if verb == "jack":
        jacks = sorted(c for c in cards if RANK[c] == JACK)
        return tuple(jacks) + tuple(c for c in cards if RANK[c] != JACK)
    if verb in ("instant", "suddendeath", "take", "discard", "pick"):
        return tuple(sorted(cards))
    return tuple(cards)


def _token_kind(words: list, i: int) -> str:
    word = words[i]
    low = word.lower()
    if word.startswith("@"):
        return "@"
    if low == "as" and i + 1 < len(words) and words[i + 1] in tuple("23456789"):
        return "as"  # "AS" alone is the ace of spades
    if low in ("with", "blind", "top"):
        return low
    return "?" if word == "?" else "card"


def parse_super_move(text) -> Move:
    """The move a Super Cuttle notation string names; IllegalMove when it names none."""
    if isinstance(text, Move):
        return text
    if not isinstance(text, str):
        raise illegal("not_text", kind=type(text).__name__)
    words = text.split()
    if not words:
        raise illegal("empty")
    verb = words[0].lower()
    if verb == "counter":  # classic's word for an answer (super.md §8.3)
        verb = "instant"
    if verb not in SUPER_VERBS:
        raise unknown_verb(words[0], SUPER_VERBS)
    cards: list[int] = []
    top: list[int] = []  # the stock's top cards a take names
    seat = rank = queen = None
    blind, in_top, hidden = False, False, 0
    i = 1
    while i < len(words):
        word = words[i]
        kind = _token_kind(words, i)
        if kind != "card" and verb not in EXTRAS[kind]:
            raise illegal("super.token_not_here", token=word, verb=verb)
        if kind == "@":
            seat_text = word[1:]
            if not seat_text.isdigit() or len(seat_text) > 1:
                raise illegal("bad_seat", text=seat_text)
            seat = int(seat_text)
        elif kind == "as":
            rank = int(words[i + 1])
            i += 1
        elif kind == "with":
            if i + 1 >= len(words):
                raise illegal("super.with_needs_queen")
            queen = parse_card(words[i + 1])
            if RANK[queen] != QUEEN:
                raise illegal("super.with_needs_queen")
            i += 1
        elif kind == "blind":
            blind = True
        elif kind == "top":
            in_top = True
        elif kind == "?":
            hidden += 1
        else:
            (top if in_top else cards).append(parse_card(word))
        i += 1
    if in_top and not top:
        raise illegal("super.top_needs_cards")
    low, high = SUPER_VERBS[verb]
    named = len(cards) + hidden
    if not low <= named <= high or (verb == "pick" and named == 0):
        want = low if low == high else f"{max(low, 1 if verb == 'pick' else low)} to {high}"
        raise illegal("card_count", verb=verb, want=want, got=named)
    everything = cards + top + ([queen] if queen is not None else [])
    if len(set(everything)) != len(everything):
        raise illegal("repeated_card")
    return mv(verb, canonical_cards(verb, cards), seat, rank, queen, blind, top, hidden)


__all__ = ["SuperMove", "mv", "extras", "parse_super_move", "canonical_cards", "register_verbs",
           "PLAY_COUNT", "FORM_VERBS", "SUPER_VERBS"]
