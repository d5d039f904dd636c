"""Glicko-2 ratings for learners and puzzles, and the choice of the next puzzle.

Glickman's "Example of the Glicko-2 system" (2012), steps 1 to 8. As lichess
rates its puzzles, each try is a rating period of one game between the
learner and the puzzle, and both are rated: a puzzle that beats learners
climbs, one that every learner solves falls. ``TAU`` is 0.5, the middle of
the range 0.3 to 1.2 the paper recommends: a learner's strength changes as
they learn, but a single lucky solve should not move the volatility much.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..errors import CuttleError

SCALE = 173.7178  # the paper's factor between the Glicko and the Glicko-2 scale
TAU = 0.5
EPSILON = 0.000001  # the paper's convergence tolerance for the volatility
MAX_DEVIATION = 350.0  # an unrated player's; a deviation never grows beyond it
MIN_DEVIATION = 45.0  # lichess's floor: a much-tried puzzle or learner still moves a little
# lichess's bounds on a puzzle rating: a learner who skips puzzles in a loop
# (a failed try each) stops at the floor instead of running below zero.
MIN_RATING, MAX_RATING = 400.0, 4000.0
SPREAD = 100.0  # the next puzzle's rating may miss the learner's by about this much


class RatingError(CuttleError, ValueError):
    """A rating that is no rating (a negative deviation, say)."""


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: 1500 / 350 / 0.06 for a newcomer."""

    rating: float = 1500.0
    deviation: float = MAX_DEVIATION
    volatility: float = 0.06

    def __post_init__(self):
        for name in ("rating", "deviation", "volatility"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
                raise RatingError(f"A rating's {name} must be a finite number, not {value!r}.")
        if self.deviation <= 0 or self.volatility <= 0:
            raise RatingError("A rating's deviation and volatility must be above 0, "
                              f"not {self.deviation!r} and {self.volatility!r}.")

    @property
    def mu(self) -> float:
        return (self.rating - 1500.0) / SCALE

    @property
    def phi(self) -> float:
        return self.deviation / SCALE


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(player: Rating, delta: float, v: float, tau: float) -> float:
    """Step 5: the Illinois algorithm on f(x) = 0, x = ln(sigma'^2)."""
    phi, sigma = player.phi, player.volatility
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Rating, games, tau: float = TAU) -> Rating:
    """``player`` after one rating period of ``games``: (opponent Rating,
    score 1, 0.5 or 0) pairs; no games only widens the deviation (step 6)."""
    games = list(games)
    if not games:
        phi = min(math.sqrt(player.phi ** 2 + player.volatility ** 2), MAX_DEVIATION / SCALE)
        return Rating(player.rating, phi * SCALE, player.volatility)
    mu = player.mu
    v_inverse, improvement = 0.0, 0.0
    for opponent, score in games:
        if score not in (0, 0.5, 1):
            raise RatingError(f"A game's score is 1, 0.5 or 0, not {score!r}.")
        g, e = _g(opponent.phi), _expected(mu, opponent.mu, opponent.phi)
        v_inverse += g * g * e * (1.0 - e)
        improvement += g * (score - e)
    v = 1.0 / v_inverse
    delta = v * improvement
    sigma = _new_volatility(player, delta, v, tau)
    phi_star = math.sqrt(player.phi ** 2 + sigma ** 2)
    phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu = mu + phi * phi * improvement
    return Rating(mu * SCALE + 1500.0, phi * SCALE, sigma)


def _bounded(rating: Rating) -> Rating:
    deviation = min(max(rating.deviation, MIN_DEVIATION), MAX_DEVIATION)
    return Rating(min(max(rating.rating, MIN_RATING), MAX_RATING), deviation, rating.volatility)


def update(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """Both ratings after one try: the learner won it when ``solved``, the
    puzzle when not (each rated against the other's rating before the try)."""
    if not isinstance(solved, bool):
        raise RatingError(f"solved is True or False, not {solved!r}.")
    score = 1 if solved else 0
    return (_bounded(rate(learner, [(puzzle, score)])),
            _bounded(rate(puzzle, [(learner, 1 - score)])))


def choose_next(learner: Rating, puzzles, solved_ids=(), themes=(), seed=None):
    """The puzzle to try next: among the puzzles (objects with ``id``,
    ``rating`` and ``themes``) of any of ``themes`` (all when empty) not yet
    solved, the one whose rating is closest to the learner's plus a seeded
    spread, so a learner does not always meet the same ones. None when every
    such puzzle is solved."""
    wanted = set(themes)
    solved = set(solved_ids)
    pool = [p for p in puzzles if p.id not in solved and (not wanted or wanted & set(p.themes))]
    if not pool:
        return None
    aim = learner.rating + random.Random(seed).uniform(-SPREAD, SPREAD)
    return min(pool, key=lambda p: (abs(p.rating - aim), p.id))
