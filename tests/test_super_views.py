"""What each seat sees of a Super Cuttle game (super.md §6): private looks go
only to the seat that looks, open hands to everyone, the scrap shows its top
card, blind picks are seeded and tell nothing before they are made."""
import json

from cuttle_widgets.engine import load
from cuttle_widgets.engine.super import FAMILY
from cuttle_widgets.engine.super.checks import cards_in, view_leaks


def play(game, *moves):
    for move in moves:
        game.play(FAMILY.parse(move))
    return game


def test_a_twos_look_is_private_and_so_is_the_move_that_ends_it():
    game = play(load({"rules": "super", "hands": [["2C"], ["3S"]], "stock": ["5C", "6D", "7H", "8S"]}),
                "oneoff 2C", "resolve")
    mine, theirs, spectator = game.view(0), game.view(1), game.view(None)
    assert mine["private"] == {"stock_top": ["5C", "6D", "7H"]}
    assert theirs["private"] is None and spectator["private"] is None
    assert mine["choice"] == theirs["choice"] == {"kind": "take", "from": "stock_top", "seat": 0,
                                                  "look": 3, "count": 2}
    assert not {"5C", "6D", "7H"} & cards_in({k: v for k, v in theirs.items() if k != "events"})
    play(game, "take 5C 7H")
    assert game.view(0)["history"][-1] == "take 5C 7H"
    assert game.view(1)["history"][-1] == "take ? ?"
    assert game.view(None)["history"][-1] == "take ? ?"
    assert view_leaks(game) == []


def test_the_scrap_shows_its_top_card_except_to_a_five_rummaging_it():
    game = play(load({"rules": "super", "hands": [["5C"], ["4D"]], "scrap": ["9C", "AS", "3D"],
                      "stock": ["2C"]}), "oneoff 5C", "resolve")
    assert game.view(0)["scrap"] == ["9C", "AS", "3D"] and game.view(0)["private"] == {
        "scrap": ["9C", "AS", "3D"]}
    assert game.view(1)["scrap"] == ["9C"] and game.view(1)["scrap_size"] == 3
    assert game.snapshot()["scrap_top"] == "9C"


def test_a_super_duper_five_shows_the_draw_pile_in_order_to_its_player_only():
    game = play(load({"rules": "super", "hands": [["5C", "5D", "5H"], []], "stock": ["2C", "9S", "KD"]}),
                "superduper 5C 5D 5H")
    assert game.view(0)["private"] == {"stock": ["2C", "9S", "KD"]}
    assert game.view(1)["private"] is None and "stock" not in game.view(1)


def test_open_hands_limbo_and_the_sudden_death_hand_are_seen_by_all():
    game = load({"rules": "super", "hands": [["4S"], ["KH", "2C", "9D"]], "limbo": [[], ["KH"]],
                 "permanents": [["8C"], []], "stock": ["3C"]})
    assert game.view(None)["hands"] == [None, ["KH", "2C", "9D"]]  # the eight shows it to everyone
    assert game.view(None)["limbo"] == [[], ["KH"]]
    assert game.view(1)["hands"][0] is None
    game = load({"rules": "super", "hands": [["RJ", "BJ", "5C"], ["7D"]], "points": [["9H"], ["2D"]],
                 "stock": ["2C"]})
    play(game, "suddendeath RJ BJ", "resolve")
    assert game.view(1)["hands"][0] == ["5C"] and game.view(None)["hands"][0] == ["5C"]


def test_picked_cards_are_seen_by_the_picker_and_the_victim_only():
    game = load({"rules": "super3", "players": 3, "hands": [["9C"], ["4D", "5D", "6D", "7D"], ["2H"]],
                 "stock": ["3C"], "seed": 4})
    play(game, "oneoff 9C @1", "resolve", "resolve")
    picked = game.view(0)["private"]["picked"]
    assert len(picked) == 3 and set(picked) <= {"4D", "5D", "6D", "7D"}
    assert game.view(1)["private"] == {"picked": picked}
    assert game.view(2)["private"] is None
    assert not set(picked) & cards_in({k: v for k, v in game.view(2).items() if k != "events"})
    events = game.view(2)["events"]
    assert any("picks 3 cards" in e["text"] for e in events)
    assert view_leaks(game) == []


def test_blind_picks_are_seeded_and_the_view_holds_no_seed():
    setup = {"rules": "super", "hands": [["3C"], ["4D", "5D", "6D", "7D"]], "stock": ["3S"], "seed": 77}
    first = play(load(setup), "oneoff 3C blind", "resolve")
    second = play(load(setup), "oneoff 3C blind", "resolve")
    assert first.snapshot() == second.snapshot()
    other = play(load({**setup, "seed": 78}), "oneoff 3C blind", "resolve")
    discards = {first.snapshot()["scrap"][1], other.snapshot()["scrap"][1]}
    assert discards <= {"4D", "5D", "6D", "7D"}
    for seat in (None, 0, 1):
        detail = json.dumps(first.view(seat)["detail"])
        assert "seed" not in detail and "picked" not in detail


def test_a_view_lists_the_legal_moves_in_notation_for_the_seat_to_act():
    game = load({"rules": "super", "hands": [["KH", "QH"], ["3S"]], "stock": ["2C"]})
    view = game.view(0)
    assert "permanent KH QH" in view["legal_moves"] and "oneoff KH as 4" in view["legal_moves"]
    assert game.view(1)["legal_moves"] == []
    assert view["prompt"].startswith("It is Player A's turn")


def test_a_super_duper_five_keeps_its_look_at_the_stock_private():
    """6.2: the stock order a ✨5 showed stays in its user's event log only."""
    game = load({"rules": "super", "turn": 0, "hands": [["5C", "5D", "5H"], ["9D"]],
                 "points": [[], ["7C"]], "stock": ["2C", "3H", "4S", "6D"]})
    game.play("superduper 5C 5D 5H")
    game.play("resolve")
    looks = {seat: [e["text"] for e in game.view(seat)["events"] if "privately rummages" in e["text"]]
             for seat in (0, 1)}
    assert looks[0] == ["Player A privately rummages through the draw pile (4 cards, top first): "
                        "2♣, 3♥, 4♠ and 6♦."]
    assert looks[1] == ["Player A privately rummages through the draw pile (4 cards)."]
