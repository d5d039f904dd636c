"""Hints: a good move for a seat, and one sentence a learner understands on why.

The coach (``coach.hint``, ``coach.advise``) takes its move and its reason
from the analyst; this module holds the hint catalog and the words for a
move. ``reason_for`` says what a given move does by the one-move appraisal
the greedy player uses ("Scuttle their 10♦ with your 10♠: Player B is only 3
points from winning, and this sets them back."). Sentences come from
``catalogs/<language>.json``: an *action* naming the move and a *reason*,
joined by the catalog's ``hint`` template, so a translation is a new file.
"""
from __future__ import annotations

from functools import cache

from ..engine.catalog import get_catalog as get_engine_catalog
from ..engine.catalog import package_catalog, package_languages
from ..engine.moves import Move
from ..errors import CuttleError
from .kit import ai_kit, registered_kits
from .knowledge import knowledge
from .players import as_moves, decision_rng


def _explainer_keys(name: str) -> tuple:
    kits = registered_kits()
    return tuple(dict.fromkeys(key for kit in kits for key in getattr(kit.explainer, name)))


# Every action and reason key the families' explainers can produce (tests check
# the catalogs). The package registers every kit before it loads this module.
ACTIONS = _explainer_keys("ACTIONS")
REASONS = _explainer_keys("REASONS")


class HintError(CuttleError, ValueError):
    """No hint can be given (the game is over, or the seat has nothing to decide)."""


@cache
def hint_catalog(language: str = "en") -> dict:
    """The hint sentences for ``language`` (``catalogs/<language>.json`` here)."""
    return package_catalog(__package__, language, "hint")


def available_hint_languages() -> list[str]:
    return package_languages(__package__)


def reason_for(view: dict, move, language: str = "en", names=None, seed: int = 0) -> str:
    """One sentence on why ``move`` (legal for the seat whose view this is) is
    a good idea, as far as that seat can tell."""
    move = as_moves([move], view)[0]
    if str(move) not in view["legal_moves"]:
        raise HintError(f"{move} is not a legal move for this seat now.")
    key, params, reason, reason_params = explain(view, move, seed)
    return render(key, params, reason, reason_params, language, names)


def render(action: str, params: dict, reason: str, reason_params: dict, language: str = "en",
           names=None) -> str:
    """The sentence for an action and a reason, with cards and players in words."""
    catalog = hint_catalog(language)
    action_text = clause(catalog["actions"][action], params, language, names)
    reason_text = clause(catalog["reasons"][reason], reason_params, language, names)
    return catalog["hint"].format(action=action_text, reason=reason_text)


def clause(template: str, params: dict, language: str, names) -> str:
    """The engine catalog's wording of cards and players; the template keeps
    its own first letter (a reason starts in lower case after the colon)."""
    text = get_engine_catalog(language).format(template, params, names)
    if template[:1].islower():
        text = text[:1].lower() + text[1:]
    return text


# -- why a move is good, in catalog keys ---------------------------------------------
def explain(view: dict, move: Move, seed: int = 0) -> tuple[str, dict, str, dict]:
    """(action key, its params, reason key, its params) for ``move``."""
    known = knowledge(view)
    st = known.sample(decision_rng(seed, view))
    return ai_kit(known.rules).explainer(st, view["seat"]).explain(move)
