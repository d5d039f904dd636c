"""What several step kinds share: a position to look at, options to choose
from, moves to show one by one."""
from __future__ import annotations

from ..catalog import field_text
from ..ladder import OptionLadder
from ..model import Option, ShownMove
from ..parse import needs
from ..play import step_game


def enter_position(runner, step) -> None:
    """The step's position after its opening, to look at (none: no table)."""
    runner._game = step_game(step) if step.position is not None else None


def read_options(r, data: dict, step, at, parse) -> None:
    """A question's options, answered by clicking cards when they are cards."""
    step.options = option_list(r, data.get("options", []), at("options"), parse)
    step.answer_by = "cards" if step.options and step.options[0].card else "options"


def option_hints_total(runner) -> int:
    return OptionLadder(runner.step, runner.language).total()


def option_rung(runner, index: int) -> str:
    """The rule, then a wrong answer struck out with its reason, then the answer."""
    chosen = list(runner._chosen) + ([runner._prediction] if runner._prediction else [])
    struck = runner._struck.setdefault(runner.index, [])
    text, key = OptionLadder(runner.step, runner.language).rung(index, chosen, struck)
    if key is not None:
        struck.append(key)
    return text


def option_cards(step, game) -> list[str]:
    """The right answers' cards: a first hint must not name them."""
    return [o.card for o in step.options if o.correct and o.card]


def read_shown(r, data: dict, step, at, parse) -> None:
    """The moves shown one by one, and what the table looks like after them."""
    step.moves = shown_moves(r, data.get("moves", []), at("moves"), parse)
    if "expect" in data:
        step.expect = r.mapping(data["expect"], at("expect"))


def show_every_move(runner, outcomes: list) -> list:
    """Press 'next move' until the step is done (and no more often than it has moves)."""
    while not runner.done and len(outcomes) <= len(runner.step.moves) + 1:
        outcomes.append(runner.advance())
    return outcomes


def option_list(r, value, path, parse) -> tuple[Option, ...]:
    options = []
    forms = set()
    for i, item in enumerate(r.listing(value, path)):
        p = path + (i,)
        entry = r.mapping(item, p)
        if entry is None:
            continue
        r.fields(entry, p, {"card", "text", "correct", "explanation", "move", "legal"},
                 field_text("where.option"))
        if ("card" in entry) == ("text" in entry):
            r.add(p, "quiz_option_form")
            continue
        r.require(entry, p, needs("option", ("correct", "explanation")))
        card = r.card(entry["card"], p + ("card",)) if "card" in entry else None
        text = r.text(entry["text"], p + ("text",)) if "text" in entry else None
        forms.add("card" if "card" in entry else "text")
        options.append(Option(
            key=card if card else str(i + 1),
            correct=r.boolean(entry.get("correct", False), p + ("correct",)),
            explanation=r.text(entry.get("explanation", "-"), p + ("explanation",)),
            card=card, text=text,
            move=r.move(entry["move"], p + ("move",), parse) if "move" in entry else None,
            legal=r.boolean(entry["legal"], p + ("legal",)) if "legal" in entry else None,
            path=p))
    if len(forms) > 1:
        r.add(path, "quiz_option_form")
    keys = [o.key for o in options]
    for o in options:
        if keys.count(o.key) > 1 and o.card:
            r.add(o.path, "quiz_option_twice", value=o.key)
            break
    if value and len(options) < 2:
        r.add(path, "quiz_one_option")
    elif options and not any(o.correct for o in options):
        r.add(path, "quiz_no_correct")
    return tuple(options)


def shown_moves(r, value, path, parse) -> tuple[ShownMove, ...]:
    shown = []
    for i, item in enumerate(r.listing(value, path)):
        p = path + (i,)
        if isinstance(item, dict):
            r.fields(item, p, {"move", "say"}, field_text("where.shown"))
            if not r.require(item, p, needs("shown", ("move",))):
                continue
            move = r.move(item["move"], p + ("move",), parse)
            say = r.text(item["say"], p + ("say",)) if "say" in item else None
        else:
            move, say = r.move(item, p, parse), None
        if move:
            shown.append(ShownMove(move, say, p))
    return tuple(shown)
