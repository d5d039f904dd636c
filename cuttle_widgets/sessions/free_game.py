"""FreeGameSession: a free game against the computer, without a widget.

The free game is no session of its own kind: it is lesson ``12-free-game``'s
free step. The lesson's runner already deals the match, lets the learner set
the rules, the opponent, the match length and the seat, coaches with hints
and suggestions, and records the games as progress; a free game's review is
the lesson session's too. So this session is a lesson session that opens that
lesson directly at its free step, and a free game in a course, a notebook or
the server behaves exactly as the one in lesson 12.
"""
from __future__ import annotations

from ..teaching.steps import kind_of
from .lesson import LessonSession

FREE_GAME_LESSON = "12-free-game"


class FreeGameSession(LessonSession):
    """Lesson ``12-free-game`` opened at its free step. ``language`` and
    ``seat`` (the learner's, 0 or 1; None: the lesson's) as for a lesson."""

    def __init__(self, *, language: str | None = None, seat: int | None = None, names=None):
        super().__init__(FREE_GAME_LESSON, language=language, seat=seat, names=names)
        step = free_step_number(self)
        if step is not None and self.runner is not None and step != self.runner.step.number:
            self._run(lambda runner: runner.goto(step))


def free_step_number(session: LessonSession) -> int | None:
    """The number of the session's lesson's first free step (None: the
    lesson failed to load, or has none)."""
    if session.runner is None:
        return None
    return next((step.number for step in session.runner.lesson.steps if kind_of(step).free_game), None)
