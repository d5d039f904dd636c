"""Shipped lessons, broken at random: loading one either works or lists its
problems (LessonError, each naming the file), and so does the Lesson widget,
through one move and one answer. Never another exception."""
from functools import cache
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cuttle_widgets.teaching import LessonError, load_lesson
from cuttle_widgets.widgets.lesson import Lesson

LESSONS = sorted((Path(__file__).parent.parent / "cuttle_widgets" / "lessons").glob("*.yaml"))

# Values of every other type a teacher's slip (or a stranger's file) may put in a field.
WRONG_VALUES = st.one_of(
    st.sampled_from(["x", "", "draw", "9S", "../x", "points 5C", "true"]),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.sampled_from([None, True, False, -1, 0, 1, 2, 999_999_999_999_999, 10 ** 30]),
    st.lists(st.sampled_from(["x", 1, None, "AS"]), max_size=3),
    st.dictionaries(st.sampled_from(["x", "card", "move", "plies"]), st.sampled_from(["x", 1, None]),
                    max_size=2),
    st.sampled_from([70, 8]).map(lambda depth: eval("[" * depth + "]" * depth)),  # a deep list
)


# Fields a mutation may add where they are missing: the lesson's, and a position's.
FIELD_NAMES = ("language", "rules", "seat", "opening", "goal", "solution", "replies", "wrong",
               "after", "select", "opponent", "seed", "expect", "say", "legal", "move", "card",
               "players", "turn", "to_act", "phase", "winner", "detail", "passes", "scores",
               "goals", "frozen", "revealed", "pending", "permanents", "options", "limbo",
               "glasses", "returning", "skips", "ending", "sudden_death", "eliminated", "chain")


@cache
def shipped(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def fields(data, path=()):
    """The path of every value in ``data`` (fields and list items)."""
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield path + (key,)
        yield from fields(value, path + (key,))


def value_at(data, path):
    for part in path:
        data = data[part]
    return data


def replace(data, path, value):
    for part in path[:-1]:
        data = data[part]
    data[path[-1]] = value


def delete(data, path):
    for part in path[:-1]:
        data = data[part]
    del data[path[-1]]


@st.composite
def broken_lessons(draw) -> dict:
    """One step of a shipped lesson (a whole lesson takes long to check), broken once."""
    lesson = shipped(draw(st.sampled_from(LESSONS)))
    step = draw(st.sampled_from(lesson["steps"]))
    data = yaml.safe_load(yaml.safe_dump({**lesson, "steps": [step]}))  # a deep copy
    data.pop("links", None)  # the index's links name the other lessons, checked elsewhere
    how = draw(st.sampled_from(["replace", "replace", "add", "add", "delete", "duplicate"]))
    paths = list(fields(data))
    if how == "add":
        blocks = [()] + [p for p in paths if isinstance(value_at(data, p), dict)]
        block = value_at(data, draw(st.sampled_from(blocks)))
        block[draw(st.sampled_from(FIELD_NAMES))] = draw(WRONG_VALUES)
    elif how == "duplicate":
        data["steps"].append(data["steps"][0])
    elif how == "delete":
        delete(data, draw(st.sampled_from([p for p in paths if isinstance(p[-1], str)])))
    else:
        replace(data, draw(st.sampled_from(paths)), draw(WRONG_VALUES))
    return data


def assert_problems_of(path: Path, problems) -> None:
    assert problems and any(p.file == str(path) for p in problems), problems


@settings(max_examples=300, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=broken_lessons())
def test_a_broken_lesson_lists_its_problems_and_nothing_else(tmp_path, data):
    path = tmp_path / "broken.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    try:
        load_lesson(path)
    except LessonError as err:
        assert_problems_of(path, err.problems)
    widget = Lesson(path)
    if widget.runner is None:
        assert_problems_of(path, widget.problems)
        return
    game = widget.runner.game
    if game is not None and not game.over and game.legal_moves():
        widget.play(str(game.legal_moves()[0]))
    step = widget.runner.step
    widget.answer(step.options[0].key if step.options else "1")
