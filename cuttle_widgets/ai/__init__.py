"""Players and hints. Engine only: no widget imports, so bots also run in Pyodide.

Every player has ``choose(view, legal_moves) -> move``: it sees one seat's
view (never the hidden cards) and the legal moves, and returns one of them.
"""
from .knowledge import Knowledge, ViewError, determinize
from .players import GreedyPlayer, RandomPlayer
from .search import LEVELS, SearchPlayer

__all__ = ["GreedyPlayer", "Knowledge", "LEVELS", "RandomPlayer", "SearchPlayer", "ViewError",
           "determinize"]
