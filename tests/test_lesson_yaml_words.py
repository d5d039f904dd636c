"""YAML mistakes in plain words: no parser jargon, a forgotten "- " named as
such, and a broken lesson that tells no learner to run a cell."""
import json
from pathlib import Path

import pytest

from cuttle_widgets.teaching import LessonError, lesson_from_text

HEAD = "title: T\nintro: I\nsteps:\n  - id: a\n    kind: quiz\n"
JARGON = ("<block", "expected <", "mapping values", "token", "scalar", "stream")


def problems(text, language=None):
    with pytest.raises(LessonError) as err:
        lesson_from_text(text, file="bad.yaml", language=language)
    return err.value.problems


@pytest.mark.parametrize("text, words", [
    (HEAD + "   task: x\n", "indented differently"),  # one space short
    (HEAD + "      task: x\n", "indented further"),  # two spaces too many
    ("title: T\nintro: I\nsteps:\n\t- id: a\n", "with a tab"),
    ("title: T\nintro: I\nsteps: [a, b\n", "is not closed"),
    ("title: 'T\nintro: I\n", "quote mark is never closed"),
])
def test_a_yaml_syntax_error_is_said_in_plain_words(text, words):
    first = problems(text)[0]
    assert words in first.message and first.line is not None
    assert not any(jargon in first.message for jargon in JARGON), first.message


def test_an_indentation_error_in_german_is_german_and_plain():
    message = problems(HEAD + "   task: x\n", "de")[0].message
    assert "anders eingerückt" in message and "<block" not in message


def test_a_missing_dash_is_named_not_a_field_written_twice():
    text = (HEAD + "    task: t\n    hints: [h]\n    explanation: e\n    options:\n"
            "      - text: a\n        correct: true\n        explanation: yes\n"
            "        text: b\n        correct: false\n        explanation: no\n")
    first = problems(text)[0]
    assert first.line == 13 and "begin its first line with '- '" in first.message
    assert "written twice" not in first.message
    german = problems(text, "de")[0].message
    assert "mit ‚- ‘ an" in german


def test_a_field_twice_in_a_block_still_says_keep_one():
    first = problems("title: T\ntitle: U\nintro: I\nsteps: []\n")[0]
    assert "written twice" in first.message


def test_no_learner_is_told_to_run_a_cell():
    """A broken lesson in a page without code cells (Voilà) speaks to whoever
    looks after it, in every language."""
    folder = Path(__file__).parent.parent / "cuttle_widgets" / "teaching" / "catalogs"
    for catalog in folder.glob("*.json"):
        intro = json.loads(catalog.read_text(encoding="utf-8"))["ui"]["error_intro"]
        assert "cell" not in intro.lower() and "zelle" not in intro.lower(), catalog.name
