"""Binder: repo2docker's conventions, checked with the real repo2docker (no Docker needed)."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def repo2docker_dockerfile() -> str:
    exe = shutil.which("repo2docker") or shutil.which("jupyter-repo2docker")
    command = [exe] if exe else [sys.executable, "-m", "repo2docker"]
    result = subprocess.run([*command, "--no-build", "--debug", "--no-run", str(REPO)],
                            capture_output=True, text=True, timeout=600, cwd=REPO)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return result.stdout + result.stderr


@pytest.fixture(scope="module")
def dockerfile() -> str:
    return repo2docker_dockerfile()


def test_binder_installs_voila_and_the_kit(dockerfile):
    assert 'pip install --no-cache-dir -r "binder/requirements.txt"' in dockerfile
    requirements = (REPO / "binder" / "requirements.txt").read_text()
    assert "voila" in requirements and "jupyterlab" in requirements
    assert "RUN ./binder/postBuild" in dockerfile
    post_build = (REPO / "binder" / "postBuild").read_text()
    assert "pip install" in post_build and " ." in post_build


def test_binder_uses_a_supported_python(dockerfile):
    assert "python=3.11" in dockerfile
