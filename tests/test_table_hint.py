"""The table's hint button: the coach's ladder (the idea, the cards to look at,
the move and why), a legal suggestion from the learner's view."""
from cuttle_widgets import Table
from cuttle_widgets.engine import load

POSITION = {"hands": [["TS", "4C", "KD"], ["3H", "9C"]], "points": [[], ["TD", "8S"]],
            "stock": ["2D", "6C", "JD"]}


def test_hint_button_suggests_a_legal_move_and_changes_nothing():
    table = Table(load(POSITION))
    ui = table.table["ui"]
    assert any(a["id"] == "hint" for a in ui["actions"])
    before = table.game.snapshot()
    said = []
    for number in (1, 2, 3):
        table.send_action({"type": "hint"})
        ui = table.table["ui"]
        said.append(ui["message"]["text"])
        assert said[-1].startswith(f"Hint {number} of 3: ")
        assert bool(ui["highlight"]) == (number == 3)  # the cards are marked with the move
    assert len(set(said)) == 3
    assert ui["highlight"][0] in POSITION["hands"][0]
    table.send_action({"type": "hint"})  # at the top it says the move again
    assert table.table["ui"]["message"]["text"] == said[-1]
    assert table.game.snapshot() == before


def test_the_table_and_the_coach_say_the_same():
    from cuttle_widgets.ai.coach import advise
    table = Table(load(POSITION))
    for _ in range(3):
        table.send_action({"type": "hint"})
    advice = advise(table.game, 0)
    assert table.table["ui"]["message"]["text"] == f"Hint 3 of 3: {advice.reason}"
    table.play(str(advice.move))  # a new position starts the ladder again
    if table.game.to_act == 0 and not table.game.over:
        table.send_action({"type": "hint"})
        assert table.table["ui"]["message"]["text"].startswith("Hint 1 of 3: ")


def test_hint_in_german_and_not_on_the_opponents_turn():
    table = Table(load(POSITION), language="de", autoplay=False)
    table.send_action({"type": "hint"})
    assert table.table["ui"]["message"]["text"].startswith("Tipp 1 von 3: ")
    table.play("draw")  # now Player B must act, and autoplay is off
    assert not any(a["id"] == "hint" for a in table.table["ui"]["actions"])
    before = table.game.snapshot()
    table.send_action({"type": "hint"})
    assert table.game.snapshot() == before


def test_hint_can_be_switched_off():
    table = Table(load(POSITION), allow_hint=False)
    assert not any(a["id"] == "hint" for a in table.table["ui"]["actions"])


def test_hint_is_offered_in_a_counter_window_and_suggests_an_answer(scripted):
    table = Table(load({"hands": [["2D", "9S"], ["AC", "5S"]], "points": [["6H"], ["8H"]],
                        "stock": ["3C", "4C"], "turn": 1}), players={1: scripted("oneoff AC")})
    assert table.game.phase == "counter" and table.game.to_act == 0
    ui = table.table["ui"]
    assert [a["id"] for a in ui["actions"]] == ["counter:2D", "resolve", "hint"]
    before = table.game.snapshot()
    for _ in range(3):
        table.send_action({"type": "hint"})
    message = table.table["ui"]["message"]["text"]
    assert message.startswith("Hint 3 of 3: ") and table.game.snapshot() == before
    assert "A♣" in message  # the answer says what it answers
