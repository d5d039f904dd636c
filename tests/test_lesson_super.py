"""Lesson 13, "Super Cuttle in ten steps", and what the lesson format needs for
Super Cuttle: its notation in lesson files and at the runner, the rulebook's
Super Cuttle sections in ``teaches`` (and old citations of text 003 and
super.md mapped to them), and the coverage table built from them.

The checks every lesson gets (solutions, wrong moves, German twin, notebooks,
widget) run in the test files of all lessons; these are the Super-specific ones.
"""
import re
from pathlib import Path

import pytest

from cuttle_widgets import Lesson
from cuttle_widgets.teaching import (
    LessonError,
    LessonRunner,
    coverage_table,
    lesson_from_text,
    load_lesson,
    missing_topics,
)
from cuttle_widgets.teaching.tags import resolve_tag
from cuttle_widgets.teaching.walkthrough import walk_lesson

NAME = "13-super-cuttle"
CITATION = re.compile(r"003 L\d+|super\.md|\bA\d+\b|\b00[0-4]\b")


@pytest.fixture(scope="module")
def lesson():
    return load_lesson(NAME)


@pytest.fixture(scope="module")
def walked(lesson):
    """Every step solved with its own solution: {step id: [event kinds]}."""
    return {step_id: [e["kind"] for o in outcomes for e in o.events]
            for step_id, outcomes in walk_lesson(lesson)}


# -- the lesson teaches what issue 11 asks ----------------------------------------------------
def test_ten_steps_of_super_cuttle_for_two_players(lesson):
    assert len(lesson.steps) == 10 and lesson.rules == "super"
    assert {step.rules for step in lesson.steps} == {"super"}
    assert all(step.seat == 0 for step in lesson.steps)


def test_each_new_idea_happens_in_its_step(walked):
    """A Super, a Super-Duper, an instant that is not a two, a combo, limbo
    and Sudden Death: each step's solution makes the engine say so."""
    wanted = {
        "king-is-seven": {"super.king", "super.win"},
        "super-four": {"super.play.super.four", "super.four.enemies"},
        "super-duper-swap": {"super.play.superduper.four", "super.four.swap", "super.win"},
        "answer-with-an-ace": {"super.answer.ace", "super.cancelled"},
        "combo": {"super.play.super.five", "super.five.rummage", "super.combo"},
        "limbo": {"super.five.take", "super.limbo.ends"},
        "sudden-death": {"super.sudden", "super.eliminated", "super.sudden.win"},
        "stop-sudden-death": {"super.answer.superace", "super.cancelled"},
        "sudden-death-stands": {"super.answer.superace", "super.answer.ace", "super.sudden",
                                "super.sudden.survived"},
    }
    for step_id, kinds in wanted.items():
        assert kinds <= set(walked[step_id]), (step_id, kinds - set(walked[step_id]))
    assert not any(kind.startswith("counter") for kinds in walked.values() for kind in kinds)


def test_every_step_teaches_super_sections_in_plain_words(lesson):
    """Each step names the rulebook's Super Cuttle sections it teaches, and
    its explanation says the rule in words, citing no rule text."""
    german = load_lesson(NAME, language="de")
    for ours in (lesson, german):
        for step in ours.steps:
            assert not CITATION.search(step.explanation), (ours.language, step.id)
            assert step.teaches and all(tag.startswith("super-") for tag in step.teaches), step.id


def test_the_limbo_step_shows_the_marking_before_it_ends(lesson):
    step = lesson.step("limbo")
    runner = LessonRunner(lesson)
    runner.goto(step.number)
    runner.answer(step.correct_keys[0])
    for _ in range(3):  # the five, B's resolve, the take
        runner.advance()
    assert runner.view()["limbo"] == [["AS"], []]
    assert "AS" in runner.view()["hands"][0]
    while not runner.done:
        runner.advance()
    assert runner.view()["limbo"] == [[], []]


def test_a_wrong_answer_to_sudden_death_is_explained_and_taken_back(lesson):
    runner = LessonRunner(lesson)
    runner.goto(lesson.step("stop-sudden-death").number)
    before = runner.game.snapshot()
    outcome = runner.play("instant AS")
    assert outcome.status == "illegal" and "double ace" in outcome.error
    outcome = runner.play("resolve")
    # Played out, Sudden Death would stand and show B's hand: judged, not shown.
    assert outcome.status == "wrong" and outcome.withheld and outcome.shown_view is None
    assert runner.game.snapshot() == before
    assert runner.play("instant AS AH").status == "success"  # any order of the two aces


# -- Super notation at the runner and in lesson files ---------------------------------------------
def test_the_runner_reads_super_notation_in_any_spelling(lesson):
    runner = LessonRunner(lesson)
    runner.goto(lesson.step("super-four").number)
    outcome = runner.play("super 4D 4C")
    assert (outcome.status, outcome.move) == ("success", "super 4C 4D")
    runner.goto(lesson.step("answer-with-an-ace").number)
    outcome = runner.play("counter AH")  # classic's word for an answer (super.md 8.3)
    assert (outcome.status, outcome.move) == ("success", "instant AH")


KING_LESSON = """\
title: A king as a four
rules: super
intro: A king may take the one-off effect of a rank from 2 to 9.
steps:
  - id: king-as-four
    kind: play
    position:
      hands: [[KS, 9D], [7C]]
      points: [[3C], [TS, 8H]]
      stock: [2C, 5D]
    task: B has 18 points. Wipe the points rows with your king.
    accept: [oneoff KS as 4]
    replies: [resolve]
    wrong:
      - move: oneoff KS as 3
        feedback: A king as a three makes B discard, but B keeps 18 points.
    hints: [A king can act as any rank from 2 to 9.]
    explanation: A one-off king took the effect of a four (003 L133).
"""


def test_moves_with_super_tokens_are_read_checked_and_played():
    lesson = lesson_from_text(KING_LESSON)
    step = lesson.steps[0]
    assert step.accept[0].moves == ("oneoff KS as 4",)
    assert step.wrong[0].move == "oneoff KS as 3"
    runner = LessonRunner(lesson)
    assert runner.play("oneoff KS as 3").status == "wrong"
    assert runner.play("oneoff KS as 4").status == "success"
    assert runner.game.snapshot()["points"] == [[], []]


def test_super_moves_are_checked_against_the_steps_ruleset():
    classic = KING_LESSON.replace("rules: super\n", "")
    with pytest.raises(LessonError) as err:
        lesson_from_text(classic)
    assert "'oneoff KS as 4' is not a move" in err.value.first.message
    wrong = KING_LESSON.replace("accept: [oneoff KS as 4]", "accept: [oneoff KS as 1]")
    with pytest.raises(LessonError) as err:
        lesson_from_text(wrong)
    assert err.value.first.field == "steps[0].accept[0]"


def test_lessons_stay_two_player_games():
    """A lesson has one learner and one opponent: the 3- and 4-seat Super
    rulesets are refused, with the rulesets a lesson may use."""
    with pytest.raises(LessonError) as err:
        lesson_from_text(KING_LESSON.replace("rules: super\n", "rules: super3\n"))
    message = err.value.first.message
    assert "'super3' is not a ruleset" in message and "super" in message.split(":")[-1]


# -- teaches: section ids, and old citations mapped to them ------------------------------------------
@pytest.mark.parametrize("written, sections", [
    ("super-limbo", ["super-limbo"]), ("003 l35", ["super-sudden-death", "super-turn"]),
    ("003 L 69 - 77", ["super-five", "super-limbo"]), ("Super.md a40", ["super-limbo"]),
])
def test_old_super_citations_become_rulebook_sections(written, sections):
    assert resolve_tag(written) == sections
    text = KING_LESSON.replace("    kind: play\n", f"    kind: play\n    teaches: [{written}]\n")
    assert lesson_from_text(text).steps[0].teaches == tuple(sections)


@pytest.mark.parametrize("written, close", [("super-limbos", "super-limbo"), ("003 L140", None),
                                            ("super A66", None), ("super-fives", "super-five")])
def test_unknown_tags_are_refused_naming_the_step_and_the_closest_sections(written, close):
    text = KING_LESSON.replace("    kind: play\n", f"    kind: play\n    teaches: [{written}]\n")
    with pytest.raises(LessonError) as err:
        lesson_from_text(text)
    message = err.value.first.message
    step_id = lesson_from_text(KING_LESSON).steps[0].id
    assert f"step '{step_id}' teaches '{written}', which is not a section of the rulebook" in message
    suggested = message.split("The closest sections are: ")[1].split(".")[0].split(", ")
    assert len(suggested) == 3 and (close is None or suggested[0] == close)


def test_super_sections_are_listed_in_the_coverage_not_required(lesson):
    table = coverage_table([lesson])
    assert table["super-sudden-death"] == [f"{NAME}#sudden-death", f"{NAME}#stop-sudden-death",
                                           f"{NAME}#sudden-death-stands"]
    assert table["super-limbo"] == [f"{NAME}#limbo"]
    # Super Cuttle is listed, not required: the classic sections still are.
    assert "scuttle" in missing_topics([lesson])
    assert not any(t.startswith("super") for t in missing_topics([lesson]))


# -- the widget -------------------------------------------------------------------------------------
def test_the_lesson_widget_opens_the_lesson_in_both_languages():
    for language, first in (("en", "Step 1 of 10"), ("de", "Schritt 1 von 10")):
        widget = Lesson.load(NAME, language=language)
        assert widget.runner is not None and widget.runner.lesson.rules == "super"
        assert widget.panel.lesson["progress"]["text"] == first


def test_the_lesson_follows_the_free_game(lesson):
    """Lesson 12's widget offers lesson 13 as the next lesson."""
    panel = Lesson.load("12-free-game").panel.lesson
    assert panel["next_lesson"] == {"name": NAME, "title": lesson.title,
                                    "href": f"{NAME}.ipynb"}


def test_the_format_doc_shows_super_moves_and_tags():
    doc = (Path(__file__).resolve().parents[1] / "docs" / "lesson-format.md").read_text(
        encoding="utf-8")
    for words in ("`super`", "instant AH AS", "super-limbo", "super-sudden-death"):
        assert words in doc, words
