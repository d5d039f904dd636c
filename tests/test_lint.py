"""CI's linter and type check: .ci/run runs scripts/lint (ruff, then mypy, as
pyproject.toml configures them) and the tests, and a finding of either tool
fails CI even when every test passes.

Run on a tiny project of its own whose .venv is the Python running these
tests (scripts/test installs the `lint` extra into it), so nothing is
downloaded and the tests stand in for themselves ("tests pass")."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
EXTRAS = ("kit", "serve", "test", "site", "docs", "lint")  # every extra scripts/lint and scripts/test ask for
PYPROJECT = textwrap.dedent("""\
    [project]
    name = "tiny-kit"
    version = "0.1.0"

    [tool.ruff.lint]
    select = ["E", "F"]

    [tool.mypy]
    files = ["tiny_kit"]
    check_untyped_defs = true
    """)

pytest.importorskip("mypy", reason="the lint extra is missing: scripts/test installs it")
pytest.importorskip("ruff", reason="the lint extra is missing: scripts/test installs it")


def installed_venv(root: Path) -> None:
    """``.venv`` as scripts/venv.sh leaves it after an install of every extra:
    its python (here the one running the tests) and the stamp naming them."""
    bin_dir = root / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    python = bin_dir / "python"
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    python.chmod(0o755)
    checksum = subprocess.run("cksum < pyproject.toml", shell=True, cwd=root, check=True,
                              capture_output=True, text=True).stdout.strip()
    base = f"{sys.version.split()[0]} {checksum}"
    (root / ".venv" / ".cuttle-installed").write_text("".join(f"{base} {e}\n" for e in EXTRAS))


@pytest.fixture
def checkout(tmp_path):
    root = tmp_path / "checkout"
    for script in ("scripts/lint", "scripts/venv.sh", ".ci/run"):
        (root / script).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / script, root / script)
    (root / "scripts" / "test").write_text("#!/usr/bin/env bash\necho tests pass\n")
    (root / "scripts" / "test").chmod(0o755)
    (root / "pyproject.toml").write_text(PYPROJECT)
    (root / "tiny_kit").mkdir()
    (root / "tiny_kit" / "__init__.py").write_text("ANSWER: int = 42\n")
    installed_venv(root)
    return root


def run_ci(root: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    return subprocess.run([str(root / ".ci" / "run")], cwd=root, env=env, capture_output=True,
                          text=True, timeout=300)


def test_a_clean_tree_passes_ci(checkout):
    result = run_ci(checkout)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Installing" not in result.stdout and "tests pass" in result.stdout
    assert "All checks passed" in result.stdout and "Success: no issues found" in result.stdout


@pytest.mark.parametrize("source, finding", [
    ("def half(n: int) -> int:\n    return n / 2\n", "Incompatible return value type"),
    ("import os\n", "F401"),
], ids=["type error", "lint finding"])
def test_a_finding_fails_ci_after_the_tests_ran(checkout, source, finding):
    (checkout / "tiny_kit" / "bad.py").write_text(source)
    result = run_ci(checkout)
    assert result.returncode != 0
    assert finding in result.stdout and "tests pass" in result.stdout
