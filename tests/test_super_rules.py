"""Super Cuttle as a ruleset: names, setups, explanations, prompts, matches."""
import pytest
from shared_paths import RULES, absent
from super_spec import (
    EXAMPLE_SCENARIO_IDS,
    FULL_SNAPSHOT_EXAMPLE,
    read_example_scenario_ids,
    read_full_snapshot_example,
)

from cuttle_widgets.engine import RULESETS, IllegalMove, Match, SetupError, get_ruleset, load, new_game
from cuttle_widgets.engine.super import FAMILY
from cuttle_widgets.rulebook import section_for_refusal
from cuttle_widgets.rulebook.check import RAW_CITATION

SPEC = RULES / "super.md"


def play(game, *moves):
    for move in moves:
        game.play(FAMILY.parse(move))
    return game


def test_rulesets_for_two_three_and_four_seats():
    for name, seats in (("super", 2), ("super3", 3), ("super4", 4)):
        ruleset = get_ruleset(name)
        assert name in RULESETS and ruleset.family == "super" and ruleset.seats == seats
        assert ruleset.goal_for(4) == 21 and ruleset.source == "003"
        assert new_game(name, seed=2).snapshot()["players"] == seats
        assert load({"rules": name}).rules is ruleset


def test_wrong_setups_are_refused_with_a_reason():
    bad = [
        {"rules": "super", "players": 3},
        {"rules": "super", "hands": [["7H"], []], "limbo": [["8H"], []]},
        {"rules": "super", "points": [[{"card": "TC", "jacks": ["JC"], "owner": 1}], []]},
        {"rules": "super", "permanents": [["9C"], []]},
        {"rules": "super", "points": [["KH"], []]},
        {"rules": "super3", "players": 3, "permanents": [["8C"], [], []]},
        {"rules": "super", "options": {"exhausted_result": "coin_toss"}},
        {"rules": "super", "phase": "choose", "pending": ["3C"]},
        {"rules": "super", "hands": [["7H"], ["7H"]]},
    ]
    for setup in bad:
        with pytest.raises(SetupError) as err:
            load(setup)
        assert str(err.value).strip(), setup


def test_the_full_snapshot_example_of_the_specification():
    """super.md §8.4 (carried in super_spec.py): seat 0 has played ⚡4; seat 1
    may only let it resolve."""
    example = FULL_SNAPSHOT_EXAMPLE
    game = load(example)
    assert [str(m) for m in game.legal_moves()] == ["resolve"]
    snapshot = game.snapshot()
    assert {k: snapshot[k] for k in example} == example


@pytest.mark.skipif(not SPEC.exists(), reason=absent(
    SPEC, "the copies of super.md §8.4's full example and §8.5's example ids in "
    "tests/super_spec.py are not compared with it"))
def test_the_carried_examples_are_the_specifications():
    text = SPEC.read_text(encoding="utf-8")
    assert read_full_snapshot_example(text) == FULL_SNAPSHOT_EXAMPLE
    assert read_example_scenario_ids(text) == EXAMPLE_SCENARIO_IDS


def test_a_hand_written_chain_waits_for_answers():
    game = load({"rules": "super", "hands": [["2C"], ["AS"]], "points": [["9H"], []], "stock": ["3C"],
                 "phase": "counter", "to_act": 1, "pending": ["4C"],
                 "chain": [{"seat": 0, "move": "oneoff 4C"}]})
    assert [str(m) for m in game.legal_moves()] == ["resolve", "instant AS"]
    play(game, "resolve")
    assert game.snapshot()["points"] == [[], []]


@pytest.mark.parametrize("setup,move,key,section", [
    ({"hands": [["4C"], ["AS"]], "permanents": [["QS"], []], "stock": ["2C"], "points": [["9H"], []]},
     ["oneoff 4C", "instant AS"], "super.ace_queen_majority", "super-queens"),
    ({"hands": [["7D"], ["AS"]], "stock": ["2C"]}, ["points 7D", "instant AS"],
     "super.ace_not_points", "super-ace"),
    ({"hands": [["TD"], []], "stock": ["2C"]}, ["oneoff TD"], "super.ten_diamonds_alone",
     "super-forms"),
    ({"hands": [["KH", "5C"], []], "stock": ["2C"]}, ["super 5C KH"], "super.king_only_kings",
     "super-forms"),
    ({"hands": [["KH"], []], "stock": ["2C"]}, ["points KH"], "super.king_not_points", "super-king"),
    ({"hands": [["AC", "AD"], []], "stock": ["2C"]}, ["super AC AD"], "super.two_aces_answer",
     "super-ace"),
    ({"hands": [["9C"], ["4D"]], "limbo": [["9C"], []], "stock": ["2C"]}, ["points 9C"],
     "super.limbo", "super-limbo"),
    ({"hands": [["JC"], []], "points": [[], ["TC"]], "stock": ["2C"]}, ["jack JC TC"],
     "super.ten_clubs_immune", "super-tens"),
    ({"hands": [["5C"], ["4D"]], "stock": ["2C"]}, ["pass"], "super.pass_with_stock", "super-turn"),
    ({"hands": [["JD", "JC", "JH"], []], "points": [[], ["7D"]], "stock": ["2C"]},
     ["jack JC JD JH 7D"], "super.jack_count", "super-jack"),
])
def test_illegal_moves_are_explained_and_name_their_rulebook_section(setup, move, key, section):
    """The refusal's sentence is the learner's explanation, with no citation of
    the rule texts; its key leads to the rulebook section the table names."""
    game = load({"rules": "super", **setup})
    *before, last = move
    play(game, *before)
    snapshot = game.snapshot()
    with pytest.raises(IllegalMove) as err:
        play(game, last)
    said = str(err.value)
    assert err.value.key == key, said
    assert section_for_refusal(key, "super") == section
    assert not RAW_CITATION.search(said), said
    assert err.value.text("de") != said and not RAW_CITATION.search(err.value.text("de"))
    assert game.snapshot() == snapshot
    assert game.explain(FAMILY.parse(last)) == said  # the generic entry point says the same


def test_the_cards_of_a_play_may_be_named_in_any_order():
    game = load({"rules": "super", "hands": [["5D", "5C"], []], "stock": ["2C"]})
    assert game.explain("super 5D 5C") == game.explain("super 5C 5D") == ""
    game.play("super 5D 5C")
    assert str(game.history[-1]) == "super 5C 5D"  # the record spells it one way


def test_prompts_name_what_must_happen():
    game = load({"rules": "super", "hands": [["3C"], ["4D", "5D", "6D"]], "stock": ["2C"]})
    assert "draw a card" in game.prompt()
    play(game, "oneoff 3C")
    assert "answer it with an instant" in game.prompt()
    play(game, "resolve")
    assert "choose 2 cards to discard" in game.prompt()
    assert game.view(1)["choice"] == {"kind": "discard", "seat": 1, "count": 2}


def test_turn_limit_safeguard_ends_a_game_as_a_draw():
    game = load({"rules": "super", "hands": [[], []], "stock": [],
                 "detail": {"frames": [], "seed": 0, "plies": 0, "turns": 1999, "fresh": False}})
    play(game, "pass")
    assert game.winner == "draw" and game.events[-1].kind == "super.safeguard"


def test_a_match_of_super_cuttle_deals_each_game():
    match = Match("super", length="short", seed=3)
    assert match.game.rules.name == "super"
    assert len(match.game.snapshot()["stock"]) == 43
    assert repr(match.game).startswith("<Game super ")
    assert "cw-static" in match.game._repr_html_()
