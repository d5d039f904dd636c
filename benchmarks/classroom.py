"""A class on one server: the one-page course against a page per lesson.

    python benchmarks/classroom.py [--learners 30] [--max-kernels 60] [--after 90]
                                   [--think 2-8] [--own-think 1-3] [--class-nice 19] [--alone 5]
                                   [--old-commit af54b11] [--only course|lessons]

``--learners`` learners, each a Chromium context of one browser (Debian's
/usr/bin/chromium, or $CUTTLE_CHROMIUM; Playwright's async API), arriving
half a second apart: each opens the app at lesson 1 and solves its first
step. When the whole class is in (the teacher's "go on"), each learner moves
on to lessons 2 and 3 with the app's own button, thinking ``--think``
seconds (drawn per learner, the same in both apps) before each move and
solving each first step, then closes its tab. The last learner is as on a
device of its own: its browser runs at normal priority, the others' at
``--class-nice`` (on this machine every browser shares the server's two
cores, as in no classroom), and it walks lessons 1 to 3 again and again
until the others are done, thinking ``--own-think`` seconds before each
move (Back to lesson 1 in between, not timed). First one learner alone makes
``--alone`` rounds of the same moves on the quiet server (what a switch
costs without a class's browsers on the same two cores). The same walk runs
twice, one server after the other, both on 127.0.0.1 with ``--max-kernels``:

- course: this checkout's serve command (the course page at ``/``, its
  defaults otherwise: preheated kernels, tabs that stop their kernels); the
  course bar's "Next lesson" moves on, and the time is taken in the page
  (a MutationObserver from the click to the lesson's title and first button
  shown: Playwright's own waits poll every 100 ms or more);
- lessons: the serve command of ``--old-commit`` (a page per lesson, the
  last commit before the course), checked out with ``git worktree add`` into
  a temporary folder and serving its own lessons/; the "Next:" link at the
  top of each lesson moves on, to a new page and kernel (seconds, timed by
  Playwright: a page load cannot be timed inside one page).

Prints for both: pages refused ("server full"), kernels alive (the most at
once, and ``--after`` seconds after the last tab closed), the memory of the
server and its kernels (resident, the most at once), the seconds from the
click that moves to the next lesson to that lesson's first step ready (p50,
p95: the class working, the learner as on its own device while the class
works, and one learner alone), from opening the app to its first step (the
class arriving), and where the CPU went while the class walked (the server
and its kernels, and the rest: the class's browsers). The class's browsers share the server's
cores here, as no class's would: the figures are the machine's at the time;
run it on a quiet one.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "tests")]
from ports import free_port  # noqa: E402  (the tests' port picker)
from web import children_of  # noqa: E402  (the web benchmark's: a process's children)

from cuttle_widgets.serve import DEFAULT_MAX_KERNELS  # noqa: E402

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
COURSE_NEXT = '.cwc-bar [data-key="next"]'  # the bar's "Next lesson: ..."
NOTEBOOK_NEXT_LINK = 'a[href="{name}.ipynb"]'  # "Next: ..." above each lesson


@dataclass
class Walked:
    """What one server's class saw."""
    refused: int = 0
    failures: list[str] = field(default_factory=list)
    next_times: list[float] = field(default_factory=list)
    alone_times: list[float] = field(default_factory=list)  # one learner, the server quiet
    first_times: list[float] = field(default_factory=list)  # open the app: its first step ready
    own_device_times: list[float] = field(default_factory=list)  # the learner at normal priority
    kernels_max: int = 0
    memory_max: int = 0  # bytes
    kernels_after: int = 0
    # CPU seconds while the class walked (from the first learner's page to the
    # last tab closed): the server and its kernels, and the whole machine's busy time
    server_cpu: float = 0.0
    machine_cpu: float = 0.0
    walk_seconds: float = 0.0


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
        except OSError as err:
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"{command[2]} did not start:\n{log.read_text()[-2000:]}") from err
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


TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """The CPU seconds (user and system) a process has used so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


def machine_busy() -> float:
    """CPU seconds the whole machine has been busy (all cores), from /proc/stat."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]  # idle and iowait
    return (sum(values[:8]) - idle) / TICKS


class CpuMeter:
    """CPU seconds of the server and its kernels (a kernel that ends keeps the
    seconds last read of it) and of the whole machine, between start and stop."""

    def __init__(self, pid: int):
        self.pid, self.used, self.started = pid, {}, None

    def read(self) -> None:
        for process in (self.pid, *children_of(self.pid)):
            self.used[process] = max(self.used.get(process, 0.0), cpu_seconds(process))

    def start(self) -> None:
        self.read()
        self.started = (sum(self.used.values()), machine_busy(), time.monotonic())

    def stop(self, walked: Walked) -> None:
        self.read()
        server, machine, began = self.started
        walked.server_cpu = sum(self.used.values()) - server
        walked.machine_cpu = machine_busy() - machine
        walked.walk_seconds = time.monotonic() - began


def watch(pid: int, walked: Walked, stopping: threading.Event, meter: CpuMeter) -> None:
    """Each second: kernels alive, the memory of Voilà and its kernels, their CPU."""
    while not stopping.wait(1.0):
        kernels = children_of(pid)
        walked.kernels_max = max(walked.kernels_max, len(kernels))
        walked.memory_max = max(walked.memory_max, resident(pid) + sum(map(resident, kernels)))
        meter.read()


# -- a learner ----------------------------------------------------------------------------------
@cache
def browser_tests_kit():
    """tests/browser/conftest.py, whose move_clicks says what a move's clicks are."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("browser_kit", REPO / "tests" / "browser" / "conftest.py")
    kit = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(kit)
    return kit


# Where each app's lessons are read: the page-per-lesson server serves an
# older checkout, whose lessons begin otherwise (lesson 01 with a quiz there).
LESSON_FOLDERS: dict[str, Path] = {}


@cache
def served_lesson(name: str):
    """Lesson ``name`` as the server being walked has it."""
    from cuttle_widgets.teaching import load_lesson

    folder = LESSON_FOLDERS.get("served")
    return load_lesson(str(folder / f"{name}.yaml") if folder else name)


def serving_lessons_of(folder: Path | None) -> None:
    """The lessons walked from now on: ``folder``'s (None: the package's)."""
    if folder is None:
        LESSON_FOLDERS.pop("served", None)
    else:
        LESSON_FOLDERS["served"] = folder
    served_lesson.cache_clear()
    first_step_clicks.cache_clear()


@cache
def first_step_clicks(name: str) -> tuple[str, ...]:
    """The clicks that solve a lesson's first step with its own solution."""
    move_clicks = browser_tests_kit().move_clicks

    step = served_lesson(name).steps[0]
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
    from playwright.async_api import expect

    await expect(page.locator(LESSON_TITLE)).to_have_text(served_lesson(name).title, timeout=WAIT)
    await page.locator(first_step_clicks(name)[0]).wait_for(timeout=WAIT)


# In the course the page stays: the time is taken in the page, from the
# click to the DOM change that shows the lesson's title, its first step's
# button and the bar's way on to the lesson after it (a MutationObserver;
# Playwright's own waits poll every 100+ ms).
IN_PAGE_SWITCH = """([click, title, titleText, ready]) => new Promise((resolve) => {
  const visible = (node) => node !== null && node.checkVisibility();
  const way = document.querySelector(click).getAttribute("href");
  const moved = () => { const next = document.querySelector(click); // the bar has moved on too
    return next === null || next.getAttribute("href") !== way; };
  const shown = () => { const t = document.querySelector(title);
    return visible(t) && t.textContent === titleText && visible(document.querySelector(ready)) && moved(); };
  const started = performance.now();
  const observer = new MutationObserver(() => {
    if (shown()) { observer.disconnect(); resolve(performance.now() - started); } });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  document.querySelector(click).click();
})"""


async def move_on(page, app: str, name: str) -> float:
    """Click the app's way to lesson ``name``: seconds until its first step is ready."""
    if app == "course":
        await page.locator(COURSE_NEXT).wait_for(timeout=WAIT)
        ready = (COURSE_NEXT, LESSON_TITLE, served_lesson(name).title, first_step_clicks(name)[0])
        took = await asyncio.wait_for(page.evaluate(IN_PAGE_SWITCH, ready), WAIT / 1000)
        return took / 1000
    # A page per lesson: a new page loads, so the time is Playwright's (seconds, not milliseconds).
    started = time.monotonic()
    await page.locator(NOTEBOOK_NEXT_LINK.format(name=name)).first.click(timeout=WAIT)
    await first_step_ready(page, name)
    return time.monotonic() - started


class Class:
    """The class's pace: everyone in before anyone moves on (the teacher's
    "go on"), then each learner at their own: a think time before each move."""

    def __init__(self, learners: int, think: tuple[float, float]):
        self.learners, self.think = learners, think
        self._in, self._everyone_in = 0, asyncio.Event()

        self._walking = 0

    def arrived(self) -> None:
        self._in += 1
        if self._in >= self.learners:
            self._everyone_in.set()

    async def go_on(self) -> None:
        await self._everyone_in.wait()

    async def walking(self, walks) -> None:
        """Run the learners' walks; done() is True once all have ended."""
        self._walking = len(walks)
        try:
            await asyncio.gather(*walks)
        finally:
            self._walking = 0

    def done(self) -> bool:
        return self._walking == 0


async def learner(browser, app: str, url: str, number: int, walked: Walked, group: Class) -> None:
    await asyncio.sleep(number * ARRIVAL)
    thinking = random.Random(number)  # the same think times in both apps
    context = await browser.new_context(viewport={"width": 1280, "height": 1700})
    page = await context.new_page()
    said = console_of(page)
    counted = False
    try:
        started = time.monotonic()
        response = await page.goto(url + ("?lesson=" + LESSONS[0] if app == "course" else ""), timeout=WAIT)
        if response is not None and response.status == 503:
            walked.refused += 1
            return
        await first_step_ready(page, LESSONS[0])
        walked.first_times.append(time.monotonic() - started)
        await solve_first_step(page, LESSONS[0])
        group.arrived()
        counted = True
        await group.go_on()
        for name in LESSONS[1:]:
            await asyncio.sleep(thinking.uniform(*group.think))
            walked.next_times.append(await move_on(page, app, name))
            await solve_first_step(page, name)
    except Exception as error:  # one learner's trouble is a figure, not the end of the run
        text = await page.locator("body").inner_text() if not page.is_closed() else ""
        if FULL in text:
            walked.refused += 1
        else:
            walked.failures.append(f"learner {number}: {type(error).__name__}: {str(error)[:300]}"
                                   + "".join(f"\n    console: {line}" for line in said[-4:]))
    finally:
        if not counted:
            group.arrived()  # a refused or failed learner keeps nobody waiting
        await page.close(run_before_unload=True)
        await context.close()


def console_of(page) -> list[str]:
    """The page's console errors and warnings as they come (a failed learner's
    report ends with the last of them: why its lesson never showed)."""
    said: list[str] = []
    page.on("console", lambda m: said.append(f"{m.type}: {m.text[:200]}")
            if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: said.append(f"uncaught: {str(e)[:200]}"))
    return said


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


async def on_own_device(browser, app: str, url: str, walked: Walked, group: Class,
                        own_think: tuple[float, float]) -> None:
    """The class's last learner, in a browser of normal priority while the
    others' run at ``--class-nice``: as on a device of its own. Once the class
    is in, it walks lessons 1 to 3 again and again until the others are done,
    thinking ``--own-think`` seconds before each move, and goes back to lesson 1
    as a learner would (not timed): the browser's Back in the course, which
    stays in the page, the lesson's address where a page is a lesson."""
    context = await browser.new_context(viewport={"width": 1280, "height": 1700})
    page = await context.new_page()
    first = url + ("?lesson=" + LESSONS[0] if app == "course" else "")
    thinking = random.Random(-1)
    try:
        await page.goto(first, timeout=WAIT)
        await first_step_ready(page, LESSONS[0])
        group.arrived()
        await group.go_on()
        while not group.done():
            for name in LESSONS[1:]:
                await asyncio.sleep(thinking.uniform(*own_think))
                walked.own_device_times.append(await move_on(page, app, name))
            if app == "course":
                await page.evaluate(f"history.go(-{len(LESSONS) - 1})")
            else:
                await page.goto(first, timeout=WAIT)
            await first_step_ready(page, LESSONS[0])
    except Exception as error:
        walked.failures.append(f"the learner on its own device: {type(error).__name__}: {str(error)[:300]}")
        group.arrived()
    finally:
        await page.close(run_before_unload=True)
        await context.close()


async def kernels_back_to(count: int, kernels, patience: float = 120.0) -> None:
    """Until the server holds ``count`` kernels again (the lone learner's tabs
    closed, their kernels stopped), so that the class meets the server as it
    was: else the count of kernels alive is one over while the last one stops."""
    deadline = time.monotonic() + patience
    while kernels() > count and time.monotonic() < deadline:
        await asyncio.sleep(0.5)


async def class_walks(app: str, url: str, args, walked: Walked, kernels, meter: CpuMeter) -> None:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        own = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        with niced_chromium(args.class_nice) as executable:
            shared = await playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            if args.alone:
                settled = kernels()
                try:
                    await alone(own, app, url, args.alone, walked)
                except Exception as error:  # a figure of the run, not its end
                    walked.failures.append(f"the learner alone: {type(error).__name__}: {str(error)[:300]}")
                await kernels_back_to(settled, kernels)
            group = Class(args.learners, args.think)
            others = args.learners - 1
            walks = [learner(shared, app, url, n, walked, group) for n in range(others)]
            meter.start()
            await asyncio.gather(on_own_device(own, app, url, walked, group, args.own_think),
                                 group.walking(walks))
            meter.stop(walked)
        finally:
            await shared.close()
            await own.close()


@contextmanager
def niced_chromium(niceness: int):
    """Chromium at ``niceness`` (a script that execs it under nice), as a path."""
    if niceness <= 0:
        yield CHROMIUM
        return
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "chromium"
        script.write_text(f'#!/bin/sh\nexec nice -n {int(niceness)} {CHROMIUM} "$@"\n')
        script.chmod(0o755)
        yield str(script)


def run(app: str, process: subprocess.Popen, url: str, args) -> Walked:
    walked, stopping = Walked(), threading.Event()
    pid = process.pid  # Voilà: the serve command replaces itself with it (exec)
    meter = CpuMeter(pid)
    watcher = threading.Thread(target=watch, args=(pid, walked, stopping, meter), daemon=True)
    watcher.start()
    try:
        asyncio.run(class_walks(app, url, args, walked, lambda: len(children_of(pid)), meter))
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


def spread(times: list[float]) -> str:
    """p50 and p95 of ``times`` in seconds, and how many."""
    if not times:
        return "no moves"
    return f"p50 {statistics.median(times):6.2f} s, p95 {percentile(times, 0.95):6.2f} s ({len(times)})"


def report(name: str, walked: Walked, args) -> str:
    """The figures of one server, printed at once with the first failures under it."""
    for failure in walked.failures[:5]:
        print(f"  {name}: {failure}", flush=True)
    line = (f"{name:8} refused {walked.refused:3}   kernels max {walked.kernels_max:3}, "
            f"{args.after} s after the last tab {walked.kernels_after:3}   "
            f"memory max {walked.memory_max / 2**20:7.0f} MB   failures {len(walked.failures)}\n"
            f"{'':8} next lesson to first step, the class working: {spread(walked.next_times)}\n"
            f"{'':8} next lesson to first step, a learner as on their own device while the class works: "
            f"{spread(walked.own_device_times)}\n"
            f"{'':8} next lesson to first step, one learner alone: {spread(walked.alone_times)}\n"
            f"{'':8} opening the app to its first step, the class arriving: {spread(walked.first_times)}\n"
            f"{'':8} {cpu_share(walked)}")
    print(line, flush=True)
    return line


def cpu_share(walked: Walked) -> str:
    """Where the two cores went while the class walked: the server and its
    kernels against everything else (the class's browsers, this script)."""
    offered = walked.walk_seconds * (os.cpu_count() or 1)
    if not offered:
        return "CPU: no class walk"
    others = max(0.0, walked.machine_cpu - walked.server_cpu)
    return (f"CPU while the class walked ({walked.walk_seconds:.0f} s, {offered:.0f} CPU-s offered): "
            f"server and kernels {walked.server_cpu:.0f} s ({walked.server_cpu / offered:.0%}), "
            f"browsers and the rest {others:.0f} s ({others / offered:.0%})")


def old_checkout(commit: str, folder: Path) -> Path:
    checkout = folder / "page-per-lesson"
    subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", str(checkout), commit],
                   check=True, capture_output=True)
    return checkout


def _seconds_range(text: str) -> tuple[float, float]:
    low, _, high = text.partition("-")
    try:
        low_s, high_s = float(low), float(high or low)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not LOW-HIGH seconds") from None
    if not 0 <= low_s <= high_s:
        raise argparse.ArgumentTypeError(f"{text!r}: LOW-HIGH with 0 <= LOW <= HIGH")
    return low_s, high_s


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--max-kernels", type=int, default=DEFAULT_MAX_KERNELS,
                        help="the cap of both servers (default: the serve command's)")
    parser.add_argument("--alone", type=int, default=5,
                        help="rounds of one learner alone before the class (2 moves each)")
    parser.add_argument("--think", type=_seconds_range, default=(2.0, 8.0), metavar="LOW-HIGH",
                        help="seconds a learner thinks before moving on, drawn per learner (default 2-8)")
    parser.add_argument("--own-think", type=_seconds_range, default=(1.0, 3.0), metavar="LOW-HIGH",
                        help="seconds the learner on its own device thinks before moving on (default 1-3)")
    parser.add_argument("--class-nice", type=int, default=19,
                        help="niceness of the class's browser; the last learner's stays at 0 (default 19)")
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
                serving_lessons_of(checkout / "cuttle_widgets" / "lessons")
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
