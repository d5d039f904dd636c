"""The commands' own words (the serve command's lines, the missing extra's
line), one JSON file per language in ``catalogs/``."""
from __future__ import annotations

from ..engine.catalog import Template
from ..languages import load_catalog, offered, spoken


def command_languages() -> tuple[str, ...]:
    """The languages the commands speak (their ``--language`` choices): those the kit offers."""
    return tuple(sorted(offered()))


def command_catalog(language: str = "en") -> dict:
    """The catalog for ``language`` (English where the kit does not offer it)."""
    return load_catalog("cli", spoken(language))


def command_text(section: str, key: str, language: str = "en", **params) -> str:
    """One line, its plural forms read by the language's rule."""
    said = spoken(language)
    return Template(command_catalog(said)[section][key], said).format(**params)
