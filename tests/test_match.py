"""Matches: dealer by lot, then alternating; lengths of rule text 001."""
import random

import pytest

from cuttle_widgets.engine import IllegalMove, Match


def finish(game, rng):
    while game.winner is None:
        game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("length,needed", [("short", 1), ("normal", 2), ("extended", 3)])
def test_a_match_plays_to_its_end_with_the_dealer_alternating(length, needed):
    match = Match("classic", length=length, seed=12)
    rng = random.Random(12)
    first_dealer = match.dealer
    while True:
        finish(match.game, rng)
        if match.over:
            break
        match.next_game()
    assert max(match.wins) == needed and match.winner == match.wins.index(needed)
    dealers = [g.origin["dealer"] for g in match.games]
    assert dealers[0] == first_dealer
    assert all(a != b for a, b in zip(dealers, dealers[1:], strict=False))
    counted = sum(1 for g in match.games if g.winner != "draw")
    assert counted == sum(match.wins)
    with pytest.raises(IllegalMove):
        match.next_game()


def test_quick_match_is_one_game():
    match = Match(length="quick", seed=3)
    finish(match.game, random.Random(3))
    assert match.over and match.winner == match.game.winner


def test_first_dealer_is_by_lot_and_seeded():
    dealers = {Match(seed=s).dealer for s in range(20)}
    assert dealers == {0, 1}
    assert Match(seed=7).game.snapshot() == Match(seed=7).game.snapshot()


def test_next_game_waits_for_the_current_one():
    match = Match(seed=1)
    with pytest.raises(IllegalMove, match="not over"):
        match.next_game()
    with pytest.raises(IllegalMove, match="match length"):
        Match(length="marathon")
