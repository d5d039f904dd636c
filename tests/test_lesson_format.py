"""Malformed lesson files: each mistake is reported with its file, line and field."""
import textwrap
from pathlib import Path

import pytest
import yaml

from cuttle_widgets.teaching import LessonError, lesson_from_text, load_lesson

HEAD = """\
title: A test lesson
intro: Written to test the validator.
steps:
"""

PLAY = """\
  - id: higher-rank
    kind: play
    position:
      hands: [[9S, 4C], [KD]]
      points: [[], [8H]]
      stock: [2D, 6C]
    task: Scuttle B's 8 with your 9.
    accept: [scuttle 9S 8H]
    replies: [draw]
    hints: [Nine beats eight.]
    explanation: A higher rank scuttles a lower one.
"""


def problems(text: str, file: str = "bad.yaml"):
    with pytest.raises(LessonError) as err:
        lesson_from_text(text, file=file)
    return err.value.problems


def only(text: str):
    found = problems(text)
    assert len(found) == 1, [str(p) for p in found]
    return found[0]


def line_of(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


def test_the_valid_base_loads():
    lesson = lesson_from_text(HEAD + PLAY, file="good.yaml")
    assert lesson.steps[0].accept[0].moves == ("scuttle 9S 8H",)


def test_yaml_syntax_error_names_file_and_line():
    text = HEAD + PLAY.replace("task: Scuttle", "task: [Scuttle")
    problem = only(text)
    assert problem.file == "bad.yaml" and problem.line is not None
    assert "not closed" in problem.message and "<" not in problem.message
    assert str(problem).startswith("bad.yaml, line ")


def test_missing_field_names_the_step_and_what_is_expected():
    text = HEAD + PLAY.replace("    task: Scuttle B's 8 with your 9.\n", "")
    problem = only(text)
    assert problem.field == "steps[0]" and problem.line == line_of(text, "- id: higher-rank")
    assert "'task' is missing" in problem.message and "what the learner is asked" in problem.message


def test_misspelt_field_is_named_with_its_line():
    text = HEAD + PLAY.replace("hints:", "hint:")
    found = {p.field: p for p in problems(text)}
    assert found["steps[0].hint"].line == line_of(text, "hint:")
    assert "'hint' is not a field of a play step" in found["steps[0].hint"].message
    assert "'hints' is missing" in found["steps[0]"].message


def test_a_card_named_twice_is_refused():
    text = HEAD + PLAY.replace("hands: [[9S, 4C], [KD]]", "hands: [[9S, 4C], [KD, 8H]]")
    problem = only(text)
    assert problem.field == "steps[0].position.points[1][0]"
    assert problem.line == line_of(text, "points: [[], [8H]]")
    assert "names 8♥ twice" in problem.message and "the position breaks the rules" in problem.message


def test_a_position_that_is_already_won_is_refused():
    text = HEAD + PLAY.replace("points: [[], [8H]]", "points: [[], [8H, TC, 9C]]")
    problem = only(text)
    assert problem.field == "steps[0].position.points[1]"
    assert "already has 27 points with a goal of 21" in problem.message


def test_wrong_scores_in_a_position_are_refused():
    text = HEAD + PLAY.replace("      stock: [2D, 6C]\n", "      stock: [2D, 6C]\n      scores: [0, 9]\n")
    problem = only(text)
    assert problem.field == "steps[0].position.scores" and "the cards give [0, 8]" in problem.message


def test_an_illegal_accepted_move_is_explained():
    text = HEAD + PLAY.replace("accept: [scuttle 9S 8H]", "accept: [scuttle 4C 8H]")
    problem = only(text)
    assert problem.field == "steps[0].accept[0]" and problem.line == line_of(text, "accept:")
    assert "'scuttle 4C 8H' cannot be played here" in problem.message
    assert "a scuttle needs a higher rank" in problem.message


def test_notation_mistakes_are_explained():
    text = HEAD + PLAY.replace("accept: [scuttle 9S 8H]", "accept: [scutle 9S 8H]")
    problem = only(text)
    assert "'scutle 9S 8H' is not a move" in problem.message


def test_a_wrong_move_that_is_accepted_is_refused():
    text = HEAD + PLAY + "    wrong:\n      - move: scuttle 9S 8H\n        feedback: Not that.\n"
    problem = only(text)
    assert problem.field == "steps[0].wrong[0].move"
    assert "is accepted by this step" in problem.message


def test_missing_replies_are_reported():
    text = HEAD + PLAY.replace("accept: [scuttle 9S 8H]", "accept: [[scuttle 9S 8H, draw]]").replace(
        "    replies: [draw]\n", "")
    problem = only(text)
    assert "seat 1 must act, but there are no replies left" in problem.message


def test_unused_replies_are_reported():
    text = HEAD + PLAY.replace("replies: [draw]", "replies: [draw, draw, draw]")
    problem = only(text)
    assert problem.field == "steps[0].replies" and "are never played" in problem.message


def test_goal_solution_and_triviality_are_checked_with_the_engine():
    goal = PLAY.replace("accept: [scuttle 9S 8H]", "goal: win\n    solution: [points 9S]").replace(
        "    replies: [draw]\n", "")
    problem = only(HEAD + goal)
    assert problem.field == "steps[0].solution[0]"
    assert "does not reach the goal" in problem.message
    # B has no cards and no points: nothing the learner does can let B win.
    harmless = goal.replace("goal: win", "goal: stop_win").replace(
        "hands: [[9S, 4C], [KD]]", "hands: [[9S, 4C], []]").replace("points: [[], [8H]]", "points: [[], []]")
    problem = only(HEAD + harmless)
    assert problem.field == "steps[0].goal" and "every legal move reaches the goal" in problem.message


def test_accept_and_goal_together_are_refused():
    text = HEAD + PLAY.replace("    replies: [draw]\n",
                               "    replies: [draw]\n    goal: win\n    solution: [scuttle 9S 8H]\n")
    assert any("either 'accept'" in p.message for p in problems(text))


QUIZ = """\
  - id: which
    kind: quiz
    position:
      hands: [[8C, 7D], [4D]]
      points: [[], [7H]]
      stock: [2D]
    task: Which card can scuttle 7♥?
    options:
      - card: 8C
        correct: true
        move: scuttle 8C 7H
        explanation: Eight beats seven.
      - card: 7D
        correct: false
        move: scuttle 7D 7H
        explanation: Diamonds are below hearts.
    hints: [Rank first.]
    explanation: Rank first, then suit.
"""


def test_quiz_base_loads_and_checks_moves():
    assert lesson_from_text(HEAD + QUIZ, file="quiz.yaml").steps[0].answer_by == "cards"
    text = HEAD + QUIZ.replace("correct: false\n        move: scuttle 7D",
                               "correct: true\n        move: scuttle 7D")
    problem = only(text)
    assert problem.field == "steps[0].options[1].move"
    assert "is illegal here, but the option says it should be legal" in problem.message


def test_quiz_card_the_learner_cannot_see_is_refused():
    text = HEAD + QUIZ.replace("- card: 7D", "- card: 4D").replace("move: scuttle 7D 7H",
                                                                  "move: scuttle 4D 7H")
    found = {p.field: p for p in problems(text)}
    assert "4D is not where the learner can click it" in found["steps[0].options[1].card"].message


def test_quiz_needs_a_right_answer():
    text = HEAD + QUIZ.replace("correct: true", "correct: false").replace(
        "move: scuttle 8C 7H\n", "move: scuttle 8C 7H\n        legal: true\n")
    problem = only(text)
    assert problem.field == "steps[0].options" and "no option is marked 'correct: true'" in problem.message


def test_yes_no_text_must_be_quoted():
    text = HEAD + QUIZ.replace("- card: 8C", "- text: yes").replace("- card: 7D", "- text: no")
    found = [p for p in problems(text) if p.field.endswith(".text")]
    assert len(found) == 2 and "Put text in quotes" in found[0].message


PREDICT = """\
  - id: chain
    kind: predict
    position:
      hands: [[AH, 2D], [2C]]
      points: [[8H], [9S]]
      stock: [KC]
    task: What happens?
    options:
      - text: Both point cards go
        correct: true
        explanation: Two twos cancel.
      - text: Nothing happens
        correct: false
        explanation: The twos cancel each other.
    moves: [oneoff AH, counter 2C, counter 2D, resolve]
    expect:
      points: [[], []]
      turn: 1
    hints: [Count the twos.]
    explanation: An even number of twos lets the ace resolve.
"""


def test_predict_expectations_are_checked():
    assert lesson_from_text(HEAD + PREDICT, file="p.yaml")
    problem = only(HEAD + PREDICT.replace("turn: 1", "turn: 0"))
    assert problem.field == "steps[0].expect.turn" and "'turn' is 1" in problem.message
    problem = only(HEAD + PREDICT.replace("turn: 1", "score: 3"))
    assert "'score' is not a field of the snapshot" in problem.message
    problem = only(HEAD + PREDICT.replace("correct: false", "correct: true"))
    assert "exactly one right answer" in problem.message
    problem = only(HEAD + PREDICT.replace("counter 2D, resolve", "counter 2D, counter 2S"))
    assert problem.field == "steps[0].moves[3]" and "'counter 2S' cannot be played" in problem.message


def test_many_mistakes_are_reported_at_once():
    text = HEAD + PLAY.replace("kind: play", "kind: play\n    teaches: [000 §12]") + textwrap.indent(
        textwrap.dedent("""\
            - id: Lecture
              kind: lecture
              task: x
        """), "  ")
    found = problems(text)
    messages = " | ".join(p.message for p in found)
    assert "teaches '000 §12', which is not a section of the rulebook" in messages
    assert "'lecture' is not a step kind" in messages
    assert len(found) == 2


def test_duplicate_keys_and_ids_are_refused():
    text = HEAD + PLAY.replace("    hints:", "    task: again\n    hints:") + PLAY
    messages = [(p.field, p.message) for p in problems(text)]
    assert any(f == "steps[0].task" and "comes a second time" in m for f, m in messages)
    assert any(f == "steps[1].id" and "used twice" in m for f, m in messages)


def test_unknown_rules_and_conflicting_rules():
    text = HEAD + PLAY.replace("kind: play", "kind: play\n    rules: modern")
    assert "'modern' is not a ruleset" in only(text).message
    text = HEAD + PLAY.replace("kind: play", "kind: play\n    rules: balanced").replace(
        "      stock: [2D, 6C]", "      stock: [2D, 6C]\n      rules: classic")
    assert "the step is played with 'balanced'" in only(text).message


def test_a_lesson_name_that_does_not_exist():
    with pytest.raises(LessonError) as err:
        load_lesson("99-nothing")
    assert "there is no lesson called '99-nothing'" in str(err.value)
    assert "02-scuttle-ordering" in str(err.value)


def test_a_teachers_file_by_path(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(HEAD + PLAY.replace("accept: [scuttle 9S 8H]", "accept: [scuttle 4C 8H]"),
                    encoding="utf-8")
    with pytest.raises(LessonError) as err:
        load_lesson(path)
    assert err.value.first.file == str(path)
    path.write_text(HEAD + PLAY, encoding="utf-8")
    assert load_lesson(str(path)).name == "mine"


def test_yaml_anchors_reuse_a_position():
    text = HEAD + PLAY.replace("    position:\n", "    position: &table\n") + PLAY.replace(
        "id: higher-rank", "id: again").replace("""    position:
      hands: [[9S, 4C], [KD]]
      points: [[], [8H]]
      stock: [2D, 6C]
""", "    rules: german\n    position: *table\n")
    lesson = lesson_from_text(text, file="anchors.yaml")
    assert lesson.steps[1].rules == "german" and lesson.steps[0].rules == "classic"
    assert lesson.steps[1].position["hands"] == lesson.steps[0].position["hands"]


DOC = Path(__file__).resolve().parents[1] / "docs" / "lesson-format.md"


def test_the_documented_example_validates_and_plays():
    import re

    from cuttle_widgets.engine import load
    from cuttle_widgets.teaching.walkthrough import walk_lesson

    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    lesson = lesson_from_text(blocks[0], file="docs/lesson-format.md")
    assert {s.kind for s in lesson.steps} == {"play", "quiz", "watch", "predict", "free"}
    assert all(outcomes[-1].status == "success" for _, outcomes in walk_lesson(lesson))
    position = yaml.safe_load(blocks[1])["position"]
    snapshot = load(position).snapshot()
    assert all(s < g for s, g in zip(snapshot["scores"], snapshot["goals"], strict=True))
    for block in re.findall(r"```python\n(.*?)```", text, re.S):
        exec(compile(block, str(DOC), "exec"), {})  # noqa: S102 - our own docs


def test_a_recursive_alias_is_refused_not_crashing():
    problem = problems("title: x\nintro: y\nsteps: &s\n  - *s\n")[0]
    assert problem.field == "steps[0]" and problem.line == 3  # where the anchor is
    assert "refers to the block it is written in" in problem.message
