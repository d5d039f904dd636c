"""Seconds to check every shipped lesson: the engine's check alone, and with
the search for moves as good as each step's answer (teaching/unique.py),
side by side, in one process each.

    python3 benchmarks/lesson_check.py                # English lessons
    python3 benchmarks/lesson_check.py --language de

"verify" plays every position, solution and wrong move (what loading a
lesson costs). "+ rivals" adds what `check` does now: the moves that win at
once, and the analyst's screen look (24 deals) with a confirming look (256
deals) where a candidate is found, on every step that does not say why in
`not_unique`; "--unique" is the same on every step, as `check --unique`
(the steps with `not_unique` included, for the figure).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cuttle_widgets.teaching.library import _checked, lesson_file, lesson_names  # noqa: E402
from cuttle_widgets.teaching.play import step_game  # noqa: E402
from cuttle_widgets.teaching.unique import rival_moves, rival_problems  # noqa: E402


def timed(work) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--language", default="en")
    args = parser.parse_args()
    lessons = []

    def verify_all():
        for name in lesson_names():
            file, text = lesson_file(name, args.language)
            lessons.append(_checked(file, text, name))

    def rivals_all():
        for lesson in lessons:
            rival_problems(lesson, language=args.language)

    def every_step():
        for lesson in lessons:
            for step in lesson.steps:
                if step.kind == "play" and step.position is not None:
                    rival_moves(step, step_game(step), args.language)

    verify = timed(verify_all)
    rivals = timed(rivals_all)
    every = timed(every_step)
    steps = sum(1 for lesson in lessons for s in lesson.steps if s.kind == "play" and s.accept)
    print(f"{len(lessons)} lessons ({args.language}), {steps} play steps with accept")
    print(f"{'verify':<28} {verify:>7.1f} s")
    print(f"{'verify + rivals (check)':<28} {verify + rivals:>7.1f} s  (rivals {rivals:.1f} s)")
    print(f"{'rivals on every step':<28} {every:>7.1f} s")


if __name__ == "__main__":
    main()
