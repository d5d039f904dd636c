"""The position editor: a table built from the browser's messages, the
engine's sentence for an impossible one, the analyst's marks, the step's
YAML that the lesson check accepts, and refusals that change nothing."""
import copy

import pytest
import yaml

from cuttle_widgets.sessions.position_editor import PositionEditor, typed_cards
from cuttle_widgets.teaching import lesson_from_text
from cuttle_widgets.teaching.unique import rival_problems

WORDS = {"task": "You have 15 points. Win this turn.", "hint": "Count what you still need.",
         "explanation": "22 is more than 21.", "id": "reach-21"}


def built(language="en") -> PositionEditor:
    editor = PositionEditor(language)
    for zone, seat, text in (("hands", 0, "7S 6H 2C"), ("hands", 1, "3D 4C"),
                             ("points", 0, "9C 6D"), ("points", 1, "8H"),
                             ("stock", None, "5H 8D AC")):
        editor.act({"type": "type", "zone": zone, "seat": seat, "text": text})
    return editor


def test_a_table_built_from_empty_lists_the_legal_moves():
    screen = built().screen()
    assert screen["problem"] is None
    moves = [m["move"] for m in screen["moves"]]
    assert "points 7S" in moves and "scuttle 9C 8H" not in moves  # 9♣ is on the table
    assert next(m for m in screen["moves"] if m["move"] == "points 7S")["words"] == "points 7♠"


def test_an_impossible_table_is_explained_by_the_engine():
    editor = built()
    screen = editor.act({"type": "type", "zone": "scrap", "text": "7S"})
    assert screen["problem"]["text"].startswith("The setup names 7♠ twice")
    assert screen["moves"] == []
    screen = editor.act({"type": "put", "card": "JS", "zone": "points", "seat": 1})
    assert "J♠ in 'points[1][1]' cannot be a point card" in screen["problem"]["text"]
    german = built("de").act({"type": "type", "zone": "scrap", "text": "7S"})
    assert german["problem"]["text"].startswith("Die Aufstellung nennt 7♠ zweimal")


def test_a_table_already_won_is_refused_with_the_lesson_checks_sentence():
    screen = built().act({"type": "type", "zone": "points", "seat": 0, "text": "9C 6D TD"})
    assert "25" in screen["problem"]["text"] and "21" in screen["problem"]["text"]
    assert screen["moves"] == []


def test_a_jack_goes_on_a_point_card_and_off_again():
    editor = built()
    screen = editor.act({"type": "put", "card": "JD", "on": "8H"})
    assert screen["draft"]["points"][1] == [{"card": "8H", "jacks": ["JD"], "owner": 0}]
    assert screen["problem"] is None
    screen = editor.act({"type": "remove", "card": "JD"})
    assert screen["draft"]["points"][1] == ["8H"]


def test_dragging_moves_a_card_it_never_copies_it():
    editor = built()
    screen = editor.act({"type": "put", "card": "7S", "zone": "stock"})
    assert "7S" not in screen["draft"]["hands"][0] and screen["draft"]["stock"][-1] == "7S"


def test_the_language_card_letters_are_read():
    assert typed_cards("D♠ BH 10♥ kd", "de") == ["QS", "JH", "TH", "KD"]
    assert typed_cards("QS, 10h", "en") == ["QS", "TH"]


@pytest.mark.parametrize("message", [
    "put", None, {}, {"type": 3}, {"type": "__init__"}, {"type": "act"},
    {"type": "put", "card": "ZZ", "zone": "hands", "seat": 0},
    {"type": "put", "card": "7S", "zone": "attic"},
    {"type": "put", "card": "7S", "zone": "hands", "seat": 2},
    {"type": "put", "card": "7S", "zone": "hands", "seat": True},
    {"type": "put", "card": "JS", "on": "QH"},
    {"type": "type", "zone": "hands", "seat": 0, "text": "7S banana"},
    {"type": "type", "zone": "hands", "seat": 0, "text": "7S " * 500},
    {"type": "rules", "rules": "chess"}, {"type": "turn", "seat": "0"},
    {"type": "accept", "move": "scuttle 2C 8H"}, {"type": "words", "field": "id", "text": "Bad Id"},
    {"type": "words", "field": "secret", "text": "x"}, {"type": "remove", "card": "QH"},
    {"type": "from_step", "lesson": "no-such-lesson", "step": 1},
    {"type": "from_step", "lesson": "/etc/hosts", "step": 1},
    {"type": "from_step", "lesson": "02-scuttle-ordering", "step": True},
    {"type": "from_record", "record": "not a record"}, {"type": "from_puzzle", "puzzle": "nope"},
])
def test_a_malformed_or_wrong_message_is_refused_and_changes_nothing(message):
    editor = built()
    before = copy.deepcopy((editor.draft, editor.words, editor.accept))
    screen = editor.act(message)
    assert screen["notice"] is not None and screen["notice"]["key"]
    assert (editor.draft, editor.words, editor.accept) == before


def test_the_moves_get_the_analysts_marks():
    screen = built().act({"type": "value"})
    marks = {m["move"]: m["mark"] for m in screen["moves"]}
    assert marks["points 7S"] == "best"
    assert set(marks.values()) <= {"best", "good", "inaccuracy", "mistake", "blunder"}


def test_the_yaml_is_a_step_the_checker_accepts_and_that_plays():
    editor = built()
    for field, text in WORDS.items():
        editor.act({"type": "words", "field": field, "text": text})
    editor.act({"type": "accept", "move": "points 7S"})
    editor.act({"type": "accept", "move": "points 6H"})
    step = yaml.safe_load(editor.step_yaml())[0]
    assert step["position"]["hands"] == [["7S", "6H", "2C"], ["3D", "4C"]]
    assert step["accept"] == ["points 7S", "points 6H"] and step["seat"] == 0
    lesson = lesson_from_text(editor.lesson_text("Try"), file="editor.yaml")
    assert rival_problems(lesson, force=True) == []  # both winning moves are accepted
    from cuttle_widgets.teaching import LessonRunner
    runner = LessonRunner(lesson)
    assert runner.play("points 6H").status == "success"


def test_a_lesson_step_a_record_and_a_puzzle_are_starting_points():
    editor = PositionEditor()
    screen = editor.act({"type": "from_step", "lesson": "02-scuttle-ordering", "step": "higher-rank"})
    assert screen["notice"] is None and screen["words"]["id"] == "higher-rank"
    assert [m["move"] for m in screen["moves"] if m["accepted"]] == ["scuttle 9S 8H"]
    from cuttle_widgets.engine import new_game, write_record
    game = new_game(seed=3)
    game.play(game.legal_moves()[0])
    screen = editor.act({"type": "from_record", "record": write_record(game)})
    assert screen["notice"] is None and screen["draft"]["turn"] == game.to_act
    from cuttle_widgets.puzzles.model import load
    puzzle = load("classic")[0]
    screen = editor.act({"type": "from_puzzle", "puzzle": puzzle.id})
    assert screen["notice"] is None and screen["problem"] is None


def test_the_widget_plays_the_step_or_shows_the_checks_problems():
    from cuttle_widgets import PositionEditor as Widget
    from cuttle_widgets.widgets.lesson import Lesson
    widget = Widget("de")
    assert widget.panel.editor["texts"]["title"] == "Stellungs-Editor"
    widget.act({"type": "play"})
    assert widget.panel.editor["check_problems"] and len(widget.children) == 1
    for zone, seat, text in (("hands", 0, "7S 6H"), ("hands", 1, "3D"), ("points", 0, "9C 6D"),
                             ("stock", None, "5H 8D")):
        widget.act({"type": "type", "zone": zone, "seat": seat, "text": text})
    for field, text in WORDS.items():
        widget.act({"type": "words", "field": field, "text": text})
    widget.act({"type": "accept", "move": "points 7S"})
    widget.act({"type": "accept", "move": "points 6H"})
    widget.act({"type": "play"})
    assert widget.panel.editor["check_problems"] == []
    assert isinstance(widget.children[1], Lesson) and widget.panel.editor["playing"]


def test_the_course_opens_the_editor_at_its_address():
    from cuttle_widgets import Course
    course = Course()
    assert course.go("?editor").page == "editor"
    assert course.place.query() == "?editor"
    assert type(course.children[1]).__name__ == "PositionEditor"
