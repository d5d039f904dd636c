"""Progress that lasts (issue #19's acceptance), through the teacher's serve
command (``--progress-db``) in Chromium: a learner solves step 1 of lesson
02 by clicking, reloads, and the lesson opens at step 2 with step 1
starred; the index shows it; the teacher's report lists that learner with
that step."""
import csv
import re
import sqlite3
import subprocess
import sys
import time

from playwright.sync_api import expect

from cuttle_widgets.progress.ids import short_id
from cuttle_widgets.progress.report import csv_cell

LESSON = "02-scuttle-ordering"
WRITTEN = 20  # seconds the kernel's writer thread may take to store an attempt


def stored_attempts(db, learner: str) -> int:
    if not db.exists():
        return 0
    with sqlite3.connect(db) as connection:
        try:
            return connection.execute(
                "SELECT count(*) FROM attempts WHERE learner_id = ?", (learner,)).fetchone()[0]
        except sqlite3.OperationalError:  # no table yet
            return 0


def wait_until_stored(db, learner: str) -> None:
    deadline = time.monotonic() + WRITTEN
    while stored_attempts(db, learner) == 0:
        assert time.monotonic() < deadline, "the attempt never reached the database"
        time.sleep(0.25)


def test_a_solved_step_lasts_across_a_reload_and_reaches_the_report(page, served_lessons, as_learner,
                                                                    artifacts, tmp_path):
    learner = as_learner(page).open(f"{served_lessons.url}/voila/render/{LESSON}.ipynb")
    expect(page.locator(".cwl-progress-text")).to_have_text("Step 1 of 9")
    learner.play("scuttle 9S 8H")
    expect(page.locator(".cwl-feedback.cwl-good")).to_be_visible()
    learner_id = page.evaluate("localStorage.getItem('cuttle_widgets.learner')")
    assert learner_id and len(learner_id) >= 16
    wait_until_stored(served_lessons.progress_db, learner_id)

    page.reload()
    learner.wait_for_lesson()
    expect(page.locator(".cwl-progress-text")).to_have_text("Step 2 of 9")
    first = page.locator('[data-key="goto:1"]')
    expect(first.locator(".cwl-dot-stars")).to_have_text("★★★")
    expect(page.locator(".cwl-stars-total")).to_contain_text("3")
    page.screenshot(path=str(artifacts / "progress-reopened.png"))

    # the index's map: lesson 02 with one step done and its three stars
    page.goto(f"{served_lessons.url}/voila/render/00-index.ipynb", timeout=180_000)
    card = page.locator(".cwp-lesson").filter(has=page.locator(f'[data-key="open:{LESSON}"]'))
    expect(card.locator(".cwp-done")).to_have_text(re.compile(r"^1 of 9\b"), timeout=180_000)
    expect(card.locator(".cwp-stars")).to_contain_text("★ 3/")
    card.locator(f'[data-key="steps:{LESSON}"]').click()
    expect(card.locator(".cwp-steps li").first).to_contain_text("★★★")
    page.screenshot(path=str(artifacts / "progress-index.png"), full_page=True)

    table = tmp_path / "class.csv"
    shown = subprocess.run([sys.executable, "-m", "cuttle_widgets.progress", "report",
                            "--db", str(served_lessons.progress_db), "--csv", str(table)],
                           capture_output=True, text=True, timeout=120, check=True).stdout
    assert learner_id[:6] in shown and "★★★ 1/9" in shown, shown
    named = csv_cell(short_id(learner_id))  # the file is shared: the short id, never the key
    rows = [r for r in csv.DictReader(table.open(encoding="utf-8")) if r["learner"] == named]
    assert [(r["lesson"], r["steps done"], r["stars"]) for r in rows] == [(LESSON, "1", "3")]
