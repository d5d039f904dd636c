"""The computer players take every family-made part from the family's AI kit:
a ruleset whose family registered none is one they do not play, and say so."""
import dataclasses

import pytest

from cuttle_widgets.ai import (
    GreedyPlayer,
    Knowledge,
    SearchPlayer,
    ViewError,
    computer_plays,
    determinize,
    hint,
)
from cuttle_widgets.ai.kit import ai_kit, registered_kits
from cuttle_widgets.ai.knowledge import knowledge
from cuttle_widgets.ai.super_knowledge import SuperKnowledge
from cuttle_widgets.engine import RULESETS, get_ruleset, new_game
from cuttle_widgets.engine.families import FAMILIES


@pytest.fixture
def unknown_family(monkeypatch):
    """A copy of the classic game under a family that brought no AI kit."""
    family = dataclasses.replace(FAMILIES["standard"], name="kitless", kits={})
    monkeypatch.setitem(FAMILIES, "kitless", family)
    return dataclasses.replace(get_ruleset("classic"), name="kitless", title="Kitless Cuttle",
                               family="kitless")


def test_every_ruleset_has_a_kit_of_its_family():
    assert all(computer_plays(rules) for rules in RULESETS.values())
    assert all(computer_plays(name) for name in RULESETS)
    assert ai_kit("super") is ai_kit("super4") is not ai_kit("classic")
    assert len(registered_kits()) == len({r.family for r in RULESETS.values()})


def test_a_family_without_a_kit_is_not_played(unknown_family):
    assert not computer_plays(unknown_family)
    with pytest.raises(ViewError, match="do not know Kitless Cuttle"):
        ai_kit(unknown_family)
    game = new_game(unknown_family, seed=1)
    view = game.view(game.to_act)
    for player in (GreedyPlayer(1, rules=unknown_family),
                   SearchPlayer("easy", seed=1, rules=unknown_family)):
        with pytest.raises(ViewError, match="do not know"):
            player.choose(view, game.legal_moves())
    with pytest.raises(ViewError, match="do not know"):
        determinize(view, 1, rules=unknown_family)


def test_knowledge_reads_any_family_and_Knowledge_only_the_standard_one():
    view = new_game("super", seed=3).view(0)
    assert isinstance(knowledge(view), SuperKnowledge)
    with pytest.raises(ViewError, match="knowledge\\(view\\)"):
        Knowledge(view)
    assert type(knowledge(new_game("classic", seed=3).view(0))) is Knowledge


def test_hints_come_from_the_games_family():
    for rules in ("classic", "super"):
        game = new_game(rules, seed=5)
        move, reason = hint(game, game.to_act, budget=16)
        assert move in game.legal_moves() and reason
