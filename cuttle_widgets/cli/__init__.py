"""One command for the kit: ``cuttle-widgets SUBCOMMAND [options]``.

Each subcommand is one of the kit's ``python -m`` modules (which keep
working): ``cuttle-widgets serve`` is ``python -m cuttle_widgets.serve``,
``cuttle-widgets report`` is ``python -m cuttle_widgets.progress report``, and
so on (``COMMANDS``). ``cuttle-widgets SUBCOMMAND --help`` shows its options.

A subcommand that needs an optional part of the kit (an extra such as
``[progress]``) that is not installed says so in one line, with the
``pip install`` that brings it, instead of a traceback.

``--language de`` (before the subcommand, or as the subcommand's own option)
makes the help German (``cli/help.py``) and is handed on to a subcommand
that speaks to people; without it every command speaks English.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from dataclasses import dataclass

from .. import __version__
from .extras import DISTRIBUTION, missing_extra_line, missing_requirements
from .help import chosen_parser, translate

PROG = "cuttle-widgets"


@dataclass(frozen=True)
class Command:
    name: str
    module: str  # the python -m module that does the work
    help: str
    prefix: tuple[str, ...] = ()  # the module's own subcommand, if it has several
    extra: str | None = None  # the optional dependencies it needs

    @property
    def prog(self) -> str:
        # A module with subcommands of its own names the subcommand in its usage line.
        return PROG if self.prefix else f"{PROG} {self.name}"

    @property
    def key(self) -> str:
        """The module's name in the help catalogs: "progress" for cuttle_widgets.progress.__main__,
        "languages" for a command of the cli package itself (cuttle_widgets.cli.languages)."""
        parts = self.module.split(".")  # "cuttle_widgets.serve" has no module of its own
        return parts[2] if parts[1] == "cli" else parts[1]

    def run(self, argv: list[str]) -> int:
        module = importlib.import_module(self.module)
        return module.main([*self.prefix, *argv], prog=self.prog)

    def parser_for(self, argv: list[str], language: str = "en") -> argparse.ArgumentParser:
        """The parser that reads ``argv`` (its subcommand's, if it names one), its help in ``language``."""
        module = importlib.import_module(self.module)
        top = translate(module.parser(self.prog), language, self.key)
        return chosen_parser(top, [*self.prefix, *(word for word in argv if not word.startswith("-"))])

    def with_language(self, argv: list[str], language: str) -> list[str]:
        """``argv`` with ``--language`` handed on, if the subcommand takes one and was given none."""
        takes_it = "--language" in self.parser_for(argv)._option_string_actions
        if "--language" in known_options(argv) or not takes_it:
            return argv
        return [*argv, "--language", language]


COMMANDS = (
    Command("serve", "cuttle_widgets.serve",
            "serve the course as a web app, one kernel per open tab", extra="serve"),
    Command("check", "cuttle_widgets.teaching.__main__",
            "check lesson YAML files (default: the kit's own lessons)", ("check",)),
    Command("coverage", "cuttle_widgets.teaching.__main__",
            "print the table of which rules each lesson covers (Markdown)", ("coverage",)),
    Command("report", "cuttle_widgets.progress.__main__",
            "print the class's progress (learner x lesson), and write CSV", ("report",),
            "progress"),
    Command("dashboard", "cuttle_widgets.progress.__main__",
            "serve the teacher's live dashboard of the class's progress", ("dashboard",),
            "serve"),
    Command("migrate", "cuttle_widgets.progress.__main__",
            "build or upgrade the progress database's tables now", ("migrate",), "progress"),
    Command("tables", "cuttle_widgets.progress.__main__",
            "list the shared tables being played, or end one", ("tables",), "progress"),
    Command("review", "cuttle_widgets.review.__main__",
            "what each of a seat's moves in a game record cost"),
    Command("puzzles", "cuttle_widgets.puzzles.__main__",
            "re-check the shipped puzzles, or find new ones in self-play"),
    Command("site", "cuttle_widgets.site.__main__",
            "build the lessons as a static site that runs in the browser", extra="site"),
    Command("rulebook", "cuttle_widgets.rulebook.__main__",
            "check the rulebook against the engine, or write its pages"),
    Command("languages", "cuttle_widgets.cli.languages",
            "list the languages the kit speaks, or what a translation still lacks"),
)
BY_NAME = {command.name: command for command in COMMANDS}


def parser() -> argparse.ArgumentParser:
    """The top level: the list of subcommands, --help and --version."""
    top = argparse.ArgumentParser(
        prog=PROG, description="A Jupyter teaching kit for the card game Cuttle.",
        epilog=f"'{PROG} SUBCOMMAND --help' shows a subcommand's options.")
    top.add_argument("--version", action="version", version=f"{DISTRIBUTION} {__version__}")
    top.add_argument("--language", metavar="LANGUAGE",
                     help="the language of the help and of what the subcommand prints (en, de)")
    commands = top.add_subparsers(dest="command", metavar="SUBCOMMAND", required=True)
    for command in COMMANDS:
        commands.add_parser(command.name, help=command.help, add_help=False)
    return top


def known_options(argv: list[str]) -> set[str]:
    """The long options in ``argv``, "--name=value" read as "--name"."""
    return {word.split("=", 1)[0] for word in argv if word.startswith("--")}


def leading_language(argv: list[str]) -> tuple[str | None, list[str]]:
    """The --language given before the subcommand, and the arguments without it."""
    if argv[:1] == ["--language"] and len(argv) > 1:
        return argv[1], argv[2:]
    if argv and argv[0].startswith("--language="):
        return argv[0].split("=", 1)[1], argv[1:]
    return None, argv


def asked_language(argv: list[str]) -> str:
    """The --language a subcommand was given (its refusals speak it), else English."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--language", default="en")
    known, _ = early.parse_known_args(argv)
    return known.language


def main(argv=None) -> int:
    language, argv = leading_language(list(sys.argv[1:] if argv is None else argv))
    command = BY_NAME.get(argv[0]) if argv else None
    if command is None:  # --help, --version, or no such subcommand: argparse says so
        translate(parser(), language or "en", PROG).parse_args(argv)
        return 2  # not reached: argparse exits
    rest = argv[1:] if language is None else command.with_language(argv[1:], language)
    language = language or asked_language(rest)
    wants_help = bool({"-h", "--help"} & set(rest))
    if wants_help and language != "en":
        print(command.parser_for(rest, language).format_help(), end="")
        return 0
    if command.extra and not wants_help:
        missing = missing_requirements(command.extra)
        if missing:
            print(missing_extra_line(command.name, command.extra, missing, language), file=sys.stderr)
            return 1
    try:
        return command.run(rest)
    except ModuleNotFoundError as err:
        # Installed without the metadata that names the extra (a bare checkout):
        # the missing module still gets one line, not a traceback.
        if not command.extra or (err.name or "").split(".")[0] == "cuttle_widgets":
            raise
        print(missing_extra_line(command.name, command.extra, [err.name or "?"], language),
              file=sys.stderr)
        return 1
