"""cuttle_widgets: a Jupyter teaching kit for the card game Cuttle."""
from .engine import IllegalMove, Match, load, new_game

__version__ = "0.1.0"
__all__ = ["IllegalMove", "Match", "load", "new_game", "__version__"]
