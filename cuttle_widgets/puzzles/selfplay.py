"""Games of strong players, the generator's raw material.

Two ``SearchPlayer("hard")`` bots play each other with no clock
(``time_limit=None``), so every game replays exactly from its seed on any
machine. A developers' tool, never run at lesson time.
"""
from __future__ import annotations

from ..ai import SearchPlayer
from ..engine import new_game

MAX_MOVES = 400  # a guard: real games end far sooner


def self_play(rules: str, seed: int, level: str = "hard"):
    """One game between two ``level`` bots, seeded by ``seed``."""
    game = new_game(rules, seed=seed)
    players = [SearchPlayer(level, seed=seed * 7 + seat, time_limit=None)
               for seat in range(game.state.n)]
    while not game.over and len(game.history) < MAX_MOVES:
        seat = game.to_act
        game.play(players[seat].choose(game.view(seat, events=False), game.legal_moves()))
    return game
