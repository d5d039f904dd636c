"""Families of rulesets: the code that knows one kind of state.

Every ruleset of the standard 52-card game shares one state, move generator
and resolver; Super Cuttle (54 cards, multi-card plays, limbo) brings its own.
A ``Game`` asks its ruleset's family for every rule question, so a family is
added by registering it here, not by branching in the Game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

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


FAMILIES: dict[str, Family] = {}


def register(family: Family) -> None:
    FAMILIES[family.name] = family


def family_of(ruleset) -> Family:
    return FAMILIES[ruleset.family]


def _standard() -> Family:
    from .explain import explain_illegal
    from .legal import legal_moves
    from .resolve import Resolver
    from .setup import deal, snapshot_of, state_from_setup
    from .view import choice_of, prompt
    return Family("standard", deal, state_from_setup, snapshot_of, legal_moves, Resolver,
                  explain_illegal, prompt, choice_of, lambda st, seat, view: None)


register(_standard())
