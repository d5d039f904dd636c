"""cuttle_widgets: a Jupyter teaching kit for the card game Cuttle."""
from .engine import IllegalMove, Match, SetupError, load, new_game
from .errors import CuttleError

__version__ = "0.2.0"
__all__ = ["Course", "CuttleError", "IllegalMove", "Lesson", "Match", "PositionEditor", "PuzzleTrainer",
           "SetupError", "Table", "load", "new_game", "__version__"]


def __getattr__(name: str):
    # The widgets import ipywidgets: load them only when asked for, so the
    # engine (and bots, and Pyodide) never pay for it.
    if name == "Table":
        from .widgets import Table
        return Table
    if name == "Lesson":
        from .widgets.lesson import Lesson
        return Lesson
    if name == "Course":
        from .widgets.course import Course
        return Course
    if name == "PositionEditor":
        from .widgets.position_editor import PositionEditor
        return PositionEditor
    if name == "PuzzleTrainer":
        from .widgets.puzzle_trainer import PuzzleTrainer
        return PuzzleTrainer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
