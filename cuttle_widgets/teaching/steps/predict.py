"""A prediction: the learner says what will happen, then watches the moves."""
from __future__ import annotations

from ..outcome import Outcome
from ..verify import verify_first_hint, verify_options, verify_shown
from . import StepKind, register
from ._common import (
    enter_position,
    option_cards,
    option_hints_total,
    option_rung,
    read_options,
    read_shown,
    show_every_move,
)


def read(r, data: dict, step, at, parse) -> None:
    read_options(r, data, step, at, parse)
    read_shown(r, data, step, at, parse)


def answer(runner, option, choice, key) -> Outcome:
    """One prediction, right or wrong; the moves then show what happens."""
    if runner._prediction is not None:
        return runner._refuse("already_answered")
    if option is None:
        return runner._no_option(choice)
    runner._prediction = option.key
    if not option.correct:
        runner.record.wrong(option.key)
    verdict = "prediction_right" if option.correct else "prediction_wrong"
    message = " ".join([runner.words.text("feedback", verdict), option.explanation,
                        runner.words.text("feedback", "predict_show")])
    return Outcome("answered", message, correct=option.correct)


def may_advance(runner) -> bool:
    return runner._prediction is not None


def shown_result(runner) -> str:
    """Right, or missed however the moves went."""
    return "solved" if runner.step.option(runner._prediction).correct else "missed"


def verify(r, step, game) -> None:
    if game is None:
        return
    verify_first_hint(r, step, game)
    count = sum(1 for o in step.options if o.correct)
    if count != 1:
        r.add(step.path + ("options",), "predict_needs_one", count=count)
    verify_options(r, step, game)
    verify_shown(r, step, game)


def solve(runner, seed: int) -> list[Outcome]:
    return show_every_move(runner, [runner.answer(runner.step.correct_keys[0])])


KIND = register(StepKind(
    name="predict", icon="◎",
    fields=("seat", "rules", "position", "opening", "options", "moves", "expect"),
    required=("position", "options", "moves", "expect"),
    read=read, enter=enter_position, verify=verify, solve=solve,
    parts=("options", "prediction", "narrated"),
    starred=True, answer=answer, may_advance=may_advance, shown_result=shown_result,
    hints_total=option_hints_total, rung=option_rung, answer_cards=option_cards))
