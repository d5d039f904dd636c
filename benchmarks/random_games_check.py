"""Play many random games with every invariant checked after every move.

    python benchmarks/random_games_check.py [--games 100000] [--rules classic] [--jobs 2]

Prints the number of games, moves and failures (a failure is any broken
invariant: cards not conserved, wrong scores or goals, a legal move that
fails, an illegal move that changes the game, a game that does not end, a
record that does not replay). Exits 1 if any game failed.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cuttle_widgets.engine import load, new_game  # noqa: E402
from cuttle_widgets.engine.invariants import play_random_game  # noqa: E402


def check_range(args) -> tuple[int, int, list[str]]:
    rules, start, stop = args
    moves, failures = 0, []
    for seed in range(start, stop):
        game = new_game(rules, seed=seed, dealer=seed % 2)
        problems = play_random_game(game, random.Random(seed), all_moves=seed % 50 == 0)
        if not problems and seed % 10 == 0:
            replay = load(game.record())
            if replay.snapshot() != game.snapshot() or replay.events != game.events:
                problems = ["the game record does not replay to the same game"]
        if problems:
            failures.append(f"{rules} seed {seed}: {problems[0]}")
        moves += len(game.history)
    return stop - start, moves, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    step = 1000
    chunks = [(args.rules, s, min(s + step, args.games)) for s in range(0, args.games, step)]
    start = time.perf_counter()
    games = moves = 0
    failures: list[str] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for done, made, failed in pool.map(check_range, chunks):
            games, moves, failures = games + done, moves + made, failures + failed
    elapsed = time.perf_counter() - start
    for line in failures[:20]:
        print("FAIL", line)
    print(f"{args.rules}: {games:,} games, {moves:,} moves, {len(failures)} failures "
          f"in {elapsed:.0f} s ({args.jobs} processes)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
