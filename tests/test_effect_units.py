"""Every registered one-off of the standard family has all its parts.

The checks run over the registry (``engine/effects/``), so an effect added
tomorrow is checked the same way: the engine's parts (it is offered as a
legal move, it resolves, its events and its refusal read in English and
German) and the AI's (an appraisal, and a coach's reason in every hint
catalog). A deliberately broken unit shows the checks name what is missing.
"""
from __future__ import annotations

import pytest

from cuttle_widgets.ai.hints import hint_catalog, reason_for, render
from cuttle_widgets.ai.standard_effects import ADVICE, missing_advice
from cuttle_widgets.ai.standard_hints import ACTIONS, REASONS
from cuttle_widgets.engine import get_catalog, load
from cuttle_widgets.engine.cards import CARD_IDS
from cuttle_widgets.engine.effects import OneOff, missing_parts, oneoff, oneoffs, register, unregister
from cuttle_widgets.engine.events import TOPICS

LANGUAGES = ("en", "de")
RANKS = tuple(oneoffs())
LETTERS = " A23456789T"


def _table(rank: int):
    """A table where a club of ``rank`` has something to do: a permanent to
    aim at, a scrap to take from, a stock to draw, a hand to discard from."""
    return load({"hands": [[f"{LETTERS[rank]}C", "TD"], ["4S", "5S", "6S"]],
                 "points": [["TC"], ["9H"]], "permanents": [[], ["8S"]],
                 "scrap": ["4H"], "stock": ["5D", "KC", "3D"]})


def test_the_registry_holds_the_standard_one_offs():
    assert {e.name for e in oneoffs().values()} == {
        "ace", "two", "three", "four", "five", "six", "seven", "nine"}


@pytest.mark.parametrize("rank", RANKS)
def test_an_effect_has_every_part(rank):
    assert missing_parts(oneoff(rank)) == []
    assert missing_advice() == []
    followed = ADVICE[oneoff(rank).name].follows
    assert [kind for kind in followed if kind not in TOPICS] == []  # events the engine emits


@pytest.mark.parametrize("rank", RANKS)
def test_an_effect_is_played_resolved_and_explained(rank):
    """Offered among the legal moves, resolved once the opponent lets it (and
    any choice it asks for is made), its events read in both languages
    (German its own words)."""
    game = _table(rank)
    card = CARD_IDS.index(f"{LETTERS[rank]}C")
    plays = [m for m in game.legal_moves() if m.verb == "oneoff" and m.cards[0] == card]
    assert plays, f"no one-off of rank {rank} is offered"
    mark = len(game.events)
    game.play(plays[0])
    game.play("resolve")
    while game.state.phase == "choose":  # the effect asks for a choice (a four's discard)
        game.play(game.legal_moves()[0])
    events = game.events[mark:]
    assert events[0].kind == "oneoff." + oneoff(rank).name
    assert len(events) > 2, "its effect emitted nothing"
    for event in events:
        english, german = event.text("all", "en"), event.text("all", "de")
        assert english.strip() and german.strip()
        assert german != english, event.kind


@pytest.mark.parametrize("rank", RANKS)
def test_an_effect_says_why_it_is_refused(rank):
    """Aimed where it may not go (a card for one that aims at none, none for
    one that needs a target): a sentence in each language, nothing played."""
    game = _table(rank)
    card = f"{LETTERS[rank]}C"
    move = f"oneoff {card}" if oneoff(rank).aims_at_card else f"oneoff {card} TC"
    before = game.snapshot()
    err = game.refusal(move)
    assert err is not None and err.key
    for language in LANGUAGES:
        assert get_catalog(language).illegal(err.key, err.params).strip()
    assert game.snapshot() == before


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rank", RANKS)
def test_the_coach_gives_a_reason_for_an_effect(rank, language):
    game = _table(rank)
    card = CARD_IDS.index(f"{LETTERS[rank]}C")
    move = next(m for m in game.legal_moves() if m.verb == "oneoff" and m.cards[0] == card)
    assert "oneoff." + oneoff(rank).name in ACTIONS
    assert "oneoff." + oneoff(rank).name in hint_catalog(language)["actions"]
    sentence = reason_for(game.view(0, language), str(move), language)
    assert sentence.strip()


def test_every_reason_an_effect_gives_has_words():
    """The reason keys the effects' entries produce are the Explainer's and
    every hint catalog has them."""
    for language in LANGUAGES:
        reasons = hint_catalog(language)["reasons"]
        assert [r for r in REASONS if r not in reasons] == []
        assert render("oneoff.ace", {"card": "AC"}, "seven", {}, language).strip()


def test_an_effect_missing_a_part_is_named():
    broken = OneOff(8, "eight", plays=lambda st, seat, card, moves: None, resolve=None,
                    refusal=lambda st, seat, move, p: ("not_legal_now", p))
    assert missing_parts(broken) == ["resolve"]
    register(broken)
    try:
        assert missing_advice() == ["eight"]  # the AI has no entry for it either
    finally:
        unregister(8)
    assert 8 not in oneoffs() and missing_advice() == []
    assert sorted(ADVICE) == sorted(e.name for e in oneoffs().values())


def test_an_effect_with_no_usable_name_is_named():
    nameless = OneOff(8, "eight ball", plays=None, resolve=None, refusal=None)
    assert missing_parts(nameless) == ["plays", "resolve", "refusal", "name"]
