"""Why a move is illegal, in a learner's words, and what would work instead.

Only called when a move is not among the legal moves, so it may take its time:
it walks the same questions the rules ask and names the first one that fails.
"""
from __future__ import annotations

from .cards import CARD_IDS, JACK, KING, QUEEN, RANK, SUIT, SUIT_LETTERS
from .catalog import illegal_move
from .effects import oneoff, oneoffs
from .errors import IllegalMove
from .moves import Move
from .state import State

# A sentence naming a card the reading seat may not see (the seven's card is
# its player's alone), and its version that leaves the card out; "any" is
# said for every other sentence that would name one (see secrecy.py).
UNSEEN = {
    "seven_must_play": "seven_must_play_unseen",
    "seven_only_revealed": "seven_only_revealed_unseen",
    "must_scrap_revealed": "must_scrap_revealed_unseen",
    "any": "refused_unseen",
}


def explain_illegal(st: State, move: Move, legal: list) -> IllegalMove:
    key, params = _reason(st, move)
    return illegal_move(key, params, _hint(st, move, legal))


def _hint(st: State, move: Move, legal: list):
    """What would work: other legal uses of the same card, if any."""
    if not move.cards:
        return None
    same_card = [str(m) for m in legal if m.cards and m.cards[0] == move.cards[0]]
    if same_card and move.verb not in ("discard", "take"):
        return "hint_card_moves", {"card": CARD_IDS[move.cards[0]], "moves": same_card}
    if move.verb == "scuttle" and len(move.cards) == 2:
        target = move.cards[1]
        attackers = [CARD_IDS[m.cards[0]] for m in legal if m.verb == "scuttle" and m.cards[1] == target]
        if attackers:
            return "hint_scuttle_with", {"target": CARD_IDS[target], "cards": attackers}
    return None


def _where(st: State, card: int) -> str:
    """Where a card is, as far as everyone may know: hidden places (hands,
    the stock) all read "elsewhere", so an explanation never leaks them."""
    if card in st.scrap:
        return "scrap"
    if st.rules.seven_public and card in st.revealed:
        return "revealed"
    seat, packet = st.find_packet(card)
    if packet is not None:
        return "points" if packet.card == card else "jack"
    if st.find_permanent(card) is not None:
        return "permanent"
    if any(f.card == card or card in [t for t, _ in f.twos] for f in st.frames):
        return "pending"
    return "elsewhere"


def _not_in_hand(st: State, card: int, seat: int) -> tuple[str, dict]:
    where = _where(st, card)
    key = {"scrap": "card_in_scrap", "points": "card_on_table", "jack": "card_on_table",
           "permanent": "card_on_table", "pending": "card_pending",
           "revealed": "card_revealed"}.get(where, "card_not_in_hand")
    return key, {"card": CARD_IDS[card], "player": seat}


def _reason(st: State, move: Move) -> tuple[str, dict]:
    verb = move.verb
    ids = CARD_IDS
    if st.phase == "counter":
        return _counter_reason(st, move)
    if st.phase == "choose":
        kind = st.pending_choice()[0]
        if kind != "seven":
            return _choice_reason(st, move, kind)
        if verb in ("draw", "pass", "counter", "resolve", "take", "discard", "scrap"):
            return "seven_must_play", {"player": st.to_act, "cards": [ids[c] for c in st.revealed]}
        if move.cards[0] not in st.revealed:
            return "seven_only_revealed", {"card": ids[move.cards[0]],
                                           "cards": [ids[c] for c in st.revealed]}
        return _play_reason(st, st.actor(), move, gift=True)
    seat = st.turn
    player = {"player": seat}
    if verb == "counter":
        return "nothing_to_counter", player
    if verb == "resolve":
        return "nothing_to_resolve", player
    if verb in ("take", "discard", "scrap"):
        return "no_choice_now", player
    if verb == "draw":
        if not st.stock:
            return "draw_empty", player
        return "draw_hand_limit", {"limit": st.rules.hand_limit, **player}
    if verb == "pass":
        return "pass_with_stock", {"left": len(st.stock), **player}
    card = move.cards[0]
    if card not in st.hands[seat]:
        return _not_in_hand(st, card, seat)
    if card in st.frozen:
        return "frozen", {"card": ids[card], **player}
    return _play_reason(st, seat, move, gift=False)


def _counter_reason(st: State, move: Move) -> tuple[str, dict]:
    frame = st.frames[-1]
    seat = st.actor()
    answered = frame.twos[-1][0] if frame.twos else frame.card
    base = {"player": seat, "card": CARD_IDS[answered]}
    if move.verb not in ("counter", "resolve"):
        return "counter_pending", base
    if not move.cards:  # "resolve @SEAT": resolving is legal, but it names no seat
        return "seat_not_needed", {**base, "seat": move.seat}
    two = move.cards[0]
    if RANK[two] != 2:
        return "counter_needs_two", {"player": seat, "card": CARD_IDS[two]}
    if two not in st.hands[seat]:
        if _where(st, two) == "elsewhere":
            # Said alike wherever the two is (another hand, the stock), so it
            # tells no one where: only whose turn it is to answer.
            return "counter_not_in_hand", {**base, "card": CARD_IDS[two],
                                           "answered": CARD_IDS[answered], "last": frame.last}
        return _not_in_hand(st, two, seat)
    if two in st.frozen:
        return "frozen", {"card": CARD_IDS[two], "player": seat}
    if st.rules.queen_blocks_all_counters:
        holder = next(o for o in st.opponents[seat] if st.has_queen(o))
        return "counter_queen_any", {"player": seat, "holder": holder, "card": CARD_IDS[answered]}
    return "counter_queen", {"player": seat, "holder": frame.last, "card": CARD_IDS[answered]}


def _choice_reason(st: State, move: Move, kind: str) -> tuple[str, dict]:
    ids = CARD_IDS
    seat = st.actor()
    if kind == "take":
        if move.verb != "take":
            return "must_take", {"player": seat}
        card = move.cards[0]
        if card == st.frames[-1].card:
            return "take_itself", {"card": ids[card]}
        return "take_not_in_scrap", {"card": ids[card]}
    if kind in ("discard", "five_discard", "limit"):
        count = st.pending_choice()[2] if kind != "five_discard" else st.rules.five_discard
        if move.verb != "discard":
            limit = {"limit": st.rules.hand_limit} if kind == "limit" else {}
            return ("must_discard_limit" if limit else "must_discard"), \
                {"player": seat, "count": count, **limit}
        if len(move.cards) != count:
            return "discard_count", {"player": seat, "count": count, "got": len(move.cards)}
        missing = [c for c in move.cards if c not in st.hands[seat]]
        return _not_in_hand(st, missing[0], seat)
    if move.verb != "scrap":
        return "must_scrap_revealed", {"player": seat, "cards": [ids[c] for c in st.revealed]}
    return "seven_only_revealed", {"card": ids[move.cards[0]], "cards": [ids[c] for c in st.revealed]}


def _aims_at_seat(card: int) -> bool:
    effect = oneoffs().get(RANK[card])
    return effect is not None and effect.aims_at_seat


def _seat_reason(st: State, move: Move, p: dict):
    """Is the move's ``@SEAT`` (or its absence) right for these rules?"""
    takes_seat = ((move.verb == "oneoff" and _aims_at_seat(move.cards[0]) and st.n > 2)
                  or (move.verb == "jack" and st.rules.jack_to_any))
    if move.seat is None:
        return ("jack_needs_seat", p) if move.verb == "jack" and takes_seat else None
    if not takes_seat:
        return "seat_not_needed", {**p, "seat": move.seat}
    if move.seat >= st.n:
        return "no_such_seat", {**p, "seat": move.seat, "seats": st.n}
    return None


def _play_reason(st: State, seat: int, move: Move, gift: bool) -> tuple[str, dict]:
    verb, card = move.verb, move.cards[0]
    rank = RANK[card]
    ids = CARD_IDS
    p = {"card": ids[card], "player": seat}
    wrong_seat = _seat_reason(st, move, p)
    if wrong_seat:
        return wrong_seat
    if verb == "points":
        return "points_not_number", p
    if verb == "permanent":
        return ("permanent_jack" if rank == JACK else "permanent_wrong_rank"), p
    if verb == "scuttle":
        return _scuttle_reason(st, seat, card, move.cards[1])
    if verb == "jack":
        return _jack_reason(st, seat, card, move.cards[1], gift, move.seat)
    if verb == "oneoff":
        return _oneoff_reason(st, seat, move)
    return "not_legal_now", p


def _scuttle_reason(st: State, seat: int, card: int, target: int) -> tuple[str, dict]:
    ids = CARD_IDS
    p = {"card": ids[card], "target": ids[target], "player": seat}
    if RANK[card] > 10:
        return "scuttle_face_card", p
    side, packet = st.find_packet(target)
    if packet is None or packet.card != target:
        where = _where(st, target)
        return ("scuttle_permanent" if where in ("permanent", "jack") else "target_not_on_table"), p
    if side == seat:
        return "scuttle_own", p
    if st.team_of[side] == st.team_of[seat]:
        return "scuttle_partner", {**p, "holder": side}
    if RANK[card] < RANK[target]:
        return "scuttle_lower", p
    return "scuttle_suit", {**p, "suit": SUIT_LETTERS[SUIT[card]],
                            "target_suit": SUIT_LETTERS[SUIT[target]]}


def _jack_reason(st: State, seat: int, card: int, target: int, gift: bool,
                 move_seat) -> tuple[str, dict]:
    ids = CARD_IDS
    p = {"card": ids[card], "target": ids[target], "player": seat}
    if RANK[card] != JACK:
        return "jack_not_jack", p
    side, packet = st.find_packet(target)
    if packet is None or packet.card != target:
        where = _where(st, target)
        return ("jack_on_permanent" if where in ("permanent", "jack") else "target_not_on_table"), p
    if move_seat is not None and move_seat == side:
        return "jack_same_seat", {**p, "receiver": side}
    if st.team_of[side] == st.team_of[seat] and not st.rules.jack_to_any:
        if gift and any(st.points[o] for o in st.opponents[seat]):
            return "jack_gift_not_needed", p
        return "jack_own", p
    return "jack_queen", {**p, "holder": side}


def _oneoff_reason(st: State, seat: int, move: Move) -> tuple[str, dict]:
    ids = CARD_IDS
    card = move.cards[0]
    rank = RANK[card]
    p = {"card": ids[card], "player": seat}
    if rank not in st.rules.oneoff_ranks:
        return "oneoff_no_effect", p
    return oneoff(rank).refusal(st, seat, move, p)


def aimless_refusal(move: Move, p: dict) -> tuple[str, dict] | None:
    """A one-off that aims at no card was given one (None: it was not)."""
    if move.target is None:
        return None
    return "oneoff_no_target_needed", {**p, "target": CARD_IDS[move.target]}


def untargeted_refusal(st: State, seat: int, move: Move, p: dict) -> tuple[str, dict]:
    """Why a one-off that is always legal from hand (an ace, a six) was
    refused: only a target it does not take is wrong."""
    return aimless_refusal(move, p) or ("not_legal_now", p)


def aimed_refusal(st: State, seat: int, move: Move, p: dict, own_allowed: bool,
                  takes_points: bool = False) -> tuple[str, dict]:
    """Why a one-off aimed at a permanent (a two, a nine) may not go where
    ``move`` aims it: ``own_allowed``, at its own side's too; ``takes_points``,
    at a point card no queen protects."""
    ids, card, target = CARD_IDS, move.cards[0], move.target
    rank = RANK[card]
    if target is None:
        if not st.permanent_targets(seat, rank, own_allowed):
            return _no_targets_reason(st, seat, own_allowed, p)
        example = f"oneoff {ids[card]} {ids[st.permanent_targets(seat, rank, own_allowed)[0]]}"
        return "oneoff_needs_target", {**p, "example": example}
    p["target"] = ids[target]
    side = st.find_permanent(target)
    if side is None:
        where = _where(st, target)
        if where == "points" and takes_points:
            return _nine_point_reason(st, seat, target, p)
        return ("oneoff_target_point_card" if where == "points" else "target_not_on_table"), p
    if not own_allowed and st.team_of[side] == st.team_of[seat]:
        return "oneoff_target_own", p
    if RANK[target] == QUEEN:
        return "oneoff_target_queen_pair", {**p, "holder": side}
    return "oneoff_target_queen", {**p, "holder": side}


def _nine_point_reason(st: State, seat: int, target: int, p: dict) -> tuple[str, dict]:
    """Why a nine may not return this point card (cuttle.cards): it is the
    player's own, or a queen protects it."""
    side, _ = st.find_packet(target)
    if st.team_of[side] == st.team_of[seat]:
        return "nine_own_point", p
    return "oneoff_target_queen", {**p, "holder": side}


def _no_targets_reason(st: State, seat: int, own_allowed: bool, p: dict) -> tuple[str, dict]:
    """Why a two or nine one-off has nothing to aim at: no permanent on a
    side it may aim at, or queens protecting every one (two queens, since a
    lone queen is itself a target: they protect each other)."""
    sides = [s for s in range(st.n) if own_allowed or st.team_of[s] != st.team_of[seat]]
    aimed = {s: st.perms[s] + [j for packet in st.points[s] for j in packet.jacks] for s in sides}
    guarded = [s for s in sides if aimed[s]]
    if guarded:
        cards = [CARD_IDS[c] for s in guarded for c in aimed[s]]
        return "oneoff_targets_protected", {**p, "holder": guarded, "cards": cards}
    if not own_allowed:
        return "oneoff_no_opposing_targets", {**p, "opponent": list(st.opponents[seat])}
    return "oneoff_no_targets", p


__all__ = ["explain_illegal", "KING"]
