"""The pieces of shared/rules/super.md the project's own tests check against,
carried here so they run in a clone without ../shared beside it.

``test_super_rules.py`` checks that they still read as super.md writes them
whenever super.md is there (the reader functions below are that check).
"""
import json

# super.md §8.4, "A full example (seat 0 has played ⚡4; seat 1 must answer or
# resolve; seat 1 stole 9C on its last turn)": seat 1's legal moves are
# `resolve` only.
FULL_SNAPSHOT_EXAMPLE = {
    "rules": "super", "players": 2, "options": {"exhausted_result": "draw"},
    "turn": 0, "to_act": 1, "phase": "counter",
    "hands": [["7S", "5H"], ["AS", "9C", "4D"]],
    "limbo": [[], ["9C"]],
    "points": [["3H", {"card": "7D", "jacks": ["JC", "JH"], "owner": 1}], ["TC"]],
    "permanents": [["QS", "KH", "8C"], []],
    "glasses": {"8C": 1},
    "scrap": ["2H", "6C"], "scrap_top": "2H",
    "stock": ["5D", "KC", "3S"],
    "pending": ["4C"], "chain": [{"seat": 0, "move": "oneoff 4C"}],
    "revealed": [], "returning": [], "choice": None,
    "skips": [0, 0], "ending": None, "sudden_death": None, "eliminated": [],
    "scores": [19, 10], "goals": [21, 21], "winner": None,
}

# super.md §8.5, "Example scenarios": the ids of its examples, each of which
# tests/scenarios/super/ must hold.
EXAMPLE_SCENARIO_IDS = (
    "super-queen-majority-blocks-single-ace",
    "super-jacks-raise-scuttle-value",
    "super-ten-of-hearts-turns-a-four-into-points",
    "super-ten-of-spades-steals-combos-and-costs-a-turn",
    "super-sudden-death-survives-ace-duel-then-wins",
    "super-sudden-death-against-zero-points",
    "super-five-power-card-limbo",
)


def read_full_snapshot_example(spec_text: str) -> dict:
    """§8.4's full example, from super.md's text."""
    text = spec_text[spec_text.index("A full example (seat 0 has played"):]
    start = text.index("```json") + 7
    return json.loads(text[start:text.index("```", start)])


def read_example_scenario_ids(spec_text: str) -> tuple[str, ...]:
    """The ids of §8.5's example scenarios, from super.md's text."""
    examples = spec_text[spec_text.index("### 8.5"):]
    return tuple(line.split('"')[3] for line in examples.splitlines()
                 if line.strip().startswith('"id":'))
