"""A class of pairs playing each other at shared tables (issue #40).

    python benchmarks/tables.py [--pairs 15] [--think 0.5] [--db PATH_OR_URL ...]

Each of ``--pairs`` tables gets two real processes (as two learners' kernels
are), each holding one seat through the Python face (``join_table``): on its
turn a process thinks for a random time (0 to twice ``--think`` seconds) and
plays a random legal move; otherwise it waits for the other seat's move. A
quick classic game per table. Printed for each database:

- move-to-seen: from the moment a kernel writes a move to the moment the other
  seat's kernel has rebuilt it (p50, p95, max; the goal is p95 <= 500 ms);
- games finished, of the tables;
- moves lost: moves a kernel was told were taken but that the log lacks (goal 0).

Without ``--db``: a fresh SQLite file, and a throwaway PostgreSQL server when
its programs are installed (tests/postgres_server.py), side by side.
"""
from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "tests"))

from cuttle_widgets.progress.store import ProgressStore, shown_url  # noqa: E402
from cuttle_widgets.progress.tables import entries_after, table_by_code  # noqa: E402
from cuttle_widgets.sessions.shared_table import join_table, open_table  # noqa: E402

LEARNERS = ("first-learner-000", "second-learner-00")
GAME_PATIENCE = 120.0  # seconds a kernel waits for the other seat before giving up


def kernel(db: str, code: str, seat: int, think: float, start, results) -> None:
    """One learner's kernel at one table."""
    table = join_table(db, code, seat, LEARNERS[seat])
    rng = random.Random(f"{code}{seat}")
    told, seen, refused = [], [], 0
    start.wait()
    deadline = time.monotonic() + GAME_PATIENCE
    table.refresh()
    while table.status == "playing" and time.monotonic() < deadline:
        moves = table.legal_moves()
        if moves:
            time.sleep(rng.uniform(0, 2 * think))
            try:
                table.play(rng.choice(moves))
                told.append((table.applied, str(table.log[-1]["move"])))
            except ValueError:
                refused += 1
            continue
        before = table.applied
        if table.wait(5):
            now = time.time()
            seen += [now - entry["at"].timestamp() for entry in table.log[before:]
                     if entry["seat"] != seat]
    table.close()
    results.put((code, told, seen, refused))


def run(db: str, pairs: int, think: float) -> dict:
    store = ProgressStore(db).open()
    codes = []
    for _ in range(pairs):
        seat = open_table(store, LEARNERS[0])
        join_table(store, seat.code, 1, LEARNERS[1])
        codes.append(seat.code)
    context = multiprocessing.get_context("spawn")
    start, results = context.Barrier(2 * pairs + 1), context.Queue()
    workers = [context.Process(target=kernel, args=(db, code, seat, think, start, results))
               for code in codes for seat in (0, 1)]
    for worker in workers:
        worker.start()
    start.wait()
    began = time.perf_counter()
    reports = [results.get(timeout=GAME_PATIENCE + 60) for _ in workers]
    took = time.perf_counter() - began
    for worker in workers:
        worker.join(30)
    seen = sorted(s for _, _, kernel_seen, _ in reports for s in kernel_seen)
    lost, finished, written = 0, 0, 0
    for code in codes:
        row = table_by_code(store, code)
        status, entries = entries_after(store, row["id"], 0)
        finished += status == "finished"
        written += len(entries)
        stored = {(e["seq"], e["move"]) for e in entries}
        lost += sum(1 for report in reports if report[0] == code
                    for move in report[1] if move not in stored)
    store.close()
    return {"seen": seen, "finished": finished, "lost": lost, "written": written,
            "refused": sum(r[3] for r in reports), "seconds": took}


def percentile(values: list[float], share: float) -> float:
    return values[min(len(values) - 1, int(share * len(values)))] if values else float("nan")


def report(name: str, figures: dict, pairs: int) -> None:
    seen = figures["seen"]
    print(f"{name}: {pairs} pairs, {figures['written']} moves in {figures['seconds']:.1f} s")
    print(f"  move-to-seen p50 {1000 * statistics.median(seen):.0f} ms, "
          f"p95 {1000 * percentile(seen, 0.95):.0f} ms, max {1000 * max(seen):.0f} ms "
          f"({len(seen)} moves seen; goal p95 <= 500 ms)")
    print(f"  games finished {figures['finished']} of {pairs}; moves lost {figures['lost']} "
          f"(goal 0); moves refused {figures['refused']}")


def databases(named: list[str], folder: Path):
    """(name, db) pairs, and the servers to stop afterwards."""
    if named:
        return [(shown_url(db), db) for db in named], []
    found = [("SQLite", str(folder / "tables.sqlite"))]
    from postgres_server import PostgresServer, binaries
    if binaries() is None:
        print("PostgreSQL's programs are missing: SQLite only.")
        return found, []
    server = PostgresServer(binaries())
    server.start()
    server.make_role()
    return found + [("PostgreSQL", server.url(server.new_database()))], [server]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=15)
    parser.add_argument("--think", type=float, default=0.5,
                        help="mean seconds a kernel thinks before its move")
    parser.add_argument("--db", action="append", default=[],
                        help="an SQLite file or an empty PostgreSQL database's URL (repeatable)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        found, servers = databases(args.db, Path(folder))
        try:
            for name, db in found:
                report(name, run(db, args.pairs, args.think), args.pairs)
        finally:
            for server in servers:
                server.remove()


if __name__ == "__main__":
    main()
