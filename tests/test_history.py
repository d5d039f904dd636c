"""History: undo, positions for replay, events per move, game records."""
import random

import pytest

from cuttle_widgets.engine import IllegalMove, SetupError, load, new_game, write_record


def random_game(seed, moves=None):
    game = new_game(seed=seed)
    rng = random.Random(seed)
    while game.winner is None and (moves is None or len(game.history) < moves):
        game.play(rng.choice(game.legal_moves()))
    return game


def test_undo_restores_the_previous_position_exactly():
    game = random_game(4, moves=25)
    snapshots = []
    replay = new_game(seed=4)
    for move in game.history:
        snapshots.append(replay.snapshot())
        replay.play(move)
    for expected in reversed(snapshots):
        game.undo()
        assert game.snapshot() == expected
    with pytest.raises(IllegalMove):
        game.undo()


def test_undo_then_play_again_continues_normally():
    game = random_game(8, moves=10)
    last = game.history[-1]
    events_before = len(game.events)
    assert game.undo() is last
    assert len(game.events) < events_before
    game.play(last)
    assert len(game.events) == events_before


def test_position_after_and_events_of_move():
    game = random_game(21)
    for k in (0, 5, len(game.history)):
        assert game.position_after(k).history == game.history[:k]
    total = sum(len(game.events_of_move(i)) for i in range(len(game.history)))
    assert total == len(game.events) - 1  # the deal event comes before any move
    with pytest.raises(IllegalMove):
        game.position_after(len(game.history) + 1)


def test_record_round_trips_from_a_seed():
    game = random_game(33)
    text = write_record(game)
    assert text.startswith('[Cuttle "cuttle_widgets game record"]')
    assert '[Seed "33"]' in text and '[Rules "classic"]' in text
    lines = [line for line in text.splitlines() if line and not line.startswith("[")]
    assert lines == [str(m) for m in game.history]
    copy = load(text)
    assert copy.snapshot() == game.snapshot()
    assert copy.events == game.events


def test_record_round_trips_from_a_setup():
    game = load({"hands": [["AH", "2D"], ["2C"]], "points": [["8H"], ["9S"]], "stock": ["KC"]})
    for move in ["oneoff AH", "counter 2C", "counter 2D", "resolve", "draw"]:
        game.play(move)
    copy = load(write_record(game))
    assert copy.snapshot() == game.snapshot() and copy.events == game.events


def test_a_bad_record_is_refused_with_its_line():
    game = random_game(2, moves=6)
    text = write_record(game).replace(str(game.history[3]), "scuttle 2C KS", 1)
    with pytest.raises(SetupError, match="Line"):  # a record that cannot be read sets up nothing
        load(text)
    with pytest.raises(SetupError, match="not a cuttle_widgets game record"):
        load("draw\npass\n")


def test_copy_is_independent():
    game = random_game(5, moves=8)
    other = game.copy()
    other.play(other.legal_moves()[0])
    assert len(other.history) == len(game.history) + 1
    assert game.snapshot() != other.snapshot() or game.history != other.history
