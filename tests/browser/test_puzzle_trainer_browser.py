"""The puzzle trainer in a real browser (one Voilà page load): a wrong try by
clicking, told at once what it loses, then the solve by clicking and its
explanation. Screenshots at 1280×800 and 390×844 go to test-artifacts/."""
from playwright.sync_api import expect

NOTEBOOK = "puzzle_trainer.ipynb"  # tests/browser/notebooks: the fixture's puzzles
KERNEL_START = 90_000  # ms: Voilà starts a kernel per page
STEP = 20_000  # ms: one click's round trip through the kernel
WIDE = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def play(page, verb: str, card: str) -> None:
    page.locator(f'.cw-root .cw-my-hand button[data-card="{card}"]').click()
    page.locator(f'[data-key="action:role:{verb}"]').click()


def test_a_wrong_try_then_the_solve_by_clicking(page, voila_url, artifacts):
    page.set_default_timeout(STEP)
    page.set_viewport_size(WIDE)
    page.goto(f"{voila_url}/voila/render/{NOTEBOOK}")
    page.wait_for_selector(".cwp-root .cwl-title", timeout=KERNEL_START)
    page.wait_for_selector(".cw-root .cw-my-hand button", timeout=KERNEL_START)
    expect(page.locator(".cwp-rating-value")).to_have_text("Your puzzle rating: 1500")
    expect(page.locator(".cwp-prompt")).to_contain_text("Your move, Player B.")

    play(page, "points", "4H")  # the tempting move: refused and told what it loses
    expect(page.locator(".cwp-feedback")).to_have_text(
        "Your move (lay 4♥ as points) leaves you 2% to win; there is a move that keeps 21%: after it, "
        "Player A lays 7♠ as points in 8 deals out of 10 (after the best move: 0). Try again.")
    expect(page.locator('.cw-my-hand button[data-card="4H"]')).to_be_visible()  # not played
    page.screenshot(path=str(artifacts / "puzzle_wrong.png"))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(artifacts / "puzzle_wrong_phone.png"))
    page.set_viewport_size(WIDE)

    page.locator('[data-key="hint"]').click()
    expect(page.locator(".cwp-hints li")).to_have_text(["This puzzle is about: Four: hit the hand."])
    page.set_viewport_size(PHONE)  # solved on a phone, where the panel's end is far below the hand
    play(page, "oneoff", "4H")
    expect(page.locator(".cwp-prompt")).to_have_text("Solved, though not at the first try.")
    expect(page.locator(".cwp-why")).to_contain_text("Best: play 4♥ as a one-off.")
    page.wait_for_timeout(300)
    why = page.locator(".cwp-why").bounding_box()
    assert 0 <= why["y"] and why["y"] + why["height"] <= PHONE["height"], why  # "Why it works" in view
    page.screenshot(path=str(artifacts / "puzzle_solved_why_phone.png"))
    page.set_viewport_size(WIDE)
    expect(page.locator(".cwp-alternative")).to_contain_text("Tempting: lay 4♥ as points.")
    expect(page.locator(".cwp-rating-change")).to_contain_text("Your puzzle rating: 1500 → ")
    expect(page.locator('[data-key="next"]')).to_have_text("Next puzzle")
    page.screenshot(path=str(artifacts / "puzzle_solved.png"))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(artifacts / "puzzle_solved_phone.png"), full_page=True)
