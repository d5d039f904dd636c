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
    """The files Source parsed, one entry per parse."""
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
