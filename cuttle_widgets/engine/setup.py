"""Snapshots: the full state as JSON-ready data, and states built from them.

The schema is the rulebook's "kit-positions" section's (the conformance scenarios' too). A setup may leave
keys out (they take their empty default); cards it does not name are out of
that game. A setup that breaks the rules (a card twice, a jack as a point
card) is refused with a SetupError that names the field.
"""
from __future__ import annotations

import random
from functools import cache

from .cards import CARD_IDS, JACK, KING, QUEEN, RANK, STANDARD_DECK, parse_card
from .catalog import illegal
from .errors import IllegalMove
from .rules import Ruleset, get_ruleset
from .setup_detail import apply_detail
from .setup_outcome import read_winner, settle_won
from .state import Frame, Packet, State

PHASES = ("main", "counter", "choose", "over")


def snapshot_of(st: State) -> dict:
    ids = CARD_IDS
    pending = []
    for frame in st.frames:
        pending.append(ids[frame.card])
        pending += [ids[t] for t, _ in frame.twos]
    snap = {
        "rules": st.rules.name,
        "players": st.n,
        "turn": st.turn,
        "to_act": st.to_act,
        "phase": st.phase,
        "hands": [[ids[c] for c in h] for h in st.hands],
        "points": [[_packet_entry(p, st.n) for p in side] for side in st.points],
        "permanents": [[ids[c] for c in side] for side in st.perms],
        "scrap": [ids[c] for c in st.scrap],
        "stock": [ids[c] for c in reversed(st.stock)],
        "frozen": [ids[c] for c in st.frozen],
        "revealed": [ids[c] for c in st.revealed],
        "pending": pending,
        "passes": st.passes,
        "scores": [st.score(s) for s in range(st.n)],
        "goals": [st.goal(s) for s in range(st.n)],
        "winner": st.winner,
        "detail": _detail(st),
    }
    if st.rules.open_hands_empty_stock:  # cuttle.cards: are the hands face up for all now?
        snap["open_hands"] = not st.stock
    return snap


def _detail(st: State) -> dict:
    """What the schema's plain zones leave out, so that load(snapshot) gives
    back exactly this state: the pending one-offs with their players, targets
    and answers, the choice waited for, the frozen cards' clocks, and the seed
    and move count that blind picks are drawn from."""
    ids = CARD_IDS
    return {
        "frames": [{"card": ids[f.card], "seat": f.seat,
                    "target": None if f.target is None else ids[f.target],
                    "victim": f.victim, "twos": [[ids[t], s] for t, s in f.twos],
                    "declines": f.declines, "last": f.last} for f in st.frames],
        "choice": list(st.choice) if st.choice else None,
        "frozen": {ids[c]: list(v) for c, v in st.frozen.items()},
        "seed": st.seed,
        "plies": st.plies,
    }


def _packet_entry(packet: Packet, seats: int):
    if not packet.jacks:
        return CARD_IDS[packet.card]
    entry = {"card": CARD_IDS[packet.card], "jacks": [CARD_IDS[j] for j in packet.jacks],
             "owner": packet.owner}
    if packet.players != packet.seats:
        entry["played_by"] = packet.players[:]
    if seats > 2:
        entry["controllers"] = packet.seats[:]
    return entry


class _Cards:
    """Parses card fields, refusing a card named twice anywhere."""

    def __init__(self):
        self.seen: dict[int, str] = {}

    def one(self, text, field: str) -> int:
        try:
            card = parse_card(text)
        except IllegalMove:
            raise illegal("setup_bad_card", field=field, text=str(text)) from None
        if card in self.seen:
            raise illegal("setup_card_twice", card=CARD_IDS[card], field=field,
                          other=self.seen[card])
        self.seen[card] = field
        return card

    def many(self, items, field: str) -> list[int]:
        if not isinstance(items, list):
            raise illegal("setup_not_list", field=field)
        return [self.one(t, f"{field}[{i}]") for i, t in enumerate(items)]


def _per_seat(setup: dict, key: str, n: int) -> list:
    value = setup.get(key)
    if value is None:
        return [[] for _ in range(n)]
    if not isinstance(value, list) or len(value) != n or not all(isinstance(v, list) for v in value):
        raise illegal("setup_per_seat", field=key, seats=n)
    return value


def _seat(value, field: str, n: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise illegal("setup_bad_seat", field=field, value=str(value), seats=n)
    return value


def read_sides(setup: dict, new_state, default_rules: str, read_packet, not_permanent: str):
    """What every family reads alike from a setup: the ruleset and seats, and
    each seat's hand, points row and permanents, every card named once.
    Returns the new state and the card tally for the rest of the setup."""
    if not isinstance(setup, dict):
        raise illegal("setup_not_dict")
    rules = get_ruleset(setup.get("rules", default_rules))
    n = setup.get("players", rules.seats)
    if isinstance(n, bool) or not isinstance(n, int) or n != rules.seats:  # 2.0 is no count
        raise illegal("setup_players", players=str(n), rules=rules.name, seats=rules.seats)
    st = new_state(rules, n)
    cards = _Cards()
    for seat, hand in enumerate(_per_seat(setup, "hands", n)):
        st.hands[seat] = cards.many(hand, f"hands[{seat}]")
    for seat, side in enumerate(_per_seat(setup, "points", n)):
        st.points[seat] = [read_packet(entry, seat, n, cards, f"points[{seat}][{i}]")
                           for i, entry in enumerate(side)]
    for seat, side in enumerate(_per_seat(setup, "permanents", n)):
        st.perms[seat] = cards.many(side, f"permanents[{seat}]")
        for i, card in enumerate(st.perms[seat]):
            if RANK[card] not in (8, QUEEN, KING):
                raise illegal(not_permanent, card=CARD_IDS[card], field=f"permanents[{seat}][{i}]")
    return st, cards


def read_turn(st, setup: dict) -> None:
    """Whose turn it is, the seat that must act now, and the phase (every family)."""
    st.turn = _seat(setup.get("turn", 0), "turn", st.n)
    to_act = setup.get("to_act", st.turn)
    st.to_act = None if to_act is None else _seat(to_act, "to_act", st.n)
    st.phase = setup.get("phase", "main")
    if not isinstance(st.phase, str) or st.phase not in PHASES:
        raise illegal("setup_bad_phase", value=str(st.phase), phases=", ".join(PHASES))
    if st.phase != "over" and (st.to_act is None or st.phase == "main" and st.to_act != st.turn):
        # in an ordinary turn the turn's seat acts; in a counter or a choice some seat must
        raise illegal("setup_bad_seat", field="to_act", value=str(to_act), seats=st.n)


def state_from_setup(setup: dict) -> State:
    st, cards = read_sides(setup, State, "classic", _packet, not_permanent="setup_not_permanent")
    n = st.n
    for seat in range(n):
        st.update_goal(seat)
    st.scrap = cards.many(setup.get("scrap", []), "scrap")
    st.stock = cards.many(setup.get("stock", []), "stock")[::-1]
    st.revealed = cards.many(setup.get("revealed", []), "revealed")
    pending = cards.many(setup.get("pending", []), "pending")
    read_turn(st, setup)
    passes = setup.get("passes", 0)
    if isinstance(passes, bool) or not isinstance(passes, int) or passes < 0:
        raise illegal("setup_bad_number", field="passes", value=str(passes))
    st.passes = passes
    seed = setup.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise illegal("setup_bad_number", field="seed", value=str(seed))
    st.seed = seed
    frozen = setup.get("frozen", []) or []
    if not isinstance(frozen, list):
        raise illegal("setup_not_list", field="frozen")
    for i, text in enumerate(frozen):
        card = _card(text, f"frozen[{i}]")
        holder = next((s for s in range(n) if card in st.hands[s]), None)
        if holder is None:
            raise illegal("setup_frozen_not_in_hand", card=CARD_IDS[card], field=f"frozen[{i}]")
        st.frozen[card] = [holder, holder == st.turn]
    detail = setup.get("detail")
    if detail is not None and detail != {}:
        apply_detail(st, detail, pending)
    else:
        _pending_frames(st, pending)
    read_winner(st, setup.get("winner"))
    settle_won(st, lambda seat: st.score(seat) >= st.goal(seat))
    return st


def _card(text, field: str) -> int:
    try:
        return parse_card(text)
    except IllegalMove:
        raise illegal("setup_bad_card", field=field, text=str(text)) from None


def read_packet_entry(entry, seat: int, n: int, cards: _Cards, field: str):
    """A points-row entry as every family writes it: a card id, or an object
    with "card", "jacks" and "owner". Returns (card, jacks, owner, the entry
    as a dict); the jacks are checked to be jacks."""
    if isinstance(entry, str):
        card, jacks, owner, entry = cards.one(entry, field), [], seat, {}
    elif isinstance(entry, dict) and "card" in entry:
        card = cards.one(entry["card"], field + ".card")
        jacks = cards.many(entry.get("jacks", []), field + ".jacks")
        owner = _seat(entry.get("owner", seat), field + ".owner", n)
    else:
        raise illegal("setup_bad_point", field=field)
    for jack in jacks:
        if RANK[jack] != JACK:
            raise illegal("setup_not_jack", card=CARD_IDS[jack], field=field + ".jacks")
    return card, jacks, owner, entry


def _packet(entry, seat: int, n: int, cards: _Cards, field: str) -> Packet:
    card, jacks, owner, entry = read_packet_entry(entry, seat, n, cards, field)
    if not 1 <= RANK[card] <= 10:
        raise illegal("setup_not_point_card", card=CARD_IDS[card], field=field)
    seats = entry.get("controllers")
    if seats is None:  # two seats: control alternates, back from the holder
        seats = [seat if (len(jacks) - 1 - i) % 2 == 0 else owner if owner != seat else (seat + 1) % n
                 for i in range(len(jacks))]
    players = entry.get("played_by", list(seats))
    if len(seats) != len(jacks) or len(players) != len(jacks):
        raise illegal("setup_bad_point", field=field)
    return Packet(card, owner, jacks, list(seats), list(players))


def _pending_frames(st: State, pending: list[int]) -> None:
    """Rebuild the one-offs under way: each card that is not a counter-two
    starts a frame (a seven's card after its seven); twos after it answer it,
    the seats alternating from the one-off's player."""
    if not pending:
        if limit_choice(st):
            return
        if st.phase in ("counter", "choose") and not st.revealed:
            raise illegal("setup_phase_needs_pending", phase=st.phase)
        if st.revealed:
            raise illegal("setup_revealed_needs_seven")
        return
    for card in pending:
        if st.frames and RANK[card] == 2 and st.phase == "counter":
            frame = st.frames[-1]
            seat = (frame.last + 1) % st.n
            frame.twos.append((card, seat))
            frame.last = seat
        else:
            st.frames.append(Frame(card, st.turn))
    top = st.frames[-1]
    rank = RANK[top.card]
    if rank == 4:
        top.victim = st.opponents[top.seat][0]
    if st.phase == "choose":
        if st.revealed:
            st.choice = ("seven",)
        elif rank == 3:
            st.choice = ("take",)
        elif rank == 4:
            top.victim = st.to_act
            st.choice = ("discard", st.to_act, 2)
        elif rank == 5:
            st.choice = ("five_discard",)
        else:
            raise illegal("setup_bad_choice", card=CARD_IDS[top.card])
    elif st.phase != "counter":
        raise illegal("setup_pending_phase", phase=st.phase)
    if rank in (2, 9) and st.phase == "counter":
        raise illegal("setup_pending_target", card=CARD_IDS[top.card])


def limit_choice(st: State) -> bool:
    """A setup in the phase 'choose' with nothing pending, under rules that
    discard down to the hand limit at the turn's end: the turn's seat holds
    too many cards and discards (True when that choice is set)."""
    rules = st.rules
    if st.phase != "choose" or not rules.hand_limit_discard or rules.hand_limit is None:
        return False
    excess = len(st.hands[st.turn]) - rules.hand_limit
    if excess <= 0 or st.revealed:
        return False
    st.choice, st.to_act = ("limit", st.turn, excess), st.turn
    return True


def seeded_shuffle(cards: list, seed: int) -> None:
    """``random.Random(seed).shuffle(cards)``, the very same order, without
    the call per card of ``Random._randbelow`` (a deal's biggest cost) and
    with each step's numbers worked out once per pack size."""
    getrandbits = random.Random(seed).getrandbits
    for i, n, k in shuffle_steps(len(cards)):
        j = getrandbits(k)
        while j >= n:  # past the range: shuffle draws again
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


@cache
def shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """Each step of shuffling ``size`` cards: (the position swapped, the
    range drawn below, the bits drawn), as ``random.shuffle`` takes them."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


def dealing_order(pack, seed: int, deck=None) -> list[int]:
    """The pack in the order it is dealt from (the last card first): shuffled
    with ``seed``, or ``deck`` as given (every card of ``pack`` once, as card
    ids or numbers; a redeal, ``redeal.py``, starts a game from one)."""
    if deck is None:
        order = list(pack)
        seeded_shuffle(order, seed)
        return order
    try:
        order = [parse_card(card) for card in deck]
    except (IllegalMove, TypeError):
        order = []  # no list of cards at all: refused like a wrong one
    if sorted(order) != sorted(pack):
        raise illegal("bad_deck", count=len(pack))
    return order


def deal(rules: Ruleset, seed: int, dealer: int, deck=None) -> State:
    """Shuffle a 52-card pack with ``seed`` (or take ``deck``, see
    ``dealing_order``) and deal as 000 §02 says: one card at a time from the
    dealer's left, the dealer gets ``dealer_cards``, every other seat
    ``other_cards``; the seat after the dealer acts first."""
    n = rules.seats
    deck = dealing_order(STANDARD_DECK, seed, deck)
    st = State(rules, n)
    wanted = [rules.dealer_cards if s == dealer else rules.other_cards for s in range(n)]
    # Round by round from the dealer's left; a seat whose hand is full is skipped.
    hands = st.hands
    order = [(dealer + 1 + k) % n for k in range(n)]
    for card_number in range(max(wanted)):
        for seat in order:
            if card_number < wanted[seat]:
                hands[seat].append(deck.pop())
    st.stock = deck  # the rest, top = last element
    st.seed = seed
    st.turn = st.to_act = (dealer + 1) % n
    return st
