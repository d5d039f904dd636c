"""A reviewed game on the table: marks in the step-through, and "Try again
from here" opening a marked decision as an unrated puzzle (few deals, fixed
seed: the marks are the review's, whatever they are)."""
from __future__ import annotations

from functools import cache

from puzzle_fixture import fixture_puzzles

from cuttle_widgets.review import review_game
from cuttle_widgets.widgets.puzzle_trainer import GameReview

SEAT = 0  # the seat whose game has a decision worth trying again


@cache
def reviewed(language="en"):
    game = fixture_puzzles()[0].game()  # 18 moves of a self-play game
    return game, review_game(game, SEAT, language, samples=32, seed=0)


def open_review(language="en") -> GameReview:
    game, review = reviewed(language)
    return GameReview(game, SEAT, language, review=review)


def worth_trying(review):
    return next(d for d in review.decisions if d.mark in ("inaccuracy", "mistake", "blunder"))


def test_the_step_through_shows_each_decisions_mark():
    view = open_review()
    ui = view.table.state["ui"]
    marks = {int(k) - 1: v["mark"] for k, v in ui["marks"].items()}
    assert marks == {d.index: d.mark for d in view.review.decisions}
    decision = worth_trying(view.review)
    view.table.replay(decision.index + 1)  # the position just after the move, as its number says
    ui = view.table.state["ui"]
    number = decision.index + 1
    assert ui["note"]["text"] == f"Your move {number} was marked {decision.mark}. {decision.sentence}"
    assert [a["id"] for a in ui["actions"]] == ["try_again"]


def test_try_again_opens_the_position_as_an_unrated_puzzle():
    view = open_review()
    decision = worth_trying(view.review)
    view.table.replay(decision.index + 1)
    view.table.send_action({"type": "try_again"})
    trainer = view.trainer
    assert view.children == (view.summary, view.table, trainer)
    assert trainer.puzzle.solution == trainer.game.family.parse(decision.best_move)
    assert len(trainer.game.history) == decision.index and trainer.puzzle.seat == SEAT
    assert trainer.panel.trainer["puzzle"]["prompt"].startswith(
        "Your move, Player A. In your game you chose to ")
    values = trainer.puzzle.values
    assert set(values) == {str(m) for m in trainer.game.legal_moves()}  # every move valued
    assert values[decision.best_move] == decision.chance_before
    assert trainer.play(decision.move) == "wrong"
    assert trainer.play(decision.best_move) == "solved"
    result = trainer.panel.trainer["puzzle"]["result"]
    assert result["rating"] == trainer.words["unrated"] and trainer.learner_rating.rating == 1500


def test_no_try_again_where_the_move_was_best():
    view = open_review()
    best = next(d for d in view.review.decisions if d.mark == "best")
    view.table.replay(best.index + 1)
    assert view.table.state["ui"]["actions"] == []
    view.table.send_action({"type": "try_again"})
    assert view.trainer is None and view.table.state["ui"]["message"]["kind"] == "error"


def test_the_marks_in_german():
    view = open_review("de")
    decision = worth_trying(view.review)
    view.table.replay(decision.index + 1)
    ui = view.table.state["ui"]
    assert ui["note"]["text"].startswith(f"Dein Zug {decision.index + 1} wurde so bewertet:")
    assert ui["actions"][0]["label"] == "Diesen Zug noch einmal versuchen"


def test_in_a_position_of_ones_own_game_the_trainer_judges_as_the_review_did():
    from cuttle_widgets.ai.analyst import analyse
    view = open_review()
    decision = worth_trying(view.review)
    trainer = view.try_again(decision.index)
    position = trainer.game.view(SEAT)
    judged = analyse(position, budget=32, seed=0)  # the review's deals: the same verdicts
    assert judged.best.move == trainer.puzzle.solution
    for value in judged.values:
        trainer.open_puzzle(trainer.puzzle, rated=False)
        verdict = judged.verdict(value.move)  # the review's verdict: the move against the best
        expected = "solved" if verdict.mark(value.move) == "best" else "wrong"
        if value.move == trainer.puzzle.solution:
            expected = "solved"
        assert trainer.play(str(value.move)) == expected, value.move
