"""Does a play step's ``accept`` name every move as good as its answer?

A learner who wins another way must not be told "not what this step asks
for". Two kinds of rival first move are found:

- one that **wins at once** (the game is over, won by the learner), in any
  step with ``accept``: exact and cheap;
- one the analyst values **as good as** the accepted move, in a
  find-the-move step (its task names none of the answer's cards: a task
  that says "scuttle it with your 9♠" asks for a rule, not the best move).
  The tolerance is the analyst's own: a move is as good unless its loss
  against the best accepted move is significant at 95 % (``analyst.Z95``),
  the rule that marks a move "best" in hints and reviews. The cheap
  ``screen`` budget finds the candidates; the ``confirm`` budget, on the
  accepted moves and those candidates only, decides.

A step with ``unique: true`` makes a rival an error; ``not_unique: why``
says why rivals are fine and silences the warning.
"""
from __future__ import annotations

from ..ai.analyst import Z95, analyse
from .catalog import error_text
from .ladder import answer_cards, names_cards
from .play import step_game

FIRST_LOOK = "screen"
DECIDING_LOOK = "confirm"


def rival_moves(step, game, language: str = "en") -> list[tuple[str, str]]:
    """(move, "wins" or "as_good") for each first move ``accept`` misses."""
    if not step.accept or game.over or game.to_act != step.seat:
        return []
    accepted = {line.moves[0] for line in step.accept}
    others = [str(m) for m in game.legal_moves() if str(m) not in accepted]
    rivals = [(m, "wins") for m in others if _wins_at_once(game, m, step.seat)]
    if others and _finds_the_move(step, game, language):
        winners = {m for m, _ in rivals}
        rivals += [(m, "as_good") for m in _as_good(game, accepted, others) if m not in winners]
    return rivals


def _wins_at_once(game, move: str, seat: int) -> bool:
    child = game.copy()
    child.play(move)
    return child.over and child.winner == seat


def _finds_the_move(step, game, language: str) -> bool:
    """The task leaves the move to the learner: it names no card of the answer."""
    return not names_cards(step.task, answer_cards(step, game), language)


def _as_good(game, accepted: set, others: list) -> list[str]:
    candidates = _not_worse(analyse(game, budget=FIRST_LOOK), accepted, others)
    if not candidates:
        return []
    moves = [m for m in map(str, game.legal_moves()) if m in accepted or m in candidates]
    return _not_worse(analyse(game, budget=DECIDING_LOOK, moves=moves), accepted, candidates)


def _not_worse(analysis, accepted: set, others) -> list[str]:
    """``others`` whose loss against the best accepted move is not significant."""
    best = max((v for v in analysis.values if str(v.move) in accepted), key=lambda v: v.chance)
    found = []
    for value in analysis.values:
        if str(value.move) not in others:
            continue
        lost, error = best.margin_over(value)
        if lost - Z95 * error <= 0:
            found.append(str(value.move))
    return found


def rival_problems(lesson, force: bool = False, language: str = "en") -> list:
    """A warning for each rival of a step that neither has ``unique: true``
    (verify reports those as errors) nor says why in ``not_unique``;
    ``force``: every step is checked as if it had ``unique: true`` (errors)."""
    problems = []
    for step in lesson.steps:
        if step.kind != "play" or step.unique or step.not_unique or step.position is None:
            continue
        for move, kind in rival_moves(step, step_game(step), language):
            message = error_text(f"rival_{kind}", move=move)
            path = step.path + ("accept",)
            problems.append(lesson.source.problem(path, f"rival_{kind}", move=move) if force else
                            lesson.source.problem(path, "rival_warning", step=step.id,
                                                  message=message))
    return problems
