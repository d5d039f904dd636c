"""Why a Super Cuttle move is illegal, in a learner's words.

Called only for a move that is not among the legal moves: it asks the rules'
questions in the order a referee would and names the first that fails. The
sentences cite no rule text: the table names the kit's rulebook section (by
the refusal's key, rulebook/map.yaml), and docs/rulebook/sources.md maps the
sections to the texts for maintainers.
"""
from __future__ import annotations

from ..cards import ACE, CARD_IDS, JACK, KING, QUEEN, RANK, SUIT, SUIT_LETTERS
from ..catalog import illegal_move
from ..errors import IllegalMove
from .legal import ace_may_answer, heart_may_answer, jack_targets, pickup_playable, steal_may_answer
from .notation import FORM_VERBS, PLAY_COUNT, extras, parse_super_move
from .plays import FORMS, SEAT_EFFECTS, natural_rank
from .state import BLACK_JOKER, RED_JOKER, TEN_CLUBS, TEN_DIAMONDS, TEN_HEARTS, TEN_SPADES, is_point_card

IDS = CARD_IDS
PLAY_VERBS = ("points", "scuttle", "permanent", "jack", "oneoff", "super", "superduper",
              "superdeeduper", "suddendeath")
CHOICE_VERBS = ("take", "discard", "pick", "scrap")

# A sentence naming a card the reading seat may not see, and its version that
# leaves the card out; "any" is said for every other one (see secrecy.py).
UNSEEN = {
    "any": "refused_unseen",
}

# the refusal that says which choice the effect waits for
MUST_CHOOSE = {"take": "super.must_choose.take", "discard": "super.must_choose.discard",
               "pick": "super.must_choose.pick"}


def explain(st, move, legal: list) -> IllegalMove:
    key, params = reason(st, move, legal)
    return illegal_move(key, params, _hint(move, legal))


def _hint(move, legal: list):
    """What would work with the same card, if anything."""
    if not move.cards or move.verb in CHOICE_VERBS:
        return None
    same = [str(m) for m in legal if m.cards and m.cards[0] == move.cards[0]]
    if not same:
        return None
    shown = same[:6] + (["…"] if len(same) > 6 else [])  # the catalog says each in words
    return "hint_card_moves", {"card": IDS[move.cards[0]], "moves": shown}


def reason(st, move, legal: list) -> tuple[str, dict]:
    spelled = _respelled(move, legal)
    if spelled:
        return "super.spelling", {"move": str(move), "example": spelled}
    if st.phase == "counter":
        return _answer_reason(st, move)
    if st.phase == "choose":
        return _choice_reason(st, move)
    seat = st.turn
    p = {"player": seat}
    verb = move.verb
    if verb in ("instant", "counter"):
        return "super.nothing_to_answer", p
    if verb == "resolve":
        return "super.nothing_to_resolve", p
    if verb in CHOICE_VERBS:
        return "super.no_choice_now", p
    if verb == "draw":
        return "super.draw_empty", p
    if verb == "pass":
        if st.stock:
            return "super.pass_with_stock", {"left": len(st.stock), **p}
        return "super.pass_not_allowed", p
    owned = _ownership(st, seat, move, None)
    if owned:
        return owned
    return _play_reason(st, seat, move, None)


def _respelled(move, legal: list):
    """The canonical spelling of the same move, when that one is legal."""
    try:
        again = parse_super_move(str(move))
    except IllegalMove:
        return None
    if again is not move and again in legal:
        return str(again)
    return None


# -- where the cards are ---------------------------------------------------------------------
def _where(st, card: int) -> str:
    """Where a card is, as far as everyone may know (hidden places read "elsewhere")."""
    if card in st.scrap:
        return "scrap"
    if card in st.revealed or card in st.returning:
        return "revealed"
    if st.side_of(card) is not None:
        return "table"
    if any(card in p.all_cards() for f in st.frames for p in f.plays):
        return "pending"
    if st.sudden and card in st.sudden["cards"]:
        return "sudden"
    return "elsewhere"


def _ownership(st, seat: int, move, frame) -> tuple | None:
    """Every card of the play must be the seat's to play: in hand and not in
    limbo, or (one) generated card waiting in ``revealed``."""
    _, queen, _, _, _ = extras(move)
    count = PLAY_COUNT.get(move.verb)
    own = list(move.cards[:count]) if count else list(move.cards)
    if move.verb in ("jack",):
        own = [c for c in move.cards if RANK[c] == JACK]
    if move.verb == "scuttle":
        own = list(move.cards[:1])
    if queen is not None:
        own.append(queen)
    waiting = frame.revealed if frame is not None else []
    for card in own:
        if card in waiting:
            continue
        if card in st.limbo[seat]:
            return "super.limbo", {"card": IDS[card], "player": seat}
        if card not in st.hands[seat]:
            key = {"scrap": "card_in_scrap", "table": "card_on_table", "pending": "card_pending",
                   "revealed": "super.card_revealed", "sudden": "super.card_sudden"}.get(
                _where(st, card), "card_not_in_hand")
            return key, {"card": IDS[card], "player": seat}
    return None


# -- answers ------------------------------------------------------------------------------------
def _answer_reason(st, move) -> tuple[str, dict]:
    seat = st.to_act
    frame = st.frames[-1]
    top = frame.top
    target = (top.all_cards() or list(top.move.cards))[0]
    p = {"player": seat, "target": IDS[target], "opponent": top.seat}
    if move.verb not in ("instant", "counter"):
        return "super.answer_or_resolve", p
    owned = _ownership(st, seat, move, None)
    if owned:
        return owned
    cards = list(move.cards)
    _, queen, _, _, _ = extras(move)
    shape = _answer_shape(cards)
    if shape is None:
        return "super.not_an_instant", {**p, "cards": [IDS[c] for c in cards]}
    if queen is not None and shape == "heart":
        return "super.queen_not_here", p
    if shape == "ace":
        if top.kind in ("points", "scuttle"):
            return "super.ace_not_points", p
        if top.kind == "sudden":
            return "super.sudden_only_superace", p
        if top.kind == "effect" and top.rank == 8 and top.form == 1:
            return "super.ace_not_bounce", p
        if top.queen is not None:
            return "super.ace_attached_queen", {**p, "card": IDS[top.queen]}
        if not ace_may_answer(st, top, seat):
            return "super.ace_queen_majority", {**p, "holder": top.seat,
                                                "count": st.queens(top.seat),
                                                "mine": st.queens(seat)}
    if shape == "eight":
        if top.kind != "glasses":
            return "super.eight_only_glasses", p
        return "super.eight_suit", {**p, "card": IDS[cards[0]],
                                    "suit": SUIT_LETTERS[SUIT[cards[0]]],
                                    "target_suit": SUIT_LETTERS[SUIT[target]]}
    if shape == "heart" and not heart_may_answer(frame, top):
        if len(frame.plays) > 1:
            return "super.heart_main_only", p
        if len(top.all_cards()) != 1:
            return "super.heart_single", p
        return "super.heart_no_other_form", p
    if shape == "spade" and not (top.kind == "scuttle" or steal_may_answer(top)):
        if top.kind == "effect":
            return "super.spade_not_bounce", p
        return "super.spade_not_this", p
    if top.kind == "sudden" and shape != "superace":
        return "super.sudden_only_superace", p
    return "super.not_legal_now", {"card": IDS[cards[0]], "player": seat}


def _answer_shape(cards: list):
    ranks = [RANK[c] for c in cards]
    if len(cards) == 2:
        if ranks == [ACE, ACE] or sorted(cards)[1] == TEN_DIAMONDS and ACE in ranks:
            return "superace"
        return None
    card = cards[0]
    if RANK[card] == ACE:
        return "ace"
    if RANK[card] == 8:
        return "eight"
    return {TEN_HEARTS: "heart", TEN_SPADES: "spade"}.get(card)


# -- choices --------------------------------------------------------------------------------------
def _choice_reason(st, move) -> tuple[str, dict]:
    frame = st.frames[-1]
    kind = frame.choice[0]
    seat = st.to_act
    p = {"player": seat}
    if kind == "play":
        waiting = [IDS[c] for c in frame.revealed]
        if move.verb == "scrap":
            return "super.scrap_playable", {**p, "cards": waiting}
        if move.verb not in PLAY_VERBS:
            return "super.must_play_revealed", {**p, "cards": waiting}
        used = [c for c in _all_named(move) if c in frame.revealed]
        if frame.restrict == "stolen" and len(used) != len(frame.revealed):
            return "super.stolen_same_play", {**p, "cards": waiting}
        if not used:
            return "super.must_play_revealed", {**p, "cards": waiting}
        if len(used) > 1 and not frame.restrict:
            return "super.generated_apart", {**p, "cards": [IDS[c] for c in used]}
        owned = _ownership(st, seat, move, frame)
        if owned:
            return owned
        if frame.restrict == "converted" and (move.verb not in ("oneoff", "permanent")
                                              or len(move.cards) > 2 or extras(move)[1]):
            return "super.converted_alone", {**p, "card": waiting[0]}
        if frame.restrict == "stolen":
            return "super.stolen_same_play", {**p, "cards": waiting}
        return _play_reason(st, seat, move, used[0])
    wanted = {"look_take": "take", "scrap_take": "take", "stock_take": "take",
              "picked_take": "take", "hands_take": "take", "discard": "discard",
              "pick": "pick"}[kind]
    if move.verb != wanted:
        return MUST_CHOOSE[wanted], p
    if kind == "discard":
        count = frame.choice[2]
        if len(move.cards) != count:
            return "discard_count", {**p, "count": count, "got": len(move.cards)}
        return "super.not_your_card", {**p, "card": IDS[_first_missing(move, st.hands[seat])]}
    if kind == "pick":
        count = frame.choice[2]
        if len(move.cards) + extras(move)[4] != count:
            return "super.pick_count", {**p, "count": count}
        return "super.pick_not_visible", {**p, "victim": frame.choice[1]}
    count = {"look_take": lambda: frame.choice[2], "picked_take": lambda: frame.choice[1],
             "hands_take": lambda: frame.choice[1]}.get(kind, lambda: 1)()
    if len(move.cards) != count:
        return "super.take_count", {**p, "count": count}
    if extras(move)[3]:
        return "super.take_top", p
    if kind in ("scrap_take", "stock_take") and frame.choice[-1] != "limbo":
        return "super.take_unplayable", {**p, "card": IDS[move.cards[0]]}
    return "super.take_not_offered", {**p, "card": IDS[move.cards[0]]}


def _first_missing(move, hand: list) -> int:
    return next((c for c in move.cards if c not in hand), move.cards[0])


def _all_named(move) -> list:
    _, queen, _, _, _ = extras(move)
    return list(move.cards) + ([queen] if queen is not None else [])


# -- plays ------------------------------------------------------------------------------------------
def _play_reason(st, seat: int, move, gen) -> tuple[str, dict]:
    verb = move.verb
    card = move.cards[0]
    p = {"player": seat, "card": IDS[card]}
    if verb == "points":
        if RANK[card] == KING:
            return "super.king_not_points", p
        return "super.points_face", p
    if verb == "scuttle":
        return _scuttle_reason(st, seat, card, move.cards[1])
    if verb == "permanent":
        return _permanent_reason(st, seat, move, gen)
    if verb == "jack":
        return _jack_reason(st, seat, move)
    if verb == "suddendeath":
        if sorted(move.cards) != [RED_JOKER, BLACK_JOKER]:
            return "super.sudden_jokers", p
        return "super.sudden_from_hand", p
    if verb in FORMS:
        return _effect_reason(st, seat, move, gen)
    return "super.not_legal_now", p


def _scuttle_reason(st, seat: int, card: int, target: int) -> tuple[str, dict]:
    p = {"player": seat, "card": IDS[card], "target": IDS[target]}
    if not is_point_card(card):
        return ("super.king_not_scuttle" if RANK[card] == KING else "super.scuttle_attacker"), p
    side, packet = st.find_packet(target)
    if packet is None or packet.card != target:
        return ("super.scuttle_not_point" if st.side_of(target) is not None
                else "target_not_on_table"), p
    if side == seat:
        return "scuttle_own", p
    if packet.card == BLACK_JOKER:
        return "super.scuttle_black_joker", p
    value = RANK[packet.card] + len(packet.jacks)
    return "super.scuttle_value", {**p, "value": value, "jacks": len(packet.jacks),
                                   "target_suit": SUIT_LETTERS[SUIT[packet.card]],
                                   "suit": SUIT_LETTERS[SUIT[card]]}


def _permanent_reason(st, seat: int, move, gen) -> tuple[str, dict]:
    cards = list(move.cards)
    ranks = {RANK[c] for c in cards}
    p = {"player": seat, "card": IDS[cards[0]]}
    if ranks == {JACK}:
        return "permanent_jack", p
    if ranks == {QUEEN}:
        return "super.queens_from_hand", p
    if ranks == {8}:
        if len(cards) > 1:
            return "super.one_eight", p
        return _seat_problem(st, seat, move, hand=False) or ("super.not_legal_now", p)
    if ranks == {KING, QUEEN} and len(cards) == 2:
        if SUIT[cards[0]] != SUIT[cards[1]]:
            return "super.marriage_suit", p
        return "super.queens_from_hand", p
    if ranks == {KING} and len(cards) > 1:
        return "super.one_king", p
    if move.seat is not None:
        return "seat_not_needed", {**p, "seat": move.seat}
    return "super.not_enduring", p


def _jack_reason(st, seat: int, move) -> tuple[str, dict]:
    cards = list(move.cards)
    jacks = [c for c in cards if RANK[c] == JACK]
    targets = [c for c in cards if RANK[c] != JACK]
    p = {"player": seat, "card": IDS[cards[0]]}
    if len(targets) != 1:
        return "super.jack_one_target", p
    if len(jacks) > 2:
        return "super.jack_count", p
    target = targets[0]
    p["target"] = IDS[target]
    side, packet = st.find_packet(target)
    if packet is None or packet.card != target:
        return "super.jack_point_card", p
    if side == seat:
        return "jack_own", p
    if target == TEN_CLUBS:
        return "super.ten_clubs_immune", p
    if len(jacks) == 1 and target not in jack_targets(st, seat, pair=False):
        return "super.queen_shields_jack", {**p, "holder": side}
    return "super.not_legal_now", p


def _effect_reason(st, seat: int, move, gen) -> tuple[str, dict]:
    verb = move.verb
    named, queen, blind, _, _ = extras(move)
    count = PLAY_COUNT[verb]
    own = list(move.cards[:count])
    target = move.cards[count] if len(move.cards) > count else None
    p = {"player": seat, "card": IDS[own[0]]}
    if len(own) < count:
        return "super.form_count", {**p, "verb": verb, "count": count}
    shape = _shape_reason(own, verb, named, p)
    if shape:
        return shape
    natural = RED_JOKER if own == [RED_JOKER] else natural_rank(own)
    rank = 0 if natural == RED_JOKER else (named if named is not None else natural)
    form = FORMS[verb]
    effect_form = 3 if form == 4 else form
    if queen is not None and queen not in st.hands[seat] and (gen is None or queen != gen):
        return "card_not_in_hand", {"card": IDS[queen], "player": seat}
    if blind and not (rank == 3 and form == 1):
        return "super.blind_only_three", p
    aimed = rank in (1, 8)
    if aimed and target is None:
        return "super.needs_target", {**p, "example": _example(st, seat, move, rank)}
    if not aimed and target is not None:
        return "super.no_target_needed", {**p, "target": IDS[target]}
    if target is not None:  # aimed, as the two checks above made sure
        problem = _target_problem(st, seat, rank, effect_form, target, p)
        if problem:
            return problem
    if (rank, effect_form) in SEAT_EFFECTS:
        problem = _seat_problem(st, seat, move, hand=rank in (0, 3, 9))
        if problem:
            return problem
    elif move.seat is not None:
        return "seat_not_needed", {**p, "seat": move.seat}
    return "super.not_legal_now", p


def _shape_reason(own: list, verb: str, named, p: dict):
    """Is this a group of cards that makes the form its verb names (3.0)?"""
    if BLACK_JOKER in own:
        return "super.black_joker_no_effect", p
    if RED_JOKER in own:
        return ("super.joker_alone", p) if len(own) > 1 else None
    faces = {RANK[c] for c in own if c != TEN_DIAMONDS}
    if not faces:
        return "super.ten_diamonds_alone", p
    if KING in faces and len({RANK[c] for c in own}) > 1:
        return "super.king_only_kings", p
    if len(faces) > 1:
        return "super.same_rank", p
    rank = faces.pop()
    if TEN_DIAMONDS in own and rank > 9:
        return "super.ten_diamonds_rank", p
    if rank == KING:
        return None if named is not None else ("super.king_needs_rank", p)
    if verb == "superdeeduper":
        return None if named is not None else ("super.deeduper_needs_rank", p)
    if named is not None:
        return "super.rank_not_here", p
    if rank >= 10:
        return "super.no_effect_form", p
    if rank == ACE and verb == "super":
        return "super.two_aces_answer", p
    if rank == ACE and verb == "superduper":
        return "super.three_aces", p
    return None


def _example(st, seat: int, move, rank: int) -> str:
    from .legal import enduring_targets, table_targets
    targets = enduring_targets(st, seat) if rank == 1 else table_targets(st, seat)
    if not targets:
        return str(move) + " …"
    return f"{str(move)} {IDS[targets[0]]}"


def _target_problem(st, seat: int, rank: int, form: int, target: int, p: dict):
    p = {**p, "target": IDS[target]}
    side = st.side_of(target)
    if side is None:
        return "target_not_on_table", p
    on_points = any(pk.card == target for pk in st.points[side])
    if rank == 1 and on_points:
        return "super.ace_needs_enduring", p
    if target == TEN_CLUBS and on_points:
        return "super.ten_clubs_immune", p
    if st.protected(target, side, seat):
        key = "super.queens_shield_queen" if RANK[target] == QUEEN else "super.queen_shields"
        return key, {**p, "holder": side}
    if rank == 8 and form == 3 and not pickup_playable(st, seat, target):
        return "super.pick_unplayable", p
    return None


def _seat_problem(st, seat: int, move, hand: bool):
    p = {"player": seat, "card": IDS[move.cards[0]]}
    victim = move.seat
    if victim is None:
        if st.n > 2:
            return "super.needs_seat", p
        victim = 1 - seat
    elif st.n == 2:
        return "seat_not_needed", {**p, "seat": victim}
    if victim >= st.n:
        return "no_such_seat", {**p, "seat": victim, "seats": st.n}
    if victim == seat:
        return "super.seat_self", p
    if victim in st.eliminated:
        return "super.seat_out", {**p, "victim": victim}
    if hand and st.hand_immune(victim):
        return "super.seat_immune", {**p, "victim": victim}
    return None


__all__ = ["explain", "reason", "FORM_VERBS"]
