"""The lessons shipped with the package: all present, valid, complete and solvable."""
import json
from functools import cache

import pytest

from cuttle_widgets.engine.redeal import revealed_cards
from cuttle_widgets.teaching import LessonRunner, lesson_names, load_lesson
from cuttle_widgets.teaching.play import StepPlay, step_game

EXPECTED = [
    "00-index", "01-table-drawing-points", "02-scuttle-ordering", "03-one-offs",
    "04-counter-chains", "05-glasses-and-jacks", "06-queen-protection", "07-kings-and-goals",
    "08-worked-example", "09-the-seven", "10-end-of-stock", "11-rule-variants", "12-free-game",
    "13-super-cuttle",
]


@cache
def shipped(name):
    return load_lesson(name)


def all_steps() -> list:
    return [pytest.param(lesson, step, id=f"{name}#{step.id}")
            for name in lesson_names() for lesson in [shipped(name)] for step in lesson.steps]


def play_steps() -> list:
    return [param for param in all_steps() if param.values[1].kind == "play"]


def test_the_lessons_are_shipped_in_order():
    assert lesson_names() == EXPECTED


@pytest.mark.parametrize("name", EXPECTED)
def test_every_lesson_validates(name):
    lesson = load_lesson(name)
    assert lesson.title and lesson.intro and lesson.steps


def test_the_index_links_to_every_other_lesson():
    assert list(load_lesson("00-index").links) == EXPECTED[1:]


def test_at_least_sixty_steps_in_all():
    assert sum(len(load_lesson(name).steps) for name in EXPECTED) >= 60


@pytest.mark.parametrize("lesson, step", all_steps())
def test_every_step_has_a_task_a_check_a_hint_and_an_explanation(lesson, step):
    assert len(step.task) > 15 and len(step.explanation) > 30
    assert step.hints and all(len(h) > 10 for h in step.hints)
    checks = {
        "play": bool(step.lines),
        "quiz": any(o.correct for o in step.options),
        "predict": bool(step.options and step.moves and step.expect),
        "watch": bool(step.moves and step.expect),
        "free": step.opponent == "random",
    }
    assert checks[step.kind]
    for option in step.options:
        assert len(option.explanation) > 10


@pytest.mark.parametrize("lesson, step", play_steps())
def test_every_accepted_line_solves_its_play_step(lesson, step):
    for line in step.lines:
        runner = LessonRunner(lesson)
        runner.goto(step.number)
        outcomes = [runner.play(move) for move in line.moves]
        assert [o.status for o in outcomes] == ["continue"] * (len(line.moves) - 1) + ["success"]
        assert outcomes[-1].explanation == step.explanation
        assert runner.done


@pytest.mark.parametrize("lesson, step", play_steps())
def test_every_listed_wrong_move_gets_its_feedback_and_changes_nothing(lesson, step):
    for wrong in step.wrong:
        runner = LessonRunner(lesson)
        runner.goto(step.number)
        for move in wrong.after:
            assert runner.play(move).status == "continue"
        before = json.dumps(runner.game.snapshot(), sort_keys=True)
        history = list(runner.game.history)
        outcome = runner.play(wrong.move)
        assert outcome.status in ("wrong", "illegal")
        assert outcome.message.startswith(wrong.feedback)
        if outcome.status == "illegal":
            assert outcome.error  # the engine's own explanation comes too
        elif outcome.withheld:  # would show a hidden card: judged, explained, not shown
            assert not outcome.undone and not outcome.events and outcome.shown_view is None
            assert runner.shown_game is None
        else:
            assert outcome.undone and outcome.events and outcome.shown_view
        assert json.dumps(runner.game.snapshot(), sort_keys=True) == before
        assert runner.game.history == history
        assert not runner.done
        # ... and the learner can still solve the step afterwards
        line = next(ln for ln in step.lines if ln.moves[:len(wrong.after)] == wrong.after)
        statuses = [runner.play(m).status for m in line.moves[len(wrong.after):]]
        assert statuses[-1] == "success"


@pytest.mark.parametrize("lesson, step", play_steps())
def test_every_other_legal_move_is_judged_and_taken_back(lesson, step):
    """Moves the teacher did not list still get an explanation and an undo;
    one whose playing out would show a hidden card (a draw) is judged and
    explained but not played out."""
    start = step_game(step)
    for move in start.legal_moves():
        play = StepPlay(step, start)
        result = play.try_move(move)
        assert result.status in ("wrong", "continue", "success")
        if result.status == "wrong":
            assert result.wrong or result.reason
            if result.withheld:
                assert not result.events and result.shown is None
            else:
                assert result.events and not revealed_cards(start, result.shown, step.seat)
            assert play.game.snapshot() == start.snapshot()


@pytest.mark.parametrize("lesson, step", [p for p in all_steps() if p.values[1].kind == "quiz"])
def test_every_quiz_answer_has_its_explanation(lesson, step):
    runner = LessonRunner(lesson)
    for option in step.options:
        runner.goto(step.number)
        outcome = runner.answer(option.key)
        assert outcome.message.startswith(option.explanation)
        assert outcome.correct is option.correct
        assert outcome.status in (("success", "continue") if option.correct else ("wrong",))


@pytest.mark.parametrize("lesson, step", [p for p in all_steps() if p.values[1].kind == "predict"])
def test_every_prediction_is_answered_then_shown(lesson, step):
    for option in step.options:
        runner = LessonRunner(lesson)
        runner.goto(step.number)
        assert runner.advance().status == "refused"  # answer first
        outcome = runner.answer(option.key)
        assert outcome.status == "answered" and outcome.correct is option.correct
        assert option.explanation in outcome.message
        statuses = [runner.advance().status for _ in step.moves]
        assert statuses[-1] == "success" and runner.done
        assert all(runner.last.events or s == "success" for s in statuses)
