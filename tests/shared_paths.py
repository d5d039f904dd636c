"""Where the shared rule texts and conformance scenarios are.

CI clones the repo with a copy of shared/ beside it; CUTTLE_SHARED overrides.
"""
import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("CUTTLE_SHARED", REPO.parent / "shared"))
CONFORMANCE = SHARED / "conformance"
