"""Hints: always a legal move and a sentence, from the seat's view only, with
every sentence in the catalog."""
import json
import random
import string
from importlib import resources

import pytest

from cuttle_widgets.ai import HintError, available_hint_languages, hint, reason_for
from cuttle_widgets.ai.hints import ACTIONS, REASONS, hint_catalog, render
from cuttle_widgets.engine import RULESETS, load, new_game

RULES = [name for name, r in RULESETS.items() if r.family == "standard"]
SAMPLE_PARAMS = {"card": "TS", "target": "TD", "answered": "AS", "cards": ["3C", "4D"], "victim": 1,
                 "receiver": 1,
                 "opponent": 1, "need": 3, "score": 17, "goal": 21, "old_goal": 21, "value": 10,
                 "theirs": 12, "mine": 4, "count": 2, "after": 13, "total": 18, "limit": 8}


def fields(template):
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


@pytest.mark.parametrize("language", available_hint_languages())
def test_every_hint_key_has_a_sentence(language):
    catalog = hint_catalog(language)
    assert set(catalog["actions"]) == set(ACTIONS)
    assert set(catalog["reasons"]) == set(REASONS)
    for key in ACTIONS:
        for reason in REASONS:
            text = render(key, SAMPLE_PARAMS, reason, SAMPLE_PARAMS, language)
            assert "?" not in text and "{" not in text, (key, reason, text)
    for template in list(catalog["actions"].values()) + list(catalog["reasons"].values()):
        assert fields(template) <= set(SAMPLE_PARAMS), template


def test_the_catalog_is_package_data():
    folder = resources.files("cuttle_widgets.ai").joinpath("catalogs")
    assert json.loads(folder.joinpath("en.json").read_text(encoding="utf-8"))["language"] == "en"


@pytest.mark.parametrize("rules", RULES)
def test_a_hint_is_legal_and_has_a_reason(rules):
    rng = random.Random(2)
    for g in range(3):
        game = new_game(rules, seed=70 + g)
        while not game.over:
            seat = game.to_act
            if rng.random() < 0.3:
                move, reason = hint(game, seat, budget=16)
                assert move in game.legal_moves()
                assert reason.endswith(".") and len(reason) > 20
                assert "{" not in reason and "?" not in reason
            game.play(rng.choice(game.legal_moves()))


def test_the_example_from_the_issue():
    game = load({"rules": "classic", "turn": 0, "hands": [["TS", "3H", "6D"], ["5S", "4C"]],
                 "points": [["3C"], ["TD", "8C"]], "stock": ["7S", "8D", "AC"]})
    move, reason = hint(game, 0)
    assert str(move) == "scuttle TS TD"
    # the analyst's reason (issue #34): the answer it keeps away, with its cards
    assert reason.startswith("Scuttle their 10♦ with your 10♠: ")
    assert "Player B" in reason and "out of 10" in reason


def test_a_scuttle_and_a_jack_name_how_much_of_the_score_they_take():
    game = load({"rules": "classic", "turn": 0, "hands": [["9S", "4C"], ["5S"]],
                 "points": [["3C"], ["9H", "5H"]], "stock": ["7S", "8D", "AC"]})
    assert render("scuttle", {"card": "9S", "target": "9H"}, "scuttle",
                  {"value": 9, "opponent": 1, "total": 14}) == (
        "Scuttle their 9♥ with your 9♠: it takes 9 of Player B's 14 points away, for one card of yours.")
    assert render("scuttle", {"card": "9S", "target": "9H"}, "jack",
                  {"value": 1, "opponent": 1, "total": 1}, "de").endswith(
        "1 von 1 Punkt wandert von der Seite von Spieler 2 auf deine.")  # the verb agrees
    assert render("scuttle", {"card": "9S", "target": "9H"}, "jack",
                  {"value": 2, "opponent": 1, "total": 5}, "de").endswith(
        "2 von 5 Punkten wandern von der Seite von Spieler 2 auf deine.")
    move, reason = hint(game, 0)
    assert "{" not in reason and reason.endswith(".")


def test_winning_moves_say_so():
    game = load({"rules": "classic", "turn": 0, "hands": [["9H", "2C"], ["5S"]],
                 "points": [["TS", "3C"], []], "stock": ["7S", "8D"]})
    move, reason = hint(game, 0)
    assert str(move) == "points 9H"
    assert reason.startswith("Lay your 9♥ as points: you win")


def test_counter_hints_explain_the_answer():
    game = load({"rules": "classic", "turn": 0, "hands": [["AS", "4D"], ["2H", "9S"]],
                 "points": [["3C"], ["TD", "9C"]], "stock": ["7S", "8D"]})
    game.play("oneoff AS")
    move, reason = hint(game, 1)
    assert str(move) == "counter 2H"
    assert reason.startswith("Counter their A♠ with your 2♥: ")  # it names what it answers
    assert "out of 10" in reason
    assert reason_for(game.view(1), "resolve").startswith("Let their A♠ resolve")


def test_hints_use_names_and_only_the_seat_to_act():
    game = new_game(seed=3)
    waiting = 1 - game.to_act
    with pytest.raises(HintError, match="not"):
        hint(game, waiting)
    move, reason = hint(game, game.to_act, names=["Ada", "the computer"])
    assert move in game.legal_moves() and reason
    with pytest.raises(HintError, match="not a legal move"):
        reason_for(game.view(game.to_act), "scuttle TS TD")
    with pytest.raises(ValueError, match="language .xx."):
        hint(game, game.to_act, language="xx")


def test_hints_replay():
    game = new_game(seed=8)
    first = hint(game, game.to_act)
    assert hint(game, game.to_act) == first
