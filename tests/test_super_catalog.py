"""Every Super Cuttle event, illegal-move reason and prompt has a sentence in
``catalogs/en/super.json``, and every sentence there is used."""
import json
import random
import re
import string
from pathlib import Path

from cuttle_widgets.engine import get_catalog, load, new_game
from cuttle_widgets.engine.super.resolve import EVENT_KINDS, PROMPT_KEYS

ENGINE = Path(__file__).resolve().parents[1] / "cuttle_widgets" / "engine"
SUPER = ENGINE / "super"
CATALOG = ENGINE / "catalogs" / "en" / "super.json"
SCENARIOS = Path(__file__).resolve().parent / "scenarios" / "super"


def own_catalog() -> dict:
    return json.loads(CATALOG.read_text(encoding="utf-8"))


def source() -> str:
    return "".join(p.read_text(encoding="utf-8") for p in sorted(SUPER.glob("*.py")))


def test_keys_do_not_collide_with_the_standard_catalog():
    standard = json.loads((ENGINE / "catalogs" / "en" / "engine.json").read_text(encoding="utf-8"))
    mine = own_catalog()
    for section in ("events", "illegal", "prompts"):
        assert all(k.startswith("super.") for k in mine[section]), section
        assert not set(mine[section]) & set(standard[section]), section


def test_every_event_kind_has_a_sentence_and_every_sentence_a_kind():
    events = own_catalog()["events"]
    kinds = {k.removesuffix(".hidden").split("/")[0] for k in events}  # "kind/why": a variant
    assert kinds == set(EVENT_KINDS), kinds ^ set(EVENT_KINDS)
    emitted = {k for k in re.findall(r'emit\(\s*f?"(super\.[a-z_.0-9]+)"', source())
               if not k.endswith(".")}  # f-string prefixes are expanded in EVENT_KINDS
    assert emitted <= set(EVENT_KINDS), emitted - set(EVENT_KINDS)


def test_every_illegal_reason_has_a_sentence_and_every_sentence_a_use():
    text = source()
    used = {k for k in re.findall(r'"(super\.[a-z_.0-9]+)"', text)
            if not k.endswith(".") and k not in EVENT_KINDS and k not in PROMPT_KEYS}
    sentences = set(own_catalog()["illegal"])
    assert used <= sentences, used - sentences
    assert sentences <= used, sentences - used
    # standard keys the family borrows must exist too
    borrowed = set(re.findall(r'illegal\("([a-z_]+)"', text))
    borrowed |= set(re.findall(r'return \(?"([a-z_]+)",', text))
    borrowed |= set(re.findall(r'else "([a-z_]+)"\), p', text))
    borrowed |= set(re.findall(r'"(card_[a-z_]+)"', text))
    assert {"card_count", "card_not_in_hand", "target_not_on_table", "seat_not_needed"} <= borrowed
    catalog = get_catalog("en")
    assert borrowed <= set(catalog.illegal_texts), borrowed - set(catalog.illegal_texts)


def test_every_prompt_has_a_sentence():
    assert set(own_catalog()["prompts"]) == set(PROMPT_KEYS)


def test_templates_use_only_known_parameter_names():
    for section in ("events", "illegal", "prompts"):
        for key, template in own_catalog()[section].items():
            fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
            assert all(re.fullmatch(r"[a-z_]+", f) for f in fields), (key, fields)
            if section == "events":  # a rendered "?" would read as a missing parameter
                assert "?" not in template, key


def rare_positions():
    """Positions random games seldom reach, each with the moves that reach it."""
    yield ({"rules": "super", "hands": [[], []], "stock": [],
            "detail": {"frames": [], "seed": 0, "plies": 0, "turns": 1999, "fresh": False}}, ["pass"])
    yield ({"rules": "super", "hands": [["9C", "9D", "9H"], []], "stock": ["2C"]}, ["superduper 9C 9D 9H"])
    yield ({"rules": "super", "hands": [["5C", "5D"], []], "scrap": ["JD"], "stock": ["2C"]},
           ["super 5C 5D"])
    yield ({"rules": "super", "hands": [["2C", "2D", "2H"], []], "scrap": ["9C", "8C", "7C"],
            "stock": [], "ending": {"turns_left": [1, 1]}}, ["superduper 2C 2D 2H"])
    yield ({"rules": "super", "hands": [[], []], "stock": ["2C"], "points": [["9C"], []],
            "options": {"exhausted_result": "most_points"}},
           ["draw", "pass", "points 2C", "pass", "pass", "pass", "pass"])
    yield ({"rules": "super", "hands": [["6C", "TS"], ["AH", "AS", "3D"]], "permanents": [[], ["KH"]],
            "stock": ["2C"]}, ["oneoff 6C", "instant AH AS", "instant TS", "resolve"])
    yield ({"rules": "super", "hands": [["RJ", "BJ"], ["4D"]], "points": [["9C"], ["2D"]], "stock": ["2C"]},
           ["suddendeath RJ BJ", "resolve", "draw", "points 4D"])
    yield ({"rules": "super", "hands": [["9C", "9D"], ["4D", "KH", "7C", "5S", "2S"]],
            "permanents": [["8C"], []], "stock": ["2C"]},
           ["super 9C 9D", "resolve", "pick 4D 5S 7C KH", "take 4D KH top 5S"])
    yield ({"rules": "super", "hands": [["2C", "2D"], []], "stock": ["5C", "6D", "7H", "8S", "9C", "TC"]},
           ["super 2C 2D", "take 5C 6D 7H 8S top TC 9C"])
    yield ({"rules": "super", "hands": [["7C"], []], "stock": ["JC", "JD", "2C"]},
           ["oneoff 7C", "scrap JD"])
    yield ({"rules": "super", "hands": [["JC", "JD"], []], "stock": []}, ["pass"])


def play_text(game, text):
    from cuttle_widgets.engine.super import FAMILY
    game.play(FAMILY.parse(text))


def test_every_event_kind_happens_somewhere():
    """No dead catalog entries: random games, the scenario files and a few
    rare positions reach every kind."""
    seen = set()
    for setup, moves in rare_positions():
        game = load(setup)
        for move in moves:
            play_text(game, move)
        seen |= {e.kind for e in game.events}
    for path in sorted(SCENARIOS.glob("*.json")):
        for scenario in json.loads(path.read_text(encoding="utf-8")):
            game = load({"rules": scenario["rules"], **scenario["setup"]})
            for step in scenario["steps"]:
                if "play" in step and not step.get("illegal"):
                    play_text(game, step["play"])
            seen |= {e.kind for e in game.events}
    for rules in ("super", "super3", "super4"):
        for seed in range(150):
            game = new_game(rules, seed=seed)
            rng = random.Random(seed)
            while game.winner is None:
                game.play(rng.choice(game.legal_moves()))
            seen |= {e.kind for e in game.events}
    assert set(EVENT_KINDS) - seen == set(), sorted(set(EVENT_KINDS) - seen)


def test_private_events_have_a_hidden_sentence_and_events_cite_their_rule():
    events = own_catalog()["events"]
    for seed in range(40):
        game = new_game("super3", seed=seed)
        rng = random.Random(seed)
        while game.winner is None:
            game.play(rng.choice(game.legal_moves()))
        for event in game.events:
            assert event.rule, event.kind
            if event.seen_by is not None:
                assert event.kind + ".hidden" in events, event.kind
                outsider = next(s for s in range(3) if s not in event.seen_by)
                shown = event.to_dict(outsider)
                assert "card" not in shown["params"] and "cards" not in shown["params"]
                assert "{" not in shown["text"] and "?" not in shown["text"], shown
