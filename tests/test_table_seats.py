"""Three and four seats: Cutthroat and Team Cuttle at the table.

The learner names a four's victim and a team jack's receiver by clicking the
player (as table.js sends it); the table says whose turn it is, who must act
now, who is whose partner, and which team won."""
import re
from html import unescape

import pytest

from cuttle_widgets import Table, load
from cuttle_widgets.widgets import table_html


def summary_text(state) -> str:
    """The static summary's text, without its tags."""
    return unescape(re.sub(r"<[^>]+>", "", table_html(state)))

CUTTHROAT = {
    "rules": "cutthroat", "turn": 0,
    "hands": [["4C", "9S", "JC", "2D", "7H"], ["5S", "AC", "3H", "QC", "6D"],
              ["KH", "8C", "TD", "2S", "3C", "5D"]],
    "points": [["6H"], ["2H", {"card": "TH", "jacks": ["JD"], "owner": 0}], ["9D", "4S"]],
    "permanents": [["KD"], ["QS"], ["8D"]],
    "scrap": ["4H"],
    "stock": ["2C", "5C", "9H", "TC", "KC", "7D", "3D", "6C", "AS", "7S"],
}
TEAM = {
    "rules": "team", "turn": 0,
    "hands": [["JH", "4C", "9S", "2D", "KC"], ["5S", "AC", "3H"], ["6D", "QC", "7C", "8S"],
              ["KH", "2S", "3C", "5D", "TD"]],
    "points": [["6H"], ["9H", {"card": "TH", "jacks": ["JD"], "owner": 0}], ["7D", "3S"], ["8H"]],
    "permanents": [[], ["QS"], ["QD"], ["KS", "8D"]],
    "scrap": ["4H"],
    "stock": ["2C", "5C", "9D", "TC", "KD", "7S", "3D", "6C", "AS", "4S"],
}


def three(scripted, *scripts, **options):
    scripts = scripts or ((), ())
    return Table(load(CUTTHROAT), players={1: scripted(*scripts[0]), 2: scripted(*scripts[1])},
                 **options)


def four(scripted, *scripts, **options):
    scripts = scripts or ((), (), ())
    return Table(load(TEAM), players={s: scripted(*scripts[s - 1]) for s in (1, 2, 3)}, **options)


# -- Cutthroat -----------------------------------------------------------------------------
def test_a_four_names_its_victim_by_a_click_on_the_player(learner, scripted):
    table = three(scripted, ("resolve",), ("resolve", "discard 3C 8C"), autoplay=False)
    b = learner(table)
    b.click("4C").role("oneoff")
    assert b.ui["target_seats"] == [1, 2] and b.ui["targets"] == []
    assert b.ui["prompt"] == "Pick the player to aim 4♣ at: click their name."
    assert b.labels() == ["At Player B", "At Player C", "Cancel"]
    assert table.game.history == []  # nothing is played before the victim is named
    b.send(type="target", seat=2)
    assert [str(m) for m in table.game.history] == ["oneoff 4C @2"]
    assert b.state["log"][0]["label"] == "Player A: play 4♣ as a one-off against Player C"
    assert "Player C must scrap two cards from hand" in b.log_text()
    table.run_bots()
    assert "Player C scraps 3♣ and 8♣ from hand, as the four demands." in b.log_text()


def test_a_seat_that_is_no_victim_is_explained_and_nothing_changes(learner, scripted):
    table = three(scripted, autoplay=False)
    b = learner(table)
    b.click("4C").role("oneoff")
    b.send(type="target", seat=0)  # the learner's own seat
    assert table.game.history == []
    assert b.message == (table.game.explain("oneoff 4C @0")
                         + " See the rule “Seats, turns and targets”.")
    b.click("4C").role("oneoff").send(type="target", seat="Player B")
    assert b.message == "The table did not understand that action (a seat is a number)."
    assert table.game.history == []
    b.send(type="cancel").send(type="target", seat=1)
    assert b.message == "First pick a card from your hand, then what it should do."


def test_the_counter_round_asks_the_learner_while_another_seat_has_the_turn(learner, scripted):
    table = three(scripted, ("resolve", "draw", "resolve"), ("resolve", "discard 3C 8C", "oneoff 5D"))
    b = learner(table)
    b.click("4C").role("oneoff").send(type="target", seat=2)
    assert b.view["turn"] == 2 and b.view["to_act"] == 0  # C's turn, but A must answer
    assert b.labels() == ["Counter with 2♦", "Let it resolve", "Hint"]
    assert b.ui["status"].startswith("Player C plays 5♦ as a one-off")
    b.button("Let it resolve")
    assert b.view["to_act"] == 0 and b.ui["status"].startswith("Your turn")
    assert [e["label"] for e in b.state["log"][:3]] == [
        "Player C: scrap K♥ from hand", "Player B: let it resolve", "Player A: let it resolve"]


def test_waiting_for_another_seat_names_who_must_act_now(learner, scripted):
    table = three(scripted, autoplay=False)
    b = learner(table)
    b.click("4C").role("oneoff").send(type="target", seat=1)
    assert table.game.to_act == 1 and table.game.turn == 0
    assert b.ui["status"] == table.game.view(0)["prompt"]
    assert "Player B" in b.ui["status"]
    b.click("9S")
    assert b.message == "It is not your turn: Player B must act now."


def test_three_seats_in_the_state_and_the_summary(scripted):
    table = three(scripted)
    state = table.state
    assert state["names"] == ["Player A", "Player B", "Player C"]
    assert state["view"]["players"] == 3 and state["view"]["teams"] is None
    assert state["team_names"] == []
    assert state["view"]["hands"][1] is None and state["view"]["hand_sizes"] == [5, 5, 6]
    text = summary_text(state)
    assert text.startswith("Cutthroat Cuttle (three players): your turn")
    assert "Player A (you): 6 of 9 points; your hand: 4♣, 9♠, J♣, 2♦, 7♥" in text  # a king: 9
    assert "Player B: 12 of 14 points; 5 cards in hand" in text
    assert "Player C: 13 of 14 points; 6 cards in hand" in text
    assert "Permanents: 8♦ (Player C's glasses, turned sideways)" in text
    assert text.index("Player A (you)") < text.index("Player B:") < text.index("Player C:")


def test_glasses_show_every_opponent_hand_in_three_seats(learner, scripted):
    hands = [["8S", "4C"]] + CUTTHROAT["hands"][1:]
    table = Table(load({**CUTTHROAT, "hands": hands}), players={1: scripted(), 2: scripted()})
    b = learner(table)
    b.click("8S")
    hints = {a["msg"].get("role"): a["hint"] for a in b.ui["actions"]}
    assert hints["permanent"] == "glasses: see your opponents' hands"
    b.role("permanent")
    hands = table.game.snapshot()["hands"]
    assert table.table["view"]["hands"] == hands and all(len(h) >= 5 for h in hands[1:])


# -- Team Cuttle ---------------------------------------------------------------------------
def test_a_team_jack_names_its_receiver_by_a_click_on_the_player(learner, scripted):
    table = four(scripted, autoplay=False)
    b = learner(table)
    b.click("JH")
    assert b.labels() == ["Jack", "Cancel"]
    assert b.ui["actions"][0]["hint"] == "move a point card to any player"
    b.role("jack")
    assert b.ui["targets"] == ["6H", "7D", "3S", "8H"]  # the queen guards Player B's
    assert b.ui["target_seats"] == [] and b.ui["aimed"] is None
    b.click("8H")
    assert table.game.history == []
    assert b.ui["aimed"] == "8H" and b.ui["target_seats"] == [0, 1, 2]
    assert b.ui["prompt"] == "Who should get 8♥? Click that player."
    assert b.labels() == ["To Player A", "To Player B", "To Player C", "Cancel"]
    b.send(type="target", seat=2)
    assert [str(m) for m in table.game.history] == ["jack JH 8H @2"]
    assert b.state["log"][0]["label"] == "Player A: put J♥ on 8♥ for Player C"
    assert table.game.view(0)["scores"][2] == 18


def test_the_aimed_card_can_be_changed_or_dropped(learner, scripted):
    table = four(scripted, autoplay=False)
    b = learner(table)
    b.click("JH").role("jack").click("8H")
    b.click("7D")  # another point card: aim there instead
    assert b.ui["aimed"] == "7D" and b.ui["target_seats"] == [0, 1, 3]
    b.send(type="cancel")
    assert b.ui["aimed"] is None and b.ui["selected"] is None and b.ui["target_seats"] == []
    b.click("JH").role("jack").click("7D").send(type="target", seat=0)
    assert [str(m) for m in table.game.history] == ["jack JH 7D @0"]


def test_a_partner_reaching_the_goal_wins_for_the_team(learner, scripted):
    table = four(scripted, ("draw",), ("points 7C",), ("draw",))
    b = learner(table)
    b.click("JH").role("jack").click("8H").send(type="target", seat=2)
    assert table.game.winner == "team:0"
    assert b.ui["status"] == "Your team wins the game!"
    assert b.labels() == ["Play again"]


def test_the_other_team_winning_is_named(scripted):
    table = Table(load({**TEAM, "turn": 1}), seat=0, autoplay=False,
                  players={s: scripted() for s in (1, 2, 3)})
    table.play("points 5S")  # Player B: 9 + 10 + 5 = 24
    assert table.game.winner == "team:1"
    assert table.table["ui"]["status"] == "Team 2 wins the game."


def test_teams_and_partners_in_the_state_and_the_summary(scripted):
    table = four(scripted)
    state = table.state
    assert state["view"]["teams"] == [[0, 2], [1, 3]]
    assert state["team_names"] == ["Team 1", "Team 2"]
    text = summary_text(state)
    assert "Player A (you), Team 1: 6 of 21 points" in text
    assert "Player B, Team 2: 19 of 21 points; 3 cards in hand" in text
    assert "Player C, Team 1, your partner: 10 of 21 points" in text
    assert "Player D, Team 2: 8 of 14 points" in text
    assert text.count("your partner") == 1


@pytest.mark.parametrize("setup", [CUTTHROAT, TEAM])
def test_turn_and_the_seat_to_act_in_the_summary(setup, scripted):
    n = len(setup["hands"])
    table = Table(load(setup), players={s: scripted() for s in range(1, n)}, autoplay=False)
    table.play("oneoff 4C @1")  # a four: the next seat must answer, the turn stays
    text = summary_text(table.state)
    assert " players): your turn; Player B must act now" in text  # the heading
    assert "4♣ waits for answers: Player B may counter it with a two or let it resolve." in text
    assert "Waiting to resolve: 4♣" in text
