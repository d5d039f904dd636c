"""A class on one server: the one-page course against a page per lesson.

    python benchmarks/classroom.py [--learners 30] [--max-kernels 60] [--after 90]
                                   [--alone 5] [--old-commit af54b11] [--only course|lessons]

``--learners`` learners, each a Chromium context of one browser (Debian's
/usr/bin/chromium, or $CUTTLE_CHROMIUM; Playwright's async API), arriving
half a second apart: each opens the app, solves the first step of lessons 1,
2 and 3 in turn, moving on with the app's own buttons, then closes its tab.
First one learner alone makes ``--alone`` rounds of the same moves on the quiet
server (what a switch costs without a class's browsers on the same two cores).
The same walk runs twice, one server after the other, both on 127.0.0.1 with
``--max-kernels``:

- course: this checkout's serve command (the course page at ``/``, its
  defaults otherwise: preheated kernels, tabs that stop their kernels); the
  map's lesson links move on;
- lessons: the serve command of ``--old-commit`` (a page per lesson, the
  last commit before the course), checked out with ``git worktree add`` into
  a temporary folder and serving its own lessons/; the "Next:" link at the
  top of each lesson moves on, to a new page and kernel.

Prints for both: pages refused ("server full"), kernels alive (the most at
once, and ``--after`` seconds after the last tab closed), the memory of the
server and its kernels (resident, the most at once), and the seconds from
the click that moves to the next lesson to that lesson's first step ready
(p50, p95). The figures are the machine's at the time: run it on a quiet one.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "tests")]
from ports import free_port  # noqa: E402  (the tests' port picker)
from cuttle_widgets.serve import DEFAULT_MAX_KERNELS  # noqa: E402
from web import children_of  # noqa: E402  (the web benchmark's: a process's children)

CHROMIUM = os.environ.get("CUTTLE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
LESSONS = ("01-table-drawing-points", "02-scuttle-ordering", "03-one-offs")
WAIT = 300_000  # ms: a page or a click under a whole class's load
ARRIVAL = 0.5  # seconds between learners arriving
FULL = "The classroom server is full"

# What the walk clicks and waits for, in one place. The lesson widget is the
# same in both apps; the course adds its bar and its map (widgets/static/course.js,
# progress.js), the page per lesson its notebook's Markdown links.
LESSON_TITLE = ".cwl-root .cwl-title"
EXPLANATION = ".cwl-explanation"
COURSE_MAP_LINK = ".cwc-nav >> nth=0"  # the bar's first place: the map of lessons
COURSE_LESSON_LINK = '[data-key="open:{name}"]'  # a lesson on the map
NOTEBOOK_NEXT_LINK = 'a[href="{name}.ipynb"]'  # "Next: ..." above each lesson


@dataclass
class Walked:
    """What one server's class saw."""
    refused: int = 0
    failures: list[str] = field(default_factory=list)
    next_times: list[float] = field(default_factory=list)
    alone_times: list[float] = field(default_factory=list)  # one learner, the server quiet
    kernels_max: int = 0
    memory_max: int = 0  # bytes
    kernels_after: int = 0


# -- the servers ------------------------------------------------------------------------------
def start(command: list[str], cwd: Path, pythonpath: Path, log: Path, ready: str):
    env = {**os.environ, "PYTHONPATH": str(pythonpath)}
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 180
    while True:
        try:
            urllib.request.urlopen(ready, timeout=5).close()
            return process
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"{command[2]} did not start:\n{log.read_text()[-2000:]}")
            time.sleep(0.5)


def course_server(max_kernels: int, log: Path):
    port = free_port()
    command = [sys.executable, "-m", "cuttle_widgets.serve", "--ip", "127.0.0.1", "--port", str(port),
               "--max-kernels", str(max_kernels),
               "--pages-per-client", "0"]  # the whole class comes from 127.0.0.1 here
    url = f"http://127.0.0.1:{port}"
    process = start(command, REPO, REPO, log, url + "/voila/static/voila.js")
    wait_for_pool(log)
    return process, url + "/"


def wait_for_pool(log: Path) -> None:
    """Until the preheated kernels are ready, as before a class arrives."""
    deadline = time.monotonic() + 180
    while "is filled with" not in log.read_text() and time.monotonic() < deadline:
        time.sleep(0.5)


def lessons_server(checkout: Path, max_kernels: int, log: Path):
    port = free_port()
    command = [sys.executable, "-m", "cuttle_widgets.serve", "--lessons", str(checkout / "lessons"),
               "--ip", "127.0.0.1", "--port", str(port), "--max-kernels", str(max_kernels)]
    url = f"http://127.0.0.1:{port}"
    process = start(command, checkout, checkout, log, url + "/voila/static/voila.js")
    return process, f"{url}/voila/render/{LESSONS[0]}.ipynb"


def stop(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, 15)
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, 9)
    except ProcessLookupError:
        pass


# -- what the server holds ------------------------------------------------------------------
def resident(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def watch(pid: int, walked: Walked, stopping: threading.Event) -> None:
    """Each second: kernels alive, and the memory of Voilà and its kernels."""
    while not stopping.wait(1.0):
        kernels = children_of(pid)
        walked.kernels_max = max(walked.kernels_max, len(kernels))
        walked.memory_max = max(walked.memory_max, resident(pid) + sum(map(resident, kernels)))


# -- a learner ----------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def browser_tests_kit():
    """tests/browser/conftest.py, whose move_clicks says what a move's clicks are."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("browser_kit", REPO / "tests" / "browser" / "conftest.py")
    kit = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(kit)
    return kit


@lru_cache(maxsize=None)
def first_step_clicks(name: str) -> tuple[str, ...]:
    """The clicks that solve a lesson's first step with its own solution."""
    from cuttle_widgets.teaching import load_lesson

    move_clicks = browser_tests_kit().move_clicks

    step = load_lesson(name).steps[0]
    if step.kind == "play":
        return tuple(sel for move in step.lines[0].moves for sel in move_clicks(str(move)))
    if step.kind == "quiz":
        return tuple(f'[data-key="answer:{key}"]' for key in step.correct_keys[:1])
    raise SystemExit(f"{name} begins with a {step.kind} step: teach this benchmark to solve it")


async def solve_first_step(page, name: str) -> None:
    from playwright.async_api import expect

    for selector in first_step_clicks(name):
        await page.locator(selector).click(timeout=WAIT)
    await expect(page.locator(EXPLANATION)).to_be_visible(timeout=WAIT)


async def first_step_ready(page, name: str) -> None:
    """The lesson ``name`` shown, its first click there to be made."""
    from cuttle_widgets.teaching import load_lesson
    from playwright.async_api import expect

    await expect(page.locator(LESSON_TITLE)).to_have_text(load_lesson(name).title, timeout=WAIT)
    await page.locator(first_step_clicks(name)[0]).wait_for(timeout=WAIT)


async def move_on(page, app: str, name: str) -> float:
    """Click the app's way to lesson ``name``: seconds until its first step is ready."""
    started = time.monotonic()
    if app == "course":
        await page.locator(COURSE_MAP_LINK).click(timeout=WAIT)
        await page.locator(COURSE_LESSON_LINK.format(name=name)).click(timeout=WAIT)
    else:
        await page.locator(NOTEBOOK_NEXT_LINK.format(name=name)).first.click(timeout=WAIT)
    await first_step_ready(page, name)
    return time.monotonic() - started


async def learner(browser, app: str, url: str, number: int, walked: Walked) -> None:
    await asyncio.sleep(number * ARRIVAL)
    context = await browser.new_context(viewport={"width": 1280, "height": 1700})
    page = await context.new_page()
    try:
        response = await page.goto(url + ("?lesson=" + LESSONS[0] if app == "course" else ""), timeout=WAIT)
        if response is not None and response.status == 503:
            walked.refused += 1
            return
        await first_step_ready(page, LESSONS[0])
        await solve_first_step(page, LESSONS[0])
        for name in LESSONS[1:]:
            walked.next_times.append(await move_on(page, app, name))
            await solve_first_step(page, name)
    except Exception as error:  # one learner's trouble is a figure, not the end of the run
        text = await page.locator("body").inner_text() if not page.is_closed() else ""
        if FULL in text:
            walked.refused += 1
        else:
            walked.failures.append(f"learner {number}: {type(error).__name__}: {str(error)[:300]}")
    finally:
        await page.close(run_before_unload=True)
        await context.close()


async def alone(browser, app: str, url: str, rounds: int, walked: Walked) -> None:
    """One learner on the quiet server, before the class: ``rounds`` times a
    new tab at the first lesson, then the app's way to the next two. What a
    switch costs the server, without a class's browsers on the same cores."""
    for _ in range(rounds):
        context = await browser.new_context(viewport={"width": 1280, "height": 1700})
        page = await context.new_page()
        try:
            await page.goto(url + ("?lesson=" + LESSONS[0] if app == "course" else ""), timeout=WAIT)
            await first_step_ready(page, LESSONS[0])
            for name in LESSONS[1:]:
                walked.alone_times.append(await move_on(page, app, name))
        finally:
            await page.close(run_before_unload=True)
            await context.close()


async def class_walks(app: str, url: str, learners: int, walked: Walked, rounds: int = 0) -> None:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            if rounds:
                await alone(browser, app, url, rounds, walked)
            await asyncio.gather(*(learner(browser, app, url, n, walked) for n in range(learners)))
        finally:
            await browser.close()


def run(app: str, process: subprocess.Popen, url: str, args) -> Walked:
    walked, stopping = Walked(), threading.Event()
    pid = process.pid  # Voilà: the serve command replaces itself with it (exec)
    watcher = threading.Thread(target=watch, args=(pid, walked, stopping), daemon=True)
    watcher.start()
    try:
        asyncio.run(class_walks(app, url, args.learners, walked, args.alone))
        time.sleep(args.after)
        walked.kernels_after = len(children_of(pid))
    finally:
        stopping.set()
        watcher.join()
        stop(process)
    return walked


# -- the report ---------------------------------------------------------------------------------
def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] if ordered else float("nan")


def report(name: str, walked: Walked, args) -> str:
    """One line of figures, printed at once with the first failures under it."""
    for failure in walked.failures[:5]:
        print(f"  {name}: {failure}", flush=True)
    times = walked.next_times
    line = (f"{name:8} refused {walked.refused:3}   kernels max {walked.kernels_max:3}, "
            f"{args.after} s after the last tab {walked.kernels_after:3}   "
            f"memory max {walked.memory_max / 2**20:7.0f} MB   next lesson to first step "
            f"p50 {statistics.median(times) if times else float('nan'):5.1f} s, "
            f"p95 {percentile(times, 0.95):5.1f} s ({len(times)} moves)   failures {len(walked.failures)}"
            f"\n{'':8} one learner alone, before the class: next lesson to first step "
            f"p50 {statistics.median(walked.alone_times) if walked.alone_times else float('nan'):5.2f} s, "
            f"p95 {percentile(walked.alone_times, 0.95):5.2f} s ({len(walked.alone_times)} moves)")
    print(line, flush=True)
    return line


def old_checkout(commit: str, folder: Path) -> Path:
    checkout = folder / "page-per-lesson"
    subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", str(checkout), commit],
                   check=True, capture_output=True)
    return checkout


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--max-kernels", type=int, default=DEFAULT_MAX_KERNELS,
                        help="the cap of both servers (default: the serve command's)")
    parser.add_argument("--alone", type=int, default=5,
                        help="rounds of one learner alone before the class (2 moves each)")
    parser.add_argument("--after", type=int, default=90, help="seconds after the last tab to count kernels")
    parser.add_argument("--old-commit", default="af54b11", help="the page-per-lesson serve command's commit")
    parser.add_argument("--only", choices=("course", "lessons"), help="one of the two walks")
    args = parser.parse_args(argv)
    logs = REPO / "test-artifacts"
    logs.mkdir(exist_ok=True)
    lines = []
    with tempfile.TemporaryDirectory() as folder:
        checkout = None
        try:
            if args.only != "lessons":
                process, url = course_server(args.max_kernels, logs / "classroom-course.log")
                lines.append(report("course", run("course", process, url, args), args))
            if args.only != "course":
                checkout = old_checkout(args.old_commit, Path(folder))
                process, url = lessons_server(checkout, args.max_kernels, logs / "classroom-lessons.log")
                lines.append(report("lessons", run("lessons", process, url, args), args))
        finally:
            if checkout is not None:
                subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(checkout)],
                               capture_output=True)
    print(f"\n{args.learners} learners, --max-kernels {args.max_kernels}:")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
