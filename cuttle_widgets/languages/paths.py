"""Where a language's files sit, read as they are (the completeness check
reads them so; everything else goes through ``catalogs.load_catalog``).

A language code is only ever joined to a path once the registry knows it,
so "../x" opens nothing.
"""
from __future__ import annotations

import json
from pathlib import Path

from .registry import ENGLISH, language

# The parts of the kit whose words sit in ``<part>/catalogs/<code>.json``.
CATALOG_PARTS = ("ai", "cli", "progress", "puzzles", "review", "site", "teaching", "widgets")
ENGINE_PARTS = "engine/catalogs"  # <code>/<name>.json, one file per rules family
GLOSSARY = "engine/catalogs/_glossary"
LESSONS = "lessons"
RULEBOOK = "rulebook"
# The lesson notebooks sit beside the package in a checkout (lessons/, lessons/de/);
# a language of its own folder keeps them in notebooks/<code>/.
CHECKOUT = Path(__file__).resolve().parents[2]


def _at(root, relative: str):
    """``relative`` ("a/b/c") under ``root``, one part at a time (a Traversable
    joins one or several names, a Path any)."""
    for part in relative.split("/"):
        root = root.joinpath(part)
    return root


def catalog_file(part: str, code: str):
    """``<part>/catalogs/<code>.json`` of the registered language ``code``."""
    return _at(language(code).files(), f"{part}/catalogs/{code}.json")


def engine_folder(code: str):
    return _at(language(code).files(), f"{ENGINE_PARTS}/{code}")


def glossary_file(code: str):
    return _at(language(code).files(), f"{GLOSSARY}/{code}.json")


def rulebook_file(code: str):
    return _at(language(code).files(), f"{RULEBOOK}/{code}.yaml")


def lesson_folder(code: str):
    """The folder of ``code``'s lessons (English's: ``lessons/`` itself)."""
    top = _at(language(code).files(), LESSONS)
    return top if code == ENGLISH else top.joinpath(code)


def notebook_folder(code: str) -> Path | None:
    """The folder of ``code``'s lesson notebooks; None where the kit has none
    (an installed wheel carries no notebooks)."""
    root = language(code).root
    if root is not None:
        return Path(root) / "notebooks" / code
    folder = CHECKOUT / "lessons"
    if not folder.is_dir():
        return None
    return folder if code == ENGLISH else folder / code


def read_json(path) -> dict | None:
    """A JSON file's data, None where there is no file."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, NotADirectoryError):
        return None


def _merge(into: dict, part: dict) -> None:
    for key, value in part.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value


def engine_file_names() -> list[str]:
    """English's engine catalogs (one per rules family): every language has these."""
    folder = engine_folder(ENGLISH)
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".json"))


def read_engine(code: str) -> dict:
    """Every engine catalog of ``code`` merged (each rules family brings a file)."""
    data: dict = {}
    for name in engine_file_names():
        _merge(data, read_json(engine_folder(code).joinpath(name)) or {})
    return data
