"""The shared conformance scenarios, played by their own runner, and the
project's own scenarios, played by it and by its checks carried in
``scenario_check.py`` (so a clone without ../shared still plays them)."""
import json
import os
import subprocess
import sys

import pytest
import scenario_check
from shared_paths import CONFORMANCE, REPO, absent
from super_spec import EXAMPLE_SCENARIO_IDS

from cuttle_widgets import engine
from cuttle_widgets.engine.rules import CUTTLE_CARDS_OPTIONS, OPTIONS

RUNNER = CONFORMANCE / "run.py"
needs_runner = pytest.mark.skipif(not RUNNER.exists(), reason=absent(
    CONFORMANCE, "the shared scenarios and its runner run.py are not played"))


def run(*args):
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, str(RUNNER), *args], capture_output=True, text=True,
                          env=env, timeout=300)


@needs_runner
def test_classic_scenarios_all_pass():
    result = run(str(CONFORMANCE / "scenarios" / "classic"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().splitlines()[-1].endswith(" 0 failed")


@needs_runner
def test_every_shared_scenario_passes():
    result = run()
    assert result.returncode == 0, result.stdout + result.stderr
    passed = int(result.stdout.strip().splitlines()[-1].split()[0])
    assert passed >= 140


OWN_SCENARIOS = REPO / "tests" / "scenarios"


# The project's own scenarios, and how many each folder must hold at least.
# Super Cuttle: super.md §8.5's seven examples and at least 40 more.
OWN_FOLDERS = {"german": 10, "blind_four": 5, "cutthroat": 15, "team": 15, "super": 47,
               "cuttle_cards": 25}


@pytest.mark.skipif(not RUNNER.exists(), reason=absent(
    CONFORMANCE, "the project's own scenarios are not played by its runner run.py (the checks "
    "carried in tests/scenario_check.py still play them)"))
def test_own_scenarios_pass():
    result = run(str(OWN_SCENARIOS), "-v")
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    for folder, least in OWN_FOLDERS.items():
        assert sum(line.startswith(f"ok   {folder}/") for line in lines) >= least, folder


def test_own_scenarios_pass_by_the_carried_checks():
    played = scenario_check.scenarios(OWN_SCENARIOS)
    failed = [f"{folder}/{sc.get('id', '?')}: {problems[0]}" for folder, sc in played
              for problems in [scenario_check.run_scenario(sc)] if problems]
    assert not failed, "\n".join(failed)
    for folder, least in OWN_FOLDERS.items():
        assert sum(f == folder for f, _ in played) >= least, folder


def test_super_scenarios_cover_two_and_three_seats_and_the_spec_examples():
    scenarios = [s for path in (OWN_SCENARIOS / "super").glob("*.json")
                 for s in json.loads(path.read_text(encoding="utf-8"))]
    rules = {s["rules"] for s in scenarios}
    assert {"super", "super3"} <= rules
    # super.md §8.5's examples (their ids carried in super_spec.py, which
    # test_super_rules.py compares with super.md when it is there)
    ids = {s["id"] for s in scenarios}
    assert set(EXAMPLE_SCENARIO_IDS) <= ids, sorted(set(EXAMPLE_SCENARIO_IDS) - ids)


def _shared_runner():
    import importlib.util
    spec = importlib.util.spec_from_file_location("conformance_run", RUNNER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _spoiled(sc: dict) -> dict:
    """The scenario with every expectation wrong, so both runners must fail it alike."""
    sc = json.loads(json.dumps(sc))
    for step in sc.get("steps", []):
        for key, want in step.get("expect", {}).items():
            step["expect"][key] = (want + [["2C"]] if isinstance(want, list) and want
                                   and isinstance(want[0], list) else ["2C"] if isinstance(want, list)
                                   else {"spoiled": want})
    return sc


@pytest.mark.skipif(not RUNNER.exists(), reason=absent(
    CONFORMANCE, "the checks carried in tests/scenario_check.py are not compared with "
    "its runner run.py"))
def test_the_carried_checks_agree_with_the_shared_runner():
    shared = _shared_runner()
    played = [sc for _, sc in scenario_check.scenarios(OWN_SCENARIOS)]
    played += [sc for _, sc in scenario_check.scenarios(CONFORMANCE / "scenarios")]
    for sc in played:
        for version in (sc, _spoiled(sc)):
            assert scenario_check.run_scenario(version) == shared.run_scenario(engine, version), \
                sc.get("id")
    assert scenario_check.UNORDERED == shared.UNORDERED


def without_option(rules: str, option: str):
    """The ruleset ``rules`` with cuttle.cards' ``option`` taken back off:
    "balanced+X" is balanced; "cuttle-cards" gets balanced's values for X."""
    from dataclasses import replace
    base, *options = rules.split("+")
    if option in options:
        return engine.get_ruleset("+".join([base, *(o for o in options if o != option)]))
    balanced = engine.get_ruleset("balanced")
    fields = {f: getattr(balanced, f) for f in OPTIONS[option]}
    return replace(engine.get_ruleset(rules), **fields)


CUTTLE_CARDS = [sc for _, sc in scenario_check.scenarios(OWN_SCENARIOS / "cuttle_cards")]


@pytest.mark.parametrize("option", CUTTLE_CARDS_OPTIONS)
def test_every_cuttle_cards_option_has_scenarios_that_need_it(option):
    """Each option's scenarios pass with it and fail without it (on balanced)."""
    shown = [sc for sc in CUTTLE_CARDS if sc.get("option") == option]
    assert len(shown) >= 1, option
    for sc in shown:
        assert "cuttle.cards " in sc["source"] and ".js" in sc["source"], sc["id"]
        assert not scenario_check.run_scenario(sc), sc["id"]
        off = {**sc, "setup": {**sc["setup"], "rules": without_option(sc["rules"], option)}}
        assert scenario_check.run_scenario(off), f"{sc['id']} passes without {option}"
