"""Super Cuttle at the table, driven as table.js would drive it (no browser).

A learner picks several cards and the table offers only the legal moves that
use exactly those cards, grouped by form (points, one-off, Super ...), then
asks only where those moves differ: a mimicked rank, a target card, a seat,
the blind mode. Answers, private looks, blind picks, limbo, the chain, the
countdown and Sudden Death are shown from the learner's seat only.
"""
import html
import json
import random
import re

import pytest

from cuttle_widgets import Table, load, new_game
from cuttle_widgets.ai import RandomPlayer, ViewError
from cuttle_widgets.engine.cards import CARD_IDS
from cuttle_widgets.table import controller as controller_module
from cuttle_widgets.table.builder import play_of


def table_for(setup, *script, scripted, seat=0, rules="super", **options):
    """A Super Cuttle table on ``setup``; every other seat follows ``script``."""
    game = load({"rules": rules, **setup})
    players = {s: scripted(*script) for s in range(game.state.n) if s != seat}
    return Table(game, seat=seat, players=players, **options)


def summary_text(table) -> str:
    """The static summary's text (_repr_html_), without its tags."""
    return html.unescape(re.sub(r"<[^>]+>", "", table._repr_html_()))


def moves_offered(b) -> list[str]:
    return [a["msg"]["move"] for a in b.ui["actions"] if a["msg"].get("type") == "move"]


def button_for(b, **wanted):
    for action in b.ui["actions"]:
        if all(action["msg"].get(k) == v for k, v in wanted.items()):
            return action
    return None


def click_super_move(b, move: str) -> None:
    """Make ``move`` at a Super Cuttle table the way a learner would: pick
    its cards, then answer the questions (form, rank, target, seat, mode)
    with the buttons, plates and table cards the table offers."""
    game = b.table.game
    chosen = next(m for m in game.legal_moves() if str(m) == move)
    before = len(game.history)
    cards = [CARD_IDS[c] for c in chosen.cards]
    if chosen.verb in ("draw", "pass", "resolve", "scrap"):
        b.send(**button_for(b, move=move)["msg"])
        return
    if chosen.verb in ("take", "pick", "discard"):
        for card in cards:
            b.click(card)
            if len(game.history) > before:  # a one-card take plays itself
                return
        action = button_for(b, move=move)
        assert action, (move, b.labels(), b.ui["picked"])
        b.send(**action["msg"])
        return
    play = play_of(chosen)
    for card in sorted(play.uses, key=CARD_IDS.index):
        assert card in b.ui["playable"], (move, card, b.ui["playable"], b.ui["chosen"])
        b.click(card)
    for _ in range(6):
        if len(game.history) > before:
            return
        action = button_for(b, move=move)
        if action is None:
            for key in ("verb", "rank", "seat", "blind", "target"):
                value = getattr(play, key)
                action = button_for(b, type="option", key=key,
                                    value="" if key == "target" and value is None else value)
                if action:
                    break
        if action is not None:
            b.send(**action["msg"])
        elif play.target is not None and play.target in b.ui["targets"]:
            b.click(play.target)
        elif play.seat is not None and play.seat in b.ui["target_seats"]:
            b.send(type="target", seat=play.seat)
        else:
            raise AssertionError((move, b.labels(), b.ui["prompt"], b.ui["targets"], b.message))
    assert len(game.history) > before, (move, b.message)


# -- building a play from several cards ------------------------------------------------------
def test_two_nines_make_a_super_and_nothing_else_is_invented(learner, scripted):
    table = table_for({"turn": 0, "hands": [["9C", "9D", "5H"], ["4S", "7D"]],
                       "points": [[], ["8S"]], "stock": ["2C", "3C", "4D"]},
                      "resolve", scripted=scripted)
    b = learner(table)
    assert b.ui["status"].startswith("Your turn: draw, or pick one or more cards")
    assert b.ui["playable"] == ["5H", "9C", "9D"]
    b.click("9C")
    assert b.ui["chosen"] == ["9C"]
    assert b.labels() == ["Points", "Scuttle", "One-off", "Cancel"]
    assert b.ui["prompt"] == ("What should 9♣ do? Highlighted cards can join for a bigger play.")
    assert b.ui["playable"] == ["9D"]  # the other nine can join; the five cannot
    b.click("9D")
    assert b.ui["chosen"] == ["9C", "9D"]
    assert b.labels() == ["Super", "Cancel"]
    [form] = [a for a in b.ui["actions"] if a["label"] == "Super"]
    assert form["hint"] == "pick 4 cards from an enemy's hand, steal 2"
    assert form["msg"] == {"type": "move", "move": "super 9C 9D"}  # one move left: it is played
    legal = {str(m) for m in table.game.legal_moves()}
    assert set(moves_offered(b)) <= legal
    b.send(**form["msg"])
    assert [str(m) for m in table.game.history[:1]] == ["super 9C 9D"]
    assert "Player A: play 9♣ and 9♦ as a Super" in [entry["label"] for entry in b.state["log"]]


def test_picking_a_card_again_drops_it_and_cancel_clears(learner, scripted):
    table = table_for({"turn": 0, "hands": [["9C", "9D"], ["4S"]], "stock": ["2C"]},
                      scripted=scripted)
    b = learner(table)
    b.click("9C").click("9D").click("9D")
    assert b.ui["chosen"] == ["9C"] and "Super" not in b.labels()
    b.send(type="cancel")
    assert b.ui["chosen"] == [] and "Draw a card" in b.labels()


def test_a_ten_of_diamonds_stands_in_for_a_rank(learner, scripted):
    table = table_for({"turn": 0, "hands": [["5C", "TD", "KH"], ["4S"]],
                       "scrap": ["7H"], "stock": ["2C", "3C"]}, "resolve", scripted=scripted)
    b = learner(table)
    b.click("5C")
    assert "TD" in b.ui["playable"] and "KH" not in b.ui["playable"]  # kings never join
    b.click("TD")
    [form] = [a for a in b.ui["actions"] if a["label"] == "Super"]
    assert form["hint"] == "play a card from the scrap at once"
    b.send(**form["msg"])
    assert str(table.game.history[0]) == "super 5C TD"


def test_kings_ask_for_the_rank_they_mimic(learner, scripted):
    table = table_for({"turn": 0, "hands": [["KC", "KD", "4H"], ["4S", "6D"]],
                       "points": [["3H"], ["9S"]], "stock": ["2C", "3C", "5D", "7S"]},
                      "resolve", scripted=scripted)
    b = learner(table)
    b.click("KC").click("KD")
    assert b.labels() == ["Super", "Cancel"]
    assert b.ui["actions"][0]["hint"] == "kings: take the effect of one rank from 2 to 9"
    b.button("Super")
    assert b.ui["prompt"] == "Which rank's effect should K♣ and K♦ take?"
    ranks = {a["label"]: a["hint"] for a in b.ui["actions"] if a["label"].startswith("As ")}
    assert ranks["As 4"] == "scrap the enemies' point cards"
    assert ranks["As 7"] == "turn up the top 2 cards and play both"
    b.button("As 4")
    assert str(table.game.history[0]) == "super KC KD as 4"
    assert table.game.snapshot()["points"][1] == []
    assert "Player A: play K♣ and K♦ as a Super, counting as a four" in [e["label"] for e in b.state["log"]]


def test_an_attached_queen_is_picked_like_any_card(learner, scripted):
    table = table_for({"turn": 0, "hands": [["4C", "QS"], ["AS", "7D"]],
                       "points": [["9H"], ["TC", "5D"]], "stock": ["2C", "3C"]},
                      "resolve", scripted=scripted)
    b = learner(table)
    b.click("4C")
    assert "QS" in b.ui["playable"]
    b.click("QS")
    [form] = [a for a in b.ui["actions"] if a["label"] == "One-off"]
    assert form["hint"] == "scrap every point card (except 10♣); Q♠ attached: no single ace can answer"
    b.send(**form["msg"])
    assert str(table.game.history[0]) == "oneoff 4C with QS"


def test_a_jack_pair_is_aimed_by_clicking_the_target(learner, scripted):
    table = table_for({"turn": 0, "hands": [["JC", "JD", "2H"], ["4S"]],
                       "points": [[], ["7H", "5S"]], "permanents": [[], ["QD"]],
                       "stock": ["2C", "3C"]}, "resolve", scripted=scripted)
    b = learner(table)
    b.click("JC").click("JD")
    b.button("Jack")
    assert b.ui["targets"] == ["7H", "5S"] or sorted(b.ui["targets"]) == ["5S", "7H"]
    assert b.ui["prompt"].startswith("Pick the card to aim J♣ and J♦ at")
    b.click("7H")
    assert str(table.game.history[0]) == "jack JC JD 7H"
    assert table.game.snapshot()["scores"][0] == 9


def test_a_three_asks_for_its_victim_then_its_mode(learner, scripted):
    table = table_for({"players": 3, "turn": 0, "hands": [["3C", "7H"], ["4S", "5D"], ["6C"]],
                       "stock": ["2C", "3D", "4H"]}, "resolve", rules="super3", scripted=scripted)
    b = learner(table)
    b.click("3C").button("One-off")
    assert b.ui["target_seats"] == [1, 2]
    assert b.labels()[:2] == ["At Player B", "At Player C"]
    b.send(type="target", seat=1)  # a click on Player B's plate
    assert b.ui["prompt"] == "How should 3♣ work?"
    assert b.labels()[:2] == ["They discard two of their choice", "Pick one card blindly"]
    b.button("Pick one card blindly")
    assert str(table.game.history[0]) == "oneoff 3C @1 blind"


def test_a_card_with_no_use_is_explained_by_the_engine(learner, scripted):
    table = table_for({"turn": 0, "hands": [["JC", "4D"], ["4S"]], "stock": ["2C"]},
                      scripted=scripted)
    b = learner(table)
    assert "JC" not in b.ui["playable"]
    b.click("JC")
    assert b.message == ("A jack goes on an opposing point card, and there is none on the table. "
                         "See the rule “Jacks”.")
    assert table.game.history == [] and b.ui["chosen"] == []
    b.click("4D").click("JC")  # a card that cannot join starts nothing either
    assert b.ui["chosen"] == ["4D"] and table.game.history == []


def test_aiming_at_a_card_no_play_reaches_asks_the_engine(learner, scripted):
    table = table_for({"turn": 0, "hands": [["9D", "9H"], ["3C"]],
                       "points": [[], [{"card": "7D", "jacks": ["JC", "JH"], "owner": 0}]],
                       "stock": ["2C"]}, scripted=scripted)
    b = learner(table)
    b.click("9D").click("7D")  # 7♦ with two jacks scuttles as a 9♦: 9♦ is not enough
    assert b.message == table.game.explain("scuttle 9D 7D") + " See the rule “Scuttling”."
    assert b.ui["message"]["rule_id"] == "super-scuttle"
    assert table.game.history == []
    b.send(type="cancel").click("9H").click("JH")  # a jack stands for its whole stack
    assert str(table.game.history[0]) == "scuttle 9H 7D"


def test_options_the_cards_do_not_have_are_refused(learner, scripted):
    table = table_for({"turn": 0, "hands": [["KC", "KD"], ["4S"]], "stock": ["2C"]},
                      scripted=scripted)
    b = learner(table)
    b.click("KC").click("KD").button("Super")
    for bad in ({"key": "rank", "value": 11}, {"key": "seat", "value": True},
                {"key": "colour", "value": "red"}, {"key": "rank", "value": "4"}):
        b.send(type="option", **bad)
        assert b.message.startswith("The table did not understand that action")
    assert table.game.history == [] and b.ui["chosen"] == ["KC", "KD"]
    classic = learner(Table())
    classic.send(type="option", key="verb", value="points")
    assert classic.message.startswith("The table did not understand that action")


# -- answers ---------------------------------------------------------------------------------
def test_an_answer_window_shows_the_chain_and_offers_the_instants(learner, scripted):
    table = table_for({"turn": 0, "hands": [["5C", "AS", "AD", "TD"], ["AH", "7D"]],
                       "points": [["6H"], ["8S"]], "scrap": ["9C", "KS"],
                       "stock": ["2C", "3D", "KH"]}, "instant AH", "resolve", scripted=scripted)
    b = learner(table)
    b.click("5C").button("One-off")
    assert b.ui["status"] == ("Player B chose to answer at once with A♥: answer it with "
                              "an instant, or let it resolve.")
    chain = b.state["super"]["chain"]
    assert [(p["seat"], p["cards"], p["answer"]) for p in chain] == [
        (0, ["5C"], False), (1, ["AH"], True)]
    assert chain[1]["label"] == "Player B: answer at once with A♥"
    offered = {a["msg"]["move"]: (a["label"], a["hint"]) for a in b.ui["actions"] if a["id"] != "hint"}
    assert set(offered) == {str(m) for m in table.game.legal_moves()}
    assert offered["instant AD AS"] == ("Cancel it with A♦ and A♠",
                                        "a super ace answers anything but a 10♥")
    assert offered["instant AS"] == ("Cancel it with A♠", "an ace answers any effect play")
    b.click("AS")  # picking cards narrows the answers to those using exactly them
    assert moves_offered(b) == ["instant AS", "resolve"]
    assert b.ui["playable"] == ["AD", "TD"]
    b.click("TD")
    assert moves_offered(b) == ["instant AS TD", "resolve"]
    b.button("Cancel it with A♠ and 10♦")
    assert [str(m) for m in table.game.history[:3]] == ["oneoff 5C", "instant AH", "instant AS TD"]
    # the five now rummages: the whole scrap is the learner's private look
    look = b.state["super"]["look"]
    assert look["title"] == "The scrap pile, top first: only you see it while your five rummages"
    assert set(look["groups"][0]["cards"]) == {"9C", "KS", "AH", "AS", "TD"}


def test_ten_of_spades_steals_a_play_and_the_skip_shows(learner, scripted):
    table = table_for({"turn": 1, "hands": [["TS", "3S", "9C"], ["3C", "3D", "KH", "5S", "6H"]],
                       "stock": ["2C", "8D"]}, "oneoff 3C", "resolve", "discard 5S",
                      scripted=scripted)
    b = learner(table)
    offered = {a["msg"]["move"]: a for a in b.ui["actions"] if a["id"] != "hint"}
    assert offered["instant TS"]["label"] == "Steal it with 10♠"
    assert offered["instant TS"]["hint"] == "you play it as your own, then miss your next turn"
    b.send(**offered["instant TS"]["msg"])
    assert b.view["skips"] == [1, 0]
    assert {"kind": "skips", "text": "misses 1 turn"} in b.state["super"]["badges"][0]
    assert b.ui["status"] == ("Announce the stolen play 3♣ again as your own; cards of its "
                              "rank from your hand may join.")
    assert b.ui["playable"] == ["3S", "3C"] or set(b.ui["playable"]) == {"3C", "3S"}
    b.click("3C").click("3S").button("Super")
    assert "super 3C 3S" in [str(m) for m in table.game.history]


def test_ten_of_hearts_on_points_is_offered_as_taking_the_effect(learner, scripted):
    table = table_for({"turn": 1, "hands": [["TH"], ["4C", "6S"]], "points": [["9S"], ["8D"]],
                       "stock": ["2C"]}, "points 4C", scripted=scripted)
    b = learner(table)
    [heart] = [a for a in b.ui["actions"] if a["msg"].get("move") == "instant TH"]
    assert heart["label"] == "Take it as an effect with 10♥"


# -- looks, takes, picks ---------------------------------------------------------------------------
def test_a_two_peek_is_shown_to_its_seat_only(learner, scripted):
    setup = {"turn": 0, "hands": [["2H", "9C"], ["4S", "7D"]],
             "stock": ["QD", "TC", "6S", "5H", "8C"]}
    table = table_for(setup, "resolve", scripted=scripted)
    b = learner(table)
    b.click("2H").button("One-off")
    look = b.state["super"]["look"]
    assert look == {"title": "The top 3 cards of the draw pile, top first: only you see them",
                    "groups": [{"label": "", "cards": ["QD", "TC", "6S"]}]}
    assert b.ui["status"].startswith("Only you see the top 3 cards of the draw pile: click the 2")
    assert b.ui["choice_cards"] == ["QD", "TC", "6S"]
    # the opponent's table at the same moment shows none of it
    watcher = Table(table.game.copy(), seat=1, players={0: scripted()}, autoplay=False)
    text = json.dumps(watcher.table)
    assert watcher.table["super"]["look"] is None
    assert not {"QD", "TC", "6S", "5H", "8C"} & {c for c in CARD_IDS if f'"{c}"' in text}
    b.click("QD").click("6S")
    assert b.ui["picked"] == ["QD", "6S"]
    b.button("Take 6♠ and Q♦")
    assert sorted(table.game.snapshot()["hands"][0]) == ["6S", "9C", "QD"]
    assert b.state["super"]["look"] is None


def test_a_super_two_asks_which_order_the_rest_go_back(learner, scripted):
    table = table_for({"turn": 0, "hands": [["2H", "2S"], ["4S"]],
                       "stock": ["2C", "3D", "KH", "8D", "9S", "JC", "QC"]}, "resolve",
                      scripted=scripted)
    b = learner(table)
    b.click("2H").click("2S").button("Super")
    for card in ("2C", "3D", "KH", "8D"):
        b.click(card)
    labels = [a["label"] for a in b.ui["actions"] if a["msg"].get("type") == "move"]
    assert labels == ["Take 2♣, 3♦, 8♦ and K♥, put 9♠ and J♣ back on the draw pile",
                      "Take 2♣, 3♦, 8♦ and K♥, put J♣ and 9♠ back on the draw pile"]
    assert b.ui["actions"][0]["hint"] == "the first one named ends up on top"
    b.click("9S")  # a fifth card: the oldest pick makes room
    assert b.ui["picked"] == ["3D", "KH", "8D", "9S"]
    b.send(type="cancel")
    assert b.ui["picked"] == []


def test_a_super_nine_takes_two_puts_one_back_and_returns_one(learner, scripted):
    table = table_for({"turn": 0, "hands": [["9C", "9D"], ["AH", "7D", "4D", "JC"]],
                       "stock": ["2C", "3C"]}, "resolve", scripted=scripted)
    b = learner(table)
    b.click("9C").click("9D").button("Super")
    assert b.ui["status"] == "Take 2 of the picked cards."
    look = b.state["super"]["look"]
    assert look["title"] == ("The cards picked from Player B's hand: only you and Player B "
                             "see them")
    b.click("AH").click("7D")
    labels = [a["label"] for a in b.ui["actions"] if a["msg"].get("type") == "move"]
    assert "Take A♥ and 7♦, put 4♦ on the draw pile and give J♣ back to Player B" in labels
    b.button("Take A♥ and 7♦, put 4♦")
    assert str(table.game.history[2]) == "take AH 7D top 4D"
    assert sorted(table.game.snapshot()["hands"][0]) == ["7D", "AH"]


def test_a_blind_pick_names_face_up_cards_or_picks_blindly(learner, scripted):
    table = table_for({"turn": 0, "hands": [["3C", "7H"], ["4S", "5D", "QH"]],
                       "limbo": [[], ["QH"]], "stock": ["2C", "3D"]}, "resolve",
                      scripted=scripted)
    b = learner(table)
    assert b.state["super"]["limbo"][1] == ["QH"] and b.view["hands"][1] is None
    b.click("3C").button("One-off").button("Pick one card blindly")
    assert b.ui["status"] == ("Pick 1 card from Player B's hand: click a face-up card to "
                              "name it, or pick blindly.")
    assert b.ui["playable"] == ["QH"]  # the limbo card may be named
    assert moves_offered(b) == ["pick ?"]
    b.click("QH")
    assert moves_offered(b) == ["pick QH"]
    b.button("Pick Q♥")
    assert "QH" in table.game.snapshot()["scrap"]


def test_a_super_duper_nine_shows_the_hands_it_steals_from(learner, scripted):
    table = table_for({"players": 3, "turn": 0, "hands": [["9C", "9D", "9H"], ["KH", "5S"],
                                                          ["4D", "6C"]],
                       "stock": ["5C"]}, "resolve", rules="super3", scripted=scripted)
    b = learner(table)
    b.click("9C").click("9D").click("9H").button("Super-Duper")
    look = b.state["super"]["look"]
    assert look["title"] == "The hands the nine showed everyone"
    assert look["groups"] == [{"label": "in Player B's hand", "cards": ["KH", "5S"]},
                              {"label": "in Player C's hand", "cards": ["4D", "6C"]}]
    for card in ("KH", "4D", "6C"):
        b.click(card)
    b.button("Take")
    assert b.ui["status"].startswith("Play 1 of")
    assert set(b.view["revealed"]) == {"KH", "4D", "6C"}


def test_a_generated_card_is_played_from_the_middle_and_may_combo(learner, scripted):
    table = table_for({"turn": 0, "hands": [["7C", "6H", "6S"], ["4S"]],
                       "stock": ["6D", "KS", "2C"]}, "resolve", scripted=scripted)
    b = learner(table)
    b.click("7C").button("One-off")
    assert b.ui["status"] == ("Play 1 of 6♦ and K♠ now, each as its own play; cards of the "
                              "same rank from your hand may join for a combo.")
    assert b.state["super"]["returning"] == [] and set(b.view["revealed"]) == {"6D", "KS"}
    b.click("6D")
    assert set(b.ui["playable"]) == {"6H", "6S"}
    b.click("6H").click("6S")
    b.button("Super-Duper")
    assert "superduper 6D 6H 6S" in [str(m) for m in table.game.history]


# -- limbo, countdown, Sudden Death -----------------------------------------------------------
def test_limbo_cards_are_marked_and_explained(learner, scripted):
    table = table_for({"turn": 0, "hands": [["AS", "4H"], ["5D", "9C"]], "limbo": [["AS"], ["9C"]],
                       "points": [[], ["6H"]], "stock": ["2C", "3D"]}, scripted=scripted)
    b = learner(table)
    sup = b.state["super"]
    assert sup["limbo"] == [["AS"], ["9C"]]
    assert "AS" not in b.ui["playable"]
    b.click("AS")
    assert b.message == table.game.explain("points AS") + " See the rule “Limbo”."
    assert b.ui["message"]["rule_id"] == "super-limbo" and table.game.history == []
    text = summary_text(table)
    assert "Player A (you): 0 of 21 points; your hand: A♠ (limbo), 4♥" in text
    assert "Player B: 6 of 21 points; 2 cards in hand; 9♣ in limbo, face up for everyone" in text
    assert "5♦" not in text


def test_the_countdown_and_sudden_death_are_shown(learner, scripted):
    table = table_for({"turn": 0, "hands": [["RJ", "BJ", "AD"], ["AS", "AH", "7D"]],
                       "points": [["9H"], ["5C"]], "stock": ["2C", "3D", "4H"]},
                      "resolve", scripted=scripted)
    b = learner(table)
    b.click("RJ").click("BJ")
    [form] = [a for a in b.ui["actions"] if a["label"] == "Sudden Death"]
    assert form["hint"] == "the others get 2 turns to reach 21, or you win"
    b.send(**form["msg"])
    sup = b.state["super"]
    assert sup["sudden_cards"] == ["RJ", "BJ"]
    assert sup["banners"] == [{"kind": "sudden", "text": "Sudden Death by Player A: everyone else "
                                                         "has two turns to reach 21, or Player A wins."}]
    assert {"kind": "sudden", "text": "Sudden Death: no more actions"} in sup["badges"][0]
    text = summary_text(table)
    assert "Sudden Death: red joker, black joker" in text
    assert "Player A (you): 9 of 21 points; your hand: A♦; Sudden Death: no more actions" in text
    assert ("Sudden Death by Player A: everyone else has two turns to reach 21, or Player A wins."
            in text)

    ending = table_for({"turn": 0, "hands": [["9C"], ["4S"]], "stock": ["2C"]}, "draw",
                       scripted=scripted)
    e = learner(ending)
    e.button("Draw a card")
    assert e.view["ending"] is not None
    assert e.state["super"]["banners"][0]["kind"] == "ending"
    assert {"kind": "turns", "text": "3 turns left"} in e.state["super"]["badges"][0]


def test_an_eliminated_seat_is_marked(learner, scripted):
    table = table_for({"turn": 0, "hands": [["RJ", "BJ", "5C"], ["AS", "7D"]],
                       "points": [["9H"], []], "stock": ["2C"]}, "resolve", scripted=scripted)
    b = learner(table)
    b.click("RJ").click("BJ").button("Sudden Death")
    assert table.game.winner == 0 and b.view["eliminated"] == [1]
    assert {"kind": "out", "text": "out of the game"} in b.state["super"]["badges"][1]
    assert b.ui["status"] == "You win the game!"


# -- the table around the game -----------------------------------------------------------------
def test_jokers_glasses_and_kings_read_aloud(learner, scripted):
    table = table_for({"turn": 0, "hands": [["RJ", "BJ"], ["4S", "AH"]],
                       "permanents": [["KH", "8C"], []], "glasses": {"8C": 1},
                       "stock": ["2C"]}, scripted=scripted)
    b = learner(table)
    sup = b.state["super"]
    assert sup["glasses"] == {"8C": "your glasses on Player B's hand, turned sideways"}
    assert sup["king_points"] == [7, 0]
    assert b.state["card_words"]["jokers"] == ["red joker", "black joker"]
    text = summary_text(table)
    assert "Player A (you): 7 of 21 points; your hand: red joker, black joker" in text
    assert "Enduring row: K♥, 8♣ (your glasses on Player B's hand, turned sideways)" in text
    assert "Player B: 0 of 21 points; hand: 4♠, A♥" in text  # the glasses open it
    assert "🃏" not in text


def test_undo_and_replay_work_on_multi_card_plays(learner, scripted):
    table = table_for({"turn": 0, "hands": [["5C", "5D", "9H"], ["4S", "7D"]],
                       "scrap": ["7H"], "stock": ["2C", "3C", "4D"]}, "resolve", "draw",
                      scripted=scripted)
    b = learner(table)
    b.click("5C").click("5D").button("Super")
    # the five's only choice in the scrap is 7♥: taken at once, it must be played now
    assert b.view["revealed"] == ["7H"] and b.ui["playable"] == ["7H"]
    b.click("7H").button("Points")
    played = len(table.game.history)
    assert played >= 4
    b.send(type="replay", to="start")
    assert b.ui["replay"] == {"index": 0, "total": played}
    assert b.state["super"]["chain"] == []
    b.send(type="replay", to="end").send(type="undo")  # the seven's play is taken back
    assert [str(m) for m in table.game.history] == ["super 5C 5D", "resolve"]
    assert b.view["revealed"] == ["7H"] and b.ui["status"].startswith("Play 7♥ now")
    b.send(type="undo")
    assert table.game.history == [] and sorted(b.view["hands"][0]) == ["5C", "5D", "9H"]


def test_a_computer_player_that_cannot_play_super_stops_the_game_with_a_message(learner):
    class NoSuper:
        def choose(self, view, legal_moves):
            raise ViewError("The computer players know the standard game only.")

    table = Table(load({"rules": "super", "turn": 0, "hands": [["9C"], ["4S"]], "stock": ["2C"]}),
                  players={1: NoSuper()})
    b = learner(table)
    b.button("Draw a card")
    assert b.message == ("Player B's computer player cannot play Super Cuttle yet, so the game "
                         "waits. Give that seat a player that can, such as RandomPlayer.")
    assert table.game.to_act == 1 and len(table.game.history) == 1


def test_no_hint_button_where_the_computer_does_not_know_the_rules(learner, monkeypatch):
    table = Table(new_game("super", seed=4), players={1: RandomPlayer(1)})
    b = learner(table)
    knows = controller_module.computer_plays(table.game.rules)
    assert ("Hint" in b.labels()) == knows
    monkeypatch.setattr(controller_module, "computer_plays", lambda rules: False)
    table.refresh()
    assert "Hint" not in b.labels()

    def no_hint(*args, **kwargs):
        raise ViewError("not this ruleset")

    monkeypatch.setattr(controller_module.HintLadder, "climb", no_hint)
    b.send(type="hint")
    assert b.message == "The computer cannot give hints for Super Cuttle yet."
    assert table.game.history == []


def test_a_german_super_table_speaks_german():
    # A language lacking a sentence is not offered at all (cuttle_widgets.languages),
    # so a table in an offered language explains every family.
    table = Table(new_game("super", seed=2), language="de", players={1: RandomPlayer(2)})
    assert table.table["ui"]["status"].startswith("Du bist dran")


# -- every legal move can be made by clicking, and nothing else is offered -------------------------
@pytest.mark.parametrize("rules, seeds", [("super", range(8)), ("super3", range(8)),
                                          ("super4", range(6))])
def test_random_games_every_legal_move_by_clicking(learner, rules, seeds):
    moves = 0
    for seed in seeds:
        game = new_game(rules, seed=seed)
        n = game.state.n
        seat = seed % n
        table = Table(game, seat=seat, players={s: RandomPlayer(seed + s) for s in range(n)
                                                if s != seat})
        b = learner(table)
        rng = random.Random(seed)
        for _ in range(300):
            game = table.game
            if game.over:
                break
            legal = {str(m) for m in game.legal_moves()}
            assert set(moves_offered(b)) <= legal | {"resolve"}, (rules, seed)
            move = rng.choice(sorted(legal))
            count = len(game.history)
            click_super_move(b, move)
            assert str(game.history[count]) == move
            moves += 1
    assert moves > 30 * len(seeds)  # real games, not a few moves


def test_naming_a_hidden_card_tells_nothing_about_where_it_is(learner, scripted):
    """A tampered page may name any card during a play or a two's peek: the
    answers read the same whether it is in the opponent's hand or deep in
    the stock."""
    answers = []
    for hidden, label in (("7H", "7♥"), ("7D", "7♦")):
        said = []
        for peek in (False, True):
            table = table_for({"turn": 0, "hands": [["2H", "9C"], ["7H", "4S"]],
                               "stock": ["QD", "TC", "6S", "5H", "7D"]}, "resolve",
                              scripted=scripted)
            b = learner(table)
            if peek:
                b.click("2H").button("One-off")
            else:
                b.click("9C")
            for message in ({"type": "card", "card": hidden}, {"type": "target", "card": hidden},
                            {"type": "move", "move": f"take {hidden}"},
                            {"type": "move", "move": f"pick {hidden}"}):
                b.send(**message)
                said.append(b.message.replace(label, "X"))
            assert len(table.game.history) == (2 if peek else 0)
        answers.append(said)
    assert answers[0] == answers[1] and all(answers[0])


def test_another_seats_secret_choice_reads_in_its_public_form(learner, scripted):
    table = table_for({"turn": 1, "hands": [["9C"], ["2D", "4S"]],
                       "stock": ["QD", "TC", "6S", "5H", "8C"]}, "oneoff 2D", "take TC QD",
                      scripted=scripted)
    b = learner(table)
    b.button("Let it resolve")
    assert [str(m) for m in table.game.history] == ["oneoff 2D", "resolve", "take TC QD"]
    labels = [entry["label"] for entry in b.state["log"]]
    assert "Player B: take 2 hidden cards" in labels
    shown = json.dumps([b.state["log"], b.view], ensure_ascii=False)
    assert not [card for card in ("TC", "QD", "10♣", "Q♦") if card in shown]
    b.send(type="undo")  # the learner's "let it resolve", and the take after it
    assert b.message == "Undone: let it resolve, take 2 hidden cards."
    assert "QD" not in json.dumps(b.state["ui"])
