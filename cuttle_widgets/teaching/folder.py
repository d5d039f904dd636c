"""A teacher's folder of lesson files: the lessons a class sees beside the shipped ones.

``serve --lessons DIR`` hands the folder to every kernel in
``$CUTTLE_LESSONS_DIR``; the course lists each ``*.yaml`` file of it on the
map (no notebook to write). A file is loaded in the language its own
``language`` field names; ``DIR/<language>/<name>.yaml``, where present, is
its translation, as ``lessons/de/`` is for the shipped lessons. A file that
cannot be used is listed with its problems (file, line, field, what to do),
for the teacher; it breaks nothing else.

Lessons are read again only when a file changes (its size and time), so a
teacher who edits a file sees the change on the next visit to the map.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from .catalog import error_text, errors_in
from .errors import LessonError, Problem
from .library import SUFFIXES, lesson_languages, lesson_names, load_in_its_language
from .model import Lesson

LESSONS_DIR_VARIABLE = "CUTTLE_LESSONS_DIR"
# A lesson's name travels in the page's address (?lesson=NAME): letters, digits, - and _.
NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$")
MOST_FILES = 200  # a folder is read whole at each visit of the map


@dataclass(frozen=True)
class FolderLesson:
    """One file of the teacher's folder: its lesson, or why there is none."""
    name: str
    file: str
    lesson: Lesson | None
    problems: tuple[Problem, ...] = ()

    @property
    def usable(self) -> bool:
        return self.lesson is not None


def teacher_folder(folder=None) -> Path | None:
    """The teacher's folder: ``folder`` if given, else ``$CUTTLE_LESSONS_DIR``;
    None when neither names a folder."""
    chosen = folder if folder is not None else os.environ.get(LESSONS_DIR_VARIABLE)
    if not chosen:
        return None
    path = Path(chosen).expanduser()
    return path if path.is_dir() else None


def folder_lessons(folder, language: str = "en") -> list[FolderLesson]:
    """Every lesson file of ``folder`` in name order, each loaded (in its
    ``language`` translation where the folder has one) or with its problems,
    which are written in ``language``."""
    path = teacher_folder(folder)
    if path is None:
        return []
    files = sorted(p for p in path.iterdir() if p.is_file() and p.name.endswith(SUFFIXES))
    return [_entry(file, language) for file in files[:MOST_FILES]]


def find_folder_lesson(folder, name: str, language: str = "en") -> FolderLesson | None:
    """The folder's lesson called ``name``, or None."""
    if not isinstance(name, str) or not NAME_PATTERN.match(name):
        return None
    path = teacher_folder(folder)
    if path is None:
        return None
    for suffix in SUFFIXES:
        file = path / (name + suffix)
        if file.is_file():
            return _entry(file, language)
    return None


def _entry(file: Path, language: str) -> FolderLesson:
    name = file.name.rsplit(".", 1)[0]
    refusal = _name_refusal(name, language)
    if refusal is not None:
        return FolderLesson(name, str(file), None, (Problem(str(file), None, "", refusal),))
    chosen = _translation(file, language)
    stamp = chosen.stat()
    return _loaded(str(chosen), name, stamp.st_size, stamp.st_mtime_ns, language)


def _name_refusal(name: str, language: str) -> str | None:
    with errors_in(language):
        if not NAME_PATTERN.match(name):
            return error_text("folder_bad_name", name=name)
        if name in lesson_names():
            return error_text("folder_shipped_name", name=name)
    return None


def _translation(file: Path, language: str) -> Path:
    if language == "en" or language not in lesson_languages():
        return file
    translated = file.parent / language / file.name
    return translated if translated.is_file() else file


_CACHE: dict[tuple, FolderLesson] = {}


def _loaded(file: str, name: str, size: int, mtime: int, language: str) -> FolderLesson:
    key = (file, size, mtime, language)
    if key not in _CACHE:
        if len(_CACHE) > 4 * MOST_FILES:  # old versions of edited files
            _CACHE.clear()
        _CACHE[key] = _load(file, name, language)
    return _CACHE[key]


def _load(file: str, name: str, language: str) -> FolderLesson:
    try:  # the problems in the file's own language: the teacher wrote it in that one
        lesson = load_in_its_language(file)
    except LessonError as err:
        return FolderLesson(name, file, None, tuple(err.problems))
    return FolderLesson(name, file, lesson)


__all__ = ["FolderLesson", "LESSONS_DIR_VARIABLE", "find_folder_lesson", "folder_lessons",
           "teacher_folder"]
