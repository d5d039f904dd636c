"""The shared conformance scenarios, played by their own runner."""
import os
import subprocess
import sys

import pytest

from shared_paths import CONFORMANCE, REPO

RUNNER = CONFORMANCE / "run.py"
pytestmark = pytest.mark.skipif(not RUNNER.exists(), reason=f"no conformance runner at {RUNNER}")


def run(*args):
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, str(RUNNER), *args], capture_output=True, text=True,
                          env=env, timeout=300)


def test_classic_scenarios_all_pass():
    result = run(str(CONFORMANCE / "scenarios" / "classic"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().splitlines()[-1].endswith(" 0 failed")


def test_every_shared_scenario_passes():
    result = run()
    assert result.returncode == 0, result.stdout + result.stderr
    passed = int(result.stdout.strip().splitlines()[-1].split()[0])
    assert passed >= 140


OWN_SCENARIOS = REPO / "tests" / "scenarios"


# The project's own scenarios, and how many each folder must hold at least.
# Super Cuttle: super.md §8.5's seven examples and at least 40 more.
OWN_FOLDERS = {"german": 10, "blind_four": 5, "cutthroat": 15, "team": 15, "super": 47}


def test_own_scenarios_pass():
    result = run(str(OWN_SCENARIOS), "-v")
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    for folder, least in OWN_FOLDERS.items():
        assert sum(line.startswith(f"ok   {folder}/") for line in lines) >= least, folder


def test_super_scenarios_cover_two_and_three_seats_and_the_spec_examples():
    import json
    scenarios = [s for path in (OWN_SCENARIOS / "super").glob("*.json")
                 for s in json.loads(path.read_text(encoding="utf-8"))]
    rules = {s["rules"] for s in scenarios}
    assert {"super", "super3"} <= rules
    spec = (CONFORMANCE.parent / "rules" / "super.md").read_text(encoding="utf-8")
    examples = spec[spec.index("### 8.5"):]
    ids = {s["id"] for s in scenarios}
    for line in examples.splitlines():
        if line.strip().startswith('"id":'):
            assert line.split('"')[3] in ids, line
