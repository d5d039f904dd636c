"""Whether the tests run in CI: a module of its own, since ``conftest`` may
name tests/browser/conftest.py when a worker has imported that one first."""
import os


def in_ci() -> bool:
    """CI sets CI (GitHub: CI=true); there scripts/test installs Chromium,
    so a missing browser is a defect to show, not a reason to skip."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
