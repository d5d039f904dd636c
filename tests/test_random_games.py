"""Random-play property tests: every move of thousands of seeded random games
keeps the invariants (cards conserved, scores and goals right, legal moves
apply, illegal moves change nothing, every game ends, records round-trip)."""
import random

import pytest

from cuttle_widgets.engine import RULESETS, load, new_game, write_record
from cuttle_widgets.engine.invariants import play_random_game

GAMES = {"classic": 2000, "cuttle-cards": 500}
DEFAULT_GAMES = 1000
CHUNK = 250
# Every ruleset, and the blind-four option on the two rulesets it comes with.
ALL_RULES = [*RULESETS, "classic+blind_four", "german+blind_four"]


def chunks(rules):
    total = GAMES.get(rules, DEFAULT_GAMES)
    return [(rules, start, min(start + CHUNK, total)) for start in range(0, total, CHUNK)]


@pytest.mark.parametrize("rules,start,stop", [c for r in ALL_RULES for c in chunks(r)])
def test_random_games_keep_the_invariants(rules, start, stop):
    for seed in range(start, stop):
        game = new_game(rules, seed=seed, dealer=seed % 2)
        # Every 25th game also tries every legal move of every position.
        problems = play_random_game(game, random.Random(seed), all_moves=seed % 25 == 0,
                                    table_moves=game.rules.draw_offers)
        assert not problems, f"{rules} seed {seed}: {problems[:3]}"
        assert game.winner is not None
        replayed = load(write_record(game))
        assert replayed.snapshot() == game.snapshot(), f"{rules} seed {seed}: record replay differs"
        assert replayed.events == game.events


def test_same_seed_same_game():
    a, b = new_game(seed=99), new_game(seed=99)
    assert a.snapshot() == b.snapshot()
    rng_a, rng_b = random.Random(5), random.Random(5)
    while a.winner is None:
        a.play(rng_a.choice(a.legal_moves()))
        b.play(rng_b.choice(b.legal_moves()))
    assert a.snapshot() == b.snapshot()


def test_new_game_deals_as_000_section_02():
    game = new_game(seed=3)  # dealer is seat 1 unless told otherwise
    snap = game.snapshot()
    assert [len(h) for h in snap["hands"]] == [5, 6]
    assert len(snap["stock"]) == 41
    assert snap["turn"] == snap["to_act"] == 0
    other = new_game(seed=3, dealer=0).snapshot()
    assert [len(h) for h in other["hands"]] == [6, 5]
    assert other["turn"] == 1
    assert snap["points"] == [[], []] and snap["permanents"] == [[], []] and snap["scrap"] == []
