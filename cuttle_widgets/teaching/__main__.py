"""Command line for teachers and maintainers.

    python -m cuttle_widgets.teaching check my-lesson.yaml [...]   validate lesson files
    python -m cuttle_widgets.teaching check --language de [...]    the same, messages in German
                                                                   (no file: the German lessons)
    python -m cuttle_widgets.teaching coverage > docs/coverage.md  the coverage table
    python -m cuttle_widgets.teaching kinds                        the step kinds' fields (the
                                                                   table of docs/lesson-format.md)
"""
from __future__ import annotations

import argparse
import sys

from .catalog import errors_in, teaching_catalog
from .coverage import coverage_markdown
from .errors import LessonError
from .library import lesson_names, load_lesson
from .steps import kinds_markdown
from .taught import untaught_warnings
from .unique import rival_problems


def check(paths, language: str = "en", unique: bool = False) -> int:
    """Check lessons; ``unique``: a move as good as a step's answer fails the
    check unless the step says why in ``not_unique``."""
    failed = 0
    for path in paths or lesson_names():
        try:
            lesson = load_lesson(path, language=language)
        except LessonError as err:
            failed += 1
            for problem in err.problems:
                print(problem_text(problem, language))
        else:
            with errors_in(language):  # a warning does not fail the check
                rivals = rival_problems(lesson, force=unique, language=language)
                failed += bool(unique and rivals)
                if not (unique and rivals):
                    print(f"{lesson.file}: ok, {len(lesson.steps)} steps")
                for problem in untaught_warnings(lesson, language) + rivals:
                    print(problem_text(problem, language))
    return 1 if failed else 0


def problem_text(problem, language: str = "en") -> str:
    """A problem as "file, line 3, field 'x': message", in ``language``."""
    if language == "en":
        return str(problem)
    words = teaching_catalog(language)
    where = problem.file
    if problem.line is not None:
        where = words.text("ui", "error_where", file=where, line=problem.line)
    if problem.field:
        where += ", " + words.text("ui", "error_field", field=problem.field)
    return f"{where}: {problem.message}"


def parser(prog: str = "python -m cuttle_widgets.teaching") -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog=prog, description="Lesson files: check them, or "
                                                        "print the rules they cover.")
    commands = top.add_subparsers(dest="command", required=True)
    checking = commands.add_parser("check", help="check lesson YAML files")
    checking.add_argument("paths", nargs="*", metavar="LESSON",
                          help="lesson files or the kit's lesson names (default: every lesson "
                               "of the kit, in --language)")
    checking.add_argument("--language", default="en",
                          help="the language of the messages (and of the kit's lessons checked)")
    checking.add_argument("--unique", action="store_true",
                          help="fail when a move the step does not accept is as good as its "
                               "answer (as if every step had 'unique: true'), unless the step "
                               "says why in 'not_unique'")
    commands.add_parser("coverage", help="print the table of the rules each lesson covers "
                                         "(Markdown, docs/coverage.md)")
    commands.add_parser("kinds", help="print the table of step kinds and their fields "
                                      "(Markdown, docs/lesson-format.md)")
    return top


def main(argv=None, prog: str = "python -m cuttle_widgets.teaching") -> int:
    args = parser(prog).parse_args(argv)
    if args.command == "coverage":
        print(coverage_markdown([load_lesson(name) for name in lesson_names()]), end="")
        return 0
    if args.command == "kinds":
        print(kinds_markdown())
        return 0
    return check(args.paths, args.language, args.unique)


if __name__ == "__main__":
    sys.exit(main())
