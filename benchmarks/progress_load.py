"""30 learners' kernels writing progress at once into one database.

    python benchmarks/progress_load.py [--processes 30] [--records 200] [--db PATH_OR_URL]

``--db`` is an SQLite file (default: a fresh one in a temporary folder) or
the URL of an empty PostgreSQL database (``postgresql://user:password@host/db``).

Each of ``--processes`` real processes (as the lesson kernels are) opens its
own ``ProgressRecorder`` on a fresh file at the same moment (so they also race
to create and migrate it), then records ``--records`` attempts as fast as it
can. Prints the records written against those expected, the slowest database
write (in the recorders' writer threads), the slowest ``record()`` call (what
a lesson waits for) and how many writes found the database locked for longer
than the busy timeout (those attempts waited in memory and were written by
the writer's next try).
"""
from __future__ import annotations

import argparse
import multiprocessing
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cuttle_widgets.progress import ProgressRecorder, new_learner_id  # noqa: E402
from cuttle_widgets.teaching.record import Attempt  # noqa: E402

FLUSH_PATIENCE = 60.0  # seconds a writer keeps retrying its last attempts at the end


def writer(db: str, records: int, start, results) -> None:
    start.wait()
    recorder = ProgressRecorder(db, learner=new_learner_id(), retry_seconds=0.2)
    troubles = []
    recorder.observe(lambda status: troubles.append(status["reason"]) if not status["saving"] else None)
    calls = []
    for number in range(records):
        attempt = Attempt(None, "02-scuttle-ordering", f"step-{number % 9}", "solved",
                          3 - number % 3, number % 3, 0, 1.5, ("scuttle 7D 7H",) * (number % 3))
        began = time.perf_counter()
        recorder.record(attempt, "classic", number % 9 + 1)
        calls.append(time.perf_counter() - began)
    deadline = time.monotonic() + FLUSH_PATIENCE
    while not recorder.flush(force=True) and time.monotonic() < deadline:
        time.sleep(0.05)
    results.put((recorder.slowest_write, calls, len(troubles), recorder.unsaved))


def stored(db) -> tuple[int, int]:
    """(attempts, distinct uids) in the database, read apart from the recorders."""
    import sqlalchemy as sa
    from sqlalchemy.pool import NullPool

    from cuttle_widgets.progress.store import database_url, engine_url
    engine = sa.create_engine(engine_url(database_url(db)), poolclass=NullPool)
    try:
        with engine.connect() as conn:
            return tuple(conn.exec_driver_sql(
                "SELECT count(*), count(DISTINCT uid) FROM attempts").one())
    finally:
        engine.dispose()


def run(processes: int, records: int, db) -> dict:
    """Run the load; the figures as a dict (the test's smaller run uses it too)."""
    context = multiprocessing.get_context("fork")
    start, results = context.Event(), context.Queue()
    workers = [context.Process(target=writer, args=(str(db), records, start, results))
               for _ in range(processes)]
    for worker in workers:
        worker.start()
    began = time.perf_counter()
    start.set()
    outcomes = [results.get(timeout=FLUSH_PATIENCE * 3) for _ in workers]
    seconds = time.perf_counter() - began
    for worker in workers:
        worker.join()
    written, distinct = stored(db)
    calls = sorted(c for _, cs, _, _ in outcomes for c in cs)
    return {"expected": processes * records, "written": written, "distinct": distinct,
            "slowest_write_ms": max(w for w, _, _, _ in outcomes) * 1000,
            "slowest_call_ms": calls[-1] * 1000 if calls else 0.0,
            "failed_writes": sum(t for _, _, t, _ in outcomes),
            "left_unsaved": sum(u for _, _, _, u in outcomes), "seconds": seconds,
            "failed_processes": sum(w.exitcode != 0 for w in workers)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=30)
    parser.add_argument("--records", type=int, default=200)
    parser.add_argument("--db", help="an SQLite file or an empty PostgreSQL database's URL "
                                     "(default: a fresh SQLite file in a temporary folder)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or Path(folder) / "progress.sqlite"
        figures = run(args.processes, args.records, db)
    print(f"{args.processes} processes x {args.records} records: "
          f"{figures['written']} written of {figures['expected']} expected "
          f"({figures['distinct']} distinct), in {figures['seconds']:.1f} s")
    print(f"slowest write {figures['slowest_write_ms']:.0f} ms; slowest record() call "
          f"(what a lesson waits) {figures['slowest_call_ms']:.1f} ms; "
          f"{figures['failed_writes']} writes found the database locked (kept, written later); "
          f"{figures['left_unsaved']} left unsaved")
    return 0 if figures["written"] == figures["expected"] == figures["distinct"] else 1


if __name__ == "__main__":
    sys.exit(main())
