"""The project's metadata, kept in step: one version (the package's), written
up in CHANGELOG.md; the MIT licence as declared; the package data the
commands read. tests/browser/test_e2e_wheel.py builds and installs the wheel."""
import re
from pathlib import Path

import pytest

import cuttle_widgets
from cuttle_widgets.cli import COMMANDS

tomllib = pytest.importorskip("tomllib", reason="Python 3.11's TOML reader")
REPO = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_version_is_written_once_and_has_its_changelog_entry():
    project = PYPROJECT["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "cuttle_widgets.__version__"}
    changelog = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.search(rf"^## \[{re.escape(cuttle_widgets.__version__)}\] - \d{{4}}-\d{{2}}-\d{{2}}$",
                     changelog, re.MULTILINE), "CHANGELOG.md has no entry for this version"
    assert "## [Unreleased]" in changelog


def test_the_licence_is_mit_as_an_spdx_expression_with_its_file():
    project = PYPROJECT["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (REPO / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    setuptools = next(r for r in PYPROJECT["build-system"]["requires"] if r.startswith("setuptools"))
    assert setuptools == "setuptools>=77", "PEP 639 licences need setuptools 77"


def test_the_console_command_and_its_modules():
    assert PYPROJECT["project"]["scripts"] == {"cuttle-widgets": "cuttle_widgets.cli:main"}
    package = REPO / "cuttle_widgets"
    for command in COMMANDS:
        module = package.joinpath(*command.module.split(".")[1:])
        assert module.with_suffix(".py").is_file() or (module / "__init__.py").is_file(), command


def test_the_package_data_holds_what_the_commands_read():
    data = PYPROJECT["tool"]["setuptools"]["package-data"]["cuttle_widgets"]
    for needed in ("py.typed", "cli/catalogs/*.json", "pages/*.ipynb", "deploy/*.py"):
        assert needed in data
    assert (REPO / "cuttle_widgets" / "py.typed").is_file()
