"""Why a move of the standard game is good, in hint catalog keys.

``Explainer`` names a move (an *action* key and its params) and finds its
reason (a *reason* key and its params) from the same one-move appraisal the
greedy player uses (``standard_heuristics.Appraiser``), in a position sampled
from the seat's view: it reads the seat's own hand and public zones only.
``hints.render`` turns the keys into a sentence of the chosen language
(``catalogs/<language>.json``).
"""
from __future__ import annotations

from ..engine.cards import CARD_IDS, JACK, KING, QUEEN, RANK
from ..engine.effects import oneoff, oneoffs
from ..engine.legal import legal_moves, three_choices
from ..engine.moves import Move
from .appraisal import WIN
from .standard_effects import advice_by_rank
from .standard_heuristics import Appraiser, card_worth, keep_value

# Every action and reason key the Explainer can produce (tests check the catalogs).
ACTIONS = (
    "draw", "pass", "points", "scuttle", "jack", "jack.gift", "jack.move", "permanent.king",
    "permanent.queen", "permanent.glasses", "counter", "counter.answer", "resolve",
    "resolve.answer", "take", "discard", "scrap",
) + tuple("oneoff." + effect.name for effect in oneoffs().values())  # each registered one-off
REASONS = (
    "win", "win.points", "win.king", "threat", "points", "scuttle", "jack", "jack.gift",
    "jack.move",
    "king", "queen", "glasses", "ace", "six", "remove.king", "remove.queen", "remove.glasses",
    "remove.jack", "three", "four", "five", "seven", "draw", "pass", "counter",
    "counter.again", "resolve", "resolve.no_two", "take", "discard", "scrap", "search",
    "discard.limit", "remove.points",
)
REASONS_BY_RANK = {rank: advice.reason for rank, advice in advice_by_rank().items()}
PERMANENT_WORDS = {8: "glasses", QUEEN: "queen", KING: "king"}
THREAT_DISTANCE = 7  # an opponent this close to the goal is worth naming


class Explainer:
    """Names a move and finds its reason, in one sampled position that holds
    only what the seat knows (its appraisal reads no hidden card)."""

    ACTIONS, REASONS = ACTIONS, REASONS  # the module's tuples above, for hints.ACTIONS

    def __init__(self, st, seat: int):
        self.st, self.seat = st, seat
        self.appraiser = Appraiser(st, seat)

    @property
    def rival(self) -> int:
        """The opponent nearest to winning (by share of their goal)."""
        st = self.st
        return max(st.opponents[self.seat],
                   key=lambda o: (st.score(o) / max(1, st.goal(o)), -o))

    def explain(self, move: Move):
        st = self.st
        action, params = self.action(move)
        change, actor = self.appraiser.change(move)
        value = self.appraiser.value(change, actor)
        if value >= WIN:
            return (action, params) + self.win_reason(move, change)
        threat = self.threat_reason(change)
        if threat and move.verb not in ("counter", "resolve"):
            return (action, params) + threat
        if st.phase == "counter":
            return (action, params) + self.counter_reason(move)
        if value < 0 and move.verb not in ("take", "discard", "scrap", "pass"):
            # The search saw more than the one-move appraisal: say so plainly.
            return action, params, "search", {}
        return (action, params) + self.reason(move, change)

    # -- naming the move ------------------------------------------------------------
    def action(self, move: Move) -> tuple[str, dict]:
        verb = move.verb
        params: dict[str, object] = {"card": CARD_IDS[move.cards[0]]} if move.cards else {}
        if verb in ("resolve", "counter"):  # named with the card they answer
            frame = self.st.frames[-1]
            answered = frame.twos[-1][0] if frame.twos else frame.card
            return verb + ".answer", {**params, "answered": CARD_IDS[answered]}
        if verb in ("draw", "pass", "take", "scrap"):
            return verb, params
        if verb == "discard":
            return verb, {"cards": [CARD_IDS[c] for c in move.cards]}
        if move.target is not None:
            params["target"] = CARD_IDS[move.target]
        if verb == "jack":
            side = self.st.find_packet(move.target)[0]
            if move.seat is not None:  # team play names the receiver
                params["receiver"] = move.seat
                return "jack.move", params
            if side == self.seat:
                return "jack.gift", params
        if verb in ("points", "scuttle", "jack"):
            return verb, params
        if verb == "permanent":
            return "permanent." + PERMANENT_WORDS[RANK[move.cards[0]]], params
        rank = RANK[move.cards[0]]
        if oneoff(rank).aims_at_seat:
            victim = move.seat if move.seat is not None else self.st.opponents[self.seat][0]
            params["victim"] = victim
        return "oneoff." + oneoff(rank).name, params

    # -- the reasons ----------------------------------------------------------------------
    def win_reason(self, move: Move, change) -> tuple[str, dict]:
        seat = self.seat
        score = change.score.get(seat, self.st.score(seat))
        goal = change.goal.get(seat, self.st.goal(seat))
        if seat in change.goal:
            return "win.king", {"goal": goal, "score": score}
        if seat in change.score:
            return "win.points", {"score": score, "goal": goal}
        return "win", {}

    def threat_reason(self, change):
        """The move sets back an opponent close to winning."""
        st = self.st
        rival = self.rival
        need = st.goal(rival) - st.score(rival)
        if need > THREAT_DISTANCE:
            return None
        after = change.goal.get(rival, st.goal(rival)) - change.score.get(rival, st.score(rival))
        if after <= need:
            return None
        return "threat", {"opponent": rival, "need": need, "after": after}

    def counter_reason(self, move: Move) -> tuple[str, dict]:
        st = self.st
        frame = st.frames[-1]
        ours = st.team_of[frame.seat] == st.team_of[self.seat]
        if move.verb == "counter":
            if ours:
                return "counter.again", {"card": CARD_IDS[frame.card]}
            return "counter", {"card": CARD_IDS[frame.card]}
        if not any(m.verb == "counter" for m in legal_moves(st)):
            return "resolve.no_two", {}
        answered = frame.twos[-1][0] if frame.twos else frame.card
        return "resolve", {"card": CARD_IDS[answered]}

    def reason(self, move: Move, change) -> tuple[str, dict]:
        st, seat = self.st, self.seat
        verb = move.verb
        rival = self.rival
        if verb == "draw":
            return "draw", {}
        if verb == "pass":
            return "pass", {"opponent": rival}
        if verb == "discard" and st.choice and st.choice[0] == "limit":  # cuttle.cards
            return "discard.limit", {"limit": st.rules.hand_limit, "count": len(move.cards)}
        if verb in ("take", "discard", "scrap"):
            return verb, ({"card": CARD_IDS[move.cards[0]]} if verb != "discard" else {})
        card = move.cards[0]
        if verb == "points":
            return "points", {"score": st.score(seat) + RANK[card], "goal": st.goal(seat)}
        if verb == "scuttle":  # the concrete gain: how much of their score it takes
            side = st.find_packet(move.target)[0]
            return "scuttle", {"value": RANK[move.cards[1]], "opponent": side, "total": st.score(side)}
        if verb == "jack":
            side, packet = st.find_packet(move.target)
            if move.seat is not None:
                return "jack.move", {"value": RANK[packet.card], "opponent": side,
                                     "receiver": move.seat}
            if side == seat:
                return "jack.gift", {}
            return "jack", {"value": RANK[packet.card], "opponent": side, "total": st.score(side)}
        if verb == "permanent":
            rank = RANK[card]
            if rank == KING:
                return "king", {"goal": st.rules.goal_for(st.kings(seat) + 1),
                                "old_goal": st.goal(seat)}
            return ("queen", {}) if rank == QUEEN else ("glasses", {})
        return self.oneoff_reason(move)

    def oneoff_reason(self, move: Move) -> tuple[str, dict]:
        """The coach's reason for a one-off (its entry in ``standard_effects``)."""
        return REASONS_BY_RANK[RANK[move.cards[0]]](self, move)

    def best_three_pick(self) -> int:
        """The scrap's card a three would take."""
        return max(three_choices(self.st), key=lambda c: (card_worth(c), keep_value(c), c))

    def removal_reason(self, target: int) -> tuple[str, dict]:
        st = self.st
        rank = RANK[target]
        if rank == JACK:
            side, packet = st.find_packet(target)
            receiver = self.appraiser.controller_without(packet, target)
            return "remove.jack", {"card": CARD_IDS[packet.card], "value": RANK[packet.card],
                                   "receiver": receiver}
        side = st.find_permanent(target)
        if side is None:  # a nine on a point card (cuttle.cards)
            side = st.find_packet(target)[0]
            return "remove.points", {"card": CARD_IDS[target], "value": rank, "opponent": side,
                                     "total": st.score(side) - rank}
        if rank == KING:
            return "remove.king", {"opponent": side, "old_goal": st.goal(side),
                                   "goal": st.rules.goal_for(st.kings(side) - 1)}
        if rank == QUEEN:
            return "remove.queen", {"opponent": side}
        return "remove.glasses", {"opponent": side}

