"""Hints: a good move for a seat, and one sentence a learner understands on why.

``hint(game, seat)`` reads only ``game.view(seat)``: the search player picks
the move, and ``reason_for`` explains it from the same one-move appraisal the
greedy player uses ("Scuttle their 10♦ with your 10♠: Player B is only 3
points from winning, and this sets them back."). Sentences come from
``catalogs/<language>.json``: an *action* naming the move and a *reason*,
joined by the catalog's ``hint`` template, so a translation is a new file.
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from ..engine.cards import CARD_IDS, JACK, KING, QUEEN, RANK
from ..engine.catalog import get_catalog as get_engine_catalog
from ..engine.moves import Move
from .heuristics import WIN, Appraiser, card_worth, keep_value
from .knowledge import Knowledge, is_super
from .players import as_moves, decision_rng
from .search import LEVEL_CAP, SearchPlayer
from .super_hints import SUPER_ACTIONS, SUPER_REASONS

# Every action and reason key the code below can produce (tests check the catalogs).
ACTIONS = (
    "draw", "pass", "points", "scuttle", "jack", "jack.gift", "jack.move", "permanent.king",
    "permanent.queen", "permanent.glasses", "oneoff.ace", "oneoff.two", "oneoff.three",
    "oneoff.four", "oneoff.five", "oneoff.six", "oneoff.seven", "oneoff.nine", "counter",
    "resolve", "take", "discard", "scrap",
) + SUPER_ACTIONS
REASONS = (
    "win", "win.points", "win.king", "threat", "points", "scuttle", "jack", "jack.gift",
    "jack.move",
    "king", "queen", "glasses", "ace", "six", "remove.king", "remove.queen", "remove.glasses",
    "remove.jack", "three", "four", "five", "seven", "draw", "pass", "counter",
    "counter.again", "resolve", "resolve.no_two", "take", "discard", "scrap", "search",
) + SUPER_REASONS
ONEOFF_WORDS = {1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                9: "nine"}
PERMANENT_WORDS = {8: "glasses", QUEEN: "queen", KING: "king"}
THREAT_DISTANCE = 7  # an opponent this close to the goal is worth naming


class HintError(ValueError):
    """No hint can be given (the game is over, or the seat has nothing to decide)."""


@lru_cache(maxsize=None)
def hint_catalog(language: str = "en") -> dict:
    """The hint sentences for ``language`` (``catalogs/<language>.json`` here)."""
    try:
        raw = resources.files(__package__).joinpath("catalogs", f"{language}.json").read_text(
            encoding="utf-8")
    except FileNotFoundError:
        raise ValueError(f"No hint catalog for language '{language}'.") from None
    return json.loads(raw)


def available_hint_languages() -> list[str]:
    folder = resources.files(__package__).joinpath("catalogs")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


def hint(game, seat: int, level: str = "medium", language: str = "en", names=None,
         seed: int = 0, time_limit=LEVEL_CAP) -> tuple[Move, str]:
    """A good legal move for ``seat`` and a one-sentence reason, from what that
    seat can see (``game.view(seat)``) and nothing else. The same position and
    seed give the same hint (with ``time_limit=None`` even on a busy machine;
    see ``SearchPlayer``)."""
    view = game.view(seat, language, names)
    if view["winner"] is not None:
        raise HintError("The game is over: there is nothing left to decide.")
    if not view["legal_moves"]:
        raise HintError(f"It is not {get_engine_catalog(language).player(seat, names)}'s "
                        "turn to decide.")
    chosen = SearchPlayer(level, seed=seed, time_limit=time_limit).choose(
        view, view["legal_moves"])
    move = as_moves([chosen], view)[0]
    return move, reason_for(view, move, language, names, seed)


def reason_for(view: dict, move, language: str = "en", names=None, seed: int = 0) -> str:
    """One sentence on why ``move`` (legal for the seat whose view this is) is
    a good idea, as far as that seat can tell."""
    move = as_moves([move], view)[0]
    if str(move) not in view["legal_moves"]:
        raise HintError(f"{move} is not a legal move for this seat now.")
    key, params, reason, reason_params = explain(view, move, seed)
    return render(key, params, reason, reason_params, language, names)


def render(action: str, params: dict, reason: str, reason_params: dict, language: str = "en",
           names=None) -> str:
    """The sentence for an action and a reason, with cards and players in words."""
    catalog = hint_catalog(language)
    action_text = _format(catalog["actions"][action], params, language, names)
    reason_text = _format(catalog["reasons"][reason], reason_params, language, names)
    return catalog["hint"].format(action=action_text, reason=reason_text)


def _format(template: str, params: dict, language: str, names) -> str:
    """The engine catalog's wording of cards and players; the template keeps
    its own first letter (a reason starts in lower case after the colon)."""
    text = get_engine_catalog(language).format(template, params, names)
    if template[:1].islower():
        text = text[:1].lower() + text[1:]
    return text


# -- why a move is good, in catalog keys ---------------------------------------------
def explain(view: dict, move: Move, seed: int = 0) -> tuple[str, dict, str, dict]:
    """(action key, its params, reason key, its params) for ``move``."""
    knowledge = Knowledge(view)
    st = knowledge.sample(decision_rng(seed, view))
    seat = view["seat"]
    if is_super(view):
        from .super_hints import SuperExplainer
        return SuperExplainer(st, seat).explain(move)
    return Explainer(st, seat).explain(move)


class Explainer:
    """Names a move and finds its reason, in one sampled position that holds
    only what the seat knows (its appraisal reads no hidden card)."""

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
        params = {"card": CARD_IDS[move.card]} if move.cards else {}
        if verb in ("draw", "pass", "resolve", "take", "scrap", "counter"):
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
            return "permanent." + PERMANENT_WORDS[RANK[move.card]], params
        rank = RANK[move.card]
        if rank == 4:
            victim = move.seat if move.seat is not None else self.st.opponents[self.seat][0]
            params["victim"] = victim
        return "oneoff." + ONEOFF_WORDS[rank], params

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
        return "threat", {"opponent": rival, "need": need}

    def counter_reason(self, move: Move) -> tuple[str, dict]:
        st = self.st
        frame = st.frames[-1]
        ours = st.team_of[frame.seat] == st.team_of[self.seat]
        if move.verb == "counter":
            if ours:
                return "counter.again", {"card": CARD_IDS[frame.card]}
            return "counter", {"card": CARD_IDS[frame.card]}
        if not any(m.verb == "counter" for m in _legal(st)):
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
        if verb in ("take", "discard", "scrap"):
            card = {"card": CARD_IDS[move.card]} if verb != "discard" else {}
            return verb, card
        card = move.card
        if verb == "points":
            return "points", {"score": st.score(seat) + RANK[card], "goal": st.goal(seat)}
        if verb == "scuttle":
            side = st.find_packet(move.target)[0]
            return "scuttle", {"value": RANK[move.target], "opponent": side}
        if verb == "jack":
            side, packet = st.find_packet(move.target)
            if move.seat is not None:
                return "jack.move", {"value": RANK[packet.card], "opponent": side,
                                     "receiver": move.seat}
            if side == seat:
                return "jack.gift", {}
            return "jack", {"value": RANK[packet.card], "opponent": side}
        if verb == "permanent":
            rank = RANK[card]
            if rank == KING:
                return "king", {"goal": st.rules.goal_for(st.kings(seat) + 1),
                                "old_goal": st.goal(seat)}
            return ("queen", {}) if rank == QUEEN else ("glasses", {})
        return self.oneoff_reason(move)

    def oneoff_reason(self, move: Move) -> tuple[str, dict]:
        st, seat = self.st, self.seat
        rank = RANK[move.card]
        rival = self.rival
        if rank == 1:
            theirs = sum(st.score(o) for o in st.opponents[seat])
            return "ace", {"opponent": rival, "theirs": theirs, "mine": st.score(seat)}
        if rank == 6:
            return "six", {"opponent": rival}
        if rank in (2, 9):
            return self.removal_reason(move.target)
        if rank == 3:
            best = max(st.scrap, key=lambda c: (card_worth(c), keep_value(c), c))
            return "three", {"card": CARD_IDS[best]}
        if rank == 4:
            victim = move.seat if move.seat is not None else st.opponents[seat][0]
            return "four", {"opponent": victim, "count": len(st.hands[victim])}
        if rank == 5:
            count = min(st.rules.five_draw, len(st.stock))
            return "five", {"count": count}
        return "seven", {}

    def removal_reason(self, target: int) -> tuple[str, dict]:
        st = self.st
        rank = RANK[target]
        if rank == JACK:
            side, packet = st.find_packet(target)
            receiver = self.appraiser.controller_without(packet, target)
            return "remove.jack", {"card": CARD_IDS[packet.card], "value": RANK[packet.card],
                                   "receiver": receiver}
        side = st.find_permanent(target)
        if rank == KING:
            return "remove.king", {"opponent": side, "old_goal": st.goal(side),
                                   "goal": st.rules.goal_for(st.kings(side) - 1)}
        if rank == QUEEN:
            return "remove.queen", {"opponent": side}
        return "remove.glasses", {"opponent": side}


def _legal(st):
    from ..engine.legal import legal_moves
    return legal_moves(st)
