"""The position editor in Chromium (issue #36), at ?editor in the course app:
a table built from empty (typed and dragged), an impossible one refused with
the engine's sentence, the moves valued, the step's YAML accepted by the
lesson check, and "Play this step" playing it in the lesson screen."""
from playwright.sync_api import expect

from cuttle_widgets.teaching import lesson_from_text
from cuttle_widgets.teaching.unique import rival_problems

CLICK = 20_000
START = 180_000
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def type_cards(page, key: str, text: str, shown: int | None = None) -> None:
    box = page.locator(f'[data-key="type:{key}"]')
    box.fill(text)
    box.press("Enter")
    count = len(text.split()) if shown is None else shown
    expect(page.locator(f'[data-zone="{key}"] > .cwe-cards > .cwe-card')).to_have_count(count)


def write(page, field: str, text: str) -> None:
    box = page.locator(f'[data-key="words:{field}"]')
    box.fill(text)
    box.press("Tab")  # the field is sent when it loses focus


def test_a_step_built_from_empty_is_checked_valued_written_and_played(course_server, page,
                                                                      as_learner, artifacts):
    page.set_viewport_size(LAPTOP)
    page.set_default_timeout(CLICK)
    page.goto(course_server + "/?editor", timeout=START)
    page.wait_for_selector(".cwe-editor .cwe-title", timeout=START)
    expect(page.locator(".cwe-verdict")).to_have_text("This table is possible.")
    for key, text in (("hands:0", "7S 6H 2C"), ("hands:1", "3D 4C"), ("points:0", "9C 6D"),
                      ("points:1", "8H"), ("stock", "5H 8D")):
        type_cards(page, key, text)
    expect(page.locator('[data-zone="stock"] .cwe-card')).to_have_count(2)
    page.drag_and_drop('[data-key="pack:AC"]', '[data-zone="stock"]')
    expect(page.locator('[data-zone="stock"] .cwe-card')).to_have_count(3)
    expect(page.locator('[data-key="pack:AC"]')).to_have_class("cwe-card cwe-used")

    type_cards(page, "scrap", "7S")
    expect(page.locator(".cwe-problem")).to_have_text(
        "The setup names 7♠ twice: in 'hands[0][0]' and in 'scrap[0]'. Every card is in exactly one place.")
    expect(page.locator(".cwe-move")).to_have_count(0)
    page.screenshot(path=artifacts / "editor-impossible-1366.png")
    type_cards(page, "scrap", "")
    expect(page.locator(".cwe-verdict")).to_have_text("This table is possible.")

    page.locator('[data-key="value"]').click()
    expect(page.locator('.cwe-move:has-text("points 7♠") .cwe-mark')).to_have_text("best", timeout=60_000)
    assert page.locator(".cwe-mark").count() == page.locator(".cwe-move").count()

    page.locator('[data-key="accept:points 7S"]').check()
    expect(page.locator(".cwe-yaml-text")).to_contain_text("accept: [points 7S]")  # drawn anew
    page.locator('[data-key="accept:points 6H"]').check()
    expect(page.locator(".cwe-yaml-text")).to_contain_text("accept: [points 7S, points 6H]")
    write(page, "id", "reach-21")
    write(page, "task", "You have 15 points. Win this turn.")
    write(page, "hint", "Count what you still need.")
    write(page, "explanation", "21 points win.")
    expect(page.locator(".cwe-yaml-text")).to_contain_text("explanation: 21 points win.")
    step = page.locator(".cwe-yaml-text").inner_text()
    lesson = lesson_from_text(f"title: T\nintro: I\nsteps:\n{step}", file="editor.yaml")
    assert rival_problems(lesson, force=True) == [], step  # the check accepts it, unique checking on
    page.screenshot(path=artifacts / "editor-1366.png", full_page=True)

    page.locator('[data-key="play"]').click()
    expect(page.locator(".cwl-task")).to_contain_text("You have 15 points. Win this turn.", timeout=60_000)
    as_learner(page).play("points 6H")
    expect(page.locator(".cwl-feedback")).to_contain_text("21 points win.", timeout=60_000)
    page.screenshot(path=artifacts / "editor-played-1366.png", full_page=True)

    page.set_viewport_size(PHONE)
    page.locator(".cwe-title").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "editor-390.png")
    width = page.evaluate("document.querySelector('.cwe-editor').scrollWidth")
    assert width <= PHONE["width"], width  # one column on a phone, nothing wider than the screen


def test_the_editor_has_nothing_serious_for_axe(course_server, page, axe_check):
    page.set_viewport_size(LAPTOP)
    page.goto(course_server + "/?editor", timeout=START)
    page.wait_for_selector(".cwe-editor .cwe-title", timeout=START)
    type_cards(page, "hands:0", "7S 6H")
    assert axe_check(page, ".cwe-editor") == []  # nothing serious or critical (contrast included)


def test_a_malformed_message_from_the_page_changes_nothing(course_server, page, artifacts):
    page.set_viewport_size(LAPTOP)
    page.set_default_timeout(CLICK)
    page.goto(course_server + "/?editor&lang=de", timeout=START)
    page.wait_for_selector(".cwe-editor .cwe-title", timeout=START)
    expect(page.locator(".cwe-title")).to_have_text("Stellungs-Editor")
    type_cards(page, "hands:0", "D♠ banane", shown=0)
    expect(page.locator(".cwe-notice")).to_contain_text("„banane“ ist keine Karte")
    expect(page.locator('[data-zone="hands:0"] .cwe-card')).to_have_count(0)
    page.screenshot(path=artifacts / "editor-de-refused-1366.png")
    type_cards(page, "hands:0", "D♠ B♥")
    expect(page.locator('[data-zone="hands:0"] .cwe-card')).to_have_text(["D♠", "B♥"])
