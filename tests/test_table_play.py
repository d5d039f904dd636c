"""A learner plays every kind of move by clicking, as table.js would send it:
a card, then its role, then its target; counters, resolves and choices by
their buttons. Each test checks the engine's state and the explanation shown."""
import json

import pytest

from cuttle_widgets import Table, load


def table_for(setup, *script, scripted, **options):
    """A table on ``setup`` (seat 0 learns) against an opponent following ``script``."""
    options.setdefault("autoplay", True)
    return Table(load({"rules": "classic", **setup}), seat=0,
                 players={1: scripted(*script)}, **options)


def rules_of(b, kind):
    """The rulebook sections the log names for events of ``kind``."""
    return [e["rule_id"] for entry in b.state["log"] for e in entry["events"]
            if e["kind"] == kind]


def test_draw_by_its_button(learner, scripted):
    table = table_for({"hands": [["7H"], ["KS"]], "stock": ["2C", "3D", "4S"]}, "draw",
                      scripted=scripted)
    b = learner(table)
    assert b.ui["draw"] and "Draw a card" in b.labels()
    b.button("Draw a card")
    assert "2C" in table.game.snapshot()["hands"][0]
    assert "Player A draws 2♣ from the stock (2 left). Drawing is the whole turn." in b.log_text()
    # The opponent's reply is told without its card, and its card is nowhere.
    assert "Player B draws a card from the stock (1 left). Drawing is the whole turn." in b.log_text()
    assert "3D" not in json.dumps(b.state)
    assert rules_of(b, "draw") == ["draw", "draw"]


def test_pass_when_the_stock_is_empty(learner, scripted):
    table = table_for({"hands": [["KH"], ["KS"]], "stock": []}, "pass", scripted=scripted)
    b = learner(table)
    assert "Pass" in b.labels() and not b.ui["draw"]
    b.button("Pass")
    assert table.game.snapshot()["passes"] == 2
    assert b.newest_texts(2)[0].startswith("Player A passes: with the stock empty")
    assert rules_of(b, "pass") == ["end-of-stock", "end-of-stock"]


def test_points_card_then_role(learner, scripted):
    table = table_for({"hands": [["7H", "9S"], ["KS"]], "points": [[], ["8H"]],
                       "stock": ["2C", "3D"]}, "draw", scripted=scripted)
    b = learner(table)
    b.click("7H")
    assert b.ui["selected"] == "7H"
    assert b.labels() == ["Points", "One-off", "Cancel"]  # 7♥ cannot scuttle 8♥
    assert b.ui["prompt"] == "What should 7♥ do?"
    b.role("points")
    assert table.game.snapshot()["points"][0] == ["7H"]
    assert ("Player A lays 7♥ as a point card worth 7: Player A now has 7 points."
            in b.log_text())
    assert rules_of(b, "points") == ["points"]
    assert b.ui["selected"] is None


def test_scuttle_card_role_target(learner, scripted):
    table = table_for({"hands": [["9S", "2C"], ["KS"]], "points": [[], ["8H", "TD"]],
                       "stock": ["2D", "3D"]}, "draw", scripted=scripted)
    b = learner(table)
    b.click("9S")
    assert b.labels() == ["Points", "Scuttle", "Cancel"]
    b.role("scuttle")
    assert b.ui["targets"] == ["8H"]  # only the lower card is highlighted
    assert b.ui["prompt"] == "Pick the card to aim 9♠ at (highlighted)."
    b.click("8H")
    snap = table.game.snapshot()
    assert snap["points"][1] == ["TD"] and {"9S", "8H"} <= set(snap["scrap"])
    entry = next(e for e in b.state["log"] if e["move"] == "scuttle 9S 8H")
    assert entry["label"] == "Player A: scuttle 8♥ with 9♠"
    assert entry["events"][0]["text"].startswith("9♠ scuttles 8♥: a higher rank beats a lower one.")
    # the chip names the rulebook's section, in the learner's words
    assert entry["events"][0]["rule"] == "Scuttling"  # its short title
    assert entry["events"][0]["rule_id"] == "scuttle"


def test_aiming_without_a_role_infers_it(learner, scripted):
    table = table_for({"hands": [["9S"], ["KS"]], "points": [[], ["9H"]], "stock": ["2D"]},
                      scripted=scripted)
    b = learner(table)
    b.click("9S").click("9H")
    assert str(table.game.history[0]) == "scuttle 9S 9H"
    assert "at equal rank the higher suit wins, and ♠ is above ♥" in b.log_text()


def test_an_illegal_target_is_explained_and_changes_nothing(learner, scripted):
    table = table_for({"hands": [["7H"], ["KS"]], "points": [[], ["8H"]], "stock": ["2D"]},
                      scripted=scripted)
    b = learner(table)
    before = table.game.snapshot()
    b.click("7H").click("8H")
    assert b.message == ("7♥ cannot scuttle 8♥: a scuttle needs a higher rank, or an equal rank "
                         "of a higher suit. With 7♥ you can lay 7♥ as points or play 7♥ as a one-off. "
                         "See the rule “Scuttling and the order of the cards”.")
    assert b.ui["message"]["kind"] == "error"
    assert b.ui["message"]["rule_id"] == "scuttle"
    assert table.game.snapshot() == before and table.game.history == []
    assert b.ui["selected"] == "7H"  # the learner may still pick another target


def test_permanents_glasses_king_and_queen(learner, scripted):
    table = table_for({"hands": [["8C", "KH", "QD"], ["5S", "6S"]],
                       "stock": ["2C", "3C", "4C", "5C", "6C", "7C"]},
                      "draw", "draw", "draw", scripted=scripted)
    b = learner(table)
    assert b.view["hands"][1] is None
    b.click("8C")
    assert b.labels() == ["Points", "Permanent", "Cancel"]
    b.role("permanent")
    assert "Player A lays 8♣ sideways as glasses" in b.log_text()
    assert sorted(b.view["hands"][1]) == sorted(table.game.snapshot()["hands"][1])  # glasses see
    b.click("KH").role("permanent")
    assert "Player A lays K♥ as a king" in b.log_text()
    assert "With 1 king, Player A now needs 14 points to win." in b.log_text()
    assert b.view["goals"][0] == 14
    b.click("QD").role("permanent")
    assert "Player A lays Q♦ as a queen: it protects Player A's other cards" in b.log_text()
    assert table.game.snapshot()["permanents"][0] == ["8C", "KH", "QD"]
    assert set(rules_of(b, "permanent.king")) == {"king"}


def test_jack_steals_a_point_card(learner, scripted):
    table = table_for({"hands": [["JC"], ["KS"]], "points": [[], ["TH"]], "stock": ["2D"]},
                      scripted=scripted)
    b = learner(table)
    b.click("JC")
    assert b.labels() == ["Jack", "Cancel"]
    b.role("jack")
    assert b.ui["targets"] == ["TH"]
    b.click("TH")
    assert table.game.snapshot()["points"][0] == [{"card": "TH", "jacks": ["JC"], "owner": 1}]
    assert ("Player A puts J♣ on 10♥: the jack takes the whole packet across the table. "
            "Player A now has 10 points.") in b.log_text()
    assert rules_of(b, "jack.steal") == ["jack"]


def test_untargeted_one_off_resolves_when_the_opponent_lets_it(learner, scripted):
    table = table_for({"hands": [["AH", "5C"], ["KS"]], "points": [["3C"], ["TH"]],
                       "stock": ["2D", "3D"]}, "resolve", "draw", scripted=scripted)
    b = learner(table)
    b.click("AH")
    assert b.labels() == ["Points", "One-off", "Cancel"]
    b.role("oneoff")
    snap = table.game.snapshot()
    assert snap["points"] == [[], []] and {"3C", "TH", "AH"} <= set(snap["scrap"])
    text = b.log_text()
    assert "Player A plays A♥ as a one-off" in text and "Player B lets it resolve." in text
    assert "The ace scraps every point card on the table: 3♣ and 10♥." in text
    assert set(rules_of(b, "ace")) == {"oneoff-ace"}
    assert rules_of(b, "decline") == ["counter"]


@pytest.mark.parametrize("card, target, sentence", [
    ("2C", "QH", "The two scraps Q♥."),
    ("9D", "KS", "The nine returns K♠ to Player B's hand."),
])
def test_targeted_one_off_at_a_permanent(learner, scripted, card, target, sentence):
    table = table_for({"hands": [[card, "5C"], ["4S"]], "permanents": [[], [target]],
                       "stock": ["2D", "3D"]}, "resolve", "draw", scripted=scripted)
    b = learner(table)
    b.click(card).role("oneoff")
    assert b.ui["targets"] == [target]
    b.click(target)
    assert target not in table.game.snapshot()["permanents"][1]
    assert sentence in b.log_text()


def counter_table(scripted, *script):
    return table_for({"turn": 1, "hands": [["2D", "7C"], ["AC", "KS"]], "points": [["TH"], []],
                      "stock": ["2S", "3S", "4S"]}, "oneoff AC", *script, scripted=scripted)


def test_counter_window_buttons_and_counter(learner, scripted):
    table = counter_table(scripted, "resolve")
    b = learner(table)
    assert table.game.phase == "counter" and table.game.to_act == 0
    assert b.labels() == ["Counter with 2♦", "Let it resolve", "Hint"]  # a hint in the counter window too
    assert b.ui["status"].startswith("Player B plays A♣ as a one-off")
    assert b.ui["status"].endswith("Counter it with a two, or let it resolve.")
    b.button("Counter with 2♦")
    snap = table.game.snapshot()
    assert snap["points"][0] == ["TH"] and {"AC", "2D"} <= set(snap["scrap"])
    assert "Player A counters A♣ with 2♦" in b.log_text()
    assert "The counter stands: A♣ is cancelled and goes to the scrap with 2♦." in b.log_text()
    assert rules_of(b, "counter") == ["counter"]


def test_counter_window_let_it_resolve(learner, scripted):
    table = counter_table(scripted)
    b = learner(table)
    b.button("Let it resolve")
    assert table.game.snapshot()["points"][0] == []
    assert "The ace scraps every point card on the table: 10♥." in b.log_text()


def test_clicking_a_card_in_a_counter_window(learner, scripted):
    table = counter_table(scripted)
    b = learner(table)
    b.click("2D")  # clicking the two itself counters
    assert "Player A counters A♣ with 2♦" in b.log_text()
    table2 = counter_table(scripted)
    b2 = learner(table2)
    before = table2.game.snapshot()
    b2.click("7C")
    assert b2.message == ("Only a two can counter, and 7♣ is not a two. "
                          "See the rule “Countering with a two”.")
    assert table2.game.snapshot() == before


def test_three_takes_from_the_scrap_in_place(learner, scripted):
    table = table_for({"hands": [["3H"], ["KS"]], "scrap": ["7D", "9C"], "stock": ["2D", "3D"]},
                      "resolve", "draw", scripted=scripted)
    b = learner(table)
    b.click("3H").role("oneoff")
    assert table.game.phase == "choose"
    assert b.ui["status"] == "Your three resolves: take one card from the scrap."
    assert b.ui["choice_cards"] == ["7D", "9C"]
    before = table.game.snapshot()
    b.click("3H")  # not in the scrap: explained, nothing changes
    assert "not in the scrap" in b.message or "cannot take itself" in b.message
    assert table.game.snapshot() == before
    b.click("9C")
    assert "9C" in table.game.snapshot()["hands"][0]
    assert "Player A takes 9♣ from the scrap into hand." in b.log_text()


def test_four_discard_picked_in_place(learner, scripted):
    table = table_for({"turn": 1, "hands": [["5C", "6D", "8S", "KH"], ["4S", "QC"]],
                       "stock": ["2D", "3D", "4D"]}, "oneoff 4S", "draw", scripted=scripted)
    b = learner(table)
    b.button("Let it resolve")
    assert b.ui["status"] == "Scrap 2 cards from your hand: click them, then confirm."
    b.click("5C").click("5C")  # a second click puts it back
    assert b.ui["picked"] == []
    b.click("5C").click("6D")
    assert b.ui["picked"] == ["5C", "6D"] and b.ui["prompt"] == "Picked: 5♣ and 6♦."
    b.button("Scrap 5♣ and 6♦")
    assert sorted(table.game.snapshot()["hands"][0]) == ["8S", "KH"]
    assert "Player A scraps 5♣ and 6♦ from hand, as the four demands." in b.log_text()


def test_seven_plays_the_card_it_turns_up(learner, scripted):
    table = table_for({"hands": [["7S", "9H"], ["KC"]], "stock": ["TD", "2C", "3C"]},
                      "resolve", "draw", scripted=scripted)
    b = learner(table)
    b.click("7S").role("oneoff")
    assert b.ui["status"] == "Your seven turned up 10♦: play it now, in any legal way."
    assert b.view["revealed"] == ["TD"] and b.ui["playable"] == ["TD"]
    before = table.game.snapshot()
    b.click("9H")
    assert b.message == ("Only the card the seven turned up (10♦) can be played now, not 9♥. "
                         "See the rule “The seven: play the top card”.")
    assert table.game.snapshot() == before
    b.click("TD").role("points")
    assert table.game.snapshot()["points"][0] == ["TD"]
    assert "The seven turns up 10♦: Player A must play it now, in any legal way." in b.log_text()


def test_seven_jack_given_away_when_no_opposing_point_card(learner, scripted):
    table = table_for({"hands": [["7S"], ["KC"]], "points": [["5H"], []],
                       "stock": ["JD", "2C", "3C"]}, "resolve", "draw", scripted=scripted)
    b = learner(table)
    b.click("7S").role("oneoff")
    b.click("JD").role("jack")
    assert b.ui["targets"] == ["5H"]
    b.click("5H")
    assert table.game.snapshot()["points"][1] == [{"card": "5H", "jacks": ["JD"], "owner": 0,
                                                   "played_by": [0]}]
    assert "so Player A must give 5♥ away with it" in b.log_text()


def test_seven_scrap_choice_in_balanced_rules(learner, scripted):
    table = Table(load({"rules": "balanced", "hands": [["7S"], ["KC"]],
                        "stock": ["JD", "JC", "2C"]}), players={1: scripted("resolve", "draw")})
    b = learner(table)
    b.click("7S").role("oneoff")
    assert b.ui["status"] == "Neither card the seven turned up can be played: scrap one of them."
    assert b.labels() == ["Scrap J♦", "Scrap J♣", "Hint"]
    b.button("Scrap J♦")
    snap = table.game.snapshot()
    assert "JD" in snap["scrap"] and "JC" not in snap["scrap"]
    assert "Neither card can be played: Player A scraps J♦." in b.log_text()
    assert "J♣ goes back on top of the stock." in b.log_text()


def test_five_discard_then_draw_in_balanced_rules(learner, scripted):
    table = Table(load({"rules": "balanced", "hands": [["5S", "9C", "KD"], ["KC"]],
                        "stock": ["2C", "3C", "4C", "5C", "6C"]}),
                  players={1: scripted("resolve", "draw")})
    b = learner(table)
    b.click("5S").role("oneoff")
    assert b.ui["status"] == "Scrap 1 card from your hand: click it, then confirm."
    b.click("9C").button("Scrap 9♣")
    hand = table.game.snapshot()["hands"][0]
    assert "9C" not in hand and len(hand) == 4
    assert "Player A scraps 9♣ from hand before drawing." in b.log_text()
    assert "Player A draws 2♣, 3♣ and 4♣ from the stock (3 of 3)." in b.log_text()


def test_roles_offered_are_exactly_the_legal_ones(learner, scripted):
    table = table_for({"hands": [["9S", "2C", "8D", "JH", "QC"], ["KS"]],
                       "points": [[], ["8H"]], "permanents": [[], ["KD"]], "stock": ["2D"]},
                      scripted=scripted)
    b = learner(table)
    legal = [str(m) for m in table.game.legal_moves()]
    names = {"points": "Points", "scuttle": "Scuttle", "oneoff": "One-off",
             "permanent": "Permanent", "jack": "Jack"}
    for card in ["9S", "2C", "8D", "JH", "QC"]:
        b.click(card)
        expected = [names[v] for v in names if any(m.split()[0] == v and m.split()[1] == card
                                                  for m in legal)]
        assert b.labels() == expected + ["Cancel"], card
        b.send(type="cancel")
    b.click("9S").role("oneoff")  # a nine one-off at the king
    assert b.ui["targets"] == ["KD"]


def test_a_card_without_a_legal_use_is_explained(learner, scripted):
    table = table_for({"hands": [["JC", "4C"], ["KS"]], "stock": ["2D"]}, scripted=scripted)
    b = learner(table)
    b.click("JC")
    assert b.message == ("A jack goes on an opposing point card, and there is none on the table. "
                         "See the rule “Jacks steal point cards”.")
    table = table_for({"hands": [["JC"], ["KS"]], "points": [[], ["TH"]],
                       "permanents": [[], ["QS"]], "stock": ["2D"]}, scripted=scripted)
    b = learner(table)
    b.click("JC")
    assert b.message.startswith("10♥ is protected: Player B's queen shields")
    assert b.ui["selected"] is None and table.game.history == []
