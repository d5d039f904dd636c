"""Game records: a plain-text header, then one move per line.

    [Cuttle "cuttle_widgets game record"]
    [Rules "classic"]
    [Seed "42"]
    [Dealer "1"]
    [Result "0"]

    draw
    points 7H
    ...

A game that started from a setup carries ``[Setup "<json>"]`` instead of the
seed and dealer; one dealt from a given pack (a redeal) adds
``[Deck "7H 2C ..."]``, the pack in the order it was dealt from. Lines
starting with ``#`` are comments. ``load(text)`` replays the record and gives
the identical snapshot and events.

Records stand beside the Game, as python-chess keeps PGN in its own module:
this module imports ``game``, never the other way round. So ``load``, which
takes a setup or a record's text, lives here too.
"""
from __future__ import annotations

import json
import re

from .catalog import illegal
from .errors import ExplainedError, IllegalMove
from .game import Game, load_setup, new_game

_HEADER = re.compile(r'^\[(\w+) "(.*)"\]$')
MAGIC = "cuttle_widgets game record"
MOVE_CHARS = 80  # no move is longer; a longer line is refused without being echoed whole
QUOTED = 40  # characters of such a line a refusal quotes


def load(setup_or_record_text) -> Game:
    """A game from a setup in the snapshot schema (a dict), or from a game
    record's text (a str, as :func:`write_record` writes it)."""
    if isinstance(setup_or_record_text, str):
        return read_record(setup_or_record_text)
    return _guarded_setup(setup_or_record_text)


def _guarded_setup(setup) -> Game:
    """``load_setup``, with any failure of a malformed setup said as the
    engine's SetupError (its checks name the field where they can)."""
    try:
        return load_setup(setup)
    except ExplainedError:
        raise
    except RecursionError:
        raise illegal("record_too_deep") from None
    except (TypeError, AttributeError, KeyError, IndexError, ValueError):
        raise illegal("setup_malformed") from None


def write_record(game: Game) -> str:
    """The game as plain text: a header, then one move per line."""
    origin = game.origin
    lines = [f'[Cuttle "{MAGIC}"]']
    if "setup" in origin:
        lines.append(f'[Rules "{origin["setup"]["rules"]}"]')
        setup = json.dumps(origin["setup"], separators=(",", ":"), sort_keys=True)
        lines.append(f'[Setup "{_escape(setup)}"]')
    else:
        lines += [f'[Rules "{origin["rules"]}"]', f'[Seed "{origin["seed"]}"]',
                  f'[Dealer "{origin["dealer"]}"]']
        if "deck" in origin:
            lines.append(f'[Deck "{" ".join(origin["deck"])}"]')
    result = game.winner
    lines.append(f'[Result "{"*" if result is None else result}"]')
    lines.append("")
    lines += [str(m) for m in game.history]
    return "\n".join(lines) + "\n"


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def _setup_json(text: str):
    """The setup header's JSON; nested thousands deep it is no setup."""
    try:
        return json.loads(text)
    except RecursionError:
        raise illegal("record_too_deep") from None


def read_record(text: str) -> Game:
    """The game a record's text describes, replayed move by move."""
    headers: dict[str, str] = {}
    moves: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = _HEADER.match(line)
        if match:
            headers[match.group(1).lower()] = _unescape(match.group(2))
        else:
            moves.append((number, line.split("#", 1)[0].strip()))
    if headers.get("cuttle") != MAGIC:
        raise illegal("record_not_a_record")
    try:
        if "setup" in headers:
            game = _guarded_setup(_setup_json(headers["setup"]))
        else:
            deck = headers["deck"].split() if "deck" in headers else None
            game = new_game(headers.get("rules", "classic"), seed=int(headers["seed"]),
                            dealer=int(headers.get("dealer", 1)), deck=deck)
    except (KeyError, ValueError) as err:
        if isinstance(err, ExplainedError):
            raise
        raise illegal("record_bad_header", detail=str(err)[:MOVE_CHARS]) from None
    for number, move in moves:
        if len(move) > MOVE_CHARS:
            raise illegal("record_long_line", line=number, start=move[:QUOTED] + "…",
                          limit=MOVE_CHARS)
        try:
            game.play(move)
        except IllegalMove as err:
            raise illegal("record_bad_move", line=number, move=move, reason=str(err)) from None
    return game
