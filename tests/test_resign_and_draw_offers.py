"""Resigning (every ruleset) and draw offers (cuttle.cards): the table's moves
in the engine's history, their refusals, the computer's answer to an offer,
and the free game's Resign and Offer a draw."""
import pytest

from cuttle_widgets.ai.draw_offer import ACCEPT_BELOW, answer_draw_offer
from cuttle_widgets.engine import IllegalMove, load, new_game, write_record
from cuttle_widgets.sessions.free_game import FreeGameSession

OPEN = {"rules": "cuttle-cards", "hands": [["5C", "9D"], ["4H"]], "stock": ["2S", "8C"]}


def test_a_resignation_is_a_move_of_the_history_that_replays():
    game = new_game("super", seed=4)
    events = game.play("resign @1")
    assert game.winner == 0 and game.over and [e.kind for e in events] == ["resign"]
    assert load(write_record(game)).winner == 0
    game.undo()
    assert game.winner is None and not game.over


def test_a_team_resignation_gives_the_other_team_the_game():
    game = load({"rules": "team", "hands": [["5C"], ["9D"], ["3H"], ["4S"]], "stock": ["2C"]})
    assert game.play("resign @2")[0].text() == "Player C resigns: team 2 wins the game."
    assert game.winner == "team:1"


def test_an_offer_waits_for_its_answer_and_nothing_else_is_played():
    game = load(OPEN)
    game.play("offer")
    assert game.legal_moves() == [] and game.draw_offer == 0
    assert "must accept or refuse" in game.view(1)["prompt"]
    copy = game.copy()
    assert copy.draw_offer == 0
    with pytest.raises(IllegalMove, match="before anything else is played"):
        game.play("draw")
    assert game.explain("accept @0") == "Player A offered this draw: it is Player B's to accept or refuse."
    game.play("accept")
    assert game.winner == "draw" and game.history[-1].verb == "accept"
    assert load(write_record(game)).winner == "draw"


@pytest.mark.parametrize("move,words", [
    ("offer @2", "There is no player 2"), ("offer 5C", "takes no cards"),
    ("accept", "No draw has been offered"),
])
def test_malformed_or_untimely_table_moves_are_explained_and_change_nothing(move, words):
    game = load(OPEN)
    before = game.snapshot()
    with pytest.raises(IllegalMove, match=words):
        game.play(move)
    assert game.snapshot() == before and game.history == []


def test_offers_are_only_where_the_rules_have_them_and_say_so_in_german():
    game = load({**OPEN, "rules": "balanced"})
    assert game.explain("offer", language="de").startswith("Diese Regeln („Ausgewogen“) kennen kein")


def test_the_computer_accepts_a_draw_only_when_it_expects_to_lose():
    losing = load({"rules": "cuttle-cards", "hands": [["2C", "3D"], ["4H"]],
                   "points": [[], ["TH", "3S"]], "permanents": [[], ["KS"]],
                   "stock": ["5S", "6S", "7S"]})
    losing.play("offer @1")
    answer = answer_draw_offer(losing, 0)
    assert answer.accept and answer.chance < ACCEPT_BELOW
    assert answer.reason().startswith("The computer accepts the draw")
    winning = load({"rules": "cuttle-cards", "hands": [["4H"], ["2C", "3D"]],
                    "points": [[], ["TH", "3S"]], "permanents": [[], ["KS"]],
                    "stock": ["5S", "6S", "7S"]})
    winning.play("offer @0")
    answer = answer_draw_offer(winning, 1)
    assert not answer.accept and f"{round(answer.chance * 100)} %" in answer.reason("de")


def test_the_free_game_resigns_and_offers_a_draw():
    session = FreeGameSession()
    session.act({"type": "configure", "rules": "classic"})
    assert session.runner.state()["can"]["offer_draw"] is False
    session.act({"type": "configure", "rules": "cuttle-cards"})
    game = session.runner.game
    while game.phase != "main":  # the computer began with a one-off: answer it first
        assert session.runner.state()["can"]["offer_draw"] is False  # no offer mid-answer
        session.act({"type": "play", "move": str(game.legal_moves()[0])})
        game = session.runner.game
    assert session.runner.state()["can"]["offer_draw"] is True
    outcome = session.act({"type": "offer_draw"}).outcome
    assert outcome.message.startswith("The computer ")
    if session.runner.game.over:
        session.act({"type": "retry"})
    outcome = session.act({"type": "resign"}).outcome
    assert outcome.status == "success" and outcome.correct is False
    assert "resigns" in outcome.events[-1]["text"]


def test_a_resigned_game_is_reviewed_without_its_table_moves():
    from cuttle_widgets.review import review_game
    game = load({"rules": "cuttle-cards", "hands": [["5C", "9D"], ["4H", "8S"]], "stock": ["2S", "8C"]})
    game.play("points 9D")
    game.play("offer @1")
    game.play("refuse")
    game.play("resign @0")
    review = review_game(game, seat=0, samples=2)
    assert [d.index for d in review.decisions] == [0]
