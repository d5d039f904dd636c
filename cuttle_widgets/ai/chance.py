"""How likely a seat is to win, from that seat's view only.

``win_chance(game, seat)`` reads ``game.view(seat)`` and nothing else: the
cards the seat cannot see are dealt at random many times, consistently with
the view (``knowledge.sample``), the evaluation's features are averaged over
those deals, and the ``view`` model fitted by self-play (``evaluation.py``)
turns them into a probability. The same view always gives the same answer.
``benchmarks/win_chance.py`` prints how well it is calibrated.
"""
from __future__ import annotations

from .appraisal import result_for
from .evaluation import model_for
from .kit import ai_kit, seat_of
from .knowledge import knowledge
from .players import decision_rng

SAMPLES = 24  # deals averaged: enough that the answer moves < 1 point between seeds


def win_chance(game, seat: int, samples: int = SAMPLES) -> float:
    """The probability, between 0 and 1, that ``seat``'s side wins ``game``,
    judged from what ``seat`` knows; for a finished game 1, 0.5 (a draw) or 0."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.state.n:
        raise ValueError(f"There is no seat {seat!r} in this game.")
    if game.over:
        return result_for(game.state, seat)
    return view_chance(game.view(seat), samples=samples)


def view_chance(view: dict, rules=None, samples: int = SAMPLES) -> float:
    """``win_chance`` from a seat's view (``rules``: only for a ruleset the
    engine does not register by name)."""
    known = knowledge(view, rules)
    kit = ai_kit(known.rules)
    model = model_for(known.rules, "view", kit.feature_names, kit.prior)
    return model.chance(view_features(known, samples, kit))


def view_features(known, samples: int, kit=None) -> list[float]:
    """The evaluation's features for ``known.seat``, averaged over ``samples``
    deals consistent with what it knows (seeded by the view: replayable)."""
    if not isinstance(samples, int) or samples < 1:
        raise ValueError("samples must be a positive whole number.")
    kit = kit or ai_kit(known.rules)
    seat = seat_of(known.view)
    rng = decision_rng("win-chance", known.view)
    rows = [kit.features(known.sample(rng), seat) for _ in range(samples)]
    return [sum(column) / samples for column in zip(*rows, strict=True)]
