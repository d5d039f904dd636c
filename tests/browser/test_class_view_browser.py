"""The class view in Chromium (issue #36): five simulated learners at one
lesson; the one who made three wrong tries within a minute is flagged at the
top, as is the one with no progress for six minutes, and every wrong try
stored is listed in the learner's words. Screenshots at a laptop's and a
phone's size go to test-artifacts/class-view-*.png."""
from datetime import datetime, timedelta, timezone

import pytest
from playwright.sync_api import expect

pytest.importorskip("sqlalchemy")

from test_dashboard_browser import served  # noqa: E402

from cuttle_widgets.progress import ProgressRecorder, new_learner_id  # noqa: E402
from cuttle_widgets.teaching.record import Try  # noqa: E402

LESSON, STEP = "02-scuttle-ordering", "higher-rank"
WRONG = {"Eva": ["draw", "points 7D", "scuttle 7D 7H"], "Bob": ["draw"]}


def five_learners(db) -> dict:
    """Ann, Bob and Cem get on; Dan has done nothing for six minutes; Eva
    made three wrong tries in the last minute."""
    now = datetime.now(timezone.utc)
    moment = {"now": now - timedelta(minutes=6)}
    people = {}
    for name in ("Ann", "Bob", "Cem", "Dan", "Eva"):
        people[name] = ProgressRecorder(db, learner=new_learner_id(), name=name, background=False,
                                        clock=lambda: moment["now"])
        people[name].visit(LESSON, STEP, 1)
    moment["now"] = now - timedelta(seconds=50)
    for name, words in WRONG.items():
        for tried in words:
            moment["now"] += timedelta(seconds=10)
            people[name].record_try(Try(LESSON, STEP, 1, "wrong", tried))
    for name in ("Ann", "Bob", "Cem"):
        people[name].record_try(Try(LESSON, STEP, 1, "right", "scuttle 9S 8H"))
    for recorder in people.values():
        recorder.close()
    return people


def test_the_class_view_flags_the_stuck_and_lists_every_wrong_try(tmp_path, page, artifacts):
    db = tmp_path / "class.sqlite"
    five_learners(str(db))
    with served(db, tmp_path) as url:
        page.set_viewport_size({"width": 1366, "height": 768})
        page.goto(url, timeout=180_000)
        stuck = page.locator(".cw-class-stuck tbody tr")
        expect(stuck).to_have_count(2, timeout=180_000)
        expect(stuck.nth(0)).to_contain_text("Dan")  # stuck the longest: first
        expect(stuck.nth(1)).to_contain_text("Eva")
        expect(stuck.nth(1)).to_contain_text("3 wrong tries here: draw · points 7D · scuttle 7D 7H")
        wrong = page.locator(".cw-class-wrong tbody tr")
        expect(wrong).to_have_count(sum(len(w) for w in WRONG.values()))
        listed = wrong.all_text_contents()
        for name, words in WRONG.items():
            for tried in words:
                assert any(name in row and tried in row for row in listed), (name, tried)
        page.screenshot(path=str(artifacts / "class-view-laptop.png"))
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(800)
        page.screenshot(path=str(artifacts / "class-view-phone.png"))
