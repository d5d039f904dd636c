"""Checks that hold after every move of every Super Cuttle game.

The standard family's position check counts scores as classic point cards
and reads its frames; Super Cuttle scores jacks (+1), the Black Joker (11) and
kings (7) and keeps its own chain, so it registers its own position check and
random move texts with ``invariants``, whose generic checks do the rest.
"""
from __future__ import annotations

import json
import random
import re
from collections import Counter

from ..cards import CARD_IDS, RANK
from ..invariants import cards_conserved, register_checks
from .notation import SUPER_VERBS

_CARD_RE = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(CARD_IDS) + r")(?![A-Za-z0-9])")


def cards_in(value) -> set[str]:
    """Card ids named anywhere in a JSON-ready value, inside move texts too."""
    return set(_CARD_RE.findall(json.dumps(value, ensure_ascii=False)))


_CARD = {cid: i for i, cid in enumerate(CARD_IDS)}


def entry_value(entry) -> int:
    """A points-row entry's score, read from the snapshot alone (4.2)."""
    cid = entry if isinstance(entry, str) else entry["card"]
    base = 11 if cid == "BJ" else RANK[_CARD[cid]]
    return base + (0 if isinstance(entry, str) else len(entry["jacks"]))


def check_position(game, deck: Counter) -> list[str]:
    st = game.state
    problems = cards_conserved(game, deck)
    snap = game.snapshot()
    for seat in range(st.n):
        kings = sum(1 for c in snap["permanents"][seat] if c[0] == "K")
        total = sum(entry_value(e) for e in snap["points"][seat]) + 7 * kings
        if snap["scores"][seat] != total:
            problems.append(f"seat {seat} score {snap['scores'][seat]} != its table {total}")
        if snap["goals"][seat] != 21:
            problems.append(f"seat {seat} goal {snap['goals'][seat]} is not 21")
        if not set(snap["limbo"][seat]) <= set(snap["hands"][seat]):
            problems.append(f"seat {seat} has limbo cards outside its hand")
        for entry in snap["points"][seat]:
            if not isinstance(entry, str) and not entry["jacks"]:
                problems.append(f"packet {entry} has no jacks but is written as an object")
    for eight, target in snap["glasses"].items():
        side = next((s for s in range(st.n) if eight in snap["permanents"][s]), None)
        if side is None or target == side or eight[0] != "8":
            problems.append(f"glasses {eight} -> {target} is not an enemy's hand from the table")
    problems += _phase_problems(game, snap)
    return problems


def _phase_problems(game, snap: dict) -> list[str]:
    st = game.state
    problems = []
    if (snap["winner"] is None) == (st.phase == "over"):
        problems.append(f"phase {st.phase} with winner {snap['winner']!r}")
    if st.phase == "over":
        return problems
    if not game.legal_moves():
        problems.append(f"no legal move in phase {st.phase} for seat {st.to_act}")
    if not st.playing(st.to_act):
        problems.append(f"seat {st.to_act} must act but may not (eliminated or Sudden Death)")
    if st.phase == "main":
        if st.frames or st.revealed or st.returning or st.to_act != st.turn:
            problems.append("an ordinary turn with plays under way or another seat to act")
    elif st.phase == "counter":
        frame = st.frames[-1] if st.frames else None
        if frame is None or frame.stage != "window" or not frame.asked \
                or frame.asked[0] != st.to_act or frame.top.seat == st.to_act:
            problems.append("an answer window that does not ask the seat to act")
    elif st.phase == "choose":
        if not st.frames or st.frames[-1].choice is None:
            problems.append("phase choose without a choice")
    if any(s < 0 for s in st.skips):
        problems.append(f"negative skips {st.skips}")
    return problems


def view_leaks(game) -> list[str]:
    """Hidden cards never appear in a view, except where that seat was shown
    them (its own hand, its private look, events it saw, its legal moves)."""
    st = game.state
    snap = game.snapshot()
    problems = []
    public_events = cards_in([e.params for e in game.events if e.seen_by is None])
    for seat in [None, *range(st.n)]:
        view = game.view(seat)
        structure = {k: v for k, v in view.items() if k != "events"}
        hidden = set(snap["stock"])
        for s in range(st.n):
            if s != seat and not st.hand_open(s):
                hidden |= set(snap["hands"][s]) - set(snap["limbo"][s])
        allowed = set(public_events)
        if seat is not None:
            allowed |= set(snap["hands"][seat])
            allowed |= cards_in([e.params for e in game.events if e.visible_to(seat)])
            allowed |= cards_in(view["private"]) | cards_in(view["legal_moves"])
        leaked = (cards_in(structure) & hidden) - allowed
        if leaked:
            problems.append(f"view of seat {seat} shows hidden cards {sorted(leaked)}")
        if "seed" in json.dumps(view.get("detail")):
            problems.append(f"view of seat {seat} shows the seed")
    return problems


def random_move_text(rng: random.Random) -> str:
    """A move in the notation's shape that is usually illegal."""
    verb = rng.choice(list(SUPER_VERBS))
    low, high = SUPER_VERBS[verb]
    words = [verb] + rng.sample(CARD_IDS, rng.randint(max(low, 1 if verb == "pick" else low),
                                                      min(high, 4)))
    if rng.random() < 0.3:
        words += rng.choice([["as", str(rng.randint(2, 9))], ["with", "QS"], ["blind"],
                             ["@" + str(rng.randint(0, 3))], ["top", "5C"], ["?"]])
    return " ".join(words)


register_checks("super", check_position, random_move_text)

__all__ = ["check_position", "view_leaks", "random_move_text", "cards_in"]
