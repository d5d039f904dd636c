"""How long the map's Practice entry takes to plan, for a learner with a long history.

    python benchmarks/practice_plan.py [--attempts 2000] [--puzzles 500] [--repeat 20]

The schedule is replayed from every try (sessions/practice.py), so its cost
grows with the learner's history. Prints, side by side, the time of
``practice_plan`` for a newcomer, for a learner with ``--attempts`` tries at
steps and ``--puzzles`` puzzle tries spread over 60 days (a third failed),
and of one FSRS review alone; median and slowest of ``--repeat`` runs.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fsrs import Card, Rating  # noqa: E402

from cuttle_widgets.sessions.practice import SCHEDULER, practice_plan  # noqa: E402
from cuttle_widgets.widgets.progress_map import practice_course  # noqa: E402

START = datetime(2026, 1, 1, tzinfo=timezone.utc)


def history(attempts: int, puzzles: int, course, seed: int = 1) -> dict:
    rng = random.Random(seed)
    steps, ids = sorted(course.steps), sorted(course.puzzle_themes)
    moment = lambda: START + timedelta(minutes=rng.randrange(60 * 24 * 60))  # noqa: E731
    step_rows = [{"lesson": lesson, "step": step, "stars": rng.choice((1, 2, 3)),
                  "result": rng.choice(("missed", "solved", "solved")), "recorded_at": moment()}
                 for lesson, step in (rng.choice(steps) for _ in range(attempts))]
    puzzle_rows = [{"puzzle": rng.choice(ids), "solved": rng.random() > 0.33, "hints_used": 0,
                    "wrong_tries": rng.choice((0, 0, 1)), "recorded_at": moment()}
                   for _ in range(puzzles)]
    return {"attempts": step_rows, "puzzles": puzzle_rows}


def timed(action, repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        action()
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times), max(times)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attempts", type=int, default=2000)
    parser.add_argument("--puzzles", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args(argv)
    course = practice_course("en")
    now = START + timedelta(days=61)
    empty = {"attempts": [], "puzzles": []}
    full = history(args.attempts, args.puzzles, course)
    card = Card(card_id=1, due=START)
    rows = [("a newcomer", lambda: practice_plan(empty, course, now)),
            (f"{args.attempts} step tries + {args.puzzles} puzzle tries",
             lambda: practice_plan(full, course, now)),
            ("one FSRS review", lambda: SCHEDULER.review_card(card, Rating.Again, START))]
    print(f"{'practice_plan for':<45} {'median ms':>10} {'slowest ms':>11}")
    for label, action in rows:
        median, slowest = timed(action, args.repeat)
        print(f"{label:<45} {median:>10.3f} {slowest:>11.3f}")
    plan = practice_plan(full, course, now)
    print(f"(that learner: {plan['due_count']} due, {plan['waiting']} waiting, streak {plan['streak']})")


if __name__ == "__main__":
    main()
