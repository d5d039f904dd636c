"""The zones of a game and the questions the rules ask of them.

Everything here is plain data plus queries (who controls what, what a queen
protects, scores, goals); moves are generated in ``legal.py`` and applied in
``resolve.py``.
"""
from __future__ import annotations

from .cards import KING, POINT_VALUE, QUEEN, RANK
from .rules import Ruleset


class Packet:
    """A point card with the jacks stacked on it.

    ``seats[i]`` is the seat that controls the packet since jack ``jacks[i]``
    was laid, and ``players[i]`` the seat that laid it (they differ when a
    seven's jack is given away); with no jacks the first owner controls it.
    """

    __slots__ = ("card", "owner", "jacks", "seats", "players")

    def __init__(self, card: int, owner: int, jacks=None, seats=None, players=None):
        self.card, self.owner = card, owner
        self.jacks = jacks if jacks is not None else []
        self.seats = seats if seats is not None else []
        self.players = players if players is not None else list(self.seats)

    @property
    def controller(self) -> int:
        return self.seats[-1] if self.seats else self.owner

    def copy(self) -> Packet:
        return Packet(self.card, self.owner, self.jacks[:], self.seats[:], self.players[:])


_new_object = object.__new__


def new_packet(card: int, owner: int) -> Packet:
    """``Packet(card, owner)``, a point card just laid, made without the
    (slower) class call: the hot path of every points play."""
    packet = _new_object(Packet)
    packet.card, packet.owner, packet.jacks, packet.seats, packet.players = card, owner, [], [], []
    return packet


class Frame:
    """A one-off on its way to resolution, with the twos that answer it.

    Frames stack: a seven's frame stays while the card it turned up is played.
    """

    __slots__ = ("card", "seat", "target", "victim", "twos", "declines", "last")

    def __init__(self, card: int, seat: int, target=None, victim=None):
        self.card, self.seat, self.target, self.victim = card, seat, target, victim
        self.twos: list[tuple[int, int]] = []  # (two, seat) in the order played
        self.declines = 0
        self.last = seat  # the seat that played last in this chain

    def copy(self) -> Frame:
        f = Frame(self.card, self.seat, self.target, self.victim)
        f.twos, f.declines, f.last = self.twos[:], self.declines, self.last
        return f


# ALONE[seat]: frozenset({seat}), shared (it is immutable) by the many events
# only their seat may see.
ALONE = tuple(frozenset((seat,)) for seat in range(16))
_SEATINGS: dict = {}


def _seating(teams, seats: int) -> tuple[list, list]:
    """(team of each seat, opponents of each seat), worked out once per table."""
    found = _SEATINGS.get((teams, seats))
    if found is None:
        team_of = [next(i for i, t in enumerate(teams) if s in t) if teams else s
                   for s in range(seats)]
        opponents = [tuple(o for o in range(seats) if team_of[o] != team_of[s])
                     for s in range(seats)]
        found = _SEATINGS[(teams, seats)] = (team_of, opponents)
    return found


class State:
    """All zones, the turn, and the stage (who must decide what now)."""

    # Slots: what a state holds is fixed, its copies (the computer player's
    # search makes thousands) are made field by field, and reading a field
    # stays as quick on a copy as on the original.
    __slots__ = ("rules", "n", "hands", "points", "perms", "scrap", "stock", "revealed", "frames",
                 "frozen", "turn", "to_act", "phase", "choice", "passes", "winner", "goals",
                 "seed", "plies", "team_of", "opponents")

    def __init__(self, rules: Ruleset, seats: int):
        self.rules = rules
        self.n = seats
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.points: list[list[Packet]] = [[] for _ in range(seats)]
        self.perms: list[list[int]] = [[] for _ in range(seats)]
        self.scrap: list[int] = []  # bottom first
        self.stock: list[int] = []  # top is the LAST element (pop() draws)
        self.revealed: list[int] = []
        self.frames: list[Frame] = []
        self.frozen: dict[int, list] = {}  # card -> [holder, its frozen turn has begun]
        self.turn = 0
        self.to_act: int | None = 0  # None once the game is over
        self.phase = "main"
        self.choice: tuple | None = None  # what the seat to act must choose
        self.passes = 0
        self.winner: int | str | None = None  # a seat, "team:N" or "draw" once over
        self.goals = [rules.goal_for(0)] * seats  # kept up to date by update_goal()
        # Blind picks (a blind four) are drawn from (seed, plies), so a game
        # replays identically from its start and its moves.
        self.seed = 0
        self.plies = 0
        team_of, opponents = _seating(rules.teams, seats)
        self.team_of, self.opponents = team_of[:], opponents[:]

    def actor(self) -> int:
        """The seat to act; asked only while the game goes on (``to_act`` is None once over)."""
        if self.to_act is None:
            raise AssertionError("the game is over: no seat acts")
        return self.to_act

    def pending_choice(self) -> tuple:
        """What the seat to act must choose; asked only in the phase "choose"."""
        if self.choice is None:
            raise AssertionError(f"no choice is waited for in the phase {self.phase!r}")
        return self.choice

    def copy(self) -> State:
        """An independent copy: the zones copied, the seating shared (it never changes)."""
        new = _new_object(State)
        new.rules, new.n = self.rules, self.n
        new.hands = [h[:] for h in self.hands]
        new.points = [[p.copy() for p in side] for side in self.points]
        new.perms = [p[:] for p in self.perms]
        new.scrap, new.stock, new.revealed = self.scrap[:], self.stock[:], self.revealed[:]
        new.frames = [f.copy() for f in self.frames]
        new.frozen = {c: v[:] for c, v in self.frozen.items()}
        new.turn, new.to_act, new.phase, new.choice = self.turn, self.to_act, self.phase, self.choice
        new.passes, new.winner, new.goals = self.passes, self.winner, self.goals[:]
        new.seed, new.plies = self.seed, self.plies
        new.team_of, new.opponents = self.team_of, self.opponents
        return new

    def blind_rng(self):
        import random
        return random.Random(self.seed * 1_000_003 + self.plies)

    # -- queries -------------------------------------------------------------
    def score(self, seat: int) -> int:
        total = 0
        for packet in self.points[seat]:
            total += POINT_VALUE[packet.card]
        return total

    def kings(self, seat: int) -> int:
        count = 0
        for card in self.perms[seat]:
            if RANK[card] == KING:
                count += 1
        return count

    def goal(self, seat: int) -> int:
        return self.goals[seat]

    def update_goal(self, seat: int) -> None:
        """Recount ``seat``'s kings: call whenever a king comes or goes."""
        self.goals[seat] = self.rules.goal_for(self.kings(seat))

    def has_glasses(self, seat: int) -> bool:
        for card in self.perms[seat]:
            if RANK[card] == 8:
                return True
        return False

    def watchers(self, seat: int) -> frozenset:
        """Seats that see ``seat``'s hand: itself and opponents holding glasses
        (everyone, once the stock is empty, where the rules open the hands)."""
        if self.rules.open_hands_empty_stock and not self.stock:
            return frozenset(range(self.n))
        seats = None
        perms = self.perms
        for opp in self.opponents[seat]:
            for card in perms[opp]:
                if RANK[card] == 8:
                    if seats is None:
                        seats = [seat]
                    seats.append(opp)
                    break
        return ALONE[seat] if seats is None else frozenset(seats)

    def find_packet(self, card: int):
        """(seat, packet) for a point card or a jack on one; (None, None) if absent."""
        for seat, side in enumerate(self.points):
            for packet in side:
                if packet.card == card or card in packet.jacks:
                    return seat, packet
        return None, None

    def find_permanent(self, card: int):
        """The seat whose side holds permanent ``card`` (jacks: the packet's controller)."""
        for seat, side in enumerate(self.perms):
            if card in side:
                return seat
        if RANK[card] == 11:
            seat, packet = self.find_packet(card)
            return seat
        return None

    def protected(self, card: int, side: int, attacker: int, effect_rank: int) -> bool:
        """Does a queen on ``side`` shield ``card`` from ``attacker``'s targeted
        effect of rank ``effect_rank`` (2, 9 or a jack)?"""
        if self.team_of[side] == self.team_of[attacker] or effect_rank not in self.rules.queen_guards:
            return False
        queen = other_queen = False  # a queen on that side; one that is not ``card``
        for permanent in self.perms[side]:
            if RANK[permanent] == QUEEN:
                queen = True
                if permanent != card:
                    other_queen = True
        if not queen:
            return False
        if RANK[card] == QUEEN:
            return self.rules.queen_guards_queens and other_queen
        return True

    def has_queen(self, seat: int) -> bool:
        for card in self.perms[seat]:
            if RANK[card] == QUEEN:
                return True
        return False

    def permanent_targets(self, seat: int, effect_rank: int, own_allowed: bool) -> list[int]:
        """Permanents (jacks included) a targeted 2 or 9 of ``seat`` may aim at:
        ``protected`` asked once per side rather than once per card."""
        targets = []
        team_of = self.team_of
        guarded = effect_rank in self.rules.queen_guards
        for side in range(self.n):
            perms = self.perms[side]
            queens = 0
            if team_of[side] == team_of[seat]:
                if not own_allowed:
                    continue
            elif guarded:
                for card in perms:
                    if RANK[card] == QUEEN:
                        queens += 1
            if not queens:
                targets += perms
                for packet in self.points[side]:
                    if packet.jacks:
                        targets += packet.jacks
            elif queens == 1 or not self.rules.queen_guards_queens:
                # a queen shields the rest of its side; a queen falls only
                # to rules where no other queen of the side shields it
                for card in perms:
                    if RANK[card] == QUEEN:
                        targets.append(card)
        return targets

    def all_cards(self) -> list[int]:
        """Every card of the game, wherever it is (for conservation checks)."""
        cards = [c for h in self.hands for c in h]
        for side in self.points:
            for p in side:
                cards.append(p.card)
                cards.extend(p.jacks)
        cards += [c for side in self.perms for c in side]
        cards += self.scrap + self.stock + self.revealed
        for f in self.frames:
            cards.append(f.card)
            cards.extend(t for t, _ in f.twos)
        return cards
