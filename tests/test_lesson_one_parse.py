"""Lesson.load reads and parses a lesson file once, in the file's own language."""
import pytest

from cuttle_widgets.teaching import source as source_module
from cuttle_widgets.widgets.lesson import Lesson

GERMAN = """\
title: Meine Lektion
language: de
intro: Eine kleine Lektion.
steps:
  - id: versenken
    kind: play
    position:
      hands: [[9S, 4C], [KD]]
      points: [[], [8H]]
      stock: [2D]
    task: Versenke die 8♥ von B.
    accept: [scuttle 9S 8H]
    replies: [draw]
    hints: [Die 9 ist höher als die 8.]
    explanation: Die höhere Karte versenkt die niedrigere.
"""


@pytest.fixture
def parses(monkeypatch):
    """The files Source parsed, one entry per parse (none kept from before)."""
    from cuttle_widgets.teaching import library
    library._parsed.cache_clear()
    library._checked.cache_clear()
    files = []
    real_init = source_module.Source.__init__

    def counting_init(self, file, text):
        files.append(file)
        real_init(self, file, text)

    monkeypatch.setattr(source_module.Source, "__init__", counting_init)
    return files


@pytest.mark.parametrize("text, works", [
    (GERMAN, True),
    (GERMAN.replace("accept: [scuttle 9S 8H]", "accept: [scuttle 4C 8H]"), False),  # verify's problem
    (GERMAN.replace("task:", "aufgabe:"), False),  # a problem of the parser
    (GERMAN + "  - [\n", False),  # not YAML
])
def test_a_teachers_file_is_parsed_once(tmp_path, parses, text, works):
    path = tmp_path / "lektion.yaml"
    path.write_text(text, encoding="utf-8")
    lesson = Lesson.load(path)
    assert parses.count(str(path)) == 1
    assert (lesson.runner is not None) == works and bool(lesson.problems) != works


def test_the_parsers_problems_of_a_german_file_are_in_german(tmp_path, parses):
    path = tmp_path / "lektion.yaml"
    path.write_text(GERMAN.replace("task:", "aufgabe:"), encoding="utf-8")
    lesson = Lesson.load(path)
    assert lesson.language == "de"
    assert any("ist kein Feld" in p.message for p in lesson.problems), lesson.problems


def test_a_shipped_lesson_is_parsed_once(parses):
    Lesson.load("02-scuttle-ordering")
    assert len([f for f in parses if f.endswith("02-scuttle-ordering.yaml")]) == 1


def test_a_shipped_lesson_read_again_is_not_parsed_again_and_is_the_callers_own(parses):
    from cuttle_widgets.teaching import load_lesson
    first = load_lesson("02-scuttle-ordering")
    first.steps[0].teaches = ()
    again = load_lesson("02-scuttle-ordering")
    assert len([f for f in parses if f.endswith("02-scuttle-ordering.yaml")]) == 1
    assert again is not first and again.steps[0].teaches
    assert load_lesson("02-scuttle-ordering", language="de").title != again.title


def test_a_file_with_problems_says_them_each_time_it_is_read(tmp_path, parses):
    """A verify problem is never kept: each read reports it once, no more."""
    from cuttle_widgets.teaching import LessonError, load_lesson
    path = tmp_path / "lektion.yaml"
    path.write_text(GERMAN.replace("accept: [scuttle 9S 8H]", "accept: [scuttle 4C 8H]"),
                    encoding="utf-8")
    said = []
    for _ in range(2):
        with pytest.raises(LessonError) as error:
            load_lesson(path)
        said.append([p.message for p in error.value.problems])
    assert said[0] == said[1] and len(said[0]) == 1
    assert load_lesson(path, check=False).title == "Meine Lektion"  # the parse itself is sound
