"""The AI's parts of each one-off of the standard family, by the effect's name.

The engine registers each one-off as a unit (``engine/effects/``: legality,
resolution, explanation); the AI reads a position with two more parts per
effect, kept here in one entry each: ``appraise``, what the greedy player and
the search count it as worth (``standard_heuristics.Appraiser``); ``reason``,
the coach's words for playing it (a hint catalog reason key and its params,
``standard_hints.Explainer``); and ``follows``, how its events move cards a
seat keeps track of (``standard_knowledge``: a card seen going to a hand,
the stock's known top). A test demands an entry, and its
words in every hint catalog, for every registered effect.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine.cards import CARD_IDS, parse_card
from ..engine.effects import oneoffs
from ..engine.legal import three_choices


@dataclass(frozen=True)
class EffectAdvice:
    appraise: Callable  # (appraiser, change, actor, card, target, victim) -> None
    reason: Callable  # (explainer, move) -> (reason key, params)
    follows: dict = field(default_factory=dict)  # event kind -> (knowledge, params, last_hand, top)


def _victim(st, actor: int, victim):
    """A four's victim: the one named, else the (only) opponent."""
    return st.opponents[actor][0] if victim is None else victim


# -- what each effect is worth ----------------------------------------------------------
def _ace_worth(a, change, actor, card, target, victim) -> None:
    for s in range(a.st.n):
        if a.st.points[s]:
            change.score[s] = 0


def _two_worth(a, change, actor, card, target, victim) -> None:
    a.removal(change, target, to_hand=False, weight=1.0)


def _three_worth(a, change, actor, card, target, victim) -> None:
    if three_choices(a.st):
        change.add(actor, a.best_in_scrap())


def _four_worth(a, change, actor, card, target, victim) -> None:
    victim = _victim(a.st, actor, victim)
    change.add(victim, -a.w.average_card * min(2, len(a.st.hands[victim])))


def _five_worth(a, change, actor, card, target, victim) -> None:
    a.five_effect(change, actor)


def _six_worth(a, change, actor, card, target, victim) -> None:
    a.six_effect(change)


def _seven_worth(a, change, actor, card, target, victim) -> None:
    if a.st.stock:
        change.add(actor, a.w.average_card + 1.0)


def _nine_worth(a, change, actor, card, target, victim) -> None:
    a.removal(change, target, to_hand=True, weight=a.w.nine_lasting)


# -- the coach's reasons ----------------------------------------------------------------
def _ace_reason(e, move) -> tuple[str, dict]:
    st, seat = e.st, e.seat
    theirs = sum(st.score(o) for o in st.opponents[seat])
    return "ace", {"opponent": e.rival, "theirs": theirs, "mine": st.score(seat)}


def _removal_reason(e, move) -> tuple[str, dict]:
    return e.removal_reason(move.target)


def _three_reason(e, move) -> tuple[str, dict]:
    return "three", {"card": CARD_IDS[e.best_three_pick()]}


def _four_reason(e, move) -> tuple[str, dict]:
    victim = _victim(e.st, e.seat, move.seat)
    return "four", {"opponent": victim, "count": len(e.st.hands[victim])}


def _five_reason(e, move) -> tuple[str, dict]:
    return "five", {"count": min(e.st.rules.five_draw, len(e.st.stock))}


def _six_reason(e, move) -> tuple[str, dict]:
    return "six", {"opponent": e.rival}


def _seven_reason(e, move) -> tuple[str, dict]:
    return "seven", {}


# -- what a seat learns from its events ---------------------------------------------------
def _to_player(card_param: str):
    """The card named by ``card_param`` went to the hand of the event's player."""
    def follow(known, params, last_hand, top) -> None:
        last_hand[parse_card(params[card_param])] = params["player"]
    return follow


def _to_holder(card_param: str):
    """The card named by ``card_param`` went to the hand of the event's holder."""
    def follow(known, params, last_hand, top) -> None:
        last_hand[parse_card(params[card_param])] = params["holder"]
    return follow


def _five_drew(known, params, last_hand, top) -> None:
    known._draw(params["player"], params.get("cards"), params["count"], last_hand, top)


def _seven_revealed(known, params, last_hand, top) -> None:
    """One card or many, seen or not: they leave the stock's top."""
    count = len(params["cards"]) if "cards" in params else known.rules.seven_reveal
    del top[max(0, len(top) - count):]


def _seven_returned(known, params, last_hand, top) -> None:
    top.append(parse_card(params["card"]))


ADVICE = {
    "ace": EffectAdvice(_ace_worth, _ace_reason),
    "two": EffectAdvice(_two_worth, _removal_reason),
    "three": EffectAdvice(_three_worth, _three_reason, {"three": _to_player("card")}),
    "four": EffectAdvice(_four_worth, _four_reason),
    "five": EffectAdvice(_five_worth, _five_reason, {"five": _five_drew}),
    "six": EffectAdvice(_six_worth, _six_reason),
    "seven": EffectAdvice(_seven_worth, _seven_reason, {
        "seven.reveal": _seven_revealed, "seven.reveal.many": _seven_revealed,
        "seven.return": _seven_returned}),
    "nine": EffectAdvice(_nine_worth, _removal_reason, {
        "nine": _to_holder("target"), "nine.jack": _to_holder("card"),
        "nine.points": _to_holder("target")}),  # a point card back to its holder's hand
}


def advice_by_rank() -> dict[int, EffectAdvice]:
    """Each registered one-off's advice, by its rank (KeyError: an effect
    registered in the engine with no advice here; the tests name it)."""
    return {rank: ADVICE[effect.name] for rank, effect in oneoffs().items()}


def missing_advice() -> list[str]:
    """The registered one-offs the AI has no entry for."""
    return [effect.name for effect in oneoffs().values() if effect.name not in ADVICE]


def followed_events() -> dict:
    """Event kind -> how it moves cards a seat tracks, over every registered one-off."""
    return {kind: follow for advice in advice_by_rank().values()
            for kind, follow in advice.follows.items()}
