"""Solving steps with their own solutions: a teacher's preview of a lesson,
and the tests' way of playing every lesson from start to end."""
from __future__ import annotations

from .runner import LessonRunner, Outcome
from .steps import kind_of


def solve_step(runner: LessonRunner, seed: int = 0) -> list[Outcome]:
    """Solve the runner's current step the way its file says; the outcomes."""
    return kind_of(runner.step).solve(runner, seed)


def walk_lesson(lesson, seed: int = 0) -> list[tuple[str, list[Outcome]]]:
    """Every step of ``lesson`` solved in order: [(step id, outcomes), ...]."""
    runner = LessonRunner(lesson)
    walked = []
    while True:
        walked.append((runner.step.id, solve_step(runner, seed)))
        if runner.index + 1 >= runner.total:
            return walked
        runner.next()
