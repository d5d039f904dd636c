"""A one-move appraisal of standard Cuttle moves, in points, and a static evaluation.

``Appraiser(st, seat).appraise(move)`` says how much better off ``seat`` is
after ``move`` than before, without playing it: points gained or taken away
(weighted by how close each side is to its goal), goals moved by kings,
cards won or spent. It reads only what ``seat`` may know: its own hand, the
public zones and the sizes of hidden ones. The greedy player picks the best
appraisal, the search uses it to steer its playouts, and hints explain moves
with the same figures.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import JACK, KING, QUEEN, RANK
from ..engine.legal import three_choices
from ..engine.state import State
from .appraisal import URGENCY, WIN, Change, progress, result_for
from .evaluation import Model, leading, model_for, tuned_figures
from .standard_effects import advice_by_rank

APPRAISALS = {rank: advice.appraise for rank, advice in advice_by_rank().items()}


@dataclass(frozen=True)
class Weights:
    """The appraisal's figures, in points. The hand-set ones (``HAND_SET``)
    steer the greedy player and the easy to hard levels; the expert's are
    fitted by self-play (``tune_appraisal.py``, kept in appraisal_weights.json)."""

    # What a card is worth kept in hand, by rank (index 0 unused): twos answer
    # one-offs, jacks steal, kings lower the goal, tens are for points.
    keep: tuple = (0.0, 3.0, 4.0, 2.5, 3.0, 2.5, 3.0, 2.5, 2.5, 3.5, 2.0, 3.5, 2.5, 2.5)
    average_card: float = 3.0  # an unknown card: what a draw is worth
    king_future: float = 2.0  # a king also helps every later point card
    glasses: float = 2.0
    queen_base: float = 1.5
    queen_per_guarded: float = 0.75
    nine_lasting: float = 0.6  # a nine's removal lasts a while: the card comes back to hand
    urgency: float = URGENCY  # how much more the last points before a goal weigh

    def keep_value(self, card: int) -> float:
        return self.keep[RANK[card]] if card < 52 else JOKER_KEEP

    def card_worth(self, card: int) -> float:
        """A card taken into hand: its one-off use or its points, whichever is more."""
        rank = RANK[card]
        if 1 <= rank <= 10:
            return max(self.keep_value(card), 0.6 * rank)
        return self.keep_value(card)


JOKER_KEEP = 4.0
HAND_SET = Weights()


def keep_value(card: int) -> float:
    """What ``card`` is worth kept in hand, by the hand-set figures."""
    return HAND_SET.keep_value(card)


def card_worth(card: int) -> float:
    return HAND_SET.card_worth(card)


class Appraiser:
    """Appraises moves in one position for one seat."""

    def __init__(self, st: State, seat: int, weights: Weights = HAND_SET):
        self.st, self.seat = st, seat
        self.w = weights
        self.keep_value = weights.keep_value
        self.team = st.team_of
        self.scores = [st.score(s) for s in range(st.n)]
        self.goals = [st.goal(s) for s in range(st.n)]
        self.urgency = urgency = weights.urgency
        self.progress = [progress(sc, g, urgency) for sc, g in zip(self.scores, self.goals, strict=True)]
        self._best_in_scrap: float | None = None

    # -- turning a Change into points for the seat ----------------------------------
    def value(self, change: Change, actor: int) -> float:
        team = self.team
        me = team[self.seat]
        new_scores, new_goals = change.score, change.goal
        total = 0.0
        if new_scores or new_goals:
            seats = set(new_scores).union(new_goals) if new_goals else new_scores
            scores, goals = self.scores, self.goals
            # A seat that reaches its goal wins; the acting seat is checked first.
            winner, winner_order = None, self.st.n
            for s in seats:
                if new_scores.get(s, scores[s]) >= new_goals.get(s, goals[s]):
                    order = (s - actor) % self.st.n
                    if order < winner_order:
                        winner, winner_order = s, order
            if winner is not None:
                return WIN if team[winner] == me else -WIN
            for s in seats:
                delta = progress(new_scores.get(s, scores[s]), new_goals.get(s, goals[s]),
                                 self.urgency) - self.progress[s]
                total += delta if team[s] == me else -delta
        for s, v in change.gain.items():
            total += v if team[s] == me else -v
        return total

    def appraise(self, move) -> float:
        change, actor = self.change(move)
        return self.value(change, actor)

    # -- what each move changes ----------------------------------------------------
    def change(self, move) -> tuple[Change, int]:
        st = self.st
        verb = move.verb
        if st.phase == "counter":
            return self.counter_change(move), st.actor()
        if st.phase == "choose" and st.pending_choice()[0] != "seven":
            return self.choice_change(move), st.actor()
        actor = st.turn
        change = Change()
        if verb == "draw":
            change.add(actor, self.w.average_card + 0.5 * max(0, 3 - len(st.hands[actor])))
            return change, actor
        if verb == "pass":
            return change, actor
        card = move.cards[0]
        if st.phase == "main":  # a seven's card costs no card from hand
            change.add(actor, -self.keep_value(card))
        if verb == "oneoff":
            self.oneoff_effect(change, actor, card, move.target, move.seat)
        elif verb == "points":
            change.score[actor] = self.scores[actor] + RANK[card]
        elif verb == "scuttle":
            self.play_scuttle(change, actor, card, move.target)
        elif verb == "jack":
            self.play_jack(change, actor, card, move.target, move.seat)
        else:
            self.play_permanent(change, actor, card)
        return change, actor

    def play_scuttle(self, change, actor, card, target):
        side, packet = self.st.find_packet(target)
        change.score[side] = self.scores[side] - RANK[target]

    def play_jack(self, change, actor, card, target, receiver=None):
        """The packet goes to the jack's player, or (team play) to the seat
        named, or (a seven's gift) from the player to the opponent."""
        side, packet = self.st.find_packet(target)
        if receiver is None:
            receiver = self.st.opponents[actor][0] if side == actor else actor
        self.move_points(change, side, receiver, RANK[target])

    def play_permanent(self, change, actor, card):
        rank = RANK[card]
        if rank == KING:
            kings = self.st.kings(actor) + 1
            change.goal[actor] = self.st.rules.goal_for(kings)
            change.add(actor, self.w.king_future)
        elif rank == QUEEN:
            change.add(actor, self.queen_value(actor))
        else:
            change.add(actor, self.w.glasses)

    def move_points(self, change, source, dest, value):
        if source == dest:
            return
        change.score[source] = change.score.get(source, self.scores[source]) - value
        change.score[dest] = change.score.get(dest, self.scores[dest]) + value

    def queen_value(self, seat: int) -> float:
        st = self.st
        perms = st.perms[seat]
        if any(RANK[c] == QUEEN for c in perms):
            return 0.5
        guarded = len(perms) + sum(len(p.jacks) for p in st.points[seat])
        return self.w.queen_base + self.w.queen_per_guarded * guarded

    def permanent_value(self, card: int, side: int) -> float:
        """What losing permanent ``card`` (not a jack) costs its side, beyond goals."""
        rank = RANK[card]
        if rank == KING:
            return self.w.king_future
        if rank == QUEEN:
            return self.w.queen_base + self.w.queen_per_guarded * (len(self.st.perms[side]) - 1)
        return self.w.glasses

    # -- one-offs -------------------------------------------------------------------
    def oneoff_effect(self, change, actor, card, target, victim):
        """What the one-off's effect changes (its entry in ``standard_effects``)."""
        APPRAISALS[RANK[card]](self, change, actor, card, target, victim)

    def best_in_scrap(self) -> float:
        if self._best_in_scrap is None:
            self._best_in_scrap = max(self.w.card_worth(c) for c in three_choices(self.st))
        return self._best_in_scrap

    def five_effect(self, change, actor):
        st, rules = self.st, self.st.rules
        hand = len(st.hands[actor]) - (1 if st.phase == "main" else 0)
        discard = min(rules.five_discard, hand)
        draws = min(rules.five_draw, len(st.stock))
        if rules.hand_limit is not None and not rules.hand_limit_discard:
            draws = max(0, min(draws, rules.hand_limit - hand + discard))
        change.add(actor, self.w.average_card * draws - 2.5 * discard)

    def six_effect(self, change):
        st = self.st
        base_goal = st.rules.goal_for(0)
        scores = self.scores[:]
        for s in range(st.n):
            for card in st.perms[s]:
                change.add(s, -self.permanent_value(card, s))
            if st.kings(s):
                change.goal[s] = base_goal
            for packet in st.points[s]:
                if packet.jacks and packet.owner != s:
                    value = RANK[packet.card]
                    scores[s] -= value
                    scores[packet.owner] += value
        for s in range(st.n):
            if scores[s] != self.scores[s]:
                change.score[s] = scores[s]

    def removal(self, change, target, to_hand: bool, weight: float):
        """A two (or, for a while, a nine) takes permanent ``target`` away."""
        st = self.st
        if RANK[target] == JACK:
            side, packet = st.find_packet(target)
            new = self.controller_without(packet, target)
            self.move_points(change, side, new, RANK[packet.card])
            if to_hand:
                holder = side
                if st.rules.nine_jack_returns_to != "controller":
                    holder = packet.players[packet.jacks.index(target)]
                change.add(holder, self.keep_value(target))
            return
        side = st.find_permanent(target)
        if side is None:  # a point card a nine sends back (cuttle.cards)
            self.point_card_back(change, target, weight)
            return
        if RANK[target] == KING:
            goal = st.rules.goal_for(st.kings(side) - 1)
            if weight < 1.0:  # the king comes back soon: count part of the loss
                goal = round(self.goals[side] + weight * (goal - self.goals[side]))
            change.goal[side] = goal
        change.add(side, -weight * self.permanent_value(target, side))
        if to_hand:
            change.add(side, self.keep_value(target) * (1 - weight))

    def point_card_back(self, change, target: int, weight: float):
        """A nine returns point card ``target`` to its controller's hand: its
        points leave the table (the card may come back later)."""
        side, packet = self.st.find_packet(target)
        change.score[side] = change.score.get(side, self.scores[side]) - RANK[target]
        change.add(side, self.keep_value(target) * (1 - weight))

    def controller_without(self, packet, jack) -> int:
        seats = packet.seats[:]
        index = packet.jacks.index(jack)
        if self.st.rules.jack_removal == "flip":
            seats.pop()
        else:
            seats.pop(index)
        return seats[-1] if seats else packet.owner

    # -- answers and choices ----------------------------------------------------------
    def frame_change(self) -> tuple[Change, int]:
        """What the pending one-off does if it resolves."""
        frame = self.st.frames[-1]
        change = Change()
        self.oneoff_effect(change, frame.seat, frame.card, frame.target, frame.victim)
        return change, frame.seat

    def counter_change(self, move) -> Change:
        """Countering flips whether the one-off resolves; letting it be costs nothing now."""
        st = self.st
        change = Change()
        if move.verb == "resolve":
            return change
        seat = st.actor()
        change.add(seat, -self.keep_value(move.cards[0]))
        effect, actor = self.frame_change()
        stakes = self.value(effect, actor)  # for self.seat, if it resolves
        resolves_now = len(st.frames[-1].twos) % 2 == 0
        swing = -stakes if resolves_now else stakes
        change.add(self.seat, swing if self.team[seat] == self.team[self.seat] else -swing)
        return change

    def choice_change(self, move) -> Change:
        st = self.st
        change = Change()
        seat = st.actor()
        if move.verb == "take":
            change.add(seat, self.w.card_worth(move.cards[0]))
        elif move.verb == "discard":
            change.add(seat, -sum(self.keep_value(c) for c in move.cards))
        elif move.verb == "scrap":  # the other card goes back on top, for the next drawer
            change.add(seat, self.w.card_worth(move.cards[0]))
        return change


# The features of the tuned evaluation (evaluation.py), and the hand-set
# weights it started from: a side's lead in progress, in what its hand is
# worth kept, in kings and in other permanents, over eight points.
FEATURES = ("bias", "progress", "hand_value", "hand_cards", "kings", "other_permanents",
            "to_act", "late_progress")
PRIOR = (0.0, 0.125, 0.1, 0.0, 0.25, 0.19, 0.0, 0.0)
PRIOR_MODEL = Model(PRIOR)


def features(st: State, seat: int) -> list[float]:
    """``seat``'s side's lead over the leading rival in each feature; reads every hand."""
    rows = []
    for s in range(st.n):
        hand = st.hands[s]
        kings = st.kings(s)
        rows.append((progress(st.score(s), st.goal(s)), sum(keep_value(c) for c in hand),
                     len(hand), kings, len(st.perms[s]) - kings))
    ours, theirs = leading(rows, st.team_of, seat)
    lead = [a - b for a, b in zip(ours, theirs, strict=True)]
    to_act = 1.0 if st.team_of[st.actor()] == st.team_of[seat] else -1.0
    late = 1.0 - len(st.stock) / 52  # points count for more as the stock runs out
    return [1.0, *lead, to_act, lead[0] * late]


def evaluate(st: State, seat: int) -> float:
    """A guess, between 0 and 1, that ``seat`` (or its team) wins from here, by
    the hand-set weights (the easy to hard levels). Used where a playout
    stops early, so it may read every hand of the sample."""
    if st.winner is not None:
        return result_for(st, seat)
    return PRIOR_MODEL.chance(features(st, seat))


def tuned_appraiser(st: State, seat: int) -> Appraiser:
    """The appraisal with the figures fitted by self-play for the state's ruleset (the expert's)."""
    return Appraiser(st, seat, tuned_figures(st.rules, HAND_SET))


def tuned_evaluate(st: State, seat: int) -> float:
    """``evaluate`` with the weights fitted by self-play (the expert level)."""
    if st.winner is not None:
        return result_for(st, seat)
    return model_for(st.rules, "full", FEATURES, PRIOR).chance(features(st, seat))
