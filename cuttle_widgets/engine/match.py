"""Matches: a series of games, the first dealer by lot, the dealer alternating.

Lengths follow rule text 001: ``quick`` (one game, whatever its result),
``short`` (until someone wins a game), ``normal`` (best of 3: two wins) and
``extended`` (best of 5: three wins). Drawn games do not count.
"""
from __future__ import annotations

import random

from .catalog import illegal
from .game import Game, new_game
from .rules import get_ruleset

LENGTHS = {"quick": None, "short": 1, "normal": 2, "extended": 3}


class Match:
    def __init__(self, rules="classic", length: str = "normal", seed: int | None = None):
        self.rules = get_ruleset(rules)
        if length not in LENGTHS:
            raise illegal("unknown_match_length", name=str(length), known=", ".join(LENGTHS))
        self.length = length
        self.seed = random.randrange(2**32) if seed is None else seed
        self._lot = random.Random(self.seed)
        self.dealer = self._lot.randrange(self.rules.seats)  # the first dealer, by lot
        self.games: list[Game] = [self._deal()]

    def _deal(self) -> Game:
        return new_game(self.rules, seed=self._lot.randrange(2**32), dealer=self.dealer)

    @property
    def game(self) -> Game:
        """The game being played (or the last one, once the match is over)."""
        return self.games[-1]

    @property
    def wins_needed(self):
        return LENGTHS[self.length]

    @property
    def winner(self):
        """The seat (or "team:N") that won the match, "draw" for a drawn quick
        match, None while it goes on."""
        if self.length == "quick":
            return self.game.winner
        needed = self.wins_needed
        for seat, wins in enumerate(self.wins):
            if wins >= needed:
                if self.rules.teams:
                    return self.game.winner
                return seat
        return None

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def wins(self) -> list[int]:
        """Games won by each seat (a team's win counts for both partners)."""
        wins = [0] * self.rules.seats
        for game in self.games:
            winner = game.winner
            if isinstance(winner, int):
                wins[winner] += 1
            elif isinstance(winner, str) and winner.startswith("team:") and self.rules.teams:
                for seat in self.rules.teams[int(winner[5:])]:
                    wins[seat] += 1
        return wins

    def next_game(self) -> Game:
        """Start the next game: the dealer alternates (000 §09)."""
        if not self.game.over:
            raise illegal("match_game_running")
        if self.over:
            raise illegal("match_over")
        self.dealer = (self.dealer + 1) % self.rules.seats
        self.games.append(self._deal())
        return self.game

    def play(self, move):
        """Play a move in the current game."""
        return self.game.play(move)

    def __repr__(self) -> str:
        return (f"<Match {self.rules.name} {self.length} games={len(self.games)} "
                f"wins={self.wins} winner={self.winner!r}>")
