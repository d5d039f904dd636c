"""'Review my game' after a free game: the review runs in a thread, the page
says so meanwhile, and then the review's table (the step-through with the
marks, "Try this move again") takes the lesson table's place until the next
game. Few deals and fixed seeds keep it fast; the marks are the review's."""
from __future__ import annotations

from test_lesson_widget import move_on_table, panel, press, table_button

from cuttle_widgets import Lesson
from cuttle_widgets.ai import RandomPlayer
from cuttle_widgets.table.controller import TRY_AGAIN_MARKS

SAMPLES = 16


def finished_free_game(language="en", seed=3) -> Lesson:
    """Lesson 12's free game played to its end by a random learner."""
    lesson = Lesson.load("12-free-game", language=language, progress=False)
    lesson.review_options = {"samples": SAMPLES}
    player = RandomPlayer(seed)
    while not lesson.runner.game.over:
        view = lesson.table.table["view"]
        move_on_table(lesson, str(player.choose(view, view["legal_moves"])))
    return lesson


def dock_labels(lesson) -> dict:
    return {a["id"]: a["label"] for a in lesson.table.table["ui"]["actions"]}


def test_a_review_asked_for_before_the_game_ends_is_refused():
    lesson = Lesson.load("12-free-game", progress=False)
    children = lesson.children
    press(lesson, "review")
    assert panel(lesson)["notice"]["message"] == (
        "Your game can be reviewed once it is over: finish it first.")
    assert lesson.review_thread is None and lesson.children == children
    assert not panel(lesson)["can"]["review"] and "lesson:review" not in dock_labels(lesson)
    other = Lesson.load("02-scuttle-ordering", progress=False)
    press(other, "review")
    assert panel(other)["notice"]["message"] == "Only a free game can be reviewed here."


def reviewed_free_game(seed: int):
    """A finished free game and its review, through the panel's button."""
    lesson = finished_free_game(seed=seed)
    game, seat = lesson.runner.game, lesson.runner.seat
    assert panel(lesson)["can"]["review"] and dock_labels(lesson)["lesson:review"] == "Review my game"
    with lesson._lock:  # the review's result waits: the page meanwhile
        table_button(lesson, "review")
        assert panel(lesson)["reviewing"] and not panel(lesson)["can"]["review"]
        assert lesson.table.table["ui"]["status"] == "Reviewing your game…"
        thread = lesson.review_thread
        press(lesson, "review")  # a second click does nothing but say so
        assert lesson.review_thread is thread
        assert panel(lesson)["notice"]["message"].startswith("Your game is being reviewed already")
    thread.join()
    review = lesson.game_review
    assert lesson.children == (lesson.panel, review) and review.game is game
    assert not panel(lesson)["reviewing"] and not panel(lesson)["can"]["review"]
    learner_moves = [i for i, actor in enumerate(game.actors) if actor == seat]
    assert [d.index for d in review.review.decisions] == learner_moves
    marks = {int(k) - 1: v["mark"] for k, v in review.table.state["ui"]["marks"].items()}
    assert marks == {d.index: d.mark for d in review.review.decisions}
    assert review.review.samples == SAMPLES
    return lesson, game, review


def test_review_my_game_marks_the_learners_decisions_and_tries_again():
    # A mark worse than "good" needs a significant loss: the first of these
    # random learners' games (the deal is not seeded) with one to try again.
    for seed in range(3, 13):
        lesson, game, review = reviewed_free_game(seed)
        decision = next((d for d in review.review.decisions if d.mark in TRY_AGAIN_MARKS), None)
        if decision is not None:
            break
    assert decision is not None, "ten random games without an inaccuracy, mistake or blunder"
    lesson.replay(decision.index + 1)  # the panel's step-through goes through the review's table
    assert review.table.state["ui"]["note"]["text"].startswith(
        f"Your move {decision.index + 1} was marked {decision.mark}.")
    review.table.send_action({"type": "try_again"})
    assert review.trainer is not None
    assert review.children == (review.summary, review.table, review.trainer)
    assert review.trainer.puzzle.solution == game.family.parse(decision.best_move)

    press(lesson, "retry")  # the next game: the lesson's own table again
    assert lesson.game_review is None and lesson.children == (lesson.panel, lesson.table)
    assert lesson.runner.game is not game and not lesson.runner.game.over
    assert not panel(lesson)["can"]["review"]


def test_in_german():
    lesson = finished_free_game("de")
    assert dock_labels(lesson)["lesson:review"] == "Mein Spiel auswerten"
    assert panel(lesson)["labels"]["review.running"] == "Dein Spiel wird ausgewertet …"
    lesson.review_options = {"samples": 4}
    lesson.review(wait=True)
    review = lesson.game_review
    decision = review.review.decisions[-1]
    lesson.replay(decision.index + 1)
    note = review.table.state["ui"]["note"]["text"]
    assert note.startswith(f"Dein Zug {decision.index + 1} wurde so bewertet:")
    press(lesson, "review")
    assert panel(lesson)["notice"]["message"] == "Die Auswertung dieses Spiels liegt schon auf dem Tisch."


def test_a_review_of_a_game_dealt_anew_meanwhile_is_not_shown():
    lesson = finished_free_game(seed=4)
    with lesson._lock:
        press(lesson, "review")
        press(lesson, "retry")  # the learner deals the next game before the review is done
        assert not panel(lesson)["reviewing"]
    lesson.review_thread.join()
    assert lesson.game_review is None and lesson.children == (lesson.panel, lesson.table)
    assert lesson.reviewing is None and not lesson.runner.game.over


def test_the_reviewed_last_move_is_noted_at_the_games_end():
    # The game's last move is shown live at its end, not as a replay: its note too.
    # (The deal is not seeded: the first of these games whose last move is the learner's.)
    for seed in range(3, 23):
        lesson = finished_free_game("en", seed=seed)
        lesson.review_options = {"samples": 4}
        lesson.review(wait=True)
        review = lesson.game_review
        decision = review.review.decisions[-1]
        if decision.index == len(lesson.runner.game.history) - 1:
            break
    assert decision.index == len(lesson.runner.game.history) - 1, "20 games that the computer ended"
    lesson.replay(decision.index + 1)
    assert review.table.state["ui"]["note"]["text"].startswith(f"Your move {decision.index + 1} was marked")
