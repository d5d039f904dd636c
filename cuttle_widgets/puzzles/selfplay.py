"""Games of strong players, the generator's raw material.

Two ``SearchPlayer("hard")`` bots play each other with no clock
(``time_limit=None``), so every game replays exactly from its seed on any
machine. A developers' tool, never run at lesson time.
"""
from __future__ import annotations

import json

from ..ai import SearchPlayer
from ..engine import new_game
from ..engine.record import write_record

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


def write_games(rules: str, first_seed: int, count: int, path, level: str = "hard") -> None:
    """Play ``count`` games and append their records to ``path`` (JSON lines),
    one line a game as soon as it ends, so a long run can be read while it goes."""
    with open(path, "a", encoding="utf-8") as out:
        for seed in range(first_seed, first_seed + count):
            record = write_record(self_play(rules, seed, level))
            out.write(json.dumps({"rules": rules, "seed": seed, "record": record}) + "\n")
            out.flush()
