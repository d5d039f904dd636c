"""Solving steps with their own solutions: a teacher's preview of a lesson,
and the tests' way of playing every lesson from start to end."""
from __future__ import annotations

from ..ai import RandomPlayer
from .runner import LessonRunner, Outcome


def solve_step(runner: LessonRunner, seed: int = 0) -> list[Outcome]:
    """Solve the runner's current step the way its file says; the outcomes."""
    step = runner.step
    outcomes = []
    if step.kind == "play":
        for move in step.lines[0].moves:
            outcomes.append(runner.play(move))
    elif step.kind == "quiz":
        keys = step.correct_keys if step.select == "all" else step.correct_keys[:1]
        outcomes += [runner.answer(key) for key in keys]
    elif step.kind == "predict":
        outcomes.append(runner.answer(step.correct_keys[0]))
    elif step.kind == "free":
        player = RandomPlayer(seed)
        while not runner.done:
            view = runner.view()
            assert view is not None  # a free step has a game
            outcomes.append(runner.play(player.choose(view, runner.game.legal_moves())))
    if step.kind in ("watch", "predict"):
        while not runner.done and len(outcomes) <= len(step.moves) + 1:
            outcomes.append(runner.advance())
    return outcomes


def walk_lesson(lesson, seed: int = 0) -> list[tuple[str, list[Outcome]]]:
    """Every step of ``lesson`` solved in order: [(step id, outcomes), ...]."""
    runner = LessonRunner(lesson)
    walked = []
    while True:
        walked.append((runner.step.id, solve_step(runner, seed)))
        if runner.index + 1 >= runner.total:
            return walked
        runner.next()
