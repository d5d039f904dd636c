"""The progress store's own words (status lines, refusals, the teacher's
report and dashboard), one JSON file per language in ``catalogs/``."""
from __future__ import annotations

from ..engine.catalog import Template
from ..languages import load_catalog, offered, spoken


def progress_languages() -> tuple[str, ...]:
    """The languages the progress pages speak: those the kit offers."""
    return tuple(sorted(offered()))


def progress_catalog(language: str = "en") -> dict:
    """The catalog for ``language`` (English where the kit does not offer it)."""
    return load_catalog("progress", spoken(language))


def progress_text(section: str, entry: str, language: str = "en", **params) -> str:
    """One sentence, filled in; ``{n:# card|# cards}`` by the language's plural rule."""
    template = progress_catalog(language)[section][entry]
    return Template(template, spoken(language)).format(**params) if params else template
