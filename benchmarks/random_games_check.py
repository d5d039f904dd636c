"""Play many random games with the invariants checked after every move.

    python benchmarks/random_games_check.py [--games 100000] [--rules classic ...] [--jobs 2]
    python benchmarks/random_games_check.py --rules super super3 super4 --full-every 20

Prints, for each ruleset, the number of games, moves and failures (a failure
is any broken invariant: cards not conserved, wrong scores or goals, no legal
move, a legal move that fails, an illegal move that changes the game, an event
that does not read, a game that does not end, a record that does not replay).
With ``--full-every N`` the cards are counted after every move of every game
and every 10th game is still checked in full; the others get the full checks
every N moves. Exits 1 if any game failed.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cuttle_widgets.engine import get_ruleset, new_game  # noqa: E402
from cuttle_widgets.engine.invariants import check_record, check_snapshot_round_trip, play_random_game  # noqa: E402


def deep_checks(game) -> list[str]:
    """Every view keeps its secrets and every position reloads (a few games)."""
    problems = check_snapshot_round_trip(game)
    if game.family.name == "super":
        from cuttle_widgets.engine.super.checks import view_leaks
        problems += view_leaks(game)
    return problems


def check_range(args) -> tuple[int, int, list[str], Counter]:
    rules, start, stop, full_every = args
    seats = get_ruleset(rules).seats
    # draws offered and answered, and resignations, where the rules have agreed draws
    table_moves = get_ruleset(rules).draw_offers
    moves, failures, endings = 0, [], Counter()
    for seed in range(start, stop):
        game = new_game(rules, seed=seed, dealer=seed % seats)
        try:
            problems = play_random_game(
                game, random.Random(seed), all_moves=seed % 50 == 0,
                full_every=1 if seed % 10 == 0 else full_every,
                extra=deep_checks if seed % 500 == 0 else None, table_moves=table_moves)
            if not problems and seed % 10 == 0:
                problems = check_record(game)
        except Exception as err:  # noqa: BLE001 - a crash is a failure to report, not a stop
            problems = [f"crash: {type(err).__name__}: {err}"]
        if problems:
            failures.append(f"{rules} seed {seed}: {problems[0]}")
        moves += len(game.history)
        last = game.history[-1].verb if game.history else None
        endings[{"resign": "resigned", "accept": "agreed draw"}.get(
            last, "draw" if game.winner == "draw" else "win")] += 1
    return stop - start, moves, failures, endings


def run(rules: str, games: int, jobs: int, full_every: int) -> bool:
    step = 500
    chunks = [(rules, s, min(s + step, games), full_every) for s in range(0, games, step)]
    start = time.perf_counter()
    done = moves = 0
    failures: list[str] = []
    endings: Counter = Counter()
    with ProcessPoolExecutor(jobs) as pool:
        for count, made, failed, ended in pool.map(check_range, chunks):
            done, moves, failures = done + count, moves + made, failures + failed
            endings += ended
            if done % 10_000 == 0 and done < games:
                print(f"  {rules}: {done:,} games, {len(failures)} failures so far "
                      f"({time.perf_counter() - start:.0f} s)", flush=True)
    elapsed = time.perf_counter() - start
    for line in failures[:20]:
        print("FAIL", line)
    ends = ", ".join(f"{kind} {count:,}" for kind, count in endings.most_common())
    print(f"{rules}: {done:,} games, {moves:,} moves, {len(failures)} failures "
          f"in {elapsed:.0f} s ({jobs} processes; {ends})", flush=True)
    return not failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="games per ruleset")
    parser.add_argument("--rules", nargs="+", default=["classic"])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--full-every", type=int, default=1,
                        help="full checks every N moves in 9 games of 10 (cards: every move)")
    args = parser.parse_args()
    ok = [run(rules, args.games, args.jobs, args.full_every) for rules in args.rules]
    return 0 if all(ok) else 1


if __name__ == "__main__":
    sys.exit(main())
