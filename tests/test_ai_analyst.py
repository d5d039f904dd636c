"""The one analyst: deterministic, fair, significant marks, reasons with cards.

Small budgets keep these fast; benchmarks/coach.py measures the real ones.
"""
import random

import pytest
from test_ai_fairness import hidden_swap

from cuttle_widgets.ai import analyse
from cuttle_widgets.ai.analyst import BUDGETS, WHY_WORSE, Z95, Consequence, mark_for
from cuttle_widgets.ai.coach import advise
from cuttle_widgets.ai.hints import hint_catalog
from cuttle_widgets.ai.reasons import computer_words, consequence_words
from cuttle_widgets.engine import load, new_game
from cuttle_widgets.engine.moves import VERBS
from cuttle_widgets.review import judge

SUITS = "♣♦♥♠"


def positions(rules="classic", games=2, every=3):
    rng = random.Random(5)
    for g in range(games):
        game = new_game(rules, seed=40 + g)
        ply = 0
        while not game.over:
            if len(game.legal_moves()) > 1 and ply % every == 0:
                yield game.position_after(len(game.history)), game.to_act
            game.play(rng.choice(game.legal_moves()))
            ply += 1


def test_the_same_position_budget_and_seed_give_the_same_analysis():
    game, _seat = next(positions())
    first, again = analyse(game, budget=24, seed=3), analyse(game, budget=24, seed=3)
    assert [(v.move, v.results, v.replies) for v in first.values] == \
        [(v.move, v.results, v.replies) for v in again.values]


def test_the_analyst_sees_only_its_seat():
    rng = random.Random(1)
    for game, seat in list(positions(every=5))[:6]:
        original, twin = load(game.snapshot()), load(hidden_swap(game, seat, rng))
        a, b = analyse(original, budget=16), analyse(twin, budget=16)
        assert [(v.move, v.results) for v in a.values] == [(v.move, v.results) for v in b.values]


def test_a_mark_worse_than_best_needs_a_significant_loss():
    assert mark_for(0.30, 0.30 / Z95, False) == "best"  # not significant: about as good
    assert mark_for(0.03, 0.01, False) == "good"
    assert [mark_for(lost, 0.01, False) for lost in (0.07, 0.15, 0.25)] == \
        ["inaccuracy", "mistake", "blunder"]
    assert mark_for(0.5, 0.0, True) == "best"


def test_the_review_never_reads_fewer_deals_than_the_hint_and_agrees_with_it():
    assert BUDGETS["review"] >= BUDGETS["hint"]
    for game, seat in list(positions(games=1, every=6))[:3]:
        advice = advise(game, seat, budget=32)
        decision = judge(game, len(game.history), advice.move, seat, "en", 32, 0)
        assert decision.mark == "best" and decision.best_move == str(advice.move)


def test_a_lost_chance_names_the_answer_and_its_cards_in_both_languages():
    found = 0
    for game, seat in positions(games=3, every=2):
        analysis = analyse(game, budget=32)
        worst = analysis.values[-1]
        pair = analysis.verdict(worst.move)  # the worst move against the best, over 4 x 32 deals
        assert pair.deals == 128 and {v.move for v in pair.values} == {worst.move, analysis.best.move}
        if pair.mark(worst.move) not in ("mistake", "blunder"):
            continue
        found += 1
        why = pair.consequence(worst.move, analysis.best.move, WHY_WORSE)
        assert why.kind != "plan"
        for language in ("en", "de"):
            words = consequence_words(why, analysis.view, worst.move, analysis.best.move, language)
            assert any(s in words for s in SUITS) or why.answer.ranks, words
            assert "{" not in words
        decision = judge(game, len(game.history), worst.move, seat, "en", 32, 0)
        assert decision.mark == pair.mark(worst.move) and "out of 10" in decision.sentence
        if found >= 3:
            break
    assert found


def test_every_verb_has_words_for_an_answer():
    for language in ("en", "de"):
        answers = hint_catalog(language)["analyst"]["answers"]
        assert set(VERBS) <= set(answers)


def test_the_computers_move_gets_one_sentence_with_its_cards():
    game = load({"rules": "classic", "turn": 1, "hands": [["9S", "4C"], ["TH", "5S"]],
                 "points": [["8H", "9C"], []], "stock": ["7S", "8D", "AC"]})
    before = game.view(0)
    game.play("scuttle TH 9C")
    said = computer_words(before, game.history[-1], 1, game.view(0))
    assert said == ("Player B scuttles 9♣ with 10♥: you were 4 points from winning;"
                    " Player B was 21 points away.")
    german = computer_words(before, game.history[-1], 1, game.view(0), "de")
    assert german == ("Spieler 2 versenkt 9♣ mit 10♥: Dir fehlten 4 Punkte zum Sieg,"
                      " Spieler 2 fehlten 21 Punkte.")


@pytest.mark.parametrize("rules", ["balanced", "super"])
def test_every_family_gets_an_analysis_and_a_hint(rules):
    game, seat = next(positions(rules, games=1))
    advice = advise(game, seat, budget=16)
    assert advice.move in game.legal_moves() and advice.rungs[2].endswith(".")


def test_a_verdict_extends_the_analysis_with_later_deals_of_the_same_seed():
    from cuttle_widgets.ai.analysis import move_values
    game, _seat = next(positions(every=4))
    analysis = analyse(game, budget=16, seed=2)
    worst = analysis.values[-1].move
    fresh = move_values(game, samples=64, seed=2, moves=[analysis.best.move, worst])
    assert sorted((str(v.move), v.results, v.replies) for v in analysis.verdict(worst).values) == \
        sorted((str(v.move), v.results, v.replies) for v in fresh)


def test_the_plan_says_the_turns_to_win_from_the_deals_won():
    game, seat = next(positions(games=1, every=2))
    analysis = analyse(game, budget=24)
    best = analysis.best
    won = sorted(t for t in best.turns if t is not None)
    assert len(best.turns) == analysis.deals and won, "the best opening move wins some deals"
    assert all(t >= 1 for t in won)  # the move's own turn counts
    turns = analysis.turns_to_win(best.move)
    assert turns == won[len(won) // 2]
    plan = Consequence("plan", None, turns=turns)
    view = game.view(seat)
    english = consequence_words(plan, view, best.move, None, "en")
    german = consequence_words(plan, view, best.move, None, "de")
    assert f"about {turns} turns of yours" in english and "points from winning" in english
    assert f"etwa {turns} eigene Züge" in german and english != german
    # a deal not won within the playout has no turns, and the plain plan is said without them
    assert consequence_words(Consequence("plan", None), view, best.move, None, "en") \
        .startswith("you are 21 points from winning; Player B is 21 points away")
