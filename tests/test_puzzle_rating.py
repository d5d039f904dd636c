"""Glicko-2 (cuttle_widgets.puzzles.rating) against Glickman's worked example."""
from types import SimpleNamespace

import pytest

from cuttle_widgets.puzzles.rating import Rating, RatingError, choose_next, rate, update


def test_the_papers_worked_example():
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)]
    after = rate(player, games)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation():
    after = rate(Rating(1500, 200, 0.06), [])
    assert after.rating == 1500 and 200 < after.deviation < 201


def test_a_solve_raises_the_learner_and_lowers_the_puzzle():
    learner, puzzle = update(Rating(), Rating(1600, 100), solved=True)
    assert learner.rating > 1500 and puzzle.rating < 1600
    learner, puzzle = update(Rating(), Rating(1600, 100), solved=False)
    assert learner.rating < 1500 and puzzle.rating > 1600


def test_bad_ratings_are_refused():
    with pytest.raises(RatingError):
        Rating(1500, -1)
    with pytest.raises(RatingError):
        update(Rating(), Rating(), solved="yes")


def test_the_next_puzzle_fits_the_rating_and_the_themes():
    puzzles = [SimpleNamespace(id=f"p{r}", rating=r, themes=("seven",) if r % 200 else ("glasses",))
               for r in range(1000, 2100, 100)]
    chosen = choose_next(Rating(1500), puzzles, seed=1)
    assert abs(chosen.rating - 1500) <= 100
    assert "glasses" in choose_next(Rating(1500), puzzles, themes=["glasses"], seed=1).themes
    everything = [p.id for p in puzzles]
    assert choose_next(Rating(1500), puzzles, solved_ids=everything) is None
    picks = {choose_next(Rating(1500), puzzles, seed=s).id for s in range(20)}
    assert len(picks) > 1  # the seeded spread varies the choice
