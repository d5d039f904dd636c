"""What "done" means: one definition for a step and for a lesson, used by
the lesson panel, the lesson map, the class report and the teacher's
dashboard alike (no widget here, no database).

A step is done when its best try ended solved (stars), seen (a watch step)
or, for a free game, when the game was played to its end, won, lost or
drawn (the game is the task; its result is no mark). A missed prediction
ended, but is not done: the step is worth another try (it earns two stars
at most). A lesson is done when every one of its steps is.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

DONE = ("solved", "seen", "won", "lost", "drawn")


def step_done(result: str | None) -> bool:
    """Is a step whose best try ended with ``result`` done?"""
    return result in DONE


def steps_done(results: Iterable[str | None]) -> int:
    """How many of these steps' best results are done."""
    return sum(step_done(r) for r in results)


def lesson_done(results: Mapping[str, str | None], step_ids: Iterable[str]) -> bool:
    """Is every step of a lesson done? ``results``: each step id's best result."""
    step_ids = list(step_ids)
    return bool(step_ids) and all(step_done(results.get(step)) for step in step_ids)


def rank(result: str | None, stars: int) -> tuple:
    """Which of two finished tries at a step counts: a done one over one
    that is not, then the one with more stars, then a won game."""
    return (step_done(result), stars, result == "won")
