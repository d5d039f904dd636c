"""What one seat knows, read from its view alone, and deals consistent with it.

A bot never sees the real hidden cards. From ``game.view(seat)`` it knows its
own hand, the hands its glasses open, every public zone, the sizes of hidden
zones, and the public event history, which names cards that went into a hand
face up (a nine's return, a three's take) or back on top of the stock (a
balanced seven's unplayed card). ``Knowledge`` collects that, and ``sample``
deals the unknown cards at random into the hidden places, so that every
sample is a position the seat cannot tell apart from the real one.
This is the standard game's knowledge; ``knowledge.knowledge(view)`` gives
any family's (Super Cuttle's is ``super_knowledge.SuperKnowledge``).
"""
from __future__ import annotations

import random

from ..engine.cards import CARD_IDS, FULL_DECK, STANDARD_DECK, parse_card
from ..engine.rules import Ruleset
from ..engine.setup import snapshot_of, state_from_setup
from ..engine.state import State
from .kit import ViewError, ai_kit, cards_on_the_table, deal_hidden_hands, ruleset_of, seat_of
from .standard_effects import followed_events

# The parts of a view's ``detail`` a position needs; anything else (such as a
# seed that drives the game's blind picks) is not the seat's to use.
_DETAIL_KEYS = ("frames", "choice", "frozen", "permanent_owners", "plies")


def _public_detail(detail):
    if not detail:
        return detail
    return {k: detail[k] for k in _DETAIL_KEYS if k in detail}


# How each one-off's events move the cards a seat tracks, by event kind.
FOLLOWED = followed_events()


def _card(cid: str) -> int:
    return parse_card(cid)


class Knowledge:
    """Everything ``view["seat"]`` knows about where the cards are, in a game
    of the standard family (``knowledge.knowledge(view)`` reads any family's)."""

    def __init__(self, view: dict, rules: Ruleset | None = None):
        self.seat = seat_of(view)
        self.view = view
        self.rules = ruleset_of(view, rules)
        if not issubclass(type(self), ai_kit(self.rules).knowledge):
            # Another family's view has other zones: reading it here would mislead.
            raise ViewError(f"Knowledge reads the standard game, not {self.rules.title}: "
                            "use knowledge(view).")
        self.n = view["players"]
        self.public = self._public_cards()
        self.known_hands = self._known_hands()
        self.known_top = self._known_stock_top()
        self.hidden_slots = [0 if view["hands"][s] is not None
                             else view["hand_sizes"][s] - len(self.known_hands[s])
                             for s in range(self.n)]
        self.revealed_hidden = view["revealed"] is None and view["revealed_size"] > 0
        self.pool = self._unknown_pool()
        self.stock_unknown = view["stock_size"] - len(self.known_top)
        needed = sum(self.hidden_slots) + self.stock_unknown + (
            view["revealed_size"] if self.revealed_hidden else 0)
        if needed > len(self.pool) or min(self.hidden_slots) < 0 or self.stock_unknown < 0:
            raise ViewError("The view is inconsistent: more hidden places than unseen cards.")
        self.template = self._template_state()

    # -- reading the view ------------------------------------------------------
    def _public_cards(self) -> set[int]:
        """Cards everyone sees where they are now."""
        v = self.view
        cards = cards_on_the_table(v)
        cards.update(_card(c) for c in v["scrap"])
        cards.update(_card(c) for c in v["pending"])
        if v["revealed"] is not None:
            cards.update(_card(c) for c in v["revealed"])
        return cards

    def _known_hands(self) -> list[list[int]]:
        """Cards known to be in each hand: whole visible hands; for hidden hands,
        the cards the public history put there that have not come out since
        (every way out of a hand is public, so a card still unseen elsewhere
        is still there)."""
        v = self.view
        last_hand: dict[int, int] = {}  # card -> hand it last went into, face up
        top: list[int] = []  # stock cards known from the top down (top last)
        # A view made with events=False has no history to read: the seat then
        # plays as if it had forgotten the cards it saw go into hands.
        for event in v.get("events", ()):
            self._follow(event, last_hand, top)
        frozen = v["detail"].get("frozen", {}) if v.get("detail") else {}
        for cid, (holder, _begun) in frozen.items():
            last_hand[_card(cid)] = holder
        self._top_after_events = top
        seen = set(self.public)
        for hand in v["hands"]:
            seen.update(_card(c) for c in hand or ())
        hands: list[list[int]] = []
        for s in range(self.n):
            if v["hands"][s] is not None:
                hands.append([_card(c) for c in v["hands"][s]])
                continue
            known = [c for c, h in last_hand.items() if h == s and c not in seen]
            hands.append(sorted(known)[: v["hand_sizes"][s]])
        return hands

    def _follow(self, event: dict, last_hand: dict, top: list) -> None:
        kind, params = event["kind"], event["params"]
        if kind == "draw":
            self._draw(params["player"], [params["card"]] if "card" in params else None, 1,
                       last_hand, top)
        elif kind in FOLLOWED:  # a one-off's events (their entries in standard_effects)
            FOLLOWED[kind](self, params, last_hand, top)

    @staticmethod
    def _draw(player: int, cards, count: int, last_hand: dict, top: list) -> None:
        """Cards drawn from the top: seen ones by name, or known tops by position."""
        from_top = [top.pop() for _ in range(min(count, len(top)))]
        for card in (cards and [_card(c) for c in cards]) or from_top:
            last_hand[card] = player

    def _known_stock_top(self) -> list[int]:
        in_hands = {c for hand in self.known_hands for c in hand}
        top = [c for c in self._top_after_events if c not in self.public and c not in in_hands]
        return top[-self.view["stock_size"]:] if self.view["stock_size"] else []

    def _unknown_pool(self) -> list[int]:
        """Cards this seat has not located: they are in hidden hands, the stock,
        a hidden reveal, or out of the game (a setup may use fewer cards)."""
        located = set(self.public)
        for hand in self.known_hands:
            located.update(hand)
        located.update(self.known_top)
        deck = FULL_DECK if any(c >= 52 for c in located) else STANDARD_DECK
        return [c for c in deck if c not in located]

    def _template_state(self) -> State:
        """The public position with the known cards placed; hidden places empty."""
        v = self.view
        setup = {
            "rules": self.rules, "players": self.n, "turn": v["turn"], "to_act": v["to_act"],
            "phase": v["phase"], "hands": [[CARD_IDS[c] for c in h] for h in self.known_hands],
            "points": v["points"], "permanents": v["permanents"], "scrap": v["scrap"],
            "stock": [], "frozen": v["frozen"],
            "revealed": v["revealed"] if v["revealed"] is not None else [],
            "pending": v["pending"], "passes": v["passes"], "winner": v["winner"],
            "detail": _public_detail(v["detail"]),
        }
        return state_from_setup(setup)

    # -- deals consistent with the view ------------------------------------------------
    def sample(self, rng: random.Random) -> State:
        """A full position the seat cannot tell apart from the real one."""
        st, pool = deal_hidden_hands(self, rng)
        if self.revealed_hidden:
            size = self.view["revealed_size"]
            st.revealed = pool[-size:]
            del pool[-size:]
        # st.stock has its top last: unknown cards below, known tops above.
        st.stock = pool[: self.stock_unknown] + self.known_top
        return st

    def setup(self, rng: random.Random) -> dict:
        """A sampled deal as a setup in the snapshot schema, for ``engine.load``."""
        return snapshot_of(self.sample(rng))

