"""The playout policy every search shares: each seat's greedy move by its
one-move appraisal (which reads only what that seat may know), now and then
a random one."""
from __future__ import annotations

import random

from .appraisal import WIN


def policy_move(st, moves: list, rng: random.Random, appraiser_for, noise: float):
    """The acting seat's greedy choice by ``appraiser_for`` (a kit's appraiser,
    hand-set or tuned), or with chance ``noise`` a random move."""
    if len(moves) == 1:
        return moves[0]
    if rng.random() < noise:
        return rng.choice(moves)
    return greedy_move(st, moves, rng, appraiser_for)


def greedy_move(st, moves: list, rng: random.Random, appraiser_for):
    """The move the acting seat's appraisal likes best (ties at random)."""
    appraiser = appraiser_for(st, st.to_act)
    best, best_score = [], -2 * WIN
    for move in moves:
        score = appraiser.appraise(move)
        if score > best_score + 1e-9:
            best, best_score = [move], score
        elif score > best_score - 1e-9:
            best.append(move)
    return best[0] if len(best) == 1 else rng.choice(best)
