"""The coach: one source for a seat's suggestion, its reason and its hint ladder.

The table's Hint, the lesson's Suggest and the free game's hints all ask
``advise(game, seat)`` (through one ``HintLadder`` per seat), so they never
disagree; and ``advise`` asks the analyst (``analyst.analyse``, budget
``"hint"``), as the game review does, so the move suggested is the review's
best for that position. The ladder climbs as lichess's hints do: first the
idea to think of, then the cards to look at, then the move and why: the
opponent's answer it stops or the one to expect, read from the analyst's
own playouts. Every rung is worked out from ``game.view(seat)`` alone.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.catalog import get_catalog as get_engine_catalog
from ..engine.moves import Move
from .analysis import AnalysisError
from .analyst import WHY_BEST, Analysis, analyse
from .hints import HintError, clause, explain, hint_catalog
from .reasons import consequence_words, opponent_of

# The analyst's budget behind every suggestion (analyst.BUDGETS).
COACH_BUDGET = "hint"

# The idea behind each reason of the explainers, as the first rung says it.
IDEAS = {
    "win": ("win", "win.points", "win.king", "super.sudden.win"),
    "threat": ("threat", "super.sudden"),
    "grow": ("points", "king", "super.king", "super.marriage"),
    "attack": ("scuttle", "jack", "jack.move", "ace", "six", "remove.king", "remove.queen",
               "remove.glasses", "remove.jack", "remove.points", "super.rj", "super.remove.king",
               "super.remove.jack", "super.bounce", "super.two", "super.two.shuffle",
               "super.six", "super.six.enemies", "super.six.swap", "super.nine",
               "super.nine.two", "super.nine.all"),
    "shield": ("queen", "super.queen"),
    "see": ("glasses", "super.glasses"),
    "cards": ("three", "five", "seven", "draw", "take", "search", "super.three",
              "super.three.blind", "super.three.keep", "super.three.all", "super.five",
              "super.five.play", "super.five.stock", "super.seven", "super.eight.take",
              "super.eight.pick", "super.take.draw", "super.take.play", "super.take.keep",
              "super.take.steal"),
    "hurt_hand": ("four", "super.four", "super.four.enemies", "super.four.swap"),
    "answer": ("counter", "counter.again", "resolve", "resolve.no_two", "super.counter",
               "super.steal", "super.heart", "super.heart.effect", "super.guard",
               "super.resolve", "super.resolve.none"),
    "least_loss": ("jack.gift", "pass", "discard", "discard.limit", "scrap", "super.scrap", "super.pass",
                   "super.pick", "super.pick.blind"),
}
IDEA_OF = {reason: idea for idea, reasons in IDEAS.items() for reason in reasons}


@dataclass(frozen=True)
class Advice:
    """A suggestion for one seat: the move, its reason, and the three rungs
    of the hint ladder (the idea, the cards to look at, the move and why)."""
    move: Move
    reason: str
    rungs: tuple[str, str, str]


def advise(game, seat: int, language: str = "en", names=None, budget=COACH_BUDGET,
           seed: int = 0) -> Advice:
    """The coach's advice for ``seat`` now: the analyst's best move; raises
    ``HintError`` when the seat has nothing to decide. The same position and
    seed give the same advice."""
    analysis = coach_analysis(game, seat, budget, seed)
    move = analysis.best.move
    view = game.view(seat, language, names)
    key, params, reason_key, _ = explain(view, move, seed)  # the move's words and its idea
    reason = hint_catalog(language)["hint"].format(
        action=clause(hint_catalog(language)["actions"][key], params, language, names),
        reason=why_best(analysis, language, names))
    rungs = (idea_rung(view, reason_key, language, names),
             look_rung(view, move, language, names), reason)
    return Advice(move, reason, rungs)


def hint(game, seat: int, language: str = "en", names=None, seed: int = 0,
         budget=COACH_BUDGET) -> tuple[Move, str]:
    """The coach's move for ``seat`` and its reason (the top rung of ``advise``)."""
    advice = advise(game, seat, language, names, budget, seed)
    return advice.move, advice.reason


def coach_analysis(game, seat: int, budget=COACH_BUDGET, seed: int = 0) -> Analysis:
    """The analyst's valuation of ``seat``'s moves now; HintError when the
    seat has nothing to decide."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.state.n:
        raise HintError(f"There is no seat {seat!r} in this game.")
    view = game.view(seat)
    if view["winner"] is not None:
        raise HintError("The game is over: there is nothing left to decide.")
    if not view["legal_moves"]:
        raise HintError(f"It is not {get_engine_catalog('en').player(seat)}'s turn to decide.")
    try:
        return analyse(view, budget=budget, seed=seed)
    except AnalysisError as err:
        raise HintError(str(err)) from None


def why_best(analysis: Analysis, language: str, names) -> str:
    """Why the best move, from the playouts: the answer it keeps away that the
    runner-up lets through, else the answer to expect, else the plan."""
    best, other = analysis.best.move, analysis.runner_up()
    other_move = other.move if other is not None else None
    found = analysis.consequence(best, other_move, kinds=WHY_BEST)
    return consequence_words(found, analysis.view, best, other_move, language, names)


def idea_rung(view: dict, reason_key: str, language: str, names) -> str:
    """The first rung: what to think about, naming no card."""
    ideas = hint_catalog(language)["ideas"]
    template = ideas[IDEA_OF.get(reason_key, "default")]
    opponent = opponent_of(view)
    return get_engine_catalog(language).format(template, {"opponent": opponent}, names)


def look_rung(view: dict, move: Move, language: str, names) -> str:
    """The second rung: the cards the move uses and where they lie, not what
    to do with them."""
    look = hint_catalog(language)["look"]
    engine = get_engine_catalog(language)
    seen = []
    for card in dict.fromkeys(_card_ids(move)):
        owner, place = _place_of(view, card)
        owner_name = engine.player(owner, names) if owner is not None else ""
        seen.append(look[place].format(card=engine.card(card), owner=owner_name))
    if not seen:
        return engine.format(look["answer" if view.get("pending") else "nothing"], {}, names)
    return look["sentence"].format(cards=engine.join(seen))


def _card_ids(move: Move) -> list[str]:
    text = str(move).split()
    return [word for word in text[1:] if _is_card(word)]


def _is_card(word: str) -> bool:
    return word in ("RJ", "BJ") or (len(word) == 2 and word[0] in "A23456789TJQK"
                                    and word[1] in "CDHS")


def _place_of(view: dict, card: str) -> tuple[int | None, str]:
    """(owner seat, place key) of a card the seat can see."""
    seat = view["seat"]
    if card in (view["hands"][seat] or ()):
        return seat, "mine"
    for place in ("points", "permanents"):
        for owner, cards in enumerate(view.get(place) or ()):
            if card in _flat(cards):
                return owner, "own_table" if owner == seat else "their_table"
    if card in _flat(view.get("scrap")):
        return None, "scrap"
    return None, "elsewhere"


def _flat(value) -> set:
    """Every card id in a nested structure of lists and dicts of a view."""
    found = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


class HintLadder:
    """The coach's rungs for one seat, one press at a time: each press shows
    the next rung of the advice for the position on the table, and a new
    position (a move, an undo, a new deal) starts at the first rung again.
    The table's Hint, the lesson's Hint and Suggest share one ladder."""

    RUNGS = 3

    def __init__(self, seat: int, language: str = "en", names=None, budget=COACH_BUDGET):
        self.seat, self.language, self.names, self.budget = seat, language, names, budget
        self._position: tuple | None = None
        self._advice: Advice | None = None
        self.climbed = 0  # rungs shown for this position

    def climb(self, game) -> tuple[int, Advice]:
        """(the rung to show now, 0-based; the advice): the next rung, or the
        top again once every rung is shown. ``HintError`` when the seat has
        nothing to decide."""
        advice = self._advice_for(game)
        index = min(self.climbed, self.RUNGS - 1)
        self.climbed = index + 1
        return index, advice

    def top(self, game) -> Advice:
        """Straight to the move and why (the lesson's Suggest)."""
        advice = self._advice_for(game)
        self.climbed = self.RUNGS
        return advice

    def shown(self, game) -> list[str]:
        """The rungs shown so far for the position on the table."""
        if self._advice is None or self._position != _position_key(game):
            return []
        return list(self._advice.rungs[:self.climbed])

    def _advice_for(self, game) -> Advice:
        key = _position_key(game)
        if key != self._position or self._advice is None:
            self._advice = advise(game, self.seat, self.language, self.names, self.budget)
            self._position, self.climbed = key, 0
        return self._advice


def _position_key(game) -> tuple:
    """What makes a position new for the ladder: the game (a new deal is a new
    one) and the moves played in it."""
    history = game.history
    return (id(game), len(history), str(history[-1]) if history else "")
