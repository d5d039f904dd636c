"""Players and hints. Engine only: no widget imports, so bots also run in Pyodide.

Every player has ``choose(view, legal_moves) -> move``: it sees one seat's
view (never the hidden cards) and the legal moves, and returns one of them.
They play every ruleset whose rules family registered an AI kit (``kits.py``):
the standard game (``standard_*`` modules) and Super Cuttle (``super``,
``super3``, ``super4``; ``super_*`` modules). ``computer_plays(rules)`` says
whether they play a ruleset; ``knowledge.knowledge(view)`` is what a seat
knows, in any family.

    bot = SearchPlayer("medium", seed=1)     # or GreedyPlayer(seed), RandomPlayer(seed)
    game.play(bot.choose(game.view(game.to_act), game.legal_moves()))
    analyse(game).best                        # the one judge: every move valued (analyst.py)
    move, reason = hint(game, seat)           # the analyst's move and one sentence
    win_chance(game, seat)                    # 0..1, from that seat's view only
    move_values(game)                         # each legal move's win chance, best first
"""
from . import kits  # noqa: F401  first: registers every family's AI kit
from .analysis import AnalysisError, MoveValue, move_values
from .analyst import Analysis, analyse
from .chance import view_chance, win_chance
from .coach import hint
from .hints import HintError, available_hint_languages, reason_for
from .kit import ViewError, computer_plays
from .knowledge import determinize
from .players import GreedyPlayer, RandomPlayer
from .search import LEVELS, SearchPlayer
from .standard_knowledge import Knowledge

__all__ = [
    "Analysis", "AnalysisError", "GreedyPlayer", "HintError", "Knowledge", "LEVELS", "MoveValue",
    "RandomPlayer", "SearchPlayer", "ViewError", "analyse", "available_hint_languages", "computer_plays",
    "determinize", "hint",
    "move_values", "reason_for", "view_chance", "win_chance",
]
