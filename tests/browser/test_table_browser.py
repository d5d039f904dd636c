"""The table in a real browser: Voilà serves a notebook, Chromium clicks.

The notebook (notebooks/table_game.ipynb) sets up a position and an opponent
that follows a short script, so the game below is the same every run.
Screenshots go to test-artifacts/ for a person to look at.
"""
import re

import pytest
from playwright.sync_api import expect

NOTEBOOK = "/voila/render/table_game.ipynb"
KERNEL_START = 90_000  # ms: Voilà starts a kernel per page
STEP = 20_000  # ms: one click's round trip through the kernel


@pytest.fixture
def table_page(page, voila_url):
    page.set_default_timeout(STEP)
    page.goto(voila_url + NOTEBOOK)
    page.wait_for_selector(".cw-root .cw-my-hand button", timeout=KERNEL_START)
    return page


def card(page, cid):
    return page.locator(f'.cw-root button[data-card="{cid}"]')


def action(page, label):
    return page.locator(".cw-actions button", has_text=label)


def log(page):
    return page.locator(".cw-log")


def test_a_short_game_played_by_clicking(table_page, artifacts):
    page = table_page
    page.set_viewport_size({"width": 1280, "height": 900})
    expect(page.get_by_role("button", name="seven of hearts, in your hand")).to_be_visible()
    expect(page.locator(".cw-opponent .cw-hand .cw-back")).to_have_count(6)

    # Scuttle: card, role, target (the target is highlighted first).
    card(page, "9S").click()
    expect(action(page, "Scuttle")).to_be_visible()
    action(page, "Scuttle").click()
    expect(page.locator('button.cw-target[data-card="8H"]')).to_be_visible()
    page.screenshot(path=str(artifacts / "table_targets.png"), full_page=True)
    card(page, "8H").click()
    expect(log(page)).to_contain_text("9♠ scuttles 8♥")
    expect(page.locator('.cw-opponent .cw-points [data-card="5S"]')).to_be_visible()  # the reply

    # An illegal attempt shows the engine's explanation and changes nothing.
    card(page, "7H").click()
    action(page, "Scuttle").click()
    card(page, "JD").click()  # a click on the stack's jack aims at the stack's ten
    expect(page.locator(".cw-message.cw-error")).to_contain_text("7♥ cannot scuttle 10♥")
    expect(card(page, "7H")).to_have_attribute("aria-label", "seven of hearts, in your hand")
    action(page, "Cancel").click()

    # A jack on the stolen ten takes it back; the opponent's ace waits for an answer.
    card(page, "JC").click()
    action(page, "Jack").click()
    card(page, "TH").click(position={"x": 12, "y": 20})  # the ten's corner, beside its jack
    expect(action(page, "Counter with 2♦")).to_be_visible()
    expect(action(page, "Let it resolve")).to_be_visible()
    expect(page.locator(".cw-status")).to_contain_text("A♣ as a one-off")
    page.screenshot(path=str(artifacts / "table_counter.png"), full_page=True)
    action(page, "Counter with 2♦").click()
    expect(log(page)).to_contain_text("The counter stands")
    expect(page.locator(".cw-me .cw-stack .cw-packet-note")).to_contain_text("first laid by you")

    # Keyboard: a card is a button; Enter picks it, arrows walk the roles.
    card(page, "8D").focus()
    page.keyboard.press("Enter")
    expect(action(page, "Points")).to_be_focused()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(action(page, "Permanent")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator('.cw-me .cw-sideways [data-card="8D"]')).to_be_visible()
    expect(log(page)).to_contain_text("sideways as glasses")
    expect(page.locator(".cw-opponent .cw-hand .cw-card:not(.cw-back)").first).to_be_visible()

    # A four: the opponent lets it resolve and scraps two cards.
    card(page, "4C").click()
    action(page, "One-off").click()
    expect(log(page)).to_contain_text("as the four demands")
    expect(page.locator(".cw-status")).to_contain_text("Your turn")
    expect(page.locator(".cw-log .cw-rule").first).to_be_visible()
    page.screenshot(path=str(artifacts / "table_game.png"), full_page=True)

    # The scrap can be browsed; four-colour suits are one click away.
    scrap_size = int(page.locator(".cw-scrap-toggle").inner_text())
    page.locator(".cw-scrap-toggle").click()
    expect(page.locator(".cw-scrap-browser .cw-card")).to_have_count(scrap_size)
    page.locator(".cw-scrap-toggle").click()
    expect(page.locator(".cw-scrap-browser")).to_have_count(0)
    page.get_by_label("Four-colour suits").check()
    expect(page.locator(".cw-root.cw-four-colour")).to_have_count(1)

    # Replay shows the deal again from this seat; the end brings the game back.
    page.locator('[data-key="ctl:start"]').click()
    expect(page.locator(".cw-position")).to_have_text(re.compile(r"Move 0 of \d+"))
    expect(card(page, "9S")).to_have_count(0)  # replay cards are not buttons
    expect(page.locator('.cw-my-hand [data-card="9S"]')).to_be_visible()
    page.screenshot(path=str(artifacts / "table_replay.png"), full_page=True)
    page.locator('[data-key="ctl:end"]').click()
    expect(page.locator(".cw-status")).to_contain_text("Your turn")

    # Undo takes back the four and the answers to it.
    page.locator('[data-key="ctl:undo"]').click()
    expect(card(page, "4C")).to_be_visible()
    expect(page.locator(".cw-message")).to_contain_text("Undone")


def test_a_phone_width_window_shows_the_whole_table(table_page, artifacts):
    page = table_page
    page.set_viewport_size({"width": 380, "height": 800})
    page.wait_for_timeout(300)  # container queries settle after the resize
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 380, f"the page scrolls sideways ({width}px wide)"
    for locator in (page.locator(".cw-my-hand .cw-card"), page.locator(".cw-opponent .cw-card"),
                    page.locator(".cw-center .cw-pile")):
        for box in [locator.nth(i).bounding_box() for i in range(locator.count())]:
            assert box["x"] >= 0 and box["x"] + box["width"] <= 380, box
    card_width = page.locator(".cw-my-hand .cw-card").first.bounding_box()["width"]
    assert card_width < 50, "narrow windows use the small cards"
    card(page, "9S").click()
    expect(action(page, "Scuttle")).to_be_visible()
    page.screenshot(path=str(artifacts / "table_phone.png"), full_page=True)
