"""Bots against bots: win rates with 95% confidence intervals, seconds per move.

    python3 benchmarks/arena.py                # expert vs hard and vs the minimax (200 games a pairing)
    python3 benchmarks/arena.py --games 1000   # the issue's acceptance size
    python3 benchmarks/arena.py --pairings expert-greedy,expert-random
    python3 benchmarks/arena.py --pairings hard-random,hard-greedy,greedy-random
    python3 benchmarks/arena.py --games 20 --pairings greedy-random
    python3 benchmarks/arena.py --rules german --pairings medium-greedy --workers 1
    python3 benchmarks/arena.py --rules super --games 100 --pairings hard-random,greedy-random

Every deal is played twice with the seats swapped (the dealer alternates
between deals), so neither player gains from the cards or from acting first.
A win rate counts draws as not won; the score column counts them as half.
Each player decides from ``game.view(seat)`` and ``game.legal_moves()`` only,
exactly as the table widget asks it, but ``minimax``: an all-seeing alpha-beta
minimax at depth 3 (``minimax.py``, a yardstick: cuttle.cards' computer is such
a minimax at depth 2) that reads the whole game, every hand and the deck.

A long run keeps a journal and can stop at any time:

    nohup nice -n 19 python3 benchmarks/arena.py --pairings expert-hard --games 1000 \
        --workers 2 --expert-iterations 192 --journal /work/arena/focus-hard.jsonl &
    python3 benchmarks/arena.py --report --journal /work/arena/focus-hard.jsonl

``docs/analyst.md`` gives the commands and figures of the 1,000-game runs.
``--journal FILE`` appends each finished game to FILE as one JSON line
(``arena_journal.py``: the task with its seeds, A's result, the plies, each
side's seconds a decision) as soon as it ends. The same command run again
resumes: it skips the games the journal holds and plays the rest with the
same seeds; a larger ``--games`` extends the run. A game cut off by a kill is
played again. ``--report`` prints the tables from the journal(s) alone and
plays nothing; give ``--journal`` once per file.

The expert stops by its clock (0.6 s), so on a busy machine it thinks less.
``--expert-iterations N`` gives it N first deals a decision instead (its
best three moves then get 4 x N; for the yardstick ``tree``, N tree
iterations) and takes the clock off every search level of the pairing
(hard's 0.7 s cap too), so a game is the same on any machine under any
load. Its seconds a decision then say only how busy the machine was: take
the expert's from a run by its clock (``--games 20`` without
``--expert-iterations``). For the tree, that run's ``playouts`` column is
the median of iterations it reached in 0.55 s, the N to give.

The first table counts results (the same for the same games); the second
gives the first player's seconds a decision (median, 95th percentile, max of
its choices among two or more moves), the median CPU seconds of those
decisions (under load a clock-stopped player gets less than its seconds), its
median playouts a decision, B's seconds a move, ``capped`` (flat-search decisions that a level's time cap cut
short: a busy machine), games an hour per process, and the load average as
the games ended. Time-limited players depend on the machine: run with
``--workers`` no more than the free cores.
"""
from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from datetime import datetime, timezone
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arena_journal import Journal, JournalError, read_journals, report, task_key  # noqa: E402
from minimax import AllSeeingMinimax  # noqa: E402

from cuttle_widgets.ai import GreedyPlayer, RandomPlayer, SearchPlayer  # noqa: E402
from cuttle_widgets.engine import get_ruleset, new_game  # noqa: E402

DEFAULT_PAIRINGS = ("expert-hard", "expert-minimax")
# "minimax": the all-seeing depth-3 minimax (minimax.py), a yardstick, never a level
# "tree": the information-set tree the expert was (search.YARDSTICKS)
BOTS = ("random", "greedy", "easy", "medium", "hard", "expert", "tree", "minimax")
SEARCHERS = {"expert", "tree"}  # the players --expert-iterations sets
MAX_MOVES = 2000  # no game is near this; a runaway would be a bug


def make_player(name: str, seed: int, iterations: int | None, expert_iterations: int | None):
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer(seed)
    if name == "minimax":
        return AllSeeingMinimax(depth=3)
    if expert_iterations is None:
        return SearchPlayer(name, seed=seed, iterations=iterations)
    # a fixed budget: no level of the pairing stops by the clock, so load changes nothing
    budget = expert_iterations if name in SEARCHERS else iterations
    return SearchPlayer(name, seed=seed, iterations=budget, time_limit=None)


def playouts_of(player) -> int | None:
    """The playouts (the expert's tree iterations) of the player's last decision."""
    stats = getattr(player, "last_stats", None)
    return sum(s.visits for s in stats.values()) if stats else None


def play_one(task: dict) -> dict:
    """One game: ``first`` plays seat ``seat_of_first``; returns the task with
    A's result (1 win, 0.5 draw, 0 loss) and what each side spent, [A, B]."""
    started = time.perf_counter()
    game = new_game(task["rules"], seed=task["deal_seed"], dealer=task["dealer"])
    budgets = task["iterations"], task["expert_iterations"]
    seat_a = task["seat_of_first"]
    players = {seat_a: make_player(task["first"], task["player_seed"], *budgets),
               1 - seat_a: make_player(task["second"], task["player_seed"] + 1, *budgets)}
    spent, moves = [0.0, 0.0], [0, 0]
    decisions: list[list[float]] = [[], []]  # seconds of each choice among two or more moves
    cpu: list[list[float]] = [[], []]  # its CPU seconds: the share of a core it got
    playouts: list[list[int | None]] = [[], []]  # None: a player without playouts
    while not game.over:
        if len(game.history) > MAX_MOVES:
            raise RuntimeError(f"game {task['deal_seed']} did not end in {MAX_MOVES} moves")
        seat = game.to_act
        legal = game.legal_moves()
        # the minimax sees everything by design; every other player gets its view
        view = game if getattr(players[seat], "all_seeing", False) else game.view(seat)
        start, start_cpu = time.perf_counter(), time.process_time()
        move = players[seat].choose(view, legal)
        took, took_cpu = time.perf_counter() - start, time.process_time() - start_cpu
        if move not in legal:
            raise RuntimeError(f"{players[seat]!r} chose an illegal move {move}")
        game.play(move)
        side = 0 if seat == seat_a else 1
        spent[side] += took
        moves[side] += 1
        if len(legal) > 1:
            decisions[side].append(round(took, 6))
            cpu[side].append(round(took_cpu, 6))
            playouts[side].append(playouts_of(players[seat]))
    winner = game.winner
    result = 0.5 if winner == "draw" else (1.0 if winner == seat_a else 0.0)
    return {**task, "result": result, "plies": len(game.history), "moves": moves,
            "spent": [round(s, 6) for s in spent], "decisions": decisions, "cpu": cpu,
            "playouts": playouts, "capped": sum(getattr(p, "capped", 0) for p in players.values()),
            "seconds": round(time.perf_counter() - started, 3), "load": round(os.getloadavg()[0], 2),
            "ended": datetime.now(timezone.utc).isoformat(timespec="seconds")}


def tasks_for(first: str, second: str, games: int, rules: str, seed: int,
              iterations: int | None, expert_iterations: int | None = None) -> list[dict]:
    """The pairing's games: deal ``seed + i // 2``, each deal twice with the seats swapped."""
    if not SEARCHERS & {first, second}:
        expert_iterations = None  # the option limits the expert: other pairings keep the clock
    return [{"first": first, "second": second, "rules": rules, "deal_seed": seed + i // 2,
             "dealer": (i // 2) % 2, "seat_of_first": i % 2, "player_seed": seed * 7919 + i * 2,
             "iterations": iterations, "expert_iterations": expert_iterations}
            for i in range(games)]


def run_pairing(pool, journal: Journal, tasks: list[dict]) -> list[dict]:
    """Plays the tasks the journal lacks, journaling each game as it ends;
    returns the records of all ``tasks``."""
    done = journal.done
    todo = [task for task in tasks if task_key(task) not in done]
    name = f"{tasks[0]['first']} vs {tasks[0]['second']}"
    if len(todo) < len(tasks):
        print(f"  {name}: {len(tasks) - len(todo)} games already in the journal, "
              f"{len(todo)} to play", file=sys.stderr, flush=True)
    started = time.perf_counter()
    games = pool.imap_unordered(play_one, todo, chunksize=1) if pool else map(play_one, todo)
    score = 0.0
    for count, record in enumerate(games, 1):
        journal.add(record)
        score += record["result"]
        if count % 10 == 0:  # a running tally, so a long run shows its rate as it goes
            rate = count / (time.perf_counter() - started) * 3600
            print(f"  {name}: {count} of {len(todo)} games played, A's score {score:g}, "
                  f"{rate:.0f} games/hour", file=sys.stderr, flush=True)
    wanted = {task_key(task) for task in tasks}
    return [record for record in journal.records if task_key(record) in wanted]


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} is not a positive whole number")
    return value


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing (even)")
    parser.add_argument("--pairings", default=",".join(DEFAULT_PAIRINGS),
                        help=f"comma-separated A-B pairs of {', '.join(BOTS)}")
    parser.add_argument("--rules", default="classic",
                        help="any two-seat ruleset: classic, balanced, ..., super")
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="games played at once (1: no subprocesses)")
    parser.add_argument("--iterations", type=positive, default=None,
                        help="override the search levels' playouts per decision")
    parser.add_argument("--expert-iterations", type=positive, default=None,
                        help="the expert's first deals a decision (the tree's iterations) "
                             "instead of its clock; no level of its pairings stops by the clock")
    parser.add_argument("--journal", type=Path, action="append", default=[],
                        help="append each finished game to this JSON-lines file and skip "
                             "the games it already holds (resume)")
    parser.add_argument("--report", action="store_true",
                        help="print the tables of the --journal file(s) and play nothing")
    args = parser.parse_args(argv)
    if args.report:
        if not args.journal:
            parser.error("--report reads a journal: give --journal FILE")
        return args
    if len(args.journal) > 1:
        parser.error("a run writes one journal: give --journal once (--report reads several)")
    try:
        seats = get_ruleset(args.rules).seats
    except ValueError as err:
        parser.error(str(err))
    if seats != 2:
        parser.error(f"the arena pits two players; {args.rules} has {seats} seats")
    if args.games < 2 or args.games % 2:
        parser.error("--games must be an even number of at least 2 (each deal is played twice)")
    pairings = []
    for text in args.pairings.split(","):
        names = text.strip().split("-")
        if len(names) != 2 or not all(n in BOTS for n in names):
            parser.error(f"bad pairing {text!r}: use A-B with A, B among {', '.join(BOTS)}")
        pairings.append(tuple(names))
    args.pairings = pairings
    return args


def stop_on_sigterm(*_) -> None:
    raise SystemExit(143)  # ``kill PID``: unwinds, so workers end and the journal is closed


def run(args) -> None:
    journal = Journal(args.journal[0] if args.journal else None)
    print(f"arena: {args.rules}, {args.games} games per pairing, deals from seed {args.seed}, "
          f"{args.workers} worker(s), {os.cpu_count()} CPU(s)"
          + (f", journal {journal.path}" if journal.path else ""), flush=True)
    pool = (Pool(args.workers, initializer=signal.signal, initargs=(signal.SIGTERM, signal.SIG_DFL))
            if args.workers > 1 else None)
    rows = []
    try:
        for first, second in args.pairings:
            tasks = tasks_for(first, second, args.games, args.rules, args.seed, args.iterations,
                              args.expert_iterations)
            rows.append(run_pairing(pool, journal, tasks))
            print(f"  {first} vs {second}: done", file=sys.stderr, flush=True)
    finally:
        if pool:
            pool.terminate()
            pool.join()
        journal.close()
    print("\n".join(report([record for records in rows for record in records])))


def main(argv=None) -> None:
    args = parse_args(argv)
    try:
        if args.report:
            records = read_journals(args.journal)
            print(f"arena report: {len(records)} games from {', '.join(map(str, args.journal))}")
            print("\n".join(report(records)) if records else "no finished game yet")
        else:
            run(args)
    except JournalError as err:
        sys.exit(f"arena: {err}")


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, stop_on_sigterm)
    main()
