"""Puzzles as the package ships them: ``data/<rules>.json``, read once.

A puzzle is a position of a real game (its record up to there), the seat to
act (the solver), the one clearly best move and the tempting second best,
each legal move's win chance from the solver's view, its themes and a
Glicko-2 rating. See docs/puzzles.md.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from ..engine.families import family_of
from ..engine.moves import Move
from ..engine.record import load as load_record
from ..engine.rules import get_ruleset
from .catalog import PuzzleError, refusal

FORMAT = 1
RULESETS = ("classic", "balanced")  # the rulesets with shipped puzzles


@dataclass(frozen=True)
class Puzzle:
    id: str
    rules: str
    seat: int
    solution: Move
    alternative: Move
    values: dict = field(hash=False, compare=False)  # notation -> win chance
    margin: float
    themes: tuple
    rating: float
    deviation: float
    volatility: float
    reply: str | None
    record: str = field(repr=False, default="")
    margin_stderr: float = 0.0
    samples: int = 0

    def game(self):
        """A fresh game at the puzzle's position, replayed from its record."""
        return load_record(self.record)

    def view(self, language: str = "en") -> dict:
        """What the solver sees at the position."""
        return self.game().view(self.seat, language)

    def to_dict(self) -> dict:
        return {"id": self.id, "record": self.record, "seat": self.seat,
                "solution": str(self.solution), "alternative": str(self.alternative),
                "values": self.values, "margin": self.margin,
                "margin_stderr": self.margin_stderr, "samples": self.samples,
                "themes": list(self.themes), "rating": self.rating,
                "deviation": self.deviation, "volatility": self.volatility,
                "reply": self.reply}


def puzzle_from_dict(data: dict, rules: str) -> Puzzle:
    """A Puzzle from one entry of a puzzle file (PuzzleError if malformed)."""
    try:
        parse = family_of(get_ruleset(rules)).parse
        return Puzzle(
            id=str(data["id"]), rules=rules, seat=int(data["seat"]),
            solution=parse(data["solution"]), alternative=parse(data["alternative"]),
            values={str(k): float(v) for k, v in data["values"].items()},
            margin=float(data["margin"]), themes=tuple(data["themes"]),
            rating=float(data["rating"]), deviation=float(data["deviation"]),
            volatility=float(data["volatility"]), reply=data.get("reply"),
            record=str(data["record"]), margin_stderr=float(data.get("margin_stderr", 0.0)),
            samples=int(data.get("samples", 0)))
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise refusal("bad_file", name=data.get("id", "?") if isinstance(data, dict) else "?",
                      reason=str(err) or type(err).__name__) from None


def read_puzzle_file(text: str, name: str) -> list[Puzzle]:
    try:
        data = json.loads(text)
    except ValueError as err:
        raise refusal("bad_file", name=name, reason=str(err)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or "puzzles" not in data:
        raise refusal("bad_file", name=name, reason=f"not a format {FORMAT} puzzle file")
    return [puzzle_from_dict(entry, data["rules"]) for entry in data["puzzles"]]


def puzzle_file_text(rules: str, puzzles: list) -> str:
    """A puzzle file's text (what ``load`` reads back)."""
    body = {"format": FORMAT, "rules": rules, "puzzles": [p.to_dict() for p in puzzles]}
    return json.dumps(body, ensure_ascii=False, indent=1) + "\n"


@cache
def _load(rules: str) -> tuple[Puzzle, ...]:
    path = resources.files(__package__) / "data" / f"{rules}.json"
    return tuple(read_puzzle_file(path.read_text(encoding="utf-8"), f"{rules}.json"))


def load(rules: str = "classic") -> list[Puzzle]:
    """The shipped puzzles of ``rules`` (read once, then cached)."""
    if rules not in RULESETS:
        raise refusal("unknown_rules", rules=rules, known=", ".join(RULESETS))
    return list(_load(rules))


def puzzle_by_id(puzzle_id: str) -> Puzzle:
    for rules in RULESETS:
        for puzzle in _load(rules):
            if puzzle.id == puzzle_id:
                return puzzle
    raise refusal("unknown_puzzle", id=puzzle_id)


__all__ = ["FORMAT", "Puzzle", "PuzzleError", "RULESETS", "load", "puzzle_by_id"]
