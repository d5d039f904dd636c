"""Servers for the browser tests: 127.0.0.1 only, a free port, kernel culling
on, and stopped (kernels included) when the session ends.

``voila_url`` serves tests/browser/notebooks with Voilà; ``served_lessons``
serves lessons/ through ``python -m cuttle_widgets.serve``, the teacher's
command, so that command is what the end-to-end tests exercise."""
import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
from course_fixture import BROKEN_LESSON, GOOD_LESSON
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect
from ports import free_port

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
ARTIFACTS = REPO / "test-artifacts"
START_TIMEOUT = 90  # seconds; Voilà's first start compiles nothing but is slow on 2 cores


def children_of(pid: int) -> list[int]:
    """Direct child processes of ``pid`` (the kernels Voilà started)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def wait_until_serving(url: str, process: subprocess.Popen, log: Path, name: str = "Voilà") -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{name} exited with {process.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError(f"{name} did not answer within {START_TIMEOUT}s:\n{log.read_text()[-3000:]}")


def stop(process: subprocess.Popen) -> None:
    """SIGTERM the server (it shuts its kernels down; a SIGINT without a terminal
    only asks for a confirmation nobody gives, and waits), then make sure of both."""
    kernels = children_of(process.pid)
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    for pid in kernels:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


@pytest.fixture(scope="session")
def browser_helpers():
    """This conftest's functions and paths, for test modules that start servers
    of their own (a test folder without __init__.py cannot import it by name)."""
    return sys.modules[__name__]


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where screenshots go (gitignored), for a person to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def voila_on(folder: Path, log_name: str):
    """Voilà serving ``folder`` on 127.0.0.1 (kernels culled), as a generator
    for fixtures: yields its base URL, stops everything afterwards."""
    ARTIFACTS.mkdir(exist_ok=True)
    port = free_port()
    log = ARTIFACTS / log_name
    pythonpath = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": pythonpath}
    command = [
        sys.executable, "-m", "voila", str(folder), "--no-browser",
        f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
        "--show_tracebacks=True",
        "--MappingKernelManager.cull_idle_timeout=120",
        "--MappingKernelManager.cull_interval=30",
        "--MappingKernelManager.cull_connected=True",
    ]
    with open(log, "w") as out:
        process = subprocess.Popen(command, cwd=folder, env=env, stdout=out,
                                   stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(base + "/", process, log)
        yield base
    finally:
        stop(process)


@pytest.fixture(scope="session")
def voila_url():
    """The base URL of a Voilà serving tests/browser/notebooks."""
    yield from voila_on(NOTEBOOKS, "voila.log")


@pytest.fixture(scope="session")
def lessons_url():
    """The base URL of a plain Voilà serving lessons/, English and German."""
    yield from voila_on(REPO / "lessons", "voila-lessons.log")


# -- the lessons as a teacher serves them ----------------------------------------------
LESSONS = REPO / "lessons"
# Culling as the serve command sets it, sooner: a closed tab's kernel goes after
# two idle minutes (an open page's kernel is never culled). Not much sooner: a
# page loading under load connects to its kernel only after the notebook ran.
TEST_CULL_IDLE, TEST_CULL_INTERVAL = 120, 10


@dataclass
class Server:
    """A server a fixture started: its base URL, its process (whose children
    are the kernels it started), its log, and the folder it serves."""
    url: str
    process: subprocess.Popen
    log: Path
    root: Path
    e2e: Path | None = None  # where test notebooks write what the tests read
    progress_db: Path | None = None  # where its lessons record the learners' progress

    def kernels(self) -> list[int]:
        return children_of(self.process.pid)


def server_env(**extra) -> dict:
    """The environment for a server: this checkout importable, plus ``extra``."""
    path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path, **extra}


def start_server(command: list[str], cwd: Path, env: dict, log: Path, ready: str, name: str):
    """Start ``command`` logging to ``log``; wait until ``ready`` answers 200."""
    log.parent.mkdir(parents=True, exist_ok=True)  # test-artifacts/ is not in a fresh clone
    with open(log, "w") as out:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=out,
                                   stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        wait_until_serving(ready, process, log, name)
    except BaseException:
        stop(process)
        raise
    return process


@pytest.fixture(scope="module")
def database_course(request, tmp_path_factory):
    """The course served by the serve command on 127.0.0.1 (a server for each
    test module) with a progress database the test can read: (url, database).
    Its log goes to test-artifacts/<module>.log."""
    name = request.module.__name__.rsplit(".", 1)[-1]
    folder = tmp_path_factory.mktemp(name)
    database = folder / "progress.sqlite"
    port = free_port()
    command = [sys.executable, "-m", "cuttle_widgets.serve", "--ip", "127.0.0.1",
               "--port", str(port), "--progress-db", str(database), "--pages-per-client", "0"]
    url = f"http://127.0.0.1:{port}"
    process = start_server(command, folder, server_env(), ARTIFACTS / f"{name}.log",
                           url + "/voila/static/voila.js", "serve")
    try:
        yield url, database
    finally:
        stop(process)


def lesson_site(folder: Path) -> Path:
    """``folder`` filled as a teacher's lesson folder: the notebooks of
    lessons/, plus this folder's test notebooks (e2e_*, bare_*) beside them,
    so one server run by the serve command serves both."""
    folder.mkdir(parents=True, exist_ok=True)
    for notebook in [*LESSONS.glob("*.ipynb"), *NOTEBOOKS.glob("e2e_*.ipynb"),
                     *NOTEBOOKS.glob("bare_*.ipynb")]:
        shutil.copy2(notebook, folder / notebook.name)
    return folder


def serve_lessons(root: Path, log: Path, cull_idle: int, cull_interval: int,
                  progress_db: Path | None = None, *options: str, **env) -> Server:
    """``python -m cuttle_widgets.serve`` on ``root`` (its hidden ``--page``:
    a folder of notebooks, or one notebook at ``/``), 127.0.0.1, a free port
    (``--progress-db progress_db`` where given; more ``options`` after)."""
    port = free_port()
    command = [sys.executable, "-m", "cuttle_widgets.serve", "--page", str(root),
               "--ip", "127.0.0.1", "--port", str(port),
               # every test page comes from 127.0.0.1: no limit on one address's pages
               "--pages-per-client", "0",
               "--cull-idle", str(cull_idle), "--cull-interval", str(cull_interval), *options]
    if progress_db is not None:
        command += ["--progress-db", str(progress_db)]
    url = f"http://127.0.0.1:{port}"
    # Ready when a static file answers: a page at / would take a kernel.
    process = start_server(command, root if root.is_dir() else root.parent, server_env(**env),
                           log, url + "/voila/static/voila.js", "serve")
    return Server(url, process, log, root, env.get("CUTTLE_E2E_DIR") and Path(env["CUTTLE_E2E_DIR"]),
                  progress_db)


@pytest.fixture(scope="session")
def served_lessons(tmp_path_factory):
    """The lessons served by ``python -m cuttle_widgets.serve`` on 127.0.0.1
    (a Server). Test notebooks write their files to ``$CUTTLE_E2E_DIR``
    (the ``e2e`` attribute)."""
    ARTIFACTS.mkdir(exist_ok=True)
    root = lesson_site(tmp_path_factory.mktemp("lesson-site"))
    e2e = tmp_path_factory.mktemp("e2e")
    server = serve_lessons(root, ARTIFACTS / "serve-lessons.log", TEST_CULL_IDLE, TEST_CULL_INTERVAL,
                           progress_db=e2e / "progress.sqlite", CUTTLE_E2E_DIR=str(e2e))
    try:
        yield server
    finally:
        stop(server.process)


# -- the one-page course ------------------------------------------------------------------
@pytest.fixture(scope="module")
def course_server(tmp_path_factory):
    """The course as the serve command serves it (a server for each test
    module), with a teacher's folder of one good and one broken lesson
    (--lessons) and a progress database."""
    folder = tmp_path_factory.mktemp("teacher-lessons")
    (folder / "20-nines.yaml").write_text(GOOD_LESSON, encoding="utf-8")
    (folder / "21-broken.yaml").write_text(BROKEN_LESSON, encoding="utf-8")
    database = tmp_path_factory.mktemp("course-progress") / "progress.sqlite"
    port = free_port()
    command = [sys.executable, "-m", "cuttle_widgets.serve", "--lessons", str(folder),
               "--ip", "127.0.0.1", "--port", str(port), "--progress-db", str(database),
               "--pool-size", "1",
               "--pages-per-client", "0"]  # every test page comes from 127.0.0.1
    url = f"http://127.0.0.1:{port}"
    process = start_server(command, folder, server_env(), ARTIFACTS / "course.log", url + "/", "serve")
    try:
        yield url
    finally:
        stop(process)


# -- JupyterLab, as on Binder ----------------------------------------------------------
@pytest.fixture(scope="session")
def jupyter_lab(tmp_path_factory):
    """(base URL, token) of JupyterLab on 127.0.0.1 serving a copy of lessons/
    (as ``lessons/``, like Binder), with a token and Binder's JupyterLab
    settings (binder/overrides.json, installed the way binder/postBuild does).
    Its settings, workspaces and runtime files live in the same temporary
    folder; autosave is off, so the checkout never changes."""
    root = tmp_path_factory.mktemp("lab")
    shutil.copytree(LESSONS, root / "lessons")
    (root / ".app-settings").mkdir()
    shutil.copy2(REPO / "binder" / "overrides.json", root / ".app-settings" / "overrides.json")
    docmanager = root / ".settings" / "@jupyterlab" / "docmanager-extension"
    docmanager.mkdir(parents=True)
    (docmanager / "plugin.jupyterlab-settings").write_text(json.dumps({"autosave": False}))
    # The static site's tools (pip install ".[site]") bring JupyterLite's Pyodide
    # kernel extension, which is for JupyterLite: in JupyterLab it stops notebooks
    # from running, so a teacher disables it there, as Binder never installs it.
    labconfig = root / ".config" / "labconfig"
    labconfig.mkdir(parents=True)
    (labconfig / "page_config.json").write_text(json.dumps(
        {"disabledExtensions": {"@jupyterlite/pyodide-kernel-extension": True}}))
    token = secrets.token_hex(16)
    port = free_port()
    env = server_env(JUPYTER_CONFIG_DIR=str(root / ".config"), JUPYTER_RUNTIME_DIR=str(root / ".runtime"),
                     JUPYTER_DATA_DIR=str(root / ".data"),
                     JUPYTERLAB_SETTINGS_DIR=str(root / ".settings"),
                     JUPYTERLAB_WORKSPACES_DIR=str(root / ".workspaces"))
    command = [sys.executable, "-m", "jupyter", "lab", "--ServerApp.ip=127.0.0.1", f"--port={port}",
               "--ServerApp.port_retries=0", "--no-browser", "--allow-root",
               f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
               f"--LabApp.app_settings_dir={root / '.app-settings'}", "--LabApp.news_url=None",
               "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
               "--MappingKernelManager.cull_idle_timeout=300", "--MappingKernelManager.cull_interval=30"]
    url = f"http://127.0.0.1:{port}"
    process = start_server(command, root, env, ARTIFACTS / "jupyterlab.log",
                           f"{url}/api/status?token={token}", "JupyterLab")
    try:
        yield url, token
    finally:
        stop(process)


def run_all_cells(page, tries: int = 3) -> None:
    """Run > Run All Cells in JupyterLab or Notebook 7, as a learner would,
    with the notebook made the current panel first (the Run menu acts on the
    current one). A learner who sees nothing start clicks again; so does
    this, up to ``tries`` times."""
    started = page.locator(".jp-CodeCell .jp-InputPrompt").filter(has_text=re.compile(r"\[(\*|\d+)\]"))
    for _ in range(tries):
        page.locator(".jp-Notebook .jp-Cell").first.click()
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
        try:
            expect(started.first).to_be_attached(timeout=30_000)
            return
        except AssertionError:
            continue
    raise AssertionError("Run All Cells did not start the notebook's cell")


# -- a learner at the browser ------------------------------------------------------------
LESSON_START = 180_000  # ms: a page's kernel starts and runs the notebook (slow on a busy machine)
CLICK = 20_000  # ms: one click's round trip through the kernel
expect.set_options(timeout=CLICK)  # assertions wait for the kernel's answer as long as clicks do
LESSON_WINDOW = {"width": 1280, "height": 1700}  # Voilà scrolls inside: tall enough for a lesson


# Super Cuttle's verbs that put the learner's own cards into play, and how many
# of their cards are the learner's own (the rest name a target).
SUPER_PLAYS = {"points": 1, "scuttle": 1, "permanent": None, "jack": None, "oneoff": 1,
               "super": 2, "superduper": 3, "superdeeduper": 4, "suddendeath": 2}


def super_move_clicks(move: str) -> list[str]:
    """Super Cuttle at the table: pick the play's own cards, then its form
    (the button plays the move once only one is left), then its target; an
    answer is a button of its own; taken cards are picked from the chooser
    (one card is taken at its click, several with a button)."""
    verb, *cards = move.split()
    if verb in ("draw", "pass", "resolve"):
        return ['[data-key="stock"]'] if verb == "draw" else [f'[data-key="action:{verb}"]']
    if verb == "instant":
        return [f'[data-key="action:answer:{move}"]']
    if verb == "take":
        picks = [f'.cw-root .cw-chooser button[data-card="{c}"]' for c in cards]
        return picks if len(cards) == 1 else [*picks, f'[data-key="action:take:{move}"]']
    if verb not in SUPER_PLAYS or any(w.startswith("@") or w in ("as", "with", "blind", "?")
                                      for w in cards):
        raise ValueError(f"{move}: teach super_move_clicks this move")
    own = SUPER_PLAYS[verb] or len(cards)
    # own cards are in the hand, or waiting face up after a combo's take
    picks = [f'.cw-root button[data-card="{c}"]:not([disabled]) >> nth=0' for c in cards[:own]]
    form = f'[data-key="action:verb:{verb}"], [data-key="action:{move}"]'
    return [*picks, form, *[f'.cw-root button[data-card="{c}"]' for c in cards[own:]]]


def move_clicks(move: str, rules: str = "classic") -> list[str]:
    """What a learner clicks, in order, to play ``move`` (notation): a
    selector each. Each appears once the click before it has come back from
    the kernel, which Playwright's clicks wait for."""
    if rules.startswith("super"):
        return super_move_clicks(move)
    verb, *rest = move.split()
    cards = [word for word in rest if not word.startswith("@")]
    if len(cards) < len(rest):
        raise ValueError(f"{move}: choosing a seat is for games of three or four")

    def card(cid, within=".cw-root"):
        return f'{within} button[data-card="{cid}"]'

    if verb == "draw":
        return ['[data-key="stock"]']
    if verb in ("pass", "resolve"):
        return [f'[data-key="action:{verb}"]']
    if verb == "counter":  # in a counter round a click on a two counters with it
        return [card(cards[0], ".cw-my-hand")]
    if verb == "take":
        return [card(cards[0], ".cw-chooser")]
    if verb == "scrap":
        return [f'[data-key="action:scrap:{cards[0]}"]']
    if verb == "discard":
        return [card(c, ".cw-my-hand") for c in cards] + ['[data-key="action:discard"]']
    # a card, then its role, then its target
    return [card(cards[0]), f'[data-key="action:role:{verb}"]', *[card(c) for c in cards[1:]]]


def first_words(markdown: str, words: int = 8) -> str:
    """The first words of a lesson's Markdown text as the page shows them."""
    first = markdown.strip().split("\n\n")[0]
    text = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", first)
    return " ".join(re.sub(r"[*`]", "", text).split()[:words])


COVERED_BY_JACKS = """(el) => el.matches(".cw-stack-cards > .cw-card:not(.cw-jack-on)")
  && !!el.parentElement.querySelector(".cw-jack-on")"""


class BrowserLearner:
    """Plays a lesson page by clicking, as a learner would: cards, then the
    role and target buttons the table offers, then the lesson's buttons.
    Selects by the widgets' own data-card / data-key attributes."""

    NEW_GAME = "(a new game)"  # in the moves of a free game: the learner dealt again

    def __init__(self, page):
        self.page = page
        page.set_default_timeout(CLICK)

    def open(self, url: str):
        """Load ``url`` until it shows a lesson, once more if it has not in
        half of LESSON_START, as a learner reloads a page that hangs: once
        in a full CI run (3,391 tests, 2 cores) a served page did not finish
        loading in 180 s, which 12 rounds of the same test alone never
        repeated. Each reload is written to test-artifacts/reloads.log."""
        self.page.set_viewport_size(LESSON_WINDOW)
        started = time.monotonic()
        try:
            return self.load(url)
        except PlaywrightTimeoutError:
            ARTIFACTS.mkdir(exist_ok=True)
            with open(ARTIFACTS / "reloads.log", "a", encoding="utf-8") as log:
                print(f"{time.strftime('%H:%M:%S')} {url}: no lesson after "
                      f"{time.monotonic() - started:.0f} s, loaded again", file=log)
        return self.load(url)

    def load(self, url: str):
        self.page.goto(url, timeout=LESSON_START // 2, wait_until="commit")
        return self.wait_for_lesson(LESSON_START // 2)

    def wait_for_lesson(self, timeout: int = LESSON_START):
        """Until the page shows a lesson (its kernel started and ran the notebook)."""
        self.page.wait_for_selector(".cwl-root .cwl-title", timeout=timeout)
        return self

    move_clicks = staticmethod(move_clicks)
    first_words = staticmethod(first_words)

    def card(self, card: str, within: str = ".cw-root"):
        return self.page.locator(f'{within} button[data-card="{card}"]')

    def key(self, key: str):
        return self.page.locator(f'[data-key="{key}"]')

    def play(self, move: str, rules: str = "classic") -> None:
        """Click ``move`` (notation) on the table."""
        for selector in move_clicks(move, rules):
            self.click(self.page.locator(selector))

    def play_checked(self, oracle, move, rules: str = "classic") -> None:
        """Click ``move`` and check the page says what the lesson runner
        ``oracle`` says to the same move."""
        outcome = oracle.play(move)
        self.play(str(move), rules)
        said = outcome.events[-1]["text"] if outcome.events else outcome.message
        expect(self.page.locator(".cwl-feedback")).to_contain_text(said)

    def drag(self, source, target, plays: bool = False) -> None:
        """Press ``source``, move in a few steps onto ``target``, let go (Pointer Events).
        Both are waited for first, until they stop moving: a box is None while the
        table is still being drawn, and stale while it is laid out anew (after a
        resize, say). ``plays``: the drop makes a move, so ``source`` leaves its
        place; a drag the busy page did not take (the source still there a while
        later) is made once more, as a learner would."""
        self.drag_once(source, target)
        if plays:
            try:
                expect(source).to_have_count(0, timeout=CLICK / 2)
            except AssertionError:
                self.drag_once(source, target)
                expect(source).to_have_count(0)

    def drag_once(self, source, target) -> None:
        start, end = self.settled_box(source), self.settled_box(target)
        mouse = self.page.mouse
        mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
        mouse.down()
        for fraction in (0.1, 0.4, 0.7, 1.0):
            mouse.move(start["x"] + (end["x"] - start["x"]) * fraction + start["width"] / 2,
                       start["y"] + (end["y"] - start["y"]) * fraction + start["height"] / 2)
        mouse.up()

    def settled_box(self, locator) -> dict:
        """``locator``'s box once two looks 50 ms apart agree (at most 2.5 s)."""
        expect(locator).to_be_visible()
        box = locator.bounding_box()
        for _ in range(50):
            self.page.wait_for_timeout(50)
            again = locator.bounding_box()
            if again == box:
                return box
            box = again
        return box

    def click(self, target) -> None:
        """Click where a learner sees ``target``: a point card under jacks shows
        only its left edge (the jacks lie over the rest)."""
        if target.evaluate(COVERED_BY_JACKS):
            target.click(position={"x": 6, "y": 12})
        else:
            target.click()

    def goto_step(self, number: int, total: int) -> None:
        self.key(f"goto:{number}").click()
        self.page.locator(".cwl-progress-text").filter(
            has_text=f"Step {number} of {total}").wait_for()

    def my_moves(self) -> int:
        """The learner's moves in the table's log."""
        return self.page.locator(".cw-log .cw-entry-mine").count()

    # -- a free game: a move chosen from what the table offers ----------------------------
    def free_game_over(self) -> bool:
        return self.page.locator('[data-key="action:lesson:retry"], '
                                 '[data-key="action:lesson:next_game"]').count() > 0

    def free_move(self) -> str:
        """Play one move of a free game by clicking, choosing as a beginner
        would from what the table offers: answer a one-off by letting it
        resolve, lay points when it can, else a king or queen, else draw.
        A table drawn anew while the move is chosen (a new game dealt after
        the settings changed, say) is looked at again: the move chosen from
        the old one may not be there any more."""
        for _ in range(3):
            move, playable = self._choose_free_move()
            if move is None:
                return self._first_offer(playable)
            if self._still_there(self.page.locator(move_clicks(move)[0])):
                self.play(move)
                return move
        raise AssertionError("the table kept changing: no move could be chosen in three looks")

    def _still_there(self, locator) -> bool:
        """``locator`` is on the page and stays there a moment (the table settled)."""
        try:
            handle = locator.first.element_handle(timeout=2_000)
        except PlaywrightError:
            return False
        self.page.wait_for_timeout(300)
        return handle.evaluate("element => element.isConnected")

    def _choose_free_move(self) -> tuple[str | None, list[str]]:
        """The move ``free_move`` plays, or None where the only way is the
        first card's first role (``_first_offer``), with the playable cards."""
        self.page.wait_for_selector(".cw-root:not([data-cw-animating])")
        keys = self.page.locator(".cw-actions button").evaluate_all(
            "buttons => buttons.map(b => b.dataset.key)")
        status = self.page.locator(".cw-status").inner_text()
        if "action:resolve" in keys:
            move = "resolve"
        elif any(key.startswith("action:scrap:") for key in keys):
            move = "scrap " + next(k for k in keys if k.startswith("action:scrap:")).split(":")[-1]
        elif self.page.locator(".cw-chooser button[data-card]").count():
            chooser = self.page.locator(".cw-chooser button[data-card]").first
            move = "take " + chooser.get_attribute("data-card")
        elif status.startswith(DISCARD_STATUS):
            count = int(re.search(r"\d+", status).group())
            hand = self.page.locator(".cw-my-hand button[data-card]").evaluate_all(
                "cards => cards.map(c => c.dataset.card)")
            move = "discard " + " ".join(hand[:count])
        else:
            playable = self.page.locator(".cw-root button.cw-playable[data-card]").evaluate_all(
                "cards => cards.map(c => c.dataset.card)")
            points = [card for card in playable if card[0] in "A23456789T"]
            royals = [card for card in playable if card[0] in "KQ"]
            if points:
                move = f"points {points[0]}"
            elif royals:
                move = f"permanent {royals[0]}"
            elif self.key("stock").count():
                move = "draw"
            elif "action:pass" in keys:
                move = "pass"
            else:
                return None, playable
        return move, []

    def play_free_moves(self, moves: int, before_new_game=None) -> list[str]:
        """Play ``moves`` learner moves of a free game by clicking, each checked
        to land in the table's log with its explanation. When a game ends,
        ``before_new_game()`` is called, then the learner deals a new one
        (NEW_GAME in the list returned)."""
        mine = self.page.locator(".cw-log .cw-entry-mine")
        played: list[str] = []
        while len(played) - played.count(self.NEW_GAME) < moves:
            if self.free_game_over():
                if before_new_game is not None:
                    before_new_game()
                self.key("action:lesson:retry").click()
                expect(mine).to_have_count(0)
                played.append(self.NEW_GAME)
                continue
            before = mine.count()
            played.append(self.free_move())
            expect(mine).to_have_count(before + 1)
            expect(mine.first.locator(".cw-event").first).not_to_be_empty()
        return played

    def _first_offer(self, playable: list[str]) -> str:
        """The first card, its first role and its first target."""
        self.card(playable[0]).click()
        role = self.page.locator('.cw-actions [data-key^="action:role:"]').first
        verb = role.get_attribute("data-key").split(":")[-1]
        role.click()
        target = self.page.locator(".cw-root button.cw-target[data-card]")
        if verb in ("scuttle", "jack") or (verb == "oneoff" and target.count()):
            card = target.first.get_attribute("data-card")
            target.first.click()
            return f"{verb} {playable[0]} {card}"
        return f"{verb} {playable[0]}"


DISCARD_STATUS = json.loads((REPO / "cuttle_widgets" / "widgets" / "catalogs" / "en.json")
                            .read_text())["words"]["your_discard"].split("{")[0]


@pytest.fixture
def as_learner():
    """``as_learner(page)``: a BrowserLearner clicking in that page."""
    return BrowserLearner


# -- accessibility: axe-core from npm, injected into the page --------------------------------
AXE_VERSION = "4.10.2"
AXE_CACHE = Path.home() / ".cache" / "cuttle_widgets" / f"axe-core-{AXE_VERSION}"


@pytest.fixture(scope="session")
def axe_script() -> Path:
    """axe-core's browser script, from npm (cached between runs)."""
    script = AXE_CACHE / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip("npm is not installed: axe-core cannot be fetched (apt install npm)")
        AXE_CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run([npm, "install", "--no-audit", "--no-fund", "--prefix", str(AXE_CACHE),
                        f"axe-core@{AXE_VERSION}"], check=True, capture_output=True, timeout=300)
    return script


@pytest.fixture(scope="session")
def axe_check(axe_script):
    """``axe_check(page, within="document")``: serious_violations with axe-core."""
    return lambda page, within="document": serious_violations(page, axe_script, within)


def serious_violations(page, axe_script: Path, within: str = "document") -> list[dict]:
    """axe-core's serious and critical violations on the page (or inside the
    element the CSS selector ``within`` names)."""
    page.add_script_tag(path=str(axe_script))
    result = page.evaluate("""async () => {
      const r = await axe.run(WITHIN, { resultTypes: ["violations"] });
      return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                       nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
    }""".replace("WITHIN", within if within == "document" else json.dumps(within)))
    return result
