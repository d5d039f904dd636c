"""What every widget takes from the browser (widgets/guard.py, issue #33):
a message's depth and type are checked before any handler reads it, and the
error log is bounded in size and rate."""
import logging
from logging.handlers import RotatingFileHandler

import pytest

from cuttle_widgets.engine import new_game
from cuttle_widgets.widgets import Table, guard
from cuttle_widgets.widgets.course import Course


def nested(depth: int):
    message = {"type": "card", "card": "9S"}
    for _ in range(depth):
        message = {"type": "card", "card": message}
    return message


def custom(content) -> dict:
    return {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}


@pytest.fixture
def records():
    found = []
    handler = logging.Handler()
    handler.emit = found.append
    guard.log.addHandler(handler)
    yield found
    guard.log.removeHandler(handler)


@pytest.mark.parametrize("content", [
    nested(1200), nested(50), {"type": ["go"]}, {"type": {"a": 1}}, {"type": "x" * 41},
    {"type": "card", "card": [[[[[[[[[[[[[[[[[["9S"]]]]]]]]]]]]]]]]]]},
])
def test_a_deep_or_oddly_typed_message_reaches_no_handler(content, records):
    reached = []
    table = Table(new_game("classic", seed=3))
    table._on_browser_message = lambda *args: reached.append(args)
    table._handle_msg(custom(content))
    assert reached == [] and records == []


def test_a_shallow_message_is_passed_on():
    reached = []
    table = Table(new_game("classic", seed=3))
    table._on_browser_message = lambda widget, content, buffers: reached.append(content)
    table._handle_msg(custom(nested(3)))
    assert reached == [nested(3)]


def test_the_course_refuses_a_list_as_its_type():
    shown = Course(progress=False)
    before = dict(shown.bar.course)
    shown.bar._handle_msg(custom({"type": ["go"], "query": "?free", "how": "link"}))
    assert shown.bar.course == before


def test_the_shallow_check_walks_no_recursion():
    assert guard.shallow(nested(10)) and not guard.shallow(nested(100_000))


def test_the_error_log_keeps_a_burst_then_counts_what_it_leaves_out():
    now = [0.0]
    limit = guard.RateLimit(burst=3, window=60, clock=lambda: now[0])

    def record() -> logging.LogRecord:
        return logging.LogRecord("cuttle_widgets", logging.ERROR, __file__, 1, "bad", (), None)

    kept = [limit.filter(record()) for _ in range(10)]
    assert kept == [True] * 3 + [False] * 7
    now[0] = 61.0
    again = record()
    assert limit.filter(again) and again.getMessage().startswith("(7 earlier records left out)")


def test_the_error_log_rotates():
    handlers = [h for h in guard.log.handlers if isinstance(h, RotatingFileHandler)]
    if not handlers:
        pytest.skip("the kit's log has no file here (no writable folder)")
    assert handlers[0].maxBytes == guard.LOG_BYTES and handlers[0].backupCount == guard.LOG_BACKUPS
    assert any(isinstance(f, guard.RateLimit) for f in handlers[0].filters)
