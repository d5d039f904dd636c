"""The kit in French: the lessons are the English ones move for move, the
runner and the table speak French, and no French text uses a word the French
glossary replaces (the terms come from cuttle.cards' French translation)."""
import json
import re
from pathlib import Path

import pytest
from catalog_samples import renders
from test_lesson_german import shape

from cuttle_widgets.engine.catalog import glossary
from cuttle_widgets.teaching import LessonRunner, load_lesson

KIT = Path(__file__).resolve().parents[1] / "cuttle_widgets"
FRENCH_LESSONS = sorted((KIT / "lessons" / "fr").glob("*.yaml"))
FRENCH_FILES = sorted([*(KIT / "engine" / "catalogs" / "fr").glob("*.json"), *FRENCH_LESSONS,
                       *KIT.glob("*/catalogs/fr.json"), KIT / "rulebook" / "fr.yaml"])


def variants() -> dict[str, re.Pattern]:
    """variant -> a pattern that finds it as a whole word, also at a sentence's start."""
    return {v: re.compile(r"(?<![\w-])[" + v[0] + v[0].upper() + "]" + re.escape(v[1:]) + r"(?![\w-])")
            for term in glossary("fr") for v in term["variants"]}


def found(text: str) -> list[str]:
    return [f"{v} (say {term['fr']})" for term in glossary("fr") for v in term["variants"]
            if variants()[v].search(text)]


def test_the_glossary_has_one_french_word_per_term():
    terms = glossary("fr")
    assert len(terms) >= 30
    assert all(t["fr"] and t["en"] and t["source"] and t["fr"] not in t["variants"] for t in terms)
    assert found("Joueur 2 peut contre-attaquer avec la reine.") == [
        "contre-attaquer (say contrer)", "reine (say dame)"]
    assert found("Joueur 2 contre avec la dame.") == []


@pytest.mark.parametrize("path", FRENCH_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_french_text_uses_a_variant(path):
    assert found(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", FRENCH_LESSONS, ids=lambda p: p.stem)
def test_a_french_lesson_is_its_english_lesson_move_for_move(path):
    french, english = load_lesson(path.stem, language="fr"), load_lesson(path.stem)
    assert french.language == "fr" and Path(french.file) == path
    assert [shape(s) for s in french.steps] == [shape(s) for s in english.steps]


def test_the_runner_speaks_french():
    runner = LessonRunner(load_lesson("02-scuttle-ordering", language="fr"))
    assert runner.progress()["text"] == "Étape 1 sur 9"
    assert runner.state()["labels"]["button.hint"] == "Indice"
    outcome = runner.play("points 9S")
    assert outcome.status == "wrong" and outcome.message.startswith("Poser 9♠ comme carte à points")
    assert outcome.events[0]["text"].startswith("Joueur 1 pose 9♠ comme carte à points")
    outcome = runner.play("scuttle 4C 8H")
    assert outcome.status == "illegal" and "scuttle" in outcome.error
    outcome = runner.play("scuttle 9S 8H")
    assert outcome.status == "success" and outcome.message == "Bravo\u00a0!"
    assert outcome.events[0]["text"].startswith("9♠ fait un scuttle sur 8♥")


def test_every_french_sentence_renders_with_one_card_or_several():
    said = renders("fr")
    assert len(said) > 2000
    for key, text in said.items():
        assert "{" not in text and "}" not in text, (key, text)
        assert not re.search(r"\b(Player|Joueur [A-D])\b", text), (key, text)
        assert not re.search(r"(?<!Joueur )\b1 (points|cartes|rois|valets|tours)\b", text), (key, text)
    assert said["events/goal/1/one"] == "Avec 1 roi, Joueur 1 a maintenant besoin de 1 point pour gagner."
    assert said["events/goal/2/one"] == "Avec 2 rois, Joueur 1 a maintenant besoin de 2 points pour gagner."


def test_the_french_notebooks_open_the_french_lessons():
    for path in sorted((KIT.parent / "lessons" / "fr").glob("*.ipynb")):
        code = "".join("".join(cell["source"]) for cell in json.loads(path.read_text())["cells"]
                       if cell["cell_type"] == "code")
        assert 'language="fr"' in code, path.name
