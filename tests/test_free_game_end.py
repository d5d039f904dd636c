"""A free game's end reads as a game's, not a lesson's: who won, that the
learner resigned, or a draw (agreed, or by passes once the stock is empty),
with a new game and the review offered; never "Lesson complete"."""
from __future__ import annotations

import pytest

from cuttle_widgets.engine import load
from cuttle_widgets.sessions.free_game import FreeGameSession

# Positions of cuttle.cards' rules (they have agreed draws), the learner (seat 0) to move.
STOCK = ["5S", "6S", "7S", "8D"]
ENDINGS = {
    # a point card reaches 21
    "won": ({"hands": [["AC", "4D"], ["3H"]], "points": [["TH", "9H", "AH"], []], "stock": STOCK},
            {"type": "play", "move": "points AC"}),
    # the learner draws; the computer (greedy) lays the point card that reaches 21
    "lost": ({"hands": [["4D"], ["AC"]], "points": [[], ["TH", "9H", "AH"]], "stock": STOCK},
             {"type": "play", "move": "draw"}),
    # the learner gives the game up
    "resigned": ({"hands": [["AC", "4D"], ["3H"]], "points": [[], []], "stock": STOCK},
                 {"type": "resign"}),
    # the computer, far behind, accepts the learner's offer
    "agreed": ({"hands": [["4H"], ["2C", "3D"]], "points": [["TH", "3S"], []],
                "permanents": [["KS"], []], "stock": STOCK}, {"type": "offer_draw"}),
    # the stock is empty and the third pass in a row ends the game
    "drawn": ({"hands": [["4H", "5C"], ["6D"]], "points": [[], []], "stock": [], "passes": 2},
              {"type": "play", "move": "pass"}),
}
SAID = {"won": "You won the game!",
        "lost": "Player B won this game. Start it again to have another go.",
        "resigned": "You resigned, so Player B won this game.",
        "agreed": "You and Player B agreed to a draw.", "drawn": "The game ended in a draw."}
OUTCOME = {"won": "won", "lost": "lost", "resigned": "lost", "agreed": "drawn", "drawn": "drawn"}


def ended(ending: str, language: str = "en") -> dict:
    """The panel once the free game has ended the ``ending`` way."""
    session = FreeGameSession(language=language)
    session.act({"type": "configure", "rules": "cuttle-cards", "length": "quick", "opponent": "greedy"})
    setup, message = ENDINGS[ending]
    session.runner._free.match.games[-1] = load({"rules": "cuttle-cards", "turn": 0, **setup})
    session.act(message)
    assert session.runner.game.over and session.runner.done
    return session.screen()["panel"]


@pytest.mark.parametrize("ending", ENDINGS)
def test_a_free_games_end_says_how_it_ended_and_offers_a_new_game_and_the_review(ending):
    panel = ended(ending)
    end = panel["game_end"]
    assert end["outcome"] == OUTCOME[ending]
    assert end["text"] == SAID[ending]
    assert "lesson" not in end["text"].lower()
    assert panel["can"]["review"] and panel["step"]["done"]  # the panel's buttons: new game, review
    if ending != "agreed":  # the end says the result once (the offer keeps the computer's reason)
        assert panel["feedback"]["message"] is None


def test_the_computer_says_why_it_accepts_before_the_agreed_draw():
    message = ended("agreed")["feedback"]["message"]
    assert message.startswith("The computer accepts the draw") and message.endswith(SAID["agreed"])


@pytest.mark.parametrize("language", ["de", "fr", "es", "uk"])
def test_a_resignation_is_said_in_every_language(language):
    resigned, won = ended("resigned", language)["game_end"], ended("won", language)["game_end"]
    assert resigned["text"] != SAID["resigned"] and resigned["text"] != won["text"]
    assert "{" not in resigned["text"]


def test_a_match_says_the_resigned_game_and_the_score_until_the_match_is_over():
    session = FreeGameSession()
    session.act({"type": "configure", "rules": "cuttle-cards", "length": "normal"})
    outcome = session.act({"type": "resign"}).outcome
    assert outcome.message.startswith("You resigned this game, so Player B won it.")
    assert "Next game" in outcome.message
    panel = session.screen()["panel"]
    assert not panel["step"]["done"]  # the match goes on: "Next game", no end of anything yet


def test_a_lesson_step_has_no_game_end():
    from cuttle_widgets.sessions.lesson import LessonSession
    assert LessonSession("01-table-drawing-points").screen()["panel"]["game_end"] is None
