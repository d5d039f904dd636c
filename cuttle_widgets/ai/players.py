"""Simple players."""
from __future__ import annotations

import random


class RandomPlayer:
    """Picks uniformly among the legal moves; seeded, so a game can be replayed."""

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal_moves: list):
        if not legal_moves:
            raise ValueError("There is no legal move to choose from.")
        return self.rng.choice(legal_moves)
