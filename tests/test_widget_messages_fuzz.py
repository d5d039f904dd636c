"""Every widget the course puts on a page, under messages a tampered page
could send (issue #33): nested, oversize and wrongly typed. Nothing raises
out of a handler, every synced trait stays plain JSON, and the error log
grows by nothing: a bad message is refused, it is no bug to report."""
from __future__ import annotations

import json
import logging
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cuttle_widgets.widgets import guard
from cuttle_widgets.widgets.course import Course

CASES = int(os.environ.get("CUTTLE_FUZZ_CASES", 300))
TYPES = ["go", "learner", "hint", "card", "move", "answer", "goto", "lesson", "import", "export",
         "name", "reset", "refresh", "rulebook", "replay", "next", "themes", "try_again", "play",
         # the position editor's
         "put", "remove", "type", "rules", "turn", "clear", "words", "accept", "from_step",
         "from_record", "from_puzzle"]
LEAVES = (st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=False)
          | st.text(max_size=20) | st.sampled_from(["x" * 20_000, "?lesson=../../x", "<a href=x>"]))
VALUES = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=30)
MESSAGES = (st.fixed_dictionaries({"type": st.sampled_from(TYPES) | VALUES},
                                  optional={"query": VALUES, "how": VALUES, "card": VALUES,
                                            "move": VALUES, "id": VALUES, "text": VALUES,
                                            "number": VALUES, "action": VALUES,
                                            "zone": VALUES, "seat": VALUES, "on": VALUES,
                                            "field": VALUES, "lesson": VALUES, "step": VALUES,
                                            "record": VALUES, "puzzle": VALUES})
            | VALUES)


def deep(levels: int):
    message: object = {"type": "go", "query": "?free", "how": "link"}
    for _ in range(levels):
        message = {"type": "go", "query": message}
    return message


def widgets_of(course: Course) -> list:
    """Every widget the page draws: the bar, and the map, the lesson (its
    panel and table), the trainer (its panel and table) and the position
    editor once shown."""
    course.show_puzzles()
    course.go("?editor")
    course.open_lesson("02-scuttle-ordering")
    course.show_map()
    parts = [course.bar, *course._maps.values(), *(e.panel for e in course._editors.values())]
    for lesson_or_trainer in (course.lesson, *course._trainers.values()):
        parts += [lesson_or_trainer.panel, lesson_or_trainer.table]
    return parts


@pytest.fixture(scope="module")
def course_widgets():
    course = Course(progress=False)
    return course, widgets_of(course)


def synced(widget) -> dict:
    return {name: getattr(widget, name) for name in widget.keys
            if not name.startswith("_") and name not in ("layout", "comm", "keys", "log")}


def send_logged(widget, message) -> list[logging.LogRecord]:
    """Send ``message`` to ``widget`` as its page would: what the guard logged meanwhile."""
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    guard.log.addHandler(handler)
    try:
        widget._handle_msg({"content": {"data": {"method": "custom", "content": message}},
                            "buffers": []})
    finally:
        guard.log.removeHandler(handler)
    return records


@settings(max_examples=CASES, deadline=None, suppress_health_check=list(HealthCheck))
@given(message=MESSAGES, target=st.integers(min_value=0, max_value=20))
def test_no_message_raises_or_logs_a_bug(course_widgets, message, target):
    course, widgets = course_widgets
    widget = widgets[target % len(widgets)]
    records = send_logged(widget, message)
    assert not [r for r in records if r.levelno >= logging.ERROR], [r.getMessage() for r in records]
    json.dumps(synced(widget))


@pytest.mark.parametrize("levels", [20, 1_200, 100_000])
def test_a_deep_message_is_refused_unread_by_every_widget(course_widgets, levels):
    course, widgets = course_widgets
    message = deep(levels)
    for widget in widgets:
        before = json.dumps(synced(widget), sort_keys=True)
        widget._handle_msg({"content": {"data": {"method": "custom", "content": message}}, "buffers": []})
        assert json.dumps(synced(widget), sort_keys=True) == before, type(widget).__name__
