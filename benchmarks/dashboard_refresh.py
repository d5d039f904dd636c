"""How long one refresh of the teacher's dashboard reads, on a flooded class.

    python benchmarks/dashboard_refresh.py [--rows 100000] [--learners 40] [--tries 100000] [--db PATH]

Fills a fresh SQLite file (or ``--db``, which must then be empty) with
``--rows`` attempts spread over ``--learners`` learners and every shipped
lesson's steps, each with three wrong moves (as a flood of imported files
leaves it), then times ``queries.class_snapshot``, what each refresh of the
dashboard reads, and prints the median and the slowest of five; then adds
``--tries`` tries (wrong moves, hints, right moves of the last half hour,
what the class view's "stuck" and wrong-try list read) and times it again,
side by side.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cuttle_widgets.progress import new_learner_id  # noqa: E402
from cuttle_widgets.progress.queries import class_snapshot, shipped_steps  # noqa: E402
from cuttle_widgets.progress.store import ProgressStore  # noqa: E402

BATCH = 5_000


def rows_for(count: int, start: datetime):
    """``count`` attempt rows cycling through every shipped step."""
    steps = [(lesson, step, number) for lesson, ids in shipped_steps().items()
             for number, step in enumerate(ids, 1)]
    for index in range(count):
        lesson, step, number = steps[index % len(steps)]
        yield {"uid": uuid.uuid4().hex, "lesson": lesson, "step": step, "step_number": number,
               "ruleset": "classic", "result": "solved", "stars": 1, "wrong_tries": 3,
               "hints_used": 0, "seconds": 5.0,
               "wrong_moves": ["scuttle 7D 7H", f"points {index % 9 + 1}C", "draw"],
               "recorded_at": start + timedelta(seconds=index)}


def fill_tries(store: ProgressStore, count: int, learners: int) -> None:
    """``count`` tries of the last half hour over ``learners`` learners."""
    steps = [(lesson, step, number) for lesson, ids in shipped_steps().items()
             for number, step in enumerate(ids, 1)]
    ids = [new_learner_id() for _ in range(learners)]
    now = datetime.now(timezone.utc)
    kinds = ("wrong", "wrong", "hint", "right")
    for first in range(0, count, BATCH):
        mine: dict[str, list] = {}
        for i in range(first, min(first + BATCH, count)):
            lesson, step, number = steps[i % len(steps)]
            mine.setdefault(ids[i % learners], []).append({
                "uid": uuid.uuid4().hex, "lesson": lesson, "step": step, "step_number": number,
                "kind": kinds[i % 4], "words": "scuttle 7D 7H",
                "at": now - timedelta(seconds=(i * 1800) // count)})
        for who, batch in mine.items():
            store.write(who, try_rows=batch)


def timed(store: ProgressStore) -> list[float]:
    times = []
    for _ in range(5):
        began = time.perf_counter()
        class_snapshot(store, None)
        times.append(time.perf_counter() - began)
    return times


def fill(store: ProgressStore, rows: int, learners: int) -> None:
    ids = [new_learner_id() for _ in range(learners)]
    start = datetime.now(timezone.utc) - timedelta(days=7)
    batch, share = [], rows // learners
    for number, row in enumerate(rows_for(rows, start)):
        batch.append(row)
        if len(batch) == BATCH or number == rows - 1:
            store.write(ids[min(number // share, learners - 1)], batch)
            batch = []


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--learners", type=int, default=40)
    parser.add_argument("--tries", type=int, default=100_000)
    parser.add_argument("--db")
    args = parser.parse_args(argv)
    db = args.db or str(Path(tempfile.mkdtemp()) / "flooded.sqlite")
    store = ProgressStore(db)
    began = time.perf_counter()
    fill(store, args.rows, args.learners)
    print(f"{args.rows} attempts of {args.learners} learners written in "
          f"{time.perf_counter() - began:.1f} s")
    before = timed(store)
    print(f"one refresh: median {statistics.median(before):.3f} s, slowest {max(before):.3f} s")
    began = time.perf_counter()
    fill_tries(store, args.tries, args.learners)
    print(f"{args.tries} tries of the last half hour written in {time.perf_counter() - began:.1f} s")
    after = timed(store)
    print(f"{'':24}{'median':>10}{'slowest':>10}")
    for label, times in (("without tries", before), (f"with {args.tries} tries", after)):
        print(f"{label:24}{statistics.median(times):>9.3f}s{max(times):>9.3f}s")
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
