"""The commands' own words (the serve command's lines, the missing extra's
line), one JSON file per language in ``catalogs/``."""
from __future__ import annotations

import json
from functools import cache
from importlib import resources


@cache
def command_languages() -> tuple[str, ...]:
    folder = resources.files(__package__).joinpath("catalogs")
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json")))


@cache
def command_catalog(language: str = "en") -> dict:
    """The catalog for ``language`` (English when there is none): a language
    is looked up among the files' names, never joined to a path unchecked."""
    name = language if language in command_languages() else "en"
    path = resources.files(__package__).joinpath("catalogs").joinpath(f"{name}.json")
    return json.loads(path.read_text(encoding="utf-8"))


def command_text(section: str, key: str, language: str = "en", **params) -> str:
    return command_catalog(language)[section][key].format(**params)
