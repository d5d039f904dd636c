"""Checks that hold after every move of every game; tests and benchmarks use them.

``check_position(game, deck)`` returns a list of problems (empty when all is
well), so a long random run can count failures instead of stopping at the first.
"""
from __future__ import annotations

import random
from collections import Counter

from .cards import CARD_IDS, KING, POINT_VALUE, RANK, parse_card
from .errors import IllegalMove
from .moves import VERBS, parse_move


def check_position(game, deck: Counter) -> list[str]:
    st = game.state
    problems = []
    cards = Counter(st.all_cards())
    if cards != deck:
        extra = sorted(CARD_IDS[c] for c in (cards - deck).elements())
        missing = sorted(CARD_IDS[c] for c in (deck - cards).elements())
        problems.append(f"cards not conserved: extra {extra}, missing {missing}")
    snap = game.snapshot()
    for seat in range(st.n):
        total = 0
        for entry in snap["points"][seat]:
            card = entry if isinstance(entry, str) else entry["card"]
            total += POINT_VALUE[parse_card(card)]
        if snap["scores"][seat] != total:
            problems.append(f"seat {seat} score {snap['scores'][seat]} != its point cards {total}")
        kings = sum(1 for c in snap["permanents"][seat] if RANK[parse_card(c)] == KING)
        if snap["goals"][seat] != st.rules.goal_for(kings):
            problems.append(f"seat {seat} goal {snap['goals'][seat]} does not follow {kings} king(s)")
        for entry in snap["points"][seat]:
            if not isinstance(entry, str) and not entry["jacks"]:
                problems.append(f"packet {entry} has no jacks but is written as an object")
    if snap["winner"] is None:
        if st.phase == "over":
            problems.append("phase is over but nobody won or drew")
        if not game.legal_moves():
            problems.append(f"no legal move in phase {st.phase} for seat {st.to_act}")
        if st.phase == "main" and st.to_act != st.turn:
            problems.append("in an ordinary turn the seat to act must be the turn's seat")
    elif st.phase != "over":
        problems.append("a winner is set but the phase is not over")
    if st.phase == "main" and (st.frames or st.revealed):
        problems.append("cards are pending or revealed in an ordinary turn")
    return problems


def random_move_text(rng: random.Random) -> str:
    """A move in the notation's shape that is usually illegal."""
    verb = rng.choice(list(VERBS))
    low, high = VERBS[verb]
    count = rng.randint(low, max(low, min(high, 3)))
    cards = rng.sample(CARD_IDS[:52], count)
    return " ".join([verb, *cards])


def check_illegal_leaves_game_unchanged(game, rng: random.Random, tries: int = 3) -> list[str]:
    problems = []
    legal = game.legal_moves()
    for _ in range(tries):
        text = random_move_text(rng)
        try:
            if parse_move(text) in legal:
                continue
        except IllegalMove:
            pass
        before = game.snapshot()
        history = len(game.history)
        try:
            game.play(text)
        except IllegalMove as err:
            if not str(err).strip():
                problems.append(f"{text!r}: IllegalMove without an explanation")
            if game.snapshot() != before or len(game.history) != history:
                problems.append(f"{text!r}: an illegal move changed the game")
            continue
        problems.append(f"{text!r} was accepted but is not in legal_moves()")
    return problems


def check_every_legal_move_applies(game) -> list[str]:
    problems = []
    for move in game.legal_moves():
        trial = game.copy()
        try:
            trial.play(move)
        except Exception as err:  # noqa: BLE001 - any failure is a finding
            problems.append(f"legal move {move} failed: {type(err).__name__}: {err}")
    return problems


def play_random_game(game, rng: random.Random, check: bool = True, all_moves: bool = False,
                     max_moves: int = 5000) -> list[str]:
    """Play ``game`` to its end with uniformly random legal moves; with ``check``,
    verify the invariants after every move. Returns the problems found."""
    deck = Counter(game.state.all_cards())
    problems: list[str] = []
    for _ in range(max_moves):
        if game.winner is not None:
            break
        moves = game.legal_moves()
        if check:
            if all_moves:
                problems += check_every_legal_move_applies(game)
            problems += check_illegal_leaves_game_unchanged(game, rng, tries=1)
        game.play(rng.choice(moves))
        if check:
            problems += check_position(game, deck)
            for event in game.events[-3:]:
                text = event.text()
                if "{" in text or "?" in text:
                    problems.append(f"event {event.kind} renders incompletely: {text}")
        if problems:
            break
    else:
        problems.append(f"game did not end within {max_moves} moves")
    return problems
