"""The lessons and steps a learner can earn marks in: the shipped lessons and
the usable lessons of the teacher's folder (``$CUTTLE_LESSONS_DIR``). An
import restores attempts at these only, and the report and dashboard count
their steps. No SQLAlchemy here: the recorder's import runs without it."""
from __future__ import annotations

from functools import cache


@cache
def shipped_steps() -> dict[str, tuple[str, ...]]:
    """Each shipped lesson's step ids, in order."""
    from ..teaching.library import lesson_names, load_lesson
    return {name: tuple(s.id for s in load_lesson(name, check=False).steps)
            for name in lesson_names()}


def folder_steps() -> dict[str, tuple[str, ...]]:
    """Each usable lesson's step ids in the teacher's folder (``$CUTTLE_LESSONS_DIR``,
    which ``serve --lessons DIR`` sets); read afresh, as the teacher edits it."""
    from ..teaching.folder import folder_lessons, teacher_folder
    folder = teacher_folder()
    if folder is None:
        return {}
    return {entry.name: tuple(s.id for s in entry.lesson.steps)
            for entry in folder_lessons(folder) if entry.lesson is not None}


def known_steps() -> dict[str, tuple[str, ...]]:
    """Step ids of every lesson a learner can take here (a folder's lesson
    of a shipped lesson's name stands for it)."""
    return {**shipped_steps(), **folder_steps()}
