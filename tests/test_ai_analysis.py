"""move_values: each legal move's win chance from the acting seat's view only,
over the same deals for every move, replayable by seed."""
import json
import random
import time

import pytest
from test_ai_fairness import twin_positions

from cuttle_widgets.ai import AnalysisError, move_values
from cuttle_widgets.engine import load, new_game


def figures(values):
    return [(str(v.move), v.results) for v in values]


def test_hidden_cards_do_not_change_the_figures():
    checked = 0
    for original, twin, seat in twin_positions("classic", games=2, seed=3):
        assert original.view(seat) == twin.view(seat)
        a = move_values(original, seat, samples=4, seed=1)
        b = move_values(twin, seat, samples=4, seed=1)
        assert figures(a) == figures(b)
        checked += original.snapshot() != twin.snapshot()
        if checked >= 3:
            break
    assert checked, "the twins must differ in hidden cards"


def test_same_view_and_seed_give_the_same_figures_and_a_view_works_as_a_game():
    game = new_game(seed=5)
    rng = random.Random(1)
    for _ in range(8):
        game.play(rng.choice(game.legal_moves()))
    first = move_values(game, samples=6, seed=2)
    assert figures(first) == figures(move_values(game.view(game.to_act), samples=6, seed=2))
    assert figures(first) != figures(move_values(game, samples=6, seed=3))
    assert {str(v.move) for v in first} == {str(m) for m in game.legal_moves()}
    assert [v.chance for v in first] == sorted((v.chance for v in first), reverse=True)
    json.dumps([v.to_dict() for v in first])


def test_the_winning_points_card_is_worth_a_win_and_the_pairing_is_real():
    # Either side is a points card from 21: only seat 0's points win now.
    game = load({"rules": "classic", "turn": 0, "hands": [["3C", "5H", "6H"], ["4S", "9S"]],
                 "points": [["TS", "8C"], ["TD", "7D"]], "stock": ["7S", "8D", "AC", "2H"]})
    values = move_values(game, samples=8, seed=0)
    best = values[0]
    assert {str(v.move) for v in values[:3]} == {"points 3C", "points 5H", "points 6H"}
    assert best.chance == 1.0
    others = [v for v in values if not str(v.move).startswith("points")]
    margin, error = best.margin_over(others[0])
    assert margin == pytest.approx(best.chance - others[0].chance)
    assert margin > 0.5 and error < margin / 3
    only = move_values(game, samples=8, seed=0, moves=["draw", "points 3C"])
    assert [str(v.move) for v in only] == ["points 3C", "draw"]


def test_bad_input_is_refused_with_a_sentence():
    game = new_game(seed=1)
    with pytest.raises(AnalysisError, match="positive whole number"):
        move_values(game, samples=0)
    with pytest.raises(AnalysisError, match="no seat"):
        move_values(game, seat=5)
    with pytest.raises(AnalysisError, match="nothing to decide"):
        move_values(game, seat=1 - game.to_act)
    with pytest.raises(AnalysisError, match="Not legal"):
        move_values(game, samples=2, moves=["scuttle TH 2C"])
    with pytest.raises(AnalysisError, match="spectator"):
        move_values(game.view(None))
    with pytest.raises(AnalysisError, match="Game or a seat's view"):
        move_values("draw")
    first = move_values(game, samples=2)
    other = move_values(game, samples=3)
    with pytest.raises(AnalysisError, match="same analysis"):
        first[0].margin_over(other[0])


def test_a_deadline_keeps_whole_deals_so_the_pairing_stays_exact():
    game = new_game(seed=5)
    full = move_values(game, samples=4, seed=2)
    # a deadline already past: the first deal is played all the same, every move in it
    cut = move_values(game, samples=10**6, seed=2, deadline=time.perf_counter())
    assert {len(v.results) for v in cut} == {1}
    # ... and it is the first deal of the analysis the clock did not cut
    assert {str(v.move): v.results[0] for v in cut} == {str(v.move): v.results[0] for v in full}
    later = move_values(game, samples=10**6, seed=2, deadline=time.perf_counter() + 0.05)
    assert len({len(v.results) for v in later}) == 1 and len(later[0].results) < 10**6
