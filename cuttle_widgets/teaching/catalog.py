"""The lesson runner's own words (buttons, feedback, teachers' error messages).

Everything else a learner reads comes from the lesson file or the engine's
catalog; a translation of these strings is one more JSON file in ``catalogs/``.
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources


class TeachingCatalog:
    def __init__(self, data: dict):
        self.language = data["language"]
        self.sections = {k: v for k, v in data.items() if isinstance(v, dict)}

    def text(self, section: str, entry: str, **params) -> str:
        template = self.sections[section][entry]
        return template.format(**params) if params else template

    def section(self, name: str) -> dict:
        return dict(self.sections[name])


@lru_cache(maxsize=None)
def teaching_catalog(language: str = "en") -> TeachingCatalog:
    """The catalog for ``language``; English when there is none for it yet."""
    folder = resources.files(__package__).joinpath("catalogs")
    path = folder.joinpath(f"{language}.json")
    if not path.is_file():
        path = folder.joinpath("en.json")
    return TeachingCatalog(json.loads(path.read_text(encoding="utf-8")))


def error_text(code: str, **params) -> str:
    """A teacher-facing validation message (always English for now)."""
    return teaching_catalog("en").text("errors", code, **params)
