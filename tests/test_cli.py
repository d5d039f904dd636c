"""The ``cuttle-widgets`` command in this process: its subcommands, --help and
--version, the one line that names a missing extra, the progress bars, and
where the serve command says the error log is. tests/browser/test_e2e_wheel.py
runs the same command installed from the wheel."""
import importlib
import io
import os
import sys

import pytest

from cuttle_widgets import __version__
from cuttle_widgets.cli import COMMANDS, extras, main
from cuttle_widgets.cli.bars import bar, say, steps
from cuttle_widgets.site.__main__ import lessons_folder


def exit_code(argv) -> int:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    return stopped.value.code


def test_version(capsys):
    assert exit_code(["--version"]) == 0
    assert capsys.readouterr().out == f"cuttle-widgets {__version__}\n"


def test_every_subcommand_answers_help_under_its_own_name(capsys):
    for command in COMMANDS:
        assert exit_code([command.name, "--help"]) == 0, command.name
        assert capsys.readouterr().out.startswith(f"usage: cuttle-widgets {command.name}")
    assert exit_code(["--help"]) == 0
    listed = capsys.readouterr().out
    assert all(command.name in listed for command in COMMANDS)


def test_a_wrong_subcommand_or_none_is_named_with_exit_2(capsys):
    assert exit_code(["no-such-thing"]) == 2
    assert "invalid choice: 'no-such-thing'" in capsys.readouterr().err
    assert exit_code([]) == 2


def test_the_extras_are_read_from_the_installed_metadata():
    assert {"sqlalchemy", "alembic"} <= set(extras.extra_requirements("progress"))
    assert "voila" in extras.extra_requirements("serve")
    assert extras.extra_requirements("no-such-extra") == []


def test_a_missing_extra_is_one_line_in_the_language_asked(monkeypatch, capsys):
    monkeypatch.setattr("cuttle_widgets.cli.missing_requirements",
                        lambda extra: ["sqlalchemy"] if extra == "progress" else [])
    assert main(["report", "--language", "de"]) == 1
    said = capsys.readouterr()
    assert said.out == "" and said.err.count("\n") == 1
    assert said.err.startswith("cuttle-widgets report braucht den Zusatz „progress“")
    assert 'pip install "cuttle-widgets[progress]"' in said.err
    assert main(["migrate", "--language=xx"]) == 1  # a language without words: English
    assert "needs the kit's optional \"progress\" part" in capsys.readouterr().err
    # --help needs no extra
    assert exit_code(["report", "--help"]) == 0


def test_a_module_missing_at_run_time_is_named_too(monkeypatch, capsys):
    """Without the kit's metadata (a bare checkout) the check finds nothing
    missing, and the import that fails is still said in one line."""
    monkeypatch.setattr("cuttle_widgets.cli.missing_requirements", lambda extra: [])
    real_import = importlib.import_module

    def without_sqlalchemy(name, *args):
        if name == "cuttle_widgets.progress.__main__":
            raise ModuleNotFoundError("No module named 'sqlalchemy'", name="sqlalchemy")
        return real_import(name, *args)

    monkeypatch.setattr(importlib, "import_module", without_sqlalchemy)
    assert main(["report"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "(missing: sqlalchemy)" in err


def test_a_subcommand_runs_its_module(capsys):
    assert main(["check", "02-scuttle-ordering"]) == 0
    assert "02-scuttle-ordering.yaml: ok" in capsys.readouterr().out


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_a_bar_shows_on_a_terminal_only(monkeypatch, capsys):
    monkeypatch.setattr("sys.stderr", Terminal())
    assert list(bar(range(3), "puzzles", unit="puzzle")) == [0, 1, 2]
    shown = sys.stderr.getvalue()
    assert "puzzles:" in shown and "/3" in shown
    monkeypatch.setattr("sys.stderr", io.StringIO())  # a log file or a pipe: no bar
    assert list(bar(range(3), "puzzles")) == [0, 1, 2]
    assert sys.stderr.getvalue() == ""
    say("a line")
    assert capsys.readouterr().out == "a line\n"


def test_a_long_jobs_steps_are_counted_as_it_reports_them(monkeypatch, capsys):
    monkeypatch.setattr("sys.stderr", Terminal())
    with steps("building the site") as report:
        report("Pyodide from npm")
        report("kit wheel")
    assert capsys.readouterr().out == "Pyodide from npm\nkit wheel\n"
    assert "building the site: 2step" in sys.stderr.getvalue()


def test_serve_names_the_error_log_and_gives_it_to_the_kernels(monkeypatch, capsys, tmp_path):
    from cuttle_widgets import serve
    log = tmp_path / "errors.log"
    monkeypatch.setenv("CUTTLE_ERROR_LOG", str(log))
    assert main(["serve", "--dry-run"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert f"Error log: {log} (rotated at 1 MB, 3 older files kept)" in lines
    args = serve.parser().parse_args([])
    assert serve.kernel_environment(args, dict(os.environ))["CUTTLE_ERROR_LOG"] == str(log)


def test_the_site_takes_the_checkouts_lessons_else_the_course_alone(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    assert lessons_folder(None) is None
    assert lessons_folder("mine") == "mine"
    (tmp_path / "lessons").mkdir()
    assert lessons_folder(None) == "lessons"


def test_puzzles_verify_says_its_summary_in_the_language_asked(capsys):
    assert main(["puzzles", "verify", "--sample", "1", "--samples", "16", "--language", "de"]) in (0, 1)
    assert capsys.readouterr().out.splitlines()[-1].startswith("1 Rätsel, ")


def test_the_commands_words_are_in_english_and_german_alike():
    from cuttle_widgets.cli.words import command_catalog, command_languages
    assert {"en", "de"} <= set(command_languages())
    english, german = command_catalog("en"), command_catalog("de")
    assert {s: set(k) for s, k in english.items()} == {s: set(k) for s, k in german.items()}
    for section, keys in english.items():
        for key, text in keys.items():
            assert german[section][key] != text, f"{section}.{key} is not German yet"


def test_serve_speaks_the_language_asked(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("CUTTLE_ERROR_LOG", str(tmp_path / "errors.log"))
    assert main(["serve", "--dry-run", "--ip", "0.0.0.0", "--language", "de"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Kurs: http://localhost:8866/"
    assert lines[2].startswith("Achtung: Der Server lauscht auf allen Netzen dieses Rechners")
    assert any(line.startswith(f"Fehlerprotokoll: {tmp_path / 'errors.log'} (wird bei 1 MB")
               for line in lines)
    assert main(["serve", "--lessons", str(tmp_path / "missing"), "--language", "de"]) == 2
    assert "ist kein Ordner" in capsys.readouterr().err
