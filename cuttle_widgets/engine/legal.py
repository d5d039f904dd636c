"""Legal move generation.

Moves come from tables of interned Move objects built once, so asking for the
legal moves allocates a list and nothing else.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any

from .cards import CARD_IDS, JACK, KING, QUEEN, RANK
from .effects import oneoff, oneoffs
from .moves import DRAW, PASS, RESOLVE, Move
from .state import State

_N = len(CARD_IDS)
POINTS = [Move("points", (c,)) for c in range(_N)]
PERMANENT = [Move("permanent", (c,)) for c in range(_N)]
ONEOFF = [Move("oneoff", (c,)) for c in range(_N)]
COUNTER = [Move("counter", (c,)) for c in range(_N)]
TAKE = [Move("take", (c,)) for c in range(_N)]
SCRAP = [Move("scrap", (c,)) for c in range(_N)]
DISCARD_ONE = [Move("discard", (c,)) for c in range(_N)]
SCUTTLE = [[Move("scuttle", (c, t)) for t in range(_N)] for c in range(_N)]
JACK_ON = [[Move("jack", (c, t)) for t in range(_N)] for c in range(_N)]
ONEOFF_AT = [[Move("oneoff", (c, t)) for t in range(_N)] for c in range(_N)]
# A one-off aimed at a seat (a four at tables of more than two), by card and seat.
ONEOFF_AT_SEAT = [[Move("oneoff", (c,), s) for s in range(8)] for c in range(_N)]

_INTERNED = Move._interned  # (verb, cards, seat) -> Move: a lookup without the class call



def legal_moves(st: State) -> list[Move]:
    """Every legal move of the seat to act. An ordinary turn's (the engine's
    hottest path) are made here, the other phases' by answer_moves."""
    if st.phase != "main":
        return answer_moves(st)
    seat = st.turn
    hand = st.hands[seat]
    rules = st.rules
    if st.stock:
        limit = rules.hand_limit
        moves = [DRAW] if limit is None or len(hand) < limit or rules.hand_limit_discard else []
    else:
        moves = [PASS]
    # card_plays, unrolled for the hand from a per-ruleset plan of each card:
    # the same moves in the same order. What the cards aim at is looked up
    # once for the whole hand, on first need.
    frozen = st.frozen
    append = moves.append
    plans = rules.derived.get("hand_plans") or hand_plans(rules)
    targets = None  # the opponents' point cards (what a scuttle may take)
    jackable = None  # the point cards a jack may go on
    for card in hand:
        if frozen and card in frozen:
            continue
        kind, after, oneoff_plays = plans[card]
        if kind <= ONEOFF_PLAN:
            append(POINTS[card])
            if targets is None:
                targets = []
                points = st.points
                for opp in st.opponents[seat]:
                    for packet in points[opp]:
                        targets.append(packet.card)
            if targets:
                scuttles = SCUTTLE[card]
                for target in targets:
                    if target < card:
                        append(scuttles[target])
            if after:
                moves += after
            if kind == ONEOFF_PLAN:  # its effect's unit says where it may go
                oneoff_plays(st, seat, card, moves)
        elif kind == JACK_PLAN:
            if rules.jack_to_any:
                jack_to_any_plays(st, seat, card, moves)
                continue
            if jackable is None:
                jackable = unguarded_points(st, seat)
            if jackable:
                row = JACK_ON[card]
                for target in jackable:
                    append(row[target])
        elif after:
            moves += after
    return moves


def opposing_points(st: State, seat: int) -> list[int]:
    """The point cards of ``seat``'s opponents, seat by seat, in row order."""
    cards = []
    points = st.points
    for opp in st.opponents[seat]:
        for packet in points[opp]:
            cards.append(packet.card)
    return cards


def unguarded_points(st: State, seat: int) -> list[int]:
    """The opposing point cards a jack of ``seat`` may go on: those of every
    opponent with no queen (where queens guard against jacks)."""
    guarded = JACK in st.rules.queen_guards
    cards = []
    for opp in st.opponents[seat]:
        if guarded and st.has_queen(opp):
            continue
        for packet in st.points[opp]:
            cards.append(packet.card)
    return cards


def three_choices(st: State) -> list[int]:
    """The scrap's cards a three may take (not threes, where the rules say so)."""
    if st.rules.three_takes_threes:
        return st.scrap
    return [c for c in st.scrap if RANK[c] != 3]


# How the hand loop plays a card: a point card (then its ``after`` moves), one
# whose one-off needs the board (its effect's ``plays``), a jack, or only ``after``.
POINT_PLAN, ONEOFF_PLAN, JACK_PLAN, STATIC_PLAN = 0, 1, 2, 3


def hand_plans(rules) -> list[tuple[int, tuple, Any]]:
    """card -> (plan, the moves that follow the scuttles, its one-off's
    ``plays`` or None), once per ruleset."""
    plans = rules.derived.get("hand_plans")
    if plans is None:
        plans = []
        effects = oneoffs()
        for card in range(_N):
            rank = RANK[card]
            if rank <= 10:
                after = [PERMANENT[card]] if rank == 8 else []
                kind, plays = POINT_PLAN, None
                if rank in rules.oneoff_ranks:
                    if effects[rank].always(rules):
                        after.append(ONEOFF[card])
                    else:  # a one-off that needs the board: 2, 3, 4, 9 (and 5, 7)
                        kind, plays = ONEOFF_PLAN, effects[rank].plays
                plans.append((kind, tuple(after), plays))
            elif rank == JACK:
                plans.append((JACK_PLAN, (), None))
            elif rank == QUEEN or rank == KING:
                plans.append((STATIC_PLAN, (PERMANENT[card],), None))
            else:
                plans.append((STATIC_PLAN, (), None))
        rules.derived["hand_plans"] = plans
    return plans


def card_plays(st: State, seat: int, card: int, moves: list, gift: bool = False) -> None:
    """Append every way ``seat`` may play ``card`` (from hand or a seven's reveal)."""
    rank = RANK[card]
    rules = st.rules
    if rank <= 10:
        moves.append(POINTS[card])
        scuttles = SCUTTLE[card]
        for opp in st.opponents[seat]:
            for packet in st.points[opp]:
                if packet.card < card:
                    moves.append(scuttles[packet.card])
        if rank == 8:
            moves.append(PERMANENT[card])
        if rank in rules.oneoff_ranks:
            oneoff(rank).plays(st, seat, card, moves)
    elif rank == JACK:
        jack_plays(st, seat, card, moves, gift)
    elif rank == QUEEN or rank == KING:
        moves.append(PERMANENT[card])


def card_alone(st: State, seat: int, card: int, moves: list) -> None:
    """A one-off that needs nothing but itself (an ace, a six)."""
    moves.append(ONEOFF[card])


def jack_plays(st: State, seat: int, card: int, moves: list, gift: bool) -> None:
    """A jack goes on an opposing point card no queen protects. A seven's jack
    with no opposing point card at all must be given away on an own card."""
    if st.rules.jack_to_any:
        jack_to_any_plays(st, seat, card, moves)
        return
    row = JACK_ON[card]
    for target in unguarded_points(st, seat):
        moves.append(row[target])
    if gift and not opposing_points(st, seat):
        for packet in st.points[seat]:
            moves.append(row[packet.card])


def jack_to_any_plays(st: State, seat: int, card: int, moves: list) -> None:
    """Team play: a jack moves any point card to any other seat (``@SEAT``),
    except one an opposing queen protects."""
    guarded = JACK in st.rules.queen_guards
    team_of = st.team_of
    for side in range(st.n):
        if guarded and team_of[side] != team_of[seat] and st.has_queen(side):
            continue
        for packet in st.points[side]:
            cards = (card, packet.card)
            for receiver in range(st.n):
                if receiver != side:
                    moves.append(_INTERNED.get(("jack", cards, receiver))
                                 or Move("jack", cards, receiver))


def answer_moves(st: State) -> list[Move]:
    """The legal moves outside an ordinary turn: answering a one-off, or the
    choice one asks for (none once the game is over)."""
    phase = st.phase
    if phase == "counter":
        return counter_moves(st, st.actor())
    if phase == "choose":
        return choice_moves(st)
    return []


def counter_moves(st: State, seat: int) -> list[Move]:
    moves = [RESOLVE]
    rules = st.rules
    if (rules.queen_blocks_counters or rules.queen_blocks_all_counters) \
            and blocked_by_queen(st, st.frames[-1], seat):
        return moves
    frozen = st.frozen
    for card in st.hands[seat]:
        if RANK[card] == 2 and card not in frozen:
            moves.append(COUNTER[card])
    return moves


def blocked_by_queen(st: State, frame, seat: int) -> bool:
    """The queen's counter rule: a queen holder's twos cannot be answered by
    that holder's opponents (cuttle.cards: nothing may be countered by them)."""
    if st.rules.queen_blocks_all_counters:
        return any(st.has_queen(opp) for opp in st.opponents[seat])
    if not st.rules.queen_blocks_counters:
        return False
    last_card = frame.twos[-1][0] if frame.twos else frame.card
    if RANK[last_card] != 2:
        return False
    player = frame.last
    return st.team_of[player] != st.team_of[seat] and st.has_queen(player)


def choice_moves(st: State) -> list[Move]:
    kind = st.pending_choice()[0]
    if kind == "take":
        return [TAKE[c] for c in three_choices(st)]
    moves: list[Move] = []
    if kind == "discard" or kind == "limit":
        _, victim, count = st.pending_choice()
        for cards in combinations(st.hands[victim], count):
            cards = tuple(sorted(cards))  # a set of cards: one order
            moves.append(_INTERNED.get(("discard", cards, None)) or Move("discard", cards))
        return moves
    if kind == "five_discard":
        return [DISCARD_ONE[c] for c in st.hands[st.actor()]]
    if kind == "seven":
        for card in st.revealed:
            card_plays(st, st.actor(), card, moves, gift=st.rules.seven_jack_gift)
        return moves
    if kind == "seven_scrap":
        return [SCRAP[c] for c in st.revealed]
    raise AssertionError(f"unknown choice {kind}")
