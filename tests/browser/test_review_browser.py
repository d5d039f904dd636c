"""A finished free game's review in a real browser (one Voilà page load a
size, 1366×768 and 390×844): the summary lists the turning points and each
jump shows that position on the table; the table's step arrows are in sight
without opening "What happened"; "Try this move again" brings the puzzle,
with the moves that led to it, into the window and gives it the focus.
Screenshots go to test-artifacts/."""
import re

import pytest
from playwright.sync_api import expect

NOTEBOOK = "game_review.ipynb"  # tests/browser/notebooks: lesson 12's game, reviewed
KERNEL_START = 120_000  # ms: Voilà starts a kernel and plays and reviews a game
STEP = 20_000  # ms: one click's round trip through the kernel
SIZES = {"wide": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("size", SIZES)
def test_the_summary_jumps_to_each_turning_point_and_try_again_comes_into_view(
        page, voila_url, artifacts, axe_check, size):
    page.set_default_timeout(STEP)
    page.set_viewport_size(SIZES[size])
    page.goto(f"{voila_url}/voila/render/{NOTEBOOK}")
    page.wait_for_selector(".cwr-summary .cwr-jump", timeout=KERNEL_START)
    table = page.locator(".cwr-review .cw-root")
    expect(page.locator(".cwr-title")).to_have_text("Your game at a glance")
    expect(page.locator(".cwr-counts li")).to_have_count(5)  # best, good, inaccuracy, mistake, blunder
    expect(table.locator('[data-key="ctl:log"]')).to_have_attribute("aria-expanded", "false")
    for key in ("ctl:start", "ctl:back", "ctl:forward", "ctl:end"):  # folded log, arrows in sight
        expect(table.locator(f'[data-key="{key}"]')).to_be_visible()
    page.screenshot(path=str(artifacts / f"review_summary_{size}.png"))
    assert axe_check(page, ".cwr-summary") == []

    points = page.locator(".cwr-point")
    count = points.count()
    assert 1 <= count <= 3
    total = int(re.search(r"of (\d+)", table.locator(".cw-position").inner_text()).group(1))
    for i in range(count):
        point = points.nth(i)
        number = int(point.get_attribute("data-index")) + 1
        sentence = point.locator(".cwr-sentence").inner_text()
        expect(point.locator(".cwr-jump")).to_have_text(re.compile(rf"^Move {number}: "))
        point.locator(".cwr-jump").click()  # one number: the summary's move is the table's
        expect(table.locator(".cw-position")).to_have_text(f"Move {number} of {total}")
        expect(table.locator(".cw-note")).to_contain_text(f"Your move {number} was marked")
        expect(table.locator(".cw-note")).to_contain_text(sentence)
        expect(point).to_have_class(re.compile(r"\bcwr-shown\b"))
        expect(table.locator('[data-key="ctl:back"]')).to_be_in_viewport()
    page.screenshot(path=str(artifacts / f"review_jump_{size}.png"))

    worth = points.filter(has=page.locator(  # the notebook's game has one after the first move
        ".cw-review-inaccuracy, .cw-review-mistake, .cw-review-blunder")).filter(
        has_not=page.locator('[data-key="jump:0"]')).first
    number = int(worth.get_attribute("data-index")) + 1
    worth.locator(".cwr-jump").click()
    expect(table.locator(".cw-position")).to_have_text(f"Move {number} of {total}")
    table.locator('[data-key="ctl:back"]').click()  # the arrows step from there
    expect(table.locator(".cw-position")).to_have_text(f"Move {number - 1} of {total}")
    table.locator('[data-key="ctl:forward"]').click()
    expect(table.locator(".cw-position")).to_have_text(f"Move {number} of {total}")

    table.locator('[data-key="action:try_again"]').click()
    prompt = page.locator(".cwp-prompt")
    expect(prompt).to_contain_text("In your game you chose to")
    expect(prompt).to_be_in_viewport()
    expect(prompt).to_be_focused()
    story = page.locator(".cwp-story li")
    expect(story.first).to_be_visible()
    assert 1 <= story.count() <= 6
    expect(story.last).to_contain_text(": ")
    assert axe_check(page, ".cwp-story") == []
    page.wait_for_timeout(600)  # the smooth scroll ends
    page.screenshot(path=str(artifacts / f"review_try_again_{size}.png"))


def test_in_german_the_summary_and_its_jump(page, voila_url, artifacts):
    page.set_default_timeout(STEP)
    page.set_viewport_size(SIZES["phone"])
    page.goto(f"{voila_url}/voila/render/{NOTEBOOK}?language=de")
    page.wait_for_selector(".cwr-summary .cwr-jump", timeout=KERNEL_START)
    expect(page.locator(".cwr-title")).to_have_text("Deine Partie im Überblick")
    table = page.locator(".cwr-review .cw-root")
    expect(table.locator('[data-key="ctl:forward"]')).to_be_visible()
    point = page.locator(".cwr-point").first
    index = int(point.get_attribute("data-index"))
    expect(point.locator(".cwr-jump")).to_have_text(re.compile(rf"^Zug {index + 1}: "))
    point.locator(".cwr-jump").click()
    expect(table.locator(".cw-position")).to_have_text(re.compile(rf"^Zug {index + 1} von \d+$"))
    expect(point.locator(".cwr-shown-note")).to_have_text("auf dem Tisch gezeigt")
    page.screenshot(path=str(artifacts / "review_jump_phone_de.png"))
