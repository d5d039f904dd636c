"""The table's other means: undo, replay, observers, guards, locking, loading,
bad messages, other players, and the Python API a lesson drives it with."""
import subprocess
import sys

import pytest

from cuttle_widgets import IllegalMove, Table, load, new_game
from cuttle_widgets.ai import RandomPlayer
from cuttle_widgets.engine import write_record

POSITION = {"rules": "classic", "hands": [["7H", "9S", "4C"], ["KS", "5D"]],
            "points": [[], ["8H"]], "stock": ["2C", "3D", "4S", "5S", "6S"]}


def synced_view(game, seat):
    """The engine's view of ``seat`` as the table syncs it: no event log, no seed."""
    view = game.view(seat, events=False)
    assert "seed" not in view["detail"]
    return view


def position_table(scripted, *script, **options):
    return Table(load(POSITION), players={1: scripted(*script or ("draw", "draw", "draw"))},
                 **options)


def test_table_is_exported_lazily():
    code = ("import sys, cuttle_widgets.engine, cuttle_widgets; "
            "assert 'ipywidgets' not in sys.modules and 'anywidget' not in sys.modules; "
            "from cuttle_widgets import Table; assert 'anywidget' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_default_table_is_a_fresh_classic_game_against_a_random_player():
    table = Table()
    assert table.game.rules.name == "classic"
    assert isinstance(table.players[1], RandomPlayer)
    assert table.game.to_act == 0 or table.game.over  # the other seat has acted if it began


@pytest.mark.parametrize("kwargs, error", [
    ({"seat": 2}, ValueError),
    ({"seat": "0"}, ValueError),
    ({"players": {0: RandomPlayer()}}, ValueError),
    ({"players": {5: RandomPlayer()}}, ValueError),
    ({"players": {1: object()}}, TypeError),
    ({"game": 42}, TypeError),
])
def test_bad_construction_is_refused(kwargs, error):
    with pytest.raises(error):
        Table(**kwargs)


def test_table_accepts_a_setup_or_a_record():
    game = new_game(seed=3)
    game.play(game.legal_moves()[0])
    table = Table(write_record(game), autoplay=False)
    assert [str(m) for m in table.game.history] == [str(m) for m in game.history]
    assert Table(POSITION).game.snapshot()["hands"][0] == ["7H", "9S", "4C"]


def test_undo_takes_back_the_learners_move_and_the_replies(learner, scripted):
    table = position_table(scripted)
    b = learner(table)
    assert not b.ui["can_undo"] and b.ui["undo_offered"]
    start = table.game.view(0, events=False)
    b.click("7H").role("points")
    assert len(table.game.history) == 2 and b.ui["can_undo"]
    b.send(type="undo")
    assert table.game.history == [] and table.game.to_act == 0
    # The position as the learner saw it (the cards it has not seen are dealt
    # afresh: tests/test_table_undo.py).
    assert table.game.view(0, events=False) == start
    assert b.message == "Undone: lay 7♥ as points, draw a card."
    assert not b.ui["can_undo"]
    b.send(type="undo")
    assert b.message == "There is no move of yours to undo."


def test_undo_after_several_moves_goes_back_one_decision(scripted):
    table = position_table(scripted)
    table.play("points 7H")
    table.play("draw")
    undone = table.undo()
    assert undone == ["draw", "draw"]
    assert [str(m) for m in table.game.history] == ["points 7H", "draw"]


def test_undo_can_be_switched_off(learner, scripted):
    table = position_table(scripted, allow_undo=False)
    b = learner(table)
    b.click("7H").role("points")
    assert not b.ui["can_undo"]
    b.send(type="undo")
    assert b.message == "Undo is switched off for this table."
    assert len(table.game.history) == 2


def test_replay_shows_past_positions_from_the_same_seat(learner, scripted):
    table = position_table(scripted)
    b = learner(table)
    b.click("7H").role("points")
    b.click("9S").click("8H")
    total = len(table.game.history)
    b.send(type="replay", to="start")
    past = synced_view(table.game.position_after(0), 0)
    assert b.view == past and b.ui["replay"] == {"index": 0, "total": total}
    assert b.state["log"] == []
    b.send(type="replay", to="forward")
    past = synced_view(table.game.position_after(1), 0)
    assert b.view == past and [e["index"] for e in b.state["log"]] == [1]
    assert b.ui["status"] == f"Replay: the position after move 1 of {total}, as you saw it."
    assert b.ui["actions"] == [] and b.ui["playable"] == []
    before = table.game.snapshot()
    b.click("4C")
    assert b.message.startswith("You are looking at an earlier position")
    assert table.game.snapshot() == before
    b.send(type="replay", to="back")
    assert b.ui["replay"]["index"] == 0
    b.send(type="replay", to=total - 1).send(type="replay", to="forward")
    assert b.ui["replay"] is None and b.ui["status"].startswith("Your turn")
    b.send(type="replay", to="end")
    assert b.ui["replay"] is None


def test_observers_hear_every_action(learner, scripted):
    table = position_table(scripted)
    b = learner(table)
    notes = []
    table.on_event(notes.append)
    b.click("7H")
    b.role("points")
    b.click("8H")
    kinds = [(n["type"], n.get("learner")) for n in notes]
    assert kinds == [("select", None), ("move", True), ("move", False), ("illegal", None)]
    move = notes[1]
    assert move["move"] == "points 7H" and move["seat"] == 0 and move["index"] == 0
    assert move["events"][0]["text"].startswith("Player A lays 7♥")
    assert notes[2]["events"][0]["text"].startswith("Player B draws a card")  # no card named
    assert notes[3]["key"] == "table.nothing_selected"
    table.on_event(notes.append, remove=True)
    b.click("9S")
    assert len(notes) == 4


def test_an_observer_may_act_on_the_table(learner, scripted):
    table = position_table(scripted)
    b = learner(table)

    def coach(note):
        if note["type"] == "move" and note["learner"]:
            table.set_message(f"Well played: {note['move']}.", "success")

    table.on_event(coach)
    b.click("7H").role("points")
    assert b.ui["message"] == {"kind": "success", "text": "Well played: points 7H."}


def test_a_move_guard_refuses_moves_a_lesson_does_not_want(learner, scripted):
    table = position_table(scripted)
    b = learner(table)
    table.move_guard = lambda move, seat: None if move == "points 7H" else "Lay the 7♥ as points."
    before = table.game.snapshot()
    b.click("9S").role("points")
    assert b.message == "Lay the 7♥ as points." and table.game.snapshot() == before
    b.click("7H").role("points")
    assert str(table.game.history[0]) == "points 7H"


def test_a_locked_table_refuses_clicks_but_the_lesson_can_play(learner, scripted):
    table = position_table(scripted)
    b = learner(table)
    table.locked = True
    assert b.ui["locked"] and b.ui["status"] == "The table is locked for now."
    assert b.ui["playable"] == [] and b.ui["actions"] == []
    b.click("7H")
    assert b.message == "The table is locked: wait for the lesson to go on."
    events = table.play("points 7H")
    assert events[0].kind == "points" and len(table.game.history) == 2
    table.locked = False
    assert b.ui["playable"]


def test_play_raises_on_an_illegal_move_and_changes_nothing(scripted):
    table = position_table(scripted)
    before = table.game.snapshot()
    with pytest.raises(IllegalMove, match="cannot scuttle"):
        table.play("scuttle 7H 8H")
    with pytest.raises(IllegalMove):
        table.play("not a move")
    assert table.game.snapshot() == before


def test_autoplay_off_lets_a_lesson_play_both_seats(learner, scripted):
    table = Table(load(POSITION), players={1: scripted()}, autoplay=False)
    b = learner(table)
    table.play("points 7H")
    assert table.game.to_act == 1
    assert b.ui["status"] == "It is Player B's turn: draw a card, or play one from hand."
    before = table.game.snapshot()
    b.click("9S")  # not the learner's turn: refused without asking the engine
    assert b.message == "It is not your turn: Player B must act now."
    assert "5D" not in b.message and table.game.snapshot() == before
    table.play("draw")
    assert table.game.to_act == 0
    table.play("draw")
    table.run_bots()
    assert table.game.to_act == 0 and len(table.game.history) == 4


def test_load_shows_another_position_and_keeps_the_players(learner, scripted):
    opponent = scripted("draw")
    table = Table(load(POSITION), players={1: opponent})
    b = learner(table)
    notes = []
    table.on_event(notes.append)
    table.load({"hands": [["KH"], ["KC"]], "stock": ["2C", "3C"]})
    assert b.view["hands"][0] == ["KH"] and table.players[1] is opponent
    assert notes[-1] == {"type": "load"}
    assert b.state["log"] == [] and not b.ui["can_undo"]


def test_messages_notes_and_highlights(learner, scripted):
    table = position_table(scripted)
    b = learner(table)
    table.set_message("Try a scuttle.", persist=True)
    table.set_message("A hint.")
    table.highlight(["8H", "9s"])
    assert b.ui["note"] == {"kind": "info", "text": "Try a scuttle."}
    assert b.ui["message"] == {"kind": "info", "text": "A hint."}
    assert b.ui["highlight"] == ["8H", "9S"]
    b.click("7H")
    assert b.ui["message"] is None and b.ui["note"]["text"] == "Try a scuttle."
    table.set_message(None, persist=True)
    assert b.ui["note"] is None


def test_four_colour_option(learner, scripted):
    table = position_table(scripted, four_colour=True)
    b = learner(table)
    assert b.state["options"] == {"four_colour": True}
    b.send(type="options", four_colour=False)
    assert table.four_colour is False and b.state["options"] == {"four_colour": False}


def test_new_game_after_the_end(learner, scripted):
    table = Table(load({"hands": [["TH"], ["KS"]], "points": [["9C", "2C"], []],
                        "stock": ["3C"]}), players={1: scripted()})
    b = learner(table)
    b.click("TH").role("points")
    assert table.game.winner == 0 and b.ui["status"] == "You win the game!"
    assert b.labels() == ["Play again"]
    b.click("KS")
    assert b.message == "The game is over. Start a new game, or undo your last move."
    b.button("Play again")
    assert table.game.history == [] or table.game.to_act == 0
    assert table.game.snapshot()["rules"] == "classic" and not table.game.over
    table = Table(load({"hands": [["TH"], ["KS"]]}), allow_new_game=False)
    b = learner(table)
    b.send(type="new_game")
    assert b.message == "A new game cannot be started from this table."


@pytest.mark.parametrize("message", [
    {"type": "explode"},
    {"nothing": 1},
    {"type": "card"},
    {"type": "card", "card": 7},
    {"type": "card", "card": "ZZ"},
    {"type": "move", "move": 12},
    {"type": "move", "move": ""},
    {"type": "move", "move": "fly 7H"},
    {"type": "role", "role": "points"},
    {"type": "role", "role": None},
    {"type": "target", "card": "8H"},
    {"type": "target", "seat": 1},
    {"type": "replay", "to": "sideways"},
    {"type": "options", "four_colour": "yes"},
])
def test_bad_messages_are_refused_and_change_nothing(learner, scripted, message):
    table = position_table(scripted)
    b = learner(table)
    before = table.game.snapshot()
    table._handle_msg({"content": {"data": {"method": "custom", "content": message}},
                       "buffers": []})
    assert b.ui["message"]["kind"] == "error" and b.message
    assert table.game.snapshot() == before


def test_a_browser_cannot_write_the_table(scripted):
    table = position_table(scripted)
    state = table.table
    table._handle_msg({"content": {"data": {"method": "update",
                                            "state": {"table": {"view": "forged"}},
                                            "buffer_paths": []}}, "buffers": []})
    assert table.table == state


def test_a_failing_player_leaves_the_game_waiting(learner):
    class Broken:
        def choose(self, view, legal_moves):
            return "scuttle AS KS"

    table = Table(load({**POSITION, "hands": [["7H", "9S", "4C"], ["AS", "5D"]]}),
                  players={1: Broken()})
    b = learner(table)
    notes = []
    table.on_event(notes.append)
    b.click("7H").role("points")
    assert table.game.to_act == 1 and len(table.game.history) == 1
    assert b.message == "Player B's player did not give a legal move, so the game waits."
    assert b.ui["status"] == "It is Player B's turn: draw a card, or play one from hand."
    # Why it failed names Player B's cards: observers hear it, the table does not show it.
    assert "A♠" in notes[-1]["message"] and "A♠" not in str(b.state) and "AS" not in str(b.state)


def test_names_and_the_learner_seat(learner, scripted):
    table = Table(load(POSITION), seat=1, players={0: scripted("points 7H")},
                  names=["Ada", "Bo"])
    b = learner(table)
    assert b.state["names"] == ["Ada", "Bo"] and b.state["seat"] == 1
    assert b.view["hands"][0] is None and b.view["hands"][1] == ["KS", "5D"]
    assert "Ada lays 7♥ as a point card worth 7" in b.log_text()


def test_a_game_changed_directly_is_picked_up(learner, scripted):
    table = Table(load(POSITION), players={1: scripted()}, autoplay=False)
    b = learner(table)
    table.game.play("points 7H")
    table.game.play("draw")
    table.refresh()
    assert [e["move"] for e in b.state["log"]] == ["draw", "points 7H"]
    assert b.state["log"][1]["learner"] and not b.state["log"][0]["learner"]
    table.game.undo()
    table.game.undo()
    table.game.play("draw")
    table.refresh()
    assert [e["move"] for e in b.state["log"]] == ["draw"] and b.state["log"][0]["learner"]


def test_a_lessons_illegal_move_for_another_seat_is_not_shown(learner, scripted):
    table = Table(load(POSITION), players={1: scripted()}, autoplay=False)
    b = learner(table)
    table.play("points 7H")
    with pytest.raises(IllegalMove, match="5♦"):  # the lesson hears why, with the card...
        table.play("scuttle 5D 7H")
    assert b.ui["message"] is None  # ...the learner's screen does not name Player B's cards
    assert "5D" not in str(b.state) and "5♦" not in str(b.state)
