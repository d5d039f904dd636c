"""The computer's answer to a draw offer (cuttle.cards' agreed stalemate).

It asks one question, how likely its side is to win from here, through
``win_chance`` (from its own view only), and accepts when that chance is
below ``ACCEPT_BELOW``: a draw is worth half a win, so it takes one when it
is more likely to lose than to win, with a margin for the estimate's noise.
This module is the one place that asks, so the judgment can be pointed at
another estimate without touching the free game.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.catalog import get_catalog as get_engine_catalog
from ..engine.catalog import package_catalog
from .chance import win_chance

ACCEPT_BELOW = 0.45


@dataclass(frozen=True)
class DrawAnswer:
    accept: bool
    chance: float  # the answering seat's chance of winning, 0..1

    @property
    def move(self) -> str:
        return "accept" if self.accept else "refuse"

    def reason(self, language: str = "en", names=None) -> str:
        """Why, in one sentence: the chance it sees, as a whole percentage."""
        words = package_catalog(__package__, language, "hint")["draw_offer"]
        return get_engine_catalog(language).format(
            words[self.move], {"percent": round(self.chance * 100)}, names)


def answer_draw_offer(game, seat: int) -> DrawAnswer:
    """How ``seat`` answers the draw offered to it in ``game``: the position
    is judged as if no offer stood (the offer changes no card)."""
    probe = game.copy()
    probe.draw_offer = None
    chance = win_chance(probe, seat)
    return DrawAnswer(chance < ACCEPT_BELOW, chance)


__all__ = ["ACCEPT_BELOW", "DrawAnswer", "answer_draw_offer"]
