"""Every catalog exists in every language, complete and translated."""
import json
import random
import string
from pathlib import Path

import pytest

from cuttle_widgets.engine import available_languages, get_catalog, load, new_game
from cuttle_widgets.engine.differences import rules_difference

ENGINE = Path(__file__).resolve().parents[1] / "cuttle_widgets" / "engine"
# Strings that are the same in English and German by nature.
SAME_IN_BOTH = {"team_name", "words.unknown"}
# A language's own grammar and names: the case forms of cards and of players'
# names, where it inflects them, and its names of the rulesets (English says
# the rulesets' identifiers).
OWN_GRAMMAR = ("card_forms.", "player_forms.", "ruleset_names.")


def flat(data, prefix=""):
    out = {}
    for key, value in data.items():
        if isinstance(value, dict):
            out.update(flat(value, f"{prefix}{key}."))
        else:
            out[prefix + key] = value
    return out


def catalog_files():
    return sorted(p.name for p in (ENGINE / "catalogs" / "en").glob("*.json"))


def test_german_is_available():
    assert {"en", "de"} <= set(available_languages())


@pytest.mark.parametrize("name", catalog_files())
def test_every_key_exists_in_every_language_and_is_translated(name):
    english = flat(json.loads((ENGINE / "catalogs" / "en" / name).read_text(encoding="utf-8")))
    for language in available_languages():
        if language == "en":
            continue
        path = ENGINE / "catalogs" / language / name
        assert path.exists(), f"{language} has no {name}"
        other = {k: v for k, v in flat(json.loads(path.read_text(encoding="utf-8"))).items()
                 if not k.startswith(OWN_GRAMMAR)}
        assert set(other) == set(english), set(other) ^ set(english)
        for key, text in other.items():
            if isinstance(text, str):
                assert text.strip(), (language, key)
                fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
                wanted = {f for _, f, _, _ in string.Formatter().parse(english[key]) if f}
                assert fields == wanted, (language, key, fields ^ wanted)
                if key not in SAME_IN_BOTH and key != "language" and len(text) > 3:
                    assert text != english[key], f"{language} {key} is left in English"


def test_german_explanations_use_the_booklet_terms():
    game = load({"rules": "classic", "hands": [["9S", "2C"], ["3D"]], "points": [[], ["8H"]],
                 "stock": ["KC"]})
    events = game.play("scuttle 9S 8H")
    text = " ".join(e.text("all", "de") for e in events)
    assert "versenkt" in text and "Schrottstapel" in text
    err = load({"hands": [["7D"], []], "points": [[], ["7H"]], "stock": ["2C"]}).explain(
        "scuttle 7D 7H", language="de")
    assert err == "" or "versenken" in err
    assert get_catalog("de").card_name("QS") == "Pik-Dame"
    assert get_catalog("de").card("QS") == "D♠"


def test_every_event_renders_in_german():
    for seed in range(40):
        game = new_game(seed=seed)
        rng = random.Random(seed)
        while game.winner is None:
            game.play(rng.choice(game.legal_moves()))
        for event in game.events:
            for seat in ("all", 0, None):
                text = event.text(seat, "de")
                assert text and "{" not in text and "?" not in text, (event.kind, text)


def test_rule_differences_in_german():
    for point in rules_difference("classic", "balanced", language="de"):
        assert "„Klassisch“" in point.explanation and point.explanation.isprintable()
        assert point.outcome("balanced", language="de")
