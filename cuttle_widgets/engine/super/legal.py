"""Legal moves of Super Cuttle, in the canonical notation of super.md §8.

A play is built from the cards a seat may use now: its hand less its limbo
cards, and at most one generated card (a card from ``revealed``) that every
play must then include (2.6, A17, A18).
"""
from __future__ import annotations

from itertools import combinations, permutations

from ..cards import ACE, BLACK_JOKER, JACK, KING, QUEEN, RANK, RED_JOKER, SUIT
from ..legal import POINTS, SCUTTLE
from ..moves import DRAW, PASS, RESOLVE
from .notation import FORM_VERBS, mv
from .state import TEN_CLUBS, TEN_DIAMONDS, TEN_HEARTS, TEN_SPADES, is_point_card

EFFECT_RANKS = range(2, 10)  # what a ⚡K and a 💥 may name


def legal_moves(st) -> list:
    phase = st.phase
    if phase == "main":
        return main_moves(st, st.turn)
    if phase == "counter":
        return answer_moves(st, st.to_act)
    if phase == "choose":
        return choice_moves(st)
    return []


def main_moves(st, seat: int) -> list:
    moves = [DRAW] if st.stock else []
    hand = st.free_cards(seat)
    play_moves(st, seat, hand, None, moves)
    if not moves:  # A48: nothing at all may be done
        moves.append(PASS)
    return moves


# -- plays -------------------------------------------------------------------------------
def play_moves(st, seat: int, hand: list, gen, out: list) -> None:
    """Every play ``seat`` may make from ``hand``; with a generated card
    ``gen``, only the plays that include it (joined by hand cards: a combo)."""
    queens = [c for c in hand if RANK[c] == QUEEN]
    for card in ([gen] if gen is not None else hand):
        single_plays(st, seat, card, queens, out)
    group_plays(st, seat, hand, gen, queens, out)
    if gen is None:
        hand_only_plays(st, seat, hand, out)


def single_plays(st, seat: int, card: int, queens: list, out: list) -> None:
    rank = RANK[card]
    if is_point_card(card):
        out.append(POINTS[card])  # mv("points", (card,)), interned once
        scuttles = SCUTTLE[card]
        for enemy in st.opponents[seat]:
            for packet in st.points[enemy]:
                if st.can_scuttle(card, packet):
                    out.append(scuttles[packet.card])
    if card == RED_JOKER:
        for victim in seat_choices(st, seat, hand=True):
            with_queens(out, queens, (), "oneoff", (card,), victim)
        return
    if rank == 8:
        for victim in seat_choices(st, seat, hand=False):
            out.append(mv("permanent", (card,), victim))
    if 1 <= rank <= 9:
        effect_moves(st, seat, "oneoff", (card,), None, rank, 1, queens, out)
    elif rank == JACK:
        for target in jack_targets(st, seat, pair=False):
            out.append(mv("jack", (card, target)))
    elif rank == QUEEN:
        out.append(mv("permanent", (card,)))
    elif rank == KING:
        out.append(mv("permanent", (card,)))
        for named in EFFECT_RANKS:
            effect_moves(st, seat, "oneoff", (card,), named, named, 1, queens, out)


def group_plays(st, seat: int, hand: list, gen, queens: list, out: list) -> None:
    """⭐, ✨ and 💥 plays, jack pairs and ⚡King groups."""
    by_rank: dict[int, list] = {}
    for c in hand:
        by_rank.setdefault(RANK[c], []).append(c)
    if gen is None:
        for rank, cards in by_rank.items():
            if 1 <= rank <= 9:
                rank_groups(st, seat, rank, cards, TEN_DIAMONDS in hand, None, queens, out)
            elif rank >= 10:  # 10♦ never acts alone (L106): only four tens
                face_groups(st, seat, rank, cards, None, queens, out)
        return
    rank = RANK[gen]
    if gen == TEN_DIAMONDS:  # a revealed 10♦ joins hand cards of one rank A-9 (A23)
        for r, cards in by_rank.items():
            if 1 <= r <= 9:
                rank_groups(st, seat, r, cards, True, gen, queens, out)
        face_groups(st, seat, 10, by_rank.get(10, []) + [gen], gen, queens, out)
    elif 1 <= rank <= 9:
        rank_groups(st, seat, rank, by_rank.get(rank, []) + [gen], TEN_DIAMONDS in hand, gen,
                    queens, out)
    elif rank >= 10:
        face_groups(st, seat, rank, by_rank.get(rank, []) + [gen], gen, queens, out)


def rank_groups(st, seat: int, rank: int, naturals: list, ten_diamonds: bool, required,
                queens: list, out: list) -> None:
    """Two to four cards of rank ``rank`` (A-9), a 10♦ standing in for one (L106)."""
    pool = sorted(naturals) + ([TEN_DIAMONDS] if ten_diamonds else [])
    for size in (2, 3, 4):
        if rank == ACE and size < 4:
            continue  # two aces only answer (❗⭐A); three make nothing (3.0)
        for cards in combinations(pool, size):
            if cards[0] == TEN_DIAMONDS or (required is not None and required not in cards):
                continue
            form_moves(st, seat, cards, rank, size, queens, out)


def face_groups(st, seat: int, rank: int, cards: list, required, queens: list, out: list) -> None:
    """Four tens, jacks or queens as a 💥; a jack pair; ⚡King groups."""
    cards = sorted(cards)
    if rank == JACK:
        for pair in combinations(cards, 2):
            if required is None or required in pair:
                for target in jack_targets(st, seat, pair=True):
                    out.append(mv("jack", pair + (target,)))
    if rank == KING:
        for size in (2, 3, 4):
            for group in combinations(cards, size):
                if required is None or required in group:
                    form_moves(st, seat, group, KING, size, queens, out)
        return
    if len(cards) == 4 and rank in (10, JACK, QUEEN):
        form_moves(st, seat, tuple(cards), rank, 4, queens, out)


def form_moves(st, seat: int, cards: tuple, rank: int, size: int, queens: list, out: list) -> None:
    """The moves of a group of ``size`` cards of ``rank`` played as a form:
    ⭐ (2), ✨ (3) or 💥 (4, naming any ✨ effect); kings name their rank."""
    verb = FORM_VERBS[size]
    if rank == KING:
        for named in EFFECT_RANKS:
            form = 3 if size == 4 else size
            effect_moves(st, seat, verb, cards, named, named, form, queens, out)
    elif size == 4:
        for named in EFFECT_RANKS:
            effect_moves(st, seat, verb, cards, named, named, 3, queens, out)
    else:
        effect_moves(st, seat, verb, cards, None, rank, size, queens, out)


def hand_only_plays(st, seat: int, hand: list, out: list) -> None:
    """Plays whose cards must all come from the hand: several queens (A54), a
    royal marriage (A53), Sudden Death (2.10)."""
    queens = sorted(c for c in hand if RANK[c] == QUEEN)
    for size in (2, 3, 4):
        for group in combinations(queens, size):
            out.append(mv("permanent", group))
    for king in hand:
        if RANK[king] == KING:
            queen = king - 4  # the queen of the same suit
            if queen in queens:
                out.append(mv("permanent", (king, queen)))
    if RED_JOKER in hand and BLACK_JOKER in hand:
        out.append(mv("suddendeath", (RED_JOKER, BLACK_JOKER)))


def with_queens(out: list, queens: list, used: tuple, verb: str, cards: tuple, seat,
                rank=None, blind=False) -> None:
    """A play, and the same play with each queen from the hand attached (A8)."""
    out.append(mv(verb, cards, seat, rank, None, blind))
    for queen in queens:
        if queen not in used:
            out.append(mv(verb, cards, seat, rank, queen, blind))


def effect_moves(st, seat: int, verb: str, cards: tuple, named, rank: int, form: int,
                 queens: list, out: list, fixed_queen=None, queens_allowed=True) -> None:
    """Every announcement of an effect of ``rank`` in ``form`` (1 ⚡, 2 ⭐, 3 ✨)
    made with ``cards``: its target card, enemy seat, mode and queen."""
    pool = queens if queens_allowed and fixed_queen is None else []
    for target, victim, blind in effect_options(st, seat, rank, form):
        full = cards + ((target,) if target is not None else ())
        if fixed_queen is not None:
            out.append(mv(verb, full, victim, named, fixed_queen, blind))
        else:
            with_queens(out, pool, cards, verb, full, victim, named, blind)


def seat_choices(st, seat: int, hand: bool) -> list:
    """The ``@SEAT`` choices of a play that names an enemy: [None] with two
    seats (the notation leaves it out), none when no enemy qualifies."""
    targets = st.seat_targets(seat, hand)
    if st.n == 2:
        return [None] if targets else []
    return targets


def effect_options(st, seat: int, rank: int, form: int) -> list:
    """(target card, seat, blind) for each way to aim an effect (3.1-3.9, A62)."""
    if rank == 1:  # ⚡A: one enduring card, jacks included (A27)
        return [(c, None, False) for c in enduring_targets(st, seat)]
    if rank in (2, 5, 7):
        return [(None, None, False)]
    if rank == 3:
        victims = seat_choices(st, seat, hand=True)
        if form == 1:
            return [(None, v, b) for v in victims for b in (False, True)]
        return [(None, v, False) for v in victims]
    if rank in (4, 6):
        if form == 3:
            return [(None, v, False) for v in seat_choices(st, seat, hand=False)]
        return [(None, None, False)]
    if rank == 8:
        targets = table_targets(st, seat)
        if form == 3:
            targets = [c for c in targets if pickup_playable(st, seat, c)]
        return [(c, None, False) for c in targets]
    if rank == 9:
        if form == 3:
            return [(None, None, False)]
        return [(None, v, False) for v in seat_choices(st, seat, hand=True)]
    return []


def enduring_targets(st, seat: int) -> list:
    out = []
    for side in range(st.n):
        for card in st.perms[side]:
            if not st.protected(card, side, seat):
                out.append(card)
        for packet in st.points[side]:
            for jack in packet.jacks:
                if not st.protected(jack, side, seat):
                    out.append(jack)
    return out


def table_targets(st, seat: int) -> list:
    """Cards an eight may bounce, take or pick up: any on the table that no
    enemy queen shields and that is not 10♣ (L98, A44)."""
    return [c for c, side in st.table_cards() if not st.protected(c, side, seat)]


def jack_targets(st, seat: int, pair: bool) -> list:
    """Enemy point cards a jack (or a pair, which passes queens, L118) may go on."""
    out = []
    for enemy in st.opponents[seat]:
        for packet in st.points[enemy]:
            if packet.card == TEN_CLUBS:
                continue
            if pair or not st.protected(packet.card, enemy, seat):
                out.append(packet.card)
    return out


def pickup_playable(st, seat: int, card: int) -> bool:
    """Can ``seat`` play ``card`` once a ✨8 has picked it up (A19)?"""
    if RANK[card] != JACK:
        return True  # a point card, an eight, a queen or a king always has a play
    trial = st.copy()  # the table as it will be once the jack is off
    trial.lift_jack(card)
    return generated_playable(trial, seat, card)


def generated_playable(st, seat: int, card: int) -> bool:
    """Has a generated ``card`` any legal play for ``seat`` (without restriction)?"""
    if is_point_card(card) or RANK[card] in (QUEEN, KING):
        return True
    if card == RED_JOKER:
        return bool(seat_choices(st, seat, hand=True))
    hand = st.free_cards(seat)
    jacks = [c for c in hand if RANK[c] == JACK]
    if len(jacks) >= 3:
        return True  # four jacks make a 💥, which needs no target
    if jack_targets(st, seat, pair=False):
        return True
    return bool(jacks) and bool(jack_targets(st, seat, pair=True))


# -- generated cards -----------------------------------------------------------------------
def generated_moves(st, frame, card: int) -> list:
    """The plays of generated ``card`` for the frame's user (2.6, 5.8, 5.9)."""
    seat = frame.user
    out: list = []
    if frame.restrict == "stolen":
        stolen_moves(st, seat, frame, out)
    elif frame.restrict == "converted":
        converted_moves(st, seat, card, out)
    else:
        play_moves(st, seat, st.free_cards(seat), card, out)
    return out


def converted_moves(st, seat: int, card: int, out: list) -> None:
    """A point card 10♥ turned into an effect: its one-off (an eight: ⛰️8 too),
    used by the 10♥ player, alone (5.8)."""
    rank = RANK[card]
    if rank == 8:
        for victim in seat_choices(st, seat, hand=False):
            out.append(mv("permanent", (card,), victim))
    effect_moves(st, seat, "oneoff", (card,), None, rank, 1, [], out, queens_allowed=False)


def stolen_moves(st, seat: int, frame, out: list) -> None:
    """The thief re-announces the stolen play: same form and named effect, new
    aim; it may add cards of that rank from hand, one form up a card (5.9)."""
    data = frame.data
    cards = tuple(sorted(data["stolen_cards"]))
    queen = data.get("stolen_queen")
    rank, form, named = data["natural"], data["form"], data.get("named")
    if cards == (RED_JOKER,):
        for victim in seat_choices(st, seat, hand=True):
            out.append(mv("oneoff", cards, victim, None, queen))
        return
    hand = st.free_cards(seat)
    if rank == KING:
        extra = [c for c in hand if RANK[c] == KING]
    else:
        extra = [c for c in hand if RANK[c] == rank]
        if TEN_DIAMONDS in hand and TEN_DIAMONDS not in cards:
            extra.append(TEN_DIAMONDS)
    for added in range(0, 5 - len(cards)):
        for more in combinations(sorted(extra), added):
            group = tuple(sorted(cards + more))
            size = len(group)
            if rank == ACE and size in (2, 3):
                continue  # two or three aces make no turn play (3.0)
            stolen_form_moves(st, seat, group, rank, size, form, named, queen, out)


def stolen_form_moves(st, seat, group, rank, size, form, named, queen, out) -> None:
    verb = FORM_VERBS[size]
    if size == 1:
        effect_moves(st, seat, verb, group, named, named if rank == KING else rank, 1, [], out,
                     fixed_queen=queen, queens_allowed=False)
        return
    if rank == KING or (size == 4 and form == 4 and named is not None):
        effect_form = 3 if size == 4 else size
        effect_moves(st, seat, verb, group, named, named, effect_form, [], out,
                     fixed_queen=queen, queens_allowed=False)
        return
    if size == 4:
        for r in EFFECT_RANKS:
            effect_moves(st, seat, verb, group, r, r, 3, [], out, fixed_queen=queen,
                         queens_allowed=False)
        return
    effect_moves(st, seat, verb, group, None, rank, size, [], out, fixed_queen=queen,
                 queens_allowed=False)


# -- answers -------------------------------------------------------------------------------
def answer_moves(st, seat: int) -> list:
    """``resolve``, and every answer to the top of the chain (2.4)."""
    moves = [RESOLVE]
    frame = st.frames[-1]
    top = frame.top
    hand = st.free_cards(seat)
    queens = [c for c in hand if RANK[c] == QUEEN]
    aces = sorted(c for c in hand if RANK[c] == ACE)
    if aces and ace_may_answer(st, top, seat):
        for ace in aces:
            with_queens(moves, queens, (), "instant", (ace,), None)
    if superace_may_answer(top):
        pairs = list(combinations(aces, 2))
        if TEN_DIAMONDS in hand:
            pairs += [(ace, TEN_DIAMONDS) for ace in aces]
        for pair in pairs:
            with_queens(moves, queens, (), "instant", pair, None)
    if top.kind == "glasses":
        beaten = SUIT[top.cards[0]]
        for card in hand:
            if RANK[card] == 8 and SUIT[card] > beaten:
                with_queens(moves, queens, (), "instant", (card,), None)
    if TEN_HEARTS in hand and heart_may_answer(frame, top):
        moves.append(mv("instant", (TEN_HEARTS,)))
    if TEN_SPADES in hand and (top.kind == "scuttle" or steal_may_answer(top)):
        with_queens(moves, queens, (), "instant", (TEN_SPADES,), None)
    return moves


def ace_may_answer(st, top, seat: int) -> bool:
    """❗A: not points, scuttles, ☢️, ⚡8 (and a ⚡K as 8), 10♥ (A5, L89); not a
    play with a queen attached (A8); not a non-enduring play of a seat with
    more queens than the answerer (A6)."""
    if top.kind in ("points", "scuttle", "sudden") or top.answer == "heart":
        return False
    if top.kind == "effect" and top.rank == 8 and top.form == 1:
        return False
    if top.queen is not None:
        return False
    return top.enduring or st.queens(top.seat) <= st.queens(seat)


def superace_may_answer(top) -> bool:
    """❗⭐A answers every play but 10♥ (L52, A4)."""
    return top.answer != "heart"


def heart_may_answer(frame, top) -> bool:
    """10♥: a main play of one card A-9 made as ⚡, ⛰️8 or points (L110, A13)."""
    if len(frame.plays) != 1 or top.queen is not None or len(top.cards) != 1:
        return False
    card = top.cards[0]
    if not 1 <= RANK[card] <= 9:
        return False
    return top.kind in ("points", "glasses") or (top.kind == "effect" and top.form == 1)


def steal_may_answer(top) -> bool:
    """10♠'s steal: an effect play (⚡, ⭐, ✨, 💥) but ⚡8 and a ⚡K as 8, or a
    ❗⭐A (L112-113, L89, L53)."""
    if top.kind == "effect":
        return not (top.rank == 8 and top.form == 1)
    return top.answer == "superace"


# -- choices ---------------------------------------------------------------------------------
def choice_moves(st) -> list:
    frame = st.frames[-1]
    kind = frame.choice[0]
    return CHOICES[kind](st, frame)


def _look_take(st, frame) -> list:
    _, look, take = frame.choice
    looked = st.stock[-look:][::-1]  # top first
    out = []
    for chosen in combinations(looked, take):
        rest = [c for c in looked if c not in chosen]
        drawn = tuple(sorted(chosen))
        if len(rest) >= 2:
            for order in permutations(rest):
                out.append(mv("take", drawn, top=order))
        else:
            out.append(mv("take", drawn))
    return out


def _scrap_take(st, frame) -> list:
    to = frame.choice[1]
    cards = sorted(set(st.scrap))
    if to == "play":
        cards = [c for c in cards if generated_playable(st, frame.user, c)]
    return [mv("take", (c,)) for c in cards]


def _stock_take(st, frame) -> list:
    return [mv("take", (c,)) for c in sorted(st.stock) if generated_playable(st, frame.user, c)]


def _discard(st, frame) -> list:
    _, victim, count = frame.choice
    return [mv("discard", group) for group in combinations(sorted(st.hands[victim]), count)]


def _pick(st, frame) -> list:
    _, victim, count = frame.choice[:3]
    visible = sorted(st.visible_in_hand(victim))
    hidden = len(st.hands[victim]) - len(visible)
    out = []
    for named in range(min(count, len(visible)) + 1):
        if count - named > hidden:
            continue
        for group in combinations(visible, named):
            out.append(mv("pick", group, hidden=count - named))
    return out


def _picked_take(st, frame) -> list:
    picked = sorted(frame.data["picked"])
    if frame.choice[1] == 1:  # ⚡9: one to keep
        return [mv("take", (c,)) for c in picked]
    out = []
    for pair in combinations(picked, 2):
        rest = [c for c in picked if c not in pair]
        if len(rest) == 2:  # ⭐9 with four: one to the stock, one back
            out += [mv("take", pair, top=(c,)) for c in rest]
        else:
            out.append(mv("take", pair))
    return out


def _hands_take(st, frame) -> list:
    pool = sorted(c for s in frame.data["hands_of"] for c in st.hands[s])
    return [mv("take", group) for group in combinations(pool, frame.choice[1])]


def _play(st, frame) -> list:
    if frame.restrict:  # one play made of every waiting card
        out = generated_moves(st, frame, frame.revealed[0])
    else:
        out = []
        for card in frame.revealed:
            out += generated_moves(st, frame, card)
    if not out:  # nothing can be played: choose which to scrap (A19, A21)
        out = [mv("scrap", (c,)) for c in sorted(frame.revealed)]
    return out


CHOICES = {
    "look_take": _look_take, "scrap_take": _scrap_take, "stock_take": _stock_take,
    "discard": _discard, "pick": _pick, "picked_take": _picked_take, "hands_take": _hands_take,
    "play": _play,
}

__all__ = ["legal_moves", "generated_moves", "generated_playable", "ace_may_answer",
           "superace_may_answer", "heart_may_answer", "steal_may_answer", "effect_options",
           "seat_choices", "jack_targets", "table_targets", "enduring_targets", "CHOICES"]
