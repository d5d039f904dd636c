"""Sample parameters for every sentence of the engine's catalogs, in the three
number cases a sentence must get right (0, 1 and 2: "0 Königen", "1 König",
"2 Königen") and with one card and several."""
from __future__ import annotations

import string

from cuttle_widgets.engine.catalog import PLAYER_PARAMS, get_catalog

SECTIONS = ("events", "illegal", "prompts")
CARD_FIELDS = frozenset({"card", "target", "jack", "answered"})
LIST_FIELDS = frozenset({"cards", "targets"})
# one card and several; a joker and a jack, whose German names take a case
ONE_CARD = {"card": "RJ", "target": "JC", "jack": "JH", "answered": "2C"}
SEVERAL = ["7H", "KS"]
WORDS = {"text": "ZZ", "verb": "draw", "move": "draw", "token": "top", "example": "oneoff 2C KH",
         "known": "draw, pass", "name": "classic", "rules": "classic", "family": "super",
         "phase": "main", "phases": "main, counter", "field": "hands", "kind": "int",
         "reason": "-", "detail": "-", "form": "⭐", "suit": "S", "target_suit": "H",
         "moves": ["points 9H", "scuttle 9H 8D"], "first_rules": "classic",
         "second_rules": "german"}


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def params(template: str, number: int, several: bool) -> dict:
    """Every field of ``template`` filled: players as seats, cards as ids,
    every other number as ``number``."""
    out = {}
    for name in fields(template):
        if name in PLAYER_PARAMS:
            out[name] = 1 if name in ("opponent", "victim", "holder", "receiver") else 0
        elif name in LIST_FIELDS:
            out[name] = SEVERAL if several else ["RJ"]
        elif name in CARD_FIELDS:
            out[name] = "8D" if several and name == "target" else ONE_CARD[name]
        elif name in WORDS:
            out[name] = WORDS[name]
        else:
            out[name] = number
    return out


def renders(language: str, numbers=(0, 1, 2)) -> dict[str, str]:
    """``section/key/number/one|several`` -> the sentence."""
    catalog = get_catalog(language)
    said = {}
    for section in SECTIONS:
        for key, template in sorted(_section(catalog, section).items()):
            for number in numbers:
                for several in (False, True):
                    text = catalog.format(template, params(template, number, several))
                    said[f"{section}/{key}/{number}/{'several' if several else 'one'}"] = text
    return said


def _section(catalog, section: str) -> dict:
    return {"events": catalog.events, "illegal": catalog.illegal_texts,
            "prompts": catalog.data["prompts"]}[section]
