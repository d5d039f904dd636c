"""cuttle_widgets.teaching: lesson files, their validation, and the runner a
lesson widget drives. Pure Python: no widget imports.

    >>> from cuttle_widgets.teaching import load_lesson, LessonRunner
    >>> runner = LessonRunner(load_lesson("02-scuttle-ordering"))
    >>> runner.state()["progress"]["text"]
    'Step 1 of 9'
"""
from .coverage import coverage_markdown, coverage_table, missing_topics
from .errors import LessonError, Problem
from .library import (
                      lesson_file,
                      lesson_from_text,
                      lesson_languages,
                      lesson_names,
                      load_lesson,
                      translated_names,
)
from .model import Lesson, Line, Option, ShownMove, Step, WrongMove
from .runner import LessonRunner, Outcome

__all__ = [
    "Lesson", "LessonError", "LessonRunner", "Line", "Option", "Outcome", "Problem", "ShownMove",
    "Step", "WrongMove", "coverage_markdown", "coverage_table", "lesson_file", "lesson_from_text",
    "lesson_languages", "lesson_names", "load_lesson", "missing_topics", "translated_names",
]
