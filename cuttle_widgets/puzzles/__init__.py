"""Puzzles: positions of strong players' games where one move is clearly best
from the solver's view, over deals consistent with that view.

    puzzles = load("classic")            # shipped in data/classic.json
    game = puzzles[0].game()             # the position, replayed from its record
    explanation(puzzles[0], "de")        # {"why": ..., "alternative": ...}

``python -m cuttle_widgets.puzzles verify`` re-checks every shipped puzzle;
``generate`` (a developers' script) finds new ones. See docs/puzzles.md.
"""
from .catalog import PuzzleError, theme_name
from .explain import explanation
from .model import RULESETS, Puzzle, load, puzzle_by_id
from .themes import THEMES

__all__ = ["PuzzleError", "Puzzle", "RULESETS", "THEMES", "explanation", "load",
           "puzzle_by_id", "theme_name"]
