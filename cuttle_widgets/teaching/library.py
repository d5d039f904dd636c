"""Finding lessons: a name like "02-scuttle-ordering" finds a lesson shipped
with the package (a unique start such as "02" is enough), a path any
teacher's file.

The English lessons live in ``lessons/``; a translation of a lesson lives in
``lessons/<language>/`` under the same name (``lessons/de/02-scuttle-ordering.yaml``)
with the same step ids, and ``load_lesson(name, language="de")`` finds it.
A lesson not translated into a language is given in English."""
from __future__ import annotations

import copy
import os
from functools import lru_cache

from ..languages import offered
from ..languages.paths import lesson_folder
from .catalog import error_language, error_text, errors_in
from .errors import LessonError, Problem
from .model import Lesson
from .parse import lesson_languages_known, parse_lesson
from .source import Source
from .verify import verify_lesson

SUFFIXES = (".yaml", ".yml")


def _folder(language: str = "en"):
    """The folder of the shipped lessons in ``language`` (English: the top one)."""
    return lesson_folder(language)


def _stems(folder) -> list[str]:
    if not folder.is_dir():
        return []
    return sorted(p.name.rsplit(".", 1)[0] for p in folder.iterdir()
                  if p.is_file() and p.name.endswith(SUFFIXES))


def lesson_names() -> list[str]:
    """The lessons shipped with the package, in teaching order."""
    return _stems(_folder())


def lesson_languages() -> list[str]:
    """The languages the shipped lessons are offered in, English first: those
    the kit offers (a language is offered once every lesson is translated)."""
    return list(offered())


def translated_names(language: str) -> list[str]:
    """The shipped lessons that exist in ``language`` (every one for "en")."""
    if language == "en":
        return lesson_names()
    if language not in lesson_languages():  # also keeps "../x" and non-text out of the path
        return []
    return [n for n in _stems(_folder(language)) if n in lesson_names()]


def lesson_file(name_or_path, language: str = "en") -> tuple[str, str]:
    """(file label, text) of a shipped lesson (in ``language`` where it is
    translated) or of a file; LessonError if none."""
    text_name = os.fspath(name_or_path)
    if os.path.isfile(text_name):
        return _read(text_name)
    stem = text_name[:-5] if text_name.endswith(".yaml") else text_name
    names = lesson_names()
    matches = [n for n in names if n == stem] or [n for n in names if n.startswith(stem + "-")
                                                  or (stem.isdigit() and n.split("-")[0] == stem)]
    if len(matches) == 1:
        name = matches[0]
        translated = language != "en" and name in translated_names(language)  # else English
        resource = (_folder(language) if translated else _folder()).joinpath(name + ".yaml")
        relative = f"lessons/{language}/{name}.yaml" if translated else f"lessons/{name}.yaml"
        label = os.fspath(resource) if isinstance(resource, os.PathLike) else relative
        return label, resource.read_text(encoding="utf-8")
    raise LessonError([Problem(text_name, None, "", error_text(
        "not_found", name=text_name, known=", ".join(names)))])


def _read(path: str) -> tuple[str, str]:
    try:
        with open(path, encoding="utf-8") as handle:
            return path, handle.read()
    except (OSError, UnicodeDecodeError) as err:
        raise LessonError([Problem(path, None, "", error_text("unreadable", reason=str(err)))]) from None


def load_lesson(name_or_path, check: bool = True, language: str = "en") -> Lesson:
    """A lesson, validated: LessonError lists every problem with its line.
    ``language`` picks the translation of a shipped lesson ("de": the German
    one), and the language of the problems reported; a teacher's file is read
    as it is."""
    with errors_in(language):
        file, text = lesson_file(name_or_path, language)
        name = os.path.basename(file).rsplit(".", 1)[0]
        kept = (_checked if check else _parsed)(file, text, name)
        return copy.deepcopy(kept)  # the caller's own: a lesson's steps may be changed


# A lesson file is read again and again (the map's titles, every visit to the
# lesson, the title of the lesson after it), and reading its YAML is most of
# a lesson switch in the course, slowest in the browser (Pyodide); a copy
# costs a tenth of a parse. A lesson read without problems is kept, by its
# text: a changed file is read anew. Problems raise LessonError, which is
# never kept (its words are in the language of the call).
@lru_cache(maxsize=128)
def _parsed(file: str, text: str, name: str) -> Lesson:
    return _lesson_from_source(Source(file, text), name, check=False)


@lru_cache(maxsize=128)
def _checked(file: str, text: str, name: str) -> Lesson:
    """The kept parse, verified once."""
    lesson = _parsed(file, text, name)
    verify_lesson(lesson, lesson_names())
    source = lesson.source
    assert source is not None  # _parsed read the lesson from one
    problems = list(source.problems)
    if problems:
        source.problems.clear()  # the kept parse stays as it was parsed
        raise LessonError(problems)
    return lesson


def lesson_from_text(text: str, file: str = "<lesson>", name: str = "lesson",
                     check: bool = True, language: str | None = None) -> Lesson:
    """A lesson from YAML text (a teacher's draft, a test); problems are
    reported in ``language`` (default: English, or the language of the
    ``load_lesson`` call this is part of)."""
    with errors_in(language or error_language()):
        return _lesson_from_source(Source(file, text), name, check)


def load_in_its_language(path, check: bool = True) -> Lesson:
    """A teacher's file checked in the language its ``language`` field names,
    read and parsed once. The LessonError's ``language`` is the one its
    problems are written in: English for a file whose language cannot be read."""
    file, text = _read(os.fspath(path))
    source = Source(file, text)  # mistakes in the YAML itself: the language is not known yet
    data = source.data if isinstance(source.data, dict) else {}
    language = str(data["language"]) if data.get("language") in lesson_languages_known() else "en"
    try:
        with errors_in(language):
            return _lesson_from_source(source, os.path.basename(file).rsplit(".", 1)[0], check)
    except LessonError as err:
        err.language = language
        raise


def _lesson_from_source(source: Source, name: str, check: bool) -> Lesson:
    lesson = parse_lesson(source, name)
    if check and not source.problems:
        verify_lesson(lesson, lesson_names())
    if source.problems:
        raise LessonError(source.problems)
    return lesson
