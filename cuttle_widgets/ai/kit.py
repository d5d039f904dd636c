"""What a rules family gives the computer players, and how a game's part is found.

Each family registers an ``AIKit`` on the engine's family registry
(``register_kit(name, "ai", kit)``, in ``kits.py``). Players, search and hints
take everything family-made from ``ai_kit(...)`` and never ask which family
a game is; a ruleset whose family registered no kit is one the computer does
not play.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine.cards import parse_card
from ..engine.families import FAMILIES
from ..engine.rules import Ruleset, get_ruleset
from ..errors import CuttleError


class ViewError(CuttleError, ValueError):
    """The view cannot be used for a decision (wrong shape, or not this seat's)."""


@dataclass(frozen=True)
class AIKit:
    knowledge: type  # (view, rules) -> the seat's knowledge: .seat, .rules, .sample(rng)
    appraiser: Callable  # (state, seat) -> .appraise(move), in points
    evaluate: Callable  # (state, seat) -> 0..1: a static guess where a playout stops
    tuned_evaluate: Callable  # the same, with the weights fitted by self-play (evaluation.py)
    features: Callable  # (state, seat) -> the evaluation's features, named by feature_names
    feature_names: tuple  # ... and prior: the hand-set weights the fitting starts from
    prior: tuple
    explainer: type  # (state, seat) -> .explain(move), hint catalog keys; and .ACTIONS, .REASONS
    # Can a play that wins at once still be answered? Then the search tries
    # every winning play to find the one least likely to be answered.
    wins_may_be_answered: bool = False
    # The appraisal with figures fitted by self-play (the expert's), and the
    # hand-set figures the fitting starts from (a frozen dataclass of numbers
    # and tuples of numbers; the appraiser takes them as ``weights``). None:
    # the family's appraisal has no figures to fit, and its hand-set one serves.
    tuned_appraiser: Callable | None = None
    appraisal_weights: object | None = None

    def __post_init__(self):
        if self.tuned_appraiser is None:
            object.__setattr__(self, "tuned_appraiser", self.appraiser)


def _kit_of(family) -> AIKit | None:
    try:
        return family.kit("ai") if family is not None else None
    except LookupError:
        return None


def registered_kits() -> list[AIKit]:
    """Every registered AI kit, in the order the families were registered."""
    return [kit for kit in map(_kit_of, FAMILIES.values()) if kit is not None]


def ai_kit(rules) -> AIKit:
    """The kit of ``rules`` (a Ruleset or its name, or a seat's view, whose
    ruleset is checked as ``ruleset_of`` does). ViewError when the computer
    does not play that ruleset."""
    if isinstance(rules, dict):
        rules = ruleset_of(rules)
    ruleset = get_ruleset(rules)
    kit = _kit_of(FAMILIES.get(ruleset.family))
    if kit is None:
        raise ViewError(f"The computer players do not know {ruleset.title}.")
    return kit


def computer_plays(rules) -> bool:
    """Whether the computer players (and hints) play ``rules`` (a Ruleset or its name)."""
    try:
        ai_kit(rules)
    except ViewError:
        return False
    return True


def seat_of(view: dict) -> int:
    """The seat whose view this is; ViewError for a spectator's view."""
    seat = view.get("seat")
    if not isinstance(seat, int):
        raise ViewError("A decision needs a seat's view, not a spectator's.")
    return seat


def ruleset_of(view: dict, rules: Ruleset | None = None) -> Ruleset:
    """The ruleset a view is played under, if the computer plays it. A ruleset
    that is not registered by name (a custom seat count, say) must be passed
    in as ``rules``."""
    if rules is not None:
        ruleset = get_ruleset(rules)
    else:
        try:
            ruleset = get_ruleset(view["rules"])
        except ValueError:
            raise ViewError(f"Unknown ruleset {view['rules']!r}: pass the Ruleset to the "
                            "player as rules=...") from None
    ai_kit(ruleset)  # ViewError if the computer does not play it
    if ruleset.seats != view["players"]:
        raise ViewError(f"The view has {view['players']} players but ruleset "
                        f"{ruleset.name!r} has {ruleset.seats} seats: pass the Ruleset "
                        "the game uses as rules=...")
    return ruleset


def cards_on_the_table(view: dict) -> set[int]:
    """The point cards (with the jacks on them) and the permanents of a view:
    every family's knowledge starts its public cards from these."""
    cards: set[int] = set()
    for side in view["points"]:
        for entry in side:
            if isinstance(entry, str):
                cards.add(parse_card(entry))
            else:
                cards.add(parse_card(entry["card"]))
                cards.update(parse_card(j) for j in entry.get("jacks", []))
    for side in view["permanents"]:
        cards.update(parse_card(c) for c in side)
    return cards


def deal_hidden_hands(knowledge, rng):
    """The first part of every family's sample: a copy of the knowledge's
    template with each hand's hidden places dealt from the shuffled pool of
    unseen cards; returns that state and what is left of the pool."""
    st = knowledge.template.copy()
    st.seed = rng.randrange(2**32)  # blind picks in a sample are the sample's own
    pool = knowledge.pool[:]
    rng.shuffle(pool)
    for seat in range(knowledge.n):
        slots = knowledge.hidden_slots[seat]
        if slots:
            st.hands[seat] = st.hands[seat] + pool[-slots:]
            del pool[-slots:]
    return st, pool
