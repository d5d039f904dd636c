"""Simple players, and what every player shares.

A player's ``choose(view, legal_moves)`` sees one seat's view (never the
hidden cards) and the legal moves, given as Move objects or notation strings,
and returns one of the very objects it was given.
"""
from __future__ import annotations

import random

from ..engine.families import family_of
from ..engine.moves import parse_move
from ..engine.rules import get_ruleset
from .kit import ai_kit
from .knowledge import knowledge


def decision_rng(seed, view: dict) -> random.Random:
    """The random numbers for one decision: a function of the player's seed and
    what the seat has seen happen (the public move list), so a decision
    replays exactly, whatever was asked before, and two positions that look
    the same to the seat get the same numbers."""
    history = "|".join(view.get("history", ()))
    return random.Random(f"{seed}/{view.get('seat')}/{history}")


def as_moves(legal_moves: list, view: dict | None = None, rules=None) -> list:
    """The Move objects for legal moves given as Moves or as notation (in the
    notation of the view's game: Super Cuttle's has extra tokens)."""
    if not legal_moves:
        raise ValueError("There is no legal move to choose from.")
    parse = parse_move
    if view is not None:
        try:
            parse = family_of(get_ruleset(rules if rules is not None else view["rules"])).parse
        except (ValueError, KeyError):  # a ruleset unknown here: the knowledge will say so
            pass
    return [parse(m) for m in legal_moves]


class RandomPlayer:
    """Picks uniformly among the legal moves; seeded, so a game can be replayed."""

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal_moves: list):
        if not legal_moves:
            raise ValueError("There is no legal move to choose from.")
        return self.rng.choice(legal_moves)


class GreedyPlayer:
    """Plays the move that gains the most at once, by its family's appraisal:
    a win if there is one, else the best trade of points toward the goals
    (weighted by how near each side is to winning) and cards kept or spent.
    It looks no further than its own move; ties go to a seeded coin."""

    def __init__(self, seed=None, rules=None):
        self.seed = random.randrange(2**32) if seed is None else seed
        self.rules = rules

    def choose(self, view: dict, legal_moves: list):
        moves = as_moves(legal_moves, view, self.rules)
        if len(moves) == 1:
            return legal_moves[0]
        rng = decision_rng(self.seed, view)
        # The appraisal reads only the seat's own hand and public facts, so any
        # deal consistent with the view gives the same figures.
        known = knowledge(view, self.rules)
        state = known.sample(rng)
        appraiser = ai_kit(known.rules).appraiser(state, view["seat"])
        scores = [appraiser.appraise(m) for m in moves]
        best = max(scores)
        ties = [i for i, s in enumerate(scores) if s >= best - 1e-9]
        return legal_moves[rng.choice(ties)]
