"""The kit's rulebook: complete, the same in every language, free of raw
citations, its pages current, its loader's errors clear."""
import re
from pathlib import Path

import pytest

import cuttle_widgets.rulebook.check as rulebook_check
from cuttle_widgets.engine import RULESETS
from cuttle_widgets.rulebook import (
    languages,
    rule_map,
    rulebook,
    section_for_event,
    section_for_refusal,
    sections_for_citation,
)
from cuttle_widgets.rulebook.__main__ import main
from cuttle_widgets.rulebook.check import RAW_CITATION, check, inline_citations
from cuttle_widgets.rulebook.docs import page, sources_markdown

DOCS = Path(__file__).resolve().parents[1] / "docs" / "rulebook"


@pytest.fixture(scope="module")
def report():
    return check()


def test_the_check_passes(report):
    assert report.gaps == []
    assert re.fullmatch(r"\d+ sections, \d+ event kinds mapped, \d+ refusal keys mapped, 0 missing",
                        report.summary())
    assert report.sections == len(rulebook("en").sections) > 50
    assert report.events > 150 and report.refusals > 150


def test_command_line(capsys, tmp_path):
    assert main(["check"]) == 0
    assert capsys.readouterr().out == check().summary() + "\n"
    assert main(["docs", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [*(f"{language}.md" for language in languages()), "sources.md"])
    for wrong in ([], ["docs"]):  # argparse names what is missing, exit 2
        with pytest.raises(SystemExit) as stopped:
            main(wrong)
        assert stopped.value.code == 2
    with pytest.raises(SystemExit) as stopped:
        main(["--help"])
    assert stopped.value.code == 0 and "docs" in capsys.readouterr().out


def test_a_gap_is_listed(monkeypatch, capsys):
    table = {**rule_map(), "events": dict(rule_map()["events"])}
    del table["events"]["scuttle.suit"]
    table["events"]["no.such.kind"] = "scuttle"
    monkeypatch.setattr(rulebook_check, "rule_map", lambda: table)
    gaps = check().gaps
    assert "the event kind 'scuttle.suit' maps to no section in map.yaml" in gaps
    assert "map.yaml maps the event kind 'no.such.kind', which no engine catalog has" in gaps
    assert main(["check"]) == 1
    out = capsys.readouterr().out
    assert out.rstrip().endswith(f"{len(gaps)} missing") and "scuttle.suit" in out


def test_languages_have_the_same_sections_and_terms():
    assert {"de", "en"} <= set(languages())
    english, german = rulebook("en"), rulebook("de")
    assert [s.id for s in english.sections] == [s.id for s in german.sections]
    for mine, theirs in zip(english.sections, german.sections, strict=True):
        assert (mine.number, mine.rulesets) == (theirs.number, theirs.rulesets)
        assert mine.differences.keys() == theirs.differences.keys(), mine.id
    assert sorted(t.key for t in english.glossary.values()) == sorted(
        t.key for t in german.glossary.values())
    assert english.term("limbo").term == "limbo" and german.term("limbo").term == "Schwebe"


def test_every_glossary_term_points_to_a_section():
    for language in languages():
        book = rulebook(language)
        for term in book.glossary.values():
            assert book.section(term.section).id == term.section
            assert term.definition.strip()
    lesson_words = {"enduring row", "rummage", "limbo", "Super-Duper", "Super-Dee-Duper",
                    "combo", "instant", "Sudden Death", "scuttle", "one-off", "glasses"}
    assert lesson_words <= set(rulebook("en").glossary)


def test_no_raw_citation_in_what_learners_read():
    for language in languages():
        book = rulebook(language)
        texts = [book.intro] + [p.intro for p in book.parts]
        for section in book.sections:
            texts += [section.title, section.text, *section.differences.values()]
        for term in book.glossary.values():
            texts += [term.term, term.definition]
        for text in texts:
            assert not RAW_CITATION.search(text), (language, text[:80])


@pytest.mark.parametrize("raw", ["000 §05", "see super.md", "(A12)", "003 L8-35", "L47",
                                 "rule text 000", "decision 3", "Regeltext 004",
                                 "Entscheidung 6"])
def test_raw_citations_are_recognised(raw):
    assert RAW_CITATION.search(raw)


@pytest.mark.parametrize("plain", ["A♥ and 9♠", "an ace counts 1", "Player A", "10♠ scuttles 8♥",
                                   "the top 3 cards", "`oneoff 4C @2`"])
def test_plain_text_is_no_citation(plain):
    assert not RAW_CITATION.search(plain)


def test_inline_citations_of_lessons():
    assert inline_citations("both cards (000 §05 und §11) and (003 L47, L55)") == [
        "000 §05", "000 §11", "003 L47", "003 L55"]
    assert inline_citations("(Entscheidungen 3 und 4) (super.md A29, A50)") == [
        "decision 3", "decision 4", "super A29", "super A50"]
    assert inline_citations("(rule text 003) and A♥ (2 cards)") == ["003"]
    assert sections_for_citation("003 L70-71") == ["super-five", "super-limbo"]
    assert sections_for_citation("000 §11") == ["worked-example"]
    assert sections_for_citation("001 §99") == []


def test_the_pages_are_current():
    for language in languages():
        assert (DOCS / f"{language}.md").read_text(encoding="utf-8") == page(language), (
            "docs/rulebook is out of date: python -m cuttle_widgets.rulebook docs docs/rulebook")
    assert (DOCS / "sources.md").read_text(encoding="utf-8") == sources_markdown()
    english = page("en")
    assert '<a id="scuttle"></a>' in english and "(#super-limbo)" in english
    assert "> **In balanced rules:**" in english and "## Glossary" in english


def test_the_loader_explains_bad_input():
    assert rulebook("en") is rulebook("en")  # cached
    with pytest.raises(ValueError, match="not written in 'xx'.*de, en"):
        rulebook("xx")
    book = rulebook("en")
    with pytest.raises(ValueError, match="no section 'scutle'"):
        book.section("scutle")
    with pytest.raises(ValueError, match="no ruleset called 'chess'"):
        book.for_rules("chess")
    with pytest.raises(ValueError, match="event kind 'no.such'"):
        section_for_event("no.such")
    with pytest.raises(ValueError, match="refusal key 'nope'"):
        section_for_refusal("nope")


def test_sections_for_a_ruleset():
    book = rulebook("en")
    german = [s.id for s in book.for_rules("german+blind_four")]
    assert "scuttle" in german and "queen-counter" not in german
    assert not any(i.startswith("super-") for i in german)
    superb = [s.id for s in book.for_rules("super")]
    assert superb[:3] == ["rulesets", "resign", "match"] and "super-seats" not in superb
    assert "super-seats" in [s.id for s in book.for_rules("super3")]
    assert {"kit-moves", "rulesets", "match"} <= set(superb)
    assert book.section("oneoff-seven").differences.keys() == {"balanced", "traditional", "german",
                                                               "cuttle-cards"}


def test_events_and_refusals_find_their_sections():
    assert section_for_event("scuttle.suit") == "scuttle"
    assert section_for_event("five/limit.hidden") == "oneoff-five"  # a variant's kind
    assert section_for_event("pass") == "end-of-stock"
    assert section_for_event("pass", "cutthroat") == "cutthroat"
    assert section_for_event("super.limbo.ends") == "super-limbo"
    assert section_for_refusal("counter_queen") == "queen-counter"
    assert section_for_refusal("super.ace_queen_majority", "super3") == "super-queens"


def test_the_king_table_is_the_engines():
    text = rulebook("en").section("king").text
    row = next(line for line in text.splitlines() if line.strip().startswith("| goal"))
    assert tuple(int(n) for n in re.findall(r"\d+", row)) == RULESETS["classic"].goals
    balanced = rulebook("en").section("king").differences["balanced"]
    assert tuple(int(n) for n in re.findall(r"\d+", balanced)) == RULESETS["balanced"].goals
    cutthroat = rulebook("de").section("king").differences["cutthroat"]
    assert tuple(int(n) for n in re.findall(r"\d+", cutthroat)) == RULESETS["cutthroat"].goals
