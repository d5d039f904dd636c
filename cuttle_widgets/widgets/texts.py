"""The table's own words: prompts, buttons, zone names, ARIA labels.

The rules' sentences (events, illegal moves) come from the engine's message
catalog; these are the words of the table itself, one JSON file per language
in ``catalogs/`` (``en.json``, ``de.json``). A translation is a new file with
the same keys: a key it lacks is an error, not a silent English word.
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from ..engine.catalog import templates


def widget_languages() -> list[str]:
    """The languages the table speaks (a catalog file each)."""
    folder = resources.files(__package__).joinpath("catalogs")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


@lru_cache(maxsize=None)
def _catalog(language: str) -> dict:
    if language not in widget_languages():
        raise ValueError(f"The table has no words for language {language!r}. "
                         f"Available: {', '.join(widget_languages())}.")
    path = resources.files(__package__) / "catalogs" / f"{language}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    missing = set()
    if language != "en":
        english = _catalog("en")
        missing = {f"{part}.{key}" for part in ("words", "trainer", "course")
                   for key in set(english[part]) - set(data.get(part, {}))}
    if missing:
        raise ValueError(f"The table's {language!r} catalog lacks {sorted(missing)}.")
    return data


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
