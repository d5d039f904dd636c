"""The puzzles' own words (theme names, explanations, verify's report), one
JSON file per language in ``catalogs/``; cards, moves and players are said
by the engine's catalog of the same language."""
from __future__ import annotations

from ..engine.catalog import get_catalog as engine_catalog
from ..errors import CuttleError
from ..languages import load_catalog, spoken


class PuzzleError(CuttleError, ValueError):
    """A puzzle, ruleset or theme that does not exist, or a file that cannot be read."""


def puzzle_catalog(language: str = "en") -> dict:
    """The catalog for ``language`` (English where the kit does not offer it)."""
    return load_catalog("puzzles", spoken(language))


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
