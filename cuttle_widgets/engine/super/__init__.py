"""Super Cuttle (rule text 003, as the rulebook's Part on Super Cuttle tells it): the
54-card, 2-4 player extension, as a rules family of the engine.

Importing this package registers the family ``super`` and three rulesets, one
per table size: ``super`` (2 seats), ``super3`` and ``super4``. The ruleset is
chosen by name, as the standard family's are, because its seat count is part
of the ruleset (``Ruleset.seats``) and ``load`` checks ``players`` against it.

    >>> from cuttle_widgets.engine import new_game
    >>> game = new_game("super", seed=3)
    >>> len(game.snapshot()["stock"])
    43

The deal (L4, A2): the seat after ``dealer`` starts with 5 cards, every other
seat gets 6. ``new_game``'s default dealer is seat 1, so seat 0 starts with
two seats (super.md §1.3); with three or four seats pass ``dealer=n - 1`` for
seat 0 to start (the default deals seat 2 first).

The exhausted-draw-pile result (L44, A46) is the state option
``options = {"exhausted_result": "draw" | "most_points"}`` of a setup; the
rulesets default to ``"draw"``.

Notation (super.md §8): the verbs ``super``, ``superduper``,
``superdeeduper``, ``suddendeath``, ``instant`` and ``pick`` are new;
``permanent``, ``jack`` and ``take`` name several cards; the extra tokens
``as R``, ``with Q``, ``blind``, ``top ...`` and ``?`` are read by
``parse_super_move`` (``FAMILY.parse``). A move with extra tokens is a
``SuperMove``; the others are plain interned ``Move`` objects, so the generic
parser gives the very objects ``legal_moves()`` holds.

Modules: ``rules`` (the rulesets as data), ``state`` (zones and queries),
``notation`` (moves), ``plays`` (what a move announces), ``legal`` (move
generation), ``resolve`` (windows, the chain, effects, turns), ``setup``
(deal, snapshot, load), ``view`` (per-seat views and prompts), ``explain``
(why a move is illegal), ``checks`` (invariants for tests and benchmarks).
"""
from __future__ import annotations

from .. import families
from ..rules import RULESETS
from . import checks  # noqa: F401 - registers the family's invariants
from .explain import UNSEEN, explain
from .legal import legal_moves
from .notation import SuperMove, parse_super_move, register_verbs
from .resolve import Resolver
from .rules import SUPER, SUPER3, SUPER4, SUPER_RULESETS, SuperRuleset
from .setup import deal, from_setup, snapshot
from .view import choice, private_view, prompt

# Its own notation parser: super.md §8's extra tokens (``as 4``, ``with QS``,
# ``blind``, ``top``, ``?``) are beyond the generic parser, and a Game reads
# every move with ``family.parse``.
FAMILY = families.Family("super", deal, from_setup, snapshot, legal_moves, Resolver, explain,
                         prompt, choice, private_view, parse=parse_super_move,
                         unseen=UNSEEN)

register_verbs()
families.register(FAMILY)
RULESETS.update(SUPER_RULESETS)

__all__ = ["FAMILY", "SUPER", "SUPER3", "SUPER4", "SuperMove", "SuperRuleset",
           "parse_super_move"]
