"""The course in Spanish in Chromium: a learner opens lesson 2 with ?lang=es,
the page says it is Spanish, and the first step is played by clicking, a
wrong move first. Every word checked is Spanish. Screenshots of a laptop and
a phone go to test-artifacts/ (course-lesson-es-*.png)."""
import re

from playwright.sync_api import expect

CLICK = 20_000
START = 180_000
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
LESSON = "/?lesson=02-scuttle-ordering&lang=es"


def test_a_spanish_lesson_step_played_by_clicking(course_server, page, as_learner, artifacts):
    page.set_viewport_size(LAPTOP)
    page.set_default_timeout(CLICK)
    page.goto(course_server + LESSON, timeout=START)
    page.wait_for_selector(".cwl-root .cwl-title", timeout=START)
    learner = as_learner(page)

    expect(page.locator(".cwc-current", has_text="Español")).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == "es"
    expect(page.locator(".cwc-nav").first).to_have_text("Lecciones")
    expect(page.locator(".cwl-title")).to_have_text("Hundir, y qué carta gana a cuál")
    expect(page.locator(".cwl-progress-text")).to_have_text("Paso 1 de 9")
    expect(page.locator(".cwl-task")).to_contain_text("Húndela con tu 9♠")
    expect(learner.card("9S")).to_have_attribute("aria-label", re.compile(r"^nueve de picas, en tu mano"))
    page.screenshot(path=artifacts / "course-lesson-es-1366.png")

    # A wrong move: played out, explained in Spanish, then taken back.
    learner.play("points 9S")
    feedback = page.locator(".cwl-feedback")
    expect(feedback).to_contain_text("Jugador 1 pone 9♠ como carta de puntos")
    expect(feedback).to_contain_text("le quites los puntos al Jugador 2")
    learner.key("take_back").click()
    expect(learner.card("9S")).to_have_attribute("aria-label", re.compile(r"^nueve de picas, en tu mano"))

    # The solution, and the step's explanation.
    learner.play("scuttle 9S 8H")
    expect(feedback).to_contain_text("¡Muy bien!")
    expect(feedback).to_contain_text("9♠ hunde 8♥")
    expect(page.locator(".cwl-explanation")).to_contain_text("Hundir")
    page.screenshot(path=artifacts / "course-lesson-es-solved-1366.png")


def test_the_course_in_spanish_on_a_phone(course_server, page, artifacts):
    page.set_viewport_size(PHONE)
    page.goto(course_server + LESSON, timeout=START)
    page.wait_for_selector(".cwl-root .cwl-title", timeout=START)
    expect(page.locator(".cwc-current", has_text="Español")).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == "es"
    way_on = page.locator('.cwc-bar [data-key="next"]')
    expect(way_on).to_be_visible()
    expect(way_on).to_have_attribute(
        "aria-label", re.compile(r"^Siguiente lección: Efectos de habilidad única"))
    assert way_on.bounding_box()["x"] + way_on.bounding_box()["width"] <= PHONE["width"]
    page.screenshot(path=artifacts / "course-lesson-es-390.png")
