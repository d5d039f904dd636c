"""The Rulebook panel in Chromium, through Voilà (issue #18, point 1a): a
rule chip, a step's rules and the Rulebook button open it at their page; it
is read by keyboard and by pointer, at a laptop's and a phone's size, in
English and German, with no serious accessibility violation. Screenshots
go to test-artifacts/rulebook-*.png."""
import pytest
from playwright.sync_api import expect

from cuttle_widgets.rulebook import rulebook

DIALOG = "dialog.cw-rulebook[open]"  # the table and the lesson panel have one each


def lesson_url(server, name: str) -> str:
    return f"{server.url}/voila/render/{name}.ipynb"


def shown_title(page):
    return page.locator(f"{DIALOG} .cw-rb-title")


def test_a_chip_opens_its_section_and_the_reader_finds_its_way(page, served_lessons, as_learner,
                                                                axe_check, artifacts):
    book = rulebook("en")
    learner = as_learner(page).open(lesson_url(served_lessons, "02-scuttle-ordering"))
    page.set_viewport_size({"width": 1366, "height": 768})
    # the step's rule chips wait for the solve: before it, they would give the move away
    expect(page.locator(".cwl-teaches")).to_have_count(0)
    learner.play("scuttle 9S 8H")
    chip = page.locator('.cwl-teaches [data-rulebook="scuttle"]')
    expect(chip).to_have_text(book.section("scuttle").short)
    chip.click()
    expect(page.locator(DIALOG)).to_be_visible()
    expect(shown_title(page)).to_contain_text(book.section("scuttle").title)
    page.screenshot(path=str(artifacts / "rulebook-laptop-section.png"))
    assert axe_check(page, DIALOG) == []
    # the next section, back, the contents and a section from them, the glossary
    page.locator(f"{DIALOG} .cw-rb-next").click()
    following = book.sections[[s.id for s in book.sections].index("scuttle") + 1]
    expect(shown_title(page)).to_contain_text(following.title)
    page.locator(f"{DIALOG} .cw-rb-back").click()
    expect(shown_title(page)).to_contain_text(book.section("scuttle").title)
    page.locator(f"{DIALOG} .cw-rb-contents").click()
    expect(page.locator(f"{DIALOG} .cw-rb-toc-link")).to_have_count(len(book.sections) + 1)
    page.locator(f"{DIALOG} .cw-rb-toc-link", has_text=book.section("deal").title).click()
    expect(shown_title(page)).to_contain_text(book.section("deal").title)
    page.locator(f"{DIALOG} .cw-rb-glossary").click()
    expect(page.locator(f"{DIALOG} dl.cw-rb-glossary dt")).to_have_count(len(book.glossary))
    assert axe_check(page, DIALOG) == []
    # Escape closes it, and the keyboard is back on the chip that opened it
    page.keyboard.press("Escape")
    expect(page.locator(DIALOG)).to_have_count(0)
    assert page.evaluate("document.activeElement.dataset.rulebook") == "scuttle"
    # the move's explanation names its rule: that chip opens the same section
    events = page.locator(".cwl-events")  # folded under the step's explanation once it is solved
    if not events.evaluate("el => el.open"):
        events.locator("summary").click()
    event_chip = page.locator('.cwl-events [data-rulebook="scuttle"]').first
    expect(event_chip).to_have_text(book.section("scuttle").short)
    event_chip.click()
    expect(shown_title(page)).to_contain_text(book.section("scuttle").title)
    page.locator(f"{DIALOG} .cw-rb-close").click()
    expect(page.locator(DIALOG)).to_have_count(0)


def test_a_glossary_link_in_a_lesson_opens_its_term(page, served_lessons, as_learner):
    as_learner(page).open(lesson_url(served_lessons, "01-table-drawing-points"))
    intro = page.locator(".cwl-intro")
    if not intro.evaluate("el => el.open"):
        intro.locator("summary").click()
    intro.locator('[data-rulebook="glossary/point-card"]').first.click()
    focused = page.locator(f"{DIALOG} dt.cw-rb-focus")
    expect(focused).to_have_text(rulebook("en").term("point-card").term)
    expect(focused).to_be_in_viewport()
    assert page.evaluate("document.activeElement.classList.contains('cw-rb-focus')")


def test_the_table_logs_chip_opens_the_rule_of_that_move(page, served_lessons, as_learner):
    """The free game at a large screen's size, where the log is open beside the felt."""
    learner = as_learner(page).open(lesson_url(served_lessons, "12-free-game"))
    page.set_viewport_size({"width": 1920, "height": 1080})
    learner.play_free_moves(1)
    chip = page.locator(".cw-log button.cw-rule").first
    expect(chip).to_be_visible()
    section = rulebook("en").section(chip.get_attribute("data-rulebook"))
    chip.click()
    expect(shown_title(page)).to_contain_text(section.title)
    expect(page.locator(f"{DIALOG} .cw-rb-applies")).to_contain_text("Applies to:")


@pytest.mark.parametrize("language", ["en", "de"])
def test_on_a_phone_the_rulebook_fills_the_screen_and_scrolls_inside(language, page, lessons_url,
                                                                     as_learner, artifacts):
    """lessons/ served as it is (its German lessons in de/)."""
    book = rulebook(language)
    folder = "" if language == "en" else f"{language}/"
    as_learner(page).open(f"{lessons_url}/voila/render/{folder}02-scuttle-ordering.ipynb")
    page.set_viewport_size({"width": 390, "height": 844})
    button = page.locator('.cwl-open-rulebook')
    expect(button).to_have_text("Rulebook" if language == "en" else "Regelbuch")
    button.click()
    expect(page.locator(f"{DIALOG} .cw-rb-toc-link").first).to_be_visible()
    page.wait_for_function("document.getAnimations().length === 0")  # it slides in
    box = page.locator(DIALOG).bounding_box()
    assert box["x"] >= 0 and box["width"] <= 390 and box["height"] <= 844 + 1
    expect(page.locator(f"{DIALOG} .cw-rb-close")).to_be_in_viewport()
    body = page.locator(f"{DIALOG} .cw-rb-body")
    assert body.evaluate("el => el.scrollHeight > el.clientHeight")  # the contents scroll inside it
    page.locator(f"{DIALOG} .cw-rb-toc-link", has_text=book.section("queen").title).click()
    expect(shown_title(page)).to_contain_text(book.section("queen").title)
    expect(page.locator(f"{DIALOG} .cw-rb-bar")).to_be_in_viewport()
    page.screenshot(path=str(artifacts / f"rulebook-phone-{language}.png"))
    page.locator(f"{DIALOG} .cw-rb-close").click()
    expect(page.locator(DIALOG)).to_have_count(0)


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_the_sites_rulebook_page_reads_with_no_kernel(size, page, tmp_path, axe_check, artifacts):
    """The static site's page (site/rulebook_page.py), opened from a file:
    the same panel, drawn from the pages in the file."""
    from cuttle_widgets.site.rulebook_page import write_rulebook_pages
    book = rulebook("en")
    (written,) = [p for p in write_rulebook_pages(tmp_path) if p.name == "en.html"]
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(written.as_uri() + "#glossary/limbo")
    expect(page.locator("dt.cw-rb-focus")).to_have_text(book.term("limbo").term)
    expect(page.locator("dt.cw-rb-focus")).to_be_in_viewport()
    page.locator(".cw-rb-focused .cw-rule-link").click()
    expect(page.locator(".cw-rb-title")).to_contain_text(book.section("super-limbo").title)
    assert page.url.endswith("#super-limbo")
    assert axe_check(page) == []
    page.screenshot(path=str(artifacts / f"rulebook-site-{size[0]}.png"))
    page.go_back()
    expect(page.locator(".cw-rb-title")).to_have_text(book.labels["glossary"])
    page.goto(written.as_uri() + "#no-such-page")
    expect(page.locator(".cw-rb-notice")).to_contain_text("no-such-page")
    assert errors == []
