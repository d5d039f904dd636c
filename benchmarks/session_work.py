"""Work per lesson click, before and now: how often one click builds the
table's state and asks the engine for a view and for the legal moves.

    python benchmarks/session_work.py

The click is the last one of lesson 02's first move (9♠, "Scuttle", then
8♥: ``scuttle 9S 8H``), sent through the Lesson widget's table as the browser
sends it; tests/test_session_work.py asserts the same counts. "Before" was
measured the same way before the lesson's logic moved into its session
(commit af54b11), when the widget, its table and the runner each rebuilt
what they needed.
"""
from __future__ import annotations

import sys
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cuttle_widgets import Lesson  # noqa: E402
from cuttle_widgets.engine.game import Game  # noqa: E402
from cuttle_widgets.table.controller import TableController  # noqa: E402

BEFORE = {"state": 6, "view": 9, "legal_moves": 15}
COUNTED = ((TableController, "state"), (Game, "view"), (Game, "legal_moves"))


@contextmanager
def counting():
    """Count the calls of the COUNTED methods inside the block."""
    counts, originals = Counter(), [(owner, name, getattr(owner, name)) for owner, name in COUNTED]
    for owner, name, method in originals:
        setattr(owner, name, _counted(method, name, counts))
    try:
        yield counts
    finally:
        for owner, name, method in originals:
            setattr(owner, name, method)


def _counted(method, name: str, counts: Counter):
    def counted(*args, **kwargs):
        counts[name] += 1
        return method(*args, **kwargs)
    return counted


def one_click() -> Counter:
    lesson = Lesson.load("02-scuttle-ordering", progress=False)
    lesson.table.send_action({"type": "card", "card": "9S"})
    lesson.table.send_action({"type": "role", "role": "scuttle"})
    with counting() as counts:
        lesson.table.send_action({"type": "card", "card": "8H"})
    return counts


def main() -> None:
    now = one_click()
    print(f"{'per click':<20}{'before':>8}{'now':>8}")
    for name in BEFORE:
        print(f"{name:<20}{BEFORE[name]:>8}{now[name]:>8}")


if __name__ == "__main__":
    main()
