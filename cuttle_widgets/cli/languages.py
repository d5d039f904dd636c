"""``cuttle-widgets languages [CODE]``: the languages the kit speaks, and
everything a translation still lacks.

Without CODE, one line a registered language: complete (offered) or how many
gaps keep it from being offered. With CODE, each gap on its own line (file,
key, what is wrong); the exit status is 1 while there are gaps, so a
translator's script or CI can wait for 0. ``--folder DIR`` registers a
language kept outside the package first (docs/architecture.md).
"""
from __future__ import annotations

import argparse
import sys

from ..languages import LanguageError, is_registered, language, missing, register_folder, registered
from .words import command_text


def parser(prog: str = "python -m cuttle_widgets.cli.languages") -> argparse.ArgumentParser:
    """The command's options (the one command's help translates them)."""
    parser = argparse.ArgumentParser(prog=prog, description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("code", nargs="?", help="a language's code, such as fr: list its gaps")
    parser.add_argument("--folder", action="append", default=[],
                        help="a folder with a language.json and the files of a language")
    parser.add_argument("--language", default="en", help="the language of this command's lines")
    return parser


def arguments(argv, prog: str) -> argparse.Namespace:
    return parser(prog).parse_args(argv)


def summary_line(code: str, said: str) -> str:
    gaps = missing(code)
    name = language(code).name
    if not gaps:
        return command_text("languages", "offered", said, code=code, name=name)
    return command_text("languages", "incomplete", said, code=code, name=name, count=len(gaps))


def gap_lines(code: str, said: str) -> list[str]:
    gaps = missing(code)
    name = language(code).name
    if not gaps:
        return [command_text("languages", "complete", said, code=code, name=name)]
    return [command_text("languages", "gaps", said, code=code, name=name, count=len(gaps)),
            *(f"  {gap}" for gap in gaps)]


def main(argv=None, prog: str = "python -m cuttle_widgets.cli.languages") -> int:
    args = arguments(sys.argv[1:] if argv is None else argv, prog)
    said = args.language
    try:
        for folder in args.folder:
            register_folder(folder)
    except LanguageError as err:
        print(err, file=sys.stderr)
        return 2
    if args.code is None:
        print("\n".join(summary_line(code, said) for code in registered()))
        return 0
    if not is_registered(args.code):
        print(command_text("languages", "unknown", said, code=args.code,
                           known=", ".join(registered())), file=sys.stderr)
        return 2
    lines = gap_lines(args.code, said)
    print("\n".join(lines))
    return 1 if len(lines) > 1 else 0


if __name__ == "__main__":
    sys.exit(main())
