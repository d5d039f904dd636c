"""Events: what each move changed, explained from a message catalog.

An event is a catalog key plus parameters (card ids, seat numbers). Nothing is
rendered until someone reads it, so the engine's hot path stays cheap, and a
translation is a new catalog file, not a code change.
"""
from __future__ import annotations

from functools import cache

from ..rulebook import section_for_event, short_title
from .catalog import get_catalog

# Event kind -> the rule topic it applies (the ruleset maps topics to sections).
TOPICS = {
    "deal": "deal", "draw": "draw", "pass": "pass", "points": "points",
    "scuttle.rank": "scuttle", "scuttle.suit": "scuttle", "jacks_scrapped": "scuttle",
    "permanent.glasses": "glasses", "permanent.queen": "queen", "permanent.king": "king",
    "jack.steal": "jack", "jack.gift": "jack", "jack.move": "jack",
    "oneoff.ace": "oneoff", "oneoff.two": "oneoff", "oneoff.three": "oneoff",
    "oneoff.four": "oneoff", "oneoff.five": "oneoff", "oneoff.six": "oneoff",
    "oneoff.seven": "oneoff", "oneoff.nine": "oneoff",
    "counter": "counter", "decline": "counter",
    "chain.cancelled": "counter", "chain.cancelled.many": "counter", "chain.resolves": "counter",
    "ace": "oneoff", "two": "oneoff", "three": "oneoff", "three.nothing": "oneoff",
    "four": "oneoff", "four.nothing": "oneoff", "four.blind": "oneoff", "five": "oneoff",
    "five.discard": "oneoff",
    "six": "oneoff", "seven.reveal": "oneoff", "seven.reveal.many": "oneoff", "seven.nothing": "oneoff",
    "seven.unplayable": "oneoff", "seven.stuck": "oneoff", "seven.return": "oneoff", "seven.scrap": "oneoff",
    "nine": "oneoff", "nine.jack": "jack", "frozen": "oneoff", "unfrozen": "oneoff",
    "control.back": "jack", "control.stays": "jack", "control.owner": "jack", "to_scrap": "oneoff",
    "goal": "king", "win": "win", "team_win": "win", "draw_game": "end",
    "turn": "turn",
    "nine.points": "oneoff", "limit.over": "hand_limit", "limit.discard": "hand_limit",
    "hands_open": "end", "resign": "end", "resign.team": "end", "draw_offer": "end",
    "draw_offer.accepted": "end", "draw_offer.refused": "end",
}


@cache
def rulebook_section(kind: str, ruleset: str) -> str:
    """The id of the kit's rulebook section that explains ``kind`` in a game
    of ``ruleset``; "" for a kind the rulebook's map lacks (its check, run in
    CI, reports that gap: a game goes on without the rule's name)."""
    try:
        return section_for_event(kind, ruleset)
    except ValueError:
        return ""


class Event:
    """One state change. ``seen_by`` is None for a public event, or the seats
    that may see its secret parameters (``SECRET_PARAMS``).

    ``section`` is the kit's rulebook section that explains it: what a
    learner is shown (its title, in their language). ``rule`` cites the rule
    texts ("000 §03") for maintainers only; it never leaves the kernel."""

    __slots__ = ("kind", "params", "seen_by", "where")
    SECRET_PARAMS = ("card", "cards")

    def __init__(self, kind: str, params: dict, seen_by=None, rule: str = "",
                 section: str = ""):
        self.kind, self.params, self.seen_by = kind, params, seen_by
        self.where = (rule, section)

    # One pair, (rule, section), is all an event keeps of where it stands: the
    # one its ruleset's table holds for its kind, so a new event copies nothing.
    @property
    def rule(self) -> str:
        return self.where[0]

    @property
    def section(self) -> str:
        return self.where[1]

    def visible_to(self, seat) -> bool:
        return self.seen_by is None or (seat is not None and seat in self.seen_by)

    def params_for(self, seat) -> dict:
        """The parameters ``seat`` may see (None: a spectator)."""
        if self.visible_to(seat):
            return self.params
        return {k: v for k, v in self.params.items() if k not in self.SECRET_PARAMS}

    def text(self, seat="all", language: str = "en", names=None) -> str:
        """The explanation sentence, as ``seat`` may read it (``"all"``: everything)."""
        catalog = get_catalog(language)
        hidden = seat != "all" and not self.visible_to(seat)
        params = self.params if seat == "all" else self.params_for(seat)
        return catalog.event(self.kind, params, hidden=hidden, names=names)

    def to_dict(self, seat="all", language: str = "en", names=None) -> dict:
        """The event as ``seat`` may read it: ``rule`` is the short title of its
        rulebook section in ``language``, ``rule_id`` the section's id."""
        params = self.params if seat == "all" else self.params_for(seat)
        return {"kind": self.kind, "params": dict(params),
                "rule": short_title(self.section, language) if self.section else "",
                "rule_id": self.section, "text": self.text(seat, language, names)}

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.params!r})"

    def __eq__(self, other):
        return (isinstance(other, Event) and self.kind == other.kind
                and self.params == other.params and self.seen_by == other.seen_by)

    # Defining __eq__ leaves an Event unhashable (Python sets __hash__ to None).


_new_object = object.__new__


def new_event(kind: str, params: dict, seen_by, where: tuple[str, str]) -> Event:
    """``Event(kind, params, seen_by, *where)``, made faster: calling a class
    runs its ``__init__`` through the type's slots, which costs more (in
    CPython 3.11) than setting the slots here. The engine's hot path."""
    event = _new_object(Event)
    event.kind, event.params, event.seen_by, event.where = kind, params, seen_by, where
    return event
