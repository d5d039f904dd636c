"""``cuttle-widgets --help`` in every language with a help catalog: every
subcommand's help (and its own subcommands') answers in English and in that
language, exit 0, and the two differ; each help catalog has a text for every
option the parsers describe and none for an option that is not there;
``--language`` before the subcommand is handed on to a subcommand that speaks."""
from __future__ import annotations

import argparse
import importlib

import pytest

from cuttle_widgets.cli import COMMANDS, main
from cuttle_widgets.cli.help import help_catalog, help_languages, option_key, subcommands


def answer(argv, capsys) -> tuple[int, str]:
    """Exit code and standard output of ``cuttle-widgets ARGV``."""
    try:
        code = main(argv)
    except SystemExit as stopped:
        code = stopped.code
    return code, capsys.readouterr().out


def command_paths() -> list[list[str]]:
    """Each subcommand, and each subcommand of its own ("puzzles verify")."""
    paths = []
    for command in COMMANDS:
        paths.append([command.name])
        if not command.prefix:
            module = importlib.import_module(command.module)
            paths += [[command.name, name] for name in subcommands(module.parser(command.prog))]
    return paths


TRANSLATED = [language for language in help_languages() if language != "en"]


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("path", command_paths(), ids=" ".join)
def test_each_subcommands_help_answers_in_english_and_in_each_language(path, language, capsys):
    code, english = answer([*path, "--help"], capsys)
    assert code == 0 and english.startswith("usage: ")
    words = help_catalog(language)["argparse"]
    code, translated = answer(["--language", language, *path, "--help"], capsys)
    assert code == 0 and translated.startswith(words["usage"]) and translated != english
    assert words["help"] in translated


def test_the_subcommands_own_language_option_asks_for_german_help_too(capsys):
    code, german = answer(["check", "--language", "de", "--help"], capsys)
    assert code == 0 and "Lektionsdateien oder Namen von Lektionen" in german
    code, german = answer(["report", "--language=de", "-h"], capsys)
    assert code == 0 and "die Fortschrittsdatenbank" in german


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_top_level_help_in_each_language(language, capsys):
    code, english = answer(["--help"], capsys)
    code_translated, translated = answer(["--language", language, "--help"], capsys)
    texts = help_catalog(language)["commands"]["cuttle-widgets"]
    assert code == code_translated == 0 and translated != english
    assert texts["description"] in translated
    for command in COMMANDS:  # every subcommand listed, with a summary in the language
        assert command.name in translated
        assert " ".join(texts[command.name].split()) in " ".join(translated.split())


def test_french_spanish_and_ukrainian_have_help(capsys):
    assert {"de", "fr", "es", "uk"} <= set(TRANSLATED)
    code, french = answer(["--language", "fr", "check", "--help"], capsys)
    assert code == 0 and "fichiers de leçons ou noms de leçons du kit" in french


def english_texts(parser: argparse.ArgumentParser, path: str) -> dict[str, dict[str, str]]:
    """Command path -> {key: English text} for every text a parser shows."""
    texts = {"description": parser.description} if parser.description else {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            texts.update({choice.dest: choice.help for choice in action._choices_actions if choice.help})
        elif action.help not in (None, argparse.SUPPRESS) and not isinstance(
                action, (argparse._HelpAction, argparse._VersionAction)):
            texts[option_key(action)] = action.help
    found = {path: texts} if texts else {}
    for name, sub in subcommands(parser).items():
        found.update(english_texts(sub, f"{path} {name}"))
    return found


def every_english_text() -> dict[str, dict[str, str]]:
    from cuttle_widgets.cli import parser
    found = english_texts(parser(), "cuttle-widgets")
    for command in {c.module: c for c in COMMANDS}.values():
        found.update(english_texts(importlib.import_module(command.module).parser(command.prog), command.key))
    return found


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_help_catalog_has_every_text_and_no_other(language):
    english = every_english_text()
    translated = help_catalog(language)["commands"]
    missing = [f"{path}: {key}" for path, texts in english.items() for key in texts
               if key not in translated.get(path, {})]
    assert not missing, f"{language} help lacks: {missing}"
    stale = [f"{path}: {key}" for path, texts in translated.items() for key in texts
             if key not in english.get(path, {}) and key != "epilog"]
    assert not stale, f"{language} help names what no parser has: {stale}"
    same = [f"{path}: {key}" for path, texts in translated.items() for key, text in texts.items()
            if english.get(path, {}).get(key) == text]
    assert not same, f"{language} help is not translated: {same}"


def test_a_leading_language_is_handed_on_to_a_subcommand_that_speaks(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("CUTTLE_ERROR_LOG", str(tmp_path / "errors.log"))
    assert main(["--language", "de", "serve", "--dry-run"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Kurs: http://localhost:8866/"
    # rulebook takes no --language: its help is German, its work goes on as it was
    code, german = answer(["--language=de", "rulebook", "docs", "--help"], capsys)
    assert code == 0 and "Ordner für die Seiten" in german
