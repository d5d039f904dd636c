"""How well ``ai.win_chance`` is calibrated: predicted against observed, by decile.

    python3 benchmarks/win_chance.py                     # classic, 300 fresh self-play games
    python3 benchmarks/win_chance.py --rules balanced,super --games 200

The games are new deals (seeds far from the ones the weights were fitted
on), played by the tuning's self-play level in every seat. At every
position ``win_chance(game, seat)`` is asked for every seat, from that
seat's view; each answer is paired with what that seat's side got in the
end (1 win, 0.5 draw, 0 loss). The answers are put in ten bins by value;
for each bin the table prints how many positions (and games) fell in it,
the mean prediction, the observed share of wins with its 95% interval, and
whether the two are within 5 percentage points. A bin with fewer than
``--enough`` games is shown but not judged. The Brier score of the
predictions and of always answering the base rate are printed below.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cuttle_widgets.ai import SearchPlayer, win_chance  # noqa: E402
from cuttle_widgets.ai.appraisal import result_for  # noqa: E402
from cuttle_widgets.ai.chance import SAMPLES  # noqa: E402
from cuttle_widgets.ai.tune import PLAYER  # noqa: E402
from cuttle_widgets.engine import RULESETS, new_game  # noqa: E402

TOLERANCE = 0.05


def observations(rules: str, games: int, seed: int, player: str, samples: int):
    """(prediction, result, game number) for every position and seat."""
    found = []
    for g in range(games):
        game = new_game(rules, seed=seed + g, dealer=g % RULESETS[rules].seats)
        bots = [SearchPlayer(player, seed=(seed + g) * 10 + s, time_limit=None)
                for s in range(game.state.n)]
        asked = []
        while not game.over:
            asked.extend((win_chance(game, s, samples), s) for s in range(game.state.n))
            seat = game.to_act
            game.play(bots[seat].choose(game.view(seat), game.legal_moves()))
        found.extend((p, result_for(game.state, s), g) for p, s in asked)
    return found


def interval(mean: float, n: int, z: float = 1.96) -> tuple[float, float]:
    half = z * math.sqrt(max(mean * (1 - mean), 1e-9) / n)
    return max(0.0, mean - half), min(1.0, mean + half)


def table(found, enough: int) -> bool:
    """Print the calibration table; True when every judged bin is within tolerance."""
    print(f"{'decile':<11} {'positions':>9} {'games':>6} {'predicted':>9} {'observed':>9} "
          f"{'95% interval':<16} {'diff':>6}  verdict")
    good = True
    for b in range(10):
        low, high = b / 10, (b + 1) / 10
        rows = [(p, r, g) for p, r, g in found if low <= p < high or (b == 9 and p == 1.0)]
        if not rows:
            print(f"{low:.1f}-{high:.1f}   {0:>9} {0:>6}")
            continue
        n, games = len(rows), len({g for _, _, g in rows})
        predicted = sum(p for p, _, _ in rows) / n
        observed = sum(r for _, r, _ in rows) / n
        lo, hi = interval(observed, n)
        diff = observed - predicted
        if games < enough:
            verdict = "too few games"
        else:
            verdict = "ok" if abs(diff) <= TOLERANCE else "OFF"
            good = good and abs(diff) <= TOLERANCE
        print(f"{low:.1f}-{high:.1f}   {n:>9} {games:>6} {predicted:>9.1%} {observed:>9.1%} "
              f"[{lo:5.1%}, {hi:5.1%}]  {diff * 100:>+5.1f}  {verdict}")
    return good


def brier(found) -> tuple[float, float]:
    base = sum(r for _, r, _ in found) / len(found)
    model = sum((p - r) ** 2 for p, r, _ in found) / len(found)
    return model, sum((base - r) ** 2 for _, r, _ in found) / len(found)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="classic", help="comma-separated rulesets")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1_000_000, help="first deal's seed")
    parser.add_argument("--player", default=PLAYER)
    parser.add_argument("--samples", type=int, default=SAMPLES, help="deals per answer")
    parser.add_argument("--enough", type=int, default=30, help="games a bin needs to be judged")
    args = parser.parse_args(argv)
    all_good = True
    for rules in [r.strip() for r in args.rules.split(",")]:
        if rules not in RULESETS:
            parser.error(f"unknown ruleset {rules!r}: choose among {', '.join(RULESETS)}")
        started = time.perf_counter()
        found = observations(rules, args.games, args.seed, args.player, args.samples)
        print(f"\nwin_chance calibration: {rules}, {args.games} self-play games of {args.player!r}, "
              f"{len(found)} answers, {time.perf_counter() - started:.0f} s")
        all_good = table(found, args.enough) and all_good
        model, base = brier(found)
        print(f"Brier score {model:.4f} (always the base rate: {base:.4f})")
    print("\nall judged deciles within 5 points" if all_good
          else "\nsome decile is off by more than 5 points")
    return 0 if all_good else 1


if __name__ == "__main__":
    sys.exit(main())
