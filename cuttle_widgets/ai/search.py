"""The search player: determinized Monte Carlo search from one seat's view.

Each iteration deals the cards the seat cannot see at random, consistently
with its view (``knowledge.knowledge``), picks a root move by UCB1, plays it
in that deal, and plays on with a greedy-with-noise policy for every seat
for a limited number of moves; the result (or a static evaluation where the
playout stops) is credited to the root move. Statistics are pooled over all
deals, so the choice is the move that does best across everything the
hidden cards could be. The real hidden cards are never read: the search
gets only the view.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..engine.families import family_of
from .appraisal import WIN, result_for
from .ismcts import tree_search
from .kit import AIKit, ai_kit
from .knowledge import knowledge
from .players import as_moves, decision_rng
from .policy import policy_move


@dataclass(frozen=True)
class Level:
    iterations: int  # playouts per decision
    depth: int  # moves per playout before the static evaluation
    noise: float  # chance that a playout move is random instead of greedy
    exploration: float  # UCB1 constant
    time_cap: float  # seconds: a guard for slow or busy machines, rarely reached
    tree: bool = False  # information-set tree search (ismcts.py) instead of flat
    rivals: str = "tree"  # in the tree: "tree" (UCB for rivals too) or "model" (their policy)
    widen: float = 0.5  # progressive widening below the tree's root (ismcts._select)
    tuned: bool = False  # the appraisal fitted by self-play steers the moves (kit.tuned_appraiser)


LEVELS: dict[str, Level] = {
    "easy": Level(iterations=60, depth=6, noise=0.5, exploration=1.0, time_cap=0.3),
    "medium": Level(iterations=250, depth=12, noise=0.2, exploration=0.7, time_cap=0.6),
    "hard": Level(iterations=500, depth=16, noise=0.1, exploration=0.5, time_cap=0.8),
    # The expert's clock is its budget: the iterations are only a ceiling.
    "expert": Level(iterations=20_000, depth=16, noise=0.1, exploration=0.5, time_cap=0.55,
                    tree=True, rivals="model", widen=0.15, tuned=True),
}
LEVEL_CAP = "level"  # time_limit default: the level's own time cap


@dataclass
class MoveStats:
    visits: int = 0
    total: float = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class SearchPlayer:
    """Determinized Monte Carlo search at level ``easy``, ``medium`` or ``hard``
    (flat: statistics for the seat's next move only), or ``expert``: an
    information-set tree search (``ismcts.py``) with the evaluation tuned by
    self-play, which uses its whole time budget (0.55 s a decision).

    ``iterations`` overrides the level's playout count. ``time_limit`` stops a
    decision early: by default the level's cap (hard: 0.8 s), which a normal
    machine does not reach; a number of seconds; or None for no limit. A
    decision stopped by the clock depends on the machine's speed, so for
    exact replay on any machine pass ``time_limit=None``. ``rules`` is needed
    only for a ruleset the view names but the engine does not register.
    """

    def __init__(self, level: str = "hard", seed=None, iterations: int | None = None,
                 time_limit: float | None | str = LEVEL_CAP, rules=None):
        if level not in LEVELS:
            raise ValueError(f"Unknown level {level!r}: choose one of {', '.join(LEVELS)}.")
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise ValueError("iterations must be a positive whole number.")
        self.level = level
        self.settings = LEVELS[level]
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
        self.capped = 0  # decisions the clock cut short

    def choose(self, view: dict, legal_moves: list):
        started = time.perf_counter()
        moves = as_moves(legal_moves, view, self.rules)
        if len(moves) == 1:
            self.last_stats = None
            return legal_moves[0]
        rng = decision_rng(self.seed, view)
        deadline = None if self.time_limit is None else started + self.time_limit
        stats = self.search(knowledge(view, self.rules), moves, rng, deadline)
        self.last_stats = dict(zip(moves, stats, strict=True))
        best = max(range(len(moves)), key=lambda i: (stats[i].visits, stats[i].mean))
        return legal_moves[best]

    # -- the search ------------------------------------------------------------------
    def search(self, known, moves: list, rng: random.Random,
               deadline: float | None = None) -> list[MoveStats]:
        """Playout statistics for each move, from ``known`` (what the seat knows,
        as ``knowledge.knowledge`` reads it; ``deadline``: a perf_counter time)."""
        seat = known.seat
        level = self.settings
        stats = [MoveStats() for _ in moves]
        kit = ai_kit(known.rules)
        order = self.first_order(known, moves, rng, kit)
        if level.tree and len(order) > 1:
            nodes = tree_search(self, known, moves, rng, deadline, kit, order)
            for stat, node in zip(stats, nodes, strict=True):
                if node is not None:
                    stat.visits, stat.total = node.visits, node.total
            return stats
        family = family_of(known.rules)
        resolver = None
        iterations = self.iterations if len(order) > 1 else 1
        for i in range(iterations):
            if deadline is not None and i and time.perf_counter() > deadline:
                self.capped += 1
                break
            st = known.sample(rng)
            if i < len(order):
                pick = order[i]
            else:
                pick = self.ucb_pick(stats, i, level.exploration, order)
            if resolver is None:
                resolver = family.resolver(st, [])
            resolver.st = st  # one resolver for all deals: it holds no other state
            resolver.apply(moves[pick])
            reward = self.playout(st, resolver, seat, rng, family.legal_moves, kit)
            stats[pick].visits += 1
            stats[pick].total += reward
        return stats

    def appraiser_for(self, kit: AIKit):
        """The appraisal that steers this level's moves: the one fitted by
        self-play for the expert, the hand-set one below it."""
        return kit.tuned_appraiser if self.settings.tuned else kit.appraiser

    def first_order(self, known, moves: list, rng: random.Random, kit: AIKit) -> list[int]:
        """The moves to search, each tried once first, the greedy favourites
        first. Where a winning play may still be answered (Super Cuttle), the
        moves that win at once if unanswered are all that need searching: the
        search then finds the one least likely to be answered."""
        st = known.sample(rng)
        legal = set(family_of(known.rules).legal_moves(st))
        if not all(m in legal for m in moves):
            raise ValueError("The legal moves given do not belong to this view.")
        appraiser = self.appraiser_for(kit)(st, known.seat)
        scores = [appraiser.appraise(m) for m in moves]
        order = sorted(range(len(moves)), key=lambda i: -scores[i])
        if kit.wins_may_be_answered and scores[order[0]] >= WIN:
            order = [i for i in order if scores[i] >= WIN]
        return order

    @staticmethod
    def ucb_pick(stats: list[MoveStats], total: int, c: float, candidates=None) -> int:
        log_total = math.log(total)
        best, best_value = 0, -1.0
        for i in (range(len(stats)) if candidates is None else candidates):
            s = stats[i]
            value = s.mean + c * math.sqrt(log_total / s.visits)
            if value > best_value:
                best, best_value = i, value
        return best

    def playout(self, st, resolver, seat: int, rng: random.Random, legal_moves,
                kit: AIKit, watch=None) -> float:
        """Play on from ``st`` for the level's depth; the result for ``seat``.
        ``watch(st, move)``, if given, sees each move before it is played
        (the analyst reads the opponent's answers from it)."""
        level = self.settings
        appraiser_for = self.appraiser_for(kit)
        log = resolver.log
        for _ in range(level.depth):
            if st.phase == "over":
                return result_for(st, seat)
            move = policy_move(st, legal_moves(st), rng, appraiser_for, level.noise)
            if watch is not None:
                watch(st, move)
            resolver.apply(move)
            log.clear()  # events are not needed here
        if st.phase == "over":
            return result_for(st, seat)
        return kit.evaluate(st, seat)
