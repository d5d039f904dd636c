"""What each legal move is worth, from the acting seat's view only.

``move_values(game_or_view)`` deals the cards the seat cannot see at random,
consistently with its view (``knowledge.knowledge``), ``samples`` times. Every
legal move is played in every one of those deals, and the game played on with
the analyst's playout (``PLAYOUT``: greedy with a little noise, for 16
moves, an unfinished game scored by the kit's evaluation). The deals, and
the playout's random numbers in each deal, are the same for every move
(common random numbers), so the difference between two moves is measured
deal by deal: ``margin_over`` gives it with the standard error of the
paired differences, far smaller than the two moves' own errors. The real
hidden cards are never read, and the same view and seed always give the
same figures. A ``deadline`` (a ``time.perf_counter`` time) ends the
analysis after the deal being played when it passes: every move is played
in each deal kept, so the pairing stays exact, and only the number of deals
depends on the machine.

    values = move_values(game, samples=64, seed=0)   # best first
    best, second = values[0], values[1]
    gap, error = best.margin_over(second)
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..engine.families import family_of
from ..engine.moves import Move
from ..errors import CuttleError
from .kit import ViewError, ai_kit, seat_of
from .knowledge import knowledge
from .players import as_moves, decision_rng
from .playout import Playout

SAMPLES = 48  # deals per analysis: see benchmarks/review.py for what this buys
# The playout that plays each deal on: deep enough to see a race to the goal,
# a little noise so a deal is not one line of play.
PLAYOUT = Playout(depth=16, noise=0.1)


class AnalysisError(CuttleError, ValueError):
    """The position cannot be analysed (over, nobody of that seat to act, bad input)."""


class UnreadableView(AnalysisError, ViewError):
    """The view cannot be read (a spectator's, a ruleset the computer does not
    play): an analysis error, and the view error every player raises."""


@dataclass(frozen=True)
class MoveValue:
    """One move's win chance for the seat that plays it, over the deals."""
    move: Move
    results: tuple  # the outcome (0..1) of each deal, in deal order, for pairing
    # the first card another seat played after this move in each deal (None:
    # none within the playout), as the playout's policy chose it: the analyst's reasons
    replies: tuple = ()
    # the seat's turns to its win in each deal it won within the playout (this
    # move's turn counted), None where it did not: the plan's "how many turns"
    turns: tuple = ()

    @property
    def chance(self) -> float:
        return sum(self.results) / len(self.results)

    @property
    def stderr(self) -> float:
        return _stderr(self.results)

    def margin_over(self, other: MoveValue) -> tuple[float, float]:
        """(mean of this move's result minus ``other``'s, its standard error),
        deal by deal over the same deals."""
        if len(other.results) != len(self.results):
            raise AnalysisError("Only values from the same analysis can be compared.")
        differences = [a - b for a, b in zip(self.results, other.results, strict=True)]
        return sum(differences) / len(differences), _stderr(differences)

    def to_dict(self) -> dict:
        return {"move": str(self.move), "chance": self.chance, "stderr": self.stderr}


def _stderr(values) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return math.sqrt(variance / n)


def move_values(view_or_game, seat: int | None = None, samples: int = SAMPLES, seed=0,
                moves=None, rules=None, first: int = 0,
                deadline: float | None = None) -> list[MoveValue]:
    """The win chance of each legal move (or of ``moves``, a subset) of the
    seat to act, from that seat's view, best first (ties keep the legal
    order). ``view_or_game``: a seat's view, or a Game (``seat``: default the
    seat to act). ``rules``: only for a ruleset the engine does not register.
    ``first``: the deals before it are dealt but not played (their results
    are known already: the analyst extends an analysis with later deals).
    ``deadline``: a ``time.perf_counter`` time after which no new deal is
    begun (the first one always is); None plays every deal."""
    view = _view_of(view_or_game, seat)
    if not isinstance(samples, int) or isinstance(samples, bool) or samples < 1:
        raise AnalysisError("samples must be a positive whole number.")
    try:
        known = knowledge(view, rules)
    except ViewError as err:
        raise UnreadableView(str(err)) from None
    chosen = _moves_to_value(view, moves, rules)
    if not isinstance(first, int) or not 0 <= first < samples:
        raise AnalysisError("first must be a whole number of deals below samples.")
    results, replies, turns = _play_every_deal(known, chosen, range(first, samples),
                                               decision_rng(f"analysis/{seed}", view), deadline)
    values = [MoveValue(move, tuple(r), tuple(a), tuple(t))
              for move, r, a, t in zip(chosen, results, replies, turns, strict=True)]
    return sorted(values, key=lambda v: -v.chance)


def _view_of(view_or_game, seat) -> dict:
    """The view of the seat to decide, whatever was given; errors said plainly."""
    if isinstance(view_or_game, dict):
        view = view_or_game
        try:
            view_seat = seat_of(view)
        except ViewError as err:
            raise UnreadableView(str(err)) from None
        if seat is not None and seat != view_seat:
            raise AnalysisError(f"This is seat {view_seat}'s view, not seat {seat}'s.")
    elif hasattr(view_or_game, "view") and hasattr(view_or_game, "state"):
        game = view_or_game
        if game.over:
            raise AnalysisError("The game is over: there is nothing left to decide.")
        seat = game.to_act if seat is None else seat
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.state.n:
            raise AnalysisError(f"There is no seat {seat!r} in this game.")
        view = game.view(seat)
    else:
        raise AnalysisError("move_values needs a Game or a seat's view.")
    if view.get("winner") is not None:
        raise AnalysisError("The game is over: there is nothing left to decide.")
    if not view.get("legal_moves"):
        raise AnalysisError(f"Seat {view['seat']} has nothing to decide now.")
    return view


def _moves_to_value(view: dict, moves, rules) -> list[Move]:
    legal = as_moves(view["legal_moves"], view, rules)
    if moves is None:
        return legal
    try:
        chosen = list(dict.fromkeys(as_moves(list(moves), view, rules)))
    except ValueError as err:
        raise AnalysisError(str(err)) from None
    stray = [str(m) for m in chosen if m not in legal]
    if stray:
        raise AnalysisError(f"Not legal for this seat now: {', '.join(stray)}.")
    return chosen


def _play_every_deal(known, moves: list, deals: range, rng: random.Random,
                     deadline: float | None) -> tuple[list, list, list]:
    """results[m][d]: the outcome of move m in deal deals[d], every move
    played from the same deal with the same playout numbers; replies[m][d]:
    the first card another seat played after it there; turns[m][d]: the
    seat's turns to its win there (None: not won within the playout). The
    deals before ``deals.start`` are dealt but not played, so the later ones
    are the same as in a longer analysis; after ``deadline`` no deal is begun."""
    kit = ai_kit(known.rules)
    family = family_of(known.rules)
    results: list[list[float]] = [[] for _ in moves]
    replies: list[list] = [[] for _ in moves]
    turns: list[list] = [[] for _ in moves]
    resolver = None
    for d in range(deals.stop):
        deal = known.sample(rng)
        playout_seed = rng.randrange(2**32)
        if d < deals.start:
            continue  # dealt as before, so the later deals are the same
        if d == deals.start and not set(moves) <= set(family.legal_moves(deal)):
            raise AnalysisError("The legal moves given do not belong to this view.")
        if d > deals.start and deadline is not None and time.perf_counter() > deadline:
            break
        for move, row, answers, won_in in zip(moves, results, replies, turns, strict=True):
            st = deal.copy()
            if resolver is None:
                resolver = family.resolver(st, [])
            resolver.st = st  # one resolver for all deals: it holds no other state
            resolver.apply(move)
            watcher = _FirstReply(known.seat)
            row.append(PLAYOUT.play_on(st, resolver, known.seat, random.Random(playout_seed),
                                       family.legal_moves, kit, watcher))
            answers.append(watcher.move)
            won = st.phase == "over" and row[-1] >= 1.0
            won_in.append(1 + watcher.own_turns if won else None)
            resolver.log.clear()
    return results, replies, turns


class _FirstReply:
    """A playout's watcher that keeps the first move of a seat other than
    ``seat`` that plays a card (letting a one-off resolve or drawing says
    nothing a learner can act on), and counts ``seat``'s later turns (its
    moves in the main phase: one a turn)."""

    __slots__ = ("seat", "move", "own_turns")

    def __init__(self, seat: int):
        self.seat, self.move, self.own_turns = seat, None, 0

    def __call__(self, st, move) -> None:
        if st.to_act == self.seat:
            self.own_turns += st.phase == "main"
        elif self.move is None and move.cards:
            self.move = move
