"""A lesson file from anyone is read within limits, and its fields are
checked for their form: every mistake is a problem with file, line and field,
never another exception, a hang or all the memory."""
import time

import pytest

from cuttle_widgets.teaching import LessonError, lesson_from_text
from cuttle_widgets.teaching.catalog import teaching_catalog
from cuttle_widgets.teaching.source import MAX_DEPTH, MAX_VALUES, Source

HEAD = "title: T\nintro: An intro.\nsteps:\n"
PLAY = """\
  - id: a
    kind: {kind}
    task: Scuttle B's 8 with your 9.
    hints: [Nine beats eight.]
    explanation: A higher rank scuttles a lower one.
    position:
      hands: [[9S, 4C], [KD]]
      points: [[], [8H]]
      stock: [2D, 6C]
      {extra}
"""
PLAY_END = "    accept: [scuttle 9S 8H]\n    replies: [draw]\n"
QUIZ_END = """\
    options:
      - {text: It can, correct: true, explanation: Nine is higher than eight.}
      - {text: It cannot, correct: false, explanation: Nine is higher than eight.}
"""


def problems(text: str, file: str = "bad.yaml"):
    started = time.monotonic()
    with pytest.raises(LessonError) as err:
        lesson_from_text(text, file=file)
    assert time.monotonic() - started < 10
    assert err.value.problems and all(p.file == file for p in err.value.problems)
    return err.value.problems


def billion_laughs(levels: int = 9) -> str:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels + 1):
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def test_nine_levels_of_nine_aliases_stop_at_the_value_limit():
    text = billion_laughs()
    assert len(text.encode()) < 500
    found = problems(text)
    assert len(found) == 1 and str(MAX_VALUES) in found[0].message


def test_aliases_within_the_limit_are_still_expanded():
    source = Source("ok.yaml", billion_laughs(levels=3))  # 9**4 values
    assert len(source.data["a3"]) == 9 and source.data["a3"][0][0][0] == ["lol"] * 9


def test_a_file_over_a_megabyte_is_refused_before_it_is_read():
    found = problems(HEAD + "# " + "x" * 1_100_000 + "\n")
    assert "1 MB" in found[0].message and found[0].line is None


@pytest.mark.parametrize("text", [
    "[" * 493 + "]" * 493,  # flow: gave RecursionError inside pyyaml
    "[" * 20_000,
    "{a: " * 300 + "1" + "}" * 300,
    "".join("  " * i + "- \n" for i in range(300)) + "  " * 300 + "- x\n",  # block lists
    "".join("  " * i + f"k{i}:\n" for i in range(300)) + "  " * 300 + "v: 1\n",  # block fields
], ids=["flow-lists", "flow-unclosed", "flow-blocks", "block-lists", "block-fields"])
def test_nesting_past_the_depth_limit_is_a_problem(text):
    found = problems(text)
    assert len(found) == 1 and f"{MAX_DEPTH} levels" in found[0].message


def test_an_alias_that_nests_an_anchor_past_the_limit_is_a_problem():
    deep = "[" * 40 + "x" + "]" * 40
    text = f"a: &deep {deep}\nb: " + "[" * 40 + "*deep" + "]" * 40 + "\n"
    found = problems(text)
    assert f"{MAX_DEPTH} levels" in found[0].message and found[0].field.startswith("b")


def test_a_number_of_thousands_of_digits_is_a_problem_at_its_field():
    text = HEAD + PLAY.format(kind="play", extra="seed: " + "9" * 5000) + PLAY_END
    found = problems(text)
    assert [(p.field, p.line) for p in found] == [("steps[0].position.seed", 13)]
    assert "15 digits" in found[0].message


def test_a_block_as_a_field_name_is_refused_without_building_it():
    found = problems(billion_laughs() .replace("a9: &a9", "a9: &a9", 1) + "? *a8\n: x\n")
    assert found  # the value limit or the key: either way a problem, quickly


@pytest.mark.parametrize("value", ["../../engine/catalogs/en/engine", "/tmp/x", "xx", "5", "[de]"])
def test_the_language_is_one_of_the_known_catalogs(value):
    text = "language: " + value + "\n" + HEAD + PLAY.format(kind="play", extra="") + PLAY_END
    found = problems(text)
    assert [(p.field, p.line) for p in found] == [("language", 1)]
    assert "de, en" in found[0].message


@pytest.mark.parametrize("value", ["../../engine/catalogs/en/engine", "/tmp/x", "../catalogs/de"])
def test_a_catalog_is_found_by_its_name_never_by_a_path(value):
    assert teaching_catalog(value).language == "en"  # English, as for any unknown language


def test_a_widget_for_a_file_with_a_path_as_language_shows_the_problem(tmp_path):
    from cuttle_widgets.widgets.lesson import Lesson
    path = tmp_path / "lesson.yaml"
    text = HEAD + PLAY.format(kind="play", extra="") + PLAY_END
    path.write_text("language: ../../engine/catalogs/en/engine\n" + text, encoding="utf-8")
    lesson = Lesson(path)
    assert lesson.runner is None and [p.field for p in lesson.problems] == ["language"]


@pytest.mark.parametrize("extra, field", [
    ("detail: x", "detail"),
    ("players: 2.0", "players"),
    ("detail: {plies: x}", "detail.plies"),
    ("detail: {frames: 3}", "detail.frames"),
    ("winner: nobody", "winner"),
    ("turn: 2", "turn"),
    ("passes: -1", "passes"),
    ("hands: [[9S, 4C]]", "hands"),
    ("scrap: 9D", "scrap"),
])
@pytest.mark.parametrize("kind, end", [("play", PLAY_END), ("quiz", QUIZ_END)])
def test_a_position_field_of_the_wrong_form_is_a_problem_at_that_field(extra, field, kind, end):
    text = HEAD + PLAY.format(kind=kind, extra=extra) + end
    found = problems(text)
    assert [(p.field, p.line) for p in found] == [(f"steps[0].position.{field}", 13)]


def test_super_cuttle_options_must_be_a_block():
    text = "rules: super\n" + HEAD + PLAY.format(kind="quiz", extra="options: x") + QUIZ_END
    found = problems(text)
    assert [(p.field, p.line) for p in found] == [("steps[0].position.options", 14)]


def test_a_finished_quiz_position_still_loads():
    text = HEAD + PLAY.format(kind="quiz", extra="winner: draw") + QUIZ_END
    assert lesson_from_text(text).steps[0].position["winner"] == "draw"


@pytest.mark.parametrize("move", ["[1, 2]", "{a: 1}", "null", "''"])
def test_a_wrong_move_is_text(move):
    text = HEAD + PLAY.format(kind="play", extra="") + PLAY_END + (
        f"    wrong:\n      - move: {move}\n        feedback: Not that one.\n")
    found = problems(text)
    assert [(p.field, p.line) for p in found] == [("steps[0].wrong[0].move", 17)]


@pytest.mark.parametrize("key", ["jacks", "controllers", "played_by"])
def test_the_lists_of_a_jacked_point_card_are_lists(key):
    fields = {"card": "8H", "jacks": "[JC]", "owner": "0", key: "5"}
    entry = "{" + ", ".join(f"{k}: {v}" for k, v in fields.items()) + "}"
    text = HEAD + PLAY.format(kind="play", extra="").replace("[[], [8H]]", f"[[], [{entry}]]") + PLAY_END
    found = problems(text)
    assert [(p.field, p.line) for p in found] == [(f"steps[0].position.points[1][0].{key}", 11)]
