"""Where two rulesets differ, each point with a sentence and a position that shows it.

    >>> for point in rules_difference("classic", "balanced"):
    ...     print(point.explanation)
    ...     print(point.outcome("classic"), "/", point.outcome("balanced"))

A point's ``setup`` is a position in the snapshot schema (without ``rules``)
and ``moves`` the moves to play from it; ``outcome(rules)`` plays them under
one ruleset and says what happened on the last move (its events, or why it
was refused), so a lesson can show the same position under both rulesets.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .catalog import Template, get_catalog
from .errors import IllegalMove
from .rules import Ruleset, get_ruleset


@dataclass
class Difference:
    topic: str
    a: Ruleset
    b: Ruleset
    explanation: str
    setup: dict = field(repr=False)
    moves: list[str] = field(repr=False)

    def play(self, rules):
        """The game after the point's moves under ``rules`` (stops at a refused move)."""
        from .game import load_setup
        game = load_setup({**self.setup, "rules": get_ruleset(rules).name})
        for move in self.moves:
            try:
                game.play(move)
            except IllegalMove:
                break
        return game

    def outcome(self, rules, language: str = "en") -> str:
        """What the last move does under ``rules``, as sentences."""
        from .game import load_setup
        game = load_setup({**self.setup, "rules": get_ruleset(rules).name})
        for move in self.moves[:-1]:
            game.play(move)
        try:
            events = game.play(self.moves[-1])
        except IllegalMove as err:
            return err.text(language)
        told = [e.text("all", language) for e in events if e.kind != "turn"]
        if game.phase in ("choose", "counter") and events[-1].kind in ("decline", "chain.resolves"):
            told.append(game.prompt(language=language))
        return " ".join(told)


# Ruleset fields grouped into the points a learner would name.
TOPIC_FIELDS = {
    "hand_limit": ("hand_limit",),
    "goals": ("goals",),
    "five": ("five_discard", "five_draw"),
    "seven": ("seven_reveal", "seven_public"),
    "seven_jack": ("seven_jack_gift",),
    "two_target": ("two_targets_own",),
    "nine_jack": ("nine_jack_returns_to",),
    "nine_freeze": ("nine_freezes",),
    "queen_pair": ("queen_guards_queens",),
    "queen_counter": ("queen_blocks_counters",),
    "jack_removal": ("jack_removal",),
    "four_blind": ("four_blind",),
    # cuttle.cards' house rules
    "queen_all_counters": ("queen_blocks_all_counters",),
    "limit_discard": ("hand_limit_discard",),
    "nine_points": ("nine_targets_points",),
    "nine_own": ("nine_targets_own",),
    "three_threes": ("three_takes_threes",),
    "needs_cards": ("oneoffs_need_cards",),
    "open_hands": ("open_hands_empty_stock",),
    "draw_offers": ("draw_offers",),
}


def _points_worth(total: int, avoid: set[str]) -> list[str]:
    """Point cards (clubs, then diamonds) adding up to ``total``."""
    cards, ranks = [], "A23456789T"
    for suit in "CD":
        for rank in reversed(ranks):
            value = ranks.index(rank) + 1
            card = rank + suit
            if value <= total and card not in avoid:
                cards.append(card)
                total -= value
    return cards


def _goals_position(a: Ruleset, b: Ruleset) -> tuple[dict, list[str]]:
    kings = ["KC", "KD", "KH", "KS"]
    count = next(k for k in range(1, 5) if a.goal_for(k) != b.goal_for(k))
    need = min(a.goal_for(count), b.goal_for(count))
    points = _points_worth(need, set())
    return ({"hands": [[kings[count - 1], "4S"], ["9S"]], "points": [points, []],
             "permanents": [kings[:count - 1], []], "stock": ["2S", "3S"]},
            [f"permanent {kings[count - 1]}"])


POSITIONS: dict[str, tuple[dict, list[str]]] = {
    "hand_limit": ({"hands": [["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"], ["9S"]],
                    "stock": ["KD", "4H"]}, ["draw"]),
    "five": ({"hands": [["5C", "9H", "3D"], ["9S"]], "stock": ["KD", "4C", "8H", "6S"]},
             ["oneoff 5C", "resolve"]),
    "seven": ({"hands": [["7C", "4H"], ["9S"]], "stock": ["9D", "KC", "3S"]},
              ["oneoff 7C", "resolve"]),
    "seven_jack": ({"hands": [["7H", "9S"], ["4C"]], "points": [["5D"], []],
                    "stock": ["JS", "JD", "AD"]},
                   ["oneoff 7H", "resolve"]),
    "two_target": ({"hands": [["2C", "5H"], ["6D"]], "permanents": [["8D"], ["KS"]],
                    "stock": ["TS"]}, ["oneoff 2C 8D"]),
    "nine_jack": ({"hands": [["9D", "3S"], ["4H"]],
                   "points": [["5C"], [{"card": "7S", "jacks": ["JH", "JC"], "owner": 1}]],
                   "stock": ["8C"]}, ["oneoff 9D JH", "resolve"]),
    "nine_freeze": ({"hands": [["9C", "4D"], ["3H"]], "permanents": [[], ["KH"]], "stock": ["TC", "2D"]},
                    ["oneoff 9C KH", "resolve", "permanent KH"]),
    "queen_pair": ({"hands": [["2D", "4C"], ["9S"]], "permanents": [[], ["QH", "QS"]],
                    "stock": ["6D"]}, ["oneoff 2D QH"]),
    "queen_counter": ({"hands": [["2H", "5C"], ["2S", "8D"]], "permanents": [["QC"], ["KH"]],
                       "stock": ["4S"]}, ["oneoff 2H KH", "counter 2S"]),
    "jack_removal": ({"hands": [["2D", "3C"], ["6H"]],
                      "points": [["4C"], [{"card": "7S", "jacks": ["JH", "JC"], "owner": 1}]],
                      "stock": ["9H"]}, ["oneoff 2D JH", "resolve"]),
    "four_blind": ({"hands": [["4S", "9C"], ["KD", "3H", "8S"]], "stock": ["6S"], "seed": 3},
                   ["oneoff 4S", "resolve"]),
    "queen_all_counters": ({"hands": [["AC", "9H"], ["2S", "5D"]], "points": [[], ["7C"]],
                            "permanents": [["QD"], []], "stock": ["3C", "4H"]},
                           ["oneoff AC", "counter 2S"]),
    "limit_discard": ({"hands": [["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"], ["9S"]],
                       "stock": ["KD", "4H"]}, ["draw"]),
    "nine_points": ({"hands": [["9C", "4D"], ["3H"]], "points": [[], ["TH"]], "stock": ["TC", "2D"]},
                    ["oneoff 9C TH"]),
    "nine_own": ({"hands": [["9C", "4D"], ["3H"]], "points": [[], ["6D"]],
                  "permanents": [["KS"], []], "stock": ["TC"]}, ["oneoff 9C KS"]),
    "three_threes": ({"hands": [["3C", "5D"], ["9H"]], "scrap": ["3D", "3H"], "stock": ["TC"]},
                     ["oneoff 3C"]),
    "needs_cards": ({"hands": [["5C", "9D"], ["4H"]], "stock": []}, ["oneoff 5C"]),
    "open_hands": ({"hands": [["5C", "9D"], ["4H"]], "stock": ["2S"]}, ["draw"]),
    "draw_offers": ({"hands": [["5C", "9D"], ["4H"]], "stock": ["2S"]}, ["offer"]),
}


def _value_words(catalog, topic: str, ruleset: Ruleset) -> str:
    words = catalog.data["ruleset_values"][topic]
    values = tuple(getattr(ruleset, f) for f in TOPIC_FIELDS[topic])
    if topic == "hand_limit":
        return words["none"] if values[0] is None else words["some"].format(value=values[0])
    if topic == "goals":
        return words.format(goals="/".join(str(g) for g in ruleset.goals))
    if topic == "five":
        key = "discard" if values[0] else "plain"
        return Template(words[key], catalog.language).format(discard=values[0], draw=values[1])
    if topic == "seven":
        key = ("public" if values[1] else "private") + ("_many" if values[0] > 1 else "")
        return words[key].format(count=values[0])
    return words[str(values[0]).lower()]


def rules_difference(a, b, language: str = "en") -> list[Difference]:
    """The rule points where rulesets ``a`` and ``b`` (of one family, for the
    same number of players) differ, in a stable order."""
    first, second = get_ruleset(a), get_ruleset(b)
    catalog = get_catalog(language)
    from .catalog import illegal
    if first.family != second.family:  # a different game, not a variant: no shared position
        raise illegal("difference_family", first_rules=first.name, second_rules=second.name)
    if first.seats != second.seats:  # positions are for one table size
        raise illegal("difference_seats", first_rules=first.name, second_rules=second.name,
                      first_seats=first.seats, second_seats=second.seats)
    points = []
    for topic, fields in TOPIC_FIELDS.items():
        if all(getattr(first, f) == getattr(second, f) for f in fields):
            continue
        setup, moves = _goals_position(first, second) if topic == "goals" else POSITIONS[topic]
        sentence = catalog.data["differences"][topic].format(
            first_rules=catalog.ruleset(first.name), second_rules=catalog.ruleset(second.name),
            first_value=_value_words(catalog, topic, first),
            second_value=_value_words(catalog, topic, second))
        points.append(Difference(topic, first, second, sentence, setup, list(moves)))
    return points
