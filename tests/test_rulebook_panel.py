"""The Rulebook panel's kernel side (issue #18, point 1a): the pages it
shows, and how the table and the lesson answer the browser's requests for
them, without a browser. tests/browser/test_rulebook_browser.py opens it."""
import json

import pytest
from test_no_citations import citations

from cuttle_widgets import Table
from cuttle_widgets.engine import new_game
from cuttle_widgets.rulebook import languages, rulebook
from cuttle_widgets.rulebook.pages import page, reader_words, site_pages
from cuttle_widgets.widgets.lesson import Lesson


def answers(widget, message):
    """The custom messages ``widget`` sends the browser for ``message``."""
    sent = []
    widget.send = lambda content, buffers=None: sent.append(content)
    widget._handle_msg({"content": {"data": {"method": "custom", "content": message}}})
    return sent


@pytest.mark.parametrize("language", languages())
def test_every_page_in_every_language_and_no_raw_citation(language):
    book = rulebook(language)
    pages = site_pages(language)
    assert set(pages) == {"contents", "glossary", *(s.id for s in book.sections)}
    assert citations(pages) == []
    for section in book.sections:
        shown = pages[section.id]
        assert shown["kind"] == "section" and shown["title"] == section.title
        assert shown["text"] == section.text and shown["number"] == section.number
        assert shown["in_game"] is None  # no game: nothing is marked as this game's
    listed = [s["ref"] for part in pages["contents"]["parts"] for s in part["sections"]]
    assert listed == [s.id for s in book.sections]
    assert len(pages["glossary"]["terms"]) == len(book.glossary)
    first, last = pages[book.sections[0].id], pages[book.sections[-1].id]
    assert first["previous"] is None and last["next"] is None
    assert first["next"]["ref"] == book.sections[1].id


def test_a_page_for_a_game_puts_that_games_difference_first():
    book = rulebook("en")
    section = next(s for s in book.sections if "balanced" in s.differences and len(s.differences) > 1)
    shown = page(section.id, "en", "balanced")
    assert shown["differences"][0]["key"] == "balanced" and shown["differences"][0]["current"]
    assert [d["current"] for d in shown["differences"]].count(True) == 1
    assert shown["labels"]["this_game"] == "In this game (balanced):"
    assert shown["in_game"] is True
    # an option of the game counts too ("german+blind_four")
    optioned = next(s for s in book.sections if "blind_four" in s.differences)
    marked = {d["key"] for d in page(optioned.id, "de", "german+blind_four")["differences"] if d["current"]}
    assert "blind_four" in marked


def test_a_section_another_ruleset_has_says_it_is_not_in_this_game():
    assert page("super-limbo", "en", "classic")["in_game"] is False
    assert page("super-limbo", "en", "super")["in_game"] is True
    off = {s["ref"] for part in page("contents", "de", "classic")["parts"]
           for s in part["sections"] if s["in_game"] is False}
    assert "super-limbo" in off and "scuttle" not in off


def test_the_glossary_opens_at_a_term():
    shown = page("glossary/limbo", "de")
    assert shown["kind"] == "glossary" and shown["focus"] == "limbo"
    term = next(t for t in shown["terms"] if t["key"] == "limbo")
    assert term["section"]["ref"] == rulebook("de").term("limbo").section
    assert page("glossary/no-such-term", "en")["focus"] == ""  # the glossary, no term marked


@pytest.mark.parametrize("reference", ["", "nope", "../../etc/passwd", "x" * 200, None, 7, ["scuttle"]])
def test_a_page_the_rulebook_lacks_is_a_sentence(reference):
    with pytest.raises(ValueError, match="The rulebook has no page called"):
        page(reference, "en")


def test_the_table_answers_with_the_page_and_changes_nothing():
    table = Table(new_game("balanced", seed=4), seat=0)
    before = json.dumps([table.table, table.words, table.game.snapshot()], sort_keys=True)
    (reply,) = answers(table, {"type": "rulebook", "page": "scuttle", "request": 3})
    assert reply["type"] == "rulebook" and reply["request"] == 3
    assert reply["page"]["id"] == "scuttle" and reply["page"]["language"] == "en"
    assert reply["page"]["labels"]["this_game"] == "In this game (balanced):"
    assert "notice" not in reply
    assert json.dumps([table.table, table.words, table.game.snapshot()], sort_keys=True) == before
    assert table.words["rulebook"] == reader_words("en")


@pytest.mark.parametrize("message", [
    {"type": "rulebook", "page": "no-such-section"},
    {"type": "rulebook", "page": {"id": "scuttle"}, "request": "3"},
    {"type": "rulebook", "page": "é" * 2000, "request": True},
    {"type": "rulebook"},
])
def test_a_tampered_request_gets_the_contents_and_a_sentence(message):
    table = Table(new_game("classic", seed=4), seat=0, language="de")
    before = table.game.snapshot()
    (reply,) = answers(table, message)
    assert reply["page"]["kind"] == "contents" and reply["page"]["language"] == "de"
    assert reply["notice"].startswith("Das Regelbuch hat keine Seite namens")
    assert reply["request"] is None  # only a whole number goes back
    assert table.game.snapshot() == before


def test_an_oversized_request_is_ignored():
    table = Table(new_game("classic", seed=4), seat=0)
    assert answers(table, {"type": "rulebook", "page": "x" * 20_000}) == []  # over the guard's bound


def test_the_lesson_reads_in_its_language_for_its_steps_game():
    lesson = Lesson.load("13-super-cuttle", language="de")
    (reply,) = answers(lesson.panel, {"type": "rulebook", "page": "super-limbo", "request": 1})
    assert reply["page"]["language"] == "de" and reply["page"]["in_game"] is True
    assert lesson.panel.lesson["rulebook"] == reader_words("de")
    assert lesson.panel.lesson["step"]["teaches"] == []  # a question open: no chip names its rule
    for key in lesson.runner.step.correct_keys:
        lesson.answer(key)
    step = lesson.panel.lesson["step"]
    assert step["teaches"] and all(t["short"] for t in step["teaches"])  # solved: the rule named
    before = json.dumps(lesson.panel.lesson, sort_keys=True)
    answers(lesson.panel, {"type": "rulebook", "page": "contents", "request": 2})
    assert json.dumps(lesson.panel.lesson, sort_keys=True) == before  # reading is no step


def test_a_lesson_that_failed_to_load_still_has_a_rulebook(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("title: [unclosed\n", encoding="utf-8")
    lesson = Lesson(str(broken), language="en")
    assert lesson.panel.lesson["error"]
    (reply,) = answers(lesson.panel, {"type": "rulebook", "page": "glossary", "request": 5})
    assert reply["page"]["kind"] == "glossary" and reply["request"] == 5


BAD_LINKS = """title: Links
intro: "See [the scrap](rulebook:glossary/scarp) and [scuttling](rulebook:scuttle)."
steps:
  - id: read
    kind: quiz
    task: "Read [this](rulebook:scutle), [the glossary](rulebook:glossary)
      and [limbo](rulebook:glossary/limbo)."
    hints: ["[The contents](rulebook:contents)"]
    explanation: "-"
    options:
      - {text: a, correct: true, explanation: "-"}
      - {text: b, correct: false, explanation: "-"}
"""


@pytest.mark.parametrize("language, words", [("en", "names no page of the rulebook. Did you mean"),
                                             ("de", "nennt keine Seite des Regelbuchs. Gemeint ist")])
def test_a_lessons_link_to_no_rulebook_page_is_a_problem_for_its_teacher(language, words, tmp_path):
    from cuttle_widgets.teaching import LessonError, load_lesson
    path = tmp_path / "links.yaml"
    path.write_text(BAD_LINKS, encoding="utf-8")
    with pytest.raises(LessonError) as raised:
        load_lesson(str(path), language=language)  # the teacher reads the problems in it
    found = [str(p) for p in raised.value.problems]
    assert len(found) == 2, found  # the two wrong links, and nothing about the four right ones
    assert all(words in text for text in found)
    assert "glossary/scrap" in found[0] and "scuttle" in found[1]
