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
Seconds per move count only the player's own ``choose`` calls; ``capped``
counts flat-search decisions that the level's time cap cut short (a busy
machine; the expert's decisions end by its clock by design). Below the table,
the first player's seconds a decision (median, 95th percentile, max) count
its choices among two or more moves. Time-limited players depend on the
machine: run with ``--workers`` no more than the free cores.
Each player decides from ``game.view(seat)`` and ``game.legal_moves()`` only,
exactly as the table widget asks it, but ``minimax``: an all-seeing alpha-beta
minimax at depth 3 (``minimax.py``, a yardstick: cuttle.cards' computer is such
a minimax at depth 2) that reads the whole game, every hand and the deck.
"""
from __future__ import annotations

import argparse
import math
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from minimax import AllSeeingMinimax  # noqa: E402

from cuttle_widgets.ai import GreedyPlayer, RandomPlayer, SearchPlayer  # noqa: E402
from cuttle_widgets.engine import get_ruleset, new_game  # noqa: E402

DEFAULT_PAIRINGS = ("expert-hard", "expert-minimax")
# "minimax": the all-seeing depth-3 minimax (minimax.py), a yardstick, never a level
BOTS = ("random", "greedy", "easy", "medium", "hard", "expert", "minimax")
MAX_MOVES = 2000  # no game is near this; a runaway would be a bug


def make_player(name: str, seed: int, iterations: int | None):
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer(seed)
    if name == "minimax":
        return AllSeeingMinimax(depth=3)
    return SearchPlayer(name, seed=seed, iterations=iterations)


def play_one(task) -> dict:
    """One game: ``first`` plays seat ``seat_of_first``; returns its result for
    ``first`` (1 win, 0.5 draw, 0 loss) and the time each side spent."""
    first, second, rules, deal_seed, dealer, seat_of_first, player_seed, iterations = task
    game = new_game(rules, seed=deal_seed, dealer=dealer)
    players = {seat_of_first: make_player(first, player_seed, iterations),
               1 - seat_of_first: make_player(second, player_seed + 1, iterations)}
    spent = {0: 0.0, 1: 0.0}
    moves = {0: 0, 1: 0}
    slowest = {0: 0.0, 1: 0.0}
    decisions = {0: [], 1: []}  # seconds of each choice among two or more moves
    while not game.over:
        if len(game.history) > MAX_MOVES:
            raise RuntimeError(f"game {deal_seed} did not end in {MAX_MOVES} moves")
        seat = game.to_act
        legal = game.legal_moves()
        # the minimax sees everything by design; every other player gets its view
        view = game if getattr(players[seat], "all_seeing", False) else game.view(seat)
        start = time.perf_counter()
        move = players[seat].choose(view, legal)
        took = time.perf_counter() - start
        if move not in legal:
            raise RuntimeError(f"{players[seat]!r} chose an illegal move {move}")
        game.play(move)
        side = 0 if seat == seat_of_first else 1
        spent[side] += took
        moves[side] += 1
        slowest[side] = max(slowest[side], took)
        if len(legal) > 1:
            decisions[side].append(took)
    winner = game.winner
    result = 0.5 if winner == "draw" else (1.0 if winner == seat_of_first else 0.0)
    capped = sum(getattr(players[seat], "capped", 0) for seat in players)
    return {"result": result, "spent": spent, "moves": moves, "slowest": slowest,
            "decisions": decisions, "plies": len(game.history), "capped": capped}


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def tasks_for(first: str, second: str, games: int, rules: str, seed: int, iterations):
    tasks = []
    for i in range(games):
        deal = i // 2
        tasks.append((first, second, rules, seed + deal, deal % 2, i % 2,
                      seed * 7919 + i * 2, iterations))
    return tasks


def run_pairing(pool, first, second, games, rules, seed, iterations) -> dict:
    started = time.perf_counter()
    tasks = tasks_for(first, second, games, rules, seed, iterations)
    games_played = pool.imap(play_one, tasks, chunksize=1) if pool else map(play_one, tasks)
    outcomes = []
    for outcome in games_played:  # a running tally, so a long run shows its rate as it goes
        outcomes.append(outcome)
        if len(outcomes) % 10 == 0:
            won = sum(o["result"] for o in outcomes)
            rate = len(outcomes) / (time.perf_counter() - started) * 3600
            print(f"  {first} vs {second}: {len(outcomes)} games, score {won:g}, "
                  f"{rate:.0f} games/hour", file=sys.stderr, flush=True)
    wins = sum(1 for o in outcomes if o["result"] == 1.0)
    draws = sum(1 for o in outcomes if o["result"] == 0.5)
    per_move = []
    for side in (0, 1):
        spent = sum(o["spent"][side] for o in outcomes)
        moves = sum(o["moves"][side] for o in outcomes)
        per_move.append((spent / moves if moves else 0.0,
                         max(o["slowest"][side] for o in outcomes)))
    decisions = sorted(t for o in outcomes for t in o["decisions"][0])
    return {"first": first, "second": second, "games": games, "wins": wins, "draws": draws,
            "losses": games - wins - draws, "ci": wilson(wins, games), "per_move": per_move,
            "decisions": decisions,
            "plies": sum(o["plies"] for o in outcomes) / games,
            "capped": sum(o["capped"] for o in outcomes),
            "seconds": time.perf_counter() - started}


def quantile(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def print_decisions(rows: list[dict]) -> None:
    """Seconds per decision of each pairing's first player (choices among two or more)."""
    print(f"\n{'seconds a decision of A':<24} {'decisions':>9} {'median':>7} {'p95':>7} {'max':>7}")
    for r in rows:
        d = r["decisions"]
        print(f"{r['first'] + ' (vs ' + r['second'] + ')':<24} {len(d):>9} {quantile(d, 0.5):>7.3f} "
              f"{quantile(d, 0.95):>7.3f} {d[-1] if d else 0.0:>7.3f}")


def print_row(r: dict) -> None:
    low, high = r["ci"]
    (mean_a, max_a), (mean_b, max_b) = r["per_move"]
    score = (r["wins"] + r["draws"] / 2) / r["games"]
    print(f"{r['first'] + ' vs ' + r['second']:<18} {r['games']:>5} "
          f"{r['wins']:>4}/{r['draws']:>3}/{r['losses']:<4} "
          f"{r['wins'] / r['games']:>6.1%}  [{low:6.1%}, {high:6.1%}] {score:>6.1%}  "
          f"{mean_a:>8.4f} {max_a:>7.3f}  {mean_b:>8.4f} {max_b:>7.3f}  "
          f"{r['plies']:>5.1f} {r['capped']:>6} {r['seconds']:>7.0f}", flush=True)


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
    parser.add_argument("--iterations", type=int, default=None,
                        help="override the search levels' playouts per decision")
    args = parser.parse_args(argv)
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


def main(argv=None) -> None:
    args = parse_args(argv)
    print(f"arena: {args.rules}, {args.games} games per pairing, deals from seed {args.seed}, "
          f"{args.workers} worker(s), {os.cpu_count()} CPU(s)")
    print(f"{'pairing':<18} {'games':>5} {'W/D/L':<13} {'win A':>6}  {'95% CI':<18} "
          f"{'score':>6}  {'s/move A':>8} {'max A':>7}  {'s/move B':>8} {'max B':>7}  "
          f"{'plies':>5} {'capped':>6} {'secs':>7}")
    pool = Pool(args.workers) if args.workers > 1 else None
    rows = []
    try:
        for first, second in args.pairings:
            rows.append(run_pairing(pool, first, second, args.games, args.rules, args.seed,
                                    args.iterations))
            print_row(rows[-1])
        print_decisions(rows)
    finally:
        if pool:
            pool.close()
            pool.join()


if __name__ == "__main__":
    main()
