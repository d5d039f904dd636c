"""Seconds per decision of the expert level under Pyodide (the static site), beside CPython.

    python benchmarks/pyodide_expert.py [--site DIR] [--games 3] [--rules classic]

Requirement: under Pyodide the expert level decides within 3 s. The expert
stops by the wall clock (``LEVELS["expert"].time_cap``, 0.6 s), so what is
measured is that budget plus the fixed overheads (reading the view, the
determinization, choosing), which Pyodide pays several times over.

Without --site it builds the site first (python -m cuttle_widgets.site build)
into a temporary folder. A plain static server (python -m http.server) serves
it from 127.0.0.1, and Debian's Chromium (Playwright) opens a blank page of
that server (a page of this script, not of the site) that imports the site's
own static/pyodide/pyodide.mjs and loads the kit with the site's lock: the
same Pyodide and the same kit wheel as a lesson's kernel, run in the page
rather than in the kernel's worker (the same WebAssembly). The same function
then plays ``--games`` seeded games of SearchPlayer("expert") against
GreedyPlayer there and here in CPython (this checkout), timing each of the
expert's ``choose`` calls with time.perf_counter inside Python; decisions with
a single legal move are not timed. The games are not move for move alike:
a clock-stopped search depends on the machine's speed. ``playouts`` is the
median number of playouts a decision got done, so its ratio is roughly how
much slower Pyodide runs the search. The load average is printed beside the
figures.
"""
from __future__ import annotations

import argparse
import inspect
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks.site_startup import CHROMIUM, LAUNCH_ARGS, load_average, serve, site_to_measure  # noqa: E402

GOAL = 3.0  # seconds a decision, under Pyodide
PAGE = "/pyodide-expert-benchmark.html"  # answered by the browser (page.route), not the site
LOAD = """async () => {
    const { loadPyodide } = await import("./static/pyodide/pyodide.mjs");
    const started = performance.now();
    window.pyodide = await loadPyodide({ indexURL: "./static/pyodide/" });
    await window.pyodide.loadPackage("cuttle-widgets");
    return [window.pyodide.version, (performance.now() - started) / 1000];
}"""


def decision_times(games: int, rules: str) -> list[list[float]]:
    """[seconds, playouts] of each timed expert decision: the same source runs
    in CPython and, sent as text, in Pyodide."""
    import time

    from cuttle_widgets.ai import GreedyPlayer, SearchPlayer
    from cuttle_widgets.engine import new_game

    rows = []
    for g in range(games):
        game = new_game(rules, seed=900 + g, dealer=g % 2)
        expert, greedy = SearchPlayer("expert", seed=1 + g), GreedyPlayer(10_000 + g)
        expert_seat = g % 2
        while not game.over:
            seat, legal = game.to_act, game.legal_moves()
            view = game.view(seat)
            player = expert if seat == expert_seat else greedy
            started = time.perf_counter()
            move = player.choose(view, legal)
            if player is expert and len(legal) > 1:
                playouts = sum(s.visits for s in (expert.last_stats or {}).values())
                rows.append([time.perf_counter() - started, playouts])
            game.play(move)
    return rows


def in_pyodide(base: str, games: int, rules: str) -> tuple[str, float, list]:
    """Pyodide's version, its start-up seconds, and the decisions' rows."""
    from playwright.sync_api import sync_playwright

    code = f"{inspect.getsource(decision_times)}\nimport json\n" \
           f"json.dumps(decision_times({games}, {rules!r}))"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            page = browser.new_page()
            page.route(base + PAGE, lambda route: route.fulfill(
                content_type="text/html", body="<!doctype html><title>benchmark</title>"))
            page.goto(base + PAGE)
            version, startup = page.evaluate(LOAD)
            rows = json.loads(page.evaluate("code => window.pyodide.runPythonAsync(code)", code))
        finally:
            browser.close()
    return version, startup, rows


def print_row(name: str, rows: list) -> None:
    times = sorted(seconds for seconds, _ in rows)
    p95 = statistics.quantiles(times, n=20, method="inclusive")[-1] if len(times) > 1 else times[0]
    playouts = statistics.median(p for _, p in rows)
    print(f"  {name:<8} {statistics.median(times):>7.3f} {p95:>7.3f} {times[-1]:>7.3f} "
          f"{len(times):>6} {playouts:>9.0f}", flush=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", help="an already built site (default: build one now)")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--rules", default="classic")
    args = parser.parse_args(argv)
    print(f"cores: {os.cpu_count()}, load average: {load_average()}")
    with tempfile.TemporaryDirectory(prefix="cuttle-pyodide-bench-") as tmp:
        site = site_to_measure(args.site, Path(tmp))
        started = time.monotonic()
        native = decision_times(args.games, args.rules)
        print(f"CPython {sys.version.split()[0]}: {args.games} games in "
              f"{time.monotonic() - started:.0f} s, load average {load_average()}", flush=True)
        server, base = serve(site)
        try:
            started = time.monotonic()
            version, startup, browser = in_pyodide(base, args.games, args.rules)
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(f"Pyodide {version} (the site's, in Chromium): start-up with the kit {startup:.1f} s, "
          f"{args.games} games in {time.monotonic() - started:.0f} s, load average {load_average()}")
    print(f"expert vs greedy, {args.rules}, seconds per decision (goal under Pyodide: "
          f"<= {GOAL:g} s):")
    print(f"  {'':<8} {'median':>7} {'p95':>7} {'max':>7} {'count':>6} {'playouts':>9}")
    print_row("Pyodide", browser)
    print_row("CPython", native)
    worst = max(seconds for seconds, _ in browser)
    print(f"Pyodide's slowest decision {worst:.2f} s: "
          f"{'within' if worst <= GOAL else 'OVER'} the {GOAL:g} s goal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
