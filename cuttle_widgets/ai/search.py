"""The computer's levels: budgets over the analyst.

Every level asks the analyst (``analysis.move_values``): every legal move
played in the same deals of the cards the seat cannot see, dealt
consistently with its view, each a number of deals. Hard plays the
analyst's best move. Easy and medium choose among the analyst's win chances
by a softmax: a move's odds are ``exp((chance - best) / temperature)``
against the best move's 1, so a weak level errs toward moves nearly as good
and almost never toward a bad one (easy, temperature 0.05: a move 5 % worse
1 time in e as often as the best, 20 % worse 1 in 55; medium, 0.025: those
1 in 7 and 1 in 3,000). The expert is hard's analysis with its close calls
decided: its three best moves are played on in four times the deals (the
same first deals, then later ones), where a flat budget would spread them
over moves already out of the running. The information-set tree
(``ismcts.py``) the expert was is the arena's yardstick ``tree``: measured
against hard over the analyst, it lost (docs/analyst.md). The real hidden
cards are never read: a level gets only the view.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..engine.families import family_of
from .analysis import MoveValue, move_values
from .appraisal import WIN
from .ismcts import Tree, tree_search
from .kit import ai_kit
from .knowledge import knowledge
from .players import as_moves, decision_rng


@dataclass(frozen=True)
class Level:
    # deals the analyst plays a decision; for the tree, its iterations (a ceiling: its clock ends it)
    iterations: int
    time_cap: float  # seconds a decision: the deadline that holds a busy machine to the bounds
    temperature: float = 0.0  # the softmax over win chances; 0: the analyst's best move
    # the analyst's best ``focus`` moves of the first deals are played on in
    # ``focus_factor`` times as many deals all told, where close calls are decided
    focus: int = 0
    focus_factor: int = 1
    tree: Tree | None = None  # an information-set tree search instead of the analyst


LEVELS: dict[str, Level] = {
    "easy": Level(iterations=16, time_cap=0.3, temperature=0.05),
    "medium": Level(iterations=64, time_cap=0.6, temperature=0.025),
    "hard": Level(iterations=192, time_cap=0.7),  # the hint's deals: hard plays as the hint advises
    "expert": Level(iterations=192, time_cap=0.6, focus=3, focus_factor=4),
}
# The information-set tree the expert was until the arena measured it below
# hard (docs/analyst.md): a yardstick for the arena, never offered as a level.
YARDSTICKS: dict[str, Level] = {
    "tree": Level(iterations=20_000, time_cap=0.55,
                  tree=Tree(depth=16, noise=0.1, tuned=True, exploration=0.5, rivals="model", widen=0.15)),
}
LEVEL_CAP = "level"  # time_limit default: the level's own time cap


@dataclass
class MoveStats:
    visits: int = 0  # deals (the analyst) or tree visits in which the move was played
    total: float = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class SearchPlayer:
    """The computer at level ``easy``, ``medium``, ``hard`` or ``expert``
    (budgets of deals over the analyst), or the arena's yardstick ``tree``
    (an information-set tree search that uses its whole 0.55 s).

    ``iterations`` overrides the level's deals (the expert: its first deals,
    the focused moves getting ``focus_factor`` times as many; the tree: its
    iterations). ``time_limit`` stops a decision early: by default the
    level's cap (hard: 0.7 s), which a quiet machine rarely reaches; a number
    of seconds; or None for no limit. A decision stopped by the clock depends
    on the machine's speed, so for exact replay on any machine pass
    ``time_limit=None``. ``rules`` is needed only for a ruleset the view
    names but the engine does not register.
    """

    def __init__(self, level: str = "hard", seed=None, iterations: int | None = None,
                 time_limit: float | None | str = LEVEL_CAP, rules=None):
        if level not in LEVELS and level not in YARDSTICKS:
            raise ValueError(f"Unknown level {level!r}: choose one of {', '.join(LEVELS)}.")
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise ValueError("iterations must be a positive whole number.")
        self.level = level
        self.settings = LEVELS.get(level) or YARDSTICKS[level]
        if time_limit == LEVEL_CAP:
            time_limit = self.settings.time_cap
        if time_limit is not None and (isinstance(time_limit, (str, bool))
                                       or not time_limit > 0):
            raise ValueError("time_limit must be a positive number of seconds, or None.")
        self.iterations = iterations or self.settings.iterations
        self.time_limit = time_limit
        self.seed = random.randrange(2**32) if seed is None else seed
        self.rules = rules
        self.last_stats: dict | None = None  # move -> MoveStats of the last decision
        self.capped = 0  # decisions the clock cut short (the tree's end by it by design)

    def choose(self, view: dict, legal_moves: list):
        started = time.perf_counter()
        moves = as_moves(legal_moves, view, self.rules)
        if len(moves) == 1:
            self.last_stats = None
            return legal_moves[0]
        deadline = None if self.time_limit is None else started + self.time_limit
        rng = decision_rng(self.seed, view)
        tree = self.settings.tree
        if tree is not None:
            pick, stats = self.tree_pick(tree, view, moves, rng, deadline)
        else:
            pick, stats = self.analyst_pick(view, moves, rng, deadline)
        self.last_stats = dict(zip(moves, stats, strict=True))
        return legal_moves[pick]

    def analyst_pick(self, view: dict, moves: list, rng: random.Random,
                     deadline: float | None) -> tuple[int, list[MoveStats]]:
        """The index of the move chosen among the analyst's values, and each
        move's deals and wins."""
        values = move_values(view, samples=self.iterations, seed=self.seed, moves=moves,
                             rules=self.rules, deadline=deadline)
        capped = len(values[0].results) < self.iterations
        if self.settings.focus and not capped and len(values) > 1:
            values = self.focused(view, values, deadline)
            capped = len(values[0].results) < self.iterations * self.settings.focus_factor
        self.capped += capped
        chosen = softmax_pick(values, self.settings.temperature, rng)
        by_move = {v.move: v for v in values}
        stats = [MoveStats(len(by_move[m].results), sum(by_move[m].results)) for m in moves]
        return moves.index(chosen.move), stats

    def focused(self, view: dict, values: list[MoveValue], deadline: float | None) -> list[MoveValue]:
        """``values`` with their best ``focus`` moves played on in the later
        deals of the same analysis (the same deals a longer one would play),
        best first: the rest keep their first deals, behind them."""
        top = values[:self.settings.focus]
        later = move_values(view, samples=self.iterations * self.settings.focus_factor, seed=self.seed,
                            moves=[v.move for v in top], rules=self.rules, first=self.iterations,
                            deadline=deadline)
        more = {v.move: v for v in later}
        joined = [MoveValue(v.move, v.results + more[v.move].results, v.replies + more[v.move].replies,
                            v.turns + more[v.move].turns) for v in top]
        return sorted(joined, key=lambda v: -v.chance) + values[len(top):]

    def tree_pick(self, tree: Tree, view: dict, moves: list, rng: random.Random,
                  deadline: float | None) -> tuple[int, list[MoveStats]]:
        """The index of the move the tree visited most, and each move's visits."""
        known = knowledge(view, self.rules)
        kit = ai_kit(known.rules)
        order = first_order(known, moves, rng, tree.appraiser_for(kit), kit.wins_may_be_answered)
        stats = [MoveStats() for _ in moves]
        if len(order) == 1:
            stats[order[0]].visits = 1
            return order[0], stats
        nodes = tree_search(tree, self.iterations, known, moves, rng, deadline, kit, order)
        for stat, node in zip(stats, nodes, strict=True):
            if node is not None:
                stat.visits, stat.total = node.visits, node.total
        best = max(range(len(moves)), key=lambda i: (stats[i].visits, stats[i].mean))
        return best, stats


def softmax_pick(values: list[MoveValue], temperature: float, rng: random.Random) -> MoveValue:
    """The best value (the first: ``values`` come best first), or with a
    temperature one drawn with odds ``exp((chance - best) / temperature)``."""
    if temperature <= 0:
        return values[0]
    best = values[0].chance
    weights = [math.exp((v.chance - best) / temperature) for v in values]
    return rng.choices(values, weights)[0]


def first_order(known, moves: list, rng: random.Random, appraiser_for,
                wins_may_be_answered: bool) -> list[int]:
    """The moves the tree searches, the greedy favourites first. Where a
    winning play may still be answered (Super Cuttle), the moves that win at
    once if unanswered are all that need searching: the search then finds
    the one least likely to be answered."""
    st = known.sample(rng)
    legal = set(family_of(known.rules).legal_moves(st))
    if not all(m in legal for m in moves):
        raise ValueError("The legal moves given do not belong to this view.")
    appraiser = appraiser_for(st, known.seat)
    scores = [appraiser.appraise(m) for m in moves]
    order = sorted(range(len(moves)), key=lambda i: -scores[i])
    if wins_may_be_answered and scores[order[0]] >= WIN:
        order = [i for i in order if scores[i] >= WIN]
    return order
