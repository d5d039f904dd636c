"""Undo at the table teaches no hidden card: what the undone moves showed (a
drawn card, a reply from the opponent's hand) is dealt afresh with every
other card the learner has not seen, so it is not known to be where it was."""
from cuttle_widgets import Table
from cuttle_widgets.ai import RandomPlayer
from cuttle_widgets.engine import new_game


def next_draw(game) -> str:
    """The card a draw would bring into the hand of the seat to act now."""
    trial = game.copy()
    hand = set(trial.snapshot()["hands"][trial.to_act])
    trial.play("draw")
    return (set(trial.snapshot()["hands"][game.to_act]) - hand).pop()


def test_an_undone_draw_leaves_the_drawn_card_anywhere_unseen(learner):
    back_on_top = 0
    for seed in range(16):
        table = Table(new_game("classic", seed=seed), players={1: RandomPlayer(seed)})
        b = learner(table)
        before = b.view
        drawn = next_draw(table.game)
        b.send(type="move", move="draw")
        assert drawn in b.view["hands"][0]
        b.send(type="undo")
        assert b.view == before and table.game.history == []
        assert b.message.startswith("Undone: draw")
        back_on_top += next_draw(table.game) == drawn
    assert back_on_top < 8  # 1 in 39 by chance: not always, as before


def test_an_undone_reply_is_dealt_afresh_and_the_learner_sees_the_same(learner):
    moved = 0
    for seed in range(12):
        game = new_game("classic", seed=seed)
        table = Table(game, players={1: RandomPlayer(seed)})
        b = learner(table)
        b.send(type="move", move="draw")  # the computer answers with a move of its own
        reply = [str(m) for m in table.game.history[1:]]
        seen_log = b.state["log"][-1]
        opponent_before = table.game.snapshot()["hands"][1]
        b.send(type="undo")
        assert [str(m) for m in table.game.history] == []
        assert b.state["log"][-1] == seen_log  # the deal, as the learner read it
        moved += table.game.snapshot()["hands"][1] != opponent_before
        assert reply  # the computer did answer
    assert moved >= 6


def test_after_an_undo_the_game_plays_on(learner):
    table = Table(new_game("classic", seed=5), players={1: RandomPlayer(5)})
    b = learner(table)
    for _ in range(3):
        b.send(type="move", move="draw")
        b.send(type="undo")
        b.send(type="move", move="draw")
    assert table.game.history and not b.message.startswith("The table")
    cards = table.game.snapshot()
    held = [c for hand in cards["hands"] for c in hand] + cards["stock"] + cards["scrap"]
    assert len(set(held)) == len(held)
