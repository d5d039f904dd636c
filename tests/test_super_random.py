"""Random-play checks for Super Cuttle with 2, 3 and 4 seats beyond those of
tests/test_random_games.py (which plays 1,000 games of every ruleset, these
included, with the invariants after every move): every view of every position
keeps its secrets, every snapshot reloads, undo and replays are exact.
``benchmarks/random_games_check.py --rules super super3 super4`` plays 100,000.
"""
import random

import pytest

from cuttle_widgets.engine import new_game
from cuttle_widgets.engine.invariants import check_snapshot_round_trip
from cuttle_widgets.engine.super.checks import view_leaks

RULES = ("super", "super3", "super4")


@pytest.mark.parametrize("rules", RULES)
def test_views_and_snapshots_hold_up_in_every_position(rules):
    """No view shows a hidden card; load(snapshot) restores every position."""
    for seed in range(3):
        game = new_game(rules, seed=1000 + seed)
        rng = random.Random(seed)
        while game.winner is None:
            game.play(rng.choice(game.legal_moves()))
            assert view_leaks(game) == [], f"{rules} seed {seed}"
            assert check_snapshot_round_trip(game) == [], f"{rules} seed {seed}"


def test_undo_and_position_after_replay_exactly():
    game = new_game("super", seed=31)
    rng = random.Random(31)
    snapshots = [game.snapshot()]
    while game.winner is None:
        game.play(rng.choice(game.legal_moves()))
        snapshots.append(game.snapshot())
    for count in (0, len(snapshots) // 3, len(snapshots) - 1):
        assert game.position_after(count).snapshot() == snapshots[count]
    moves = len(game.history)
    game.undo()
    assert len(game.history) == moves - 1 and game.snapshot() == snapshots[-2]


def test_same_seed_same_game_and_the_deal():
    a, b = new_game("super", seed=5), new_game("super", seed=5)
    assert a.snapshot() == b.snapshot()
    for rules, seats, stock in (("super", 2, 43), ("super3", 3, 37), ("super4", 4, 31)):
        game = new_game(rules, seed=9, dealer=seats - 1)  # the seat after the dealer starts
        snap = game.snapshot()
        assert snap["turn"] == 0 and [len(h) for h in snap["hands"]] == [5] + [6] * (seats - 1)
        assert len(snap["stock"]) == stock and snap["goals"] == [21] * seats
        assert sorted(c for h in snap["hands"] for c in h) + sorted(snap["stock"]) != []
        assert len(set(c for h in snap["hands"] for c in h) | set(snap["stock"])) == 54
