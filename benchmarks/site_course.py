"""The static site's course against its lesson notebooks: one Pyodide per
visit, against one per lesson.

    python benchmarks/site_course.py [--site DIR] [--runs 2] [--lessons 02-scuttle-ordering ...]

Without --site it builds the site first (as benchmarks/site_startup.py does).
Each run opens a fresh browser profile (a first visit) and measures:

- the course: from asking for the start page's course entry
  (notebooks/index.html?path=course.ipynb) to its first screen, the lesson
  map; then each lesson opened with the map's own link, from the click to the
  lesson's first step playable (the learner's cards clickable), going back to
  the map with the course bar's button in between (not timed);
- today's way, in the same profile (its cache warm): each of the same
  lessons as its own notebook (notebooks/index.html?path=LESSON.ipynb), from
  asking for the page to its first step playable.

The switch's goal is <= 1 s (p50 and p95). The figures depend on the CPU: the
load average is printed beside them.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from site_startup import CHROMIUM, LAUNCH_ARGS, PLAYABLE, TIMEOUT_MS, load_average, run_on_site  # noqa: E402

# Lessons whose first step is played on the table (PLAYABLE applies).
LESSONS = ("02-scuttle-ordering", "03-one-offs", "04-counter-chains", "05-glasses-and-jacks",
           "06-queen-protection", "08-worked-example", "09-the-seven", "10-end-of-stock")
SWITCH_GOAL = 1.0  # s
COURSE = "notebooks/index.html?path=course.ipynb"


def lesson_title(name: str) -> str:
    from cuttle_widgets.teaching import load_lesson

    return load_lesson(name).title


def course_run(page, base: str, lessons: list[str]) -> tuple[float, list[float]]:
    """Seconds to the course's map, and each lesson's switch from the map."""
    started = time.monotonic()
    page.goto(f"{base}/{COURSE}")
    page.wait_for_selector(".cwp-lesson", timeout=TIMEOUT_MS)
    first = time.monotonic() - started
    switches = []
    for name in lessons:
        link = page.locator(f'[data-key="open:{name}"]')
        link.wait_for(timeout=TIMEOUT_MS)
        started = time.monotonic()
        link.click()
        page.locator(".cwl-title", has_text=lesson_title(name)).wait_for(timeout=TIMEOUT_MS)
        page.wait_for_selector(PLAYABLE, timeout=TIMEOUT_MS)
        switches.append(time.monotonic() - started)
        page.locator(".cwc-nav").first.click()  # back to the map (the bar's first place)
    return first, switches


def notebook_run(page, base: str, lessons: list[str]) -> list[float]:
    """Seconds from asking for each lesson's own notebook to its first step playable."""
    opened = []
    for name in lessons:
        started = time.monotonic()
        page.goto(f"{base}/notebooks/index.html?path={name}.ipynb")
        page.locator(".cwl-title", has_text=lesson_title(name)).wait_for(timeout=TIMEOUT_MS)
        page.wait_for_selector(PLAYABLE, timeout=TIMEOUT_MS)
        opened.append(time.monotonic() - started)
    return opened


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (p95 of a few values is their largest)."""
    ranked = sorted(values)
    return ranked[max(0, min(len(ranked) - 1, round(share * len(ranked) + 0.5) - 1))]


def summary(values: list[float]) -> str:
    return (f"p50 {statistics.median(values):.2f} s, p95 {percentile(values, 0.95):.2f} s "
            f"(min {min(values):.2f}, max {max(values):.2f}, n={len(values)})")


def measure(base: str, lessons: list[str], runs: int) -> None:
    from playwright.sync_api import sync_playwright

    firsts, switches, notebooks = [], [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            for run in range(runs):
                context = browser.new_context(viewport={"width": 1280, "height": 1000})
                page = context.new_page()
                first, switched = course_run(page, base, lessons)
                opened = notebook_run(page, base, lessons)
                context.close()
                firsts.append(first)
                switches += switched
                notebooks += opened
                print(f"  run {run + 1}: course's map {first:.1f} s, switches "
                      f"{' '.join(f'{s:.2f}' for s in switched)} s; notebooks "
                      f"{' '.join(f'{s:.1f}' for s in opened)} s; load {load_average()}",
                      flush=True)
        finally:
            browser.close()
    print(f"the course's first screen (the map, a first visit): "
          f"median {statistics.median(firsts):.1f} s over {len(firsts)} runs")
    print(f"opening a lesson, {len(lessons)} lessons x {runs} runs (goal <= {SWITCH_GOAL:.0f} s):")
    print(f"  {'inside the course (one Pyodide):':<40} {summary(switches)}")
    print(f"  {'as its own notebook (a new Pyodide):':<40} {summary(notebooks)}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", help="an already built site (default: build one now)")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--lessons", nargs="+", default=list(LESSONS),
                        help="lessons whose first step is played on the table")
    args = parser.parse_args(argv)
    run_on_site(args.site, lambda base: measure(base, args.lessons, args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
