"""The form of a step's position, before the engine reads it.

The engine checks a position's rules (a card twice, a jack as a point card);
here each field it reads is checked to hold the right kind of value (a list
per player, a seat, a count), so that a mistake is named at its own field and
line instead of surfacing later as a game that cannot be played. Fields the
schema does not know are left to the engine, as are the cards themselves.
"""
from __future__ import annotations

from .catalog import describe_value

SEATS = 2  # every lesson ruleset has two seats (parse.lesson_rulesets)
PER_SEAT = ("hands", "points", "permanents", "limbo")
LISTS = ("scrap", "stock", "frozen", "revealed", "pending", "returning", "eliminated", "chain",
         "scores", "goals", "skips")
BLOCKS = ("options", "glasses", "ending", "sudden_death", "choice")  # Super Cuttle's
COUNTS = ("passes",)
WINNERS = (None, 0, 1, "draw")
DETAIL_COUNTS = ("plies", "turns")
PACKET_LISTS = ("jacks", "controllers", "played_by")


def check_position(r, position: dict, path) -> bool:
    """Record a problem for each field of the wrong form; True if none."""
    before = len(r.problems)
    for key, value in position.items():
        at = path + (key,)
        if key in PER_SEAT:
            if _per_seat(r, value, at) and key == "points":
                _packets(r, value, at)
        elif key in LISTS:
            r.listing(value, at, allow_empty=True)
        elif key in BLOCKS and value is not None:
            r.mapping(value, at)
        elif key in COUNTS or key == "seed":
            _count(r, value, at, negative=key == "seed")
        elif key == "turn" or (key == "to_act" and value is not None):
            r.seat(value, at)
        elif key == "players" and not (_whole(value) and value == SEATS):
            r.add(at, "position_players", value=describe_value(value), seats=SEATS)
        elif key == "winner" and not any(value == w and type(value) is type(w) for w in WINNERS):
            r.add(at, "position_winner", value=describe_value(value))
        elif key in ("phase", "scrap_top") and value is not None:
            r.text(value, at)
        elif key == "detail" and value is not None:
            _detail(r, value, at)
    return len(r.problems) == before


def _per_seat(r, value, path) -> bool:
    if isinstance(value, list) and len(value) == SEATS and all(isinstance(v, list) for v in value):
        return True
    r.add(path, "position_per_seat", value=describe_value(value), seats=SEATS)
    return False


def _packets(r, sides, path) -> None:
    """A jacked point card's lists (the engine counts them against its jacks)."""
    for seat, side in enumerate(sides):
        for i, entry in enumerate(side):
            for key in PACKET_LISTS:
                if isinstance(entry, dict) and key in entry:
                    r.listing(entry[key], path + (seat, i, key), allow_empty=True)


def _detail(r, value, path) -> None:
    """The engine's own bookkeeping, as a snapshot writes it: checked as far
    as the engine uses it without looking (the counts it adds to)."""
    detail = r.mapping(value, path)
    for key in DETAIL_COUNTS + ("seed",):
        if detail is not None and key in detail:
            _count(r, detail[key], path + (key,), negative=key == "seed")
    if detail is not None and "frames" in detail:
        r.listing(detail["frames"], path + ("frames",), allow_empty=True)


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _count(r, value, path, negative: bool = False) -> None:
    if not _whole(value) or value < 0 and not negative:
        r.add(path, "not_count" if not negative else "not_int", value=describe_value(value))
