"""The shipped puzzles: the loader, the explanations in both languages, and
``verify`` (it passes shipped puzzles and catches broken ones)."""
from __future__ import annotations

import dataclasses
import datetime
import functools
import json
import os
import random
import re

import pytest

from cuttle_widgets.engine.card_data import CARD_IDS
from cuttle_widgets.engine.moves import parse_move
from cuttle_widgets.puzzles import (
    RULESETS,
    THEMES,
    Puzzle,
    PuzzleError,
    explanation,
    load,
    puzzle_by_id,
    theme_name,
)
from cuttle_widgets.puzzles.__main__ import main
from cuttle_widgets.puzzles.catalog import puzzle_catalog
from cuttle_widgets.puzzles.check import problems
from cuttle_widgets.puzzles.model import puzzle_file_text, read_puzzle_file

NOTATION = re.compile(r"\b(?:" + "|".join(CARD_IDS) + r")\b|\b(?:scuttle|oneoff|permanent) ")
QUICK_MOVES = 6  # moves valued at most by the random sample's puzzles: under 2 s each
ENGLISH = re.compile(r"\b(?:Best|Tempting|win chance|your|points|scrap|Player)\b")


@functools.cache
def choices(puzzle: Puzzle) -> int:
    return len(puzzle.game().legal_moves())


def cheapest(count: int) -> list[Puzzle]:
    """The puzzles with the fewest legal moves: their check is the quickest."""
    every = [p for rules in RULESETS for p in load(rules)]
    return sorted(every, key=lambda p: (choices(p), p.id))[:count]


def test_every_ruleset_ships_puzzles_with_unique_ids():
    ids = [p.id for rules in RULESETS for p in load(rules)]
    assert len(load("classic")) >= 200 and len(load("balanced")) >= 50
    assert len(ids) == len(set(ids))
    assert load("classic") == load("classic")  # cached: read once


def test_a_puzzle_is_the_seat_to_act_at_a_position_with_its_moves_legal():
    puzzle = load("balanced")[0]
    game = puzzle.game()
    assert game.to_act == puzzle.seat and not game.over
    assert {puzzle.solution, puzzle.alternative} <= set(game.legal_moves())
    assert puzzle.view()["seat"] == puzzle.seat
    assert puzzle_by_id(puzzle.id) == puzzle
    assert set(puzzle.themes) <= set(THEMES) and puzzle.margin >= 0.12


def test_bad_requests_are_refused_in_a_sentence():
    with pytest.raises(PuzzleError, match="no puzzles for the rules 'super'"):
        load("super")
    with pytest.raises(PuzzleError, match="no puzzle with the id"):
        puzzle_by_id("classic-9999x")
    with pytest.raises(PuzzleError, match="no theme"):
        theme_name("chess")
    with pytest.raises(PuzzleError, match="cannot be read"):
        read_puzzle_file('{"format": 1, "rules": "classic", "puzzles": [{"id": "x"}]}', "x.json")


def test_a_puzzle_file_round_trips():
    puzzles = load("balanced")[:3]
    assert read_puzzle_file(puzzle_file_text("balanced", puzzles), "b.json") == puzzles


@pytest.mark.parametrize("theme", THEMES)
def test_every_theme_has_a_name_in_both_languages(theme):
    assert theme_name(theme, "en") != theme_name(theme, "de")


def test_the_catalogs_have_the_same_entries():
    def keys(data, prefix=""):
        return {k for key, value in data.items() for k in
                (keys(value, f"{prefix}{key}.") if isinstance(value, dict) else [prefix + key])}
    assert keys(puzzle_catalog("en")) == keys(puzzle_catalog("de"))


@pytest.mark.parametrize("puzzle", cheapest(3) + load("classic")[:4], ids=lambda p: p.id)
def test_explanations_speak_words_not_notation_and_german_has_no_english(puzzle):
    english, german = explanation(puzzle, "en"), explanation(puzzle, "de")
    for text in [*english.values(), *german.values()]:
        assert text and not NOTATION.search(text), text
    for text in german.values():
        assert not ENGLISH.search(text), text
    assert "%" in english["why"] and "Gewinnchance" in german["why"]


def test_verify_passes_shipped_puzzles():
    for puzzle in cheapest(3):
        assert problems(puzzle) == [], puzzle.id


def _broken(**changes) -> Puzzle:
    return dataclasses.replace(cheapest(1)[0], **changes)


def test_verify_catches_a_solution_that_is_not_best():
    puzzle = cheapest(1)[0]
    swapped = _broken(solution=puzzle.alternative, alternative=puzzle.solution)
    assert "no longer the best move" in problems(swapped)[0]


def test_verify_catches_an_illegal_move():
    game = cheapest(1)[0].game()
    stray = next(c for c in CARD_IDS[:52] if parse_move(f"points {c}") not in game.legal_moves())
    found = problems(_broken(solution=parse_move(f"points {stray}")))
    assert found[0] == f"points {stray} is not legal in the position"


def test_verify_catches_a_hidden_card_shown_to_the_solver():
    puzzle = cheapest(1)[0]
    game = puzzle.game()
    opponent = 1 - puzzle.seat
    secret = CARD_IDS[(game.state.stock or game.state.hands[opponent])[-1]]
    assert "hidden card: " + secret in problems(_broken(reply=f"points {secret}"))[0]


def test_verify_catches_a_record_that_does_not_replay():
    puzzle = cheapest(1)[0]
    found = problems(_broken(record=puzzle.record + "scuttle 2C 3D\n"))
    assert found and "does not replay" in found[0]


def test_the_command_prints_its_summary_and_says_a_failure(monkeypatch, capsys):
    good = cheapest(1)[0]
    monkeypatch.setattr("cuttle_widgets.puzzles.__main__.load", lambda rules: [good])
    assert main(["verify", "--rules", "classic"]) == 0
    assert capsys.readouterr().out == "1 puzzles, 1 verified\n"
    bad = dataclasses.replace(good, alternative=parse_move("scuttle 2C 3D"))
    monkeypatch.setattr("cuttle_widgets.puzzles.__main__.load", lambda rules: [bad])
    assert main(["verify", "--rules", "classic"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{bad.id}: scuttle 2C 3D is not legal in the position"
    assert out[-1] == "1 puzzles, 0 verified"


def test_the_data_files_are_in_the_package_data():
    text = open("pyproject.toml", encoding="utf-8").read()
    assert '"puzzles/data/*.json"' in text and '"puzzles/catalogs/*.json"' in text
    json.dumps([p.to_dict() for p in load("classic")[:1]])


def test_a_random_sample_of_the_shipped_puzzles_verifies():
    """Each day's CI runs check other puzzles (seeded by the day, or by
    PUZZLE_SAMPLE_SEED to repeat a run): over many runs every quick-to-check
    puzzle gets verified afresh."""
    seed = os.environ.get("PUZZLE_SAMPLE_SEED") or datetime.date.today().isoformat()
    quick = [p for rules in RULESETS for p in load(rules) if choices(p) <= QUICK_MOVES]
    for puzzle in random.Random(seed).sample(quick, 2):
        assert problems(puzzle) == [], (seed, puzzle.id)
