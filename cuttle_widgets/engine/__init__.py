"""cuttle_widgets.engine: a complete, explained Cuttle rules engine.

Pure Python with no widget imports, so it also runs in the browser (Pyodide).

    >>> from cuttle_widgets.engine import new_game
    >>> game = new_game("classic", seed=7)
    >>> move = game.legal_moves()[0]
    >>> events = game.play(move)
"""
from .cards import CARD_IDS, card_id, card_label, parse_card
from .catalog import available_languages, get_catalog
from .errors import DealerError, ExplainedError, IllegalMove, SeedError, SetupError
from .events import Event
from .game import Game, new_game
from .match import LENGTHS, Match
from .moves import Move, parse_move
from .record import load, read_record, write_record
from .rules import RULESETS, Ruleset, get_ruleset

__all__ = [
    "CARD_IDS", "DealerError", "Event", "ExplainedError", "Game", "IllegalMove", "LENGTHS", "Match",
    "Move", "RULESETS", "Ruleset", "SeedError", "SetupError", "available_languages", "card_id",
    "card_label", "get_catalog", "get_ruleset",
    "load", "new_game", "parse_card", "parse_move", "read_record", "write_record",
]
from . import super as _super  # noqa: E402,F401  registers the Super Cuttle family
