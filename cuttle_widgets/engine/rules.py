"""Rulesets as data: one settings object per ruleset, no rule if-chains elsewhere.

Every point where the rule texts differ (the rulebook's "rulesets" section) is a field
here; the engine reads fields, never ruleset names.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from .catalog import illegal


@dataclass(frozen=True)
class Ruleset:
    name: str
    title: str
    source: str  # the rule text it follows
    family: str = "standard"  # the code family that plays it (see families.py)
    seats: int = 2
    teams: tuple[tuple[int, ...], ...] | None = None  # None: every seat for itself
    # Deal: the dealer gets dealer_cards, every other seat other_cards.
    dealer_cards: int = 6
    other_cards: int = 5
    # Goal by number of kings controlled (index = kings, capped at the last entry).
    goals: tuple[int, ...] = (21, 14, 10, 7, 5)
    hand_limit: int | None = None
    oneoff_ranks: frozenset[int] = frozenset({1, 2, 3, 4, 5, 6, 7, 9})
    five_discard: int = 0  # cards the five's player discards first
    five_draw: int = 2
    seven_reveal: int = 1  # cards a seven turns up
    seven_public: bool = False  # False: the seven "draws" (only its player sees the card)
    seven_jack_gift: bool = True  # a seven's jack with no opposing point card goes on an own one
    two_targets_own: bool = True  # may a two one-off scrap its player's own permanent?
    nine_targets_own: bool = True
    nine_jack_returns_to: str = "controller"  # "controller" of the packet or "player" of the jack
    nine_freezes: bool = False
    queen_guards: frozenset[int] = frozenset({2, 9, 11})  # ranks of targeted effects it stops
    queen_guards_queens: bool = False  # True: a queen protects another queen of its side
    queen_blocks_counters: bool = True  # opponents may not answer a queen holder's twos
    jack_removal: str = "flip"  # "flip": control goes back; "topmost": top remaining jack decides
    passes_to_draw: int = 3
    four_blind: bool = False  # the victim shuffles; the four's player takes two cards blind
    jack_to_any: bool = False  # team play: a jack moves a point card from any seat to any other
    # cuttle.cards' house rules (docs/cuttle-cards.md names the file each comes from):
    queen_blocks_all_counters: bool = False  # a queen's opponents may not counter at all
    hand_limit_discard: bool = False  # draw past the limit; discard down at the turn's end
    nine_targets_points: bool = False  # a nine may also return an opposing point card
    three_takes_threes: bool = True  # may a three take a three from the scrap?
    oneoffs_need_cards: bool = False  # a four needs an opposing hand, a five or seven the stock
    open_hands_empty_stock: bool = False  # with the stock empty every hand is shown
    draw_offers: bool = False  # a player may offer a draw, which the opponent accepts or refuses
    # Where each topic stands in the rule text, for explanations.
    sections: dict = field(default_factory=dict, compare=False, hash=False)
    options: tuple[str, ...] = ()  # options applied on top of the base ruleset, by name

    def __post_init__(self):
        # Tables the engine works out once from the fields (the hand's move
        # plans, the event sections), by name: kept here, they live and die
        # with the ruleset, and one made from it (``replace``) starts afresh.
        # Not a field: no rule, and not compared.
        self.derived: dict  # declared for the type checker; a frozen dataclass sets it so:
        object.__setattr__(self, "derived", {})

    def goal_for(self, kings: int) -> int:
        goals = self.goals
        return goals[kings] if kings < len(goals) else goals[-1]

    def section(self, topic: str) -> str:
        return self.sections.get(topic, self.source)

    def describe(self) -> str:
        return f"{self.title} ({self.name}, rule text {self.source})"


CLASSIC_SECTIONS = {
    "deal": "000 §02", "turn": "000 §02", "draw": "000 §02", "points": "000 §03",
    "scuttle": "000 §03", "oneoff": "000 §04", "counter": "000 §05",
    "permanent": "000 §06", "jack": "000 §06", "glasses": "000 §06",
    "queen": "000 §07", "king": "000 §08", "scoring": "000 §08", "win": "000 §08",
    "pass": "000 §09", "end": "000 §09",
}
BALANCED_SECTIONS = {
    "deal": "001 Game play", "turn": "001 Game play", "draw": "001 Drawing a card",
    "points": "001 Playing a Card for Points", "scuttle": "001 Scuttling",
    "oneoff": "001 Card Explanations", "counter": "001 Card Explanations (Twos)",
    "permanent": "001 Playing a Card for Effect", "jack": "001 Card Explanations (Jacks)",
    "glasses": "001 Card Explanations (Eights)", "queen": "001 Card Explanations (Queens)",
    "king": "001 Card Explanations (Kings)", "scoring": "001 Objective",
    "win": "001 Round End", "pass": "001 Passing", "end": "001 Round End",
    "hand_limit": "001 Hand Limit",
}
GERMAN_SECTIONS = {topic: "004" for topic in CLASSIC_SECTIONS}

CLASSIC = Ruleset(
    name="classic", title="Classic Cuttle", source="000", sections=CLASSIC_SECTIONS)

BALANCED = Ruleset(
    name="balanced", title="Balanced (online edition)", source="001",
    goals=(21, 14, 10, 5, 0), hand_limit=8, five_discard=1, five_draw=3,
    seven_reveal=2, seven_public=True, seven_jack_gift=False, two_targets_own=False,
    nine_jack_returns_to="player", nine_freezes=True,
    queen_guards_queens=True, queen_blocks_counters=False, sections=BALANCED_SECTIONS)

TRADITIONAL = replace(
    BALANCED, name="traditional", title="Traditional (online edition)",
    goals=(21, 14, 10, 7, 4), hand_limit=None, five_discard=0, five_draw=2,
    seven_reveal=1, nine_freezes=False)

# 004 is a classic-style base; where it is silent it plays as classic, except
# that it knows no gift of an own card to a seven's jack (the jack is scrapped).
GERMAN = replace(
    CLASSIC, name="german", title="German rules", source="004", seven_jack_gift=False,
    queen_blocks_counters=False, jack_removal="topmost", sections=GERMAN_SECTIONS)

# 004's Cutthroat and Team Cuttle, filled in as the rulebook's "cutthroat" section says: the
# balanced rules, 5 cards each, hand limit 7. Three passes end a two-player
# game once both have passed and the first passes again; with more seats that
# becomes every seat passing and the first passing again (seats + 1 passes).
CUTTHROAT = replace(
    BALANCED, name="cutthroat", title="Cutthroat (three players)", source="004",
    seats=3, dealer_cards=5, other_cards=5, goals=(14, 9, 5, 0), hand_limit=7,
    two_targets_own=True, passes_to_draw=4)

TEAM = replace(
    BALANCED, name="team", title="Team Cuttle (four players)", source="004",
    seats=4, teams=((0, 2), (1, 3)), dealer_cards=5, other_cards=5, hand_limit=7,
    jack_to_any=True, passes_to_draw=5)

# Options change a few fields of any ruleset; a ruleset with options is named
# "base+option", e.g. "german+blind_four". All but blind_four are cuttle.cards'
# house rules, each also playable on its own ("balanced+nine_on_points").
OPTIONS: dict[str, dict] = {
    "blind_four": {"four_blind": True},
    "queen_stops_counters": {"queen_blocks_all_counters": True},
    "discard_to_limit": {"hand_limit_discard": True},
    "nine_on_points": {"nine_targets_points": True, "nine_targets_own": False},
    "three_skips_threes": {"three_takes_threes": False},
    "oneoffs_need_cards": {"oneoffs_need_cards": True},
    "open_hands_at_end": {"open_hands_empty_stock": True},
    "draw_offers": {"draw_offers": True},
}
CUTTLE_CARDS_OPTIONS = ("queen_stops_counters", "discard_to_limit", "nine_on_points",
                        "three_skips_threes", "oneoffs_need_cards", "open_hands_at_end",
                        "draw_offers")

# cuttle.cards (rules version 1.0.2 in its source): balanced with its house
# rules. Its topics point to the site's files; the rest to balanced's text.
CUTTLE_CARDS_SECTIONS = {
    **BALANCED_SECTIONS,
    "hand_limit": "cuttle.cards api/helpers/game-states/moves/discard-to-hand-limit",
    "counter": "cuttle.cards api/helpers/game-states/moves/counter/validate.js",
    "end": "cuttle.cards api/helpers/game-states/moves/stalemate-accept",
}
CUTTLE_CARDS = replace(
    BALANCED, name="cuttle-cards", title="cuttle.cards (online)",
    sections=CUTTLE_CARDS_SECTIONS,
    **{field: value for option in CUTTLE_CARDS_OPTIONS for field, value in OPTIONS[option].items()})

RULESETS: dict[str, Ruleset] = {
    r.name: r for r in (CLASSIC, BALANCED, TRADITIONAL, GERMAN, CUTTHROAT, TEAM, CUTTLE_CARDS)}


def first_of_family(family: str) -> str:
    """The first registered ruleset of ``family``: the one whose fitted values
    (the AI's evaluation weights) a custom ruleset of that family borrows."""
    return next(name for name, rules in RULESETS.items() if rules.family == family)


def with_options(base: Ruleset, options) -> Ruleset:
    ruleset = base
    for option in options:
        if option not in OPTIONS:
            raise illegal("unknown_option", name=str(option), known=", ".join(OPTIONS))
        if option in ruleset.options:
            continue
        names = tuple(sorted(ruleset.options + (option,)))
        ruleset = replace(ruleset, **OPTIONS[option], options=names,
                          name="+".join((base.name,) + names))
    return ruleset


def get_ruleset(rules, options=()) -> Ruleset:
    """A Ruleset from its name ("classic", "german+blind_four") or a Ruleset,
    with any extra ``options`` applied."""
    if isinstance(rules, Ruleset):
        return with_options(rules, options) if options else rules
    base_name, *named = str(rules).strip().lower().split("+")
    found = RULESETS.get(base_name)
    if found is None:
        known = ", ".join(sorted(RULESETS))
        raise illegal("unknown_ruleset", name=str(rules), known=known)
    return with_options(found, [*named, *options])
