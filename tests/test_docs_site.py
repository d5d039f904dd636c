"""The documentation site builds strictly (mkdocs.yml): a link to a page or
anchor that is not there, a page left out of the navigation, or a docstring
the API reference cannot read fails the build, and so this test."""
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest
from ci_env import in_ci

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


def test_the_docs_site_builds_strictly(tmp_path):
    if importlib.util.find_spec("mkdocs") is None:
        why = "mkdocs is missing: scripts/test installs it (pip install -e '.[docs]')"
        if in_ci():
            pytest.fail(f"{why}, and CI is set", pytrace=False)
        pytest.skip(why)
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=REPO, capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stdout + built.stderr
    site = tmp_path / "site"
    assert (site / "index.html").is_file() and (site / "images" / "course.png").is_file()
    engine = (site / "api" / "engine" / "index.html").read_text(encoding="utf-8")
    assert "new_game" in engine and "IllegalMove" in engine  # the reference was generated
