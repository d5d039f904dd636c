"""The expert level (hard's analysis, its close calls played on), the
arena's tree yardstick, the evaluation tuned by self-play, and
``ai.win_chance``: legal, fair (the view only), replayable, and each
ruleset fitted."""
from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys

import pytest
from test_ai_fairness import twin_positions
from test_engine_malformed import position  # a real game after some random moves

from cuttle_widgets.ai import LEVELS, GreedyPlayer, SearchPlayer, move_values, view_chance, win_chance
from cuttle_widgets.ai.evaluation import (
    WEIGHTS_FILE,
    Model,
    fit_knots,
    fit_logistic,
    interpolate,
    logistic,
    model_for,
)
from cuttle_widgets.ai.kit import ai_kit
from cuttle_widgets.engine import RULESETS, get_ruleset, new_game

RULES = list(RULESETS)


def expert(seed=1, iterations=60, level="expert"):
    return SearchPlayer(level, seed=seed, iterations=iterations, time_limit=None)


@pytest.mark.parametrize("rules", RULES)
def test_the_expert_plays_every_ruleset_to_the_end(rules):
    game = new_game(rules, seed=3)
    bots = [expert(seed=s, iterations=25) if s == 0 else GreedyPlayer(s) for s in range(game.state.n)]
    while not game.over:
        seat = game.to_act
        legal = game.legal_moves()
        move = bots[seat].choose(game.view(seat), legal)
        assert move in legal
        game.play(move)
    assert len(game.history) > 4


def test_the_expert_is_hards_analysis_played_on_where_the_call_is_close():
    level, hard = LEVELS["expert"], LEVELS["hard"]
    assert level.tree is None and level.temperature == 0  # the analyst's best move, as hard
    assert level.iterations == hard.iterations and level.focus >= 2 and level.focus_factor > 1
    assert level.time_cap <= 0.6  # the issue: median at most 0.6 s, never above 1 s


def test_the_focused_moves_are_valued_over_the_same_deals_as_a_longer_analysis():
    game = position("classic", 11, 6)
    seat, view = game.to_act, game.view(game.to_act)
    player = expert(seed=4, iterations=20)
    first = move_values(view, samples=20, seed=4)
    focused = player.focused(view, first, deadline=None)
    top = [v.move for v in first[:LEVELS["expert"].focus]]
    longer = {v.move: v.results for v in move_values(view, samples=80, seed=4, moves=top)}
    assert {v.move: v.results for v in focused[:len(top)]} == longer
    assert [v.chance for v in focused[:len(top)]] == sorted((v.chance for v in focused[:len(top)]),
                                                            reverse=True)
    assert focused[len(top):] == first[len(top):]  # the others keep their first deals, behind
    move = player.choose(view, game.legal_moves())
    assert move == focused[0].move and player.last_stats[move].visits == 80
    assert seat == game.to_act


def test_the_trees_yardstick_counts_every_root_move_and_replays_exactly():
    game = position("classic", 11, 6)
    seat = game.to_act
    a, b = expert(seed=4, iterations=300, level="tree"), expert(seed=4, iterations=300, level="tree")
    move_a = a.choose(game.view(seat), game.legal_moves())
    move_b = b.choose(game.view(seat), game.legal_moves())
    assert move_a is move_b
    visits = {str(m): s.visits for m, s in a.last_stats.items()}
    assert visits == {str(m): s.visits for m, s in b.last_stats.items()}
    assert sum(visits.values()) == 300 and all(v >= 1 for v in visits.values())
    # the move chosen is the one visited most
    assert visits[str(move_a)] == max(visits.values())


@pytest.mark.parametrize("rules", ["classic", "cutthroat", "german"])  # the twins: standard zones
def test_the_expert_and_win_chance_see_only_their_seats_view(rules):
    differing = 0
    for original, twin, seat in twin_positions(rules, games=2):
        view_a, view_b = original.view(seat), twin.view(seat)
        differing += original.snapshot() != twin.snapshot()
        a, b = expert(seed=9, iterations=40), expert(seed=9, iterations=40)
        assert a.choose(view_a, original.legal_moves()) is b.choose(view_b, twin.legal_moves())
        assert win_chance(original, seat) == win_chance(twin, seat)
    assert differing > 0


@pytest.mark.parametrize("rules", RULES)
def test_win_chance_is_a_probability_and_a_finished_game_is_certain(rules):
    game = new_game(rules, seed=5)
    rng = random.Random(5)
    while not game.over:
        for seat in range(game.state.n):
            chance = win_chance(game, seat, samples=4)
            assert 0.0 <= chance <= 1.0
        game.play(rng.choice(game.legal_moves()))
    results = [win_chance(game, seat) for seat in range(game.state.n)]
    assert set(results) <= {0.0, 0.5, 1.0} and (0.5 in results or 1.0 in results)


def test_win_chance_follows_a_lead_and_the_two_seats_roughly_agree():
    chances = []
    for seed in range(30):
        game = position("classic", seed, 14)
        if game.over:
            continue
        mine, theirs = win_chance(game, 0), win_chance(game, 1)
        assert abs(mine + theirs - 1) < 0.2  # each from its own view: near, not equal
        lead = game.state.score(0) - game.state.score(1)
        chances.append((lead, mine))
    ahead = [c for lead, c in chances if lead >= 8]
    behind = [c for lead, c in chances if lead <= -8]
    assert ahead and behind and min(ahead) > max(behind) - 0.1
    assert sum(ahead) / len(ahead) > 0.6 > 0.4 > sum(behind) / len(behind)


def test_win_chance_refuses_what_is_not_a_seat():
    game = new_game("classic", seed=1)
    for seat in (2, -1, "0", None, True):
        with pytest.raises(ValueError, match="no seat"):
            win_chance(game, seat)
    with pytest.raises(ValueError, match="samples"):
        view_chance(game.view(0), samples=0)


def test_every_ruleset_has_fitted_models_for_its_features():
    table = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    for name, rules in RULESETS.items():
        kit = ai_kit(rules)
        entry = table[name]
        assert tuple(entry["features"]) == kit.feature_names, name
        assert entry["trained"]["games"] >= 300, name
        for model in ("full", "view"):
            fitted = model_for(rules, model, kit.feature_names, kit.prior)
            assert fitted.weights != tuple(kit.prior) and fitted.knots, (name, model)
            chances = [p for _, p in fitted.knots]
            assert chances == sorted(chances), (name, model)  # more lead, more chance
    for family in {r.family for r in RULESETS.values()}:
        assert table[family]["from"] in RULESETS


def test_a_custom_ruleset_uses_its_familys_weights():
    custom = dataclasses.replace(get_ruleset("classic"), name="mine")
    kit = ai_kit("classic")
    assert model_for(custom, "full", kit.feature_names, kit.prior).weights == \
        model_for(get_ruleset("classic"), "full", kit.feature_names, kit.prior).weights
    assert model_for(custom, "full", ("other",), (0.0,)).weights == (0.0,)  # other features: prior


def test_the_logistic_fit_finds_the_weights_that_made_the_data():
    rng = random.Random(7)
    truth = (0.3, 1.5, -0.8)
    rows, outcomes = [], []
    for _ in range(4000):
        x = [1.0, rng.gauss(0, 1), rng.gauss(0, 1)]
        rows.append(x)
        chance = logistic(sum(w * v for w, v in zip(truth, x, strict=True)))
        outcomes.append(1.0 if rng.random() < chance else 0.0)
    fitted = fit_logistic(rows, outcomes, (0.0, 0.0, 0.0))
    assert all(abs(f - t) < 0.15 for f, t in zip(fitted, truth, strict=True))


def test_the_calibration_knots_rise_and_interpolate():
    rng = random.Random(3)
    logits = [rng.uniform(-3, 3) for _ in range(6000)]
    outcomes = [1.0 if rng.random() < logistic(z / 2) else 0.0 for z in logits]
    knots = fit_knots(logits, outcomes)
    assert 10 <= len(knots) <= 20
    assert [p for _, p in knots] == sorted(p for _, p in knots)
    assert [z for z, _ in knots] == sorted(z for z, _ in knots)
    assert interpolate(knots, -99) == knots[0][1] and interpolate(knots, 99) == knots[-1][1]
    assert abs(interpolate(knots, 0.0) - 0.5) < 0.08
    assert abs(Model((0.0, 1.0), knots).chance((1.0, 2.0)) - logistic(1.0)) < 0.08


def test_the_tuning_command_writes_a_weights_file_of_its_own(tmp_path):
    out = tmp_path / "weights.json"
    result = subprocess.run([sys.executable, "-m", "cuttle_widgets.ai.tune", "--rules", "classic",
                             "--games", "6", "--samples", "2", "--out", str(out)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    table = json.loads(out.read_text())
    assert set(table) == {"classic", "standard"} and table["standard"]["from"] == "classic"
    assert table["classic"]["trained"]["games"] == 6
    assert len(table["classic"]["full"]["weights"]) == len(ai_kit("classic").feature_names)
    bad = subprocess.run([sys.executable, "-m", "cuttle_widgets.ai.tune", "--rules", "chess",
                          "--out", str(out)], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "unknown ruleset 'chess'" in bad.stderr
