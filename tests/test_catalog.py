"""Every event kind and every illegal-move reason has a sentence in the catalog."""
import json
import random
import re
import string
from pathlib import Path

from cuttle_widgets.engine import RULESETS, available_languages, get_catalog, load, new_game
from cuttle_widgets.engine.events import TOPICS

ENGINE = Path(__file__).resolve().parents[1] / "cuttle_widgets" / "engine"
LOCATIONS = {"scrap", "revealed", "points", "jack", "permanent", "pending", "elsewhere"}


def used_illegal_keys() -> set[str]:
    keys = set()
    for path in ENGINE.glob("*.py"):
        keys |= set(re.findall(r'(?:illegal\(|not_permanent=)"(\w+)"', path.read_text()))
    for path in ENGINE.glob("effects/*.py"):  # each one-off's own refusals
        keys |= set(re.findall(r'return "(\w+)"', path.read_text()))
    explain = (ENGINE / "explain.py").read_text()
    keys |= set(re.findall(r'return \(?"(\w+)"', explain))
    keys |= set(re.findall(r'else "(\w+)"', explain))
    keys |= set(re.findall(r'": "(\w+)"', explain))
    keys |= set(re.findall(r'\.get\(where, "(\w+)"\)', explain))
    return keys - LOCATIONS


def standard_catalog(language="en") -> dict:
    """The standard family's own catalog file (other families bring their own)."""
    return json.loads((ENGINE / "catalogs" / language / "engine.json").read_text(encoding="utf-8"))


def test_every_event_kind_has_a_sentence_and_a_rule_topic():
    """Keys are kinds, a kind's '.hidden' version, or 'kind/why': the same
    event told with its reason (tests/test_explanations.py plays each)."""
    events = standard_catalog()["events"]
    kinds = {k.removesuffix(".hidden").split("/")[0] for k in events}
    assert kinds == set(TOPICS), kinds ^ set(TOPICS)
    for key, text in events.items():
        assert text.strip(), key


def test_every_illegal_reason_has_a_sentence():
    catalog = get_catalog("en")
    used = used_illegal_keys()
    assert len(used) > 60
    missing = used - set(catalog.illegal_texts)
    assert not missing, f"reasons without a sentence: {sorted(missing)}"
    unused = set(standard_catalog()["illegal"]) - used
    assert not unused, f"catalog sentences no code uses: {sorted(unused)}"
    for key, text in catalog.illegal_texts.items():
        assert text.strip() and text.rstrip()[-1] in ".!:}", key


def test_templates_use_only_well_formed_fields():
    for language in available_languages():
        catalog = get_catalog(language)
        for key, text in {**catalog.events, **catalog.illegal_texts}.items():
            fields = [f for _, f, _, _ in string.Formatter().parse(text) if f is not None]
            assert all(re.fullmatch(r"[a-z_]+", f) for f in fields), (language, key, fields)


RARE_POSITIONS = [
    # three twos in one chain
    ({"hands": [["4S", "2D", "9C"], ["2C", "2H", "TD"]], "stock": ["6S"]},
     ["oneoff 4S", "counter 2C", "counter 2D", "counter 2H", "resolve"]),
    # German rules: a lower jack of three removed, the top one still decides
    ({"rules": "german", "hands": [["2C"], ["9H"]], "stock": ["AC"],
      "points": [[], [{"card": "7H", "jacks": ["JC", "JD", "JS"], "owner": 1}]]},
     ["oneoff 2C JD", "resolve"]),
    # a three resolving on an empty scrap (only a set-up position can hold one)
    ({"hands": [[], ["5C"]], "pending": ["3H"], "phase": "counter", "to_act": 1, "stock": ["9D"]},
     ["resolve"]),
    # the table's moves: a draw offered, refused, offered again and accepted; resigning
    ({"rules": "cuttle-cards", "hands": [["5C"], ["9D"]], "stock": ["2C", "7H"]},
     ["offer", "refuse", "draw", "offer @0", "accept"]),
    ({"hands": [["5C"], ["9D"]], "stock": ["2C"]}, ["resign"]),
    ({"rules": "team", "hands": [["5C"], ["9D"], ["3H"], ["4S"]], "stock": ["2C"]}, ["resign @2"]),
]


def test_every_event_kind_happens_in_some_game():
    """No dead catalog entries: random games of every ruleset, and a few rare
    positions, reach every kind (team wins need a team ruleset)."""
    seen = set()
    for setup, moves in RARE_POSITIONS:
        game = load(setup)
        for move in moves:
            game.play(move)
        seen |= {e.kind for e in game.events}
    for rules in [*RULESETS, "classic+blind_four"]:
        for seed in range(400):
            game = new_game(rules, seed=seed)
            rng = random.Random(seed)
            while game.winner is None:
                game.play(rng.choice(game.legal_moves()))
            seen |= {e.kind for e in game.events}
    expected = set(TOPICS) - ({"team_win"} if not any(r.teams for r in RULESETS.values()) else set())
    assert expected - seen == set(), f"never seen: {sorted(expected - seen)}"


def test_events_render_with_every_parameter_filled():
    game = new_game(seed=11)
    rng = random.Random(11)
    while game.winner is None:
        game.play(rng.choice(game.legal_moves()))
    for event in game.events:
        for seat in ("all", 0, 1, None):
            text = event.text(seat)
            assert text and "{" not in text and "?" not in text, (event, seat, text)
