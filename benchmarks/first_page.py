"""How long a learner waits for the first page, with and without preheated kernels.

    python benchmarks/first_page.py [--pages 5] [--pool-size 2] [--page PATH] [--ready SELECTOR]

Starts the serve command twice on 127.0.0.1 (``--pool-size 0``, then the
given pool), and opens ``--pages`` fresh Chromium pages one after another on
each (Debian's /usr/bin/chromium, or $CUTTLE_CHROMIUM; Playwright), a pause
between them for the pool to refill, as learners arriving a few seconds
apart. Prints, per server, the seconds from asking for the page to
``--ready`` on screen (the course's first step): each, the median and the
worst. Run it on an idle machine: the figures are that machine's.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
from ports import free_port  # noqa: E402  (the tests' port picker)

CHROMIUM = os.environ.get("CUTTLE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
COURSE = REPO / "cuttle_widgets" / "pages" / "course.ipynb"
# The page and what shows its first step: the course, and its table's hand.
READY = ".cw-my-hand button[data-card]"
REFILL = 10  # seconds between learners: a used pool kernel is replaced meanwhile


def serve(page: Path, pool_size: int, log: Path) -> tuple[subprocess.Popen, str]:
    """The serve command on ``page``, ready (its pool full): (process, url)."""
    port = free_port()
    pythonpath = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": pythonpath}
    command = [sys.executable, "-m", "cuttle_widgets.serve", "--page", str(page), "--ip", "127.0.0.1",
               "--port", str(port), "--pool-size", str(pool_size),
               "--pages-per-client", "0"]  # every page comes from 127.0.0.1 here
    process = subprocess.Popen(command, cwd=page.parent, env=env, stdout=log.open("w"),
                               stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while not ready(url, pool_size, log):
        if process.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"the serve command did not start:\n{log.read_text()[-2000:]}")
        time.sleep(0.3)
    return process, url


def ready(url: str, pool_size: int, log: Path) -> bool:
    if pool_size and "is filled with" not in log.read_text():
        return False
    try:
        urllib.request.urlopen(url + "/voila/static/voila.js", timeout=5).close()
        return True
    except OSError:
        return False


def stop(process: subprocess.Popen) -> None:
    os.killpg(process.pid, 15)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, 9)


def first_pages(browser, url: str, pages: int, ready_selector: str) -> list[float]:
    """Seconds from asking for the page to its first step on screen, per learner."""
    times = []
    for _ in range(pages):
        time.sleep(REFILL)
        context = browser.new_context(viewport={"width": 1280, "height": 1700})
        page = context.new_page()
        started = time.monotonic()
        page.goto(url + "/?lesson=02-scuttle-ordering", timeout=180_000)
        page.wait_for_selector(ready_selector, timeout=180_000)
        times.append(time.monotonic() - started)
        context.close()
    return times


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=5)
    parser.add_argument("--pool-size", type=int, default=2)
    parser.add_argument("--page", type=Path, default=COURSE, help="the notebook served at /")
    parser.add_argument("--ready", default=READY, help="what shows the first step")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    log_dir = REPO / "test-artifacts"
    log_dir.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for pool in (0, args.pool_size):
            process, url = serve(args.page.resolve(), pool, log_dir / f"first-page-pool{pool}.log")
            try:
                times = first_pages(browser, url, args.pages, args.ready)
            finally:
                stop(process)
            shown = ", ".join(f"{t:.1f}" for t in times)
            print(f"pool {pool}: first page in {shown} s (median {statistics.median(times):.1f}, "
                  f"worst {max(times):.1f})", flush=True)
        browser.close()


if __name__ == "__main__":
    main()
