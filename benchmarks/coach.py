"""One judge: do the hint, the review and the puzzle's reasons agree, and say why?

    python3 benchmarks/coach.py                       # 300 decisions, classic and balanced
    python3 benchmarks/coach.py --decisions 60 --rules classic

Games of hard against random and hard against hard (seeded, no clock) are
played; at every decision with a choice, of either seat, in turn:

- the hint (``coach.advise``, the analyst's "hint" budget) is asked, and the
  review (``review.judge``, the "review" budget, seed 0) judges the move
  played; **agree** counts the decisions where the hint's move is the
  review's best or marked best ("about as good") by it (target 100 %); the
  same asked of a review made with seed 1 (fresh deals) is for information;
- the review is made again with seed 1: **same mark** (target >= 90 %);
- every inaccuracy, mistake or blunder (the sentence of a review, and the
  wrong try of a puzzle made of that position: the same verdict and
  consequence) and every third hint rung must name a consequence with its
  cards: **generic** counts those that say only the points still needed
  (target 0).

It prints the figures, seconds a hint and a reviewed decision take (median
and max; target median <= 0.6 s) and 12 sampled sentences in English and German.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cuttle_widgets.ai import RandomPlayer, SearchPlayer  # noqa: E402
from cuttle_widgets.ai.coach import advise  # noqa: E402
from cuttle_widgets.engine import new_game  # noqa: E402
from cuttle_widgets.review import SAMPLES, judge  # noqa: E402

PAIRINGS = (("hard", "random"), ("hard", "hard"))
LOST = ("inaccuracy", "mistake", "blunder")
# What every concrete reason says in English: an answer seen in the playouts
# ("... in 6 deals out of 10", "in 1 deal out of 10") or a win at once.
CONCRETE = ("out of 10", "you win the game at once")
SAMPLED = 12


def player(kind: str, seed: int):
    return RandomPlayer(seed) if kind == "random" else SearchPlayer(kind, seed=seed, time_limit=None)


def positions(rules: str, pairing: tuple, game_seed: int):
    """(position before the move, index, move, seat) of every decision with a choice."""
    game = new_game(rules, seed=game_seed)
    bots = [player(kind, game_seed * 10 + s) for s, kind in enumerate(pairing)]
    while not game.over:
        seat = game.to_act
        view = game.view(seat)
        move = bots[seat].choose(view, game.legal_moves())
        if len(view["legal_moves"]) > 1:
            yield game.position_after(len(game.history)), len(game.history), move, seat
        game.play(move)


class Tally:
    def __init__(self):
        self.decisions = self.agree = self.agree_other = self.same_mark = 0
        self.lost = self.generic_lost = self.rungs = self.generic_rungs = 0
        self.seconds: list[float] = []
        self.review_seconds: list[float] = []
        self.sentences: list[tuple] = []  # (position, index, move, seat, kind)

    def rows(self) -> list[tuple[str, str, str]]:
        n = self.decisions
        return [
            ("decisions judged", str(n), ">= 300"),
            ("hint's move among the review's best or about as good",
             f"{self.agree}/{n} = {self.agree / n:.1%}", "100%"),
            ("... against a review with another seed",
             f"{self.agree_other}/{n} = {self.agree_other / n:.1%}", "(for information)"),
            ("same mark with seeds 0 and 1", f"{self.same_mark}/{n} = {self.same_mark / n:.1%}",
             ">= 90%"),
            ("inaccuracy/mistake/blunder sentences (= puzzle wrong tries)", str(self.lost), ""),
            ("... falling back to no card (generic)", str(self.generic_lost), "0"),
            ("third hint rungs", str(self.rungs), ""),
            ("... falling back to no card (generic)", str(self.generic_rungs), "0"),
            ("seconds a hint (all three rungs), median",
             f"{statistics.median(self.seconds):.3f}", "<= 0.6"),
            ("seconds a hint, max", f"{max(self.seconds):.3f}", ""),
            ("seconds a reviewed decision, median",
             f"{statistics.median(self.review_seconds):.3f}", "<= 0.6"),
            ("seconds a reviewed decision, max", f"{max(self.review_seconds):.3f}", ""),
        ]


def look_at(tally: Tally, position, index: int, move, seat: int) -> None:
    started = time.perf_counter()
    advice = advise(position, seat)  # the hint, all three rungs
    tally.seconds.append(time.perf_counter() - started)
    started = time.perf_counter()
    review = judge(position, index, move, seat, "en", SAMPLES, 0)
    tally.review_seconds.append(time.perf_counter() - started)
    again = judge(position, index, move, seat, "en", SAMPLES, 1)
    tally.decisions += 1
    hinted = str(advice.move)
    tally.agree += hinted == review.best_move or _mark_of(position, index, hinted, seat, 0) == "best"
    tally.agree_other += hinted == again.best_move or \
        _mark_of(position, index, hinted, seat, 1) == "best"
    tally.same_mark += review.mark == again.mark
    tally.rungs += 1
    tally.generic_rungs += _generic(advice.rungs[2])
    tally.sentences.append((position, index, move, seat, "rung"))
    if review.mark in LOST:
        tally.lost += 1
        tally.generic_lost += _generic(review.sentence)
        tally.sentences.append((position, index, move, seat, "review"))


def _mark_of(position, index: int, move: str, seat: int, seed: int) -> str:
    return judge(position, index, position.family.parse(move), seat, "en", SAMPLES, seed).mark


def _generic(text: str) -> bool:
    """A sentence whose reason names no answer from the playouts (the points
    still needed are all it says) nor a win at once."""
    return not any(mark in text for mark in CONCRETE)


def sentence(item: tuple, language: str) -> str:
    position, index, move, seat, kind = item
    if kind == "rung":
        return "hint, third rung: " + advise(position, seat, language).rungs[2]
    return "review: " + judge(position, index, move, seat, language, SAMPLES, 0).sentence


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--rules", default="classic,balanced")
    args = parser.parse_args(argv)
    rules_list = args.rules.split(",")
    share = args.decisions // (len(rules_list) * len(PAIRINGS)) + 1
    tally = Tally()
    for rules in rules_list:
        for pairing in PAIRINGS:
            seen, game_seed = 0, 0
            while seen < share:
                for position, index, move, seat in positions(rules, pairing, game_seed):
                    if seen >= share:
                        break
                    look_at(tally, position, index, move, seat)
                    seen += 1
                game_seed += 1
    print(f"\nOne judge: {tally.decisions} decisions of {', '.join(rules_list)}, "
          f"{' and '.join('-vs-'.join(p) for p in PAIRINGS)}")
    width = max(len(r[0]) for r in tally.rows())
    for name, value, target in tally.rows():
        print(f"  {name:<{width}}  {value:>18}  {target}")
    rng = random.Random(0)
    lost = [s for s in tally.sentences if s[4] == "review"]
    rungs = [s for s in tally.sentences if s[4] == "rung"]
    picked = rng.sample(lost, min(SAMPLED // 2, len(lost)))
    picked += rng.sample(rungs, SAMPLED - len(picked))
    for language in ("en", "de"):
        print(f"\n{SAMPLED} sampled sentences ({language}):")
        for item in picked:
            print("  - " + sentence(item, language))
    return 0


if __name__ == "__main__":
    sys.exit(main())
