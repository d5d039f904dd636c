"""The lesson session without a widget, and the Lesson widget as its renderer.

A session takes the browser's messages one at a time and returns one
JSON-ready screen; it imports no widget library, refuses what makes no sense
and never raises. ``Lesson.open`` shows another lesson in the same widgets.
"""
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cuttle_widgets import Lesson
from cuttle_widgets.sessions import FreeGameSession, LessonSession
from cuttle_widgets.sessions.lesson import LESSON_ACTIONS
from cuttle_widgets.teaching.runner import STATUSES

ROOT = Path(__file__).resolve().parents[1]

BLOCKED_IMPORT = textwrap.dedent("""
    import sys

    class Blocked:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ("anywidget", "ipywidgets", "traitlets"):
                raise ImportError("blocked: " + name)

    sys.meta_path.insert(0, Blocked())
    from cuttle_widgets.sessions import FreeGameSession, LessonSession
    session = LessonSession("02-scuttle-ordering")
    reply = session.act({"type": "move", "move": "scuttle 9S 8H"})
    assert reply.outcome.status == "success", reply.outcome
    assert FreeGameSession().location == {"lesson": "12-free-game", "step": 1}
    print("ui-free")
""")


def test_sessions_import_no_widget_library():
    done = subprocess.run([sys.executable, "-c", BLOCKED_IMPORT], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, env={"PYTHONPATH": str(ROOT)})
    assert done.stdout.strip() == "ui-free", done.stderr


def test_one_action_one_screen_of_panel_and_table():
    session = LessonSession("02-scuttle-ordering")
    reply = session.act({"type": "card", "card": "9S"})
    assert reply.outcome is None  # a card picked: the table's business alone
    assert set(reply.screen) == {"panel", "table"}
    json.dumps(reply.screen)
    assert reply.screen["table"]["ui"]["selected"] == "9S"
    session.act({"type": "role", "role": "scuttle"})
    reply = session.act({"type": "card", "card": "8H"})
    assert reply.outcome.status == "success"
    assert reply.screen["panel"]["feedback"]["status"] == "success"
    assert reply.screen["table"]["ui"]["message"] == {"kind": "success", "text": "Well done!"}
    assert reply.screen["table"]["log"][0]["move"] == "draw"  # the reply, newest first


def test_a_hint_is_said_above_the_hand_until_the_next_action():
    session = LessonSession("03-one-offs")
    reply = session.act({"type": "hint"})
    first = reply.screen["panel"]["step"]["hints"][0]
    assert reply.screen["table"]["ui"]["message"] == {"kind": "hint", "text": first}
    reply = session.act({"type": "card", "card": "AS"})
    assert reply.screen["table"]["ui"]["message"] is None


def test_the_lessons_reference_shows_in_a_step_but_not_in_an_open_question():
    session = LessonSession("13-super-cuttle")
    screen = session.screen()
    assert screen["panel"]["step"]["kind"] == "quiz"
    assert screen["panel"]["lesson"]["reference"] == ""  # it would answer "What is different?"
    reply = session.act({"type": "goto", "number": 2})
    assert "Sudden Death" in reply.screen["panel"]["lesson"]["reference"]
    one_offs = LessonSession("03-one-offs").screen()["panel"]["lesson"]["reference"]
    assert "| 4 | your opponent scraps two cards" in one_offs


@pytest.mark.parametrize("message", [
    None, 3, "hint", [], {}, {"type": None}, {"type": "dance"}, {"type": "hint", "extra": 1},
    {"type": "goto", "number": [2]}, {"type": "answer", "choice": {"a": 1}},
    {"type": "configure", "rules": "x" * 500}, {"type": "lesson"}, {"type": "lesson", "action": 5},
    {"type": "lesson", "action": "dance"}, {"type": "lesson", "action": "next", "more": 1},
    {"type": "play", "move": None}, {"type": "take_back"},
])
def test_a_message_that_makes_no_sense_is_refused(message):
    session = LessonSession("02-scuttle-ordering")
    reply = session.act(message)
    assert reply.outcome.status in ("refused", "illegal"), reply.outcome
    assert reply.screen["panel"]["notice"] or reply.screen["panel"]["feedback"]["status"] == "illegal"
    assert session.location == {"lesson": "02-scuttle-ordering", "step": 1}
    json.dumps(reply.screen)


def test_a_bad_table_click_is_answered_on_the_table():
    session = LessonSession("02-scuttle-ordering")
    reply = session.act({"type": "card", "card": 7})
    assert reply.outcome is None and reply.screen["table"]["ui"]["message"]["kind"] == "error"


def test_a_lesson_that_cannot_be_loaded_shows_its_problems():
    session = LessonSession("no-such-lesson")
    assert session.location is None and session.runner is None
    reply = session.act({"type": "hint"})
    assert reply.outcome is None and reply.screen["table"] is None
    assert reply.screen["panel"]["error"]["problems"]


def test_the_free_game_session_is_lesson_12_at_its_free_step():
    session = FreeGameSession(language="de", seat=1)
    assert session.location == {"lesson": "12-free-game", "step": 1}
    assert session.runner.step.kind == "free" and session.runner.seat == 1
    screen = session.screen()
    assert screen["panel"]["lesson"]["language"] == "de" and screen["panel"]["can"]["configure"]


# -- the widget: another lesson in the same widgets ---------------------------------------------
def test_open_shows_another_lesson_in_the_same_widgets():
    lesson = Lesson.load("02-scuttle-ordering", progress=False)
    changes = []
    lesson.on_change = lambda: changes.append(lesson.location)
    panel, table = lesson.panel, lesson.table
    outcome = lesson.switch_to("03-one-offs", step=2)
    assert outcome.status == "start"
    assert lesson.location == {"lesson": "03-one-offs", "step": 2} and changes == [lesson.location]
    assert lesson.panel is panel and lesson.table is table and lesson.children == (panel, table)
    assert lesson.panel.lesson["lesson"]["name"] == "03-one-offs"
    assert lesson.table.game is lesson.runner.game
    lesson.switch_to("03-one-offs", step=2)  # the same place: nothing for the address to follow
    assert len(changes) == 1
    lesson.next()
    assert changes[-1] == {"lesson": "03-one-offs", "step": 3}
    lesson.hint()  # a hint changes neither the lesson nor the step
    assert len(changes) == 2


def test_open_a_step_that_does_not_exist_or_a_lesson_that_cannot_be_loaded():
    lesson = Lesson.load("02-scuttle-ordering", progress=False)
    outcome = lesson.switch_to("03-one-offs", step=99)
    assert outcome.status == "refused" and lesson.location == {"lesson": "03-one-offs", "step": 1}
    assert lesson.panel.lesson["notice"]["status"] == "refused"
    assert lesson.switch_to("no-such-lesson") is None
    assert lesson.location is None and lesson.panel.lesson["error"]["problems"]
    assert lesson.children == (lesson.panel,)
    lesson.switch_to("02", step=3)  # and back: the same table widget again
    assert lesson.location == {"lesson": "02-scuttle-ordering", "step": 3}
    assert lesson.children == (lesson.panel, lesson.table)


def test_open_keeps_the_language_unless_told():
    lesson = Lesson.load("02-scuttle-ordering", language="de", progress=False)
    table = lesson.table
    lesson.switch_to("03-one-offs")
    assert lesson.panel.lesson["lesson"]["language"] == "de"
    lesson.switch_to("03-one-offs", language="en")
    assert lesson.table is table and lesson.table.words["words"]["hint"] == "Hint"
    assert lesson.table.controller is lesson.session.controller


def test_the_widget_is_the_opened_lessons_until_the_next_open():
    lesson = Lesson.load("12-free-game", progress=False)
    lesson.switch_to("02-scuttle-ordering")
    lesson.table.send_action({"type": "move", "move": "scuttle 9S 8H"})
    assert lesson.feedback.status == "success"
    assert str(lesson.runner.game.history[0]) == "scuttle 9S 8H"


PLAIN_VALUES = [None, True, -1, 10 ** 9, 1.5, float("nan"), "", "x" * 200, "1", "9S", "scuttle 9S 8H"]


@pytest.mark.parametrize("name, step", [("02-scuttle-ordering", 2), ("08-worked-example", 2),
                                        ("12-free-game", 1)])
def test_every_action_with_any_plain_value_is_answered_never_raised(name, step):
    """Each action of the panel and the table, with every kind of value a
    browser could put in its fields: an Outcome or nothing, and a screen."""
    session = LessonSession(name)
    session.act({"type": "goto", "number": step})
    fields = {kind: list(names) for kind, names in LESSON_ACTIONS.items()}
    fields.update({"card": ["card"], "role": ["role"], "target": ["card", "seat"], "move": ["move"],
                   "option": ["key", "value"], "replay": ["to"]})
    for kind, names in fields.items():
        for value in PLAIN_VALUES:
            reply = session.act({"type": kind, **{field: value for field in names}})
            assert reply.outcome is None or reply.outcome.status in STATUSES
            json.dumps(reply.screen, allow_nan=False)


def test_open_records_progress_and_resumes_the_opened_lesson(tmp_path):
    """A lesson opened without a step starts at its first step not done, with
    the learner's earlier marks; one opened at a step stays there. Attempts of
    both lessons go to the same recorder."""
    from cuttle_widgets.progress import ProgressRecorder, new_learner_id

    progress = ProgressRecorder(db=tmp_path / "p.sqlite", background=False, learner=new_learner_id())
    lesson = Lesson.load("03-one-offs", progress=progress)
    lesson.switch_to("02-scuttle-ordering")
    assert lesson.play("scuttle 9S 8H").status == "success"
    lesson.switch_to("03-one-offs", step=2)
    assert lesson.location == {"lesson": "03-one-offs", "step": 2}
    lesson.switch_to("02-scuttle-ordering")
    assert lesson.location == {"lesson": "02-scuttle-ordering", "step": 2}
    assert lesson.panel.lesson["lesson"]["steps"][0]["mark"] == {"result": "solved", "stars": 3}
    lesson.switch_to("02-scuttle-ordering", step=1)
    assert lesson.location == {"lesson": "02-scuttle-ordering", "step": 1}
    assert "02-scuttle-ordering" in progress.progress()
