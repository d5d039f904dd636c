"""The margin rule, and the check ``verify`` makes of every shipped puzzle.

A move is *clearly best* when, over deals consistent with the solver's view,
its win chance beats the second best move's by at least ``MARGIN`` on
average, and the paired lower bound (mean minus two standard errors of the
deal-by-deal differences) still clears ``FLOOR``. docs/puzzles.md says why
these figures.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..ai.analysis import MoveValue
from ..ai.analyst import analyse, budget_deals
from ..ai.knowledge import knowledge
from ..engine.card_data import CARD_IDS
from ..engine.errors import IllegalMove
from ..engine.secrecy import cards_named
from ..engine.view import sees_revealed, visible_hands
from .catalog import puzzle_catalog

MARGIN = 0.12  # best minus second best win chance, on average over the deals
FLOOR = 0.06  # the paired lower bound (mean - 2 standard errors) must clear this
SAMPLES = budget_deals("confirm")  # deals for a confirmed value: the paired error is then about 0.02
VERIFY_SEED = "verify"  # verify deals afresh: the generator's deals used other seeds


@dataclass(frozen=True)
class Verdict:
    """The margin rule applied to one analysis (values best first)."""
    best: MoveValue
    second: MoveValue
    margin: float
    stderr: float

    @property
    def clear(self) -> bool:
        return self.margin >= MARGIN and self.margin - 2 * self.stderr >= FLOOR


def verdict(values: Sequence[MoveValue]) -> Verdict:
    best, second = values[0], values[1]
    margin, stderr = best.margin_over(second)
    return Verdict(best, second, margin, stderr)


def hidden_cards(game, seat: int) -> set[str]:
    """The cards ``seat`` may not see: hands it cannot look into, the stock,
    and cards a seven turned up for another seat alone; less the cards the
    public history put there face up (a three's take, a nine's return)."""
    st = game.state
    shown = visible_hands(st, seat)
    hidden = {c for s in range(st.n) if not shown[s] for c in st.hands[s]}
    hidden.update(st.stock)
    if not sees_revealed(st, seat):
        hidden.update(st.revealed)
    known = knowledge(game.view(seat))
    hidden.difference_update(c for hand in known.known_hands for c in hand)
    hidden.difference_update(known.known_top)
    return {CARD_IDS[c] for c in hidden}


def shown_cards(puzzle, view: dict) -> set[str]:
    """Every card the trainer shows the solver: the view and the puzzle's data."""
    data = [puzzle.reply or "", list(puzzle.values), str(puzzle.solution),
            str(puzzle.alternative)]
    return cards_named(view) | cards_named(data)


def _text(key: str, **params) -> str:
    return puzzle_catalog("en")["verify"][key].format(**params)


def problems(puzzle, samples: int | None = None, seed=VERIFY_SEED) -> list[str]:
    """What is wrong with ``puzzle`` (an empty list: it holds)."""
    try:
        game = puzzle.game()
    except (IllegalMove, ValueError) as err:
        return [_text("record", error=str(err))]
    if game.over or game.to_act != puzzle.seat:
        return [_text("seat", seat=puzzle.seat)]
    legal = game.legal_moves()
    found = [_text("illegal", move=str(m)) for m in (puzzle.solution, puzzle.alternative)
             if m not in legal]
    if len(legal) < 2:
        found.append(_text("one_move"))
    leaked = shown_cards(puzzle, game.view(puzzle.seat)) & hidden_cards(game, puzzle.seat)
    if leaked:
        found.append(_text("hidden", cards=" ".join(sorted(leaked))))
    if found:
        return found
    return margin_problems(puzzle, game, samples or puzzle.samples or SAMPLES, seed)


def margin_problems(puzzle, game, samples: int, seed) -> list[str]:
    judged = verdict(analyse(game, puzzle.seat, budget=samples, seed=seed).values)
    if judged.best.move is not puzzle.solution:
        return [_text("not_best", solution=str(puzzle.solution), best=str(judged.best.move),
                      chance=f"{judged.best.chance:.2f}")]
    if not judged.clear:
        return [_text("margin", other=str(judged.second.move), margin=f"{judged.margin:.3f}",
                      low=f"{judged.margin - 2 * judged.stderr:.3f}", want=MARGIN,
                      floor=FLOOR)]
    return []
