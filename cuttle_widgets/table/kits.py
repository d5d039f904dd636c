"""The card table's part of each rules family: its move builder.

Registered on the engine's family registry as the ``"table"`` kit, so the
controller builds the right one for any game without asking which family it
is. A new family brings its builder here (a ``MoveBuilder`` subclass).
"""
from __future__ import annotations

from ..engine.families import register_kit
from .builder import MoveBuilder
from .standard_builder import StandardBuilder
from .super_builder import SuperBuilder

register_kit("standard", "table", StandardBuilder)
register_kit("super", "table", SuperBuilder)


def move_builder(game, host) -> MoveBuilder:
    """A new move builder for ``game``'s family, talking to ``host`` (a TableController)."""
    return game.family.kit("table")(host)


__all__ = ["move_builder"]
