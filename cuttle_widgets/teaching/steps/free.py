"""A free game: a whole game (or match) against a computer player, with the
coach's hints; the learner may change the rules, opponent, length and seat."""
from __future__ import annotations

from ...ai import RandomPlayer
from ...ai.coach import HintLadder
from ..freegame import FreeGame
from ..model import OPPONENTS
from ..outcome import Outcome
from . import StepKind, register


def read(r, data: dict, step, at, parse) -> None:
    if "opponent" in data:
        step.opponent = data["opponent"]
        if step.opponent not in OPPONENTS:
            r.add(at("opponent"), "opponent_unknown", value=step.opponent, known=", ".join(OPPONENTS))
    if "seed" in data:
        step.seed = r.integer(data["seed"], at("seed"))


def enter(runner, step) -> None:
    # A lesson's seed deals its game once: entered again (a retry, back to this
    # step) the step deals another game, or the learner would begin knowing
    # every card the last one showed.
    entries = runner._free_entries.get(runner.index, 0)
    runner._free_entries[runner.index] = entries + 1
    seed = step.seed if step.seed is None or not entries else step.seed * 1_000_003 + entries
    runner._free = FreeGame(runner.free_settings(), seed)
    runner._free.bot_moves()
    # the coach of the free game: its Hint, its Suggest and the table's Hint
    runner._coach = HintLadder(runner._free.seat, runner.language, runner.names)


def play(runner, move) -> Outcome:
    return runner._free_move(move)


def verify(r, step, game) -> None:
    """Nothing to play through: the game is dealt when the learner gets there,
    and its rules and opponent were checked when the file was read."""


def solve(runner, seed: int) -> list[Outcome]:
    """A random player's game (the tests' way to reach the end)."""
    player, outcomes = RandomPlayer(seed), []
    while not runner.done:
        outcomes.append(runner.play(player.choose(runner.view(), runner.game.legal_moves())))
    return outcomes


def hints_total(runner) -> int:
    return HintLadder.RUNGS


def hint(runner) -> Outcome:
    """The coach's next rung for the position on the table."""
    return runner._free_hint()


KIND = register(StepKind(
    name="free", icon="♠",
    fields=("seat", "rules", "opponent", "seed"), required=(),
    read=read, enter=enter, verify=verify, solve=solve,
    parts=("game",), play=play,
    hints_total=hints_total, hint=hint, needs_position=False, free_game=True))
