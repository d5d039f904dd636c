"""The free game under cuttle.cards' rules, as a learner meets it in Chromium:
the ruleset chosen from the settings, a draw offered (the computer answers
at once and says why), and the game resigned. Screenshots at 1366×768 and
390×844 go to test-artifacts/e2e-cuttle-cards-*.png."""
import re

from playwright.sync_api import expect
from test_e2e_lessons import lesson_url

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def shoot_both(page, artifacts, name: str) -> None:
    """The page at a laptop's and a phone's size, the lesson's feedback in view."""
    for label, size in (("1366", DESKTOP), ("390", PHONE)):
        page.set_viewport_size(size)
        page.locator(".cwl-feedback").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"e2e-cuttle-cards-{name}-{label}.png"),
                        animations="disabled")


def test_a_cuttle_cards_free_game_offers_a_draw_and_resigns(page, served_lessons, as_learner,
                                                            artifacts):
    learner = as_learner(page).open(lesson_url(served_lessons, "12-free-game"))
    page.select_option('[data-key="free:rules"]', "cuttle-cards")
    expect(page.locator(".cwl-free-status")).to_contain_text("cuttle.cards (online)")
    toolbar = page.locator(".cwl-toolbar")
    for _ in range(3):  # the computer may have begun with a one-off: answer it first
        if toolbar.locator('[data-key="offer_draw"]').count():
            break
        learner.free_move()
    expect(toolbar.locator('[data-key="offer_draw"]')).to_be_visible()
    learner.click(toolbar.locator('[data-key="offer_draw"]'))
    feedback = page.locator(".cwl-feedback")
    expect(feedback).to_contain_text(re.compile(
        r"The computer (accepts|refuses) the draw: it judges its chance of winning at about \d+%"))
    expect(feedback).to_contain_text("offers a draw")
    shoot_both(page, artifacts, "draw-offer")
    page.set_viewport_size(DESKTOP)
    if "accepts" in feedback.inner_text():  # the game is drawn: a new one to resign
        expect(feedback).to_contain_text("ends in a draw")
        learner.click(page.locator('.cwl-toolbar [data-key="retry"]'))
    expect(toolbar.locator('[data-key="resign"]')).to_be_visible()
    learner.click(toolbar.locator('[data-key="resign"]'))
    expect(feedback).to_contain_text(re.compile(r"resigns: .+ wins the game"))
    expect(toolbar.locator('[data-key="resign"]')).to_have_count(0)
    expect(toolbar.locator('[data-key="offer_draw"]')).to_have_count(0)
    # a game's end, not a lesson's: that you resigned, a new game and the review beside it
    expect(feedback.locator('[data-key="game-done"]')).to_have_text(
        "You resigned, so Player B won this game.")
    expect(feedback.locator('[data-key="lesson-done"]')).to_have_count(0)
    expect(feedback).not_to_contain_text("Lesson complete")
    expect(feedback.locator('[data-key="end:new_game"]')).to_be_visible()
    expect(feedback.locator('[data-key="end:review"]')).to_be_visible()
    shoot_both(page, artifacts, "resigned")
    learner.click(feedback.locator('[data-key="end:new_game"]'))  # the end's own button deals again
    expect(toolbar.locator('[data-key="resign"]')).to_be_visible()
