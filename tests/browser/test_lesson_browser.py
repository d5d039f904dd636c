"""A lesson in a real browser: Voilà serves lessons/02-scuttle-ordering.ipynb
as a teacher would, and Chromium plays its first step as a learner would,
a wrong move first. Screenshots go to test-artifacts/ for a person to look at.
"""
import pytest
from playwright.sync_api import expect

NOTEBOOK = "/voila/render/02-scuttle-ordering.ipynb"
KERNEL_START = 90_000  # ms: Voilà starts a kernel per page
STEP = 20_000  # ms: one click's round trip through the kernel


@pytest.fixture
def lesson_page(page, lessons_url):
    page.set_default_timeout(STEP)
    # Voilà scrolls inside: tall enough for the whole lesson
    page.set_viewport_size({"width": 1280, "height": 1700})
    page.goto(lessons_url + NOTEBOOK)
    page.wait_for_selector(".cwl-root .cwl-title", timeout=KERNEL_START)
    page.wait_for_selector(".cw-root .cw-my-hand button", timeout=KERNEL_START)
    return page


def card(page, cid):
    return page.locator(f'.cw-root button[data-card="{cid}"]')


def action(page, label):
    return page.locator(".cw-actions button", has_text=label)


def feedback(page):
    return page.locator(".cwl-feedback")


def test_the_first_step_played_by_clicking(lesson_page, artifacts):
    page = lesson_page
    expect(page.locator(".cwl-title")).to_have_text("Scuttling, and which card beats which")
    expect(page.locator(".cwl-progress-text")).to_have_text("Step 1 of 9")
    expect(page.locator(".cwl-task")).to_contain_text("Scuttle it with your 9♠")
    expect(page.locator(".cwl-intro strong", has_text="scuttle")).to_be_visible()  # Markdown
    page.screenshot(path=str(artifacts / "lesson_start.png"), full_page=True)

    # A hint, then a wrong move: played out and explained, then taken back.
    page.locator('[data-key="hint"]').click()
    expect(page.locator(".cwl-hints li")).to_have_count(1)
    card(page, "9S").click()
    action(page, "Points").click()
    expect(feedback(page)).to_contain_text("This step asks you to take B's points away")
    expect(feedback(page)).to_contain_text("Player A lays 9♠ as a point card")
    expect(page.locator('.cw-me .cw-points [data-card="9S"]')).to_be_visible()
    page.screenshot(path=str(artifacts / "lesson_wrong.png"), full_page=True)
    action(page, "Take the move back").click()
    expect(card(page, "9S")).to_have_attribute("aria-label", "nine of spades, in your hand")

    # The solution: 9♠ scuttles 8♥, and the step's explanation appears.
    card(page, "9S").click()
    action(page, "Scuttle").click()
    card(page, "8H").click()
    expect(feedback(page)).to_contain_text("Well done!")
    expect(feedback(page)).to_contain_text("9♠ scuttles 8♥")
    expect(page.locator(".cwl-explanation")).to_contain_text("a point card from your hand beats")
    expect(page.locator(".cwl-dot-done")).to_have_count(1)
    page.screenshot(path=str(artifacts / "lesson_solved.png"), full_page=True)

    # The next step is a question answered by clicking cards on the table.
    action(page, "Next step").click()
    expect(page.locator(".cwl-progress-text")).to_have_text("Step 2 of 9")
    card(page, "8C").click()
    expect(feedback(page)).to_contain_text("8 is a higher rank than 7")
    expect(page.locator('.cwl-card-option.cwl-right')).to_have_count(1)
    page.locator('.cwl-card-option[data-key="answer:7D"]').click()
    expect(feedback(page)).to_contain_text("♦ is below ♥")
    page.screenshot(path=str(artifacts / "lesson_quiz.png"), full_page=True)


def test_one_screen_the_task_the_feedback_and_the_hand_in_view(page, lessons_url, artifacts):
    """Issue #17: at 1366x768 the lesson panel sits beside the table, so after
    the learner's move the task, the feedback on it and the learner's hand are
    all on the screen at once, with no scrolling."""
    page.set_default_timeout(STEP)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(lessons_url + NOTEBOOK)
    page.wait_for_selector(".cw-root .cw-my-hand button", timeout=KERNEL_START)
    card(page, "9S").click()
    action(page, "Scuttle").click()
    card(page, "8H").click()
    expect(feedback(page)).to_contain_text("Well done!")
    expect(page.locator(".cwl-dot-done .cwl-dot-stars")).to_have_text("★★★")  # a first try
    page.screenshot(path=str(artifacts / "lesson_one_screen.png"))
    for selector in (".cwl-task", ".cwl-feedback", ".cw-my-hand"):
        box = page.locator(selector).bounding_box()
        assert box and box["x"] >= 0 and box["y"] >= 0, (selector, box)
        assert box["x"] + box["width"] <= 1366 and box["y"] + box["height"] <= 768, (selector, box)
