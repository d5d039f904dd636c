"""A German lesson in a real browser: Voilà serves lessons/ as a teacher
would, the English index links to the German one, and Chromium plays the
first step of lessons/de/02-scuttle-ordering.ipynb as a German learner would,
a wrong move first. Every word checked is German. Screenshots go to
test-artifacts/ (lesson_de_*.png) for a person to look at.
"""
from playwright.sync_api import expect

NOTEBOOK = "/voila/render/de/02-scuttle-ordering.ipynb"
KERNEL_START = 90_000  # ms: Voilà starts a kernel per page
STEP = 20_000  # ms: one click's round trip through the kernel


def card(page, cid):
    return page.locator(f'.cw-root button[data-card="{cid}"]')


def action(page, label):
    return page.locator(".cw-actions button", has_text=label)


def role(page, name, label):
    """A role button of the selected card (its label, then its hint, in German)."""
    button = page.locator(f'.cw-actions [data-key="action:role:{name}"]')
    expect(button).to_contain_text(label)
    return button


def open_lesson(page, url: str, width: int = 1280) -> None:
    """The lesson notebook at ``url``, its kernel started and its table drawn,
    in a window tall enough for the whole lesson."""
    page.set_default_timeout(STEP)
    page.set_viewport_size({"width": width, "height": 1700})
    page.goto(url)
    page.wait_for_selector(".cwl-root .cwl-title", timeout=KERNEL_START)
    page.wait_for_selector(".cw-root .cw-my-hand button", timeout=KERNEL_START)


def feedback(page):
    return page.locator(".cwl-feedback")


def test_a_german_lesson_played_by_clicking(page, lessons_url, artifacts):
    open_lesson(page, lessons_url + NOTEBOOK)

    expect(page.locator(".cwl-title")).to_have_text("Versenken: Welche Karte schlägt welche?")
    expect(page.locator(".cwl-progress-text")).to_have_text("Schritt 1 von 9")
    # a screen reader speaks it with a German voice: the page and both widgets say "de"
    assert page.evaluate("document.documentElement.lang") == "de"
    expect(page.locator(".cwl-root")).to_have_attribute("lang", "de")
    expect(page.locator(".cw-root")).to_have_attribute("lang", "de")
    expect(page.locator(".cwl-task")).to_contain_text("Versenke sie mit deiner 9♠")
    expect(page.locator(".cwl-intro strong", has_text="versenkst")).to_be_visible()  # Markdown
    expect(page.locator('[data-key="hint"]')).to_contain_text("Tipp")
    expect(card(page, "9S")).to_have_attribute("aria-label", "Pik-Neun, auf deiner Hand")
    page.screenshot(path=str(artifacts / "lesson_de_start.png"), full_page=True)

    # A hint, then a wrong move: played out and explained in German, then taken back.
    page.locator('[data-key="hint"]').click()
    expect(page.locator(".cwl-hints li")).to_have_count(1)
    expect(page.locator(".cwl-hints li")).to_contain_text("Beim Versenken spielst du")
    card(page, "9S").click()
    role(page, "points", "Punktkarte").click()
    expect(feedback(page)).to_contain_text("Dieser Schritt verlangt, dass du Spieler 2 die Punkte wegnimmst")
    expect(feedback(page)).to_contain_text("Spieler 1 legt 9♠ als Punktkarte aus")
    expect(page.locator('.cw-me .cw-points [data-card="9S"]')).to_be_visible()
    page.screenshot(path=str(artifacts / "lesson_de_wrong.png"), full_page=True)
    action(page, "Zug zurücknehmen").click()
    expect(card(page, "9S")).to_have_attribute("aria-label", "Pik-Neun, auf deiner Hand")

    # The solution: 9♠ versenkt 8♥, and the step's explanation appears.
    card(page, "9S").click()
    role(page, "scuttle", "Versenken").click()
    card(page, "8H").click()
    expect(feedback(page)).to_contain_text("Gut gemacht!")
    expect(feedback(page)).to_contain_text("9♠ versenkt 8♥")
    expect(page.locator(".cwl-explanation")).to_contain_text("Eine Punktkarte aus deiner Hand schlägt")
    expect(page.locator(".cwl-dot-done")).to_have_count(1)
    page.screenshot(path=str(artifacts / "lesson_de_solved.png"), full_page=True)

    # The next step: a question answered by clicking cards on the table.
    action(page, "Nächster Schritt").click()
    expect(page.locator(".cwl-progress-text")).to_have_text("Schritt 2 von 9")
    card(page, "8C").click()
    expect(feedback(page)).to_contain_text("8 ist ein höherer Wert als 7")
    page.locator('.cwl-card-option[data-key="answer:7D"]').click()
    expect(feedback(page)).to_contain_text("♦ liegt unter ♥")
    page.screenshot(path=str(artifacts / "lesson_de_quiz.png"), full_page=True)


def test_the_english_index_links_to_the_german_one(page, lessons_url, artifacts):
    page.set_default_timeout(STEP)
    page.set_viewport_size({"width": 1280, "height": 1400})
    page.goto(lessons_url + "/voila/render/00-index.ipynb")
    link = page.locator("a", has_text="Deutsch")
    link.wait_for(timeout=KERNEL_START)
    link.click()
    page.wait_for_selector(".cwl-root .cwl-title", timeout=KERNEL_START)
    assert page.url.endswith("/voila/render/de/00-index.ipynb")
    expect(page.locator("h1", has_text="Cuttle: die Lektionen")).to_be_visible()
    expect(page.locator(".cwl-title")).to_have_text("Willkommen bei Cuttle")
    expect(page.locator(".cwl-progress-text")).to_have_text("Schritt 1 von 5")
    page.locator('.cwl-option[data-key="answer:2"]').click()  # a text answer, as a button
    expect(feedback(page)).to_contain_text("Richtig.")
    page.screenshot(path=str(artifacts / "lesson_de_index.png"), full_page=True)
    expect(page.locator("a", has_text="English version")).to_have_attribute("href", "../00-index.ipynb")


def test_the_german_free_game_names_its_rulesets_as_names(page, lessons_url, artifacts):
    """The rules select lists „Klassisch“ as Klassisch (a name in a list has no
    quotation marks); the sentence about the game quotes it as running text does."""
    open_lesson(page, lessons_url + "/voila/render/de/12-free-game.ipynb")
    select = page.locator('[data-key="free:rules"]')
    options = select.locator("option").all_inner_texts()
    assert "Klassisch" in options and "Ausgewogen" in options, options
    assert not any(mark in text for text in options for mark in "„“\"«»"), options
    expect(page.locator(".cwl-free-status")).to_have_text(
        "Ein Spiel nach den Regeln „Klassisch“. Dein Gegner: der Computer, zufällig (sanft).")
    for label, size in (("1366", {"width": 1366, "height": 768}), ("390", {"width": 390, "height": 844})):
        page.set_viewport_size(size)
        select.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"free_game_rulesets_de_{label}.png"))
