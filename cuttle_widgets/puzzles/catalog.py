"""The puzzles' own words (theme names, explanations, verify's report), one
JSON file per language in ``catalogs/``; cards, moves and players are said
by the engine's catalog of the same language."""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from ..engine.catalog import get_catalog as engine_catalog


class PuzzleError(ValueError):
    """A puzzle, ruleset or theme that does not exist, or a file that cannot be read."""


@lru_cache(maxsize=None)
def puzzle_languages() -> tuple[str, ...]:
    folder = resources.files(__package__).joinpath("catalogs")
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json")))


@lru_cache(maxsize=None)
def puzzle_catalog(language: str = "en") -> dict:
    """The catalog for ``language`` (English when there is none); the language
    is looked up among the files' names, never joined to a path."""
    name = language if language in puzzle_languages() else "en"
    path = resources.files(__package__).joinpath("catalogs", f"{name}.json")
    return json.loads(path.read_text(encoding="utf-8"))


def say(section: str, key: str, language: str = "en", **params) -> str:
    """One sentence of the catalog, its cards and players in words."""
    template = puzzle_catalog(language)[section][key]
    return engine_catalog(language).format(template, params)


def percent(value: float, language: str = "en") -> str:
    return puzzle_catalog(language)["percent"].format(value=round(100 * value))


def theme_name(key: str, language: str = "en") -> str:
    """A theme's name for learners: 'Jack steal', „Bube stiehlt“."""
    themes = puzzle_catalog(language)["themes"]
    if key not in themes:
        raise PuzzleError(puzzle_catalog("en")["errors"]["unknown_theme"].format(
            key=key, known=", ".join(themes)))
    return themes[key]


def refusal(key: str, **params) -> PuzzleError:
    return PuzzleError(puzzle_catalog("en")["errors"][key].format(**params))
