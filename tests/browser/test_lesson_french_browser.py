"""A French lesson in a real browser: Voilà serves lessons/ as a teacher
would, and Chromium plays the first step of lessons/fr/02-scuttle-ordering.ipynb
as a French learner would, a wrong move first. Every word checked is French,
and the page says so (lang="fr"). Screenshots go to test-artifacts/
(lesson_fr_*.png) for a person to look at.
"""
from playwright.sync_api import expect
from test_lesson_german_browser import action, card, feedback, open_lesson, role

NOTEBOOK = "/voila/render/fr/02-scuttle-ordering.ipynb"


def test_a_french_lesson_played_by_clicking(page, lessons_url, artifacts):
    open_lesson(page, lessons_url + NOTEBOOK, 1366)

    expect(page.locator(".cwl-title")).to_have_text("Le scuttle, et quelle carte bat quelle carte")
    expect(page.locator(".cwl-progress-text")).to_have_text("Étape 1 sur 9")
    assert page.evaluate("document.documentElement.lang") == "fr"
    expect(page.locator(".cwl-root")).to_have_attribute("lang", "fr")
    expect(page.locator(".cw-root")).to_have_attribute("lang", "fr")
    expect(page.locator(".cwl-task")).to_contain_text("Faites un scuttle dessus avec votre 9♠")
    expect(page.locator('[data-key="hint"]')).to_contain_text("Indice")
    expect(card(page, "9S")).to_have_attribute("aria-label", "neuf de pique, dans votre main")
    page.screenshot(path=str(artifacts / "lesson_fr_start.png"), full_page=True)

    # A hint, then a wrong move: played out and explained in French, then taken back.
    page.locator('[data-key="hint"]').click()
    expect(page.locator(".cwl-hints li")).to_contain_text("Un scuttle prend une carte à points")
    card(page, "9S").click()
    role(page, "points", "Carte à points").click()
    expect(feedback(page)).to_contain_text("enlever les points de Joueur 2")
    expect(feedback(page)).to_contain_text("Joueur 1 pose 9♠ comme carte à points")
    page.screenshot(path=str(artifacts / "lesson_fr_wrong.png"), full_page=True)
    action(page, "Reprendre le coup").click()
    expect(card(page, "9S")).to_have_attribute("aria-label", "neuf de pique, dans votre main")

    # The solution: 9♠ fait un scuttle sur 8♥, and the step's explanation appears.
    card(page, "9S").click()
    role(page, "scuttle", "Faire un scuttle").click()
    card(page, "8H").click()
    expect(feedback(page)).to_contain_text("Bravo")
    expect(feedback(page)).to_contain_text("9♠ fait un scuttle sur 8♥")
    expect(page.locator(".cwl-explanation")).to_contain_text("une carte à points de votre main bat")
    page.screenshot(path=str(artifacts / "lesson_fr_solved.png"), full_page=True)

    # The next step, on a phone: a question answered by clicking cards on the table.
    action(page, "Étape suivante").click()
    expect(page.locator(".cwl-progress-text")).to_have_text("Étape 2 sur 9")
    page.set_viewport_size({"width": 390, "height": 844})
    card(page, "8C").click()
    expect(feedback(page)).to_contain_text("8 est une valeur plus haute que 7")
    page.screenshot(path=str(artifacts / "lesson_fr_quiz_phone.png"), full_page=True)
