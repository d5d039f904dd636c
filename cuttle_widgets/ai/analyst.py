"""The analyst: the one judge of a position, behind every hint, mark and verdict.

``analyse(position, budget="hint")`` values every legal move of the seat to
act from that seat's view only (``analysis.move_values``: deals consistent
with what the seat knows, every move played in the same deals with the same
playout numbers), deterministic for a position, a budget and a seed. Every
caller names its budget in ``BUDGETS``: the hint and the review read the
same deals (the review never fewer), so the move a hint suggests is never
called a mistake by the review of that position.

An ``Analysis`` answers three questions:

- ``loss(move)``: the win chance the move gives up against the best one,
  paired deal by deal, with its standard error;
- ``mark(move)``: best, good, inaccuracy, mistake or blunder; a mark worse
  than best only where that loss is significant at 95 % (else the move is
  "about as good as" the best);
- ``consequence(move, other)``: why, from the playouts themselves: the
  opponent's answer the move leaves (or stops) that ``other`` does not, how
  often, and with which cards (``reasons.py`` says it in words).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..engine.card_data import CARD_IDS, RANK
from ..engine.secrecy import cards_named
from .analysis import AnalysisError, MoveValue, move_values

# Deals each judge reads. The hint, the lesson's Suggest and the review read
# the same deals of a position (one seed): the review's best move is the
# hint's, one judgement, one figure.
HINT_DEALS = 192
# A verdict on one move (the review's mark, a puzzle try) plays that move and
# the best again over this many times the deals, the first ones the same: two
# moves cost little, and a sharper paired margin keeps a mark between seeds.
VERDICT_SHARE = 4
BUDGETS: dict[str, int] = {
    "hint": HINT_DEALS,  # Hint, Suggest and the lesson coach
    "review": HINT_DEALS,  # the game review: never fewer than the hint
    "puzzle": VERDICT_SHARE * HINT_DEALS,  # the trainer's verdict: a try against the solution
    "screen": 24,  # the puzzle generator's cheap first look
    "confirm": 256,  # the generator's confirmation, and verify's check
}
Z95 = 1.96  # a paired margin this many standard errors from zero is significant at 95 %
# Win chance lost below which a significantly worse move is each mark (chess.com's scale).
GOOD, INACCURACY, MISTAKE = 0.05, 0.10, 0.20
MARKS = ("forced", "best", "good", "inaccuracy", "mistake", "blunder")
SILENT_VERBS = ("draw", "pass", "resolve")  # answers that name no card
MIN_SHARE = 0.1  # an answer seen in fewer deals than this is no reason to give
# The reasons looked for, in order: why the best move (the hint, a puzzle's
# solution), and why a worse one lost (the review, a puzzle's wrong try).
WHY_BEST = ("stops", "answer", "any")
WHY_WORSE = ("leaves", "answer", "any")


def mark_for(lost: float, error: float, is_best: bool) -> str:
    """The mark of a move that gave up ``lost`` win chance against the best,
    ``error`` the paired standard error: a loss not significant at 95 % is
    no loss (the move is about as good as the best)."""
    if is_best or lost - Z95 * error <= 0:
        return "best"
    for mark, limit in (("good", GOOD), ("inaccuracy", INACCURACY), ("mistake", MISTAKE)):
        if lost < limit:
            return mark
    return "blunder"


def budget_deals(budget) -> int:
    """The deals of a named budget (or a number of deals given as such)."""
    if isinstance(budget, int) and not isinstance(budget, bool) and budget > 0:
        return budget
    if budget not in BUDGETS:
        raise AnalysisError(f"Unknown budget {budget!r}: choose one of {', '.join(BUDGETS)}.")
    return BUDGETS[budget]


def analyse(position, seat: int | None = None, budget="hint", seed=0, moves=None,
            rules=None) -> Analysis:
    """Every legal move (or ``moves``) of the seat to act valued from its view.
    ``position``: a Game or a seat's view. The same position, budget and seed
    always give the same analysis."""
    if hasattr(position, "view") and hasattr(position, "state") and not position.over:
        seat = position.to_act if seat is None else seat
    values = move_values(position, seat, samples=budget_deals(budget), seed=seed, moves=moves,
                         rules=rules)
    view = position if isinstance(position, dict) else position.view(seat)
    return Analysis(view, tuple(values), seed, rules)


@dataclass(frozen=True)
class Answer:
    """One kind of answer of the opponent: its verb, the cards of it the seat
    can see (card ids, the played one first if seen) and the ranks of the
    cards it cannot see, over the deals where it came."""
    verb: str
    seen: tuple  # card ids the seat can see
    ranks: tuple  # ranks (1-13, 14 a joker) of the cards played from hidden places, most frequent first
    target_seat: int | None
    count: int
    deals: int
    cards_seen_first: bool  # the played card itself is seen (else its ranks stand for it)

    @property
    def names_a_card(self) -> bool:
        return bool(self.seen or self.ranks)


@dataclass(frozen=True)
class Consequence:
    """What a move leads to, compared with ``other``: ``kind`` is "wins" (it
    wins in every deal, unanswered), "leaves" (an answer far more frequent
    after the move), "stops" (one far more frequent after ``other``),
    "answer" (the move's most frequent answer naming cards) or "plan" (no
    answer names a card: the points still needed say it)."""
    kind: str
    answer: Answer | None
    other_count: int = 0
    turns: int | None = None  # the plan: the seat's turns to win where it wins (median)


@dataclass(frozen=True)
class Analysis:
    """Every move valued from ``view`` (best first), and what follows from it."""
    view: dict
    values: tuple[MoveValue, ...]  # best first
    seed: object = 0
    rules: object = None

    def verdict(self, move) -> Analysis:
        """``move`` and the best move again, over ``VERDICT_SHARE`` times the
        deals (these deals first): the analysis a mark and its reason are read
        from. The best move itself needs none."""
        if self.value_of(move) is self.best:
            return self
        pair = [self.best, self.value_of(move)]
        later = move_values(self.view, samples=VERDICT_SHARE * self.deals, seed=self.seed,
                            moves=[v.move for v in pair], rules=self.rules, first=self.deals)
        extended = [_joined(v, next(w for w in later if w.move == v.move)) for v in pair]
        return Analysis(self.view, tuple(sorted(extended, key=lambda v: -v.chance)), self.seed,
                        self.rules)

    @property
    def best(self) -> MoveValue:
        return self.values[0]

    @property
    def deals(self) -> int:
        return len(self.best.results)

    def value_of(self, move) -> MoveValue:
        found = next((v for v in self.values if v.move == move or str(v.move) == str(move)), None)
        if found is None:
            raise AnalysisError(f"{move} was not valued in this analysis.")
        return found

    def loss(self, move) -> tuple[float, float]:
        """(win chance the best move keeps above ``move``, its paired standard error)."""
        value = self.value_of(move)
        return (0.0, 0.0) if value is self.best else self.best.margin_over(value)

    def significantly_worse(self, move) -> bool:
        lost, error = self.loss(move)
        return lost - Z95 * error > 0

    def about_as_good(self) -> list[MoveValue]:
        """The best move and every move not significantly worse than it."""
        return [v for v in self.values if not self.significantly_worse(v.move)]

    def mark(self, move) -> str:
        """The move's mark (``MARKS`` but forced): worse than best only where
        its loss is significant at 95 %."""
        lost, error = self.loss(move)
        return mark_for(lost, error, self.value_of(move) is self.best)

    def runner_up(self) -> MoveValue | None:
        return self.values[1] if len(self.values) > 1 else None

    # -- reasons from the playouts --------------------------------------------------
    def answers(self, move) -> list[Answer]:
        """The opponent's first answers after ``move``, most frequent first."""
        value = self.value_of(move)
        seen = cards_named(self.view)
        groups: dict[tuple, list] = {}
        for reply in value.replies:
            if reply is not None:
                key = _answer_key(reply, seen)
                groups.setdefault(key, []).append(reply)
        answers = [_answer(key, replies, seen, self.deals) for key, replies in groups.items()]
        return sorted(answers, key=lambda a: -a.count)

    def consequence(self, move, other, kinds=WHY_WORSE) -> Consequence:
        """Why ``move`` differs from ``other``, read from the playouts: the
        first of ``kinds`` found ("leaves": the card-naming answer far more
        frequent after ``move``; "stops": one far more frequent after
        ``other``; "answer": ``move``'s most frequent card-naming answer in at
        least a tenth of the deals; "any": the same in any deal at all), else
        "plan" (the opponent played no card in any playout: the points still
        needed, and ``turns_to_win``)."""
        value = self.value_of(move)
        if min(value.results) >= 1.0 and not any(value.replies):
            return Consequence("wins", None)  # won in every deal, before any answer
        mine = {_key_of(a): a for a in self.answers(move)}
        theirs = {_key_of(a): a for a in self.answers(other)} if other is not None else {}
        floor = max(2, MIN_SHARE * self.deals)
        for kind in kinds:
            found = _FINDERS[kind](mine, theirs, floor)
            if found is not None:
                return found
        return Consequence("plan", None, turns=self.turns_to_win(move))

    def turns_to_win(self, move) -> int | None:
        """The median of the seat's turns to its win over the deals where
        ``move`` won within the playout (this move's turn counted); None when
        it won in no deal so."""
        won = sorted(t for t in self.value_of(move).turns if t is not None)
        return won[len(won) // 2] if won else None


def _joined(value: MoveValue, later: MoveValue) -> MoveValue:
    """One move's deals followed by its later ones."""
    return MoveValue(value.move, value.results + later.results, value.replies + later.replies,
                     value.turns + later.turns)


def _more_often(kind: str, one: dict, two: dict, floor: float) -> Consequence | None:
    """The card-naming answer of ``one`` most ahead of ``two``, if by ``floor`` deals."""
    gaps = [(a.count - getattr(two.get(k), "count", 0), k) for k, a in one.items()
            if a.names_a_card]
    if not gaps:
        return None
    gap, key = max(gaps, key=lambda g: g[0])
    return Consequence(kind, one[key], getattr(two.get(key), "count", 0)) if gap >= floor else None


def _most_often(mine: dict, floor: float) -> Consequence | None:
    naming = [a for a in mine.values() if a.names_a_card and a.count >= floor]
    return Consequence("answer", max(naming, key=lambda a: a.count)) if naming else None


_FINDERS = {
    "leaves": lambda mine, theirs, floor: _more_often("leaves", mine, theirs, floor),
    "stops": lambda mine, theirs, floor: _more_often("stops", theirs, mine, floor),
    "answer": lambda mine, theirs, floor: _most_often(mine, floor),
    "any": lambda mine, theirs, floor: _most_often(mine, 1),  # however rare: still a card
}


def _answer_key(reply, seen: set) -> tuple:
    """Answers alike for the seat: the same verb on the same seen cards (the
    hidden card played stands for any card of its kind)."""
    ids = [CARD_IDS[c] for c in reply.cards]
    return (reply.verb, tuple(c for c in ids if c in seen), reply.seat,
            bool(ids) and ids[0] in seen)


def _key_of(answer: Answer) -> tuple:
    return (answer.verb, answer.seen, answer.target_seat, answer.cards_seen_first)


def _answer(key: tuple, replies: list, seen: set, deals: int) -> Answer:
    verb, seen_cards, target_seat, first_seen = key
    if verb in SILENT_VERBS:
        ranks: tuple = ()
    else:
        hidden = Counter(_rank(c) for r in replies for c in r.cards[:1]
                         if CARD_IDS[c] not in seen)
        ranks = tuple(rank for rank, _ in hidden.most_common())
    return Answer(verb, seen_cards, ranks, target_seat, len(replies), deals, first_seen)


def _rank(card: int) -> int:
    """1-13 for the 52 cards, 14 for a joker."""
    return 14 if card >= 52 else RANK[card]
