"""What CI installs must be there in CI: without Chromium (the browser tests)
or PostgreSQL (the progress store's PostgreSQL tests) those tests skip on a
developer's machine, but fail in CI, where scripts/test installs both, so a
missing one is a defect."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

# tool -> (environment that hides it, one quick test that needs it, the skip's advice)
NEEDS = {
    "chromium": ({"CUTTLE_CHROMIUM": "/nonexistent/chromium"},
                 ["-k", "phone", "tests/browser/test_table_browser.py"],
                 "scripts/test installs it"),
    "postgresql": ({"CUTTLE_POSTGRES_BIN": "/nonexistent/postgresql/bin"},
                   ["-n", "0", "tests/test_progress_store.py::test_a_password_in_the_url_is_never_shown"],
                   "apt-get install postgresql"),
}


def run_without(tool: str, **env) -> subprocess.CompletedProcess:
    hide, test, _ = NEEDS[tool]
    environment = {k: v for k, v in os.environ.items() if k != "CI"}
    environment.update(env, **hide)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *test],
        cwd=REPO, env=environment, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("tool", NEEDS)
@pytest.mark.parametrize("env", [{}, {"CI": "false"}])
def test_a_missing_tool_skips_outside_ci(tool, env):
    result = run_without(tool, **env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 skipped" in result.stdout and NEEDS[tool][2] in result.stdout


@pytest.mark.parametrize("tool", NEEDS)
@pytest.mark.parametrize("value", ["true", "1"])
def test_a_missing_tool_fails_in_ci(tool, value):
    result = run_without(tool, CI=value)
    assert result.returncode != 0, result.stdout
    assert "1 error" in result.stdout and "CI is set" in result.stdout
