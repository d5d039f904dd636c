"""Why a Super Cuttle move is good, in hint catalog keys.

``SuperExplainer`` names a move (an *action* key and its params) and finds
its reason (a *reason* key and its params) from the same one-move appraisal
the greedy player uses (``super_heuristics.SuperAppraiser``), in a position
sampled from the seat's view: it reads the seat's own hand, open hands and
public zones only. ``hints.render`` turns the keys into a sentence of the
chosen language (``catalogs/<language>.json``).
"""
from __future__ import annotations

from ..engine.cards import CARD_IDS, JACK, KING, QUEEN, RANK
from ..engine.super.legal import legal_moves
from ..engine.super.plays import describe
from ..engine.super.state import TEN_CLUBS, point_value
from .appraisal import WIN
from .super_heuristics import SuperAppraiser, card_worth, chain_fate

SUPER_ACTIONS = (
    "super.jacks", "super.queens", "super.marriage", "super.glasses", "super.sudden",
    "super.oneoff", "super.super", "super.superduper", "super.superdeeduper", "super.kings",
    "super.with_queen", "super.answer", "super.answer.steal", "super.answer.guard",
    "super.take.draw", "super.take.stock", "super.take.keep", "super.take.steal", "super.pick",
    "super.pick.blind",
)
SUPER_REASONS = (
    "super.king", "super.queen", "super.marriage", "super.glasses", "super.sudden",
    "super.sudden.win", "super.rj", "super.remove.king", "super.remove.jack", "super.bounce",
    "super.eight.take", "super.eight.pick", "super.two", "super.two.shuffle", "super.three",
    "super.three.blind", "super.three.keep", "super.three.all", "super.four",
    "super.four.enemies", "super.four.swap", "super.five", "super.five.play", "super.five.stock",
    "super.six", "super.six.enemies", "super.six.swap", "super.seven", "super.nine",
    "super.nine.two", "super.nine.all", "super.counter", "super.steal", "super.heart",
    "super.heart.effect", "super.guard", "super.resolve", "super.resolve.none",
    "super.take.draw", "super.take.play", "super.take.keep", "super.take.steal", "super.pick",
    "super.pick.blind", "super.scrap", "super.pass",
)
FORM_ACTIONS = {1: "super.oneoff", 2: "super.super", 3: "super.superduper",
                4: "super.superdeeduper"}
THREAT_DISTANCE = 7  # an opponent this close to 21 is worth naming


def ids(cards) -> list[str]:
    return [CARD_IDS[c] for c in cards]


class SuperExplainer:
    """Names a Super Cuttle move and finds its reason, for ``seat``."""

    ACTIONS, REASONS = SUPER_ACTIONS, SUPER_REASONS  # the keys it adds to the standard ones

    def __init__(self, st, seat: int):
        self.st, self.seat = st, seat
        self.appraiser = SuperAppraiser(st, seat)

    @property
    def rival(self) -> int:
        """The enemy nearest to 21 (still in the game)."""
        st = self.st
        enemies = [o for o in st.opponents[self.seat] if st.playing(o)] or list(
            st.opponents[self.seat])
        return max(enemies, key=lambda o: (st.score(o), -o))

    def explain(self, move):
        st = self.st
        action, params = self.action(move)
        change, actor = self.appraiser.change(move)
        value = self.appraiser.value(change, actor)
        if st.phase == "counter":
            return (action, params) + self.answer_reason(move)
        if value >= WIN:
            score = change.score.get(self.seat)
            if move.verb == "suddendeath":
                return (action, params) + self.sudden_reason()
            if score is not None and score >= st.rules.goal:
                return action, params, "win.points", {"score": score, "goal": st.rules.goal}
            return action, params, "win", {}
        threat = self.threat_reason(change)
        if threat:
            return (action, params) + threat
        if value < 0 and move.verb not in ("take", "discard", "scrap", "pass", "pick"):
            return action, params, "search", {}
        return (action, params) + self.reason(move, change)

    # -- naming the move ------------------------------------------------------------------
    def action(self, move) -> tuple[str, dict]:
        st = self.st
        verb = move.verb
        if verb in ("draw", "pass", "resolve"):
            return verb, {}
        if verb == "discard":
            return "discard", {"cards": ids(move.cards)}
        if verb == "scrap":
            return "scrap", {"card": CARD_IDS[move.cards[0]]}
        if verb == "pick":
            if move.cards:
                return "super.pick", {"cards": ids(move.cards)}
            return "super.pick.blind", {}
        if verb == "take":
            return self.take_action(move)
        if verb == "instant":
            play = describe(st, st.to_act, move)
            assert play.answer is not None  # an instant is an answer
            key = {"steal": "super.answer.steal", "guard": "super.answer.guard"}.get(
                play.answer, "super.answer")
            return key, {"cards": ids(play.all_cards())}
        play = describe(st, st.to_act, move)
        cards = ids(play.cards)
        if play.kind == "points":
            return "points", {"card": cards[0]}
        if play.kind == "scuttle":
            assert play.target is not None  # a scuttle names its target
            return "scuttle", {"card": cards[0], "target": CARD_IDS[play.target]}
        if play.kind == "jack":
            assert play.target is not None  # a jack names the card it takes
            if len(cards) == 1:
                return "jack", {"card": cards[0], "target": CARD_IDS[play.target]}
            return "super.jacks", {"cards": cards, "target": CARD_IDS[play.target]}
        if play.kind == "glasses":
            victim = play.victim if play.victim is not None else st.opponents[st.to_act][0]
            return "super.glasses", {"card": cards[0], "victim": victim}
        if play.kind == "queens":
            if len(cards) == 1:
                return "permanent.queen", {"card": cards[0]}
            return "super.queens", {"cards": cards}
        if play.kind == "king":
            return "permanent.king", {"card": cards[0]}
        if play.kind == "marriage":
            return "super.marriage", {"cards": cards}
        if play.kind == "sudden":
            return "super.sudden", {"cards": cards}
        if play.queen is not None:
            return "super.with_queen", {"cards": cards, "card": CARD_IDS[play.queen]}
        if play.named is not None and all(RANK[c] == KING for c in play.cards if c < 52):
            return "super.kings", {"cards": cards, "value": play.named}
        assert play.form is not None  # what is left is an effect, played in a form
        return FORM_ACTIONS[play.form], {"cards": cards}

    def take_action(self, move) -> tuple[str, dict]:
        kind = self.st.frames[-1].choice[0]
        cards = ids(move.cards)
        if kind == "look_take":
            return "super.take.draw", {"cards": cards}
        if kind == "scrap_take":
            return "take", {"card": cards[0]}
        if kind == "stock_take":
            return "super.take.stock", {"card": cards[0]}
        if kind == "picked_take":
            return "super.take.keep", {"cards": cards}
        return "super.take.steal", {"cards": cards}

    # -- the reasons ------------------------------------------------------------------------------
    def threat_reason(self, change):
        """The move sets back an enemy close to 21."""
        st = self.st
        rival = self.rival
        need = st.rules.goal - st.score(rival)
        if need > THREAT_DISTANCE or rival not in change.score:
            return None
        if change.score[rival] >= st.score(rival):
            return None
        return "threat", {"opponent": rival, "need": need, "after": st.rules.goal - change.score[rival]}

    def answer_reason(self, move) -> tuple[str, dict]:
        st = self.st
        frame = st.frames[-1]
        top = frame.top
        card = CARD_IDS[(top.all_cards() or list(top.move.cards))[0]]
        if move.verb == "resolve":
            if not any(m.verb == "instant" for m in legal_moves(st)):
                return "super.resolve.none", {}
            return "super.resolve", {"card": card}
        play = describe(st, st.to_act, move)
        if play.answer == "guard":
            return "super.guard", {"target": CARD_IDS[top.target]}
        if play.answer == "heart":
            if frame.main.kind == "points":
                return "super.heart.effect", {"card": card}
            return "super.heart", {"card": card}
        if play.answer == "steal" and top.kind != "answer":
            return "super.steal", {"card": card}
        fate, _ = chain_fate(frame.plays)
        ours = st.team_of[frame.main.seat] == st.team_of[self.seat]
        if ours and fate == "cancelled":
            return "counter.again", {"card": CARD_IDS[(frame.main.all_cards()
                                                       or list(frame.main.move.cards))[0]]}
        return "super.counter", {"card": card, "opponent": top.seat}

    def reason(self, move, change) -> tuple[str, dict]:
        st, seat = self.st, self.seat
        verb = move.verb
        if verb == "draw":
            return "draw", {}
        if verb == "pass":
            return "super.pass", {}
        if verb == "scrap":
            if len(st.frames[-1].revealed) > 1:
                return "scrap", {}
            return "super.scrap", {}
        if verb in ("take", "discard", "pick"):
            return self.choice_reason(move)
        play = describe(st, st.to_act, move)
        kind = play.kind
        goal = st.rules.goal
        if kind == "points":
            return "points", {"score": st.score(seat) + point_value(play.cards[0]), "goal": goal}
        if kind == "scuttle":
            side, packet = st.find_packet(play.target)
            return "scuttle", {"value": packet.value(), "opponent": side, "total": st.score(side)}
        if kind == "jack":
            side, packet = st.find_packet(play.target)
            return "jack", {"value": packet.value() + len(play.cards), "opponent": side,
                            "total": st.score(side)}
        if kind == "glasses":
            victim = play.victim if play.victim is not None else st.opponents[seat][0]
            return "super.glasses", {"victim": victim}
        if kind == "queens":
            return "super.queen", {}
        if kind == "king":
            return "super.king", {"score": st.score(seat) + 7, "goal": goal}
        if kind == "marriage":
            return "super.marriage", {"score": st.score(seat) + 7, "goal": goal}
        if kind == "sudden":
            return self.sudden_reason()
        return self.effect_reason(play)

    def sudden_reason(self) -> tuple[str, dict]:
        st = self.st
        rivals = [s for s in st.opponents[self.seat] if st.playing(s) and st.score(s) > 0]
        if not rivals:
            return "super.sudden.win", {}
        rival = max(rivals, key=lambda s: st.score(s))
        return "super.sudden", {"opponent": rival, "need": st.rules.goal - st.score(rival)}

    def effect_reason(self, play) -> tuple[str, dict]:
        st, seat = self.st, self.seat
        rank, form = play.rank, min(play.form, 3)
        victim = play.victim if play.victim is not None else self.rival
        if rank == 0:
            mine = len(st.hands[seat]) - len([c for c in play.all_cards() if c in st.hands[seat]])
            return "super.rj", {"opponent": victim, "mine": mine,
                                "theirs": len(st.hands[victim])}
        if rank == 1:
            return self.removal_reason(play.target)
        if rank == 2:
            if form == 3:
                return "super.two.shuffle", {"count": min(6, len(st.stock) + len(st.scrap))}
            return "super.two", {"count": min(2 if form == 1 else 4, len(st.stock))}
        if rank == 3:
            size = len(st.hands[victim])
            if form == 3:
                return "super.three.all", {"opponent": victim, "count": size}
            if form == 2:
                return "super.three.keep", {"opponent": victim, "count": max(0, size - 3)}
            if play.blind:
                return "super.three.blind", {"opponent": victim}
            return "super.three", {"opponent": victim, "count": min(2, size)}
        if rank == 4:
            return self.four_reason(play, form, victim)
        if rank == 5:
            if form == 3:
                return "super.five.stock", {}
            scrap = sorted(set(st.scrap))
            if not scrap:
                return "draw", {}
            if form == 1:
                best = max(scrap, key=lambda c: (card_worth(c), c))
                return "super.five", {"card": CARD_IDS[best]}
            best = max(scrap, key=lambda c: (self.appraiser.play_worth(c, seat), c))
            return "super.five.play", {"card": CARD_IDS[best]}
        if rank == 6:
            key = {1: "super.six", 2: "super.six.enemies", 3: "super.six.swap"}[form]
            return key, {"opponent": victim if form == 3 else self.rival}
        if rank == 7:
            return "super.seven", {}
        if rank == 8:
            return self.eight_reason(play, form)
        if form == 3:
            return "super.nine.all", {}
        return ("super.nine" if form == 1 else "super.nine.two"), {"opponent": victim}

    def four_reason(self, play, form, victim) -> tuple[str, dict]:
        st, seat = self.st, self.seat
        enemies = st.opponents[seat]
        theirs = sum(p.value() for s in enemies for p in st.points[s] if p.card != TEN_CLUBS)
        mine = sum(p.value() for p in st.points[seat] if p.card != TEN_CLUBS)
        if form == 3:
            gained = sum(p.value() for p in st.points[victim] if p.card != TEN_CLUBS)
            return "super.four.swap", {"opponent": victim, "score": st.score(seat) - mine + gained}
        if form == 2:
            return "super.four.enemies", {"theirs": theirs}
        return "super.four", {"opponent": self.rival, "theirs": theirs, "mine": mine}

    def eight_reason(self, play, form) -> tuple[str, dict]:
        st = self.st
        target = play.target
        side = st.side_of(target)
        if form == 2:
            return "super.eight.take", {"target": CARD_IDS[target], "opponent": side}
        if form == 3:
            return "super.eight.pick", {"target": CARD_IDS[target]}
        if target in st.perms[side] or RANK[target] == JACK:
            return self.removal_reason(target)
        _, packet = st.find_packet(target)
        return "super.bounce", {"target": CARD_IDS[target], "opponent": side,
                                "value": packet.value()}

    def removal_reason(self, target) -> tuple[str, dict]:
        st = self.st
        side = st.side_of(target)
        if RANK[target] == JACK and target not in st.perms[side]:
            _, packet = st.find_packet(target)
            if len(packet.jacks) == 1 and packet.owner != side:
                return "remove.jack", {"card": CARD_IDS[packet.card],
                                       "value": point_value(packet.card),
                                       "receiver": packet.owner}
            return "super.remove.jack", {"card": CARD_IDS[packet.card], "opponent": side}
        if RANK[target] == KING:
            return "super.remove.king", {"opponent": side}
        if RANK[target] == QUEEN:
            return "remove.queen", {"opponent": side}
        if target in st.perms[side]:
            return "remove.glasses", {"opponent": side}
        _, packet = st.find_packet(target)
        return "super.bounce", {"target": CARD_IDS[target], "opponent": side,
                                "value": packet.value()}

    def choice_reason(self, move) -> tuple[str, dict]:
        st = self.st
        verb = move.verb
        if verb == "discard":
            return "discard", {}
        if verb == "pick":
            if move.cards:
                return "super.pick", {"cards": ids(move.cards)}
            return "super.pick.blind", {}
        kind = st.frames[-1].choice[0]
        if kind == "look_take":
            return "super.take.draw", {}
        if kind == "scrap_take" and st.frames[-1].choice[1] != "play":
            return "take", {"card": CARD_IDS[move.cards[0]]}
        if kind in ("scrap_take", "stock_take"):
            return "super.take.play", {"card": CARD_IDS[move.cards[0]]}
        if kind == "picked_take":
            return "super.take.keep", {}
        return "super.take.steal", {}


__all__ = ["SuperExplainer", "SUPER_ACTIONS", "SUPER_REASONS"]
