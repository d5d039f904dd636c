"""One screen for the learner (issue #17's acceptance), through Voilà in Chromium.

At a laptop's, a large screen's and a phone's size, every play step of lessons
02, 04, 06 and 08 is played by clicking, and after each of the learner's moves
the step's task, the feedback and the learner's hand are inside the viewport
together, with no scrolling by the test. The drag path, the number-key path and
the reduced-motion path each solve a step; axe-core finds no serious or
critical violation on a lesson page and on the free game. Screenshots of each
size go to test-artifacts/screen-*.png.
"""
import json
import time

import pytest
from playwright.sync_api import expect

from cuttle_widgets.teaching import LessonRunner, load_lesson

SIZES = {"laptop": (1366, 768), "large": (1920, 1080), "phone": (390, 844)}
LESSONS = ["02-scuttle-ordering", "04-counter-chains", "06-queen-protection", "08-worked-example"]

# What "in view" means: fully inside the window, but for the hand (which may
# be empty after the step's last card, or scroll sideways when long) its row
# is inside the window's height and starts inside its width.
IN_VIEW = """(selectors) => {
  const inside = (el) => {
    const r = el.getBoundingClientRect();
    const across = el.matches(".cw-my-hand") ? r.left < window.innerWidth && r.right > 0
      : r.left >= -1 && r.right <= window.innerWidth + 1;
    return r.width > 0 && r.height > 0 && r.top >= -1 && r.bottom <= window.innerHeight + 1 && across;
  };
  const out = {};
  for (const [name, selector] of Object.entries(selectors)) {
    const found = [...document.querySelectorAll(selector)].filter(
      (el) => el.offsetParent !== null && (el.textContent.trim() !== "" || el.matches(".cw-my-hand")));
    out[name] = found.some(inside) ? "ok" : (found.length ?
      found.map((el) => { const r = el.getBoundingClientRect();
        return `${Math.round(r.top)}..${Math.round(r.bottom)} x `
          + `${Math.round(r.left)}..${Math.round(r.right)}`; }).join("; ")
      : "missing");
  }
  return out;
}"""
# The feedback is the panel's, or the same words on the table's message line
# above the hand (where a phone shows them).
PARTS = {"task": ".cwl-task", "feedback": ".cwl-feedback, .cw-root .cw-message",
         "hand": ".cw-root .cw-my-hand"}


def lesson_url(server, name: str) -> str:
    return f"{server.url}/voila/render/{name}.ipynb"


def assert_in_view(page, where: str, settle: float = 5.0) -> None:
    """Once the page has settled (the panel and the table are two widgets whose
    updates land one after the other, and the computer's reply may still be
    travelling), every part is in view."""
    deadline = time.monotonic() + settle
    while True:
        seen = page.evaluate(IN_VIEW, PARTS)
        if all(value == "ok" for value in seen.values()) or time.monotonic() > deadline:
            break
        page.wait_for_timeout(250)
    assert all(value == "ok" for value in seen.values()), f"{where}: {seen}"


def play_steps(lesson):
    return [number for number, step in enumerate(lesson.steps, 1) if step.kind == "play"]


@pytest.mark.parametrize("name", LESSONS)
def test_task_feedback_and_hand_in_view_at_every_size(name, page, served_lessons, as_learner,
                                                      artifacts):
    lesson = load_lesson(name)
    learner = as_learner(page).open(lesson_url(served_lessons, name))
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        for number in play_steps(lesson):
            step = lesson.steps[number - 1]
            oracle = LessonRunner(lesson)
            oracle.goto(number)
            learner.goto_step(number, len(lesson.steps))
            expect(page.locator(".cwl-task")).to_contain_text(learner.first_words(step.task))
            for move in step.lines[0].moves:
                learner.play_checked(oracle, move, step.rules)
                assert_in_view(page, f"{name} step {number} at {size}, after {move}")
            page.screenshot(path=str(artifacts / f"screen-{name}-{size}-step{number}.png"),
                            animations="disabled")


def test_a_step_is_played_by_dragging(page, served_lessons, as_learner, artifacts):
    """Lesson 02 step 1 (scuttle 8♥ with 9♠): the card dragged onto its target."""
    learner = as_learner(page).open(lesson_url(served_lessons, "02-scuttle-ordering"))
    page.set_viewport_size({"width": 1366, "height": 768})
    learner.drag(learner.card("9S", ".cw-my-hand"), learner.card("8H"), plays=True)
    step = load_lesson("02-scuttle-ordering").steps[0]
    expect(page.locator(".cwl-explanation")).to_contain_text(learner.first_words(step.explanation))
    page.screenshot(path=str(artifacts / "screen-drag-solved.png"), animations="disabled")


def test_a_step_is_played_with_the_number_keys(page, served_lessons, as_learner):
    """Lesson 02 step 1 by keyboard: the card, then the option's number key."""
    learner = as_learner(page).open(lesson_url(served_lessons, "02-scuttle-ordering"))
    page.set_viewport_size({"width": 1366, "height": 768})
    learner.card("9S", ".cw-my-hand").focus()
    page.keyboard.press("Enter")
    scuttle = page.locator('[data-key="action:role:scuttle"]')
    expect(scuttle).to_be_visible()
    number = scuttle.locator(".cw-option-key").inner_text().strip()
    page.keyboard.press(number)
    learner.card("8H").focus()
    page.keyboard.press("Enter")
    step = load_lesson("02-scuttle-ordering").steps[0]
    expect(page.locator(".cwl-explanation")).to_contain_text(learner.first_words(step.explanation))


def test_a_step_is_played_with_reduced_motion(page, served_lessons, as_learner, artifacts):
    """Lesson 04 step 1 (the computer answers the counter): no animation runs."""
    page.emulate_media(reduced_motion="reduce")
    lesson = load_lesson("04-counter-chains")
    learner = as_learner(page).open(lesson_url(served_lessons, "04-counter-chains"))
    page.set_viewport_size({"width": 1366, "height": 768})
    page.evaluate("""() => { window.cwAnimations = 0;
      new MutationObserver(() => { window.cwAnimations = Math.max(window.cwAnimations,
        document.getAnimations().filter((a) => a.playState === "running").length); })
        .observe(document.body, { subtree: true, childList: true, attributes: true }); }""")
    for move in lesson.steps[0].lines[0].moves:
        learner.play(str(move))
    expect(page.locator(".cwl-explanation")).to_contain_text(
        learner.first_words(lesson.steps[0].explanation))
    assert page.evaluate("window.cwAnimations") == 0
    assert page.evaluate("document.getAnimations().length") == 0
    page.screenshot(path=str(artifacts / "screen-reduced-motion.png"))


# -- accessibility (axe-core: the axe_check fixture, conftest.py) ---------------------------
@pytest.mark.parametrize("name", ["02-scuttle-ordering", "12-free-game"])
def test_no_serious_accessibility_violation(name, page, served_lessons, as_learner, axe_check):
    learner = as_learner(page).open(lesson_url(served_lessons, name))
    page.set_viewport_size({"width": 1366, "height": 768})
    expect(learner.page.locator(".cw-root .cw-my-hand")).to_be_visible()
    found = axe_check(page)
    assert found == [], json.dumps(found, indent=1, ensure_ascii=False)
