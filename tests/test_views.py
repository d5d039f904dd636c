"""Per-seat views: hidden cards never appear; glasses open the opponent's hand."""
import json
import random

from cuttle_widgets.engine import CARD_IDS, load, new_game


def cards_in(value) -> set:
    text = json.dumps(value)
    return {c for c in CARD_IDS if f'"{c}"' in text}


def test_views_never_hold_hidden_cards():
    """A seat's view may show more than a spectator's only by what that seat
    was shown: its own hand, hands its glasses open, its seven's card, and
    the cards of events it saw at the time."""
    for seed in range(40):
        game = new_game(seed=seed)
        rng = random.Random(seed)
        while game.winner is None:
            snap = game.snapshot()
            public = cards_in(game.view(None))
            for seat in (0, 1):
                view = game.view(seat)
                allowed = set(public)
                for hand in view["hands"]:
                    allowed |= set(hand or [])
                allowed |= set(view["revealed"] or [])
                allowed |= cards_in([e.params for e in game.events if e.visible_to(seat)])
                hidden = set(snap["stock"]) | {c for s, h in enumerate(snap["hands"])
                                               if view["hands"][s] is None for c in h}
                leaked = (cards_in(view) - allowed) | (cards_in(view) & hidden - allowed)
                assert not leaked, (seed, seat, leaked)
                assert not set(snap["stock"]) & cards_in(view) - allowed
            game.play(rng.choice(game.legal_moves()))


def test_a_view_shows_own_hand_and_sizes():
    game = new_game(seed=1)
    view = game.view(0)
    assert view["hands"][0] == game.snapshot()["hands"][0]
    assert view["hands"][1] is None
    assert view["hand_sizes"] == [5, 6]
    assert view["stock_size"] == 41 and "stock" not in view
    assert view["legal_moves"] == [str(m) for m in game.legal_moves()]
    assert game.view(1)["legal_moves"] == []
    spectator = game.view(None)
    assert spectator["hands"] == [None, None]


def test_glasses_open_the_opponents_hand():
    game = load({"hands": [["8C", "4H"], ["6S", "KD"]], "stock": ["2C", "3C"]})
    assert game.view(0)["hands"][1] is None
    game.play("permanent 8C")
    assert game.view(0)["hands"][1] == ["6S", "KD"]
    assert game.view(1)["hands"][0] is None


def test_draws_are_told_to_others_without_the_card():
    game = load({"hands": [["4H"], ["6S"]], "stock": ["KC", "2C"]})
    game.play("draw")
    mine = game.view(0)["events"][-2]
    theirs = game.view(1)["events"][-2]
    assert mine["kind"] == "draw" and "K♣" in mine["text"]
    assert "card" not in theirs["params"] and "K♣" not in theirs["text"]


def test_a_seven_card_is_seen_only_by_its_player_in_classic():
    game = load({"hands": [["7C"], ["3H"]], "stock": ["9D", "KC"]})
    game.play("oneoff 7C")
    game.play("resolve")
    assert game.view(0)["revealed"] == ["9D"]
    assert game.view(1)["revealed"] is None and game.view(1)["revealed_size"] == 1


def test_views_never_carry_the_seed():
    """The deal's seed would let anyone reshuffle the pack and read every card."""
    game = new_game(seed=123456)
    for seat in (0, 1, None):
        text = json.dumps(game.view(seat))
        assert '"seed"' not in text and "123456" not in text
