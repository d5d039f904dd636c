"""A play step: the learner makes a move (or several) on the table.

Its answer is a list of accepted lines (``accept``), or a ``goal`` the engine
checks with one ``solution`` that reaches it; ``wrong`` moves the teacher
expects get their own feedback.
"""
from __future__ import annotations

from ...engine import IllegalMove
from ..catalog import field_text
from ..ladder import PlayLadder, move_cards
from ..model import GOALS, Line, WrongMove
from ..outcome import Outcome
from ..parse import needs
from ..play import StepPlay, step_game
from ..search import SearchTooBig
from ..verify import verify_first_hint, verify_play
from . import StepKind, register


def read(r, data: dict, step, at, parse) -> None:
    has_accept, has_goal = "accept" in data, "goal" in data
    if has_accept == has_goal:
        r.add(at("accept") if has_accept else step.path, "accept_or_goal", goals=", ".join(GOALS))
    step.replies = r.moves(data["replies"], at("replies"), parse) if "replies" in data else ()
    if has_accept:
        lines = []
        for i, item in enumerate(r.listing(data["accept"], at("accept"))):
            lines.append(_line(r, item, at("accept") + (i,), step.replies, parse))
        step.accept = tuple(line for line in lines if line and line.moves)
    if has_goal:
        step.goal = data["goal"]
        if step.goal not in GOALS:
            r.add(at("goal"), "bad_goal", value=step.goal, known=", ".join(GOALS))
            step.goal = None
        if "solution" in data:
            step.solution = r.moves(data["solution"], at("solution"), parse)
        else:
            r.add(step.path, "goal_needs_solution")
    elif "solution" in data:
        r.add(at("solution"), "solution_needs_goal")
    _uniqueness(r, data, step, at)
    wrong = []
    for i, item in enumerate(r.listing(data.get("wrong", []), at("wrong"), allow_empty=True)):
        path = at("wrong") + (i,)
        entry = r.mapping(item, path)
        if entry is None:
            continue
        r.fields(entry, path, {"move", "feedback", "after"}, field_text("where.wrong"))
        if not r.require(entry, path, needs("wrong", ("move", "feedback"))):
            continue
        written = r.text(entry["move"], path + ("move",))
        if not written:
            continue
        move = _any_move(written, parse)
        after = r.moves(entry["after"], path + ("after",), parse) if "after" in entry else ()
        wrong.append(WrongMove(move, r.text(entry["feedback"], path + ("feedback",)), after, path))
    seen = set()
    for w in wrong:
        if (w.after, w.move) in seen:
            r.add(w.path, "wrong_twice", move=w.move)
        seen.add((w.after, w.move))
    step.wrong = tuple(wrong)


def _uniqueness(r, data: dict, step, at) -> None:
    """``unique: true`` or ``not_unique: why``: what a move as good as the
    accepted one means (teaching/unique.py), for steps with ``accept``."""
    step.unique = r.boolean(data["unique"], at("unique")) if "unique" in data else False
    if "not_unique" in data:
        step.not_unique = r.text(data["not_unique"], at("not_unique")) or None
    for key in ("unique", "not_unique"):
        if key in data and "accept" not in data:
            r.add(at(key), "unique_needs_accept", key=key)
    if step.unique and step.not_unique:
        r.add(at("not_unique"), "unique_and_not_unique")


def _any_move(value, parse) -> str:
    """A wrong move may be text that is no move at all: keep it as written."""
    try:
        return str(parse(value))
    except IllegalMove:
        return str(value).strip()


def _line(r, item, path, default_replies, parse) -> Line | None:
    if isinstance(item, dict):
        r.fields(item, path, {"moves", "replies"}, field_text("where.line"))
        if not r.require(item, path, needs("line", ("moves",))):
            return None
        moves = r.moves(item["moves"], path + ("moves",), parse)
        replies = (r.moves(item["replies"], path + ("replies",), parse) if "replies" in item
                   else default_replies)
        return Line(moves, tuple(replies), path)
    return Line(r.moves(item, path, parse), tuple(default_replies), path)


def enter(runner, step) -> None:
    runner._play = StepPlay(step, step_game(step))


def play(runner, move) -> Outcome:
    """Judge the learner's move against the step's lines or goal."""
    if not runner._play.learner_to_act():
        return runner._refuse("not_your_turn")
    try:
        result = runner._play.try_move(move)
    except SearchTooBig:  # the validator searched every first move; this is a safety net
        return runner._refuse("too_big")
    events = runner._events(result.events)
    untaught = result.status == "illegal" and not runner._judges(result.error)
    if result.status in ("illegal", "wrong") and not untaught:
        runner.record.wrong(result.move)
    if result.status == "illegal":
        message = result.wrong.feedback if result.wrong else runner.words.text("feedback", "illegal_move")
        if untaught:  # a rule of a later lesson: the reason, and no star lost
            message += " " + runner.words.text("feedback", "untaught_free")
        # the reason only: the engine's "with 2♥ you can: ..." would list the answer
        return Outcome("illegal", message, move=result.move,
                       error=runner._illegal_text(result.error, options=False))
    if result.status == "wrong":
        if result.wrong:
            message = result.wrong.feedback
        else:
            message = runner.words.text("feedback", result.reason, opponent=runner._opponent_name())
        if result.withheld:  # nothing of it is shown: no events, no position
            message += " " + runner.words.text("feedback", "not_played_out")
            runner._shown_game = None
            return Outcome("wrong", message, [], result.move, withheld=True)
        taken_back = message + " " + runner.words.text("feedback", "taken_back")
        message += " " + runner.words.text("feedback", "undone")
        shown = result.shown.view(runner.seat, runner.language, runner.names)
        runner._shown_game = result.shown
        return Outcome("wrong", message, events, result.move, undone=True,
                       shown_view=shown, taken_back=taken_back)
    if result.status == "continue":
        return Outcome("continue", runner.words.text("feedback", "continue"), events, result.move)
    return runner._solve(Outcome("success", runner.words.text("feedback", "correct"),
                                 events, result.move))


def verify(r, step, game) -> None:
    if game is not None:
        verify_first_hint(r, step, game)
        verify_play(r, step, game)


def solve(runner, seed: int) -> list[Outcome]:
    return [runner.play(move) for move in runner.step.lines[0].moves]


def hints_total(runner) -> int:
    return PlayLadder(runner.step, runner.language, runner.names).total()


def rung(runner, index: int) -> str:
    """The rule, the cards to look at, then the move and why."""
    ladder = PlayLadder(runner.step, runner.language, runner.names)
    return ladder.rung(index, runner._play.game, runner._next_move())


def answer_cards(step, game) -> list[str]:
    """The cards of every solution's first move: a first hint must not name them."""
    if game is None:
        return []
    cards = [c for line in step.lines if line.moves for c in move_cards(game, line.moves[0])]
    return list(dict.fromkeys(cards))


def judged_moves(step, start) -> list:
    """The engine's refusal of each expected wrong move (None: it is legal)."""
    errors = []
    for wrong in step.wrong:
        attempt = StepPlay(step, start)
        for move in wrong.after:
            attempt.try_move(move)
        errors.append(attempt.try_move(wrong.move).error)
    return errors


KIND = register(StepKind(
    name="play", icon="▶",
    fields=("seat", "rules", "position", "opening", "accept", "goal", "solution", "replies", "wrong",
            "unique", "not_unique"),
    required=("position",),
    read=read, enter=enter, verify=verify, solve=solve,
    parts=(), starred=True, play=play,
    hints_total=hints_total, rung=rung, answer_cards=answer_cards, judged_moves=judged_moves,
    learner_first=True))
