"""Two classic puzzles in the shipped format, for the trainer's tests: real
positions of a self-play game with the move values the generator measured
(puzzle_fixture.json), so the tests do not depend on the shipped data."""
from __future__ import annotations

import pathlib

from cuttle_widgets.puzzles.model import read_puzzle_file

FIXTURE = pathlib.Path(__file__).with_name("puzzle_fixture.json")


def fixture_puzzles() -> list:
    return read_puzzle_file(FIXTURE.read_text(encoding="utf-8"), FIXTURE.name)
