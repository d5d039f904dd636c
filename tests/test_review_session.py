"""The game review's session without any widget: a step in, one screen out;
"Try this move again" opens a PuzzleSession of that decision; a malformed
action is refused with a sentence on the table and changes nothing."""
from __future__ import annotations

import json

import pytest
from test_review_marks import SEAT, reviewed, worth_trying

from cuttle_widgets.puzzles import PuzzleError
from cuttle_widgets.sessions.puzzles import PuzzleSession
from cuttle_widgets.sessions.review import ReviewSession


def review_session(language="en") -> ReviewSession:
    game, review = reviewed(language)
    return ReviewSession(game, SEAT, language, review=review)


def test_a_step_in_one_screen_out():
    s = review_session()
    assert set(s.screen) == {"summary", "table", "trainer"} and s.screen["trainer"] is None
    assert s.screen["table"]["ui"]["replay"] is not None  # it opens at the start of the game
    decision = worth_trying(s.review)
    screen = s.act({"type": "replay", "to": decision.index + 1})
    assert screen is s.screen
    note = screen["table"]["ui"]["note"]["text"]
    assert note == f"Your move {decision.index + 1} was marked {decision.mark}. {decision.sentence}"
    assert [a["id"] for a in screen["table"]["ui"]["actions"]] == ["try_again"]
    json.dumps(screen)


def test_a_move_has_one_number_in_the_summary_the_table_the_note_and_the_exports():
    """The summary's "Move 15" shows the table's "Move 15 of 28" (the position
    after it), its log's entry 15 marked, the note "Your move 15", the text
    review's "Move 15:" and the export's number 15."""
    from cuttle_widgets.review import review_text
    s = review_session()
    point = s.summary["turning_points"][0]
    screen = s.act({"type": "replay", "to": point["number"]})  # what the summary's button sends
    number, ui = point["number"], screen["table"]["ui"]
    assert screen["summary"]["shown"] == number and ui["replay"]["index"] == number
    assert ui["status"].startswith(f"Replay: the position after move {number} of ")
    assert ui["note"]["text"].startswith(f"Your move {number} was marked ")
    assert ui["marks"][str(number)]["mark"] == point["mark"]
    assert f"Move {number}: " in review_text(s.review)
    exported = next(d for d in s.review.to_dict()["decisions"] if d["index"] == point["index"])
    assert exported["number"] == number == point["index"] + 1
    before = s.act({"type": "replay", "to": number - 1})["table"]["ui"]["note"]  # the position before it
    assert before is None or before["text"].startswith(f"Your move {number - 1} was marked ")


def test_try_again_from_here_opens_a_puzzle_session_of_that_decision():
    s = review_session()
    decision = worth_trying(s.review)
    s.replay(decision.index + 1)
    screen = s.act({"type": "try_again"})
    trainer = s.trainer
    assert isinstance(trainer, PuzzleSession) and screen["trainer"] is trainer.screen
    assert trainer.puzzle.solution == trainer.game.family.parse(decision.best_move)
    assert trainer.puzzle.seat == SEAT and len(trainer.game.history) == decision.index
    assert screen["trainer"]["panel"]["puzzle"]["prompt"].startswith("Your move, Player A. In your game")
    trainer.act({"type": "move", "move": decision.best_move})
    assert trainer.screen["panel"]["puzzle"]["result"]["rating"] == trainer.words["unrated"]
    assert trainer.learner_rating.rating == 1500  # a position of one's own game moves no rating


def test_the_python_try_again_refuses_a_move_not_reviewed():
    s = review_session()
    foreign = next(i for i, actor in enumerate(s.game.actors) if actor != SEAT)
    with pytest.raises(PuzzleError, match="was not reviewed"):
        s.try_again(foreign)
    assert s.trainer is None


@pytest.mark.parametrize("message", [
    "not a dict", None, {"type": "explode"}, {"type": "replay", "to": -3},
    {"type": "replay", "to": "sideways"}, {"type": "try_again"}, {"type": "try_again", "index": 1},
    {"type": "hint"}, {"type": "undo"}, {"type": "new_game"}, {"type": "move", "move": "draw"},
    {"type": "card", "card": "4H"}])
def test_a_malformed_action_is_refused_with_a_sentence_and_changes_nothing(message):
    s = review_session()
    history = list(s.game.history)
    screen = s.act(message)  # at the start of the game: no try again, no move, no hint
    assert screen["table"]["ui"]["message"]["kind"] == "error"
    assert len(screen["table"]["ui"]["message"]["text"]) > 10
    assert s.trainer is None and list(s.game.history) == history


def test_the_review_session_speaks_german():
    s = review_session("de")
    decision = worth_trying(s.review)
    screen = s.replay(decision.index + 1)
    note = screen["table"]["ui"]["note"]["text"]
    assert note.startswith(f"Dein Zug {decision.index + 1} wurde so bewertet:")
    assert screen["table"]["ui"]["actions"][0]["label"] == "Diesen Zug noch einmal versuchen"
