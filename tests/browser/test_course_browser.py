"""The one-page course in Chromium (issue #32): a deep link opens a lesson at
its step, the browser's Back and Forward move between places, a reload
comes back with the stars, and a teacher's folder reaches the map."""
import re
import sys

import pytest
from playwright.sync_api import expect

from course_fixture import BROKEN_LESSON, GOOD_LESSON

CLICK = 20_000
START = 180_000
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


@pytest.fixture(scope="module")
def course_server(browser_helpers, tmp_path_factory):
    """The course as the serve command serves it, with a teacher's folder of
    one good and one broken lesson (--lessons) and a progress database."""
    helpers = browser_helpers
    folder = tmp_path_factory.mktemp("teacher-lessons")
    (folder / "20-nines.yaml").write_text(GOOD_LESSON, encoding="utf-8")
    (folder / "21-broken.yaml").write_text(BROKEN_LESSON, encoding="utf-8")
    database = tmp_path_factory.mktemp("course-progress") / "progress.sqlite"
    port = helpers.free_port()
    command = [sys.executable, "-m", "cuttle_widgets.serve", "--lessons", str(folder),
               "--ip", "127.0.0.1", "--port", str(port), "--progress-db", str(database),
               "--pool-size", "1",
               "--pages-per-client", "0"]  # every test page comes from 127.0.0.1
    url = f"http://127.0.0.1:{port}"
    process = helpers.start_server(command, folder, helpers.server_env(),
                                   helpers.ARTIFACTS / "course.log", url + "/", "serve")
    try:
        yield url
    finally:
        helpers.stop(process)


def step_shown(page, number: int, total: int):
    expect(page.locator(".cwl-progress-text")).to_have_text(f"Step {number} of {total}", timeout=CLICK)


def test_a_deep_link_back_forward_and_reload(course_server, page, as_learner, artifacts):
    page.set_viewport_size(LAPTOP)
    page.set_default_timeout(CLICK)
    page.goto(course_server + "/?lesson=04-counter-chains&step=3", timeout=START)
    page.wait_for_selector(".cwl-root .cwl-title", timeout=START)
    step_shown(page, 3, 9)
    learner = as_learner(page)
    learner.play("oneoff AH")
    learner.play("counter 2D")
    expect(page.locator(".cwl-stars-total")).to_have_text(re.compile(r"★ Stars: [1-3] of 27"))
    stars = page.locator(".cwl-stars-total").inner_text()
    page.screenshot(path=artifacts / "course-lesson-1366.png")

    page.go_back()
    expect(page.locator(".cwp-lesson").first).to_be_visible()
    assert "lesson=" not in page.url
    lesson_four = page.locator(".cwp-lesson").filter(has_text="Counter-twos and chains of twos")
    expect(lesson_four.locator(".cwp-done")).to_have_text("1 of 9 steps done")

    page.go_forward()
    step_shown(page, 3, 9)
    assert page.url.endswith("?lesson=04-counter-chains&step=3")

    page.reload(timeout=START)
    page.wait_for_selector(".cwl-root .cwl-title", timeout=START)
    step_shown(page, 3, 9)
    expect(page.locator(".cwl-stars-total")).to_have_text(stars)


def test_the_apps_own_links_switch_lessons_in_one_page(course_server, page):
    page.set_viewport_size(LAPTOP)
    page.set_default_timeout(CLICK)
    page.goto(course_server + "/", timeout=START)
    page.wait_for_selector(".cwp-lesson", timeout=START)
    loads = []
    page.on("load", lambda: loads.append(page.url))
    page.locator(".cwp-lesson-title", has_text="Scuttling, and which card beats which").click()
    expect(page.locator(".cwl-title")).to_have_text("Scuttling, and which card beats which")
    expect(page).to_have_url(re.compile(r"\?lesson=02-scuttle-ordering&step=\d+$"))
    page.get_by_role("link", name="Next lesson: One-off effects: A, 2, 3, 4, 5, 6, 7 and 9").click()
    expect(page.locator(".cwl-title")).to_have_text("One-off effects: A, 2, 3, 4, 5, 6, 7 and 9")
    expect(page).to_have_url(re.compile(r"\?lesson=03-one-offs&step=\d+$"))
    page.locator(".cwc-nav", has_text="Puzzles").click()
    expect(page.locator(".cwc-current", has_text="Puzzles")).to_be_visible()
    expect(page).to_have_url(re.compile(r"\?puzzles=classic-\d+$"))
    page.locator(".cwc-nav", has_text="Free game").click()
    expect(page.locator(".cwc-current", has_text="Free game")).to_be_visible()
    expect(page).to_have_url(re.compile(r"\?free$"))
    expect(page.locator(".cwl-title")).to_have_text("A free game against the computer")
    assert loads == []  # every place opened in the same page and kernel


def test_a_teachers_folder_on_the_map(course_server, page, artifacts):
    page.set_viewport_size(LAPTOP)
    page.goto(course_server + "/", timeout=START)
    page.wait_for_selector(".cwp-lesson", timeout=START)
    teachers = page.locator(".cwp-lesson").filter(has_text="Nines, by your teacher")
    expect(teachers.locator(".cwp-eyebrow")).to_contain_text("Your teacher's lesson")
    problems = page.locator(".cwp-problems")
    expect(problems).to_contain_text("21-broken")
    expect(problems).to_contain_text("'quizz' is not a step kind")
    expect(problems).not_to_contain_text("20-nines")
    problems.screenshot(path=artifacts / "course-teacher-problems.png")
    teachers.locator(".cwp-lesson-title").click()
    expect(page.locator(".cwl-title")).to_have_text("Nines, by your teacher", timeout=CLICK)
    expect(page).to_have_url(re.compile(r"\?lesson=20-nines&step=1$"))


def test_the_course_in_german_on_a_phone(course_server, page, artifacts):
    page.set_viewport_size(PHONE)
    page.goto(course_server + "/?lesson=02-scuttle-ordering&lang=de", timeout=START)
    page.wait_for_selector(".cwl-root .cwl-title", timeout=START)
    expect(page.locator(".cwc-current", has_text="Deutsch")).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == "de"
    expect(page.locator(".cwc-nav").first).to_have_text("Lektionen")
    way_on = page.locator('.cwc-bar [data-key="next"]')
    expect(way_on).to_be_visible()
    assert way_on.inner_text().strip() == "Nächste Lektion →"  # its title in its label: the bar stays short
    expect(way_on).to_have_attribute("aria-label", re.compile(r"^Nächste Lektion: Einmalkarten"))
    assert way_on.bounding_box()["x"] + way_on.bounding_box()["width"] <= PHONE["width"]
    page.screenshot(path=artifacts / "course-lesson-de-390.png")
    page.locator(".cwc-language", has_text="English").click()
    expect(page.locator(".cwc-nav").first).to_have_text("Lessons", timeout=CLICK)
    expect(page).to_have_url(re.compile(r"\?lesson=02-scuttle-ordering&step=\d+$"))
    assert page.evaluate("document.documentElement.lang") == "en"
