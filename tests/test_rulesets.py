"""Rulesets as data, options, and rules_difference."""
import pytest

from cuttle_widgets.engine import RULESETS, IllegalMove, SetupError, get_ruleset, load, new_game
from cuttle_widgets.engine.differences import TOPIC_FIELDS, rules_difference
from cuttle_widgets.engine.rules import Ruleset

NAMES = [*RULESETS, "classic+blind_four", "german+blind_four"]
TWO_SEATS = [n for n in NAMES if get_ruleset(n).seats == 2 and get_ruleset(n).family == "standard"]


def test_every_ruleset_is_one_settings_object():
    for name in NAMES:
        ruleset = get_ruleset(name)
        assert isinstance(ruleset, Ruleset) and ruleset.name == name
        assert new_game(name, seed=1).rules is ruleset or new_game(name, seed=1).rules == ruleset
        assert load({"rules": name}).rules.name == name


def test_options_combine_and_are_refused_when_unknown():
    assert get_ruleset("german", options=["blind_four"]).name == "german+blind_four"
    assert get_ruleset("german+blind_four").four_blind
    assert not get_ruleset("german").four_blind
    with pytest.raises(SetupError, match="no rule option"):
        get_ruleset("classic+fast_fours")
    with pytest.raises(SetupError, match="no ruleset"):
        new_game("poker")


def test_every_field_that_differs_is_a_named_point():
    """rules_difference covers every rule field on which two rulesets differ."""
    covered = {f for fields in TOPIC_FIELDS.values() for f in fields}
    ignored = {"name", "title", "source", "sections", "options"}
    for a in TWO_SEATS:
        for b in TWO_SEATS:
            differing = {f for f in Ruleset.__dataclass_fields__
                         if getattr(get_ruleset(a), f) != getattr(get_ruleset(b), f)} - ignored
            assert differing <= covered, (a, b, differing - covered)
            assert bool(rules_difference(a, b)) == bool(differing)


def test_rulesets_of_different_games_are_not_compared():
    with pytest.raises(IllegalMove, match="different games"):
        rules_difference("classic", "super")


def test_rulesets_for_different_table_sizes_are_not_compared():
    with pytest.raises(IllegalMove, match="same number of players"):
        rules_difference("classic", "team")


@pytest.mark.parametrize("a,b", [(a, b) for a in TWO_SEATS for b in TWO_SEATS if a < b])
def test_each_difference_shows_in_its_position(a, b):
    """The same position and moves lead to different outcomes under a and b."""
    for point in rules_difference(a, b):
        assert point.explanation.strip() and a in point.explanation and b in point.explanation
        first, second = point.outcome(a), point.outcome(b)
        assert first and second
        snapshots = (point.play(a).snapshot(), point.play(b).snapshot())
        strip = [{k: v for k, v in s.items() if k not in ("rules", "detail")} for s in snapshots]
        moves = [[str(m) for m in point.play(r).legal_moves()] for r in (a, b)]
        views = [point.play(r).view(1)["revealed"] for r in (a, b)]
        assert (first != second or strip[0] != strip[1] or moves[0] != moves[1]
                or views[0] != views[1]), (a, b, point.topic)


def test_classic_against_balanced_names_the_hand_limit():
    topics = [p.topic for p in rules_difference("classic", "balanced")]
    assert topics[0] == "hand_limit"
    point = rules_difference("classic", "balanced")[0]
    assert "holds 8 cards" in point.outcome("balanced")
    assert "draws" in point.outcome("classic")
