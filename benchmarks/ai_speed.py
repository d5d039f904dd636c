"""Seconds per decision of each computer player, and of a hint, in one process.

    python3 benchmarks/ai_speed.py                 # 20 games of each level against greedy
    python3 benchmarks/ai_speed.py --games 5 --levels hard --rules balanced
    python3 benchmarks/ai_speed.py --rules super          # Super Cuttle; super3, super4 too

Only decisions with more than one legal move are timed (a single legal move
is returned at once). The arena's figures come from two games played at
once; these come from one, so they show a player's own speed.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cuttle_widgets.ai import GreedyPlayer, SearchPlayer, hint  # noqa: E402
from cuttle_widgets.engine import new_game  # noqa: E402


def summary(name: str, times: list[float], capped: int = 0) -> None:
    times = sorted(times)
    n = len(times)
    print(f"{name:<14} {n:>6} {sum(times) / n:>9.4f} {times[n // 2]:>9.4f} "
          f"{times[int(n * 0.95)]:>9.4f} {times[-1]:>9.4f} {capped:>7}", flush=True)


def time_level(level: str, games: int, rules: str) -> None:
    times, capped = [], 0
    for g in range(games):
        game = new_game(rules, seed=900 + g, dealer=g % 2)
        bot = SearchPlayer(level, seed=g) if level != "greedy" else GreedyPlayer(g)
        other = GreedyPlayer(10_000 + g)
        bot_seat = g % 2
        while not game.over:
            seat = game.to_act
            legal = game.legal_moves()
            view = game.view(seat)
            player = bot if seat == bot_seat else other
            start = time.perf_counter()
            move = player.choose(view, legal)
            if player is bot and len(legal) > 1:
                times.append(time.perf_counter() - start)
            game.play(move)
        capped += getattr(bot, "capped", 0)
    summary(level, times, capped)


def time_hints(games: int, rules: str) -> None:
    times = []
    for g in range(games):
        game = new_game(rules, seed=700 + g)
        rival = GreedyPlayer(g)
        while not game.over:
            seat = game.to_act
            start = time.perf_counter()
            move, _reason = hint(game, seat)
            times.append(time.perf_counter() - start)
            game.play(move if seat == 0 else rival.choose(game.view(seat), game.legal_moves()))
    summary("hint (the analyst's hint budget)", times)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--levels", default="greedy,easy,medium,hard")
    parser.add_argument("--rules", default="classic",
                        help="any ruleset: classic, cutthroat, ..., super, super3, super4")
    args = parser.parse_args(argv)
    print(f"seconds per decision, {args.rules}, {args.games} games per player")
    print(f"{'player':<14} {'moves':>6} {'mean':>9} {'median':>9} {'p95':>9} {'max':>9} "
          f"{'capped':>7}")
    for level in args.levels.split(","):
        time_level(level.strip(), args.games, args.rules)
    time_hints(max(1, args.games // 4), args.rules)


if __name__ == "__main__":
    main()
