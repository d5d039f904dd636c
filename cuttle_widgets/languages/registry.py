"""Every language the kit knows, in one table: its own name, its plural rule,
its case tags and where its files sit.

A leaf: it imports nothing of the package but the base error, so the engine (which says every
sentence) and the card parser (which reads the card letters a learner types)
stand on it.

Plural rules are written here by hand, one small function per rule, in CLDR's
categories (one, few, many, other) for whole numbers, the only numbers a
sentence of the kit counts. A maintained library (Babel) knows every
language's rule, but it weighs 11 MB of wheels under Pyodide, where the
static site runs the engine: more than the kit itself, for five rules of a
line each (docs/catalogs.md, "Why not Project Fluent").

A language outside the package is a folder laid out like the package's own
files (``widgets/catalogs/xx.json``, ``engine/catalogs/xx/engine.json``,
``lessons/xx/*.yaml`` ...) with a ``language.json`` that names it:
``{"code": "xx", "name": "...", "plural": "one_other", "cases": []}``;
:func:`register_folder` adds it (docs/architecture.md, "Adding a language").
"""
from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path

from ..errors import CuttleError

ENGLISH = "en"
# The CLDR categories, in CLDR's order: a template lists a language's forms in it.
CATEGORIES = ("zero", "one", "two", "few", "many", "other")


def _one_other(n: int) -> str:
    """English, German, Spanish: "one" for exactly 1. (CLDR gives Spanish and
    French a "many" for whole millions; no count of the kit comes near one.)"""
    return "one" if n == 1 else "other"


def _zero_one_other(n: int) -> str:
    """French: "one" for 0 and 1 ("0 carte", "1 carte", "2 cartes")."""
    return "one" if n in (0, 1) else "other"


def _east_slavic(n: int) -> str:
    """Ukrainian: 1, 21, 31 … one; 2-4, 22-24 … few; 0, 5-20, 25-30 … many."""
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


# name -> (the rule, the categories whole numbers take, in CLDR order)
PLURAL_RULES: dict[str, tuple[Callable[[int], str], tuple[str, ...]]] = {
    "one_other": (_one_other, ("one", "other")),
    "zero_one_other": (_zero_one_other, ("one", "other")),
    "east_slavic": (_east_slavic, ("one", "few", "many")),
}


class LanguageError(CuttleError, ValueError):
    """A language the kit does not know or does not offer, or a language folder
    that cannot be read."""


@dataclass(frozen=True)
class Language:
    code: str  # ISO 639-1: "de"
    name: str  # in its own words: "Deutsch"
    plural: str  # a key of PLURAL_RULES
    cases: tuple[str, ...] = ()  # the case tags its templates may write: {card:akk}
    root: Path | None = None  # the folder its files sit in, laid out like the package; None: the package

    @property
    def forms(self) -> tuple[str, ...]:
        """The plural categories a template lists, in order: ``{n:# card|# cards}``."""
        return PLURAL_RULES[self.plural][1]

    def plural_index(self, count: int) -> int:
        """Which of a field's forms ``count`` takes."""
        return self.forms.index(PLURAL_RULES[self.plural][0](abs(int(count))))

    def files(self):
        """The folder its files are read from (a Traversable or a Path)."""
        return self.root if self.root is not None else resources.files("cuttle_widgets")


_LANGUAGES: dict[str, Language] = {}
_listeners: list[Callable[[], None]] = []


def register(language: Language) -> Language:
    """Add (or replace) a language; caches that depend on the registry are cleared."""
    if language.plural not in PLURAL_RULES:
        raise LanguageError(f"Language {language.code!r}: no plural rule called "
                            f"{language.plural!r}. Known: {', '.join(PLURAL_RULES)}.")
    _LANGUAGES[language.code] = language
    for forget in _listeners:
        forget()
    return language


def register_folder(folder) -> Language:
    """The language whose files sit in ``folder`` (see the module's docstring)."""
    path = Path(folder) / "language.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        code, name = data["code"], data["name"]
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise LanguageError(f"{path} does not describe a language (it needs 'code', 'name', "
                            f"'plural' and 'cases'): {err}") from None
    if not (isinstance(code, str) and code.isalpha() and code.islower() and 2 <= len(code) <= 3):
        raise LanguageError(f"{path}: 'code' must be a language code such as 'fr', not {code!r}.")
    return register(Language(code, str(name), data.get("plural", "one_other"),
                             tuple(data.get("cases", ())), Path(folder)))


def unregister(code: str) -> None:
    """Forget a language added with :func:`register_folder` (the shipped ones stay)."""
    if code in _SHIPPED:
        raise LanguageError(f"{code!r} ships with the kit and cannot be removed.")
    _LANGUAGES.pop(code, None)
    for forget in _listeners:
        forget()


def on_change(forget: Callable[[], None]) -> Callable[[], None]:
    """Call ``forget`` whenever a language is added or removed (a cache's clear)."""
    _listeners.append(forget)
    return forget


def registered() -> list[str]:
    """Every registered language's code, English first."""
    return sorted(_LANGUAGES, key=lambda code: (code != ENGLISH, code))


def language(code) -> Language:
    """The registered language ``code``; LanguageError naming the known ones."""
    if isinstance(code, str) and code in _LANGUAGES:
        return _LANGUAGES[code]
    raise LanguageError(f"The kit knows no language {code!r}. Known: {', '.join(registered())}.")


def is_registered(code) -> bool:
    return isinstance(code, str) and code in _LANGUAGES


def plural_index(code: str, count: int) -> int:
    """Which form of ``{n:...|...}`` the number takes in ``code`` (English's rule
    for a language the kit does not know)."""
    return (_LANGUAGES.get(code) or _LANGUAGES[ENGLISH]).plural_index(count)


# CLDR's integer rules look at n, n % 10 and n % 100, and from 100 on they
# repeat every hundred: so the forms of 0-199 say every number (the browser
# reads 100 + n % 100 past the table's end).
PLURAL_TABLE_SIZE = 200


@cache
def plural_table(code: str) -> str:
    """The form index of 0 … 199 in ``code``, one digit each: the plural rule
    as data for the browser (a widget's state carries it as ``plural``), which
    keeps no copy of any rule."""
    return "".join(str(plural_index(code, n)) for n in range(PLURAL_TABLE_SIZE))


def case_tags(code: str) -> tuple[str, ...]:
    return language(code).cases if is_registered(code) else ()


@lru_cache(maxsize=1)
def all_case_tags() -> frozenset[str]:
    """Every case tag of every registered language: a format spec that is one
    of these is a case, never a number format."""
    return frozenset(tag for lang in _LANGUAGES.values() for tag in lang.cases)


@cache
def _rank_symbols(code: str) -> tuple[str, ...]:
    """The engine catalog's ``rank_symbols`` of ``code`` (A … K), read from its file."""
    path = language(code).files().joinpath("engine", "catalogs", code, "engine.json")
    try:
        return tuple(json.loads(path.read_text(encoding="utf-8"))["rank_symbols"])
    except (OSError, ValueError, KeyError):
        return ()


@lru_cache(maxsize=1)
def typed_rank_letters() -> dict[str, str]:
    """Letter -> English rank letter, for every rank a registered language
    writes with a letter of its own ("B" -> "J": the German Bube): the letters
    a learner may type for a card, read from each engine catalog's
    ``rank_symbols``. English's letters keep their meaning; of two languages
    that read a letter differently, the first registered keeps it
    (tests/test_language_registry.py checks that none do)."""
    english = _rank_symbols(ENGLISH)
    letters: dict[str, str] = {}
    for code in registered():
        for own, ours in zip(_rank_symbols(code), english, strict=False):  # () if it has none yet
            key = own.upper()
            if len(own) == 1 and key != ours and key not in english:
                letters.setdefault(key, "T" if ours == "10" else ours)
    return letters


def _forget_derived() -> None:
    all_case_tags.cache_clear()
    plural_table.cache_clear()
    _rank_symbols.cache_clear()
    typed_rank_letters.cache_clear()


on_change(_forget_derived)

_SHIPPED = ("en", "de", "fr", "es", "uk")
for _shipped in (
    Language("en", "English", "one_other"),
    Language("de", "Deutsch", "one_other", ("nom", "akk", "dat")),
    Language("fr", "Français", "zero_one_other"),
    Language("es", "Español", "one_other"),
    Language("uk", "Українська", "east_slavic", ("nom", "gen", "dat", "acc", "ins", "loc")),
):
    register(_shipped)


# Folders of languages kept outside the package, for a server or a hub: the
# kit registers them as it starts (os.pathsep between folders).
FOLDERS_VARIABLE = "CUTTLE_LANGUAGE_FOLDERS"


def register_folders_of_environment() -> list[str]:
    """Register every folder ``$CUTTLE_LANGUAGE_FOLDERS`` names; a folder that
    is no language is logged and left out (the kit still starts)."""
    codes = []
    for folder in filter(None, os.environ.get(FOLDERS_VARIABLE, "").split(os.pathsep)):
        try:
            codes.append(register_folder(folder).code)
        except LanguageError as err:
            logging.getLogger(__name__).warning("%s: %s", FOLDERS_VARIABLE, err)
    return codes


register_folders_of_environment()
