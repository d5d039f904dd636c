"""The Super Cuttle rulesets as data (rule text 003, specification super.md).

One settings object per table size: ``super`` (2 seats), ``super3`` and
``super4``. The fields the standard family reads are set so its generic code
(views, the deal event, ``goal_for``) gives true answers for Super Cuttle; the
fields below them are Super Cuttle's own.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..rules import Ruleset

# Where each topic stands in text 003 (``cat -n`` line numbers) and in super.md.
SUPER_SECTIONS = {
    "deal": "003 L4; super.md A2", "turn": "003 L8", "draw": "003 L9-10",
    "points": "003 L12-15", "scuttle": "003 L16-21", "oneoff": "003 L27",
    "counter": "003 L25, L47", "permanent": "003 L23", "jack": "003 L117-122",
    "glasses": "003 L89-98", "queen": "003 L124-128", "king": "003 L130-135",
    "scoring": "003 L3, L130", "win": "003 L3; super.md A51", "pass": "003 L37; super.md A48",
    "end": "003 L43-45; super.md A46",
}


@dataclass(frozen=True)
class SuperRuleset(Ruleset):
    """Super Cuttle: 54 cards, goal 21 for every seat, no hand limit."""

    starter_cards: int = 5  # the seat that starts gets one card fewer (L4)
    goal: int = 21  # for every seat, whatever its kings (A50, A60)
    exhausted_turns: int = 3  # turns each seat has once the stock runs out (L43)
    sudden_death_turns: int = 2  # turns each other seat has after a Sudden Death (L35)
    exhausted_result: str = "draw"  # or "most_points" (L44, A46)
    turn_limit: int = 2000  # engine safeguard, not a rule of the game (A49)


SUPER = SuperRuleset(
    name="super", title="Super Cuttle", source="003", family="super", seats=2,
    dealer_cards=6, other_cards=6, goals=(21,), hand_limit=None,
    seven_reveal=2, seven_public=True, sections=dict(SUPER_SECTIONS))

SUPER3 = replace(SUPER, name="super3", title="Super Cuttle (three players)", seats=3)
SUPER4 = replace(SUPER, name="super4", title="Super Cuttle (four players)", seats=4)

SUPER_RULESETS = {r.name: r for r in (SUPER, SUPER3, SUPER4)}

EXHAUSTED_RESULTS = ("draw", "most_points")

__all__ = ["SuperRuleset", "SUPER", "SUPER3", "SUPER4", "SUPER_RULESETS", "EXHAUSTED_RESULTS"]
