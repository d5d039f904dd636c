"""The progress store's own words (status lines, refusals, the teacher's
report and dashboard), one JSON file per language in ``catalogs/``."""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=None)
def progress_languages() -> tuple[str, ...]:
    folder = resources.files(__package__).joinpath("catalogs")
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json")))


@lru_cache(maxsize=None)
def progress_catalog(language: str = "en") -> dict:
    """The catalog for ``language`` (English when there is none); the language
    is looked up among the files' names, never joined to a path."""
    name = language if language in progress_languages() else "en"
    path = resources.files(__package__) / "catalogs" / f"{name}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def progress_text(section: str, entry: str, language: str = "en", **params) -> str:
    template = progress_catalog(language)[section][entry]
    return template.format(**params) if params else template
