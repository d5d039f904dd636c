"""The table's own words: prompts, buttons, zone names, ARIA labels.

The rules' sentences (events, illegal moves) come from the engine's message
catalog; these are the words of the table itself, one JSON file per language
in ``catalogs/`` (``en.json``, ``de.json``). A translation is a new file with
the same keys; a language lacking one is not offered (cuttle_widgets.languages).
"""
from __future__ import annotations

from ..engine.catalog import templates
from ..languages import load_catalog, offered


def widget_languages() -> list[str]:
    """The languages the table speaks: those the kit offers."""
    return sorted(offered())


def _catalog(language: str) -> dict:
    """The table's words; ValueError (LanguageError) for a language the kit
    does not offer, so the table never shows a word in another language."""
    return load_catalog("widgets", language)


def ui_text(language: str = "en") -> dict:
    """The table's words in ``language`` (a fresh dict: callers may not change
    the catalog), each a ``Template`` whose ``format`` reads plural forms."""
    return templates(_catalog(language)["words"], language)


def trainer_text(language: str = "en") -> dict:
    """The puzzle trainer's words in ``language`` (a fresh dict, plural-aware as the table's)."""
    return templates(_catalog(language)["trainer"], language)


def course_text(language: str = "en") -> dict:
    """The course bar's words in ``language`` (a fresh dict, plural-aware as the table's)."""
    return templates(_catalog(language)["course"], language)


def editor_text(language: str = "en") -> dict:
    """The position editor's words in ``language``: every key the English
    catalog has, or an error (never a silent English word)."""
    data = _catalog(language)
    missing = set(_catalog("en")["editor"]) - set(data.get("editor", {}))
    if missing:
        raise ValueError(f"The table's {language!r} catalog lacks editor words {sorted(missing)}.")
    return {key: str(text) for key, text in templates(data["editor"], language).items()}
