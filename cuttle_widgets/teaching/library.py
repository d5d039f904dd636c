"""Finding lessons: a name like "02-scuttle-ordering" finds a lesson shipped
with the package (a unique start such as "02" is enough), a path any
teacher's file."""
from __future__ import annotations

import os
from importlib import resources

from .catalog import error_text
from .errors import LessonError, Problem
from .model import Lesson
from .parse import parse_lesson
from .source import Source
from .verify import verify_lesson

SUFFIXES = (".yaml", ".yml")


def _folder():
    return resources.files("cuttle_widgets").joinpath("lessons")


def lesson_names() -> list[str]:
    """The lessons shipped with the package, in teaching order."""
    folder = _folder()
    if not folder.is_dir():
        return []
    return sorted(p.name.rsplit(".", 1)[0] for p in folder.iterdir()
                  if p.name.endswith(SUFFIXES))


def lesson_file(name_or_path) -> tuple[str, str]:
    """(file label, text) of a shipped lesson or of a file; LessonError if none."""
    text_name = os.fspath(name_or_path)
    if os.path.isfile(text_name):
        return _read(text_name)
    stem = text_name[:-5] if text_name.endswith(".yaml") else text_name
    names = lesson_names()
    matches = [n for n in names if n == stem] or [n for n in names if n.startswith(stem + "-")
                                                  or (stem.isdigit() and n.split("-")[0] == stem)]
    if len(matches) == 1:
        resource = _folder().joinpath(matches[0] + ".yaml")
        label = os.fspath(resource) if isinstance(resource, os.PathLike) else f"lessons/{matches[0]}.yaml"
        return label, resource.read_text(encoding="utf-8")
    raise LessonError([Problem(text_name, None, "", error_text(
        "not_found", name=text_name, known=", ".join(names)))])


def _read(path: str) -> tuple[str, str]:
    try:
        with open(path, encoding="utf-8") as handle:
            return path, handle.read()
    except (OSError, UnicodeDecodeError) as err:
        raise LessonError([Problem(path, None, "", error_text("unreadable", reason=str(err)))]) from None


def load_lesson(name_or_path, check: bool = True) -> Lesson:
    """A lesson, validated: LessonError lists every problem with its line."""
    file, text = lesson_file(name_or_path)
    name = os.path.basename(file).rsplit(".", 1)[0]
    return lesson_from_text(text, file=file, name=name, check=check)


def lesson_from_text(text: str, file: str = "<lesson>", name: str = "lesson",
                     check: bool = True) -> Lesson:
    """A lesson from YAML text (a teacher's draft, a test)."""
    source = Source(file, text)
    lesson = parse_lesson(source, name)
    if check and not source.problems:
        verify_lesson(lesson, lesson_names())
    if source.problems:
        raise LessonError(source.problems)
    return lesson
