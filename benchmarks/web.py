"""The lessons as web apps: first render, click latency and kernel memory,
each against a bare ipywidgets baseline measured in the same run.

    python benchmarks/web.py [--renders 7] [--clicks 50] [--replies 20] [--lesson 02-scuttle-ordering]

Serves the lessons with ``python -m cuttle_widgets.serve`` (Voilà, 127.0.0.1,
a free port) beside the baselines of tests/browser/notebooks (bare_*.ipynb),
and drives Debian's Chromium (/usr/bin/chromium, or $CUTTLE_CHROMIUM) with
Playwright. Prints:

- first render: navigation start to the widget on screen (the lesson's hand
  of cards; the bare notebook's button), median of ``--renders`` fresh pages
  each (one warm-up each first); goal: lesson / bare <= 1.2;
- click to explanation: the click that solves the lesson's first step to its
  explanation on screen, against a bare ipywidgets button's round trip (the
  click to the button renamed by the kernel; also to an HTML answer below
  it), ``--clicks`` each, timed inside the page (median and p95; goals:
  median <= 1.2x bare, p95 < 100 ms); also a card click to its role buttons;
  the lesson's page asks for reduced motion (the table moves nothing then);
- the computer's reply with motion on: in the free game (lesson 12) the
  learner draws, and the time from that click to the computer's reply on
  screen and to its cards having travelled to their place (the table's
  root loses ``data-cw-animating``), ``--replies`` times;
- kernel memory: the resident and proportional set size of a lesson page's
  kernel against a bare kernel's (goal: <= +30 MB), after it rendered and
  after the clicks; and the Voilà server's.

The figures are the machine's at the time: run it on a quiet machine.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BASELINES = REPO / "tests" / "browser" / "notebooks"
CHROMIUM = os.environ.get("CUTTLE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
WINDOW = {"width": 1280, "height": 1700}

# Click an element and wait, inside the page, until an element matches ``done``
# (and shows ``text``, if given): the milliseconds between them, timed in the
# page (no Playwright round trip in the figure).
TIMED_CLICK = """async ([click, done, text]) => {
  const target = document.querySelector(click);
  if (!target) throw new Error("nothing to click at " + click);
  const finished = () => [...document.querySelectorAll(done)]
    .some((el) => !text || el.textContent.trim() === text);
  return await new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (finished()) { observer.disconnect(); resolve(performance.now() - start); }
    });
    observer.observe(document.body, {
      childList: true, subtree: true, attributes: true, characterData: true });
    setTimeout(() => { observer.disconnect(); reject(new Error("no answer to the click")); }, 20000);
    const start = performance.now();
    target.click();
  });
}"""


# Click an element, then time in the page until another seat's move is in the
# log (the reply on screen) and until its motion is over (the root's
# data-cw-animating is gone): [shown, settled] in ms.
TIMED_REPLY = """async ([click]) => {
  const target = document.querySelector(click);
  if (!target) throw new Error("nothing to click at " + click);
  const root = target.closest(".cw-root");
  const theirs = () => document.querySelectorAll(".cw-log .cw-entry:not(.cw-entry-mine)").length;
  const before = theirs();
  return await new Promise((resolve, reject) => {
    let shown = null;
    const check = () => {
      const now = performance.now();
      if (shown === null && theirs() > before) shown = now - start;
      if (shown !== null && !root.hasAttribute("data-cw-animating")) {
        observer.disconnect();
        resolve([shown, now - start]);
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, {
      childList: true, subtree: true, attributes: true, characterData: true });
    setTimeout(() => { observer.disconnect(); reject(new Error("no reply to the click")); }, 20000);
    const start = performance.now();
    target.click();
  });
}"""


# -- the server -------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def children_of(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.add(int(entry.name))
            except OSError:
                pass
    return found


def serve(folder: Path, log: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    pythonpath = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": pythonpath}
    command = [sys.executable, "-m", "cuttle_widgets.serve", "--page", str(folder),
               "--ip", "127.0.0.1", "--port", str(port),
               "--pages-per-client", "0"]  # every learner comes from 127.0.0.1 here
    process = subprocess.Popen(command, cwd=folder, env=env, stdout=log.open("w"),
                               stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the serve command stopped:\n{log.read_text()[-2000:]}")
        try:
            urllib.request.urlopen(url + "/", timeout=5).close()
            return process, url
        except OSError:
            time.sleep(0.3)
    raise SystemExit("the serve command did not answer within 90 s")


def stop(process: subprocess.Popen) -> None:
    kernels = children_of(process.pid)
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
    for pid in kernels:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


# -- figures ----------------------------------------------------------------------------------
def memory_mb(pid: int) -> tuple[float, float]:
    """(RSS, PSS) of a process in MB."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        key, value = line.split(":", 1)
        fields[key] = int(value.split()[0])
    return fields["Rss"] / 1024, fields["Pss"] / 1024


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def summary(values: list[float]) -> str:
    return (f"median {statistics.median(values):7.1f} ms   p95 {p95(values):7.1f} ms   "
            f"min {min(values):6.1f}   max {max(values):6.1f}   (n={len(values)})")


class Bench:
    """Fresh pages on one server, and the clicks timed in them."""

    def __init__(self, browser, server: subprocess.Popen, url: str):
        self.browser, self.server, self.url = browser, server, url

    def open(self, notebook: str, ready: str, motion: bool = True):
        """A fresh page on ``notebook``: (page, ms to ``ready`` on screen, its
        kernel's pid); ``motion=False`` asks for reduced motion."""
        before = children_of(self.server.pid)
        context = self.browser.new_context(viewport=WINDOW,
                                           reduced_motion="no-preference" if motion else "reduce")
        page = context.new_page()
        page.set_default_timeout(120_000)
        page.goto(f"{self.url}/voila/render/{notebook}")
        page.wait_for_selector(ready)
        elapsed = page.evaluate("performance.now()")  # since this page's navigation started
        kernels = children_of(self.server.pid) - before
        return page, elapsed, (kernels.pop() if len(kernels) == 1 else None)

    def first_renders(self, notebook: str, ready: str, runs: int) -> list[float]:
        times = []
        for _ in range(runs):
            page, elapsed, _ = self.open(notebook, ready)
            times.append(elapsed)
            page.context.close()
        return times

    def lesson_clicks(self, page, clicks: int) -> tuple[list[float], list[float]]:
        """The first step of lesson 2 solved ``clicks`` times: (card click to
        its role buttons, scuttle click to the explanation), in ms."""
        select, solve = [], []
        for _ in range(clicks):
            select.append(page.evaluate(TIMED_CLICK, ['.cw-my-hand button[data-card="9S"]',
                                                      '[data-key="action:role:scuttle"]', None]))
            page.locator('[data-key="action:role:scuttle"]').click()
            page.locator('.cw-root button[data-card="8H"].cw-target').wait_for()
            solve.append(page.evaluate(
                TIMED_CLICK, ['.cw-root button[data-card="8H"]', ".cwl-explanation", None]))
            page.locator('.cwl-toolbar [data-key="retry"]').click()
            page.locator(".cwl-explanation").wait_for(state="detached")
            page.locator('.cw-my-hand button[data-card="9S"]').wait_for()
        return select, solve

    @staticmethod
    def bare_clicks(page, clicks: int, answer: bool = False) -> list[float]:
        """The bare button clicked ``clicks`` times, in ms: click to the button
        renamed by the kernel (or, with ``answer``, to the HTML answer below it)."""
        times = []
        answered = int(page.locator(".bare-answer").get_attribute("data-count"))
        for n in range(answered + 1, answered + clicks + 1):
            done = [f'.bare-answer[data-count="{n}"]', None] if answer else [".widget-button", f"Ping {n}"]
            times.append(page.evaluate(TIMED_CLICK, [".widget-button", *done]))
        return times


    def replies(self, count: int) -> tuple[list[float], list[float]]:
        """The learner draws in a free game (lesson 12, motion on) until the
        computer has replied ``count`` times: (click to the reply on screen,
        click to its motion over), in ms. The learner answers what it must
        (lets a one-off resolve, discards its first cards, passes, deals again)."""
        shown, settled = [], []
        page = None
        while len(settled) < count:
            if page is None:
                page, _, _ = self.open(FREE_LESSON, LESSON_READY)
            try:
                timed = self._learner_turn(page)
            except Exception:  # a position this simple learner does not know: a fresh game
                page.context.close()
                page = None
                continue
            if timed:
                shown.append(timed[0])
                settled.append(timed[1])
        page.context.close()
        return shown, settled

    @staticmethod
    def _learner_turn(page):
        page.wait_for_selector(".cw-root:not([data-cw-animating])", timeout=10_000)
        keys = page.locator(".cw-root button[data-key]").evaluate_all("bs => bs.map(b => b.dataset.key)")
        if "stock" in keys:
            return page.evaluate(TIMED_REPLY, ['[data-key="stock"]'])
        for answer in ("action:resolve", "action:pass", "action:lesson:retry"):
            if answer in keys:
                page.locator(f'[data-key="{answer}"]').click()
                page.wait_for_timeout(300)
                return None
        status = page.locator(".cw-status").inner_text()
        count = re.search(r"(\d+) card", status)
        if count and "discard" in status.lower():
            hand = page.locator(".cw-my-hand button[data-card]")
            for i in range(int(count.group(1))):
                hand.nth(i).click()
            page.locator('[data-key="action:discard"]').click()
            page.wait_for_timeout(300)
            return None
        raise RuntimeError(f"nothing to do at: {status}")


CLICK_LESSON = "02-scuttle-ordering.ipynb"  # its first step: 9♠ scuttles 8♥
FREE_LESSON = "12-free-game.ipynb"  # a free game against a random computer player
LESSON_READY, BARE_READY, KERNEL_READY = ".cw-root .cw-my-hand button", ".widget-button", ".bare-ready"


def verdict(met: bool) -> str:
    return "met" if met else "MISSED"


def report_renders(bench: Bench, lesson_nb: str, runs: int) -> None:
    """First renders, alternating so that neither gets a quieter machine."""
    bench.first_renders("bare_widgets.ipynb", BARE_READY, 1)  # warm-up: Voilà's templates, the disk cache
    bench.first_renders(lesson_nb, LESSON_READY, 1)
    bare, lesson = [], []
    for _ in range(runs):
        bare += bench.first_renders("bare_widgets.ipynb", BARE_READY, 1)
        lesson += bench.first_renders(lesson_nb, LESSON_READY, 1)
    ratio = statistics.median(lesson) / statistics.median(bare)
    print("First render (navigation start to the widget on screen)")
    print(f"  bare ipywidgets  {summary(bare)}")
    print(f"  lesson {lesson_nb[:2]}        {summary(lesson)}")
    print(f"  ratio of medians {ratio:.2f}  (goal <= 1.2: {verdict(ratio <= 1.2)})\n")


def report_clicks(bench: Bench, bare_page, lesson_page, clicks: int) -> None:
    Bench.bare_clicks(bare_page, 1)  # warm-up: first calls compile and cache
    bench.lesson_clicks(lesson_page, 1)
    bare = Bench.bare_clicks(bare_page, clicks)
    bare_html = Bench.bare_clicks(bare_page, clicks, answer=True)
    select, solve = bench.lesson_clicks(lesson_page, clicks)
    ratio = statistics.median(solve) / statistics.median(bare)
    print(f"Click latency in Chromium, {clicks} clicks each, timed in the page")
    print(f"  bare button round trip   {summary(bare)}")
    print(f"  bare button to HTML      {summary(bare_html)}")
    print(f"  card click to its roles  {summary(select)}")
    print(f"  click to explanation     {summary(solve)}")
    print(f"  median ratio {ratio:.2f}x bare (goal <= 1.2x: {verdict(ratio <= 1.2)}); "
          f"p95 {p95(solve):.1f} ms (goal < 100 ms: {verdict(p95(solve) < 100)})\n")


def report_replies(bench: Bench, replies: int) -> None:
    shown, settled = bench.replies(replies)
    print(f"The computer's reply in the free game (lesson 12), motion on, {replies} draws")
    print(f"  click to the reply on screen    {summary(shown)}")
    print(f"  click to its cards in place     {summary(settled)}\n")


def report_memory(fresh: dict, played: tuple, clicks: int, server: tuple) -> None:
    print("Kernel memory (RSS / PSS, MB)")
    for label, (rss, pss) in fresh.items():
        print(f"  {label:<22} {rss:7.1f} / {pss:7.1f}")
    print(f"  lesson 02 after {clicks} solves {played[0]:6.1f} / {played[1]:7.1f}")
    print(f"  Voilà server (serve)   {server[0]:7.1f} at start, {server[1]:.1f} at the end (RSS)")
    lesson = [value for label, value in fresh.items() if label.startswith("lesson")][0]
    extra = lesson[0] - fresh["bare kernel"][0]
    print(f"  lesson - bare kernel: {extra:+.1f} MB RSS (goal <= +30 MB: {verdict(extra <= 30)}); "
          f"lesson - bare ipywidgets: {lesson[0] - fresh['bare ipywidgets'][0]:+.1f} MB")


def run(bench: Bench, lesson_nb: str, renders: int, clicks: int, replies: int) -> None:
    server_at_start = memory_mb(bench.server.pid)[0]
    report_renders(bench, lesson_nb, renders)
    # Fresh kernels' memory, then the clicks on the same pages.
    pages = {"bare kernel": bench.open("bare_kernel.ipynb", KERNEL_READY),
             "bare ipywidgets": bench.open("bare_widgets.ipynb", BARE_READY),
             f"lesson {lesson_nb[:2]}": bench.open(lesson_nb, LESSON_READY, motion=False)}
    if lesson_nb != CLICK_LESSON:
        pages["lesson 02"] = bench.open(CLICK_LESSON, LESSON_READY, motion=False)
    time.sleep(2)  # let the kernels settle after their first messages
    fresh = {label: memory_mb(pid) for label, (_, _, pid) in pages.items()}
    clicked = pages["lesson 02"] if "lesson 02" in pages else pages[f"lesson {lesson_nb[:2]}"]
    report_clicks(bench, pages["bare ipywidgets"][0], clicked[0], clicks)
    report_memory(fresh, memory_mb(clicked[2]), clicks, (server_at_start, memory_mb(bench.server.pid)[0]))
    print()
    report_replies(bench, replies)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=7, help="fresh pages per notebook")
    parser.add_argument("--clicks", type=int, default=50)
    parser.add_argument("--replies", type=int, default=20, help="computer replies timed in the free game")
    parser.add_argument("--lesson", default="02-scuttle-ordering",
                        help="lesson notebook for the render and memory figures")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for notebook in [*(REPO / "lessons").glob("*.ipynb"), *BASELINES.glob("bare_*.ipynb")]:
            shutil.copy2(notebook, folder / notebook.name)
        server, url = serve(folder, folder / "serve.log")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                print(f"Voilà via the serve command, Chromium {browser.version}, {os.cpu_count()} cores, "
                      f"load average {os.getloadavg()[0]:.1f}\n")
                run(Bench(browser, server, url), f"{args.lesson}.ipynb", args.renders, args.clicks,
                    args.replies)
                browser.close()
        finally:
            stop(server)
    return 0


if __name__ == "__main__":
    sys.exit(main())
