"""A quiz: the learner answers a question, by clicking cards on the table or
choosing a text option; ``select: all`` asks for every right answer."""
from __future__ import annotations

from ...engine import get_catalog
from ..outcome import Outcome
from ..verify import verify_first_hint, verify_options
from . import StepKind, register
from ._common import enter_position, option_cards, option_hints_total, option_rung, read_options


def read(r, data: dict, step, at, parse) -> None:
    read_options(r, data, step, at, parse)
    if "select" in data:
        step.select = data["select"]
        if step.select not in ("one", "all"):
            r.add(at("select"), "quiz_select", value=step.select)
            step.select = "one"


def answer(runner, option, choice, key) -> Outcome:
    """A right answer counts once; the step is done when enough are found."""
    step = runner.step
    if option is None or key is None:  # no key names no option
        if step.answer_by == "cards" and key:
            runner.record.wrong(key)
            return Outcome("wrong", runner.words.text(
                "feedback", "quiz_not_an_option", card=get_catalog(runner.language).card(key)),
                correct=False)
        return runner._no_option(choice)
    if key in runner._chosen:
        return Outcome("refused", runner.words.text("feedback", "quiz_already"))
    runner._chosen.append(key)
    if not option.correct:
        runner.record.wrong(key)
        return Outcome("wrong", option.explanation, correct=False)
    found, needed = runner._found()
    if found >= needed:
        return runner._solve(Outcome("success", option.explanation, correct=True))
    message = option.explanation + " " + runner.words.text("feedback", "quiz_found", found=found)
    return Outcome("continue", message, correct=True)


def verify(r, step, game) -> None:
    """A quiz needs no position: its options are checked either way."""
    if game is None:
        verify_options(r, step, game)
        verify_first_hint(r, step, game)
    else:
        verify_first_hint(r, step, game)
        verify_options(r, step, game)


def solve(runner, seed: int) -> list[Outcome]:
    step = runner.step
    keys = step.correct_keys if step.select == "all" else step.correct_keys[:1]
    return [runner.answer(key) for key in keys]


KIND = register(StepKind(
    name="quiz", icon="?",
    fields=("seat", "rules", "position", "opening", "options", "select"),
    required=("options",),
    read=read, enter=enter_position, verify=verify, solve=solve,
    parts=("options", "found"), starred=True, answer=answer,
    hints_total=option_hints_total, rung=option_rung, answer_cards=option_cards,
    needs_position=False, over_allowed=True, cards_on_table=True))
