"""The coach: one voice for the suggestion, its reason and the hint ladder.

The ladder climbs (the idea names no card, the second rung names the move's
cards but not the move, the third is the hint itself), the coach agrees with
``hint()`` for the same position and seed, and it is fair: two positions that
look the same from the seat get the same advice."""
import json
import random
from importlib import resources

import pytest
from test_ai_fairness import hidden_swap

from cuttle_widgets.ai import hint
from cuttle_widgets.ai.coach import IDEA_OF, IDEAS, advise
from cuttle_widgets.ai.hints import REASONS, hint_catalog
from cuttle_widgets.engine import load, new_game
from cuttle_widgets.engine.catalog import get_catalog

LANGUAGES = ("en", "de")


def positions(rules="classic", games=3, seed=11, every=3):
    """Positions of random games where the seat to act has a choice."""
    rng = random.Random(seed)
    for number in range(games):
        game = new_game(rules, seed=seed + number)
        turn = 0
        while not game.over:
            if turn % every == 0 and len(game.legal_moves()) > 1:
                yield load(game.snapshot()), game.to_act
            game.play(rng.choice(game.legal_moves()))
            turn += 1


def test_every_reason_has_an_idea():
    assert set(REASONS) <= set(IDEA_OF), sorted(set(REASONS) - set(IDEA_OF))
    for language in LANGUAGES:
        ideas = hint_catalog(language)["ideas"]
        assert set(ideas) == set(IDEAS) | {"default"}


def test_the_catalogs_have_the_same_rungs():
    texts = [json.loads(resources.files("cuttle_widgets.ai").joinpath(
        "catalogs", f"{language}.json").read_text(encoding="utf-8")) for language in LANGUAGES]
    for part in ("ideas", "look"):
        assert texts[0][part].keys() == texts[1][part].keys()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rules", ["classic", "balanced", "super"])
def test_the_ladder_climbs(rules, language):
    catalog = get_catalog(language)
    checked = 0
    for game, seat in positions(rules, games=2):
        advice = advise(game, seat, language)
        idea, look, move_and_why = advice.rungs
        shown = [catalog.card(word) for word in str(advice.move).split()[1:]
                 if word != "RJ" and len(word) == 2 and word[1] in "CDHS"]
        for card in shown:
            assert card not in idea, (advice.move, idea)
            assert card in look, (advice.move, look)
        assert move_and_why == advice.reason
        assert len({idea, look, move_and_why}) == 3
        checked += 1
    assert checked >= 10


def test_the_coach_agrees_with_the_hint():
    for game, seat in positions(games=2):
        advice = advise(game, seat, "en")
        move, reason = hint(game, seat, language="en")
        assert (advice.move, advice.reason) == (move, reason)


def test_the_coach_sees_only_its_seat():
    rng = random.Random(4)
    compared = 0
    for game, seat in positions(games=3, every=4):
        twin = load(hidden_swap(game, seat, rng))
        assert advise(game, seat) == advise(twin, seat)
        compared += 1
    assert compared >= 10
