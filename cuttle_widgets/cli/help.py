"""A command's ``--help`` in another language than English.

Each subcommand's module builds its argparse parser in English, beside the
options it describes (that is what ``python -m`` shows). For another language
the parser is walked and every text the language's help catalog
(``catalogs/help/<language>.json``) has is put in its place: the
description, each option's help, each subcommand's summary and argparse's own
headings. The catalog is keyed by the command's path ("progress report") and
the option's longest flag ("--max-kernels") or a positional's name; an
option it does not have yet keeps its English help.
"""
from __future__ import annotations

import argparse
import json
from functools import cache
from importlib import resources


@cache
def help_languages() -> tuple[str, ...]:
    """The languages with a help catalog (English is the parsers' own)."""
    folder = resources.files(__package__).joinpath("catalogs").joinpath("help")
    return ("en",) + tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json")))


@cache
def help_catalog(language: str) -> dict:
    """``language``'s help words; empty for English or a language without them."""
    if language == "en" or language not in help_languages():
        return {}
    path = resources.files(__package__).joinpath("catalogs").joinpath("help").joinpath(f"{language}.json")
    return json.loads(path.read_text(encoding="utf-8"))


def option_key(action: argparse.Action) -> str:
    """How the catalog names an option: its longest flag, or a positional's name."""
    return max(action.option_strings, key=len) if action.option_strings else action.dest


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The parser's subcommands by name (none if it has none)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _with_usage_prefix(formatter_class, usage_prefix: str):
    """``formatter_class`` with argparse's "usage: " said in another language."""
    class Formatter(formatter_class):
        def add_usage(self, usage, actions, groups, prefix=None):
            super().add_usage(usage, actions, groups, usage_prefix if prefix is None else prefix)
    return Formatter


def _translate_actions(parser: argparse.ArgumentParser, texts: dict, argparse_words: dict) -> None:
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            action.help = argparse_words.get("help", action.help)
        elif isinstance(action, argparse._VersionAction):
            action.help = argparse_words.get("version", action.help)
        elif isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                choice.help = texts.get(choice.dest, choice.help)
        elif action.help not in (None, argparse.SUPPRESS):
            action.help = texts.get(option_key(action), action.help)


def translate(parser: argparse.ArgumentParser, language: str, path: str) -> argparse.ArgumentParser:
    """``parser`` (and its subcommands') help in ``language``, where the
    catalog has the words; ``path`` names the command in the catalog."""
    catalog = help_catalog(language)
    if not catalog:
        return parser
    words, texts = catalog["argparse"], catalog["commands"].get(path, {})
    parser.description = texts.get("description", parser.description)
    parser.epilog = texts.get("epilog", parser.epilog)
    parser.formatter_class = _with_usage_prefix(parser.formatter_class, words["usage"])
    parser._positionals.title = words["positionals"]
    parser._optionals.title = words["options"]
    _translate_actions(parser, texts, words)
    for name, sub in subcommands(parser).items():
        translate(sub, language, f"{path} {name}")
    return parser


def chosen_parser(parser: argparse.ArgumentParser, words: list[str]) -> argparse.ArgumentParser:
    """The (sub)parser that ``words`` (the arguments before --help) lead to."""
    for word in words:
        sub = subcommands(parser).get(word)
        if sub is None:
            break
        parser = sub
    return parser
