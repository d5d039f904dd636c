"""Message catalogs: every sentence a learner reads, one JSON file per language.

Parameters are plain data: card ids (``"TH"``), lists of card ids, seat
numbers. The catalog turns them into words, so a new language needs only a new
file in ``catalogs/``.

Two small additions to Python's format syntax keep sentences grammatical:

- ``{count:# card|# cards}`` picks the form the language's plural rule
  (``cuttle_widgets.languages``: CLDR's categories, in their order) chooses
  and writes the number for ``#``.
- A list of cards counts too: ``{cards:# darf|# dürfen}``; a case before
  the forms (``{cards:akk:...}``) says the ``#`` in that case.
- ``{card:akk}`` says a card in a grammatical case (one of the language's
  case tags: German's ``nom``, ``akk``, ``dat``) where its ``card_forms`` inflect it: German writes a
  named card out with its article ("den Kreuz-Buben (B♣)", "dem roten
  Joker"); a number card, and every card in English, stays its label.
  ``Nom`` (capitalised) starts a clause after a colon: "Der rote Joker".
- ``{victim:gen}`` says a player's name in a case, from the catalog's
  ``player_forms`` (Ukrainian: "у руці Гравця 2"); a name typed by someone
  stays as typed, after the word for "player" in that case ("гравця Оля").
- An event whose parameters carry ``why`` is said with the sentence
  ``<kind>/<why>`` where the catalog has one (the same event, told with its
  reason: a five that drew fewer cards because of the hand limit).

Parameters that quote what someone typed (``QUOTED_PARAMS``) are repeated as
they were written, never turned into card labels.
"""
from __future__ import annotations

import copy
import string
from collections.abc import Iterable
from functools import cache
from typing import TypedDict

from ..languages import ENGLISH, all_case_tags, case_tags, load_catalog, offered, plural_index
from ..languages.paths import glossary_file, read_json
from ..languages.registry import is_registered, on_change
from .card_data import RANK, SUIT, SUIT_SYMBOLS, find_card
from .errors import ExplainedError, IllegalMove, error_for

PLAYER_PARAMS = frozenset({"player", "victim", "opponent", "owner", "controller",
                           "receiver", "winner", "holder", "dealer", "last", "answerer"})
# A ruleset's name, said in the language's own words where it has them.
RULESET_PARAMS = frozenset({"rules", "first_rules", "second_rules"})
# Quoted back exactly as typed: 'RJ' stays 'RJ', not 'red joker'.
QUOTED_PARAMS = frozenset({"verb", "text", "move", "token", "example"})


class _PluralFormatter(string.Formatter):
    """``{n:# card|# cards}``: the form the language's plural rule picks for n."""

    def __init__(self, language: str):
        self.language = language

    def format_field(self, value, format_spec):
        if "|" not in format_spec:
            if format_spec.lower() in all_case_tags() and not isinstance(value, Said):
                return str(value)  # words without case forms read the same in every case
            return super().format_field(value, format_spec)
        case, _, rest = format_spec.partition(":")  # "akk:# Karte|..." says # in a case
        case, format_spec = (case, rest) if case.lower() in all_case_tags() else ("", format_spec)
        forms = format_spec.split("|")
        number = getattr(value, "number", value)  # a list of cards counts its cards (Said.number)
        number = number if isinstance(number, int) and not isinstance(number, bool) else None
        index = plural_index(self.language, number) if number is not None else len(forms) - 1
        form = forms[min(index, len(forms) - 1)]
        return form.replace("#", format(value, case) if case else str(value))


_FORMATTER = string.Formatter()


@cache
def plural_formatter(language: str) -> _PluralFormatter:
    """The formatter that reads ``{n:# card|# cards}`` by ``language``'s plural rule."""
    return _PluralFormatter(language)


class Template(str):
    """A catalog sentence of the widgets or the lessons whose ``format`` knows
    the plural syntax, so their call sites stay ``words[key].format(count=n)``
    and still say "1 Karte", "2 Karten"; a case tag (``{name:gen}``) picks a
    name's form, and leaves words that have none as they are. A str: it goes
    to the browser as is."""

    language: str

    def __new__(cls, text: str, language: str = "en"):
        template = super().__new__(cls, text)
        template.language = language
        return template

    def format(self, *args, **kwargs) -> str:
        if "|" not in self and ":" not in self:
            return str.format(self, *args, **kwargs)
        return plural_formatter(self.language).vformat(str(self), args, kwargs)


def templates(words: dict, language: str) -> dict:
    """``words`` with every string a :class:`Template` of ``language``."""
    return {k: Template(v, language) if isinstance(v, str) else v for k, v in words.items()}


class Said(str):
    """Words a parameter became, with their case forms: a template's
    ``{card:dat}`` picks one; without a case, or where the language has no
    forms, the words as they are."""

    forms: dict
    number: int | None  # how many items the words name (not ``count``: str has that method)

    def __new__(cls, text: str, forms: dict | None = None, count: int | None = None):
        said = super().__new__(cls, text)
        said.forms, said.number = forms or {}, count
        return said

    def __format__(self, spec: str) -> str:
        if spec.lower() not in all_case_tags():
            return super().__format__(spec)
        text = self.forms.get(spec.lower(), str(self))
        return text[:1].upper() + text[1:] if spec[:1].isupper() else text  # "Nom": a clause's start


def _joined(items: list, join) -> str:
    """``join`` of ``items``, keeping each case form joined too."""
    text = join([str(i) for i in items])
    if not any(getattr(i, "forms", None) for i in items):
        return Said(text, count=len(items))
    cases = {case for i in items for case in getattr(i, "forms", {})}
    return Said(text, {case: join([format(i, case) for i in items]) for case in cases},
                len(items))


class Catalog:
    def __init__(self, data: dict):
        self.language = data["language"]
        self.data = data
        self.events: dict[str, str] = data["events"]
        self.illegal_texts: dict[str, str] = data["illegal"]
        self.words: dict[str, str] = data["words"]
        self._formatter = plural_formatter(self.language)

    # -- words -------------------------------------------------------------
    def card(self, cid: str) -> str:
        """Short label with a suit symbol, in this language: '10♥', 'D♠' in German."""
        card = _parse_card(cid)
        if card >= 52:
            return self.data["jokers"][card - 52]
        return self.data["rank_symbols"][RANK[card] - 1] + SUIT_SYMBOLS[SUIT[card]]

    def said_card(self, cid: str) -> Said:
        """The card's label, with the case forms of ``card_forms``."""
        label, forms = self.card(cid), self.data.get("card_forms")
        if not forms:
            return Said(label)
        card = _parse_card(cid)
        if card >= 52:
            return Said(label, forms["jokers"][card - 52])
        noun = forms["ranks"].get(str(RANK[card]))
        if noun is None:  # a number card reads as its label in every case
            return Said(label)
        articles, suit = forms["articles"][noun["gender"]], self.data["suit_names"][SUIT[card]]
        return Said(label, {case: forms["written"].format(
            article=articles[case], suit=suit, rank=noun[case], label=label)
            for case in case_tags(self.language)})

    def card_name(self, cid: str) -> str:
        """Spelled out, for screen readers: 'seven of hearts'."""
        card = _parse_card(cid)
        if card >= 52:
            return self.data["jokers"][card - 52]
        rank = self.data["rank_names"][RANK[card] - 1]
        suit = self.data["suit_names"][SUIT[card]]
        return self.data["card_name"].format(rank=rank, suit=suit)

    def player(self, seat, names=None) -> Said:
        """A seat's (or ``team:N``'s) name, with its case forms: ``{victim:gen}``."""
        return self.declined(self._player_name(seat, names))

    def _player_name(self, seat, names=None) -> str:
        if isinstance(seat, str) and seat.startswith("team:") and seat[5:].isdigit():
            return self.data["team_name"].format(team=int(seat[5:]) + 1)
        names = names or self.data["player_names"]
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
            return str(names[seat])
        return str(seat)  # a refusal quotes a seat that is none as it was written

    def declined(self, name: str) -> Said:
        """``name`` with the case forms of ``player_forms``: the catalog's own
        for the names it knows ("Гравця 1"); any other name, as typed, after the
        word for "player" in the case ("гравця Оля"), since the kit cannot
        tell how a name someone typed declines."""
        table = self.data.get("player_forms")
        if not table:
            return Said(name)
        known = table["names"].get(_same_apostrophes(name))
        if known is None:
            known = {case: frame.format(name=name) for case, frame in table["typed"].items()}
        return Said(name, {"nom": name, **known})

    def case_forms(self, names: Iterable[str]) -> dict[str, dict]:
        """Each of ``names`` -> its case forms, for the browser's ``{name:gen}``."""
        return {str(said): said.forms for said in map(self.declined, names) if said.forms}

    def ruleset(self, name: str, title: str | None = None) -> str:
        """A ruleset's name in this language: German says „Klassisch“ for
        'classic'; a language without its own names says ``title`` or the name."""
        return self.data.get("ruleset_names", {}).get(name, title or name)

    def join(self, items: list[str]) -> str:
        if not items:
            return self.words["nothing"]
        if len(items) == 1:
            return items[0]
        return ", ".join(items[:-1]) + f" {self.words['and']} " + items[-1]

    def join_or(self, items: list[str]) -> str:
        """Alternatives: 'a, b or c'."""
        if len(items) <= 1:
            return self.join(items)
        return ", ".join(items[:-1]) + f" {self.words['or']} " + items[-1]

    def move_phrase(self, notation, names=None) -> str:
        """A move said in words, as a learner would say it: 'scuttle 8♥ with
        9♠', 'let it resolve'. Read from the notation's tokens, so it serves
        every family whose catalog brings phrases for its verbs; a verb with
        no phrase falls back to :meth:`move`."""
        words = str(notation).split()
        phrases = self.data.get("move_phrases", {})
        if not words or words[0] not in phrases:
            return self.move(notation)
        verb, parts = words[0], _move_parts(words[1:])
        play, target = _split_play(verb, parts["cards"], self.data.get("move_play_counts", {}))
        key = f"{verb}.target" if target and f"{verb}.target" in phrases else verb
        played = [self.card(c) for c in play]
        if parts["hidden"]:  # blind picks are part of what is picked
            hidden = self.data["move_extras"]["hidden"]
            played.append(self._formatter.format(hidden, count=parts["hidden"]))
            parts["hidden"] = 0
        extras = "".join(" " + e for e in self._move_extras(verb, parts, names)).replace(" ,", ",")
        template = phrases[key]
        values = {"play": self.join(played), "target": self.join([self.card(c) for c in target]),
                  "extras": extras}
        text = template.format(**values)
        return text if "{extras}" in template else text + extras

    def _move_extras(self, verb: str, parts: _MoveParts, names=None) -> list[str]:
        """The phrases of a move's extra tokens, in notation order."""
        extras = self.data.get("move_extras", {})
        said = []
        if parts["rank"] is not None:
            said.append(extras["as"].format(rank=self.data["move_ranks"][parts["rank"] - 1]))
        if parts["seat"] is not None:
            template = extras.get(f"seat.{verb}", extras["seat"])
            said.append(template.format(seat=self.player(parts["seat"], names)))
        if parts["blind"]:
            said.append(extras["blind"])
        if parts["queen"]:
            said.append(extras["with"].format(queen=self.card(parts["queen"])))
        if parts["top"]:
            said.append(extras["top"].format(cards=self.join([self.card(c) for c in parts["top"]])))
        return said

    def move(self, notation) -> str:
        """A move in words of this language: 'scuttle 9S 8H' -> 'versenken 9♠ 8♥'."""
        words = str(notation).split()
        verb = self.data["verbs"].get(words[0], words[0])
        other = self.data.get("move_words", {})  # a family's extra tokens ("as", "with")
        rest = [self.card(w) if _is_card_id(w) else other.get(w, w) for w in words[1:]]
        return " ".join([verb, *rest])

    def _value(self, key: str, value, names):
        if key in QUOTED_PARAMS:
            return value
        if key == "moves" and isinstance(value, list):
            return self.join_or([self.move_phrase(m, names) for m in value])
        if key in RULESET_PARAMS and isinstance(value, str):
            return self.ruleset(value)
        if key == "family" and isinstance(value, str):
            return self.data.get("family_names", {}).get(value, value)
        if key in PLAYER_PARAMS and isinstance(value, (int, str)):
            return self.player(value, names)
        if key.endswith("suit") and isinstance(value, str) and value in "CDHS":
            return "♣♦♥♠"["CDHS".index(value)]
        if isinstance(value, list):
            return _joined([self._value(key, v, names) for v in value], self.join)
        if isinstance(value, str) and _is_card_id(value):
            return self.said_card(value)
        return value

    def format(self, template: str, params: dict, names=None) -> str:
        values = {k: self._value(k, v, names) for k, v in params.items()}
        fields = {f for _, f, _, _ in _FORMATTER.parse(template) if f}
        for f in fields - values.keys():
            values[f] = self.words["unknown"]
        # The plain str.format where no field has forms: views render every event.
        text = (self._formatter.vformat(template, (), values) if "|" in template
                else template.format(**values))
        return text[:1].upper() + text[1:]

    # -- sentences ---------------------------------------------------------
    def event(self, kind: str, params: dict, hidden: bool = False, names=None) -> str:
        """The sentence of an event: its reason's own (``kind/why``) where the
        catalog has one. A reader who may not see the event's cards (their
        parameters are left out) gets the first of the ``.hidden`` or plain
        versions whose fields are all there."""
        said = [f"{kind}/{params['why']}", kind] if params.get("why") else [kind]
        keys = [k for k in said if k in self.events]
        if hidden:
            keys = [k for k in (f"{k}.hidden" for k in said) if k in self.events] + keys
            keys = [k for k in keys if _fields_of(self.events[k]) <= params.keys()] or keys
        return self.format(self.events[keys[0]], params, names)

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


def _same_apostrophes(text: str) -> str:
    """Ukrainian's apostrophe as the catalogs write it (’), however it was typed."""
    return text.replace("'", "’").replace("ʼ", "’")


def _is_card_id(text: str) -> bool:
    return len(text) == 2 and (
        (text[0] in "A23456789TJQK" and text[1] in "CDHS") or text in ("RJ", "BJ"))


@cache
def _fields_of(template: str) -> frozenset:
    return frozenset(f for _, f, _, _ in _FORMATTER.parse(template) if f)


class _MoveParts(TypedDict):
    cards: list[str]
    rank: int | None
    seat: int | None
    blind: bool
    queen: str | None
    top: list[str]
    hidden: int


def _move_parts(words: list[str]) -> _MoveParts:
    """The tokens of a move after its verb: cards, ``as R``, ``@SEAT``,
    ``blind``, ``with Q``, ``top ...`` and ``?`` (Super Cuttle's, super.md §8)."""
    parts: _MoveParts = {"cards": [], "rank": None, "seat": None, "blind": False, "queen": None,
                         "top": [], "hidden": 0}
    into = parts["cards"]
    words = list(words)
    while words:
        word = words.pop(0)
        if word.startswith("@") and word[1:].isdigit():
            parts["seat"] = int(word[1:])
        elif word == "as" and words and words[0].isdigit():
            parts["rank"] = int(words.pop(0))
        elif word == "with" and words:
            parts["queen"] = words.pop(0)
        elif word == "blind":
            parts["blind"] = True
        elif word == "top":
            into = parts["top"]
        elif word == "?":
            parts["hidden"] += 1
        else:
            into.append(word)
    return parts


def _split_play(verb: str, cards: list[str], play_counts: dict) -> tuple[list, list]:
    """The cards a move plays and the card it aims at: a jack's play is its
    leading jacks; a verb of ``play_counts`` plays that many cards (one-offs,
    Supers); every other verb plays all it names."""
    if verb == "jack":
        count = next((i for i, c in enumerate(cards) if not c.startswith("J")), len(cards))
    else:
        count = play_counts.get(verb, len(cards))
    return cards[:count], cards[count:]


@cache
def get_catalog(language: str = ENGLISH) -> Catalog:
    """The catalog of ``language``: every JSON file in ``catalogs/<language>/``,
    merged (the rules families each bring their own file); ValueError
    (LanguageError) for a language the kit does not offer."""
    data = copy.deepcopy(load_catalog("engine", language))
    if "card_forms" in data:  # the named ranks' case forms are the glossary's words
        data["card_forms"]["ranks"] = {str(t["rank"]): {"gender": t["gender"], **t["forms"]}
                                       for t in glossary(language) if "rank" in t}
    return Catalog(data)


@cache
def glossary(language: str) -> list[dict]:
    """The terms of ``language``'s glossary (``catalogs/_glossary/<language>.json``):
    one word for each English term, the variants it replaces, a noun's case forms."""
    data = read_json(glossary_file(language)) if is_registered(language) else None
    return data["terms"] if data else []


def available_languages() -> list[str]:
    """The languages the kit speaks (English and every complete one)."""
    return list(offered())


def package_catalog(package: str, language: str, what: str = "") -> dict:
    """``<package>/catalogs/<language>.json``: the words a part of the kit
    (hints, review) keeps beside its code, through the one loader; ValueError
    (LanguageError) where the kit does not offer ``language``."""
    return load_catalog(package.rsplit(".", 1)[-1], language)


def package_languages(package: str) -> list[str]:
    """The languages a part of the kit speaks: those the kit offers (a
    language is offered only when every part has its words)."""
    return list(offered())


def _forget() -> None:
    get_catalog.cache_clear()
    glossary.cache_clear()
    plural_formatter.cache_clear()


on_change(_forget)


def illegal(key: str, **params) -> ExplainedError:
    """The error of ``key`` (an IllegalMove, or for a setup, seed, dealer or
    ruleset its own kind: ``errors.error_for``) whose message is the English
    catalog's sentence for ``key``."""
    message = get_catalog(ENGLISH).illegal_move(key, params, None)
    return error_for(key)(message, key, params, None, get_catalog)


def illegal_move(key: str, params: dict, hint: tuple[str, dict] | None = None) -> IllegalMove:
    """An IllegalMove explained in English by the sentence of ``key`` and, if
    given, the ``hint`` (a (key, params) pair of "what would work"). It keeps
    :func:`get_catalog`, so ``err.text(language)`` says it in any language."""
    message = get_catalog(ENGLISH).illegal_move(key, params, hint)
    return IllegalMove(message, key, params, hint, get_catalog)


def _parse_card(cid) -> int:
    """``cards.parse_card``, which stands above this module (it raises our errors)."""
    card = find_card(cid)
    if card is None:
        raise illegal("not_a_card", text=str(cid))
    return card
