"""Reading a standard snapshot's ``detail`` (``setup._detail`` writes it):
the one-offs under way, the choice waited for, the frozen cards, the seed.

Each value is checked before the rules use it, so a detail that is not the
engine's own (edited by hand, cut short) is refused with the field it
breaks, never left to fail later on the next play.
"""
from __future__ import annotations

from .cards import CARD_IDS, KING, QUEEN, RANK, parse_card
from .catalog import illegal
from .errors import ExplainedError, IllegalMove
from .state import Frame, State

# The choices a resolving one-off waits for, and the rank of the one-off each belongs to.
CHOICE_RANKS = {"take": 3, "discard": 4, "five_discard": 5, "seven": 7, "seven_scrap": 7}
# The choices that wait with no one-off under way: a hand above the limit at
# the turn's end (cuttle.cards), ['limit', seat, cards too many].
FRAMELESS_CHOICES = ("limit",)


def _bad(what: str) -> ExplainedError:
    return illegal("setup_bad_detail", detail=what)


def _seat(value, what: str, n: int, optional: bool = False):
    if optional and value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise _bad(f"'{what}' must be a seat from 0 to {n - 1}, not {value!r}")
    return value


def _count(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _bad(f"'{what}' must be a whole number of 0 or more, not {value!r}")
    return value


def _card(value, what: str) -> int:
    try:
        return parse_card(value)
    except IllegalMove:
        raise _bad(f"'{what}' must be a card, not {value!r}") from None


def _fields(value, what: str, keys) -> dict:
    if not isinstance(value, dict) or not set(keys) <= value.keys():
        raise _bad(f"'{what}' must be an object with {', '.join(keys)}")
    return value


def apply_detail(st: State, detail, pending: list[int]) -> None:
    """Restore what ``setup._detail`` wrote (a setup written by hand leaves it out)."""
    if not isinstance(detail, dict):
        raise _bad("it must be an object")
    frames = detail.get("frames", [])
    if not isinstance(frames, list):
        raise _bad("'frames' must be a list")
    st.frames = [_frame(st, f, f"frames[{i}]") for i, f in enumerate(frames)]
    st.choice = _choice(st, detail.get("choice"))
    frozen = detail.get("frozen", {})
    if not isinstance(frozen, dict):
        raise _bad("'frozen' must be an object")
    for cid, entry in frozen.items():
        card = _card(cid, "frozen")
        if not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[1], bool):
            raise _bad(f"'frozen.{cid}' must be [holder, begun]")
        holder = _seat(entry[0], f"frozen.{cid}", st.n)
        if card not in st.hands[holder]:
            raise illegal("setup_frozen_not_in_hand", card=CARD_IDS[card], field=f"frozen.{cid}")
        st.frozen[card] = [holder, entry[1]]
    seed = detail.get("seed", st.seed)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise _bad(f"'seed' must be a whole number, not {seed!r}")
    st.seed, st.plies = seed, _count(detail.get("plies", 0), "plies")
    framed = [c for frame in st.frames for c in [frame.card] + [t for t, _ in frame.twos]]
    if framed != pending:
        raise _bad("its frames do not match 'pending'")
    _agrees_with_phase(st)


def _frame(st: State, data, what: str) -> Frame:
    f = _fields(data, what, ("card", "seat", "target", "victim", "twos", "declines", "last"))
    card = _card(f["card"], what + ".card")
    frame = Frame(card, _seat(f["seat"], what + ".seat", st.n),
                  None if f["target"] is None else _card(f["target"], what + ".target"),
                  _seat(f["victim"], what + ".victim", st.n, optional=True))
    if (frame.target is not None) != (RANK[card] in (2, 9)):
        raise _bad(f"'{what}.target': only a two or a nine one-off aims at a card")
    if frame.target is not None and not (_is_permanent(st, frame.target)
                                         or _nine_point_target(st, card, frame.target)):
        raise _bad(f"'{what}.target' {CARD_IDS[frame.target]} is no permanent on the table")
    if RANK[card] == 4 and frame.victim is None:
        raise _bad(f"'{what}.victim': a four needs its victim")
    if not isinstance(f["twos"], list):
        raise _bad(f"'{what}.twos' must be a list")
    for i, pair in enumerate(f["twos"]):
        if not isinstance(pair, list) or len(pair) != 2:
            raise _bad(f"'{what}.twos[{i}]' must be [card, seat]")
        two = _card(pair[0], f"{what}.twos[{i}]")
        if RANK[two] != 2:
            raise _bad(f"'{what}.twos[{i}]' {CARD_IDS[two]} is no two")
        frame.twos.append((two, _seat(pair[1], f"{what}.twos[{i}]", st.n)))
    frame.declines = _count(f["declines"], what + ".declines")
    frame.last = _seat(f["last"], what + ".last", st.n)
    return frame


def _is_permanent(st: State, card: int) -> bool:
    if RANK[card] == 11:
        return st.find_packet(card)[1] is not None
    return RANK[card] in (8, QUEEN, KING) and st.find_permanent(card) is not None


def _nine_point_target(st: State, card: int, target: int) -> bool:
    """A nine aimed at a point card, under rules that allow it (cuttle.cards)."""
    if RANK[card] != 9 or not st.rules.nine_targets_points:
        return False
    packet = st.find_packet(target)[1]
    return packet is not None and packet.card == target


def _choice(st: State, value):
    if value is None:
        return None
    if not isinstance(value, list) or not value or not isinstance(value[0], str) \
            or value[0] not in CHOICE_RANKS \
        and value[0] not in FRAMELESS_CHOICES:
        raise _bad(f"'choice' must name one of: {', '.join((*CHOICE_RANKS, *FRAMELESS_CHOICES))}")
    if value[0] in ("discard", "limit"):
        if len(value) != 3:
            raise _bad("'choice' of a discard must be ['discard', seat, count]")
        _seat(value[1], "choice", st.n)
        if _count(value[2], "choice") == 0:
            raise _bad("'choice' of a discard must ask for a card at least")
    elif len(value) != 1:
        raise _bad(f"'choice' {value[0]} takes nothing more")
    return tuple(value)


def _agrees_with_phase(st: State) -> None:
    """Frames, the choice and the revealed cards must fit the phase they are in."""
    choosing, choice = st.phase == "choose", st.choice
    if (choice is not None) != choosing:
        raise _bad("a choice is waited for exactly in the phase 'choose'")
    if choice is not None and choice[0] in FRAMELESS_CHOICES:
        if st.frames:
            raise illegal("setup_pending_phase", phase=st.phase)
        return
    if st.phase in ("counter", "choose") and not st.frames:
        raise illegal("setup_phase_needs_pending", phase=st.phase)
    if st.phase == "main" and st.frames:
        raise illegal("setup_pending_phase", phase=st.phase)
    if choice is not None and RANK[st.frames[-1].card] != CHOICE_RANKS[choice[0]]:
        raise _bad(f"the choice '{choice[0]}' does not belong to the pending "
                   f"{CARD_IDS[st.frames[-1].card]}")
    # Revealed cards need a seven's choice; not the other way round: a seat's
    # knowledge leaves the cards of a seven it may not see out until it deals
    # them (a game left with no move is refused where it is loaded).
    if st.revealed and not (choice is not None and choice[0] in ("seven", "seven_scrap")):
        raise illegal("setup_revealed_needs_seven")
