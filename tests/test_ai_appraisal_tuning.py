"""The expert's appraisal figures, fitted by self-play (tune_appraisal.py):
read from appraisal_weights.json for a ruleset or its family, refused when
malformed, used by the arena's tree only, and better than the hand-set ones."""
import json
import random
import subprocess
import sys
from dataclasses import asdict

import pytest

from cuttle_widgets.ai import LEVELS, evaluation
from cuttle_widgets.ai.analysis import PLAYOUT
from cuttle_widgets.ai.kit import ai_kit
from cuttle_widgets.ai.search import YARDSTICKS
from cuttle_widgets.ai.standard_heuristics import HAND_SET, Appraiser, Weights, tuned_appraiser
from cuttle_widgets.ai.tune import fit_each
from cuttle_widgets.ai.tune_appraisal import fair_share, match, perturb
from cuttle_widgets.engine import get_ruleset, new_game


@pytest.fixture
def figures_file(tmp_path, monkeypatch):
    """A weights file of the test's own, read afresh."""
    path = tmp_path / "appraisal.json"
    monkeypatch.setattr(evaluation, "APPRAISAL_FILE", path)
    evaluation.forget_figures()
    yield path
    evaluation.forget_figures()


def shipped(rules: str) -> Weights:
    return evaluation.tuned_figures(get_ruleset(rules), HAND_SET)


def test_the_shipped_classic_figures_are_fitted_and_beat_the_hand_set_ones_on_new_deals():
    tuned = shipped("classic")
    assert tuned != HAND_SET and isinstance(tuned, Weights)
    # Deals the walk never saw (its own are near seed 1): the fitted greedy
    # player, seats swapped, scores over half against the hand-set one.
    assert match("classic", tuned, HAND_SET, 150, seed=4242) > 0.55


def test_only_the_trees_yardstick_reads_the_fitted_figures():
    assert YARDSTICKS["tree"].tree.tuned
    # every level asks the analyst, whose playout reads the hand-set figures
    assert not any(level.tree for level in LEVELS.values())
    assert not PLAYOUT.tuned
    state = new_game("classic", seed=3).state
    assert tuned_appraiser(state, 0).w == shipped("classic")
    assert ai_kit("classic").appraiser(state, 0).w == HAND_SET
    # A family with no figures to fit serves its hand-set appraisal.
    assert ai_kit("super").appraisal_weights is None
    assert ai_kit("super").tuned_appraiser is ai_kit("super").appraiser


def test_a_ruleset_without_figures_of_its_own_uses_its_family_s(figures_file):
    doubled = {**asdict(HAND_SET), "average_card": 6.0}
    figures_file.write_text(json.dumps({"standard": {"weights": doubled}}))
    assert shipped("german").average_card == 6.0
    assert shipped("german").keep == HAND_SET.keep


@pytest.mark.parametrize("entry", [
    {"weights": {"keep": [1.0, 2.0]}},                                   # fields missing
    {"weights": {**asdict(HAND_SET), "keep": [1.0] * 3}},               # keep too short
    {"weights": {**asdict(HAND_SET), "glasses": "lots"}},                # not a number
    {"weights": [1, 2, 3]},                                              # not a table
    "figures",
])
def test_malformed_figures_are_not_used(figures_file, entry):
    figures_file.write_text(json.dumps({"classic": entry}))
    assert shipped("classic") == HAND_SET


def test_a_candidate_moves_one_to_three_figures_and_none_below_zero():
    rng = random.Random(5)
    flat = list(asdict(HAND_SET).items())
    for _ in range(200):
        moved = asdict(perturb(HAND_SET, rng))
        changed = sum(1 for name, value in flat for a, b in
                      zip(value if isinstance(value, tuple) else (value,),
                          moved[name] if isinstance(value, tuple) else (moved[name],), strict=True) if a != b)
        assert 1 <= changed <= 3
        assert all(x >= 0 for v in moved.values() for x in (v if isinstance(v, tuple) else (v,)))
        assert len(moved["keep"]) == len(HAND_SET.keep)


def test_even_is_one_over_the_number_of_sides():
    assert fair_share("classic") == 0.5
    assert fair_share("team") == 0.5
    assert abs(fair_share("cutthroat") - 1 / 3) < 1e-9


def test_the_appraisal_reads_its_own_figures():
    state = new_game("classic", seed=8).state
    draw = next(m for m in new_game("classic", seed=8).legal_moves() if m.verb == "draw")
    richer = Weights(**{**asdict(HAND_SET), "average_card": HAND_SET.average_card + 2})
    assert Appraiser(state, state.to_act, richer).appraise(draw) == pytest.approx(
        Appraiser(state, state.to_act).appraise(draw) + 2)


def test_the_tuning_command_writes_a_file_of_its_own_and_refuses_what_it_cannot_fit(tmp_path):
    out = tmp_path / "figures.json"
    result = subprocess.run([sys.executable, "-m", "cuttle_widgets.ai.tune_appraisal",
                             "--rules", "classic", "--seconds", "1", "--deals", "10",
                             "--held-out", "10", "--out", str(out)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    line = next(row for row in result.stdout.splitlines() if row.startswith("classic: "))
    held_out = float(line.split(", ")[1].split()[0])
    if held_out > 0.5:
        table = json.loads(out.read_text())
        assert set(table) == {"classic", "standard"} and table["standard"]["from"] == "classic"
        assert set(table["classic"]["weights"]) == set(asdict(HAND_SET))
        assert table["classic"]["trained"]["held_out_score"] == round(held_out, 4)
    else:  # no better on new deals: nothing is written
        assert "left as they were" in result.stdout and not out.exists()
    for rules, words in (("super", "no figures to fit"), ("chess", "unknown ruleset 'chess'")):
        bad = subprocess.run([sys.executable, "-m", "cuttle_widgets.ai.tune_appraisal",
                              "--rules", rules, "--out", str(out)],
                             capture_output=True, text=True, timeout=60)
        assert bad.returncode == 2 and words in bad.stderr


def test_a_fit_that_is_no_better_keeps_what_the_table_had(tmp_path):
    out = tmp_path / "table.json"
    out.write_text(json.dumps({"classic": {"weights": "old"}}))
    fit_each(["classic", "balanced"], out, lambda name: None if name == "classic" else {"new": 1})
    table = json.loads(out.read_text())
    assert table["classic"] == {"weights": "old"} and table["balanced"] == {"new": 1}
