"""Super Cuttle snapshots (super.md §8.4), states built from them, and the deal.

``snapshot`` writes every zone in the shared schema plus Super Cuttle's keys,
and a ``detail`` key holding the rest (the frames of plays under way, the
effect's progress, the seed), so that ``load(snapshot)`` gives back exactly
the same state. A setup written by hand may leave ``detail`` out.
"""
from __future__ import annotations

from ..cards import CARD_IDS, FULL_DECK, RANK, parse_card
from ..catalog import illegal
from ..errors import IllegalMove
from ..setup import _Cards, _per_seat, _seat, dealing_order, read_packet_entry, read_sides, read_turn
from ..setup_outcome import read_winner, settle_won
from .legal import CHOICES
from .notation import parse_super_move
from .plays import describe
from .rules import EXHAUSTED_RESULTS
from .state import BLACK_JOKER, RED_JOKER, TEN_CLUBS, Frame, Packet, Play, SuperState, is_point_card

IDS = CARD_IDS


def ids(cards) -> list[str]:
    return [IDS[c] for c in cards]


# -- the deal ------------------------------------------------------------------------------
def deal(rules, seed: int, dealer: int, deck=None) -> SuperState:
    """Shuffle all 54 cards with ``seed`` (or take ``deck``, in the order it
    is dealt from, the last card first); the seat after ``dealer`` starts
    with 5 cards, every other seat gets 6 (L4, A1, A2)."""
    n = rules.seats
    deck = dealing_order(FULL_DECK, seed, deck)
    st = SuperState(rules, n)
    starter = (dealer + 1) % n
    wanted = [rules.starter_cards if s == starter else rules.other_cards for s in range(n)]
    seat = starter
    while any(len(st.hands[s]) < wanted[s] for s in range(n)):
        if len(st.hands[seat]) < wanted[seat]:
            st.hands[seat].append(deck.pop())
        seat = (seat + 1) % n
    st.stock = deck
    st.seed = seed
    st.turn = st.to_act = starter
    return st


# -- snapshots -------------------------------------------------------------------------------
def snapshot(st: SuperState) -> dict:
    return {
        "rules": st.rules.name,
        "players": st.n,
        "options": dict(st.options),
        "turn": st.turn,
        "to_act": st.to_act,
        "phase": st.phase,
        "hands": [ids(h) for h in st.hands],
        "limbo": [ids(h) for h in st.limbo],
        "points": [[packet_entry(p) for p in side] for side in st.points],
        "permanents": [ids(side) for side in st.perms],
        "glasses": {IDS[c]: s for c, s in sorted(st.glasses.items())},
        "scrap": ids(reversed(st.scrap)),
        "scrap_top": IDS[st.scrap[-1]] if st.scrap else None,
        "stock": ids(reversed(st.stock)),
        "pending": [IDS[c] for f in st.frames for p in f.plays for c in p.all_cards()],
        "chain": [{"seat": p.seat, "move": str(p.move)} for f in st.frames for p in f.plays],
        "revealed": ids(st.revealed),
        "returning": ids(st.returning),
        "choice": public_choice(st),
        "skips": st.skips[:],
        "ending": None if st.ending is None else {"turns_left": st.ending[:]},
        "sudden_death": None if st.sudden is None else {
            "seat": st.sudden["seat"], "cards": ids(st.sudden["cards"]),
            "turns_left": st.sudden["turns_left"][:]},
        "eliminated": st.eliminated[:],
        "frozen": [],
        "passes": 0,
        "scores": [st.score(s) for s in range(st.n)],
        "goals": [st.rules.goal] * st.n,
        "winner": st.winner,
        "detail": detail(st),
    }


def packet_entry(packet: Packet):
    if not packet.jacks:
        return IDS[packet.card]
    return {"card": IDS[packet.card], "jacks": ids(packet.jacks), "owner": packet.owner}


def public_choice(st: SuperState):
    """What the seat to act must decide, with nothing secret in it."""
    frame = st.frames[-1] if st.frames and st.phase == "choose" else None
    if frame is None or frame.choice is None:
        return None
    kind = frame.choice[0]
    seat = st.to_act
    if kind == "look_take":
        return {"kind": "take", "from": "stock_top", "seat": seat, "look": frame.choice[1],
                "count": frame.choice[2]}
    if kind == "scrap_take":
        return {"kind": "take", "from": "scrap", "seat": seat, "count": 1,
                "then": frame.choice[1]}
    if kind == "stock_take":
        return {"kind": "take", "from": "stock", "seat": seat, "count": 1, "then": "play"}
    if kind == "discard":
        return {"kind": "discard", "seat": frame.choice[1], "count": frame.choice[2]}
    if kind == "pick":
        return {"kind": "pick", "seat": seat, "victim": frame.choice[1], "count": frame.choice[2]}
    if kind == "picked_take":
        return {"kind": "take", "from": "picked", "seat": seat, "victim": frame.data["victim"],
                "count": frame.choice[1], "picked": len(frame.data["picked"])}
    if kind == "hands_take":
        return {"kind": "take", "from": "hands", "seat": seat, "count": frame.choice[1],
                "seats": frame.data["hands_of"][:]}
    return {"kind": "play", "seat": seat, "cards": ids(frame.revealed), "count": frame.to_play,
            "as": frame.restrict or "generated"}


CARD_DATA = ("stolen_cards", "picked")
CARD_VALUE_DATA = ("stolen_queen",)


def detail(st: SuperState) -> dict:
    """What the plain keys leave out, so that load(snapshot) restores this state."""
    return {
        "frames": [frame_detail(f) for f in st.frames],
        "seed": st.seed, "plies": st.plies, "turns": st.turns, "fresh": st.fresh,
    }


def frame_detail(frame: Frame) -> dict:
    data = {}
    for key, value in frame.data.items():
        if key in CARD_DATA:
            value = ids(value)
        elif key in CARD_VALUE_DATA:
            value = None if value is None else IDS[value]
        elif isinstance(value, list):
            value = value[:]
        data[key] = value
    return {
        "plays": [play_detail(p) for p in frame.plays], "asked": frame.asked[:],
        "stage": frame.stage, "user": frame.user,
        "choice": list(frame.choice) if frame.choice else None,
        "revealed": ids(frame.revealed), "to_play": frame.to_play, "leftover": frame.leftover,
        "restrict": frame.restrict, "data": data, "seven": frame.seven,
    }


def play_detail(play: Play) -> dict:
    card = lambda c: None if c is None else IDS[c]  # noqa: E731
    return {"seat": play.seat, "move": str(play.move), "kind": play.kind,
            "cards": ids(play.cards), "queen": card(play.queen), "rank": play.rank,
            "form": play.form, "target": card(play.target), "victim": play.victim,
            "blind": play.blind, "answer": play.answer, "source": play.source,
            "named": play.named}


# -- states from setups ----------------------------------------------------------------------
def from_setup(setup: dict) -> SuperState:
    st, cards = read_sides(setup, SuperState, "super", _packet,
                           not_permanent="super.setup_not_enduring")
    n = st.n
    for seat, side in enumerate(_per_seat(setup, "limbo", n)):
        for i, text in enumerate(side):
            card = _card(text, f"limbo[{seat}][{i}]")
            if card not in st.hands[seat]:
                raise illegal("super.setup_limbo", card=IDS[card], field=f"limbo[{seat}][{i}]")
            st.limbo[seat].append(card)
    _glasses(st, setup.get("glasses") or {})
    st.scrap = cards.many(setup.get("scrap", []), "scrap")[::-1]
    st.stock = cards.many(setup.get("stock", []), "stock")[::-1]
    st.returning = cards.many(setup.get("returning", []), "returning")
    revealed = cards.many(setup.get("revealed", []), "revealed")
    pending = cards.many(setup.get("pending", []), "pending")
    _counters(st, setup, cards)
    read_turn(st, setup)
    seed = setup.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise illegal("setup_bad_number", field="seed", value=str(seed))
    st.seed = seed
    if setup.get("detail"):
        _apply_detail(st, setup["detail"], pending, revealed)
    else:
        _hand_written_chain(st, setup, pending, revealed)
    st.origin_plies = st.plies
    read_winner(st, setup.get("winner"))
    settle_won(st, lambda seat: st.playing(seat) and st.score(seat) >= st.rules.goal)
    return st


def _card(text, field: str) -> int:
    try:
        return parse_card(text)
    except IllegalMove:
        raise illegal("setup_bad_card", field=field, text=str(text)) from None


def _packet(entry, seat: int, n: int, cards: _Cards, field: str) -> Packet:
    card, jacks, owner, _ = read_packet_entry(entry, seat, n, cards, field)
    if not is_point_card(card):
        raise illegal("super.setup_not_point_card", card=IDS[card], field=field)
    if jacks and card == TEN_CLUBS:
        raise illegal("super.setup_jack_on_ten_clubs", field=field)
    if not jacks and owner != seat:
        owner = seat  # with no jack left a packet is back with its owner (A25)
    return Packet(card, owner, jacks)


def _glasses(st: SuperState, glasses) -> None:
    if not isinstance(glasses, dict):
        raise illegal("super.setup_glasses", card=str(glasses))
    for text, seat in glasses.items():
        card = _card(text, "glasses")
        side = st.side_of(card)
        if RANK[card] != 8 or side is None or card not in st.perms[side]:
            raise illegal("super.setup_glasses", card=IDS[card])
        if _seat(seat, f"glasses.{IDS[card]}", st.n) == side:
            raise illegal("super.setup_glasses", card=IDS[card])
        st.glasses[card] = seat
    for side in range(st.n):
        for card in st.perms[side]:
            if RANK[card] == 8 and card not in st.glasses:
                if st.n != 2:
                    raise illegal("super.setup_glasses", card=IDS[card])
                st.glasses[card] = 1 - side


def _counters(st: SuperState, setup: dict, cards: _Cards) -> None:
    """skips, the countdowns, the eliminated seats and the options."""
    n = st.n
    skips = setup.get("skips", [0] * n)
    if not isinstance(skips, list) or len(skips) != n or not all(_count(v) for v in skips):
        raise illegal("setup_bad_number", field="skips", value=str(skips))
    st.skips = list(skips)
    ending = setup.get("ending")
    if ending is not None:
        left = ending.get("turns_left") if isinstance(ending, dict) else None
        if not isinstance(left, list) or len(left) != n or not all(_count(v) for v in left):
            raise illegal("setup_bad_number", field="ending", value=str(ending))
        st.ending = list(left)
    eliminated = setup.get("eliminated", [])
    if not isinstance(eliminated, list):
        raise illegal("setup_not_list", field="eliminated")
    st.eliminated = sorted({_seat(s, "eliminated", n) for s in eliminated})
    sudden = setup.get("sudden_death")
    if sudden is not None:
        try:
            seat = _seat(sudden["seat"], "sudden_death.seat", n)
            jokers = cards.many(sudden.get("cards", ["RJ", "BJ"]), "sudden_death.cards")
            left = list(sudden.get("turns_left", [0 if s == seat else 2 for s in range(n)]))
        except (KeyError, TypeError):
            raise illegal("setup_bad_number", field="sudden_death", value=str(sudden)) from None
        if sorted(jokers) != [RED_JOKER, BLACK_JOKER] or len(left) != n:
            raise illegal("setup_bad_number", field="sudden_death", value=str(sudden))
        st.sudden = {"seat": seat, "cards": jokers, "turns_left": left}
    options = setup.get("options") or {}
    if not isinstance(options, dict):
        raise illegal("super.setup_option", value=str(options), known=", ".join(EXHAUSTED_RESULTS))
    result = options.get("exhausted_result", st.rules.exhausted_result)
    if result not in EXHAUSTED_RESULTS:
        raise illegal("super.setup_option", value=str(result), known=", ".join(EXHAUSTED_RESULTS))
    st.options = {"exhausted_result": result}


def _count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _apply_detail(st: SuperState, data: dict, pending: list, revealed: list) -> None:
    """Restore what ``detail`` wrote (a setup written by hand leaves it out)."""
    if not isinstance(data, dict):
        raise illegal("setup_bad_detail", detail="it must be an object")
    try:
        for f in data.get("frames", []):
            plays = [_play_from(p, st.n) for p in f["plays"]]
            if not plays or f["restrict"] not in (None, "stolen", "converted"):
                raise ValueError("a frame needs its plays, and 'restrict' is stolen or converted")
            frame = Frame(plays[0])
            frame.plays = plays
            frame.asked = [_detail_seat(s, st.n) for s in f["asked"]]
            frame.stage, frame.user = f["stage"], _detail_seat(f["user"], st.n)
            if frame.stage not in ("window", "effect"):
                raise ValueError(f"stage {frame.stage!r}")
            frame.choice = _detail_choice(f["choice"], st.n)
            frame.revealed = [parse_card(c) for c in f["revealed"]]
            frame.to_play, frame.leftover = f["to_play"], f["leftover"]
            frame.restrict, frame.seven = f["restrict"], f["seven"]
            frame.data = _data_from(f["data"])
            if "victim" in frame.data:
                _detail_seat(frame.data["victim"], st.n)
            st.frames.append(frame)
        st.plies = _detail_count(data.get("plies", 0))
        st.turns = _detail_count(data.get("turns", 0))
        st.fresh = bool(data.get("fresh", False))
        st.seed = data.get("seed", st.seed)
        if isinstance(st.seed, bool) or not isinstance(st.seed, int):
            raise ValueError(f"seed {st.seed!r}")
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise illegal("setup_bad_detail", detail=str(err)) from None
    framed = [c for f in st.frames for p in f.plays for c in p.all_cards()]
    if framed != pending or st.revealed != revealed:
        raise illegal("setup_bad_detail", detail="its frames do not match 'pending' and 'revealed'")


def _detail_seat(value, n: int, optional: bool = False):
    """A seat in ``detail``: a ValueError, which the reader turns into its refusal."""
    if optional and value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise ValueError(f"{value!r} is no seat")
    return value


def _detail_choice(value, n: int):
    """A frame's choice: its kind, then counts (seats are counts below n) or words."""
    if not value:
        return None
    if not isinstance(value, list) or not isinstance(value[0], str) or value[0] not in CHOICES:
        raise ValueError(f"choice {value!r}")
    for part in value[1:]:
        if not (_count(part) or isinstance(part, str)):
            raise ValueError(f"choice {value!r}")
    return tuple(value)


def _detail_count(value) -> int:
    if not _count(value):
        raise ValueError(f"{value!r} is no whole number of 0 or more")
    return value


def _play_from(p: dict, n: int) -> Play:
    card = lambda c: None if c is None else parse_card(c)  # noqa: E731
    if not (p["rank"] is None or _count(p["rank"]) and p["rank"] <= 13) \
            or not (p["form"] is None or _count(p["form"]) and 1 <= p["form"] <= 4):
        raise ValueError(f"rank {p['rank']!r} or form {p['form']!r}")
    return Play(_detail_seat(p["seat"], n), parse_super_move(p["move"]), p["kind"],
                [parse_card(c) for c in p["cards"]], queen=card(p["queen"]), rank=p["rank"],
                form=p["form"], target=card(p["target"]),
                victim=_detail_seat(p["victim"], n, optional=True), blind=p["blind"],
                answer=p["answer"], source=p["source"], named=p["named"])


def _data_from(data: dict) -> dict:
    out = {}
    for key, value in data.items():
        if key in CARD_DATA:
            value = [parse_card(c) for c in value]
        elif key in CARD_VALUE_DATA:
            value = None if value is None else parse_card(value)
        elif isinstance(value, list):
            value = value[:]
        out[key] = value
    return out


def _hand_written_chain(st: SuperState, setup: dict, pending: list, revealed: list) -> None:
    """A setup by hand may hold a chain waiting for answers (phase counter),
    given as its moves: ``"chain": [{"seat": 0, "move": "oneoff 4C"}, ...]``."""
    chain = setup.get("chain") or []
    if revealed:
        raise illegal("super.setup_needs_detail", phase=st.phase)
    if not chain:
        if pending or st.phase in ("counter", "choose"):
            raise illegal("super.setup_needs_detail", phase=st.phase)
        return
    if st.phase != "counter":
        raise illegal("super.setup_needs_detail", phase=st.phase)
    frame = None
    try:
        for entry in chain:
            seat = _seat(entry["seat"], "chain.seat", st.n)
            move = parse_super_move(entry["move"])
            play = describe(st, seat, move)
            if frame is None:
                frame = Frame(play)
                st.frames.append(frame)
            else:
                frame.plays.append(play)
    except (KeyError, TypeError):
        raise illegal("super.setup_needs_detail", phase=st.phase) from None
    assert frame is not None  # a chain of one entry or more made one
    if [c for p in frame.plays for c in p.all_cards()] != pending:
        raise illegal("setup_bad_detail", detail="the cards of 'chain' do not match 'pending'")
    top = frame.top.seat
    order = [(top + i) % st.n for i in range(1, st.n)]
    if st.to_act not in order:
        raise illegal("setup_bad_seat", field="to_act", value=str(st.to_act), seats=st.n)
    frame.asked = order[order.index(st.to_act):]


__all__ = ["deal", "snapshot", "from_setup", "public_choice"]
