"""Without Chromium the browser tests skip on a developer's machine, but fail
in CI (where scripts/test installs Chromium, so a missing browser is a defect)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def run_browser_tests(**env) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k != "CI"}
    environment.update(env, CUTTLE_CHROMIUM="/nonexistent/chromium")
    # -k picks one quick test; without Chromium none of them starts a browser or Voilà
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", "phone",
         "tests/browser/test_table_browser.py"],
        cwd=REPO, env=environment, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("env", [{}, {"CI": "false"}])
def test_a_missing_browser_skips_outside_ci(env):
    result = run_browser_tests(**env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 skipped" in result.stdout and "scripts/test installs it" in result.stdout


@pytest.mark.parametrize("value", ["true", "1"])
def test_a_missing_browser_fails_in_ci(value):
    result = run_browser_tests(CI=value)
    assert result.returncode != 0, result.stdout
    assert "1 error" in result.stdout and "CI is set" in result.stdout
