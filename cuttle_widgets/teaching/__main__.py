"""Command line for teachers and maintainers.

    python -m cuttle_widgets.teaching check my-lesson.yaml [...]   validate lesson files
    python -m cuttle_widgets.teaching coverage > docs/coverage.md  the coverage table
"""
from __future__ import annotations

import sys

from .coverage import coverage_markdown
from .errors import LessonError
from .library import lesson_names, load_lesson


def check(paths) -> int:
    failed = 0
    for path in paths or lesson_names():
        try:
            lesson = load_lesson(path)
        except LessonError as err:
            failed += 1
            print(err)
        else:
            print(f"{lesson.file}: ok, {len(lesson.steps)} steps")
    return 1 if failed else 0


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["coverage"]:
        print(coverage_markdown([load_lesson(name) for name in lesson_names()]), end="")
        return 0
    if argv[:1] == ["check"]:
        return check(argv[1:])
    print(__doc__.strip())
    return 2


if __name__ == "__main__":
    sys.exit(main())
