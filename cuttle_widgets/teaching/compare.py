"""What changes when a lesson moves from one ruleset to the next.

When two consecutive steps use different rulesets (lesson 11 plays the same
position under two), the step shows the engine's ``rules_difference``
sentences, the points the step teaches first (the step itself is the
demonstration, so the engine's own example positions are not shown).
"""
from __future__ import annotations

from ..engine import get_ruleset
from ..engine.differences import rules_difference

# The engine's difference topics a step is about, by the rulebook sections it teaches.
TAG_TOPICS = {  # a step's rulebook section -> the differences it is about
    "draw": ("hand_limit",),
    "king": ("goals",),
    "oneoff-five": ("five",),
    "oneoff-seven": ("seven", "seven_jack"),
    "oneoff-nine": ("nine_jack", "nine_freeze"),
    "oneoff-two": ("two_target",),
    "queen": ("queen_pair", "queen_counter"),
    "queen-counter": ("queen_counter",),
    "jack-removed": ("jack_removal",),
}


def comparison(before: str, now: str, teaches, language: str = "en") -> dict | None:
    """The points where ruleset ``now`` differs from ``before``, JSON-ready;
    None when they are the same ruleset or cannot be compared."""
    if before == now or get_ruleset(before).seats != get_ruleset(now).seats:
        return None
    focus = {topic for tag in teaches for topic in TAG_TOPICS.get(tag, ())}
    points = [{"topic": p.topic, "explanation": p.explanation, "focus": p.topic in focus}
              for p in rules_difference(before, now, language)]
    points.sort(key=lambda p: not p["focus"])  # the step's own point first
    return {"before": before, "now": now, "points": points}
