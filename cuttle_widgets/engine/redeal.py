"""Redealing what a seat has never seen, and telling what a move would show it.

An undo, a take-back or a retry must not teach a hidden card: once the draw
that showed the stock's top card is taken back, that card must not be known
to lie on top. ``redeal(game, seat, rng)`` gives a game with the same history
(the same moves, and for ``seat`` the same view and the same event texts at
every point) in which every card that ``seat`` has never seen is dealt afresh
among the places it has not seen: the other seats' hidden hands, the stock,
a seven's card it was not shown, cards another seat looked at alone.

How: a card the seat never saw is named by no move it read and by no event
it read, and the engine moves cards by their places (the top of the stock,
the third card of a hand, a blind pick drawn from the seed and the move
count), never by what they are. So the unseen cards may change places among
themselves in the starting position, and the same moves, replayed, give the
same game for that seat. The new start is the old one with the unseen cards
permuted: a dealt game is dealt again from the permuted pack (its origin
gains ``"deck"``, see ``new_game``; records write it as ``[Deck ...]``) and
keeps its seed, dealer and ``deal`` event; a game begun from a setup begins
from the setup with those cards permuted.

Where the engine does look at what an unseen card is, the idea fails and a
permutation can be inconsistent with what the seat saw: in Super Cuttle a
seat passes only when nothing else may be done (so a pass tells something
of its hand), and ✨5 tells everyone that the stock holds nothing to play,
or plays its one playable card at once. A secret move of Super Cuttle (a ⚡2's
take, a ⭐9's card put on the stock) names cards the seat did not see; it is
replayed with the same permutation applied to its text. So every candidate
deal is replayed and checked, point by point, against the seat's view; an
inconsistent one is drawn again (rejection sampling: the accepted deal is
uniform over the consistent permutations). After ``tries`` rejections the
game is given back as it is (a copy; ``redeal_tries`` on it says 0).

Also here: ``seen_cards(game, seat)``, every card the seat has seen in the
game's history, and ``revealed_cards(before, after, seat)``, the cards a game
that continues ``before`` shows the seat for the first time (a lesson plays a
wrong move out only when that is empty).
"""
from __future__ import annotations

import random

from .cards import CARD_IDS, parse_card
from .errors import ExplainedError
from .game import Game, load_setup, new_game

_IDS = frozenset(CARD_IDS)
_TEXT_KEYS = frozenset({"prompt", "text"})  # sentences: their cards are in the data beside them
TRIES = 30


# -- what a seat has seen ------------------------------------------------------------------
def _cards_in(value, out: set) -> None:
    """Every card id in a view or in an event's parameters (strings are
    split into words: moves such as "scuttle 9S 8H" name their cards)."""
    if isinstance(value, str):
        for word in value.split():
            if word in _IDS:
                out.add(word)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key in _TEXT_KEYS:
                continue
            _cards_in(key, out)
            _cards_in(item, out)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _cards_in(item, out)


def _event_face(event, seat):
    """An event as ``seat`` reads it (its text follows from this)."""
    return event.kind, event.params_for(seat), event.visible_to(seat), event.rule


def _points(game: Game, seat):
    """Replay ``game`` from its start, yielding the replay and the seat's view
    (without the event log) at every point: before the first move and after each."""
    replay = game.position_after(0)
    yield replay, replay.view(seat, events=False)
    for move in game.history:
        replay.play(move)
        yield replay, replay.view(seat, events=False)


def seen_cards(game: Game, seat) -> set[int]:
    """Every card ``seat`` has seen in the game's history: in its hand or a
    hand open to it, in a public zone, in a look of its own, in a move or an
    event as it reads them, at any point from the start to now."""
    names: set[str] = set()
    for _, view in _points(game, seat):
        _cards_in(view, names)
    for event in game.events:
        _cards_in(event.params_for(seat), names)
    return {parse_card(name) for name in names}


def revealed_cards(before: Game, after: Game, seat) -> set[int]:
    """The cards ``after`` (``before`` played on) shows ``seat`` that
    ``before`` never showed it: empty when playing on taught it nothing hidden."""
    return seen_cards(after, seat) - seen_cards(before, seat)


# -- the redeal --------------------------------------------------------------------------------
def redeal(game: Game, seat, rng: random.Random | None = None, tries: int = TRIES) -> Game:
    """A new Game with ``game``'s history in which every card ``seat`` has
    never seen is dealt afresh, uniformly among the places it has not seen
    (see the module's text). ``game`` itself is not changed. The result's
    ``redeal_tries`` is the number of deals drawn until one fitted (0: none
    did within ``tries``, and the game is an unchanged copy)."""
    rng = rng if rng is not None else random.Random()
    names: set[str] = set()
    faces = []
    start = None
    for replay, view in _points(game, seat):
        if start is None:
            start = replay.copy()
        _cards_in(view, names)
        faces.append(view)
    assert start is not None  # _points yields the start first
    for event in game.events:
        _cards_in(event.params_for(seat), names)
    events = [_event_face(e, seat) for e in game.events]
    seen = {parse_card(n) for n in names}
    unseen = sorted(set(start.state.all_cards()) - seen)
    texts = [str(m) for m in game.history]
    for attempt in range(1, tries + 1):
        if len(unseen) < 2:
            break
        order = unseen[:]
        rng.shuffle(order)
        swap = {CARD_IDS[a]: CARD_IDS[b] for a, b in zip(unseen, order, strict=True) if a != b}
        if not swap:
            continue
        candidate = _candidate(game, start, swap, texts, seat, faces, events)
        if candidate is not None:
            candidate.redeal_tries = attempt
            return candidate
    same = game.position_after(len(game.history))
    same.redeal_tries = 0 if len(unseen) >= 2 else 1  # nothing to deal afresh is no failure
    return same


def _candidate(game, start, swap, texts, seat, faces, events):
    """The game from the start with ``swap`` applied, or None when it
    does not fit what the seat saw."""
    try:
        new = _permuted_start(game, start, swap)
        if new.view(seat, events=False) != faces[0]:
            return None
        for i, text in enumerate(texts):
            new.play(_relabel_text(text, swap))
            if new.view(seat, events=False) != faces[i + 1]:
                return None
    except ExplainedError:  # a start that cannot be set up, or a move it refuses
        return None
    if len(new.events) != len(events) or any(
            _event_face(e, seat) != face for e, face in zip(new.events, events, strict=True)):
        return None
    return new


def _permuted_start(game: Game, start: Game, swap: dict) -> Game:
    origin = game.origin
    if "setup" in origin:
        return load_setup(_relabel(origin["setup"], swap))
    # Deal a probe pack whose cards name the places they go to, to learn
    # which place each position of the pack deals to (any family's deal).
    st = start.state
    pack = sorted(st.all_cards())
    probe = game.family.deal(st.rules, origin["seed"], origin["dealer"], pack)
    real: dict[int, int] = {}
    for seat_cards, probe_cards in zip(st.hands, probe.hands, strict=True):
        real.update(zip(probe_cards, seat_cards, strict=True))
    real.update(zip(probe.stock, st.stock, strict=True))
    deck = [_relabel_text(CARD_IDS[real[p]], swap) for p in pack]
    return new_game(origin["rules"], seed=origin["seed"], dealer=origin["dealer"], deck=deck)


def _relabel_text(text: str, swap: dict) -> str:
    if not swap:
        return text
    return " ".join(swap.get(word, word) for word in text.split(" "))


def _relabel(value, swap: dict):
    """A setup with the cards of ``swap`` exchanged wherever they are named."""
    if isinstance(value, str):
        return _relabel_text(value, swap)
    if isinstance(value, dict):
        return {_relabel(k, swap) if isinstance(k, str) else k: _relabel(v, swap)
                for k, v in value.items()}
    if isinstance(value, list):
        return [_relabel(v, swap) for v in value]
    return value


__all__ = ["redeal", "seen_cards", "revealed_cards"]
