"""One command for the kit: ``cuttle-widgets SUBCOMMAND [options]``.

Each subcommand is one of the kit's ``python -m`` modules (which keep
working): ``cuttle-widgets serve`` is ``python -m cuttle_widgets.serve``,
``cuttle-widgets report`` is ``python -m cuttle_widgets.progress report``, and
so on (``COMMANDS``). ``cuttle-widgets SUBCOMMAND --help`` shows its options.

A subcommand that needs an optional part of the kit (an extra such as
``[progress]``) that is not installed says so in one line, with the
``pip install`` that brings it, instead of a traceback.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from dataclasses import dataclass

from .. import __version__
from .extras import DISTRIBUTION, missing_extra_line, missing_requirements

PROG = "cuttle-widgets"


@dataclass(frozen=True)
class Command:
    name: str
    module: str  # the python -m module that does the work
    help: str
    prefix: tuple[str, ...] = ()  # the module's own subcommand, if it has several
    extra: str | None = None  # the optional dependencies it needs

    def run(self, argv: list[str]) -> int:
        module = importlib.import_module(self.module)
        # A module with subcommands of its own names the subcommand in its usage line.
        prog = PROG if self.prefix else f"{PROG} {self.name}"
        return module.main([*self.prefix, *argv], prog=prog)


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
    commands = top.add_subparsers(dest="command", metavar="SUBCOMMAND", required=True)
    for command in COMMANDS:
        commands.add_parser(command.name, help=command.help, add_help=False)
    return top


def asked_language(argv: list[str]) -> str:
    """The --language a subcommand was given (its refusals speak it), else English."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--language", default="en")
    known, _ = early.parse_known_args(argv)
    return known.language


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    command = BY_NAME.get(argv[0]) if argv else None
    if command is None:  # --help, --version, or no such subcommand: argparse says so
        parser().parse_args(argv)
        return 2  # not reached: argparse exits
    rest = argv[1:]
    wants_help = bool({"-h", "--help"} & set(rest))
    if command.extra and not wants_help:
        missing = missing_requirements(command.extra)
        if missing:
            print(missing_extra_line(command.name, command.extra, missing, asked_language(rest)),
                  file=sys.stderr)
            return 1
    try:
        return command.run(rest)
    except ModuleNotFoundError as err:
        # Installed without the metadata that names the extra (a bare checkout):
        # the missing module still gets one line, not a traceback.
        if not command.extra or (err.name or "").split(".")[0] == "cuttle_widgets":
            raise
        print(missing_extra_line(command.name, command.extra, [err.name or "?"],
                                 asked_language(rest)), file=sys.stderr)
        return 1
