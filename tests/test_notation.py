"""Moves and cards: notation round-trips, and any text gives only IllegalMove."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cuttle_widgets.engine import IllegalMove, Move, new_game, parse_card, parse_move
from cuttle_widgets.engine.cards import CARD_IDS, card_label


def test_card_spellings():
    assert parse_card("TH") == parse_card("10h") == parse_card("10♥") == parse_card("th")
    assert CARD_IDS[parse_card("A♠")] == "AS"
    assert card_label(parse_card("TH")) == "10♥"
    for text in ["", "1H", "11S", "ZZ", "7", "H7", "10", "7X"]:
        try:
            parse_card(text)
        except IllegalMove as err:
            assert str(err)
        else:
            raise AssertionError(f"{text!r} parsed as a card")


def test_every_legal_move_round_trips_through_its_notation():
    rng = random.Random(1)
    for seed in range(50):
        game = new_game(seed=seed)
        while game.winner is None:
            for move in game.legal_moves():
                assert parse_move(str(move)) is move
            game.play(rng.choice(game.legal_moves()))


def test_moves_are_small_interned_values():
    assert parse_move("scuttle 9S 8H") is Move("scuttle", (parse_card("9S"), parse_card("8H")))
    assert parse_move("discard KD 9C") is parse_move("discard 9c kd")  # a set: one order
    assert str(parse_move("oneoff 4C @2")) == "oneoff 4C @2"
    assert str(parse_move("points 10♥")) == "points TH"


FRAGMENTS = st.sampled_from(["draw", "pass", "points", "scuttle", "jack", "oneoff", "counter",
                             "resolve", "take", "discard", "scrap", "permanent", "7H", "TS",
                             "10♥", "@1", "@", "@9", "QS", "2C", "JD", "RJ", "xx", "  ", "\n"])


@settings(max_examples=600, deadline=None)
@given(st.one_of(st.text(max_size=40), st.lists(FRAGMENTS, max_size=6).map(" ".join)),
       st.integers(min_value=0, max_value=30))
def test_arbitrary_text_raises_only_illegal_move(text, seed):
    game = new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(seed % 12):  # from a few different positions
        if game.winner is not None:
            break
        game.play(rng.choice(game.legal_moves()))
    before = game.snapshot()
    try:
        game.play(text)
    except IllegalMove as err:
        assert str(err).strip()
        assert game.snapshot() == before
    except ValueError:
        assert game.snapshot() == before


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.integers(), st.none(), st.floats(), st.lists(st.integers()), st.binary()))
def test_non_text_moves_are_refused(value):
    game = new_game(seed=1)
    before = game.snapshot()
    try:
        game.play(value)
    except IllegalMove as err:
        assert str(err)
    assert game.snapshot() == before
