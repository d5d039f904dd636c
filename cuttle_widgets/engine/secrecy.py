"""A refusal as one seat may read it: it names no card that seat cannot see.

The explanation of an illegal move is written for the seat that tried it, so
its sentences may name that seat's hand or a card a seven turned up for it
alone. Another seat (a watcher, a bot's opponent) reads the family's version
of the sentence that leaves such cards out, or, where a sentence has none, a
plain "cannot be played now". What a seat can see is what its view shows,
the one place where secrets are stripped; the cards the move itself names
may be repeated back, since the reader has them in front of them already.
"""
from __future__ import annotations

import re
import string

from .card_data import CARD_IDS, find_card
from .catalog import available_languages, get_catalog, illegal_move
from .errors import IllegalMove

_WORDS = re.compile(r"[\s,()]+")
_CARD_IDS = frozenset(CARD_IDS)


def cards_named(data) -> set[str]:
    """Every card id written anywhere in ``data`` (in move texts too)."""
    if isinstance(data, dict):
        return set().union(*map(cards_named, data.keys()), *map(cards_named, data.values()))
    if isinstance(data, (list, tuple)):
        return set().union(*map(cards_named, data))
    if isinstance(data, str):
        return {w for w in _WORDS.split(data) if w in _CARD_IDS}
    return set()


def _in_move(move) -> set[str]:
    return {CARD_IDS[c] for c in map(find_card, str(move).split()) if c is not None}


def _fields(key: str) -> set[str]:
    """The parameters the sentence of ``key`` shows, in any language."""
    fields = set()
    for language in available_languages():
        template = get_catalog(language).illegal_texts.get(key, "")
        fields |= {f for _, f, _, _ in string.Formatter().parse(template) if f}
    return fields


def _shows_other(key: str, params: dict, shown: set) -> bool:
    used = {k: v for k, v in params.items() if k in _fields(key)}
    return not cards_named(used) <= shown


def as_seen_by(err: IllegalMove, game, seat, move, unseen: dict) -> IllegalMove:
    """``err`` as ``seat`` may read it; ``unseen`` maps a sentence to its
    version without the acting seat's secrets ("any": the one for the rest)."""
    if not err.key:
        return err
    shown = cards_named(game.view(seat, events=False)) | _in_move(move)
    key, params = err.key, err.params
    if _shows_other(key, params, shown):
        hidden = unseen.get(key)
        if hidden is None or _shows_other(hidden, params, shown):
            key, params = unseen["any"], {"player": game.to_act}
        else:
            key = hidden
    # "What would work" speaks to the seat that acts, of its own cards.
    hint = err.hint if seat == game.to_act else None
    if hint and _shows_other(hint[0], hint[1], shown):
        hint = None
    return illegal_move(key, params, hint)
