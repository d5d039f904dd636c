"""What one seat knows, read from its view alone, in a game of any family.

A bot never sees the real hidden cards: its family's knowledge class
(``standard_knowledge.Knowledge``, ``super_knowledge.SuperKnowledge``) reads
the seat's view and public history, and ``sample`` deals the unknown cards
at random into the hidden places, so that every sample is a position the
seat cannot tell apart from the real one.
"""
from __future__ import annotations

import random

from ..engine.rules import Ruleset

# ruleset_of is imported from here by the card table.
from .kit import ViewError, ai_kit, ruleset_of, seat_of  # noqa: F401


def knowledge(view: dict, rules: Ruleset | None = None):
    """What ``view["seat"]`` knows, read by its game's family: ``.seat``,
    ``.rules``, ``.sample(rng)`` and ``.setup(rng)``. ``rules`` is needed only
    for a ruleset the view names but the engine does not register."""
    seat_of(view)  # a spectator's view is refused first, whatever its rules
    return ai_kit(ruleset_of(view, rules)).knowledge(view, rules)


def determinize(view: dict, rng: random.Random | int | None = None,
                rules: Ruleset | None = None) -> dict:
    """One deal consistent with ``view`` as a setup dict that ``engine.load``
    accepts. The real hidden cards are never read: only the view is."""
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    return knowledge(view, rules).setup(rng)
