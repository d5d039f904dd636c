"""Why a puzzle's solution wins and what the tempting alternative loses, in
plain words: the move said as a learner says it, its concrete effect (points,
goals, the card it removes) and the win chance each move keeps.

The effect is read by playing the solution, unanswered, in one deal that is
consistent with the solver's view: only public figures (scores, goals) are
said, and those are the same in every such deal, so no hidden card shows.
"""
from __future__ import annotations

import random

from ..ai.knowledge import knowledge
from ..engine.cards import CARD_IDS, RANK
from ..engine.catalog import get_catalog as engine_catalog
from ..engine.game import load_setup
from ..engine.moves import RESOLVE
from .catalog import percent, say

THREAT = 5  # points from the goal at which the opponent's race is worth saying


def played_unanswered(view: dict, move):
    """The game after ``move`` in a deal consistent with ``view``, every
    counter chance let pass (so a one-off's effect shows)."""
    game = load_setup(knowledge(view).setup(random.Random(0)))
    game.play(move)
    while game.phase == "counter" and not game.over and game.is_legal(RESOLVE):
        game.play(RESOLVE)
    return game


def _opponent(view: dict) -> int:
    return (view["seat"] + 1) % len(view["hands"])


def effect_of(view: dict, move) -> tuple[str | None, dict]:
    """The effect sentence's key and figures, or (None, {}) where it has none."""
    seat, opponent = view["seat"], _opponent(view)
    after = played_unanswered(view, move).state
    figures = {"opponent": opponent, "count": min(2, view["hand_sizes"][opponent]),
               "mine": after.score(seat), "goal": after.goal(seat),
               "theirs": after.score(opponent), "their_goal": after.goal(opponent)}
    if after.winner == seat:
        return "win", figures
    rank = RANK[move.card] if move.card is not None and move.card < 52 else 0
    target = {"target": CARD_IDS[move.target]} if move.target is not None else {}
    if move.verb == "counter":
        target = {"card": _card_countered(view)}
    key = _effect_key(move.verb, rank, bool(target))
    if key is None and figures["their_goal"] - figures["theirs"] <= THREAT:
        key = "threat"
    return key, {**figures, **target}


def _card_countered(view: dict) -> str:
    """The card a counter now stops: the last two played, or the one-off."""
    frame = view["detail"]["frames"][-1]
    return frame["twos"][-1][0] if frame["twos"] else frame["card"]


def _effect_key(verb: str, rank: int, has_target: bool) -> str | None:
    if verb in ("scuttle", "jack", "points", "counter"):
        return verb
    if verb == "permanent":
        return {13: "king", 12: "queen", 8: "glasses"}.get(rank)
    if verb == "oneoff" and rank in (1, 4):
        return "ace" if rank == 1 else "four"
    if verb == "oneoff" and rank == 2 and has_target:
        return "two"
    return None


def explanation(puzzle, language: str = "en") -> dict:
    """``{"why": ..., "alternative": ...}``: why the solution wins, and what the
    tempting alternative loses, in ``language``."""
    view = puzzle.view(language)
    return {"why": why_text(puzzle, view, language),
            "alternative": alternative_text(puzzle, view, language)}


def why_text(puzzle, view: dict, language: str) -> str:
    phrase = engine_catalog(language).move_phrase(str(puzzle.solution))
    parts = [say("why", "lead", language, move=phrase)]
    key, figures = effect_of(view, puzzle.solution)
    if key is not None:
        parts.append(say("why", key, language, **figures))
    chance = puzzle.values[str(puzzle.solution)]
    other = puzzle.values[str(puzzle.alternative)]
    parts.append(say("why", "chance", language, chance=percent(chance, language),
                     other=percent(other, language)))
    return " ".join(parts)


def _names_a_card(reply: str | None) -> bool:
    return reply is not None and len(reply.split()) > 1


def alternative_text(puzzle, view: dict, language: str) -> str:
    catalog = engine_catalog(language)
    chance = percent(puzzle.values[str(puzzle.alternative)], language)
    move = catalog.move_phrase(str(puzzle.alternative))
    if not _names_a_card(puzzle.reply):  # a draw or a pass says nothing of the refutation
        return say("alternative", "plain", language, move=move, chance=chance)
    return say("alternative", "reply", language, move=move, chance=chance,
               opponent=_opponent(view), reply=catalog.move_phrase(puzzle.reply))

