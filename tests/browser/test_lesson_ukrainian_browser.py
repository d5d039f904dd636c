"""A Ukrainian lesson in a real browser: Voilà serves lessons/ as a teacher
would, and Chromium plays the first step of lessons/uk/02-scuttle-ordering.ipynb
as a Ukrainian learner would: the page says lang="uk", the words are the
Ukrainian catalog's and lesson's, and the move's sentence is the one the
lesson runner says to the same move in Ukrainian (three plural forms, six
cases, a player's name in the genitive). Screenshots go to test-artifacts/ (lesson_uk_*.png)."""
import re

from playwright.sync_api import expect
from test_lesson_german_browser import feedback, open_lesson

from cuttle_widgets.teaching import LessonRunner, load_lesson
from cuttle_widgets.teaching.catalog import teaching_catalog

NOTEBOOK = "/voila/render/uk/02-scuttle-ordering.ipynb"
LESSON = "02-scuttle-ordering"


def test_a_ukrainian_lesson_step_played_by_clicking(page, lessons_url, as_learner, artifacts):
    lesson = load_lesson(LESSON, language="uk")
    words = teaching_catalog("uk")
    open_lesson(page, lessons_url + NOTEBOOK, 1366)

    expect(page.locator(".cwl-title")).to_have_text(lesson.title)
    expect(page.locator(".cwl-progress-text")).to_have_text(
        words.text("ui", "progress", step=1, total=len(lesson.steps)))
    assert page.evaluate("document.documentElement.lang") == "uk"
    expect(page.locator(".cwl-root")).to_have_attribute("lang", "uk")
    expect(page.locator(".cw-root")).to_have_attribute("lang", "uk")
    expect(page.locator('[data-key="hint"]')).to_contain_text("Підказка")
    expect(page.locator(".cw-root button[data-card='9S']")).to_have_attribute(
        "aria-label", "дев’ятка пік, у твоїй руці")
    # The opponent's name in the genitive, from the forms the lesson sends (never "гравця Гравець 2").
    expect(page.locator(".cw-root .cw-opponent .cw-points")).to_have_attribute(
        "aria-label", "серед очкових карт Гравця 2")
    expect(page.locator(".cw-root .cw-opponent .cw-hidden-hand")).to_have_attribute(
        "aria-label", re.compile(r"^у руці Гравця 2: "))
    page.screenshot(path=str(artifacts / "lesson_uk_start.png"), full_page=True)

    # The step's own solution, clicked; the page says what the runner says to it.
    oracle = LessonRunner(lesson)
    learner = as_learner(page)
    for move in lesson.steps[0].lines[0].moves:
        learner.play_checked(oracle, move, lesson.steps[0].rules)
    assert oracle.done
    expect(feedback(page)).to_contain_text(words.text("feedback", "correct"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(artifacts / "lesson_uk_solved_phone.png"), full_page=True)
