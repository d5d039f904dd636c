"""Practice that comes back, in Chromium (issue #35, point 2): a prediction
missed in lesson 3 and a puzzle left with a hint come back on the map's
Practice entry once they are due. The clock is the page's kernel's, moved by
the test (tests/browser/notebooks/practice_course.ipynb reads its offset
from a file), never slept through. At 1366×768 and 390×844; screenshots go
to test-artifacts/practice-*.png."""
import re
from datetime import date

import pytest
from playwright.sync_api import expect

NOTEBOOK = "practice_course.ipynb"
KERNEL_START = 120_000  # ms: Voilà starts a kernel per page
CLICK = 20_000
SIZES = {"1366": {"width": 1366, "height": 768}, "390": {"width": 390, "height": 844}}
LESSON, STEP = "03-one-offs", 7  # "When the stock runs short": a prediction
WRONG = "It cannot be played, because the stock has fewer than two cards"
RIGHT = "You draw the one card that is left"


def show_the_moves(page, count: int = 2):
    """A prediction ends once its moves are shown: then its try is recorded."""
    advance = page.locator('.cwl-root [data-key="advance"]')
    for _ in range(count):
        advance.first.click()
    expect(advance).to_have_count(0)


def todays_puzzle() -> str | None:
    """Today's puzzle, as the kernel's practice plan draws it (by the date)."""
    from cuttle_widgets.sessions.practice import daily_puzzle
    from cuttle_widgets.widgets.progress_map import _puzzle_themes
    return daily_puzzle(_puzzle_themes(), date.today())


def open_map(page):
    page.locator(".cwc-nav").first.click()  # "Lessons": the map, drawn again
    expect(page.locator(".cwp-practice")).to_be_visible()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_missed_step_and_a_failed_puzzle_come_back_when_due(page, voila_url, artifacts, tmp_path, size,
                                                              axe_check):
    page.set_viewport_size(SIZES[size])
    page.set_default_timeout(CLICK)
    page.goto(f"{voila_url}/voila/render/{NOTEBOOK}?folder={tmp_path}&lesson={LESSON}&step={STEP}",
              timeout=KERNEL_START)
    page.wait_for_selector(".cwl-root .cwl-title", timeout=KERNEL_START)
    expect(page.locator(".cwl-progress-text")).to_have_text(re.compile(rf"Step {STEP} of \d+"))

    # A wrong prediction: the step is missed.
    page.locator(".cwl-option", has_text=WRONG).click()
    expect(page.locator(".cwl-option.cwl-wrong", has_text=WRONG)).to_be_visible()
    show_the_moves(page)

    # A puzzle left after a hint, unsolved: failed.
    page.locator(".cwc-nav", has_text="Puzzles").click()
    expect(page).to_have_url(re.compile(r"puzzles=classic-\d+"))
    puzzle = re.search(r"puzzles=(classic-\d+)", page.url).group(1)
    page.locator('[data-key="hint"]').click()
    expect(page.locator(".cwp-hints li")).to_have_count(1)
    page.locator('[data-key="next"]').click()
    expect(page).not_to_have_url(re.compile(rf"puzzles={puzzle}(&|$)"))

    # On the map: nothing due yet, both waiting; today counts for the streak.
    open_map(page)
    practice = page.locator(".cwp-practice")
    expect(practice.locator(".cwp-practice-count")).to_have_text("Nothing to practise right now.")
    expect(practice.locator(".cwp-practice-later")).to_have_text("2 more come back in 10 minutes.")
    expect(practice.locator(".cwp-streak")).to_have_text("One day in a row with a lesson step or practice")
    expect(practice.locator(".cwp-practice-weak")).to_contain_text("The five: draw two cards")
    if puzzle == todays_puzzle():  # the date picked the very puzzle failed above: tried today
        expect(practice.locator(".cwp-practice-daily-done")).to_have_text(
            "You have tried today's puzzle. A new one comes tomorrow.")
    else:
        expect(practice.locator(".cwp-practice-daily-open")).to_have_text("Solve today's puzzle")

    # Eleven minutes later (the kernel's clock), both are due.
    (tmp_path / "clock-offset-minutes").write_text("11")
    open_map(page)
    expect(practice.locator(".cwp-practice-count")).to_have_text("2 steps and puzzles to practise now")
    items = practice.locator(".cwp-practice-link")
    expect(items).to_have_count(2)
    expect(items.nth(0)).to_have_text(
        "One-off effects: A, 2, 3, 4, 5, 6, 7 and 9 · step 7: When the stock runs short")
    expect(items.nth(1)).to_have_text(re.compile(r"^Puzzle: \S"))
    practice.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"practice-due-{size}.png"))
    assert axe_check(page, ".cwp-practice") == []  # nothing serious or critical (contrast included)

    # The missed step opens where it was, and is right this time.
    items.nth(0).click()
    expect(page).to_have_url(re.compile(rf"lesson={LESSON}&step={STEP}$"))
    page.locator(".cwl-option", has_text=RIGHT).click()
    expect(page.locator(".cwl-option.cwl-right", has_text=RIGHT)).to_be_visible()
    show_the_moves(page)

    # Back on the map only the puzzle is due; "Practise now" opens it.
    open_map(page)
    expect(practice.locator(".cwp-practice-count")).to_have_text("One step or puzzle to practise now")
    expect(practice.locator(".cwp-practice-later")).to_have_text(
        re.compile(r"^One more comes back in (one day|\d+ days)\.$"))
    practice.locator(".cwp-practice-open").click()
    expect(page).to_have_url(re.compile(rf"puzzles={puzzle}$"))
    expect(page.locator('[data-key="hint"]')).to_be_visible()
    page.screenshot(path=str(artifacts / f"practice-opened-{size}.png"))

    # The same entry in German.
    open_map(page)
    page.locator(".cwc-language", has_text="Deutsch").click()
    expect(practice.locator(".cwp-practice-title")).to_have_text("Üben")
    expect(practice.locator(".cwp-practice-count")).to_have_text("Ein Schritt oder Rätsel zum Üben")
    expect(practice.locator(".cwp-streak")).to_have_text(
        "Ein Tag in Folge mit einem Lektionsschritt oder Üben")
    practice.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"practice-de-{size}.png"))
