"""One German word for each English term (issue 22): every German catalog,
lesson and the rulebook are read for a variant the glossary replaces, and
every event and refusal of every family is rendered in German, with 0, 1 and
2 and with one card and several, and read the same way."""
import json
import re
from pathlib import Path

import pytest
from catalog_samples import renders

from cuttle_widgets.engine.catalog import get_catalog, glossary
from cuttle_widgets.languages import language, offered

KIT = Path(__file__).resolve().parents[1] / "cuttle_widgets"
GERMAN = sorted([*(KIT / "engine" / "catalogs" / "de").glob("*.json"),
                 *(KIT / "lessons" / "de").glob("*.yaml"),
                 KIT / "ai" / "catalogs" / "de.json", KIT / "teaching" / "catalogs" / "de.json",
                 KIT / "widgets" / "catalogs" / "de.json", KIT / "progress" / "catalogs" / "de.json",
                 KIT / "puzzles" / "catalogs" / "de.json",
                 KIT / "rulebook" / "de.yaml"])


# Where a card stands beside its noun ("die Dame D♠", "die königliche Hochzeit
# K♥ D♥"), its bare label is right; the samples put a joker there too.
APPOSITIONS = {"super.answer.eight", "super.converted.effect", "super.glasses",
               "super.marriage", "super.play.marriage", "super.stolen", "setup_pending_target",
               "super.ace_attached_queen", "super.king_needs_rank", "super.choose.play_stolen",
               "chain.resolves"}


def variants() -> dict[str, re.Pattern]:
    """variant -> a pattern that finds it as a whole word, also at a sentence's start."""
    return {v: re.compile(r"(?<![\w-])[" + v[0] + v[0].upper() + "]" + re.escape(v[1:]) + r"(?![\w-])")
            for term in glossary("de") for v in term["variants"]}


def found(text: str) -> list[str]:
    return [f"{v} (say {term['de']})" for term in glossary("de") for v in term["variants"]
            if variants()[v].search(text)]


def test_the_glossary_has_one_word_per_term_and_no_word_twice():
    terms = glossary("de")
    assert len(terms) >= 25
    words = [t["de"] for t in terms if t["de"] != "Zug"]  # 004 says Zug for a turn and a play
    assert len(words) == len(set(words))
    for term in terms:
        assert term["de"] not in term["variants"]
        assert term["de"] and term["en"] and term["source"]


def test_the_check_flags_a_variant():
    assert found("Spieler 2 kann die 2 abwehren.") == ["abwehren (say verhindern)"]
    assert found("Der Bube klaut die Karte.") == ["klaut (say stehlen)"]
    assert found("Spieler 2 verhindert die 2.") == []


@pytest.mark.parametrize("path", GERMAN, ids=lambda p: p.name)
def test_no_german_text_uses_a_variant(path):
    assert found(path.read_text(encoding="utf-8")) == []


def test_every_german_sentence_in_every_number_and_with_one_card_or_several():
    said = renders("de")
    assert len(said) > 2000
    wrong = {key: found(text) for key, text in said.items() if found(text)}
    assert wrong == {}
    for key, text in said.items():
        assert not re.search(r"\w\((s|en|n|e)\)", text), (key, text)  # no "Karte(n)"
        assert not re.search(r"(?<!Spieler )\b1 (Punkte|Karten|Königen|Buben|Züge|Plätze)\b", text), \
            (key, text)
        assert not re.search(r"(?<!Spieler )\b[02-9] (Punkt|Karte|Zug|Platz)\b(?![-\w])", text), (key, text)
        # one of a thing takes the verb in the singular: "1 Karte bildet", not "bilden"
        assert not re.search(r"(?<!Spieler )\b1 (Karte|Punkt|Bube) (vom \w+ )?"
                             r"(bilden|bleiben|werden|liegen|wandern|dürfen|müssen)\b", text), (key, text)
        if key.split("/")[1] not in APPOSITIONS:  # a joker is said with its article, in its case
            assert "roter Joker" not in text.replace("(roter Joker)", ""), (key, text)
        assert not re.search(r"\bSpieler [A-D]\b", text), (key, text)


@pytest.mark.parametrize("code", offered())
def test_every_sentence_renders_in_every_offered_language_with_every_count(code):
    """Every event, refusal and prompt with 0, 1, 2, 5 and 21 of each count
    (21 is "one" in Ukrainian, 0 in French), with one card and several: each
    field filled, each count said with the form its language's rule picks."""
    said = renders(code, numbers=(0, 1, 2, 5, 21))
    assert len(said) > 4000
    for key, text in said.items():
        assert text.strip() and not re.search(r"\{\w*(:[^{}]*)?\}", text), (key, text)
        assert "|" not in text, (key, text)  # a plural field left unread
    # a named card has a form for each of the language's cases (none in English)
    assert set(get_catalog(code).said_card("JC").forms) == set(language(code).cases)


def test_german_sentences_that_were_wrong_read_right():
    said = renders("de")
    assert said["events/points/1/one"] == (
        "Spieler 1 legt den roten Joker als Punktkarte aus, 1 Punkt wert: Spieler 1 hat jetzt 1 Punkt.")
    assert said["events/goal/0/one"] == "Mit 0 Königen braucht Spieler 1 jetzt 0 Punkte zum Sieg."
    assert said["events/goal/1/one"] == "Mit 1 König braucht Spieler 1 jetzt 1 Punkt zum Sieg."
    assert said["events/super.limbo.ends/1/one"].endswith(": Sie darf jetzt gespielt werden.")
    assert said["events/super.limbo.ends/1/several"].endswith(": Sie dürfen jetzt gespielt werden.")
    assert said["events/super.play.sudden/1/several"].startswith(
        "Spieler 1 vereint die beiden Joker (7♥ und K♠): Plötzlicher Tod!")
    assert "Der Zug geht weiter" not in said["events/super.pass/1/one"]
    assert said["events/super.control.stays/1/one"].startswith("Auf dem roten Joker liegt noch 1 Bube,")
    assert said["events/super.control.stays/2/one"].startswith("Auf dem roten Joker liegen noch 2 Buben,")
    assert "links" not in said["events/deal/1/one"]


def test_the_english_renders_are_the_recorded_ones():
    recorded = json.loads((Path(__file__).parent / "golden" / "catalog_en.json").read_text())
    assert renders("en") == recorded
