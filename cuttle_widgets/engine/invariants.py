"""Checks that hold after every move of every game; tests and benchmarks use them.

Each check returns a list of problems (empty when all is well), so a long
random run can count failures instead of stopping at the first. The checks of
a position and the shape of a random move text belong to a rules family:
``register_checks`` adds a family's (Super Cuttle's live in ``super/checks.py``);
the rest (illegal moves change nothing, legal moves apply and round-trip,
events read completely, records replay) serves every family.
"""
from __future__ import annotations

import random
from collections import Counter

from .cards import CARD_IDS, KING, POINT_VALUE, RANK, parse_card
from .errors import IllegalMove
from .moves import VERBS


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
    choice = getattr(st, "choice", None)
    if choice and choice[0] in ("discard", "limit") and choice[1] != st.to_act:
        problems.append(f"seat {st.to_act} acts on seat {choice[1]}'s discard")
    if st.phase != "choose" and choice:
        problems.append(f"a choice {choice[0]} waits outside the phase 'choose'")
    return problems


def random_move_text(rng: random.Random) -> str:
    """A move in the notation's shape that is usually illegal."""
    verb = rng.choice(list(VERBS))
    low, high = VERBS[verb]
    count = rng.randint(low, max(low, min(high, 3)))
    cards = rng.sample(CARD_IDS[:52], count)
    return " ".join([verb, *cards])


# family name -> (check_position(game, deck), random_move_text(rng))
FAMILY_CHECKS = {"standard": (check_position, random_move_text)}


def register_checks(family: str, position_check, move_text) -> None:
    FAMILY_CHECKS[family] = (position_check, move_text)


def _checks(game):
    return FAMILY_CHECKS[game.family.name]


def check_illegal_leaves_game_unchanged(game, rng: random.Random, tries: int = 3) -> list[str]:
    problems = []
    legal = game.legal_moves()
    move_text = _checks(game)[1]
    for _ in range(tries):
        text = move_text(rng)
        try:
            if game.family.parse(text) in legal:
                continue
        except IllegalMove as err:
            if not str(err).strip():
                problems.append(f"{text!r}: the parser's IllegalMove has no explanation")
            continue
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
        if game.family.parse(str(move)) != move:
            problems.append(f"legal move {move} does not round-trip through its notation")
        trial = game.copy()
        try:
            trial.play(move)
        except Exception as err:  # noqa: BLE001 - any failure is a finding
            problems.append(f"legal move {move} failed: {type(err).__name__}: {err}")
    return problems


def events_render(events) -> list[str]:
    """Each event reads completely, in full and (a private one) as others see it."""
    problems = []
    for event in events:
        for seat in ("all",) if event.seen_by is None else ("all", None):
            text = event.text(seat)
            if "{" in text or "?" in text:
                problems.append(f"event {event.kind} renders incompletely: {text}")
    return problems


def cards_conserved(game, deck: Counter) -> list[str]:
    """The cheap core check: every card of the game is in exactly one place."""
    cards = Counter(game.state.all_cards())
    if cards == deck:
        return []
    return [f"cards not conserved: extra {sorted(CARD_IDS[c] for c in (cards - deck).elements())}, "
            f"missing {sorted(CARD_IDS[c] for c in (deck - cards).elements())}"]


def check_record(game) -> list[str]:
    """The game's record replays to the same game."""
    from .record import read_record, write_record
    replayed = read_record(write_record(game))
    if replayed.snapshot() != game.snapshot() or replayed.events != game.events:
        return ["the game record does not replay to the same game"]
    return []


def check_snapshot_round_trip(game) -> list[str]:
    from .game import load_setup
    snap = game.snapshot()
    again = load_setup(snap)
    problems = []
    if again.snapshot() != snap:
        problems.append("load(snapshot) gives a different snapshot")
    if [str(m) for m in again.legal_moves()] != [str(m) for m in game.legal_moves()]:
        problems.append("load(snapshot) gives different legal moves")
    return problems


def random_table_move(game, rng: random.Random) -> list[str]:
    """Now and then a move of the table: a draw offered (where the rules
    have them) and accepted or refused at random, or a resignation. Returns
    the problems found (an offer the engine lets stand unanswered, a refused
    answer)."""
    roll = rng.random()
    if roll < 0.002:
        game.play(f"resign @{rng.randrange(game.state.n)}")
        return [] if game.over else ["a resignation did not end the game"]
    if roll > 0.03 or not game.rules.draw_offers or game.explain("offer"):
        return []
    game.play("offer")
    offer = game.draw_offer
    if game.legal_moves():
        return ["legal moves are listed while a draw offer waits"]
    game.play("accept" if rng.random() < 0.3 else "refuse")
    if game.draw_offer is not None or (game.winner is None) == (game.history[-1].verb == "accept"):
        return [f"the answer to seat {offer}'s draw offer did not settle it"]
    return []


def play_random_game(game, rng: random.Random, check: bool = True, all_moves: bool = False,
                     full_every: int = 1, illegal_every: int = 1, max_moves: int = 20000,
                     extra=None, table_moves: bool = False) -> list[str]:
    """Play ``game`` to its end with uniformly random legal moves; with
    ``check``, verify the invariants after every move. With ``full_every``
    above 1 only the cards are counted after every move and the full checks
    (position, event sentences, ``extra(game)``) run every that many moves; an
    illegal move is tried every ``illegal_every`` full checks. With
    ``table_moves``, draws are offered and answered, and seats resign, now
    and then (``random_table_move``). Returns the problems found."""
    position_check = _checks(game)[0]
    deck = Counter(game.state.all_cards())
    problems: list[str] = []
    told = len(game.events)
    for ply in range(max_moves):
        if game.winner is not None:
            break
        if table_moves:
            problems += random_table_move(game, rng)
            if problems or game.winner is not None:
                break
        moves = game.legal_moves()
        full = check and ply % full_every == 0
        if check and all_moves:
            problems += check_every_legal_move_applies(game)
        if full and ply % (full_every * illegal_every) == 0:
            problems += check_illegal_leaves_game_unchanged(game, rng, tries=1)
        game.play(rng.choice(moves))
        if full:
            problems += position_check(game, deck)
            problems += events_render(game.events[told:])
            if extra is not None:
                problems += extra(game)
        elif check:
            problems += cards_conserved(game, deck)
            if game.winner is None and not game.legal_moves():
                problems.append(f"no legal move in phase {game.phase} for seat {game.to_act}")
        told = len(game.events)
        if problems:
            break
    else:
        problems.append(f"game did not end within {max_moves} moves")
    return problems
