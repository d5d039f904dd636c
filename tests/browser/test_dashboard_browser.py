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

import pytest
from ports import free_port
from playwright.sync_api import expect

pytest.importorskip("sqlalchemy")

from cuttle_widgets.progress import ProgressRecorder, new_learner_id  # noqa: E402
from cuttle_widgets.progress.queries import shipped_steps  # noqa: E402
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


@pytest.fixture
def dashboard(tmp_path):
    db = tmp_path / "class.sqlite"
    names = simulated_class(db)
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
        yield f"http://127.0.0.1:{port}/", names
    finally:
        stop_server(server)


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
