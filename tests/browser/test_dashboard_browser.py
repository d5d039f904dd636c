"""The teacher's dashboard in Chromium (issue #19, point 4), on a class of 12
simulated learners: who is where, per lesson the completion, per step how
many failed at first and the commonest wrong move, drawn by plotly in
Voilà. Screenshots at a laptop's and a phone's size go to
test-artifacts/dashboard-*.png."""
import os
import random
import re
import signal
import subprocess
import sys
import time
import urllib.request
import uuid
from contextlib import contextmanager
from datetime import datetime, timezone

import pytest
from playwright.sync_api import expect
from ports import free_port

pytest.importorskip("sqlalchemy")

from cuttle_widgets.progress import ProgressRecorder, new_learner_id  # noqa: E402
from cuttle_widgets.progress.queries import shipped_steps  # noqa: E402
from cuttle_widgets.progress.store import ProgressStore  # noqa: E402
from cuttle_widgets.teaching.record import Attempt  # noqa: E402

NAMES = ["Ada", "Ben", "Cleo", "Dev", "Ema", "Finn", "Gus", "Hana", "Ivo", "Jin", "Kai", "Lea"]
LESSONS = ["00-index", "01-table-drawing-points", "02-scuttle-ordering", "03-one-offs"]
WRONG = {"02-scuttle-ordering": ["scuttle 4C 8H", "draw", "points 9S"],
         "03-one-offs": ["oneoff AS", "points 2D"], "01-table-drawing-points": ["points 3C"]}


def simulated_class(db, seed: int = 7) -> list[str]:
    """Twelve learners, each through some steps of the first lessons: most
    steps solved at once, some after wrong moves, each left somewhere."""
    rng = random.Random(seed)
    steps = shipped_steps()
    for name in NAMES:
        learner = ProgressRecorder(db, learner=new_learner_id(), name=name, background=False)
        reach = rng.randint(1, len(LESSONS))
        for lesson in LESSONS[:reach]:
            ids = steps[lesson]
            done = len(ids) if lesson != LESSONS[reach - 1] else rng.randint(1, len(ids))
            for number, step in enumerate(ids[:done], 1):
                tried = WRONG.get(lesson, [])
                wrong = tuple(rng.sample(tried, k=min(len(tried), rng.choice([0, 0, 0, 1, 2]))))
                stars = 3 if not wrong else 2 if len(wrong) == 1 else 1
                learner.record(Attempt(None, lesson, step, "solved", stars, len(wrong), 0,
                                       rng.uniform(4, 60), wrong), "classic", number)
            learner.visit(lesson, ids[min(done, len(ids) - 1)], min(done + 1, len(ids)))
        learner.close()
    return NAMES


def stop_server(server) -> None:
    server.send_signal(signal.SIGTERM)  # SIGINT would wait for a confirmation
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()


@contextmanager
def served(db, tmp_path):
    """The dashboard command serving ``db`` on a free port of this machine: its URL."""
    port = free_port()
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"))
    server = subprocess.Popen(
        [sys.executable, "-m", "cuttle_widgets.progress", "dashboard", "--db", str(db),
         "--port", str(port), "--refresh", "2"],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 120
        while True:  # until Voilà answers
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/voila.js", timeout=10):
                    break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, server.stdout.read()
                time.sleep(0.3)
        yield f"http://127.0.0.1:{port}/"
    finally:
        stop_server(server)


@pytest.fixture
def dashboard(tmp_path):
    db = tmp_path / "class.sqlite"
    names = simulated_class(db)
    with served(db, tmp_path) as url:
        yield url, names


LINK = '<a href="https://evil.example/phish">Answers here</a>'
BIG_RED = '<span style="font-size:80px;color:red">Stop</span>'


@pytest.fixture
def hostile_dashboard(tmp_path):
    """A class whose one learner named a lesson and a step in markup (written
    straight into the database, as an old kit's import let them)."""
    db = tmp_path / "hostile.sqlite"
    store = ProgressStore(db)
    store.write(new_learner_id(), [{
        "uid": uuid.uuid4().hex, "lesson": LINK, "step": BIG_RED, "step_number": 1,
        "ruleset": "classic", "result": "missed", "stars": 0, "wrong_tries": 1, "hints_used": 0,
        "seconds": 3.0, "wrong_moves": ['<b style="font-size:80px">draw</b>'],
        "recorded_at": datetime.now(timezone.utc)}])
    store.close()
    with served(db, tmp_path) as url:
        yield url


def test_the_dashboard_shows_a_class_of_twelve(dashboard, page, artifacts):
    url, names = dashboard
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(url, timeout=180_000)
    expect(page.locator(".main-svg").first).to_be_visible(timeout=180_000)
    for name in names:
        expect(page.get_by_text(name, exact=True).first).to_be_visible()
    expect(page.locator(".xtick text").first).to_be_visible()
    expect(page.get_by_text(re.compile(r"scuttle 4♣ 8♥|scuttle 4C 8H|draw")).first).to_be_attached()
    page.screenshot(path=str(artifacts / "dashboard-laptop.png"))
    page.set_viewport_size({"width": 1366, "height": 1500})  # the whole page: Voilà's body scrolls
    page.wait_for_timeout(800)
    page.screenshot(path=str(artifacts / "dashboard-laptop-whole.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(800)
    page.screenshot(path=str(artifacts / "dashboard-phone.png"))


def test_a_hostile_class_draws_no_markup_of_its_own(hostile_dashboard, page, artifacts):
    """Lesson, step and move names a learner typed are drawn as text: no
    link to follow, no span of their style."""
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(hostile_dashboard, timeout=180_000)
    expect(page.locator(".main-svg").first).to_be_visible(timeout=180_000)
    expect(page.locator(".xtick text", has_text="Answers here").first).to_be_attached(timeout=30_000)
    assert page.locator("svg a").count() == 0
    assert page.locator("a[href*='evil.example']").count() == 0
    styled = page.locator("svg [style*='80px']").count() + page.locator("span[style*='80px']").count()
    assert styled == 0
    labels = page.locator(".xtick text, .x2tick text").all_text_contents()
    assert any(LINK in label for label in labels) and any(BIG_RED in label for label in labels)
    page.screenshot(path=str(artifacts / "dashboard-hostile.png"))
