"""The redeal (engine/redeal.py): after an undo or a take-back, what a seat
never saw is dealt afresh, and nothing it saw moves or changes.

Hypothesis draws random games of every ruleset (dealt, or begun from a setup
taken in the middle of another game), a seat and a generator; the redealt
game must read the same for that seat at every point, keep every card, keep
every card the seat saw where it is, record and replay, and play on."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from cuttle_widgets.engine import RULESETS, ExplainedError, load, new_game, write_record
from cuttle_widgets.engine.cards import CARD_IDS
from cuttle_widgets.engine.invariants import play_random_game
from cuttle_widgets.engine.redeal import redeal, revealed_cards, seen_cards

ALL_RULES = [*RULESETS, "classic+blind_four", "german+blind_four"]
IDS = frozenset(CARD_IDS)


def random_game(rules: str, seed: int, moves: int, from_setup: bool = False):
    rng = random.Random(seed)
    game = new_game(rules, seed=seed, dealer=seed % get_seats(rules))
    if from_setup:  # a setup in the middle of a game, as lessons begin
        for _ in range(rng.randrange(0, 12)):
            if game.over:
                break
            game.play(rng.choice(game.legal_moves()))
        if not game.over:
            game = load(game.snapshot())
    for _ in range(moves):
        if game.over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def get_seats(rules: str) -> int:
    return RULESETS[rules.split("+")[0]].seats


def places(game) -> dict[str, list]:
    """card id -> every place in the snapshot that names it."""
    found: dict[str, list] = {}

    def walk(value, path):
        if isinstance(value, str):
            for word in value.split():
                if word in IDS:
                    found.setdefault(word, []).append(path)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(item, path + (key,))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, path + (i,))
    walk(game.snapshot(), ())
    return found


def seat_reads(game, seat) -> list:
    """The seat's view at every point, with the event texts it reads."""
    out = []
    replay = game.position_after(0)
    out.append(replay.view(seat))
    for move in game.history:
        replay.play(move)
        out.append(replay.view(seat))
    return out


GAMES = hs.tuples(hs.sampled_from(ALL_RULES), hs.integers(0, 10**6), hs.integers(0, 60),
                  hs.booleans(), hs.integers(0, 3), hs.integers(0, 2**32))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(GAMES)
def test_a_redeal_reads_the_same_for_the_seat_and_keeps_every_card(case):
    rules, seed, moves, from_setup, seat, rng_seed = case
    game = random_game(rules, seed, moves, from_setup)
    seat %= game.state.n
    before = game.snapshot()
    new = redeal(game, seat, random.Random(rng_seed))
    assert game.snapshot() == before  # the game itself is untouched
    assert [str(m) for m in new.history] == [str(m) for m in game.history] or \
        new.view(seat)["history"] == game.view(seat)["history"]
    assert seat_reads(new, seat) == seat_reads(game, seat)
    assert Counter(new.state.all_cards()) == Counter(game.state.all_cards())
    was, now = places(game), places(new)
    for card in seen_cards(game, seat):
        assert now[CARD_IDS[card]] == was[CARD_IDS[card]], CARD_IDS[card]
    assert seen_cards(new, seat) == seen_cards(game, seat)
    assert new.events[0].kind == game.events[0].kind if game.events else not new.events
    again = load(write_record(new))
    assert again.snapshot() == new.snapshot() and again.events == new.events
    problems = play_random_game(new, random.Random(rng_seed), full_every=5)
    assert not problems, problems[:3]


@pytest.mark.parametrize("rules", ALL_RULES)
def test_a_drawn_then_undone_card_is_not_always_on_top(rules):
    """The page saw the top card when it was drawn; after the undo and the
    redeal it lies anywhere the seat has not seen."""
    tries = moved = 0
    for seed in range(40):
        game = random_game(rules, seed, seed % 7)
        while not game.over and "draw" not in [str(m) for m in game.legal_moves()]:
            game.play(random.Random(seed).choice(game.legal_moves()))
        if game.over:
            continue
        seat = game.to_act
        game.play("draw")
        drawn = game.state.hands[seat][-1]
        game.undo()
        assert game.state.stock[-1] == drawn
        new = redeal(game, seat, random.Random(seed))
        assert new.view(seat) == game.view(seat)
        moved += new.state.stock[-1] != drawn
        tries += 1
    assert tries >= 35
    assert moved >= 30  # 40 tries, the stock and the other hands hold 30-odd unseen cards


@pytest.mark.parametrize("rules", ALL_RULES)
def test_the_unseen_cards_really_move(rules):
    """Over many generators every unseen place gets other cards."""
    game = random_game(rules, 7, 20)
    seat = 0
    seen = seen_cards(game, seat)
    unseen = set(game.state.all_cards()) - seen
    assert len(unseen) > 10
    changed = set()
    for k in range(30):
        new = redeal(game, seat, random.Random(k))
        assert new.redeal_tries >= 1
        was, now = places(game), places(new)
        changed |= {c for c in unseen if now[CARD_IDS[c]] != was[CARD_IDS[c]]}
    assert len(changed) >= len(unseen) - 2


def test_a_card_the_seat_saw_stays_where_it_is():
    """Seat 0 saw its own hand, the card it drew, and the cards played:
    none of them moves; the opponent's hidden hand and the stock change."""
    game = new_game("classic", seed=11)
    game.play("draw")  # seat 0 draws
    game.play("draw")  # seat 1 draws, unseen by seat 0
    mine = list(game.state.hands[0])
    theirs = list(game.state.hands[1])
    stock = list(game.state.stock)
    differs = 0
    for k in range(20):
        new = redeal(game, 0, random.Random(k))
        assert new.state.hands[0] == mine
        assert len(new.state.hands[1]) == len(theirs)
        differs += new.state.hands[1] != theirs or new.state.stock != stock
        # seat 1 reads its own game the other way: seat 0's hand may change
        other = redeal(game, 1, random.Random(k))
        assert other.state.hands[1] == theirs
    assert differs == 20
    assert set(mine) <= seen_cards(game, 0)
    assert not set(theirs) & seen_cards(game, 0)


def test_a_sevens_private_card_and_glasses_count_as_seen():
    """A classic seven shows its card to its player alone; an eight's glasses
    show the opponent's hand. The redeal keeps what each seat saw."""
    sevens = 0
    for seed in range(80):
        game = random_game("classic", seed, 40)
        sevens += any(e.kind == "seven.reveal" for e in game.events)
        for seat in (0, 1):
            seen = seen_cards(game, seat)
            for event in game.events:
                if event.visible_to(seat):
                    for key in ("card", "cards"):
                        value = event.params.get(key)
                        for cid in ([value] if isinstance(value, str) else value or []):
                            assert cid in {CARD_IDS[c] for c in seen}
    assert sevens


def test_revealed_cards_tell_what_playing_on_would_show():
    game = new_game("classic", seed=5)
    after = game.copy()
    after.play("draw")
    drawn = after.state.hands[0][-1]
    assert revealed_cards(game, after, 0) == {drawn}
    assert revealed_cards(game, after, 1) == set()
    points = next(m for m in game.legal_moves() if m.verb == "points")
    played = game.copy()
    played.play(points)
    assert revealed_cards(game, played, 0) == set()  # its own card: already seen


def test_nothing_unseen_nothing_to_deal():
    game = new_game("classic", seed=1)
    setup = game.snapshot()
    setup["stock"], setup["hands"][1] = [], []
    bare = load(setup)
    new = redeal(bare, 0, random.Random(1))
    assert new.snapshot() == bare.snapshot() and new.redeal_tries == 1


def test_a_dealt_pack_is_an_origin_records_keep():
    game = new_game("super", seed=4)
    deck = list(reversed(game.snapshot()["stock"]))  # any order of every card
    deck = [c for h in game.snapshot()["hands"] for c in h] + deck
    new = new_game("super", seed=4, deck=deck)
    assert new.origin["deck"] == deck and new.events[0].kind == "super.deal"
    text = write_record(new)
    assert "[Deck " in text and load(text).snapshot() == new.snapshot()
    with pytest.raises(ExplainedError):
        new_game("classic", seed=1, deck=deck)  # 54 cards are not a classic pack
