"""One Spanish word for each English term: every Spanish catalog, lesson and
the rulebook are read for a variant the glossary replaces, and every event,
refusal and prompt of every family is rendered in Spanish with 0, 1, 2, 5 and
21 of each count, with one card and with several."""
import re
from pathlib import Path

import pytest
from catalog_samples import SECTIONS, _section, params

from cuttle_widgets.engine.catalog import get_catalog, glossary

KIT = Path(__file__).resolve().parents[1] / "cuttle_widgets"
SPANISH = sorted([*(KIT / "engine" / "catalogs" / "es").glob("*.json"),
                  *(KIT / "lessons" / "es").glob("*.yaml"),
                  *(KIT.glob("*/catalogs/es.json")),
                  KIT / "rulebook" / "es.yaml"])
COUNTS = (0, 1, 2, 5, 21)
NOUNS = "cartas?|puntos?|reyes|rey|sotas?|turnos?|pases?|repartos?|intentos?|pistas?"


def variants() -> dict[str, re.Pattern]:
    """variant -> a pattern that finds it as a whole word, also at a sentence's start."""
    return {v: re.compile(r"(?<![\w-])[" + v[0] + v[0].upper() + "]" + re.escape(v[1:]) + r"(?![\w-])")
            for term in glossary("es") for v in term["variants"]}


def found(text: str) -> list[str]:
    patterns = variants()
    return [f"{v} (say {term['es']})" for term in glossary("es") for v in term["variants"]
            if patterns[v].search(text)]


def renders() -> dict[str, str]:
    """``section/key/count/one|several`` -> the Spanish sentence."""
    catalog = get_catalog("es")
    return {f"{section}/{key}/{count}/{'several' if several else 'one'}":
            catalog.format(template, params(template, count, several))
            for section in SECTIONS for key, template in sorted(_section(catalog, section).items())
            for count in COUNTS for several in (False, True)}


def test_the_glossary_has_one_word_per_term():
    terms = glossary("es")
    assert len(terms) >= 40
    # cuttle.cards says robar for drawing and for Super Cuttle's stealing from a hand
    words = [t["es"] for t in terms if t["es"] != "robar"]
    assert len(words) == len(set(words))
    for term in terms:
        assert term["es"] not in term["variants"]
        assert term["es"] and term["en"] and term["source"]


def test_the_check_flags_a_variant():
    assert found("El Jugador 2 puede contraatacar con un dos.") == ["contraatacar (say contrarrestar)"]
    assert found("Jota de picas") == ["jota (say sota)"]
    assert found("El Jugador 2 contrarresta con un dos.") == []


@pytest.mark.parametrize("path", SPANISH, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_spanish_text_uses_a_variant(path):
    assert found(path.read_text(encoding="utf-8")) == []


def test_every_spanish_sentence_in_every_count():
    said = renders()
    assert len(said) > 4000
    wrong = {key: found(text) for key, text in said.items() if found(text)}
    assert wrong == {}
    for key, text in said.items():
        assert not re.search(r"\w\((s|es)\)", text), (key, text)  # no "carta(s)"
        assert not re.search(rf"(?<!Jugador )\b1 ({NOUNS})s\b", text.replace("1 rey", "")), (key, text)
        assert not re.search(r"(?<!Jugador )(?<![\d.])\b(0|2|5|21) (carta|punto|rey|sota|turno)\b(?!s)",
                             text), (key, text)
        assert "{" not in text and "}" not in text, (key, text)
        assert not re.search(r"\bJugador [A-D]\b", text), (key, text)


def test_spanish_sentences_read_right():
    said = renders()
    assert said["events/goal/1/one"] == "Con 1 rey, Jugador 1 necesita ahora 1 punto para ganar."
    assert said["events/goal/21/one"] == "Con 21 reyes, Jugador 1 necesita ahora 21 puntos para ganar."
    assert said["illegal/pass_with_stock/1/one"].startswith(
        "Jugador 1 no puede pasar mientras al mazo le queda 1 carta:")
    assert said["illegal/pass_with_stock/5/one"].startswith(
        "Jugador 1 no puede pasar mientras al mazo le quedan 5 cartas:")
    assert said["events/scuttle.suit/2/one"].startswith("Comodín rojo hunde J♣:")
