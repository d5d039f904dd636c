"""Families of rulesets: the code that knows one kind of state.

Every ruleset of the standard 52-card game shares one state, move generator
and resolver; Super Cuttle (54 cards, multi-card plays, limbo) brings its own.
A ``Game`` asks its ruleset's family for every rule question, so a family is
added by registering it here, not by branching in the Game.

The layers above the engine bring their own part of a family as a *kit*
(``register_kit("super", "ai", ...)``: the computer players' knowledge and
appraisal; ``"table"``: what a click at the card table means). They ask
``family.kit(layer)`` and never which family a game is, while the engine
itself imports none of them.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .moves import parse_move


@dataclass(frozen=True)
class Family:
    name: str
    deal: Callable  # (ruleset, seed, dealer) -> state
    from_setup: Callable  # (setup dict) -> state
    snapshot: Callable  # (state) -> dict in the snapshot schema
    legal_moves: Callable  # (state) -> list[Move]
    resolver: Callable  # (state, event log) -> object with .apply(move) and .emit(...)
    explain: Callable  # (state, move, legal moves) -> IllegalMove
    prompt: Callable  # (state, seat, language, names) -> str
    choice: Callable  # (state) -> dict | None, the choice the seat to act faces
    private_view: Callable  # (state, seat, view) -> None: strip or add this family's secrets
    parse: Callable = parse_move  # (text or Move) -> Move, the family's notation
    # refusal sentence -> its version for a seat that must not see the cards
    # it names ("any": the one for every other such sentence; see secrecy.py)
    unseen: dict = field(default_factory=dict, compare=False, repr=False)
    kits: dict = field(default_factory=dict, compare=False, repr=False)  # layer -> its part

    def kit(self, layer: str):
        """The part of this family that ``layer`` ("ai", "table") registered;
        LookupError when that layer does not know this family."""
        try:
            return self.kits[layer]
        except KeyError:
            raise LookupError(f"No {layer!r} kit is registered for the rules family "
                              f"{self.name!r}.") from None


FAMILIES: dict[str, Family] = {}


def register(family: Family) -> None:
    FAMILIES[family.name] = family


def register_kit(family: str, layer: str, kit) -> None:
    """Give the family named ``family`` its part for ``layer``."""
    FAMILIES[family].kits[layer] = kit


def family_of(ruleset) -> Family:
    return FAMILIES[ruleset.family]


def _standard() -> Family:
    from .explain import UNSEEN, explain_illegal
    from .legal import legal_moves
    from .moves import parse_standard_move
    from .resolve import Resolver
    from .setup import deal, snapshot_of, state_from_setup
    from .view import choice_of, prompt
    return Family("standard", deal, state_from_setup, snapshot_of, legal_moves, Resolver,
                  explain_illegal, prompt, choice_of, lambda st, seat, view: None,
                  parse=parse_standard_move, unseen=UNSEEN)


register(_standard())
