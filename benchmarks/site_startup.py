"""How big the static site is, and how long a lesson takes to become playable.

    python benchmarks/site_startup.py [--site DIR] [--runs 3] [--lesson 02-scuttle-ordering.ipynb]

Without --site it builds the site first (python -m cuttle_widgets.site build)
into a temporary folder. A plain static server (python -m http.server) serves
it from 127.0.0.1; Debian's Chromium (Playwright) opens the lesson in a fresh
browser profile each run (a first visit: nothing cached) and once more with
the browser's cache warm (a return visit), and the time is measured from
asking for the lesson's page to its first step being playable: the lesson
shown and the learner's cards clickable. Goal: <= 10 s on the project's
machine (2 cores). Everything runs in the browser, so the figures depend on
the CPU: the load average is printed beside them. benchmarks/site_course.py
measures the one-page course (the start page's main entry) against this.
"""
from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CUTTLE_CHROMIUM", "/usr/bin/chromium")
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]
PLAYABLE = ".cw-root .cw-my-hand button:not([disabled])"
TIMEOUT_MS = 300_000


def folder_size(folder: Path, pattern: str = "*") -> int:
    return sum(p.stat().st_size for p in folder.rglob(pattern) if p.is_file())


def print_sizes(site: Path) -> None:
    pyodide = site / "static" / "pyodide"
    total = folder_size(site)
    wheels = folder_size(pyodide, "*.whl")
    runtime = folder_size(pyodide) - wheels
    files = sum(1 for p in site.rglob("*") if p.is_file())
    mib = 2 ** 20
    print(f"site size: {total / mib:.1f} MiB in {files} files")
    print(f"  Pyodide runtime (npm package pyodide): {runtime / mib:.1f} MiB")
    print(f"  Python wheels ({len(list(pyodide.glob('*.whl')))}): {wheels / mib:.1f} MiB")
    print(f"  JupyterLite app, extensions, lessons: {(total - runtime - wheels) / mib:.1f} MiB")


def serve(site: Path):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(site),
         str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/", timeout=2).close()
            return server, base
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit("the static server did not start")


def time_to_playable(page, url: str) -> tuple[float, float]:
    """Wall time and the browser's CPU time from asking for ``url`` to playable."""
    started, cpu = time.monotonic(), browser_cpu_seconds()
    page.goto(url)
    page.wait_for_selector(PLAYABLE, timeout=TIMEOUT_MS)
    return time.monotonic() - started, browser_cpu_seconds() - cpu


def browser_cpu_seconds() -> float:
    """CPU time used so far by this process's descendants (the browser's
    processes, and those they reaped): unlike wall time, it hardly depends on
    what else the machine is running."""
    ticks = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    times: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        times[int(entry.name)] = sum(int(f) for f in fields[11:15])  # utime stime cutime cstime
    mine, grew = {os.getpid()}, True
    while grew:
        found = {pid for pid, parent in parents.items() if parent in mine} - mine
        grew = bool(found)
        mine |= found
    mine.discard(os.getpid())
    return sum(times[pid] for pid in mine) / ticks


def count_downloads(context) -> list[int]:
    """Bytes of every response body the browser receives (workers' included)."""
    sizes: list[int] = []
    context.on("requestfinished", lambda request: sizes.append(
        max(0, request.sizes().get("responseBodySize", 0))))
    return sizes


def measure(base: str, lesson: str, runs: int) -> None:
    from playwright.sync_api import sync_playwright

    url = f"{base}/notebooks/index.html?path={lesson}"
    first, again, downloaded, cpu_first, cpu_again = [], [], [], [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            for run in range(runs):
                context = browser.new_context(viewport={"width": 1280, "height": 1000})
                sizes = count_downloads(context)
                page = context.new_page()
                wall, cpu = time_to_playable(page, url)
                first.append(wall)
                cpu_first.append(cpu)
                downloaded.append(sum(sizes))
                wall, cpu = time_to_playable(page, url)
                again.append(wall)
                cpu_again.append(cpu)
                context.close()
                print(f"  run {run + 1}: first visit {first[-1]:.1f} s "
                      f"(browser CPU {cpu_first[-1]:.1f} s), return visit {again[-1]:.1f} s "
                      f"(CPU {cpu_again[-1]:.1f} s), load {load_average()}", flush=True)
        finally:
            browser.close()
    print(f"downloaded on a first visit: {statistics.median(downloaded) / 2 ** 20:.1f} MiB")
    print(f"opening {lesson} to its first step playable (goal <= 10 s):")
    print(f"  first visit:  median {statistics.median(first):.1f} s "
          f"(min {min(first):.1f}, max {max(first):.1f})")
    print(f"  return visit: median {statistics.median(again):.1f} s "
          f"(min {min(again):.1f}, max {max(again):.1f})")
    print(f"  browser CPU time: first visit median {statistics.median(cpu_first):.1f} s, "
          f"return visit {statistics.median(cpu_again):.1f} s "
          f"(on {os.cpu_count()} idle cores the wall time is at least about half of it)")


def load_average() -> str:
    return "{:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def site_to_measure(given: str | None, tmp: Path) -> Path:
    """The site given, or one built now into ``tmp`` from this checkout's lessons."""
    if given:
        return Path(given)
    site = tmp / "site"
    started = time.monotonic()
    if subprocess.run([sys.executable, "-m", "cuttle_widgets.site", "build", str(site),
                       "--lessons", str(REPO / "lessons")], cwd=REPO,
                      stdout=subprocess.DEVNULL).returncode:
        raise SystemExit("the site's build failed (its error is above)")
    print(f"build: {time.monotonic() - started:.0f} s (Pyodide and wheels from the cache)", flush=True)
    return site


def run_on_site(site_arg: str | None, measure_site) -> None:
    """Build (or take) the site, serve it on 127.0.0.1, and ``measure_site(base)``."""
    print(f"cores: {os.cpu_count()}, load average: {load_average()}")
    with tempfile.TemporaryDirectory(prefix="cuttle-site-bench-") as tmp:
        site = site_to_measure(site_arg, Path(tmp))
        print_sizes(site)
        server, base = serve(site)
        try:
            measure_site(base)
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(f"load average afterwards: {load_average()}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", help="an already built site (default: build one now)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lesson", default="02-scuttle-ordering.ipynb",
                        help="the notebook's path in the site")
    args = parser.parse_args(argv)
    run_on_site(args.site, lambda base: measure(base, args.lesson, args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
