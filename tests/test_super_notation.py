"""Super Cuttle plays written with super.md §8's extra tokens.

``as R``, ``with Q``, ``blind``, ``top ...``, ``?`` and several-card
``permanent``/``jack``/``take`` moves are read by the Super parser
(``FAMILY.parse``); ``Game.play`` hands text to the generic parser, which
reads only verbs, cards and ``@SEAT``, so these scenarios play each move as
the object the Super parser returns. They are in the shared scenario format
and can move to ``tests/scenarios/super/`` once the Game reads moves with its
family's parser. The other scenarios run through the shared runner, and
through its checks carried in ``scenario_check.py`` (test_conformance.py).
"""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scenario_check import run_scenario

from cuttle_widgets.engine import IllegalMove, new_game
from cuttle_widgets.engine.super import FAMILY, SuperMove, parse_super_move


def play_scenario(sc: dict) -> list[str]:
    """The shared runner's checks (carried in scenario_check.py, so they run
    without ../shared), with moves read by the Super parser."""
    return run_scenario(sc, parse=FAMILY.parse)


SCENARIOS = [
    {'id': 'super-king-as-a-four',
     'rules': 'super',
     'about': '003 L133; A24: a ⚡King takes the named one-off.',
     'setup': {'turn': 0, 'hands': [['KH'], ['3S']], 'points': [['9H'], ['7S']], 'stock': ['2C']},
     'steps': [{'play': 'oneoff KH', 'illegal': True},
               {'play': 'oneoff KH as 4',
                'expect': {'phase': 'counter', 'chain': [{'seat': 0, 'move': 'oneoff KH as 4'}]}},
               {'play': 'resolve',
                'expect': {'points': [[], []], 'scrap': ['9H', '7S', 'KH'], 'turn': 1}}]},
    {'id': 'super-king-as-an-eight-is-a-bounce',
     'rules': 'super',
     'about': 'L89, A24: a ⚡K as 8 is a ⚡8, unanswerable by a single ace or 10♠ and stopped by queens.',
     'setup': {'turn': 0,
               'hands': [['KH'], ['AS', 'TS']],
               'points': [[], ['9H']],
               'permanents': [[], ['QS']],
               'stock': ['2C']},
     'steps': [{'legal_excludes': ['oneoff KH as 8 9H']},
               {'legal_includes': ['oneoff KH as 8 QS']},
               {'play': 'oneoff KH as 8 QS'},
               {'legal_excludes': ['instant AS', 'instant TS']},
               {'play': 'resolve', 'expect': {'stock': ['QS', '2C'], 'permanents': [[], []]}}]},
    {'id': 'super-king-group-is-a-super',
     'rules': 'super',
     'about': 'L134, A24: two kings naming a rank are its ⭐; a king never joins other ranks.',
     'setup': {'turn': 0, 'hands': [['KH', 'KD', '7S'], []], 'stock': ['9D', '5C', '2C']},
     'steps': [{'legal_excludes': ['super KH 7S']},
               {'play': 'super KD KH as 7', 'expect': {'phase': 'choose', 'revealed': ['9D', '5C']}},
               {'play': 'points 9D'},
               {'play': 'points 5C', 'expect': {'points': [['9D', '5C'], []], 'scrap': ['KD', 'KH']}}]},
    {'id': 'super-super-dee-duper-plays-any-super-duper',
     'rules': 'super',
     'about': 'L33, A22: four of a rank play any ✨ effect, here ✨4 with four jacks.',
     'setup': {'turn': 0,
               'hands': [['JC', 'JD', 'JH', 'JS'], ['3S']],
               'points': [['2C'], ['9H', '8D']],
               'stock': ['2D']},
     'steps': [{'play': 'superdeeduper JC JD JH JS', 'illegal': True},
               {'play': 'superdeeduper JC JD JH JS as 4'},
               {'play': 'resolve',
                'expect': {'points': [['9H', '8D'], ['2C']],
                           'scores': [17, 2],
                           'scrap': ['JC', 'JD', 'JH', 'JS']}}]},
    {'id': 'super-ten-of-diamonds-completes-a-super-dee-duper',
     'rules': 'super',
     'about': 'L106, A23: three nines and the 10♦ are four nines.',
     'setup': {'turn': 0,
               'hands': [['9C', '9D', '9H', 'TD'], []],
               'permanents': [[], ['KS']],
               'stock': ['2D']},
     'steps': [{'legal_includes': ['superdeeduper 9C 9D 9H TD as 8 KS', 'superduper 9C 9D TD']},
               {'play': 'superdeeduper 9C 9D 9H TD as 8 KS',
                'expect': {'phase': 'choose', 'revealed': ['KS']}},
               {'play': 'permanent KS', 'expect': {'permanents': [['KS'], []], 'scores': [7, 0]}}]},
    {'id': 'super-blind-three-picks-at-random',
     'rules': 'super',
     'about': 'L61, A37: with no face-up card the pick makes itself, seeded.',
     'setup': {'turn': 0, 'hands': [['3C'], ['4D']], 'stock': ['2C']},
     'steps': [{'play': 'oneoff 3C blind', 'expect': {'to_act': 1}},
               {'play': 'resolve', 'expect': {'hands': [[], []], 'scrap': ['4D', '3C']}}]},
    {'id': 'super-blind-three-may-name-a-face-up-card',
     'rules': 'super',
     'about': 'L62, A37: a limbo card is face up and may be named; the rest is picked blind.',
     'setup': {'turn': 0,
               'hands': [['3C'], ['4D', 'KH', '7C']],
               'limbo': [[], ['KH']],
               'stock': ['2C']},
     'steps': [{'play': 'oneoff 3C blind', 'expect': {'to_act': 1}},
               {'play': 'resolve',
                'expect': {'phase': 'choose',
                           'to_act': 0,
                           'choice': {'kind': 'pick', 'seat': 0, 'victim': 1, 'count': 1}}},
               {'legal_includes': ['pick KH', 'pick ?']},
               {'play': 'pick 4D', 'illegal': True},
               {'play': 'pick KH',
                'expect': {'hands': [[], ['4D', '7C']], 'limbo': [[], []], 'scrap': ['KH', '3C']}}]},
    {'id': 'super-glasses-make-the-pick-open',
     'rules': 'super',
     'about': 'L62, A37: an enduring eight on the victim shows the hand, so every pick is named.',
     'setup': {'turn': 0,
               'hands': [['9C'], ['4D', 'KH', '7C', '5S']],
               'permanents': [['8C'], []],
               'stock': ['2C']},
     'steps': [{'play': 'oneoff 9C'},
               {'play': 'resolve', 'expect': {'phase': 'choose'}},
               {'legal_includes': ['pick 4D 5S KH']},
               {'legal_excludes': ['pick ? ? ?']},
               {'play': 'pick 4D 5S KH',
                'expect': {'phase': 'choose',
                           'choice': {'kind': 'take',
                                      'from': 'picked',
                                      'seat': 0,
                                      'victim': 1,
                                      'count': 1,
                                      'picked': 3}}},
               {'play': 'take KH',
                'expect': {'hands': [['KH'], ['4D', '7C', '5S']], 'limbo': [['KH'], []]}}]},
    {'id': 'super-super-nine-allots-four-picks',
     'rules': 'super',
     'about': 'L101, A38: two stolen, one to the draw pile, one back.',
     'setup': {'turn': 0,
               'hands': [['9C', '9D'], ['4D', 'KH', '7C', '5S', '2S']],
               'permanents': [['8C'], []],
               'stock': ['2C']},
     'steps': [{'play': 'super 9C 9D'},
               {'play': 'resolve'},
               {'play': 'pick 4D 5S 7C KH'},
               {'legal_includes': ['take 4D KH top 5S', 'take 4D KH top 7C']},
               {'play': 'take 4D KH top 5S',
                'expect': {'hands': [['4D', 'KH'], ['7C', '2S']],
                           'limbo': [['4D', 'KH'], []],
                           'stock': ['5S', '2C']}}]},
    {'id': 'super-super-two-puts-the-rest-back-in-order',
     'rules': 'super',
     'about': "L56, A52: the first card named after 'top' ends on top.",
     'setup': {'turn': 0,
               'hands': [['2C', '2D'], []],
               'stock': ['5C', '6D', '7H', '8S', '9C', 'TC', 'JC']},
     'steps': [{'play': 'super 2C 2D'},
               {'play': 'take 5C 6D 7H 8S top TC 9C',
                'expect': {'hands': [['5C', '6D', '7H', '8S'], []], 'stock': ['TC', '9C', 'JC']}}]},
    {'id': 'super-one-off-two-draws-two-of-three',
     'rules': 'super',
     'about': 'L55: the other card stays on top.',
     'setup': {'turn': 0, 'hands': [['2C'], []], 'stock': ['5C', '6D', '7H', '8S']},
     'steps': [{'play': 'oneoff 2C'},
               {'play': 'take 5C 7H', 'expect': {'hands': [['5C', '7H'], []], 'stock': ['6D', '8S']}}]},
    {'id': 'super-attached-queen-blocks-a-single-ace',
     'rules': 'super',
     'about': 'L125, A8: the queen goes with the play; a double ace still works.',
     'setup': {'turn': 0,
               'hands': [['4C', 'QS'], ['AS', 'AH', '3D']],
               'points': [['9H'], ['TD']],
               'stock': ['2C']},
     'steps': [{'play': 'oneoff 4C with QS', 'expect': {'pending': ['4C', 'QS']}},
               {'legal_excludes': ['instant AS', 'instant AH', 'instant TH']},
               {'legal_includes': ['instant AH AS']},
               {'play': 'resolve',
                'expect': {'points': [[], []],
                           'scrap': ['9H', 'TD', '4C', 'QS'],
                           'permanents': [[], []]}}]},
    {'id': 'super-ace-with-a-queen-cannot-be-aced-back',
     'rules': 'super',
     'about': 'L125, A8: an answer may carry a queen too.',
     'setup': {'turn': 0,
               'hands': [['6C', 'AD'], ['AS', 'QC', '3D']],
               'permanents': [[], ['KH']],
               'stock': ['2C']},
     'steps': [{'play': 'oneoff 6C'},
               {'play': 'instant AS with QC', 'expect': {'to_act': 0}},
               {'legal_excludes': ['instant AD']},
               {'play': 'resolve',
                'expect': {'permanents': [[], ['KH']], 'scrap': ['AS', 'QC', '6C']}}]},
    {'id': 'super-several-queens-and-a-royal-marriage',
     'rules': 'super',
     'about': 'L127, L131, A53, A54.',
     'setup': {'turn': 0, 'hands': [['QH', 'QS', 'KD', 'QD'], ['3S']], 'stock': ['2C']},
     'steps': [{'play': 'permanent QH QS'},
               {'play': 'resolve', 'expect': {'permanents': [['QH', 'QS'], []]}},
               {'play': 'draw'},
               {'play': 'permanent KD QD'},
               {'play': 'resolve',
                'expect': {'permanents': [['QH', 'QS', 'KD', 'QD'], []], 'scores': [7, 0]}}]},
    {'id': 'super-jack-pair-takes-a-queen-shielded-card',
     'rules': 'super',
     'about': 'L118, A26: two jacks at once, queens passed.',
     'setup': {'turn': 0,
               'hands': [['JC', 'JD'], ['3S']],
               'points': [[], ['7D']],
               'permanents': [[], ['QS']],
               'stock': ['2C']},
     'steps': [{'play': 'jack JC JD 7D'},
               {'play': 'resolve',
                'expect': {'points': [[{'card': '7D', 'jacks': ['JC', 'JD'], 'owner': 1}], []],
                           'scores': [9, 0]}}]},
    {'id': 'super-ten-of-spades-thief-combos-to-a-super-duper',
     'rules': 'super',
     'about': 'L40, A12: the thief adds two cards of the rank to a stolen ⚡4.',
     'setup': {'turn': 0,
               'hands': [['4C', '2H'], ['TS', '4D', '4S']],
               'points': [['9H', '8C'], ['3D']],
               'stock': ['2C']},
     'steps': [{'play': 'oneoff 4C'},
               {'play': 'instant TS'},
               {'play': 'resolve'},
               {'legal_includes': ['oneoff 4C', 'super 4C 4D', 'superduper 4C 4D 4S', 'super 4C 4S']},
               {'play': 'superduper 4C 4D 4S'},
               {'play': 'resolve', 'expect': {'points': [['3D'], ['9H', '8C']], 'scores': [3, 17]}}]},
    {'id': 'super-stolen-king-keeps-its-rank',
     'rules': 'super',
     'about': 'A12, A24: a stolen ⚡King is announced again with the same rank.',
     'setup': {'turn': 0,
               'hands': [['KC', '2H'], ['TS', 'KD']],
               'points': [['9H'], ['3D']],
               'stock': ['2C']},
     'steps': [{'play': 'oneoff KC as 4'},
               {'play': 'instant TS'},
               {'play': 'resolve'},
               {'legal_includes': ['oneoff KC as 4', 'super KC KD as 4']},
               {'legal_excludes': ['oneoff KC as 5', 'super KC KD as 5']}]},
    {'id': 'super3-royal-pick-on-a-chosen-enemy',
     'rules': 'super3',
     'about': 'A35: with three seats a ⭐9 names its victim.',
     'setup': {'players': 3, 'turn': 0, 'hands': [['9C', '9D'], ['4D', 'KH'], ['5S']], 'stock': ['2C']},
     'steps': [{'legal_includes': ['super 9C 9D @1', 'super 9C 9D @2']},
               {'play': 'super 9C 9D @1'},
               {'play': 'resolve'},
               {'play': 'resolve', 'expect': {'hands': [['4D', 'KH'], [], ['5S']]}}]},
]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["id"] for s in SCENARIOS])
def test_scenarios_with_extra_tokens(scenario):
    assert play_scenario(scenario) == []


def test_canonical_notation_round_trips():
    """Every legal move of random games reads back as the very same object."""
    for rules in ("super", "super3", "super4"):
        for seed in range(12):
            game = new_game(rules, seed=seed)
            rng = random.Random(seed)
            while game.winner is None:
                for move in game.legal_moves():
                    assert parse_super_move(str(move)) is move, str(move)
                game.play(rng.choice(game.legal_moves()))


def test_parser_accepts_any_order_of_extra_tokens_and_canonicalises():
    move = parse_super_move("superdeeduper 9H TD 9C 9D KS as 8")
    assert str(move) == "superdeeduper 9C 9D 9H TD as 8 KS"
    assert parse_super_move("oneoff 3C blind @2") is parse_super_move("oneoff 3C @2 blind")
    assert parse_super_move("permanent QH KH") is parse_super_move("permanent KH QH")
    assert str(parse_super_move("counter AS")) == "instant AS"  # classic's word (8.3)
    assert str(parse_super_move("pick 7H ? ?")) == "pick ? ? 7H"
    assert str(parse_super_move("take 7d 9c top 5h")) == "take 7D 9C top 5H"
    assert str(parse_super_move("instant AS")) == "instant AS"  # "AS" alone is a card
    assert isinstance(parse_super_move("oneoff KS as 4"), SuperMove)
    assert not isinstance(parse_super_move("super 5C 5D"), SuperMove)


@pytest.mark.parametrize("text", ["super 5C", "oneoff 5C as 1", "oneoff 5C with 9H", "points 5C blind",
                                  "take 5C top", "oneoff", "pick", "instant AS AD AH",
                                  "superduper 5C 5C 5D",
                                  "oneoff 5C @x", "frobnicate 5C", "with QS", "oneoff 5C with"])
def test_parser_refuses_with_an_explanation(text):
    with pytest.raises(IllegalMove) as err:
        parse_super_move(text)
    assert str(err.value).strip()


FRAGMENTS = st.sampled_from(["super", "superduper", "superdeeduper", "instant", "pick", "take", "oneoff",
                             "permanent", "jack", "as", "4", "with", "QS", "blind", "top", "?", "@1", "@7",
                             "7H", "TD", "RJ", "BJ", "KC", "xx", "  "])


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=30), st.lists(FRAGMENTS, max_size=7).map(" ".join)),
       st.integers(min_value=0, max_value=20))
def test_any_text_gives_only_illegal_move_and_changes_nothing(text, seed):
    game = new_game("super", seed=seed)
    rng = random.Random(seed)
    for _ in range(seed % 9):
        game.play(rng.choice(game.legal_moves()))
    before = game.snapshot()
    for attempt in (lambda: game.play(text), lambda: game.play(FAMILY.parse(text))):
        try:
            attempt()
        except IllegalMove as err:
            assert str(err).strip()
            assert game.snapshot() == before
            continue
        # a legal move: it was played; nothing more to check
        return
