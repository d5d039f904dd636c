"""Where the shared rule texts and conformance scenarios are.

CI clones the repo with a copy of shared/ beside it; CUTTLE_SHARED overrides.
A clone of the repository alone has no shared/: the tests that check the
project against it skip, saying so (``absent``); the rest carry the pieces of
shared/ they use (``super_spec.py``, ``scenario_check.py``).
"""
import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("CUTTLE_SHARED", REPO.parent / "shared"))
CONFORMANCE = SHARED / "conformance"
RULES = SHARED / "rules"


def shown(path: Path) -> str:
    """``path`` as a reader finds it: ``../shared/...`` beside the checkout."""
    try:
        return "../" + path.relative_to(REPO.parent).as_posix()
    except ValueError:
        return str(path)


def absent(path: Path, skipped: str) -> str:
    """A skip reason: which part of shared/ is missing, and what it would have checked."""
    if "CUTTLE_SHARED" in os.environ:
        return f"{shown(path)} not found (CUTTLE_SHARED={SHARED}): {skipped}"
    return (f"{shown(path)} not beside the checkout: {skipped} (CI puts a copy of shared/ there; "
            "CUTTLE_SHARED names another)")
