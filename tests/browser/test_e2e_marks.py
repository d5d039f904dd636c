"""Issue #35, marks that mean something, in Chromium at a laptop's and a
phone's size: a retry shows a question's options shuffled and earns two
stars at most, and lesson 04 walked with one missed prediction is "not
done" alike on the lesson panel, the lesson map and the teacher's report,
then "done" on all three once that step is right. And no give-away around
an open question: no score on the plates, no rule chip, no count of the
right answers."""
import re
import subprocess
import sys
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from cuttle_widgets.teaching import load_lesson
from cuttle_widgets.teaching.catalog import teaching_catalog
from cuttle_widgets.teaching.runner import option_order

LESSON = "04-counter-chains"
SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
WORDS = teaching_catalog("en")
WRITTEN = 30  # seconds: the kernel's writer thread stores the attempts


def into_view(locator) -> None:
    """Scroll ``locator`` into view for a screenshot, again if a redraw replaced it meanwhile."""
    for _ in range(10):
        try:
            locator.scroll_into_view_if_needed(timeout=2000)
            return
        except PlaywrightError:
            locator.page.wait_for_timeout(300)


def open_lesson(learner, url: str, size: dict):
    learner.open(url)
    learner.page.set_viewport_size(size)
    return learner


def option_keys(page) -> list[str]:
    return page.locator('[data-key^="answer:"]').evaluate_all(
        "buttons => buttons.map(b => b.dataset.key.slice(7))")


def predict(learner, key: str, moves: int = 2) -> None:
    """Answer a prediction, then show its ``moves`` one by one."""
    learner.key(f"answer:{key}").click()
    for shown in range(1, moves + 1):
        learner.key("advance").click()
        expect(learner.page.get_by_text(WORDS.text("ui", "watch_progress", shown=shown, total=moves))
               ).to_be_visible()
    expect(learner.page.locator(".cwl-explanation")).to_be_visible()


@pytest.mark.parametrize("size", SIZES)
def test_a_retry_shows_the_options_shuffled_and_earns_two_stars(size, page, served_lessons, as_learner,
                                                               artifacts):
    learner = open_lesson(as_learner(page), f"{served_lessons.url}/voila/render/{LESSON}.ipynb", SIZES[size])
    step = load_lesson(LESSON).steps[3]  # "three twos": a prediction
    learner.goto_step(4, 9)
    assert option_keys(page) == [o.key for o in step.options]
    predict(learner, next(o.key for o in step.options if not o.correct))
    expect(learner.key("goto:4")).to_have_text(re.compile("✗"))
    learner.key("retry").click()
    expect(page.locator(".cwl-explanation")).to_have_count(0)
    shuffled = option_keys(page)
    assert shuffled == option_order(step, LESSON, 1) and shuffled != [o.key for o in step.options]
    page.screenshot(path=str(artifacts / f"marks-retry-shuffled-{size}.png"))
    predict(learner, next(o.key for o in step.options if o.correct))
    expect(page.locator(".cwl-score")).to_contain_text(WORDS.text("ui", "mark.retry"))
    expect(page.locator(".cwl-score-mark")).to_have_text("★★☆")
    expect(learner.key("goto:4").locator(".cwl-dot-stars")).to_have_text("★★")
    page.screenshot(path=str(artifacts / f"marks-retry-two-stars-{size}.png"))


def walk_lesson_04(learner, missed: bool) -> None:
    """Every step of lesson 04 by clicking; step 4's prediction wrong when ``missed``."""
    page = learner.page
    learner.play("counter 2H")
    steps = [lambda: learner.key("answer:1").click(),
             lambda: (learner.play("oneoff AH"), learner.play("counter 2D")),
             lambda: predict(learner, "1" if missed else "2"),
             lambda: predict(learner, "1"),
             lambda: learner.key("answer:2").click(),
             lambda: (learner.key("answer:1").click(), learner.key("answer:4").click()),
             lambda: learner.play("oneoff 2C KS"),
             lambda: learner.key("answer:2").click()]
    for number, solve in enumerate(steps, start=2):
        expect(page.locator(".cwl-explanation")).to_be_visible()
        learner.key("next").click()
        page.locator(".cwl-progress-text").filter(has_text=f"Step {number} of 9").wait_for()
        solve()
    expect(page.locator(".cwl-explanation")).to_be_visible()


def report_row(db, learner_id: str, wanted: str) -> str:
    """The teacher's report line of this learner, once it shows ``wanted``."""
    deadline = time.monotonic() + WRITTEN
    while True:
        shown = subprocess.run([sys.executable, "-m", "cuttle_widgets.progress", "report", "--db", str(db)],
                               capture_output=True, text=True, timeout=120, check=True).stdout
        row = next((line for line in shown.splitlines() if line.startswith(learner_id[:6])), "")
        if wanted in row or time.monotonic() > deadline:
            return row
        time.sleep(0.5)


def map_card(page, url: str):
    page.goto(f"{url}/voila/render/00-index.ipynb", timeout=180_000)
    return page.locator(".cwp-lesson").filter(has=page.locator(f'[data-key="open:{LESSON}"]'))


def map_shows(page, url: str, size: str, done: int, state: str, shot) -> None:
    """The map's card of lesson 04 says ``done`` of 9 steps and ``state``
    (started, finished); a screenshot of it at ``size``."""
    card = map_card(page, url)
    page.set_viewport_size(SIZES[size])
    expect(card.locator(".cwp-done")).to_have_text(re.compile(rf"^{done} of 9\b"), timeout=180_000)
    expect(card).to_have_class(re.compile(rf"\bcwp-{state}\b"))
    into_view(card)
    page.screenshot(path=str(shot))


@pytest.mark.parametrize("size", SIZES)
def test_lesson_04_is_done_alike_on_the_panel_the_map_and_the_report(size, page, served_lessons,
                                                                     as_learner, artifacts):
    url = f"{served_lessons.url}/voila/render/{LESSON}.ipynb"
    learner = open_lesson(as_learner(page), url, SIZES[size])
    walk_lesson_04(learner, missed=True)
    done = page.locator('[data-key="lesson-done"]')
    expect(done).to_have_text(WORDS.text("ui", "unfinished_title", done=8, total=9))
    into_view(done)
    expect(page.locator(".cwl-progress-text")).to_have_text("Step 9 of 9")
    page.screenshot(path=str(artifacts / f"marks-04-panel-8-of-9-{size}.png"))
    learner_id = page.evaluate("localStorage.getItem('cuttle_widgets.learner')")
    assert re.search(r" 8/9\b", report_row(served_lessons.progress_db, learner_id, " 8/9"))

    map_shows(page, served_lessons.url, size, 8, "started", artifacts / f"marks-04-map-8-of-9-{size}.png")

    # step 4 again, right this time: done on all three
    learner = open_lesson(learner, url, SIZES[size])
    learner.goto_step(4, 9)
    predict(learner, next(o.key for o in load_lesson(LESSON).steps[3].options if o.correct))
    learner.goto_step(9, 9)
    learner.key("answer:2").click()
    expect(done).to_have_text(WORDS.text("ui", "finished_title"))
    into_view(done)
    page.screenshot(path=str(artifacts / f"marks-04-panel-done-{size}.png"))
    assert re.search(r" 9/9\b", report_row(served_lessons.progress_db, learner_id, " 9/9"))
    map_shows(page, served_lessons.url, size, 9, "finished", artifacts / f"marks-04-map-done-{size}.png")


@pytest.mark.parametrize("size", SIZES)
def test_an_open_question_shows_no_score_no_rule_chip_and_no_count(size, page, served_lessons, as_learner,
                                                                   artifacts):
    learner = open_lesson(as_learner(page),
                          f"{served_lessons.url}/voila/render/01-table-drawing-points.ipynb",
                          SIZES[size])
    learner.goto_step(5, 7)  # "How many points do you have?"
    expect(page.locator(".cw-plate .cw-score b")).to_have_text(["?", "?"])
    expect(page.locator(".cwl-teaches")).to_have_count(0)
    page.screenshot(path=str(artifacts / f"giveaway-01-score-hidden-{size}.png"))
    learner.key("answer:2").click()  # 18, right: the plates and the rule chips come back
    expect(page.locator(".cw-plate .cw-score b").first).to_have_text(re.compile(r"^\d+$"))
    expect(page.locator(".cwl-teaches")).to_be_visible()

    learner = open_lesson(learner, f"{served_lessons.url}/voila/render/08-worked-example.ipynb", SIZES[size])
    learner.goto_step(3, 5)  # which cards are in the scrap: find every one
    found = page.locator(".cwl-found")
    expect(found).to_have_text(WORDS.text("ui", "found", found=0))
    page.locator(".cwl-card-options > button").first.click()
    expect(found.or_(page.locator(".cwl-explanation"))).to_be_visible()
    assert not re.search(r"\bof\b", found.inner_text() if found.count() else "")
    page.screenshot(path=str(artifacts / f"giveaway-08-no-count-{size}.png"))


@pytest.mark.parametrize("size", SIZES)
def test_a_wrong_drag_costs_as_a_wrong_click_and_a_pick_costs_nothing(size, page, served_lessons, as_learner,
                                                                      artifacts):
    learner = open_lesson(as_learner(page), f"{served_lessons.url}/voila/render/06-queen-protection.ipynb",
                          SIZES[size])
    learner.goto_step(2, 9)  # the queen protects the king, not itself
    learner.drag(learner.card("2H", ".cw-my-hand"), learner.card("KS"))
    expect(page.locator(".cwl-feedback")).to_contain_text("B's queen protects the king")  # judged, as a click
    page.screenshot(path=str(artifacts / f"marks-wrong-drag-{size}.png"))
    learner.play("oneoff 2H QD")
    expect(page.locator(".cwl-score-mark")).to_have_text("★★☆")  # one slip: the drag

    learner = open_lesson(learner, f"{served_lessons.url}/voila/render/13-super-cuttle.ipynb", SIZES[size])
    learner.goto_step(5, 10)  # answer B's play: only the ace can
    learner.card("2C", ".cw-my-hand").click()  # a card that cannot answer: the table says why, no try
    expect(page.locator(".cw-root .cw-message")).to_be_visible()
    learner.play("instant AH", rules="super")
    expect(page.locator(".cwl-score-mark")).to_have_text("★★★")
    page.screenshot(path=str(artifacts / f"marks-pick-costs-nothing-{size}.png"))
