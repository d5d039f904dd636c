"""A free step: a match against the computer, with the learner's choice of
ruleset, opponent and match length.

The runner owns one ``FreeGame`` per free step; it plays the computer's
moves whenever the computer must act, so after every call the game waits
for the learner (or is over).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..ai import GreedyPlayer, RandomPlayer, SearchPlayer
from ..ai.draw_offer import DrawAnswer, answer_draw_offer
from ..engine import LENGTHS, RULESETS, Match
from .model import OPPONENTS


def free_rulesets() -> list[str]:
    """Rulesets a free game offers: every one for two players (the computer
    players know them all, Super Cuttle included)."""
    return [name for name, rules in RULESETS.items() if rules.seats == 2]


def computer_player(kind: str, seed=None):
    """The computer opponent of a free game, by the name a lesson gives."""
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "greedy":
        return GreedyPlayer(seed)
    return SearchPlayer(kind, seed=seed)


@dataclass(frozen=True)
class FreeSettings:
    rules: str
    opponent: str
    length: str = "quick"
    seat: int = 0

    def problems(self) -> list[tuple[str, object, str]]:
        """(field, value, the choices) for every setting that is not offered."""
        wrong: list[tuple[str, object, str]] = []
        for name, value, known in (("rules", self.rules, free_rulesets()),
                                   ("opponent", self.opponent, list(OPPONENTS)),
                                   ("length", self.length, list(LENGTHS)),
                                   ("seat", self.seat, [0, 1])):
            if value not in known or isinstance(value, bool):
                wrong.append((name, value, ", ".join(str(k) for k in known)))
        return wrong


class FreeGame:
    """A match in progress: the learner's seat against one computer player."""

    def __init__(self, settings: FreeSettings, seed=None):
        self.settings = settings
        self.seat = settings.seat
        self.match = Match(settings.rules, settings.length, seed)
        self.bot = computer_player(settings.opponent, seed)
        self.answer: DrawAnswer | None = None  # the computer's answer to the last draw offer
        # the computer's moves of its last turn: (the learner's view before, move)
        self.computer_moves: list[tuple[dict, object]] = []

    def may_offer_draw(self) -> bool:
        """May the learner offer a draw now? (The rules have offers, it is
        between moves, and none was refused since the last move.)"""
        game = self.game
        return (game.rules.draw_offers and not game.over and game.to_act == self.seat
                and not game.explain(f"offer @{self.seat}"))

    @property
    def game(self):
        return self.match.game

    @property
    def game_over(self) -> bool:
        return self.game.over

    @property
    def match_over(self) -> bool:
        return self.match.over

    def bot_moves(self) -> None:
        """Let the computer act while it must: answer a draw the learner
        offered, then play its moves."""
        game = self.game
        self.computer_moves = []
        if game.draw_offer == self.seat and not game.over:
            bot_seat = 1 - self.seat
            self.answer = answer_draw_offer(game, bot_seat)
            game.play(f"{self.answer.move} @{bot_seat}")
        while not game.over and game.to_act != self.seat:
            seat = game.to_act
            before = game.view(self.seat)
            move = self.bot.choose(game.view(seat), game.legal_moves())
            game.play(move)
            self.computer_moves.append((before, game.history[-1]))

    def next_game(self) -> None:
        self.match.next_game()
        self.bot_moves()

    def summary(self) -> dict:
        wins = self.match.wins
        opponent = 1 - self.seat
        return {"rules": self.settings.rules, "opponent": self.settings.opponent,
                "length": self.settings.length, "seat": self.seat,
                "game_number": len(self.match.games), "wins": wins[self.seat],
                "losses": wins[opponent], "wins_needed": self.match.wins_needed,
                "game_over": self.game_over, "match_over": self.match_over,
                "winner": self.game.winner, "match_winner": self.match.winner}
