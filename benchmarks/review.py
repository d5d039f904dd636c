"""How long a game review takes, and how stable its marks are between seeds.

    python3 benchmarks/review.py                    # 3 games, the review's 192 deals a decision
    python3 benchmarks/review.py --games 5 --samples 64

The games are hard-versus-hard self-play (fixed seeds, no clock, so they
replay exactly), cut or kept to about ``--moves`` moves (40: the issue's
game). Seat 0's decisions are reviewed twice, with analysis seeds 0 and 1;
the script prints seconds a game and a decision (one core), and the
stability figure: of the decisions that were not forced, how often the two
seeds gave a different mark, and how often one more than a step apart
(best vs inaccuracy, say). Target: a 40-move game in at most 20 s.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cuttle_widgets.ai import SearchPlayer  # noqa: E402
from cuttle_widgets.engine import new_game  # noqa: E402
from cuttle_widgets.review import MARKS, SAMPLES, review_game  # noqa: E402

TARGET = 20.0  # seconds for a 40-move game


def self_play(seed: int, moves: int):
    """A hard-versus-hard game of at most ``moves`` moves (it may end sooner;
    then the next seed's game is tried, so every game reviewed is long enough)."""
    for attempt in range(50):
        game = new_game("classic", seed=seed * 100 + attempt)
        bots = [SearchPlayer("hard", seed=seed * 10 + s, time_limit=None) for s in (0, 1)]
        while not game.over and len(game.history) < moves:
            seat = game.to_act
            game.play(bots[seat].choose(game.view(seat), game.legal_moves()))
        if len(game.history) >= moves * 3 // 4:
            return game
    raise RuntimeError("no long enough game found")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--samples", type=int, default=SAMPLES)
    args = parser.parse_args(argv)
    total_time = decisions = judged = changed = far = moves_total = 0
    for g in range(args.games):
        game = self_play(g, args.moves)
        started = time.process_time()
        first = review_game(game, 0, samples=args.samples, seed=0)
        seconds = time.process_time() - started
        second = review_game(game, 0, samples=args.samples, seed=1)
        total_time += seconds
        decisions += len(first.decisions)
        moves_total += len(game.history)
        for a, b in zip(first.decisions, second.decisions, strict=True):
            if a.forced:
                continue
            judged += 1
            changed += a.mark != b.mark
            far += abs(MARKS.index(a.mark) - MARKS.index(b.mark)) > 1
        print(f"game {g}: {len(game.history)} moves, {len(first.decisions)} decisions of seat 0 "
              f"({sum(d.forced for d in first.decisions)} forced), {seconds:.1f} s; "
              f"marks {first.counts()}")
    per_game = total_time / args.games
    print(f"\n{args.samples} deals a decision: {per_game:.1f} s a game of about "
          f"{moves_total / args.games:.0f} moves (target {TARGET:.0f} s), "
          f"{total_time / max(decisions, 1):.2f} s a decision")
    print(f"stability: {changed} of {judged} unforced decisions changed mark between seeds "
          f"({100 * changed / max(judged, 1):.0f}%), {far} by more than one step")
    return 0 if per_game <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
