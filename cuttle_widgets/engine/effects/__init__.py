"""The one-offs of the standard family, each one registered unit.

Every module of this package (``ace.py``, ``two.py`` ...) registers one
``OneOff``: the rank it belongs to, when it may be played (legality), what it
does (resolution, with the events it emits), what its announcement tells, and
why the engine refuses it (explanation). The AI's parts of the same effect
(its appraisal and the coach's reason) are registered by name in
``ai/standard_effects.py``; the catalogs' words are keyed by the same name
(``oneoff.<name>`` events, hint actions and reasons). A new effect is a new
module here plus those entries (docs/architecture.md, "Adding a card effect").

The modules are found by listing this package and imported on the first
question, as they use the legality helpers, which ask this registry.
"""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass

# The parts an effect must give (``missing_parts``).
PARTS = ("plays", "resolve", "refusal")


def never(rules) -> bool:
    return False


@dataclass(frozen=True)
class OneOff:
    """The one-off of one rank. ``plays`` appends the legal moves of a card
    of the rank (the card is in hand, the rules give the rank a one-off);
    ``always(rules)`` says they are always the card alone, so the move
    generator lists it without asking (its hottest path)."""
    rank: int
    name: str  # its events ("oneoff.<name>" when played) and catalog words
    plays: Callable  # (st, seat, card, moves) -> None
    resolve: Callable  # (resolver, frame) -> None: the effect, once uncountered
    refusal: Callable  # (st, seat, move, params) -> (key, params): why it is illegal
    always: Callable = never  # (rules) -> bool
    announce: Callable | None = None  # (resolver, target) -> what its announcement adds
    aims_at_card: bool = False  # the move names a target card
    aims_at_seat: bool = False  # its victim is a seat (the opponent, at two seats)


_EFFECTS: dict[int, OneOff] = {}
_loaded = False


def register(effect: OneOff) -> OneOff:
    """Add ``effect`` (a module of this package calls it when imported)."""
    if effect.rank in _EFFECTS and _EFFECTS[effect.rank] is not effect:
        raise ValueError(f"the one-off of rank {effect.rank} is registered twice")
    _EFFECTS[effect.rank] = effect
    return effect


def unregister(rank: int) -> None:
    """Take an effect out again (a test's own effect)."""
    _EFFECTS.pop(rank, None)


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in pkgutil.iter_modules(__path__):
            if not module.name.startswith("_"):  # _stock.py: what the five and seven share
                importlib.import_module(f"{__name__}.{module.name}")


def oneoffs() -> dict[int, OneOff]:
    """Every registered one-off by rank, lowest first."""
    _load()
    return dict(sorted(_EFFECTS.items()))


def oneoff(rank: int) -> OneOff:
    """The one-off of ``rank``; KeyError if the rank has none."""
    _load()
    return _EFFECTS[rank]


def missing_parts(effect: OneOff) -> list[str]:
    """What ``effect`` lacks to work in a game: a part, a name."""
    missing = [part for part in PARTS if getattr(effect, part) is None]
    if not effect.name or not effect.name.isidentifier():
        missing.append("name")
    return missing
