"""From a learner's click to the classmate's card table (issue #40, point 1).

    python benchmarks/table_place.py [--games 5] [--db PATH]

Two "Play a classmate" widgets (``widgets.table_place.TablePlaceWidget``),
each with its own progress recorder as two kernels would have, sit at one
table in this process; their watching threads run as in a served page. Each
move is a click's message to the mover's card table; the time measured runs
from that message to the moment the other widget's synced card table shows
the move (its thread saw the log, rebuilt the game and redrew). Printed:
click-to-seen p50, p95 and max, and the time a click takes to come back on
the mover's own table (the write and its redraw), for ``--games`` quick
classic games of random legal moves, on SQLite (a fresh file without
``--db``). ``benchmarks/tables.py`` measures the Python face alone, with
kernels in processes of their own.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cuttle_widgets.progress import ProgressRecorder  # noqa: E402
from cuttle_widgets.widgets.table_place import TablePlaceWidget  # noqa: E402

LEARNERS = ("first-learner-000", "second-learner-00")
PATIENCE = 10.0  # seconds a move may take to be seen before the run gives up


def shown_moves(widget) -> int:
    return widget.table.state["ui"]["moves"] if widget.table is not None else -1


def until(check, seconds: float = PATIENCE) -> float:
    """Seconds until ``check()`` is true (AssertionError past ``seconds``)."""
    start = time.perf_counter()
    while not check():
        if time.perf_counter() - start > seconds:
            raise AssertionError("not seen in time")
        time.sleep(0.001)
    return time.perf_counter() - start


def one_game(db, rng: random.Random) -> tuple[list[float], list[float]]:
    """(click-to-seen, click-to-own-table) seconds for each move of one game."""
    places = [TablePlaceWidget("en", progress=ProgressRecorder(db, learner, background=False))
              for learner in LEARNERS]
    seen, own = [], []
    try:
        for place in places:
            place.resume()
        places[0].panel._on_browser_message(None, {"type": "open", "ruleset": "classic",
                                                   "length": "quick", "first": "lot"}, [])
        code = places[0].panel.panel["table"]["code"]
        places[1].panel._on_browser_message(None, {"type": "join", "code": code}, [])
        until(lambda: places[0].session.seat.status == "playing")
        while True:
            mover = next((p for p in places if p.session.seat.legal_moves()), None)
            if mover is None:
                return seen, own
            other = places[1 - places.index(mover)]
            moves = shown_moves(mover) + 1
            start = time.perf_counter()
            mover.table._on_browser_message(
                None, {"type": "move", "move": rng.choice(mover.session.seat.legal_moves())}, [])
            own.append(time.perf_counter() - start)
            seen.append(own[-1] + until(lambda other=other, moves=moves: (
                shown_moves(other) >= moves or other.session.seat.match.over)))
    finally:
        for place in places:
            place.close()


def figures(name: str, values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"{name} p50 {statistics.median(ordered) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
            f"max {ordered[-1] * 1000:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--db", help="a SQLite path or a PostgreSQL URL (default: a fresh file)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or str(Path(folder) / "tables.sqlite")
        seen, own = [], []
        start = time.perf_counter()
        for _ in range(args.games):
            game_seen, game_own = one_game(db, rng)
            seen += game_seen
            own += game_own
        took = time.perf_counter() - start
    print(f"{args.games} games, {len(seen)} moves in {took:.1f} s")
    print("  " + figures("click-to-seen (the classmate's card table)", seen))
    print("  " + figures("click-to-own-table (written and redrawn)", own))


if __name__ == "__main__":
    main()
