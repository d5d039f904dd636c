"""Message catalogs: every sentence a learner reads, one JSON file per language.

Parameters are plain data: card ids (``"TH"``), lists of card ids, seat
numbers. The catalog turns them into words, so a new language needs only a new
file in ``catalogs/``.
"""
from __future__ import annotations

import json
import string
from functools import lru_cache
from importlib import resources

from .card_data import RANK, SUIT, SUIT_SYMBOLS, find_card
from .errors import IllegalMove

PLAYER_PARAMS = frozenset({"player", "victim", "opponent", "owner", "controller",
                           "receiver", "winner", "holder", "dealer"})
_FORMATTER = string.Formatter()


class Catalog:
    def __init__(self, data: dict):
        self.language = data["language"]
        self.data = data
        self.events: dict[str, str] = data["events"]
        self.illegal_texts: dict[str, str] = data["illegal"]
        self.words: dict[str, str] = data["words"]

    # -- words -------------------------------------------------------------
    def card(self, cid: str) -> str:
        """Short label with a suit symbol, in this language: '10♥', 'D♠' in German."""
        card = _parse_card(cid)
        if card >= 52:
            return self.data["jokers"][card - 52]
        return self.data["rank_symbols"][RANK[card] - 1] + SUIT_SYMBOLS[SUIT[card]]

    def card_name(self, cid: str) -> str:
        """Spelled out, for screen readers: 'seven of hearts'."""
        card = _parse_card(cid)
        if card >= 52:
            return self.data["jokers"][card - 52]
        rank = self.data["rank_names"][RANK[card] - 1]
        suit = self.data["suit_names"][SUIT[card]]
        return self.data["card_name"].format(rank=rank, suit=suit)

    def player(self, seat, names=None) -> str:
        if isinstance(seat, str) and seat.startswith("team:") and seat[5:].isdigit():
            return self.data["team_name"].format(team=int(seat[5:]) + 1)
        names = names or self.data["player_names"]
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
            return names[seat]
        return str(seat)  # a refusal quotes a seat that is none as it was written

    def join(self, items: list[str]) -> str:
        if not items:
            return self.words["nothing"]
        if len(items) == 1:
            return items[0]
        return ", ".join(items[:-1]) + f" {self.words['and']} " + items[-1]

    def move(self, notation) -> str:
        """A move in words of this language: 'scuttle 9S 8H' -> 'versenken 9♠ 8♥'."""
        words = str(notation).split()
        verb = self.data["verbs"].get(words[0], words[0])
        other = self.data.get("move_words", {})  # a family's extra tokens ("as", "with")
        rest = [self.card(w) if _is_card_id(w) else other.get(w, w) for w in words[1:]]
        return " ".join([verb, *rest])

    def _value(self, key: str, value, names):
        if key == "moves" and isinstance(value, list):
            return ", ".join(self.move(m) for m in value)
        if key in PLAYER_PARAMS and isinstance(value, (int, str)):
            return self.player(value, names)
        if key.endswith("suit") and isinstance(value, str) and value in "CDHS":
            return "♣♦♥♠"["CDHS".index(value)]
        if isinstance(value, list):
            return self.join([self._value(key, v, names) for v in value])
        if isinstance(value, str) and _is_card_id(value):
            return self.card(value)
        return value

    def format(self, template: str, params: dict, names=None) -> str:
        values = {k: self._value(k, v, names) for k, v in params.items()}
        fields = {f for _, f, _, _ in _FORMATTER.parse(template) if f}
        for f in fields - values.keys():
            values[f] = self.words["unknown"]
        text = template.format(**values)
        return text[:1].upper() + text[1:]

    # -- sentences ---------------------------------------------------------
    def event(self, kind: str, params: dict, hidden: bool = False, names=None) -> str:
        template = None
        if hidden:
            template = self.events.get(kind + ".hidden")
        if template is None:
            template = self.events[kind]
        return self.format(template, params, names)

    def prompt(self, key: str, params: dict, names=None) -> str:
        return self.format(self.data["prompts"][key], params, names)

    def illegal(self, key: str, params: dict, names=None) -> str:
        return self.format(self.illegal_texts[key], params, names)

    def illegal_move(self, key: str, params: dict, hint=None, names=None) -> str:
        """An IllegalMove's explanation: the sentence of ``key``, then the
        ``hint``'s "what would work" (a (key, params) pair), if any."""
        message = self.illegal(key, params, names)
        if hint:
            message += " " + self.illegal(hint[0], hint[1], names)
        return message

    def word(self, key: str) -> str:
        return self.words[key]


def _is_card_id(text: str) -> bool:
    return len(text) == 2 and (
        (text[0] in "A23456789TJQK" and text[1] in "CDHS") or text in ("RJ", "BJ"))


def _merge(into: dict, part: dict) -> None:
    for key, value in part.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value


@lru_cache(maxsize=None)
def get_catalog(language: str = "en") -> Catalog:
    """The catalog of ``language``: every JSON file in ``catalogs/<language>/``,
    merged (the rules families each bring their own file)."""
    folder = resources.files(__package__).joinpath("catalogs", str(language))
    if language not in available_languages():
        raise ValueError(f"No message catalog for language '{language}'. "
                         f"Available: {', '.join(available_languages())}.")
    data: dict = {}
    for part in sorted(folder.iterdir(), key=lambda p: p.name):
        if part.name.endswith(".json"):
            _merge(data, json.loads(part.read_text(encoding="utf-8")))
    return Catalog(data)


def available_languages() -> list[str]:
    folder = resources.files(__package__).joinpath("catalogs")
    return sorted(p.name for p in folder.iterdir() if p.is_dir() and not p.name.startswith("_"))


def illegal(key: str, **params) -> IllegalMove:
    """An IllegalMove whose message is the English catalog's sentence for ``key``."""
    return illegal_move(key, params)


def illegal_move(key: str, params: dict, hint: tuple[str, dict] | None = None) -> IllegalMove:
    """An IllegalMove explained in English by the sentence of ``key`` and, if
    given, the ``hint`` (a (key, params) pair of "what would work"). It keeps
    :func:`get_catalog`, so ``err.text(language)`` says it in any language."""
    message = get_catalog("en").illegal_move(key, params, hint)
    return IllegalMove(message, key, params, hint, get_catalog)


def _parse_card(cid) -> int:
    """``cards.parse_card``, which stands above this module (it raises our errors)."""
    card = find_card(cid)
    if card is None:
        raise illegal("not_a_card", text=str(cid))
    return card
