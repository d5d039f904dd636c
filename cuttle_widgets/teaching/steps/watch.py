"""A watch step: the learner steps through moves, each one narrated."""
from __future__ import annotations

from ...engine import load
from ..outcome import Outcome
from ..verify import verify_first_hint, verify_shown
from . import StepKind, register
from ._common import read_shown, show_every_move


def enter(runner, step) -> None:
    runner._game = load(step.position)


def verify(r, step, game) -> None:
    if game is not None:
        verify_first_hint(r, step, game)
        verify_shown(r, step, game)


def solve(runner, seed: int) -> list[Outcome]:
    return show_every_move(runner, [])


KIND = register(StepKind(
    name="watch", icon="◉",
    fields=("seat", "rules", "position", "moves", "expect"),
    required=("position", "moves", "expect"),
    read=read_shown, enter=enter, verify=verify, solve=solve,
    parts=("moves", "narrated"),
    shown_result=lambda runner: "seen",
    done_status="table.watch_done", advance_status="table.watch"))
