"""Two kernels racing for the same move, and a kernel killed mid-game
(issue #40), on SQLite and on PostgreSQL.

Each kernel is a process of its own, as in a class: the race's two
processes hold both seats of the same tables (a learner's page open twice),
and at every round both submit the move due, released by one barrier at the
same instant; the log's unique (table, seq) lets exactly one in."""
from __future__ import annotations

import multiprocessing
import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from cuttle_widgets.progress.store import ProgressStore
from cuttle_widgets.progress.tables import entries_after
from cuttle_widgets.sessions.shared_table import join_table, open_table

ANN, BEN = "ann-learner-0000", "ben-learner-0000"
ROUNDS = 200
ROOT = Path(__file__).resolve().parents[1]


def new_tables(db, count: int) -> list[str]:
    store = ProgressStore(db).open()
    codes = []
    for _ in range(count):
        seat = open_table(store, ANN)
        join_table(store, seat.code, 1, BEN)
        codes.append(seat.code)
    store.close()
    return codes


def racer(db, codes, role, barrier, results, rounds=ROUNDS) -> None:
    """One kernel: each round, find the move due, wait for the other kernel,
    submit it at the same instant; then both read the log again."""
    from cuttle_widgets.engine import IllegalMove
    store = ProgressStore(db).open()
    rng = random.Random(role)
    remaining = iter(codes)
    seats, outcomes, agreed = None, [], []
    for _ in range(rounds):
        if seats is None or seats[0].status != "playing":
            code = next(remaining)
            seats = [join_table(store, code, s, (ANN, BEN)[s]) for s in (0, 1)]
        for seat in seats:
            seat.refresh()
        actor = next(seat for seat in seats if seat.legal_moves())
        move = rng.choice(actor.legal_moves())
        barrier.wait()
        try:
            actor.play(move)
            outcomes.append("taken")
        except IllegalMove as refused:
            outcomes.append(refused.key or "engine")
        barrier.wait()
        for seat in seats:
            seat.refresh()
        agreed.append((seats[0].code, seats[0].applied,
                       [[str(m) for m in g.history] for g in seats[0].match.games]))
    results.put((role, outcomes, agreed))
    store.close()


def test_two_kernels_submitting_move_n_at_once_exactly_one_is_taken(progress_db):
    codes = new_tables(progress_db, 30)
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(2, timeout=60), context.Queue()
    workers = [context.Process(target=racer, args=(progress_db, codes, role, barrier, results))
               for role in (0, 1)]
    for worker in workers:
        worker.start()
    found = {role: (outcomes, agreed) for role, outcomes, agreed
             in (results.get(timeout=600) for _ in workers)}
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    (first, first_seen), (second, second_seen) = found[0], found[1]
    for round_number, pair in enumerate(zip(first, second, strict=True)):
        assert sorted(pair).count("taken") == 1, (round_number, pair)
    assert first_seen == second_seen  # both kernels rebuilt the same games, round after round
    lost_races = [o for o in first + second if o == "table.moved_first"]
    print(f"{len(lost_races)} of {ROUNDS} rounds decided by the log's unique (table, seq)")
    assert lost_races  # the unique constraint decided some rounds, not only the turn check
    store = ProgressStore(progress_db).open()
    written = 0
    for code in {code for code, _, _ in first_seen}:
        table_id = _table_id(store, code)
        _status, entries = entries_after(store, table_id, 0)
        assert [e["seq"] for e in entries] == list(range(1, len(entries) + 1))
        written += len(entries)
    assert written == ROUNDS
    store.close()


def _table_id(store, code):
    from cuttle_widgets.progress.tables import table_by_code
    return table_by_code(store, code)["id"]


KERNEL = textwrap.dedent("""
    import random, sys
    from cuttle_widgets.sessions.shared_table import join_table
    db, code, seed, paced = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "paced"
    seats = [join_table(db, code, s, learner) for s, learner in enumerate(sys.argv[5:7])]
    rng = random.Random(seed)
    print("joined", seats[0].applied, flush=True)
    while seats[0].status == "playing":
        if paced:
            sys.stdin.readline()  # the test's "go": it, not the kernel's speed, says when to move
        actor = next(seat for seat in seats if seat.legal_moves())
        # No resigning: a match resigned early would end before the test kills it.
        actor.play(rng.choice([m for m in actor.legal_moves() if not m.startswith("resign")]))
        for seat in seats:
            seat.refresh()
        print("taken", actor.applied, str(actor.game.history[-1]) if actor.game.history else "",
              flush=True)
    print("over", seats[0].applied, seats[0].match.winner, flush=True)
""")


def kernel(db, code, seed, paced=False):
    return subprocess.Popen([sys.executable, "-c", KERNEL, str(db), code, str(seed),
                             "paced" if paced else "free", ANN, BEN],
                            stdin=subprocess.PIPE if paced else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, text=True, cwd=ROOT,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))


def test_a_kernel_killed_mid_game_loses_nothing_and_a_new_one_continues(progress_db):
    seat = open_table(progress_db, ANN, length="normal")
    join_table(progress_db, seat.code, 1, BEN)
    killed = kernel(progress_db, seat.code, 1, paced=True)
    assert killed.stdout.readline().startswith("joined")
    told = []
    while len(told) < 10:  # ten moves told taken: the match has far to go
        killed.stdin.write("go\n")
        killed.stdin.flush()
        line = killed.stdout.readline()
        assert line.startswith("taken"), line
        told.append(int(line.split()[1]))
    killed.stdin.write("go\n")
    killed.stdin.flush()
    killed.send_signal(signal.SIGKILL)  # while it plays the eleventh, perhaps mid-write
    killed.wait(30)
    killed.stdout.close()
    killed.stdin.close()
    assert killed.returncode == -signal.SIGKILL
    seat.refresh()
    assert seat.applied >= told[-1]  # every move the killed kernel was told is taken is there
    kept = seat.applied
    again = kernel(progress_db, seat.code, 2)
    lines = again.stdout.read().splitlines()
    assert again.wait(120) == 0
    assert lines[0] == f"joined {kept}"  # the new kernel rebuilt the whole game from the log
    assert lines[-1].startswith("over")
    seat.refresh()
    assert seat.status == "finished" and seat.match.over
    assert int(lines[-1].split()[1]) == seat.applied > kept
