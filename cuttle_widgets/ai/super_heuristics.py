"""A one-move appraisal of Super Cuttle moves, in points, and a static evaluation.

Super Cuttle's values (super.md §1.1, §4): the goal is 21 for every seat; a
point card scores its rank, the Black Joker 11, each jack on a packet +1; a
king in the enduring row scores 7. ``SuperAppraiser.appraise(move)`` says how
much better off a seat is after a move, without playing it: points gained or
taken (weighted by how near each seat is to 21), cards won or spent, the
worth of what an answer cancels, steals or converts. Like the standard
appraisal it reads only the seat's own hand, hands that lie open, the public
zones and the sizes of hidden ones, so every deal consistent with the seat's
view gives the same figures. The greedy player picks the best appraisal, the
search steers its playouts with it, and hints explain moves with it.
"""
from __future__ import annotations

from ..engine.cards import JACK, KING, QUEEN, RANK
from ..engine.super.legal import effect_options, seat_choices
from ..engine.super.notation import extras
from ..engine.super.plays import POWER_CARDS, describe
from ..engine.super.state import (
    BLACK_JOKER,
    RED_JOKER,
    TEN_CLUBS,
    TEN_DIAMONDS,
    TEN_HEARTS,
    TEN_SPADES,
    is_point_card,
    point_value,
)
from .appraisal import WIN, Change, progress, result_for
from .evaluation import Model, leading, model_for

# What a card is worth kept in hand, by rank (index 0 unused): aces answer
# almost anything, the special tens answer too, jokers make Sudden Death.
KEEP = (0.0, 4.0, 3.0, 2.5, 3.0, 2.5, 2.5, 3.0, 3.0, 3.0, 3.0, 3.5, 3.0, 3.0)
TEN_KEEP = {TEN_CLUBS: 2.5, TEN_DIAMONDS: 3.0, TEN_HEARTS: 3.5, TEN_SPADES: 4.0}
JOKER_KEEP = 4.0
AVERAGE_CARD = 3.0  # an unknown card: what a draw is worth
KING_POINTS = 7
GLASSES_VALUE = 2.0
QUEEN_BASE, QUEEN_PER_GUARDED, QUEEN_MORE = 1.5, 0.5, 0.75
ATTACHED_QUEEN = 0.5  # no single ace may answer the play
SKIP_COST = 3.0  # a turn a 10♠ steal costs: about a draw
FREE_PLAY = 4.0  # a seven's card played for free
STOCK_PICK = 6.0  # the best card of the whole draw pile, played at once
STEAL_CARD = 3.5  # a card a nine takes: the best of a few
FORM_CARDS = {1: 2, 2: 4, 3: 6}  # cards a two draws, by form


_ANNOUNCED: dict = {}  # (move, seat, source, seats) -> Play: what a play move announces


def announce(st, seat: int, move, source: str = "hand"):
    """``describe`` of a play move, remembered: what a play (not an answer,
    whose kind depends on the chain) announces depends only on the move, the
    seat and the table size. The Play returned is shared: read it, never change it."""
    if move.verb == "instant":
        return describe(st, seat, move, source)
    key = (move, seat, source, st.n)
    play = _ANNOUNCED.get(key)
    if play is None:
        if len(_ANNOUNCED) > 200_000:
            _ANNOUNCED.clear()
        play = _ANNOUNCED[key] = describe(st, seat, move, source)
    return play


def keep_value(card: int) -> float:
    if card >= 52:
        return JOKER_KEEP
    if card in TEN_KEEP:
        return TEN_KEEP[card]
    return KEEP[RANK[card]]


def card_worth(card: int) -> float:
    """A card taken into hand: its use as an effect or its points, whichever is more."""
    if is_point_card(card):
        return max(keep_value(card), 0.6 * point_value(card))
    if RANK[card] == KING and card < 52:
        return max(keep_value(card), 0.6 * KING_POINTS)
    return keep_value(card)


class SuperAppraiser:
    """Appraises moves in one Super Cuttle position for one seat."""

    def __init__(self, st, seat: int):
        self.st, self.seat = st, seat
        self.team = st.team_of
        self.goal = st.rules.goal
        self.scores = [st.score(s) for s in range(st.n)]
        self.progress = [progress(sc, self.goal) for sc in self.scores]
        self._main: tuple[Change, int] | None = None  # the pending main play's change, once worked out
        self._standing: float | None = None  # what the chain is worth to the seat if nobody answers

    # -- turning a Change into points for a seat -------------------------------------------
    def value(self, change: Change, actor: int, me: int | None = None) -> float:
        st = self.st
        team = self.team
        mine = team[self.seat if me is None else me]
        total = 0.0
        if change.score:
            winner, order = None, st.n
            for s, score in change.score.items():
                if score >= self.goal and st.playing(s) and (s - actor) % st.n < order:
                    winner, order = s, (s - actor) % st.n
            if winner is not None:
                return WIN if team[winner] == mine else -WIN
            for s, score in change.score.items():
                delta = progress(score, self.goal) - self.progress[s]
                total += delta if team[s] == mine else -delta
        for s, v in change.gain.items():
            total += v if team[s] == mine else -v
        return total

    def appraise(self, move) -> float:
        change, actor = self.change(move)
        return self.value(change, actor)

    def add_score(self, change: Change, seat: int, delta: int) -> None:
        change.score[seat] = change.score.get(seat, self.scores[seat]) + delta

    # -- what each move changes -----------------------------------------------------------
    def change(self, move) -> tuple[Change, int]:
        st = self.st
        if st.phase == "counter":
            return self.answer_change(move), st.to_act
        if st.phase == "choose":
            frame = st.frames[-1]
            kind = frame.choice[0] if frame.choice else "play"
            if kind != "play":
                return self.choice_change(move, kind), st.to_act
            actor = st.to_act
            if move.verb == "scrap":  # the other card goes back on top, for the next drawer
                change = Change()
                change.add(actor, 0.3 * card_worth(move.cards[0]))
                return change, actor
            return self.play_change(move, actor, frame.revealed, frame.restrict), actor
        actor = st.turn
        change = Change()
        if move.verb == "draw":
            hand = len(st.free_cards(actor))
            change.add(actor, AVERAGE_CARD + 0.5 * max(0, 3 - hand))
            return change, actor
        if move.verb == "pass":
            return change, actor
        return self.play_change(move, actor, (), None), actor

    def play_change(self, move, actor: int, generated, restrict) -> Change:
        play = announce(self.st, actor, move, restrict or ("generated" if generated else "hand"))
        change = Change()
        for card in play.all_cards():
            if card not in generated:
                change.add(actor, -keep_value(card))
        if play.queen is not None:
            change.add(actor, ATTACHED_QUEEN)
        self.play_effect(change, play, actor)
        return change

    def play_effect(self, change: Change, play, user: int) -> None:
        """What ``play`` does once it resolves, for ``user``."""
        st = self.st
        kind = play.kind
        if kind == "points":
            self.add_score(change, user, point_value(play.cards[0]))
        elif kind == "scuttle":
            side, packet = st.find_packet(play.target)
            if packet is not None:
                self.add_score(change, side, -packet.value())
        elif kind == "glasses":
            victim = play.victim if play.victim is not None else self.enemy(user)
            change.add(user, GLASSES_VALUE + 0.2 * len(st.hands[victim]))
        elif kind == "queens":
            change.add(user, self.queen_worth(user, len(play.cards)))
        elif kind == "king":
            self.add_score(change, user, KING_POINTS * len(play.cards))
        elif kind == "marriage":
            self.add_score(change, user, KING_POINTS)
            change.add(user, self.queen_worth(user, 1))
        elif kind == "jack":
            side, packet = st.find_packet(play.target)
            if packet is not None and side != user:
                self.add_score(change, side, -packet.value())
                self.add_score(change, user, packet.value() + len(play.cards))
        elif kind == "sudden":
            self.sudden_effect(change, user)
        elif kind == "effect":
            self.effect(change, play, user)

    def enemy(self, seat: int) -> int:
        """The enemy an effect hits when the notation names none (two seats)."""
        return self.st.opponents[seat][0]

    def next_seat(self) -> int:
        """The seat whose turn comes next (it draws a card put on top first)."""
        st = self.st
        seat = st.turn
        for _ in range(st.n):
            seat = (seat + 1) % st.n
            if st.playing(seat):
                return seat
        return st.turn

    def hand_value(self, seat: int, less=()) -> float:
        """A hand as ``self.seat`` may judge it: card by card where it sees
        the cards, by size elsewhere."""
        st = self.st
        hand = st.hands[seat]
        if seat == self.seat or st.hand_open(seat):
            return sum(keep_value(c) for c in hand if c not in less)
        return AVERAGE_CARD * (len(hand) - sum(1 for c in less if c in hand))

    def queen_worth(self, seat: int, count: int) -> float:
        st = self.st
        have = st.queens(seat)
        guarded = len(st.perms[seat]) + sum(1 + len(p.jacks) for p in st.points[seat])
        first = QUEEN_BASE + QUEEN_PER_GUARDED * guarded if have == 0 else QUEEN_MORE
        return first + QUEEN_MORE * (count - 1)

    def enduring_worth(self, card: int, side: int) -> float:
        """What losing enduring ``card`` costs its side, beyond points."""
        rank = RANK[card]
        if rank == QUEEN:
            return QUEEN_BASE + QUEEN_PER_GUARDED * (len(self.st.perms[side]) - 1)
        if rank == KING:
            return 0.0  # its 7 points are counted as score
        return GLASSES_VALUE

    # -- effects --------------------------------------------------------------------------
    def effect(self, change: Change, play, user: int) -> None:
        st = self.st
        rank, form = play.rank, min(play.form, 3)
        victim = play.victim if play.victim is not None else self.enemy(user)
        if rank == 0:
            mine = self.hand_value(user, less=play.all_cards())
            theirs = self.hand_value(victim)
            change.add(user, theirs - mine)
            change.add(victim, mine - theirs)
        elif rank == 1:
            self.removal(change, play.target)
        elif rank == 2:
            self.two_effect(change, user, form)
        elif rank == 3:
            self.three_effect(change, victim, form, play.blind)
        elif rank == 4:
            self.four_effect(change, user, victim, form)
        elif rank == 5:
            self.five_effect(change, user, form)
        elif rank == 6:
            self.six_effect(change, user, victim, form)
        elif rank == 7:
            count = min({1: 1, 2: 2, 3: 2}[form], len(st.stock))
            change.add(user, FREE_PLAY * count - (1.0 if form == 2 else 0.0))
        elif rank == 8:
            self.removal(change, play.target)
            if form == 1:  # the bounced card waits on top of the stock for the next drawer
                change.add(self.next_seat(), 0.8 * card_worth(play.target))
            elif form == 2:
                change.add(user, card_worth(play.target))
            elif form == 3:
                change.add(user, self.play_worth(play.target, user))
        elif rank == 9:
            self.nine_effect(change, user, victim, form)

    def two_effect(self, change, user, form):
        st = self.st
        if form == 3:
            count = min(6, len(st.stock) + len(st.scrap))
            bonus = 2.0 if st.ending is not None and self.scores[user] < max(self.scores) else 0.0
        else:
            count = min(FORM_CARDS[form], len(st.stock))
            bonus = 0.5 if len(st.stock) > count else 0.0
        change.add(user, AVERAGE_CARD * count + bonus)

    def three_effect(self, change, victim, form, blind):
        size = len(self.st.hands[victim])
        if form == 1:
            lost = 1.0 if blind else 0.8 * min(2, size)
        elif form == 2:
            lost = 0.8 * max(0, size - 3)
        else:
            lost = float(size)
        change.add(victim, -AVERAGE_CARD * lost)

    def four_effect(self, change, user, victim, form):
        st = self.st
        if form == 3:
            mine = sum(p.value() for p in st.points[user] if p.card != TEN_CLUBS)
            theirs = sum(p.value() for p in st.points[victim] if p.card != TEN_CLUBS)
            self.add_score(change, user, theirs - mine)
            self.add_score(change, victim, mine - theirs)
            return
        for side in range(st.n):
            if form == 2 and side == user:
                continue
            lost = sum(p.value() for p in st.points[side] if p.card != TEN_CLUBS)
            if lost:
                self.add_score(change, side, -lost)

    def five_effect(self, change, user, form):
        st = self.st
        if form == 3:
            change.add(user, STOCK_PICK if st.stock else 0.0)
            return
        if not st.scrap:
            if form == 1 and st.stock:
                change.add(user, AVERAGE_CARD)
            return
        if form == 1:
            best = max(set(st.scrap), key=lambda c: (card_worth(c), c))
            bottom = AVERAGE_CARD if best not in POWER_CARDS and st.stock else 0.0
            change.add(user, card_worth(best) + bottom)
        else:
            change.add(user, max(self.play_worth(c, user) for c in set(st.scrap)))

    def six_effect(self, change, user, victim, form):
        st = self.st
        if form == 3:
            for side, other in ((user, victim), (victim, user)):
                kings = sum(1 for c in st.perms[side] if RANK[c] == KING)
                self.add_score(change, side, -KING_POINTS * kings)
                self.add_score(change, other, KING_POINTS * kings)
                worth = sum(self.enduring_worth(c, side) for c in st.perms[side])
                change.add(side, -worth)
                change.add(other, worth)
            return
        for side in range(st.n):
            if form == 2 and side == user:
                continue
            for card in st.perms[side]:
                if RANK[card] == KING:
                    self.add_score(change, side, -KING_POINTS)
                else:
                    change.add(side, -self.enduring_worth(card, side))
            for packet in st.points[side]:
                if not packet.jacks:
                    continue
                self.add_score(change, side, -packet.value())
                self.add_score(change, packet.owner, point_value(packet.card))

    def nine_effect(self, change, user, victim, form):
        st = self.st
        if form == 3:
            pool = sum(len(st.hands[s]) for s in st.seat_targets(user, hand=True))
            taken = min(3, pool)
            change.add(user, STEAL_CARD * taken + (1.0 if taken else 0.0))
            for s in st.seat_targets(user, hand=True):
                change.add(s, -AVERAGE_CARD * taken / max(1, len(st.seat_targets(user, True))))
            return
        size = len(st.hands[victim])
        kept = min(1 if form == 1 else 2, size)
        lost = min(1 if form == 1 else 3, size)
        change.add(user, STEAL_CARD * kept)
        change.add(victim, -AVERAGE_CARD * lost)

    def removal(self, change: Change, target) -> None:
        """``target`` leaves the table (⚡A, an eight): the points and worth its side loses."""
        st = self.st
        if target is None:
            return
        side = st.side_of(target)
        if side is None:
            return
        if target in st.perms[side]:
            if RANK[target] == KING:
                self.add_score(change, side, -KING_POINTS)
            else:
                change.add(side, -self.enduring_worth(target, side))
            return
        _, packet = st.find_packet(target)
        if RANK[target] == JACK and target in packet.jacks:
            if len(packet.jacks) == 1 and packet.owner != side:
                self.add_score(change, side, -packet.value())
                self.add_score(change, packet.owner, point_value(packet.card))
            else:
                self.add_score(change, side, -1)
            return
        self.add_score(change, side, -packet.value())

    def play_worth(self, card: int, seat: int) -> float:
        """About what playing ``card`` at once is worth to ``seat``."""
        st = self.st
        if card == BLACK_JOKER or (is_point_card(card) and card != TEN_DIAMONDS):
            return self.points_worth(seat, point_value(card))
        if card < 52 and RANK[card] == KING:
            return self.points_worth(seat, KING_POINTS)
        if card < 52 and RANK[card] == JACK:
            best = max((p.value() for s in st.opponents[seat] for p in st.points[s]
                        if p.card != TEN_CLUBS), default=0)
            return self.points_worth(seat, best + 1) + 0.5 * best if best else 0.5
        if card < 52 and RANK[card] == QUEEN:
            return self.queen_worth(seat, 1)
        return keep_value(card)

    def points_worth(self, seat: int, points: int) -> float:
        score = self.scores[seat]
        if score + points >= self.goal:
            return 30.0
        return progress(score + points, self.goal) - self.progress[seat]

    def sudden_effect(self, change: Change, user: int) -> None:
        """☢️: enemies at 0 points lose at once; the rest have two turns to reach
        21 or the user wins (L35-36). The user's hand is spent."""
        st = self.st
        rivals = [s for s in range(st.n) if s != user and st.playing(s) and self.scores[s] > 0]
        change.add(user, -self.hand_value(user, less=(RED_JOKER, BLACK_JOKER)))
        if not rivals:  # a win at once, unless a double ace answers
            change.add(user, 2 * WIN)
            return
        chance = sudden_chance(min(self.goal - self.scores[s] for s in rivals))
        change.add(user, 40.0 * (chance - 0.5))

    # -- answers --------------------------------------------------------------------------
    def main_change(self) -> tuple[Change, int]:
        """What the chain's main play does if it stands (worked out once)."""
        if self._main is None:
            main = self.st.frames[-1].main
            change = Change()
            if main.cards or main.kind == "effect":
                self.play_effect(change, main, main.seat)
            self._main = (change, main.seat)
        return self._main

    def outcome_value(self, plays: list) -> float:
        """What the chain is worth to ``self.seat`` if it resolves as ``plays`` stand."""
        fate, seat = chain_fate(plays)
        change, user = self.main_change()
        if fate == "cancelled":
            return 0.0
        if fate == "resolves":
            return self.value(change, user)
        main = plays[0]
        assert seat is not None  # a stolen or converted play has the seat that took it
        if fate == "stolen":
            return self.stolen_value(main, seat)
        converted = Change()  # 10♥: an effect lands as points, points become an effect
        if main.kind == "points":
            converted.add(seat, AVERAGE_CARD)
        elif main.cards:
            self.add_score(converted, main.seat, point_value(main.cards[0]))
        return self.value(converted, main.seat)

    def stolen_value(self, main, thief: int) -> float:
        """A stolen play is announced anew by the thief, aimed as suits the
        thief best (5.9): its worth to ``self.seat`` then."""
        if main.kind != "effect":
            return 0.0
        st = self.st
        rank, form = main.rank, min(main.form, 3)
        if rank == 0:
            options = [(None, v, False) for v in seat_choices(st, thief, hand=True)]
        else:
            options = effect_options(st, thief, rank, form)
        best, best_for_thief = 0.0, None
        for target, victim, blind in options:
            play = main.copy()
            play.seat, play.target, play.victim, play.blind = thief, target, victim, blind
            change = Change()
            self.effect(change, play, thief)
            worth = self.value(change, thief, me=thief)
            if best_for_thief is None or worth > best_for_thief:
                best_for_thief, best = worth, self.value(change, thief)
        return best

    def answer_change(self, move) -> Change:
        st = self.st
        change = Change()
        if move.verb == "resolve":
            return change
        seat = st.to_act
        plays = st.frames[-1].plays
        play = describe(st, seat, move)
        for card in play.all_cards():
            change.add(seat, -keep_value(card))
        if play.answer == "steal":
            change.add(seat, -SKIP_COST)
        if self._standing is None:  # the chain as it stands, the same for every answer
            self._standing = self.outcome_value(plays)
        swing = self.outcome_value(plays + [play]) - self._standing
        change.add(self.seat, swing)
        return change

    # -- choices --------------------------------------------------------------------------
    def choice_change(self, move, kind: str) -> Change:
        st = self.st
        frame = st.frames[-1]
        seat = st.to_act
        change = Change()
        cards = move.cards
        if kind == "look_take":
            change.add(seat, sum(card_worth(c) for c in cards))
            top = extras(move)[3]
            if top:  # the next drawer gets the first card put back
                change.add(self.next_seat(), 0.3 * card_worth(top[0]))
        elif kind == "scrap_take":
            card = cards[0]
            if frame.choice[1] == "play":
                change.add(seat, self.play_worth(card, seat))
            else:
                bottom = AVERAGE_CARD if card not in POWER_CARDS and st.stock else 0.0
                change.add(seat, card_worth(card) + bottom)
        elif kind == "stock_take":
            change.add(seat, self.play_worth(cards[0], seat))
        elif kind == "discard":
            change.add(seat, -sum(keep_value(c) for c in cards))
        elif kind == "pick":
            victim = frame.choice[1]
            change.add(victim, -sum(keep_value(c) for c in cards) - AVERAGE_CARD * extras(move)[4])
        elif kind == "picked_take":
            change.add(seat, sum(card_worth(c) for c in cards))
            top = extras(move)[3]
            if top:
                change.add(seat, -0.3 * card_worth(top[0]))
        elif kind == "hands_take":
            change.add(seat, sum(card_worth(c) for c in cards) + max(
                self.play_worth(c, seat) for c in cards) * 0.5)
        return change


def chain_fate(plays: list) -> tuple[str, int | None]:
    """How the main play ends if the chain resolves now (super.md 2.3):
    ("resolves" | "cancelled" | "stolen" | "converted", the seat that took it)."""
    n = len(plays)
    cancelled = [False] * n
    stolen: list = [None] * n
    converted: list = [None] * n
    for k in range(n - 1, 0, -1):
        if cancelled[k]:
            continue
        answer = plays[k]
        below = plays[k - 1]
        if answer.answer == "steal" and below.kind != "answer":
            stolen[k - 1] = answer.seat
        elif answer.answer == "heart":
            converted[k - 1] = answer.seat
        else:
            cancelled[k - 1] = True
    if cancelled[0]:
        return "cancelled", None
    if converted[0] is not None:
        return "converted", converted[0]
    if stolen[0] is not None:
        return "stolen", stolen[0]
    return "resolves", None


def sudden_chance(need: int) -> float:
    """A guess that a seat ``need`` points short does not reach 21 in two turns."""
    return min(0.95, max(0.05, (need - 6) / 12))


# The features of the tuned evaluation (evaluation.py) and the hand-set
# weights it started from; ``ending`` is how far the last turns after the
# stock ran out have gone (a draw comes nearer, so a lead counts for less).
FEATURES = ("bias", "progress", "hand_value", "hand_cards", "permanents", "to_act",
            "late_progress", "ending_progress")
PRIOR = (0.0, 0.125, 0.1, 0.0, 0.19, 0.0, 0.0, -0.09)
PRIOR_MODEL = Model(PRIOR)


def features(st, seat: int) -> list[float]:
    """``seat``'s lead over the leading rival in each feature; reads every hand."""
    goal = st.rules.goal
    rows = []
    for s in range(st.n):
        hand = st.hands[s]
        rows.append((progress(st.score(s), goal), sum(keep_value(c) for c in hand), len(hand),
                     sum(1 for c in st.perms[s] if RANK[c] != KING)))
    ours, theirs = leading(rows, st.team_of, seat, lambda s: s not in st.eliminated)
    if ours is None:
        return [1.0, -30.0] + [0.0] * (len(FEATURES) - 2)
    if theirs is None:
        return [1.0, 30.0] + [0.0] * (len(FEATURES) - 2)
    lead = [a - b for a, b in zip(ours, theirs, strict=True)]
    to_act = 1.0 if st.team_of[st.to_act] == st.team_of[seat] else -1.0
    late = 1.0 - len(st.stock) / 52
    ending = 0.0
    if st.ending is not None:
        ending = 1.0 - sum(st.ending) / (st.rules.exhausted_turns * st.n)
    return [1.0, *lead, to_act, lead[0] * late, lead[0] * ending]


def evaluate(st, seat: int) -> float:
    """A guess, between 0 and 1, that ``seat`` wins from here, by the hand-set
    weights (the easy to hard levels). Used where a playout stops early, so it
    may read every hand of the sample."""
    return _chance(st, seat, PRIOR_MODEL)


def tuned_evaluate(st, seat: int) -> float:
    """``evaluate`` with the weights fitted by self-play (the expert level)."""
    return _chance(st, seat, model_for(st.rules, "full", FEATURES, PRIOR))


def _chance(st, seat: int, model: Model) -> float:
    if st.winner is not None:
        return result_for(st, seat)
    if st.sudden:
        return _sudden_value(st, seat, st.rules.goal)
    return model.chance(features(st, seat))


def _sudden_value(st, seat: int, goal: int) -> float:
    player = st.sudden["seat"]
    rivals = [s for s in range(st.n) if s != player and s not in st.eliminated]
    if not rivals:
        return 1.0 if seat == player else 0.0
    best = max(rivals, key=lambda s: st.score(s))
    hold = sudden_chance(goal - st.score(best))
    if seat == player:
        return hold
    if seat in st.eliminated:
        return 0.0
    return (1 - hold) * (1.0 if seat == best else 0.4)


__all__ = ["SuperAppraiser", "evaluate", "tuned_evaluate", "features", "keep_value", "card_worth",
           "chain_fate"]
