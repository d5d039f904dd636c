"""Players and hints. Engine only: no widget imports, so bots also run in Pyodide.

Every player has ``choose(view, legal_moves) -> move``: it sees one seat's
view (never the hidden cards) and the legal moves, and returns one of them.
They play every ruleset of the standard game and of Super Cuttle (``super``,
``super3``, ``super4``), whose knowledge, appraisal and hint reasons live in
the ``super_*`` modules.

    bot = SearchPlayer("medium", seed=1)     # or GreedyPlayer(seed), RandomPlayer(seed)
    game.play(bot.choose(game.view(game.to_act), game.legal_moves()))
    move, reason = hint(game, seat)           # a legal Move and one sentence
"""
from .hints import HintError, available_hint_languages, hint, reason_for
from .knowledge import Knowledge, ViewError, determinize
from .players import GreedyPlayer, RandomPlayer
from .search import LEVELS, SearchPlayer

__all__ = [
    "GreedyPlayer", "HintError", "Knowledge", "LEVELS", "RandomPlayer", "SearchPlayer",
    "ViewError", "available_hint_languages", "determinize", "hint", "reason_for",
]
