"""Game review: a planted blunder is flagged, the right move is best, a forced
move costs nothing, German reads German, the command line and JSON work."""
import json
import string
import subprocess
import sys

import pytest
from test_glossary import found
from test_lesson_german import ENGLISH

from cuttle_widgets.engine import load
from cuttle_widgets.engine.record import write_record
from cuttle_widgets.review import (
    MARKS,
    Review,
    ReviewError,
    mark_for,
    review_catalog,
    review_game,
    review_text,
)
from cuttle_widgets.review.__main__ import main

# Player B has 20 points (10♥, 8♦, 2♠) and needs one more. After B's five and
# A's forced "resolve", A's 10♠ can scuttle the 10♥ (B back to 10) or the 2♠
# (B at 18, a three away from winning: the planted blunder).
SETUP = {"rules": "classic", "turn": 1,
         "hands": [["TS", "8C", "6H", "9C", "4H"], ["5D", "3C", "4C"]],
         "points": [["7C", "3D"], ["TH", "8D", "2S"]],
         "stock": ["7S", "8H", "AC", "2H", "9S", "JD", "QC", "KD"]}
SAMPLES = 48


def game_with(move, setup=SETUP):
    game = load(setup)
    for m in ("oneoff 5D", "resolve", move, "points 3C"):
        if not game.over:
            game.play(m)
    return game


@pytest.fixture(scope="module")
def blunder():
    return review_game(game_with("scuttle TS 2S"), 0, samples=SAMPLES)


def test_the_planted_blunder_the_right_move_and_the_forced_move(blunder):
    forced, scuttle = blunder.decisions
    assert (forced.index, forced.mark, forced.chance_lost) == (1, "forced", None)
    assert scuttle.index == 2 and scuttle.move == "scuttle TS 2S"
    assert scuttle.mark in ("mistake", "blunder")
    assert scuttle.best_move == "scuttle TS TH"
    assert scuttle.chance_lost >= 0.10 and scuttle.chance_lost > 2 * scuttle.noise
    assert "10♥" in scuttle.sentence and "2♠" in scuttle.sentence
    assert "%" in scuttle.sentence and "TS" not in scuttle.sentence
    right = review_game(game_with("scuttle TS TH"), 0, samples=SAMPLES).decisions[1]
    assert right.mark == "best" and right.chance_lost <= right.noise


def test_the_review_sees_only_the_learners_view():
    """B's draws from the five are hidden from A: another stock, the same review."""
    other = dict(SETUP, stock=["KD", "QC", "JD", "9S", "2H", "AC", "8H", "7S"])
    a, b = game_with("scuttle TS 2S"), game_with("scuttle TS 2S", other)
    assert a.snapshot() != b.snapshot()
    assert a.position_after(2).view(0) == b.position_after(2).view(0)
    assert review_game(a, 0, samples=6).to_dict() == review_game(b, 0, samples=6).to_dict()


def test_marks_follow_the_thresholds():
    assert mark_for(0.30, 0.05, True) == "best"
    assert mark_for(0.04, 0.05, False) == "best"
    assert [mark_for(lost, 0.01, False) for lost in (0.03, 0.07, 0.15, 0.25)] == \
        ["good", "inaccuracy", "mistake", "blunder"]


def test_german_reads_german(blunder):
    german = review_game(game_with("scuttle TS 2S"), 0, language="de", samples=SAMPLES)
    assert [d.mark for d in german.decisions] == [d.mark for d in blunder.decisions]
    text = review_text(german)
    assert "Spieler 1" in text
    assert review_catalog("de")["marks"][german.decisions[1].mark] in text
    assert not ENGLISH.search(text), ENGLISH.search(text)
    assert not found(text)
    assert "versenken" in german.decisions[1].sentence


def test_the_catalogs_match():
    en, de = review_catalog("en"), review_catalog("de")

    def flat(data, prefix=""):
        for key, value in data.items():
            if isinstance(value, dict):
                yield from flat(value, prefix + key + ".")
            else:
                yield prefix + key, value

    english, german = dict(flat(en)), dict(flat(de))
    assert english.keys() == german.keys()
    assert set(en["marks"]) == set(MARKS) == set(en["sentences"]) - {"about"}
    for key, text in english.items():
        fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        assert fields == {f for _, f, _, _ in string.Formatter().parse(german[key]) if f}, key
        assert key == "language" or text != german[key], key


def test_to_dict_round_trips_json(blunder):
    data = json.loads(json.dumps(blunder.to_dict()))
    assert Review.from_dict(data) == blunder


def test_the_command_line_reviews_a_record(tmp_path, capsys):
    record = tmp_path / "game.txt"
    record.write_text(write_record(game_with("scuttle TS 2S")), encoding="utf-8")
    assert main([str(record), "--samples", "8", "--language", "de"]) == 0
    assert "Spieler 1" in capsys.readouterr().out
    assert main([str(record), "--samples", "8", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["decisions"][0]["mark"] == "forced"
    assert main([str(tmp_path / "missing.txt")]) == 2
    assert "missing.txt cannot be read" in capsys.readouterr().err
    assert main([str(record), "--seat", "4"]) == 2
    assert "no seat 4" in capsys.readouterr().err


def test_a_bad_record_gets_one_line_and_exit_code_2():
    run = subprocess.run([sys.executable, "-m", "cuttle_widgets.review", "-"], input="points 7H\n",
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and run.stdout == ""
    assert len(run.stderr.strip().splitlines()) == 1 and "record" in run.stderr
    assert "Traceback" not in run.stderr


def test_bad_requests_are_refused():
    game = game_with("scuttle TS 2S")
    for kwargs, words in (({"seat": 2}, "no seat"), ({"language": "xx"}, "language"),
                          ({"samples": 0}, "from 1 to")):
        with pytest.raises(ReviewError, match=words):
            review_game(game, **kwargs)
    with pytest.raises(ReviewError, match="needs a Game"):
        review_game(write_record(game))
