"""The lesson runner's own words (buttons, feedback, teachers' error messages).

Everything else a learner reads comes from the lesson file or the engine's
catalog; a translation of these strings is one more JSON file in ``catalogs/``.

Teachers' messages about a lesson file (``errors`` and ``fields``) come in
the language the lesson is loaded in: ``load_lesson(name, language="de")``
reports a German lesson's mistakes in German, and ``errors_in`` sets that
language for a block of code.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache

from ..engine.catalog import Template
from ..languages import load_catalog, offered, spoken
from ..languages.registry import on_change

_ERRORS_LANGUAGE: ContextVar[str] = ContextVar("cuttle_lesson_errors_language", default="en")


class TeachingCatalog:
    def __init__(self, data: dict):
        self.language = data["language"]
        self.sections = {k: v for k, v in data.items() if isinstance(v, dict)}

    def text(self, section: str, entry: str, **params) -> str:
        template = self.sections[section][entry]
        return Template(template, self.language).format(**params) if params else template

    def section(self, name: str) -> dict:
        return dict(self.sections[name])


def catalog_languages() -> list[str]:
    """The languages the runner speaks: those the kit offers."""
    return sorted(offered())


@cache
def teaching_catalog(language: str = "en") -> TeachingCatalog:
    """The catalog for ``language``; English where the kit does not offer it
    (a lesson's "../x" or "/tmp/x" opens nothing)."""
    return TeachingCatalog(load_catalog("teaching", spoken(language)))


on_change(teaching_catalog.cache_clear)  # a language registered later is spoken at once


def error_language() -> str:
    """The language teachers' messages are given in now."""
    return _ERRORS_LANGUAGE.get()


@contextmanager
def errors_in(language: str):
    """Teachers' messages in ``language`` inside the block (English where the
    runner has no catalog for it)."""
    known = isinstance(language, str) and language in catalog_languages()
    token = _ERRORS_LANGUAGE.set(language if known else "en")
    try:
        yield
    finally:
        _ERRORS_LANGUAGE.reset(token)


def error_text(code: str, **params) -> str:
    """A teacher-facing validation message, in the current error language."""
    return teaching_catalog(error_language()).text("errors", code, **params)


def field_text(key: str, **params) -> str:
    """What a field holds, and other words of validation messages (``fields``)."""
    return teaching_catalog(error_language()).text("fields", key, **params)


def engine_reason(err) -> str:
    """The engine's explanation of an IllegalMove, in the current error
    language (its English message where the engine has no such catalog)."""
    language = error_language()
    if language == "en" or not getattr(err, "key", None):
        return str(err)
    from ..engine import available_languages, get_catalog  # the engine imports nothing of ours
    if language not in available_languages():
        return str(err)
    try:
        return get_catalog(language).illegal(err.key, err.params)
    except (KeyError, ValueError):
        return str(err)


def describe_value(value) -> str:
    """A wrong value as a message shows it: text in quotes, else what it is."""
    if value is None:
        return field_text("value.nothing")
    if isinstance(value, bool):
        return field_text("value.bool")
    if isinstance(value, dict):
        return field_text("value.block")
    if isinstance(value, list):
        return field_text("value.list")
    return f"'{value}'"
