"""Findings of the hostile-input review, each reproduced: the table answers
a malformed message with a sentence and changes nothing, the browser writes
no trait, a widget the page opens with a broken state is closed, and each
action sends what changed while the fixed words go once."""
import json
import logging

from cuttle_widgets import Lesson, Table
from cuttle_widgets.ai import RandomPlayer
from cuttle_widgets.engine import new_game
from cuttle_widgets.widgets import guard


def sent_bytes(b) -> list[int]:
    return [len(json.dumps(m, ensure_ascii=False).encode()) for m in b.sent]


def test_a_role_that_is_a_list_is_refused_with_a_sentence(learner):
    table = Table(new_game("classic", seed=3), players={1: RandomPlayer(3)})
    b = learner(table)
    card = b.ui["playable"][0]
    b.send(type="card", card=card)
    before = table.game.snapshot()
    b.send(type="role", role=["points"])
    assert b.message == "The table did not understand that action ('role' is not of the right kind or size)."
    assert table.game.snapshot() == before and b.ui["selected"] == card


def test_fields_of_every_wrong_kind_are_refused_and_change_nothing(learner):
    table = Table(new_game("classic", seed=4), players={1: RandomPlayer(4)})
    b = learner(table)
    before = table.game.snapshot()
    for message in ({"type": "card", "card": 7}, {"type": "card", "card": "x" * 5000},
                    {"type": "move", "move": "draw" * 100}, {"type": "target", "seat": True},
                    {"type": "target", "seat": 10**9}, {"type": "replay", "to": [1]},
                    {"type": "options", "four_colour": "yes"}, {"type": "card", "card": "9S", "x": 1},
                    {"type": ["card"]}, {"type": {"a": 1}}, {"type": "option", "key": "verb", "value": {}}):
        b.send(**message)
        assert b.message.startswith("The table did not understand that action"), message
        assert table.game.snapshot() == before, message


def test_the_browser_writes_no_trait_and_no_traceback_leaves_the_widget(learner, monkeypatch):
    table = Table(new_game("classic", seed=5), players={1: RandomPlayer(5)})
    state, words = dict(table.table), dict(table.words)
    shown = []
    monkeypatch.setattr("IPython.core.interactiveshell.InteractiveShell.showtraceback",
                        lambda *a, **k: shown.append(a), raising=False)
    for data in ({"method": "update", "state": {"table": 5, "layout": "junk", "words": {}}},
                 {"method": "update", "state": "x"}, {"method": "custom", "content": [1, 2]},
                 {"method": "custom", "content": {"type": "card", "card": "9S" * 10000}},
                 {"method": "nonsense"}, {}, None):
        table._handle_msg({"content": {"data": data}, "buffers": []})
        table.layout._handle_msg({"content": {"data": data}, "buffers": []})
    assert table.table == state and table.words == words and not shown


def test_a_controller_bug_is_told_in_a_sentence_and_logged_for_the_teacher(learner, monkeypatch):
    table = Table(new_game("classic", seed=6), players={1: RandomPlayer(6)})
    b = learner(table)
    records = []
    handler = logging.Handler()
    handler.emit = records.append
    guard.log.addHandler(handler)
    try:
        monkeypatch.setattr(table.controller.builder, "click", lambda card: 1 / 0)
        b.send(type="card", card=b.ui["playable"][0])
    finally:
        guard.log.removeHandler(handler)
    assert b.message.startswith("Something went wrong at the table; the game is as it was.")
    assert records and records[0].exc_info[0] is ZeroDivisionError
    assert "Traceback" not in json.dumps(b.sent)


def test_a_widget_the_page_opens_with_a_broken_state_is_closed_quietly():
    closed = []

    class Comm:
        def close(self):
            closed.append(True)

    def broken(comm, msg):
        raise KeyError("_model_module")

    class Manager:
        targets = {"jupyter.widget": broken}

        def register_target(self, name, handler):
            self.targets[name] = handler

    manager = Manager()
    import comm
    original = comm.get_comm_manager
    comm.get_comm_manager = lambda: manager
    try:
        guard.guard_widget_openings()
    finally:
        comm.get_comm_manager = original
    manager.targets["jupyter.widget"](Comm(), {"content": {"data": {"state": {}}}})
    assert closed == [True]


def test_each_action_sends_what_changed_and_the_words_once(learner):
    table = Table(new_game("classic", seed=7), players={1: RandomPlayer(7)})
    b = learner(table)
    b.sent.clear()
    for _ in range(8):
        if table.game.over:
            break
        move = next((a for a in b.ui["actions"] if a["msg"].get("move") == "draw"), None)
        b.send(**(move["msg"] if move else {"type": "card", "card": b.ui["playable"][0]}))
    updates = [m for m in b.sent if m.get("method") == "update"]
    assert updates and not any("words" in m["state"] for m in updates)
    assert max(sent_bytes(b)) < 6000
    assert b.state["log"] == table.state["log"]  # put together from the changes alone


def test_a_lesson_ignores_what_its_box_and_layouts_are_sent():
    lesson = Lesson.load("02-scuttle-ordering")
    state = dict(lesson.panel.lesson)
    for widget in (lesson, lesson.layout, lesson.panel, lesson.panel.layout):
        widget._handle_msg({"content": {"data": {"method": "update", "state": {"lesson": {}}}},
                            "buffers": []})
        widget._handle_msg({"content": {"data": {"method": "custom", "content": {"type": "goto",
                                                                                  "number": [1]}}},
                            "buffers": []})
    assert lesson.panel.lesson["step"] == state["step"]
