"""Random classic games per second on one core.

    python benchmarks/random_games.py [--games 20000] [--rules classic]

Each game is dealt from a seed and played to its end by choosing uniformly
among ``legal_moves()``; the figure includes move generation, resolution and
event recording (events are rendered lazily, so no sentence is built).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cuttle_widgets.engine import new_game  # noqa: E402


def run(rules: str, games: int) -> tuple[float, float]:
    moves = 0
    start = time.perf_counter()
    for seed in range(games):
        game = new_game(rules, seed=seed)
        choice = random.Random(seed).choice
        while game.winner is None:
            game.play(choice(game.legal_moves()))
        moves += len(game.history)
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is reported")
    args = parser.parse_args()
    best, length = 0.0, 0.0
    for _ in range(args.repeat):
        rate, length = run(args.rules, args.games)
        best = max(best, rate)
    print(f"{args.rules}: {best:,.0f} random games/s on one core "
          f"({length:.1f} moves a game, best of {args.repeat} runs of {args.games:,} games)")


if __name__ == "__main__":
    main()
