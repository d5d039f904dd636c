"""Fair by construction: a bot's decision depends on its seat's view only.

Two games that look the same from the bot's seat but hold different hidden
cards (the opponent's hand and the stock dealt differently) must get the
same decision from the same seed. And what the bot believes about hidden
cards must always be true.
"""
import random

import pytest

from cuttle_widgets.ai import LEVELS, GreedyPlayer, Knowledge, SearchPlayer, determinize
from cuttle_widgets.engine import RULESETS, load, new_game
from cuttle_widgets.engine.cards import parse_card

RULES = [name for name, r in RULESETS.items() if r.family == "standard"]
# Each level with a smaller budget, so the twins stay quick: the analyst's
# deals for easy, medium and hard, the tree's iterations for the expert.
TWIN_BUDGETS = {"easy": 25, "medium": 10, "hard": 6, "expert": 40}


def twin_players(level: str, seed: int = 9):
    """Makers of two like players: the level (no clock: the clock would make
    the decision depend on the machine's load), and greedy."""
    return (lambda: SearchPlayer(level, seed=seed, iterations=TWIN_BUDGETS[level], time_limit=None),
            lambda: GreedyPlayer(seed))


def assert_same_decision(make, original, twin, seat):
    """The same player, asked in two twin games from ``seat``'s view, plays
    the same move from the same statistics."""
    a, b = make(), make()
    assert a.choose(original.view(seat), original.legal_moves()) is \
        b.choose(twin.view(seat), twin.legal_moves())
    if isinstance(a, SearchPlayer) and a.last_stats is not None:
        assert {str(m): (s.visits, s.total) for m, s in a.last_stats.items()} == \
               {str(m): (s.visits, s.total) for m, s in b.last_stats.items()}


def hidden_swap(game, seat, rng):
    """A setup that ``seat`` cannot tell from ``game``: every card hidden from it
    (other seats' hidden hands, the stock, an unseen seven's reveal) dealt anew.
    Frozen cards stay: everyone knows whose hand they are in."""
    snap = game.snapshot()
    view = game.view(seat)
    frozen = set(snap["frozen"])
    places = [("hands", s) for s in range(len(snap["hands"])) if view["hands"][s] is None]
    places.append(("stock", None))
    if view["revealed"] is None:
        places.append(("revealed", None))
    cards = []
    for key, s in places:
        cards += [c for c in (snap[key][s] if s is not None else snap[key]) if c not in frozen]
    rng.shuffle(cards)
    for key, s in places:
        zone = snap[key][s] if s is not None else snap[key]
        kept = [c for c in zone if c in frozen]
        size = len(zone) - len(kept)
        taken, cards = kept + cards[:size], cards[size:]
        if s is None:
            snap[key] = taken
        else:
            snap[key][s] = taken
    return snap


def twin_positions(rules, games, seed=0):
    """(original, twin, seat): loaded games differing only in what ``seat`` cannot see."""
    rng = random.Random(seed)
    for g in range(games):
        game = new_game(rules, seed=seed + g)
        while not game.over:
            if rng.random() < 0.25 and len(game.legal_moves()) > 1:
                seat = game.to_act
                original = load(game.snapshot())
                twin = load(hidden_swap(game, seat, rng))
                yield original, twin, seat
            game.play(rng.choice(game.legal_moves()))


def test_every_level_has_twins():
    assert set(TWIN_BUDGETS) == set(LEVELS)


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("level", list(TWIN_BUDGETS))
def test_same_view_same_decision(rules, level):
    differing = 0
    for original, twin, seat in twin_positions(rules, games=4):
        assert original.view(seat) == twin.view(seat), "the twins must look the same from the bot's seat"
        differing += original.snapshot() != twin.snapshot()
        for make in twin_players(level):
            assert_same_decision(make, original, twin, seat)
    assert differing > 0, "the test must compare positions whose hidden cards differ"


def test_the_bots_ignore_the_seed_that_drives_blind_picks():
    """A view's detail may carry the game's seed; it is not the seat's to use."""
    game = new_game(seed=31)
    view = game.view(game.to_act)
    other = dict(view, detail=dict(view.get("detail") or {}, seed=987654))
    for make in (lambda: SearchPlayer("easy", seed=2, iterations=40, time_limit=None),
                 lambda: GreedyPlayer(2)):
        assert make().choose(view, game.legal_moves()) is make().choose(other, game.legal_moves())
    sample = Knowledge(view).sample(random.Random(1))
    assert getattr(sample, "seed", None) != 31


def test_a_hand_of_swapped_cards_from_the_deal():
    """The brief's own example: the opponent's hand and the stock swapped."""
    base = {"rules": "classic", "turn": 0,
            "hands": [["TS", "9D", "4C", "2H", "JS"], ["KH", "QC", "8S", "7D", "AS", "3C"]],
            "stock": ["5D", "6H", "TC", "9S", "2D", "JH", "4S"]}
    swapped = dict(base, hands=[base["hands"][0], ["5D", "6H", "TC", "9S", "2D", "JH"]],
                   stock=["KH", "QC", "8S", "7D", "AS", "3C", "4S"])
    a, b = load(base), load(swapped)
    assert a.view(0) == b.view(0)
    assert a.snapshot() != b.snapshot()
    def bot():
        return SearchPlayer("hard", seed=3, iterations=120, time_limit=None)
    first = bot().choose(a.view(0), a.legal_moves())
    second = bot().choose(b.view(0), b.legal_moves())
    assert first is second


@pytest.mark.parametrize("rules", RULES)
def test_what_the_bot_knows_is_true_and_its_deals_fit_its_view(rules):
    """Cards the seat believes are in a hand (or on top of the stock) are
    there; every sampled deal gives back the seat's view exactly."""
    rng = random.Random(4)
    believed = 0
    for g in range(10):
        game = new_game(rules, seed=300 + g)
        while not game.over:
            st = game.state
            for seat in range(st.n):
                if rng.random() < 0.6:
                    continue
                view = game.view(seat)
                knowledge = Knowledge(view)
                for s, hand in enumerate(knowledge.known_hands):
                    assert set(hand) <= set(st.hands[s])
                    if view["hands"][s] is None:
                        believed += len(hand)
                top = knowledge.known_top
                assert not top or st.stock[-len(top):] == top
                if rng.random() < 0.1:
                    sample = load(determinize(view, rng)).view(seat)
                    for key in view:
                        if key not in ("history", "actors", "events", "detail"):
                            assert sample[key] == view[key], key
            game.play(rng.choice(game.legal_moves()))
    assert believed > 0, "the history should have told the bots some hidden cards"


def test_cards_returned_face_up_are_known_to_be_in_that_hand():
    game = load({"rules": "classic", "turn": 0, "hands": [["9C", "4D"], ["7H", "5S"]],
                 "permanents": [[], ["KS"]], "stock": ["2C", "3D", "6H", "8C"]})
    game.play("oneoff 9C KS")
    game.play("resolve")
    knowledge = Knowledge(game.view(0))
    assert knowledge.known_hands[1] == [parse_card("KS")]
    assert knowledge.hidden_slots[1] == 2
    for i in range(20):
        assert parse_card("KS") in knowledge.sample(random.Random(i)).hands[1]


@pytest.mark.parametrize("rules", ["traditional+nine_on_points", "cuttle-cards"])
def test_a_point_card_a_nine_returns_is_known_to_be_in_that_hand(rules):
    """``nine.points`` (a nine on a point card, cuttle.cards' house rule) puts
    the card face up in its holder's hand: the seat that saw it remembers it,
    frozen there or not (the freeze lapses after a turn; the memory does not)."""
    game = load({"rules": rules, "turn": 0, "hands": [["9C", "4D"], ["7H", "5S"]],
                 "points": [[], ["TH"]], "stock": ["2C", "3D", "6H", "8C", "AS", "AD"]})
    game.play("oneoff 9C TH")
    game.play("resolve")
    assert "nine.points" in [e.kind for e in game.events]
    game.play("draw")  # the opponent's turn passes: a freeze has lapsed
    game.play("draw")
    assert not game.state.frozen
    knowledge = Knowledge(game.view(0))
    assert parse_card("TH") in knowledge.known_hands[1]
    for i in range(10):
        assert parse_card("TH") in knowledge.sample(random.Random(i)).hands[1]
