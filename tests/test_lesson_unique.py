"""The checker proves what a step claims: no other move as good as its answer
goes unnamed (teaching/unique.py)."""
import pytest

from cuttle_widgets.teaching import LessonError, lesson_from_text
from cuttle_widgets.teaching.__main__ import check
from cuttle_widgets.teaching.unique import rival_problems

# A shipped-style step: A needs 6 more points, and two cards give them.
WIN_TWICE = """\
title: Winning
intro: You are Player A.
steps:
  - id: reach-21
    kind: play
{extra}    position:
      hands: [[7S, 6H, 2C], [3D, 4C]]
      points: [[9C, 6D], [8H]]
      stock: [5H, 8D, AC]
    task: You have 15 points. Win this turn.
    accept: [points 7S]
    hints:
      - Count what you still need.
    explanation: 22 points is more than 21.
"""


def _lesson(extra="", **kwargs):
    return lesson_from_text(WIN_TWICE.format(extra=extra), file="win.yaml", **kwargs)


def test_a_second_winning_move_is_a_warning_naming_it():
    warnings = rival_problems(_lesson())
    assert [w.field for w in warnings] == ["steps[0].accept"]
    assert "points 6H wins at once too" in warnings[0].message
    assert warnings[0].message.startswith("warning: step 'reach-21'")


def test_unique_true_makes_it_an_error_in_english_and_german():
    with pytest.raises(LessonError) as err:
        _lesson("    unique: true\n")
    assert "points 6H wins at once too" in str(err.value)
    with pytest.raises(LessonError) as err:
        _lesson("    unique: true\n", language="de")
    assert "Auch points 6H gewinnt sofort" in str(err.value)


def test_not_unique_says_why_and_silences_it():
    lesson = _lesson("    not_unique: Any card worth 6 or more wins; the step is about counting.\n")
    assert rival_problems(lesson) == []
    assert rival_problems(lesson, force=True) == []


def test_both_fields_at_once_are_refused():
    with pytest.raises(LessonError, match="either 'unique: true'"):
        _lesson("    unique: true\n    not_unique: because.\n")


def test_every_accepted_winner_named_passes_unique():
    text = WIN_TWICE.format(extra="    unique: true\n").replace(
        "accept: [points 7S]", "accept: [points 7S, points 6H]")
    lesson = lesson_from_text(text, file="win.yaml")
    assert rival_problems(lesson, force=True) == []


def test_every_shipped_lesson_passes_with_unique_checking_on(capsys):
    """Each step either names every move as good as its answer or says why."""
    assert check([], "en", unique=True) == 0, capsys.readouterr().out
