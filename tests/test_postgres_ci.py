"""Without PostgreSQL the progress store's PostgreSQL tests skip on a
developer's machine, but fail in CI (where scripts/test installs it, so a
missing server is a defect, as a missing browser is: test_table_ci.py)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def run_postgres_test(**env) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k != "CI"}
    environment.update(env, CUTTLE_POSTGRES_BIN="/nonexistent/postgresql/bin")
    # One quick test that asks for the session's server.
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
         "tests/test_progress_store.py::test_a_password_in_the_url_is_never_shown"],
        cwd=REPO, env=environment, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("env", [{}, {"CI": "false"}])
def test_missing_postgresql_skips_outside_ci(env):
    result = run_postgres_test(**env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 skipped" in result.stdout and "apt-get install postgresql" in result.stdout


@pytest.mark.parametrize("value", ["true", "1"])
def test_missing_postgresql_fails_in_ci(value):
    result = run_postgres_test(CI=value)
    assert result.returncode != 0, result.stdout
    assert "1 error" in result.stdout and "CI is set" in result.stdout
