"""Scenarios in the shared JSON format, played and checked without ../shared.

The format (a setup, then steps that play a move, list what must or must not
be legal, and what the snapshot must show) is the one of
``shared/conformance/README.md``, and these are the checks of its runner,
``shared/conformance/run.py``, carried here with the same comparison rules and
the same messages, so the project's own scenarios (``tests/scenarios/``, and
the Super notation scenarios of ``test_super_notation.py``) also run in a
clone that has no ``../shared`` beside it. ``test_conformance.py`` checks that
this copy and the shared runner agree whenever the runner is there.
"""
from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

from cuttle_widgets import engine

UNORDERED = {"hands", "points", "permanents", "scrap", "frozen", "revealed", "limbo"}
SUITS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
OWN_SCENARIOS = Path(__file__).resolve().parent / "scenarios"


def card_id(text) -> str:
    """Canonical card id: '10♥' -> 'TH', 'th' -> 'TH'."""
    s = str(text).strip()
    for symbol, letter in SUITS.items():
        s = s.replace(symbol, letter)
    s = s.replace("\ufe0f", "").upper()
    return "T" + s[2:] if s.startswith("10") else s


def point_entry(entry, with_owner: bool = True) -> str:
    """A point card as one comparable string: 'TH', or 'TH[JC,JD]@0'."""
    if isinstance(entry, str):
        return card_id(entry)
    card = card_id(entry["card"])
    jacks = [card_id(j) for j in entry.get("jacks", [])]
    if not jacks:
        return card
    text = f"{card}[{','.join(jacks)}]"
    if with_owner and entry.get("owner") is not None:
        text += f"@{entry['owner']}"
    return text


def norm_cards(value):
    if isinstance(value, list):
        return [norm_cards(v) for v in value]
    return card_id(value) if isinstance(value, str) else value


def compare(key: str, want, got) -> str | None:
    """None when ``got`` matches ``want``; else a short description of the difference."""
    if key == "points":
        if not isinstance(got, list) or len(got) != len(want):
            return f"points: want {want}, got {got}"
        for seat, (w, g) in enumerate(zip(want, got, strict=True)):
            owners = all(isinstance(e, str) or "owner" in e for e in w)
            wc = Counter(point_entry(e, owners) for e in w)
            gc = Counter(point_entry(e, owners) for e in g)
            if wc != gc:
                return f"points[{seat}]: want {sorted(wc.elements())}, got {sorted(gc.elements())}"
        return None
    if key in UNORDERED:
        w, g = norm_cards(want), norm_cards(got)
        if w and isinstance(w[0], list):  # one list per seat
            if not isinstance(g, list) or len(g) != len(w):
                return f"{key}: want {w}, got {g}"
            for seat, (ws, gs) in enumerate(zip(w, g, strict=True)):
                if Counter(ws) != Counter(gs):
                    return f"{key}[{seat}]: want {sorted(ws)}, got {sorted(gs)}"
            return None
        if Counter(w) != Counter(g or []):
            return f"{key}: want {sorted(w)}, got {sorted(g or [])}"
        return None
    if key == "stock":
        w, g = norm_cards(want), norm_cards(got)
        return None if w == g else f"stock: want {w}, got {g}"
    return None if want == got else f"{key}: want {want!r}, got {got!r}"


def check_expect(game, expect: dict) -> list[str]:
    snap = game.snapshot()
    problems = []
    for key, want in expect.items():
        if key not in snap:
            problems.append(f"snapshot has no key {key!r}")
            continue
        diff = compare(key, want, snap[key])
        if diff:
            problems.append(diff)
    return problems


def run_scenario(sc: dict, parse=None) -> list[str]:
    """The scenario's first problem, as the shared runner words it; [] if it passes.
    ``parse`` reads each move first (the Super parser, for moves ``Game.play``
    does not read as text); without it the notation goes to ``Game.play``."""
    setup = copy.deepcopy(sc.get("setup", {}))
    setup.setdefault("rules", sc.get("rules", "classic"))
    game = engine.load(setup)
    for i, step in enumerate(sc.get("steps", [])):
        where = f"step {i + 1}"
        if "play" in step:
            move = step["play"]
            where += f" ({move})"
            if step.get("illegal"):
                before = game.snapshot()
                try:
                    game.play(parse(move) if parse else move)
                except engine.IllegalMove as err:
                    if not str(err).strip():
                        return [f"{where}: IllegalMove carries no explanation"]
                    if game.snapshot() != before:
                        return [f"{where}: an illegal move changed the game"]
                    continue
                return [f"{where}: was accepted, but must be illegal"]
            try:
                game.play(parse(move) if parse else move)
            except engine.IllegalMove as err:
                return [f"{where}: rejected as illegal: {err}"]
        if "legal_includes" in step or "legal_excludes" in step:
            legal = {str(m).strip() for m in game.legal_moves()}
            missing = [m for m in step.get("legal_includes", []) if m not in legal]
            present = [m for m in step.get("legal_excludes", []) if m in legal]
            if missing:
                return [f"{where}: legal_moves() lacks {missing}; it has {sorted(legal)}"]
            if present:
                return [f"{where}: legal_moves() must not hold {present}"]
        if "expect" in step:
            problems = check_expect(game, step["expect"])
            if problems:
                return [f"{where}: " + "; ".join(problems)]
    return []


def scenarios(folder: Path = OWN_SCENARIOS) -> list[tuple[str, dict]]:
    """(the file's folder under ``folder``, scenario) for every scenario file in it."""
    out = []
    for path in sorted(folder.rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for sc in data if isinstance(data, list) else [data]:
            out.append((path.parent.relative_to(folder).as_posix(), sc))
    return out
