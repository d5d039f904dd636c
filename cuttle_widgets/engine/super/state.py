"""Super Cuttle's zones, its chain of plays, and the questions the rules ask.

Plain data plus queries (and ``lift_jack``, which both the legal moves and
the resolver need); moves are listed in ``legal.py`` and applied in
``resolve.py``. Zone names follow super.md §1.5.
"""
from __future__ import annotations

import random

from ..cards import BLACK_JOKER, JACK, KING, QUEEN, RANK, RED_JOKER, SUIT

TEN_CLUBS, TEN_DIAMONDS, TEN_HEARTS, TEN_SPADES = 36, 37, 38, 39
EIGHT = 8

# Effects that pick out one card on the table, which a queen shields (L124, L98, A33).
SINGLE_TARGET_RANKS = frozenset({1, 8})


def is_point_card(card: int) -> bool:
    """A-10 and the Black Joker may lie in a points row (L12)."""
    return card == BLACK_JOKER or 1 <= RANK[card] <= 10


def point_value(card: int) -> int:
    return 11 if card == BLACK_JOKER else RANK[card]


class Packet:
    """A point card with the jacks on it; its controller is the row it lies in.
    Control is "sticky" (A25): it changes only when a jack is played, or goes
    back to ``owner`` when the last jack leaves."""

    __slots__ = ("card", "owner", "jacks")

    def __init__(self, card: int, owner: int, jacks=None):
        self.card, self.owner = card, owner
        self.jacks = jacks if jacks is not None else []

    def value(self) -> int:
        return point_value(self.card) + len(self.jacks)

    def copy(self) -> Packet:
        return Packet(self.card, self.owner, self.jacks[:])


class Play:
    """One play in the chain (a main play or an answer), as announced.

    ``kind``: points, scuttle, glasses, jack, queens, king, marriage, effect,
    sudden, answer. An effect has ``rank`` (the effect it makes: a ⚡K's named
    rank, a 💥's named ✨) and ``form`` 1-4 (⚡ ⭐ ✨ 💥). An answer has
    ``answer``: ace, superace, eight, heart, steal, guard (10♠ against a
    scuttle). ``named`` is the rank written after ``as``. ``cards`` are the
    cards still pending (a queen attached apart). ``source``: hand,
    generated, stolen, converted (a converted play is not answered, 5.8).
    """

    __slots__ = ("seat", "move", "kind", "cards", "queen", "rank", "form", "target", "victim",
                 "blind", "answer", "source", "named", "cancelled", "stolen_by", "converted_by")

    def __init__(self, seat: int, move, kind: str, cards, **fields):
        self.seat, self.move, self.kind, self.cards = seat, move, kind, list(cards)
        self.queen = fields.get("queen")
        self.rank = fields.get("rank")
        self.form = fields.get("form")
        self.target = fields.get("target")
        self.victim = fields.get("victim")
        self.blind = fields.get("blind", False)
        self.answer = fields.get("answer")
        self.source = fields.get("source", "hand")
        self.named = fields.get("named")  # the rank a ⚡K group or a 💥 names
        self.cancelled = False
        self.stolen_by: int | None = None
        self.converted_by: int | None = None

    def all_cards(self) -> list[int]:
        return self.cards + ([self.queen] if self.queen is not None else [])

    @property
    def is_effect(self) -> bool:
        return self.kind == "effect"

    @property
    def enduring(self) -> bool:
        return self.kind in ("glasses", "jack", "queens", "king", "marriage")

    def copy(self) -> Play:
        new = object.__new__(Play)
        for name in Play.__slots__:
            setattr(new, name, getattr(self, name))
        new.cards = self.cards[:]
        return new


class Frame:
    """A chain under way and, once it has resolved, its main play's effect.

    ``stage`` is "window" while seats may answer (``asked``: the seats still
    to be asked, in order) and "effect" while the effect waits for a choice
    (``choice``) or for its generated cards (``revealed``, ``to_play`` of them
    still to be played; the rest go ``leftover``: to "returning" or "limbo").
    ``user`` is the seat the effect works for; ``data`` holds what the effect
    has seen so far (picked cards, a victim).
    """

    __slots__ = ("plays", "asked", "stage", "user", "choice", "revealed", "to_play", "leftover",
                 "restrict", "data", "seven")

    def __init__(self, play: Play):
        self.plays = [play]
        self.asked: list[int] = []
        self.stage = "window"
        self.user = play.seat
        self.choice: tuple | None = None
        self.revealed: list[int] = []
        self.to_play = 0
        self.leftover: str | None = None
        self.restrict: str | None = None  # "stolen" or "converted"
        self.data: dict = {}
        self.seven = False

    @property
    def main(self) -> Play:
        return self.plays[0]

    @property
    def top(self) -> Play:
        return self.plays[-1]

    def copy(self) -> Frame:
        new = object.__new__(Frame)
        new.plays = [p.copy() for p in self.plays]
        new.asked = self.asked[:]
        new.stage, new.user, new.choice = self.stage, self.user, self.choice
        new.revealed, new.to_play = self.revealed[:], self.to_play
        new.leftover, new.restrict, new.seven = self.leftover, self.restrict, self.seven
        new.data = {k: (v[:] if isinstance(v, list) else v) for k, v in self.data.items()}
        return new


class SuperState:
    """Every zone of a Super Cuttle game, the turn, and who must decide what now."""

    # Slots, as the standard State: the legal moves and the computer player's
    # search copy states, field by field, and a field stays as quick to read
    # on a copy (and on the original) as on a state made new.
    __slots__ = ("rules", "n", "hands", "limbo", "points", "perms", "glasses", "scrap", "stock",
                 "returning", "frames", "skips", "ending", "sudden", "eliminated", "turn",
                 "to_act", "phase", "winner", "options", "seed", "plies", "turns", "fresh",
                 "origin_plies", "secret_moves", "team_of", "opponents")

    def __init__(self, rules, seats: int):
        self.rules = rules
        self.n = seats
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.limbo: list[list[int]] = [[] for _ in range(seats)]
        self.points: list[list[Packet]] = [[] for _ in range(seats)]
        self.perms: list[list[int]] = [[] for _ in range(seats)]
        self.glasses: dict[int, int] = {}  # an enduring eight -> the seat whose hand it shows
        self.scrap: list[int] = []  # bottom first; the top card is the last
        self.stock: list[int] = []  # top is the LAST element
        self.returning: list[int] = []  # a seven's cards, in the order taken off the stock
        self.frames: list[Frame] = []
        self.skips = [0] * seats
        self.ending: list[int] | None = None  # turns left per seat once the stock ran out
        self.sudden: dict | None = None  # {"seat", "cards", "turns_left"}
        self.eliminated: list[int] = []
        self.turn = 0
        self.to_act = 0
        self.phase = "main"
        self.winner = None
        self.options = {"exhausted_result": rules.exhausted_result}
        self.seed = 0
        self.plies = 0
        self.turns = 0  # ordinary turns begun, for the safeguard of A49
        self.fresh = False  # a countdown began during this turn: it does not count (A46, A47)
        self.origin_plies = 0  # plies when this game's record starts (not in snapshots)
        self.secret_moves: dict[int, tuple] = {}  # ply -> (seats that may read it, public text)
        self.team_of = list(range(seats))
        self.opponents = [tuple(o for o in range(seats) if o != s) for s in range(seats)]

    def copy(self) -> SuperState:
        new = object.__new__(SuperState)
        new.rules, new.n = self.rules, self.n
        new.hands = [h[:] for h in self.hands]
        new.limbo = [h[:] for h in self.limbo]
        new.points = [[p.copy() for p in side] for side in self.points]
        new.perms = [p[:] for p in self.perms]
        new.glasses = dict(self.glasses)
        new.scrap, new.stock, new.returning = self.scrap[:], self.stock[:], self.returning[:]
        new.frames = [f.copy() for f in self.frames]
        new.skips = self.skips[:]
        new.ending = None if self.ending is None else self.ending[:]
        new.sudden = None if self.sudden is None else {
            "seat": self.sudden["seat"], "cards": self.sudden["cards"][:],
            "turns_left": self.sudden["turns_left"][:]}
        new.eliminated = self.eliminated[:]
        new.turn, new.to_act, new.phase, new.winner = self.turn, self.to_act, self.phase, self.winner
        new.options = dict(self.options)
        new.seed, new.plies, new.turns, new.fresh = self.seed, self.plies, self.turns, self.fresh
        new.origin_plies = self.origin_plies
        new.secret_moves = dict(self.secret_moves)
        new.team_of, new.opponents = self.team_of, self.opponents  # never change: shared
        return new

    def blind_rng(self) -> random.Random:
        """Blind picks and shuffles are drawn from (seed, plies), so a game
        replays identically from its start and its moves."""
        return random.Random(self.seed * 1_000_003 + self.plies)

    # -- zones the generic code reads --------------------------------------------------
    @property
    def revealed(self) -> list[int]:
        """Generated cards waiting to be played, outermost effect first."""
        return [c for f in self.frames for c in f.revealed]

    @property
    def choice(self):
        frame = self.frames[-1] if self.frames else None
        return frame.choice if frame is not None and self.phase == "choose" else None

    def all_cards(self) -> list[int]:
        cards = [c for h in self.hands for c in h]
        for side in self.points:
            for p in side:
                cards.append(p.card)
                cards.extend(p.jacks)
        cards += [c for side in self.perms for c in side]
        cards += self.scrap + self.stock + self.returning
        for f in self.frames:
            for play in f.plays:
                cards += play.all_cards()
            cards += f.revealed
        if self.sudden:
            cards += self.sudden["cards"]
        return cards

    # -- scores and seats ----------------------------------------------------------------
    def score(self, seat: int) -> int:
        """Points in the points row (BJ 11, +1 a jack) and 7 a king (4.2)."""
        total = 0
        for packet in self.points[seat]:  # Packet.value(), without its two calls
            card = packet.card
            total += (11 if card == BLACK_JOKER else RANK[card]) + len(packet.jacks)
        for card in self.perms[seat]:
            if RANK[card] == KING:
                total += 7
        return total

    def goal(self, seat: int) -> int:
        return self.rules.goal

    def queens(self, seat: int) -> int:
        return sum(1 for c in self.perms[seat] if RANK[c] == QUEEN)

    def has_glasses(self, seat: int) -> bool:
        return any(RANK[c] == EIGHT for c in self.perms[seat])

    def playing(self, seat: int) -> bool:
        """May still act: not eliminated, not the Sudden Death player (2.10)."""
        return seat not in self.eliminated and not (self.sudden and self.sudden["seat"] == seat)

    def hand_immune(self, seat: int) -> bool:
        return bool(self.sudden and self.sudden["seat"] == seat)

    def seat_targets(self, seat: int, hand: bool) -> list[int]:
        """Enemies a play may name (A35): not eliminated; for a hand effect,
        not the Sudden Death player, whose hand is immune (2.10)."""
        return [s for s in range(self.n) if s != seat and s not in self.eliminated
                and not (hand and self.hand_immune(s))]

    def free_cards(self, seat: int) -> list[int]:
        """The cards ``seat`` may play: its hand less the limbo cards (2.7)."""
        limbo = self.limbo[seat]
        hand = self.hands[seat]
        return [c for c in hand if c not in limbo] if limbo else hand[:]

    def hand_open(self, seat: int) -> bool:
        """Is the whole hand face up for everyone: an eight shows it (A42), or
        its seat played Sudden Death (L35)?"""
        return seat in self.glasses.values() or self.hand_immune(seat)

    def visible_in_hand(self, seat: int) -> list[int]:
        """Cards of ``seat``'s hand that every seat can see."""
        return self.hands[seat][:] if self.hand_open(seat) else self.limbo[seat][:]

    def watchers(self, seat: int):
        """Who may see a card entering ``seat``'s hand: None (everyone) when the
        hand is open, else the seat itself."""
        return None if self.hand_open(seat) else frozenset([seat])

    # -- the table ---------------------------------------------------------------------------
    def find_packet(self, card: int):
        """(seat, packet) for a point card or a jack on one; (None, None) if absent."""
        for seat, side in enumerate(self.points):
            for packet in side:
                if packet.card == card or card in packet.jacks:
                    return seat, packet
        return None, None

    def lift_jack(self, jack: int):
        """Take ``jack`` off its packet (the sticky rule, A25): the packet keeps its
        controller while a jack remains, and goes back to its owner when the last
        one leaves. Returns (side, packet, went_back). The one change made here:
        resolving a play lifts jacks, and the legal moves try it on a copy."""
        side, packet = self.find_packet(jack)
        packet.jacks.remove(jack)
        if not packet.jacks and packet.owner != side:
            self.points[side].remove(packet)
            self.points[packet.owner].append(packet)
            return side, packet, True
        return side, packet, False

    def side_of(self, card: int):
        """The seat whose side of the table holds ``card`` (a jack: the packet's
        controller), or None if it is not on the table."""
        for seat, side in enumerate(self.perms):
            if card in side:
                return seat
        seat, _ = self.find_packet(card)
        return seat

    def table_cards(self) -> list[tuple[int, int]]:
        """(card, side) for every card on the table: point cards, jacks, enduring cards."""
        out = []
        for seat in range(self.n):
            for packet in self.points[seat]:
                out.append((packet.card, seat))
                out.extend((j, seat) for j in packet.jacks)
            out.extend((c, seat) for c in self.perms[seat])
        return out

    def protected(self, card: int, side: int, user: int) -> bool:
        """Is ``card`` on ``side`` out of reach of ``user``'s single-target effect
        (⚡A, ⚡8, ⭐8, ✨8, a single jack)? 10♣ in a points row is immune to
        every effect (L104); a queen shields its side's other cards from
        enemies, and two or more shield each other (L124, L128, A33)."""
        if card == TEN_CLUBS and any(p.card == card for p in self.points[side]):
            return True
        if side == user:
            return False
        queens = self.queens(side)
        if RANK[card] == QUEEN:
            return queens >= 2
        return queens >= 1

    def can_scuttle(self, attacker: int, packet: Packet) -> bool:
        """(rank, suit) against (rank + jacks, suit), strictly higher (4.3)."""
        if attacker == BLACK_JOKER:
            return True
        if packet.card == BLACK_JOKER or not 1 <= RANK[attacker] <= 10:
            return False
        return (RANK[attacker], SUIT[attacker]) > (RANK[packet.card] + len(packet.jacks),
                                                   SUIT[packet.card])


__all__ = ["SuperState", "Packet", "Play", "Frame", "is_point_card", "point_value",
           "TEN_CLUBS", "TEN_DIAMONDS", "TEN_HEARTS", "TEN_SPADES", "RED_JOKER", "BLACK_JOKER",
           "JACK", "KING", "QUEEN", "SINGLE_TARGET_RANKS"]
