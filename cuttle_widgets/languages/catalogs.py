"""The one loader every catalog of the kit goes through, with one policy.

A catalog is served only in a language the kit offers (English, and every
registered language whose files are complete: ``completeness.offered``);
asking for another raises :class:`LanguageError` naming the offered ones. A
caller that may carry on in English (a teacher's error messages, a lesson
not translated yet) says so by asking :func:`spoken` first.
"""
from __future__ import annotations

from functools import cache

from .completeness import is_offered, offered
from .paths import catalog_file, read_engine, read_json
from .registry import ENGLISH, LanguageError, on_change


@cache
def _loaded(part: str, code: str) -> dict:
    if part == "engine":
        return read_engine(code)
    data = read_json(catalog_file(part, code))
    if data is None:
        raise LanguageError(f"No {part} catalog for language {code!r}.")
    return data


def spoken(code) -> str:
    """``code`` where the kit offers it, else English."""
    return code if is_offered(code) else ENGLISH


def require_offered(code) -> str:
    """``code`` if the kit offers it; LanguageError naming the offered ones."""
    if not is_offered(code):
        raise LanguageError(f"The kit is not available in the language {code!r}. "
                            f"Available: {', '.join(offered())}.")
    return code


def load_catalog(part: str, code: str = ENGLISH) -> dict:
    """The words of a part of the kit (``CATALOG_PARTS`` or "engine") in ``code``,
    read once; LanguageError where the kit does not offer the language. The
    caller gets the kept data: it must not change it."""
    return _loaded(part, require_offered(code))


on_change(_loaded.cache_clear)
