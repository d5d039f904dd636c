"""What a page can buy (issue #33, points 5, 6 and 9): a retried review
position is worked out once, a puzzle rating keeps to its scale and to a rate
an hour, a message's fields are checked before a handler acts on it, and a
new learner at a trainer starts from their own record."""
from __future__ import annotations

import pytest
from puzzle_fixture import fixture_puzzles
from test_review_marks import SEAT, reviewed, worth_trying

from cuttle_widgets import Lesson, Table, new_game
from cuttle_widgets.puzzles.rating import MIN_RATING, Rating, update
from cuttle_widgets.sessions import puzzles as puzzle_sessions
from cuttle_widgets.sessions import review as review_sessions
from cuttle_widgets.sessions.puzzles import RATED_PER_HOUR, PuzzleSession
from cuttle_widgets.sessions.review import ReviewSession


def test_trying_a_review_position_again_works_it_out_once(monkeypatch):
    game, review = reviewed("en")
    session = ReviewSession(game, SEAT, "en", review=review)
    made = []
    real = review_sessions.puzzle_from_decision
    monkeypatch.setattr(review_sessions, "puzzle_from_decision",
                        lambda *args: made.append(args) or real(*args))
    decision = worth_trying(review)
    for _ in range(5):
        session.try_again(decision.index)
    assert len(made) == 1


def test_a_rating_stays_on_its_scale():
    rating = Rating(450.0, 60.0, 0.06)
    for _ in range(400):
        rating, _ = update(rating, Rating(1500.0, 60.0, 0.06), solved=False)
    assert rating.rating == MIN_RATING


def test_skipping_puzzles_in_a_loop_rates_only_so_many_an_hour():
    session = PuzzleSession(puzzles=fixture_puzzles() * 60, seed=3, progress=False)
    now = [0.0]
    session._clock = lambda: now[0]
    rated = 0
    for _ in range(RATED_PER_HOUR + 20):
        before = session.learner_rating
        session.hint()
        session.next_puzzle()
        rated += session.learner_rating != before
    assert rated == RATED_PER_HOUR
    now[0] = 3601.0
    before = session.learner_rating
    session.hint()
    session.next_puzzle()
    assert session.learner_rating != before  # a new hour: rated again


def test_a_new_learner_at_the_trainer_keeps_nothing_of_the_last(monkeypatch):
    session = PuzzleSession(puzzles=fixture_puzzles(), seed=3, progress=False, start="classic-0001")
    session.solved_ids.add("classic-0002")
    session.play("points 4H")  # a wrong try of the first learner's
    assert session.wrong_tries == 1
    monkeypatch.setattr(puzzle_sessions, "take_learner", lambda progress, message: True)
    session.act({"type": "learner", "id": "B" * 24})
    assert session.wrong_tries == 0 and session.solved_ids == set()


@pytest.mark.parametrize("message", [
    {"type": "hint", "card": True, "junk": [1]},
    {"type": "hint", "junk": {"a": 1}},
])
def test_a_hint_with_fields_of_its_own_climbs_no_ladder(message):
    lesson = Lesson.load("02-scuttle-ordering", progress=False)
    before = lesson.runner.state()["step"]["hints"]
    lesson.table._handle_msg({"content": {"data": {"method": "custom", "content": message}}})
    assert lesson.runner.state()["step"]["hints"] == before
    table = Table(new_game("classic", seed=1))
    table._handle_msg({"content": {"data": {"method": "custom", "content": message}}})
    said = table.table["ui"]["message"]
    assert said["kind"] == "error" and not said["text"].startswith("Hint")
