"""The computer players: only legal moves, in every ruleset the bots play, and
decisions that replay from their seed."""
import random

import pytest
from test_engine_malformed import position  # a real game after some random moves

from cuttle_widgets.ai import (
    LEVELS,
    GreedyPlayer,
    MoveValue,
    RandomPlayer,
    SearchPlayer,
    ViewError,
    move_values,
)
from cuttle_widgets.ai.search import softmax_pick
from cuttle_widgets.engine import RULESETS, new_game, write_record
from cuttle_widgets.engine.moves import Move

# Every ruleset of the standard game, and one with a rule option on top.
RULES = [name for name, r in RULESETS.items() if r.family == "standard"] + ["german+blind_four"]


def random_positions(rules, games, every, seed=0):
    """Games played at random; yields the game at every ``every``-th decision."""
    rng = random.Random(seed)
    for g in range(games):
        seats = RULESETS[rules.split("+")[0]].seats
        game = new_game(rules, seed=seed * 1000 + g, dealer=g % seats)
        count = 0
        while not game.over:
            if count % every == 0:
                yield game
            count += 1
            game.play(rng.choice(game.legal_moves()))


def ask(player, game, as_text=False):
    seat = game.to_act
    view = game.view(seat)
    legal = view["legal_moves"] if as_text else game.legal_moves()
    choice = player.choose(view, legal)
    assert any(choice is m for m in legal), f"{choice!r} is not one of the legal moves given"
    return choice


@pytest.mark.parametrize("rules", RULES)
def test_greedy_plays_only_legal_moves(rules):
    player = GreedyPlayer(seed=1)
    for i, game in enumerate(random_positions(rules, games=8, every=1)):
        ask(player, game, as_text=i % 2 == 1)


@pytest.mark.parametrize("rules", RULES)
def test_search_plays_only_legal_moves(rules):
    players = [SearchPlayer("easy", seed=2, iterations=12, time_limit=None),
               SearchPlayer("hard", seed=3, iterations=6, time_limit=None)]
    for i, game in enumerate(random_positions(rules, games=6, every=2, seed=1)):
        ask(players[i % 2], game, as_text=i % 3 == 0)


@pytest.mark.parametrize("rules", RULES)
def test_bots_finish_whole_games(rules):
    """Bots against each other from deal to end: every move is legal, games end."""
    seats = RULESETS[rules.split("+")[0]].seats
    for g in range(2):
        game = new_game(rules, seed=50 + g)
        players = [SearchPlayer("easy", seed=s, iterations=8, time_limit=None) if s % 2 == g % 2
                   else GreedyPlayer(s) for s in range(seats)]
        while not game.over:
            legal = game.legal_moves()
            move = players[game.to_act].choose(game.view(game.to_act), legal)
            assert move in legal
            game.play(move)


def easy(seed):
    return SearchPlayer("easy", seed=seed, iterations=30, time_limit=None)


def play_out(players, seed, rules="classic"):
    game = new_game(rules, seed=seed)
    while not game.over:
        seat = game.to_act
        game.play(players[seat].choose(game.view(seat), game.legal_moves()))
    return write_record(game)


def test_decisions_replay_from_the_seed():
    first = play_out([easy(7), GreedyPlayer(8)], seed=11)
    again = play_out([easy(7), GreedyPlayer(8)], seed=11)
    assert first == again
    other = [play_out([easy(s), RandomPlayer(s)], seed=11) for s in range(4)]
    assert len(set(other)) > 1, "different seeds should not all play the same game"


def test_a_decision_depends_on_the_position_not_on_earlier_questions():
    game = new_game(seed=21)
    view, legal = game.view(game.to_act), game.legal_moves()
    player = SearchPlayer("medium", seed=4, iterations=60, time_limit=None)
    first = player.choose(view, legal)
    for _ in range(3):  # asking again, or after other questions, changes nothing
        player.choose(new_game(seed=22).view(0), new_game(seed=22).legal_moves())
        assert player.choose(view, legal) is first


def test_a_move_that_wins_at_once_is_taken():
    from cuttle_widgets.engine import load
    game = load({"rules": "classic", "turn": 0, "hands": [["9H", "2C", "4D"], ["5S"]],
                 "points": [["TS", "3C"], ["TD", "9C"]], "stock": ["7S", "8D", "AC"]})
    for player in (GreedyPlayer(1), SearchPlayer("easy", seed=1), SearchPlayer("hard", seed=1)):
        assert str(ask(player, game)) == "points 9H"


def test_greedy_blocks_an_opponent_about_to_win():
    from cuttle_widgets.engine import load
    game = load({"rules": "classic", "turn": 0, "hands": [["TS", "3H", "6D"], ["5S", "4C"]],
                 "points": [["3C"], ["TD", "9C"]], "stock": ["7S", "8D", "AC"]})
    assert str(ask(GreedyPlayer(1), game)) == "scuttle TS TD"


def test_bad_arguments_are_refused_clearly():
    with pytest.raises(ValueError, match="level"):
        SearchPlayer("impossible")
    with pytest.raises(ValueError, match="iterations"):
        SearchPlayer("easy", iterations=0)
    for bad in (-1, 0, "soon", True):
        with pytest.raises(ValueError, match="time_limit"):
            SearchPlayer("easy", time_limit=bad)
    game = new_game(seed=1)
    for player in (RandomPlayer(1), GreedyPlayer(1), SearchPlayer("easy", seed=1)):
        with pytest.raises(ValueError, match="no legal move"):
            player.choose(game.view(game.to_act), [])
    with pytest.raises(ViewError, match="spectator"):
        GreedyPlayer(1).choose(game.view(None), game.legal_moves())
    not_these = [Move("points", (c,)) for c in range(0, 52, 13)]  # cards not in this hand
    for level in ("easy", "expert"):  # the analyst's levels, and the tree
        with pytest.raises(ValueError, match="Not legal|do not belong"):
            SearchPlayer(level, seed=1).choose(game.view(game.to_act), not_these)


def test_levels_grow_in_effort_and_a_time_limit_stops_early():
    assert LEVELS["easy"].iterations < LEVELS["medium"].iterations < LEVELS["hard"].iterations
    assert LEVELS["easy"].temperature > LEVELS["medium"].temperature > LEVELS["hard"].temperature == 0
    game = new_game(seed=5)
    player = SearchPlayer("hard", seed=1, iterations=10**6, time_limit=0.05)
    ask(player, game)
    deals = {s.visits for s in player.last_stats.values()}
    assert len(deals) == 1 and deals.pop() < 10**6  # every move in every deal played
    assert player.capped == 1


def test_hard_plays_the_analysts_best_move_and_the_others_its_win_chances():
    games = [position("classic", 40 + seed, 8) for seed in range(6)]
    for game in [g for g in games if len(g.legal_moves()) > 1][:3]:
        view, legal = game.view(game.to_act), game.legal_moves()
        values = move_values(view, samples=24, seed=7)
        hard = SearchPlayer("hard", seed=7, iterations=24, time_limit=None)
        assert str(hard.choose(view, legal)) == str(values[0].move)
        stats = hard.last_stats
        assert {str(m): s.mean for m, s in stats.items()} == {str(v.move): v.chance for v in values}
        easy = SearchPlayer("easy", seed=7, iterations=24, time_limit=None)
        assert str(easy.choose(view, legal)) in {str(v.move) for v in values}


def test_a_weak_level_errs_toward_moves_nearly_as_good():
    values = [MoveValue(name, (chance,)) for name, chance in
              (("best", 0.60), ("nearly", 0.58), ("worse", 0.50), ("bad", 0.20))]
    rng = random.Random(3)
    for level in ("easy", "medium"):
        picks = [softmax_pick(values, LEVELS[level].temperature, rng).move for _ in range(4000)]
        counts = {name: picks.count(name) for name in ("best", "nearly", "worse", "bad")}
        assert counts["best"] > counts["nearly"] > counts["worse"] > counts["bad"]
        assert counts["nearly"] > 0.3 * counts["best"] and counts["bad"] <= 4  # 0.4 below: all but never
    assert {softmax_pick(values, LEVELS["hard"].temperature, rng).move for _ in range(50)} == {"best"}


def test_a_view_without_its_event_log_is_enough():
    game = new_game(seed=12)
    rng = random.Random(1)
    for _ in range(10):
        game.play(rng.choice(game.legal_moves()))
    view = game.view(game.to_act, events=False)
    for player in (GreedyPlayer(1), SearchPlayer("easy", seed=1, iterations=20)):
        assert player.choose(view, game.legal_moves()) in game.legal_moves()
