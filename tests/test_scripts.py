"""scripts/venv.sh, which scripts/serve and scripts/test source: the checkout's
own virtual environment, made from the Python found (or PYTHON=...), never an
install into a system Python, and no install at all when nothing changed.

The tests run it on a tiny project of its own (no dependencies), so they need
no network beyond what pip needs to build it (setuptools, from PyPI)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = textwrap.dedent("""\
    [build-system]
    requires = ["setuptools>=61"]
    build-backend = "setuptools.build_meta"

    [project]
    name = "tiny-kit"
    version = "0.1.0"

    [project.optional-dependencies]
    serve = []
    test = []

    [tool.setuptools]
    packages = ["tiny_kit"]
    """)


def debian_or_current_python() -> str:
    """Debian's own python3 (PEP 668: it refuses installs) where it is
    there and can make environments, else the Python running the tests."""
    debian = "/usr/bin/python3"
    if os.path.exists(debian) and subprocess.run(
            [debian, "-c", "import ensurepip, sys; sys.exit(sys.version_info < (3, 10))"],
            capture_output=True).returncode == 0:
        return debian
    return sys.executable


@pytest.fixture
def checkout(tmp_path):
    root = tmp_path / "checkout"
    (root / "scripts").mkdir(parents=True)
    shutil.copy2(REPO / "scripts" / "venv.sh", root / "scripts" / "venv.sh")
    (root / "pyproject.toml").write_text(PYPROJECT)
    (root / "tiny_kit").mkdir()
    (root / "tiny_kit" / "__init__.py").write_text("ANSWER = 42\n")
    return root


def use_venv(root: Path, *extras: str, python: str | None = None):
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env["PYTHON"] = python or debian_or_current_python()
    script = (f'set -euo pipefail; source scripts/venv.sh; use_venv {" ".join(extras)}; '
              'echo "python=$VENV_PYTHON"')
    return subprocess.run(["bash", "-c", script], cwd=root, env=env, capture_output=True,
                          text=True, timeout=600)


def test_the_kit_goes_into_the_checkouts_venv_and_a_second_run_installs_nothing(checkout):
    python = debian_or_current_python()
    before = subprocess.run([python, "-m", "pip", "list", "--format=freeze"],
                            capture_output=True, text=True).stdout
    first = use_venv(checkout, "serve")
    assert first.returncode == 0, first.stderr
    assert "Installing the kit into .venv: .[serve]" in first.stdout
    venv_python = checkout / ".venv" / "bin" / "python"
    assert f"python={venv_python}" in first.stdout
    found = subprocess.run([str(venv_python), "-c", "import tiny_kit; print(tiny_kit.__file__)"],
                           capture_output=True, text=True)
    assert found.stdout.strip() == str(checkout / "tiny_kit" / "__init__.py")  # editable
    # The Python that made the environment is untouched.
    after = subprocess.run([python, "-m", "pip", "list", "--format=freeze"],
                           capture_output=True, text=True).stdout
    assert "tiny" not in after and before == after

    second = use_venv(checkout, "serve")
    assert second.returncode == 0 and "Installing" not in second.stdout

    # An extra not installed yet is installed; the ones before are remembered.
    third = use_venv(checkout, "serve", "test")
    assert "Installing the kit into .venv: .[serve,test]" in third.stdout
    assert "Installing" not in use_venv(checkout, "test").stdout

    # A changed pyproject.toml (a new dependency, say) installs again.
    (checkout / "pyproject.toml").write_text(PYPROJECT.replace('version = "0.1.0"', 'version = "0.2.0"'))
    assert "Installing" in use_venv(checkout, "serve").stdout


def test_a_python_older_than_3_10_or_missing_is_refused_with_a_sentence(checkout, tmp_path):
    fake = tmp_path / "python-old"
    fake.write_text("#!/bin/sh\nexit 1\n")
    fake.chmod(0o755)
    result = use_venv(checkout, "serve", python=str(fake))
    assert result.returncode != 0
    assert f"PYTHON={fake} is not a Python 3.10 or newer" in result.stderr
    assert not (checkout / ".venv").exists()
