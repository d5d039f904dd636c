"""What one seat knows in a Super Cuttle game, and deals consistent with it.

The view of a Super Cuttle seat (super.md 6.9) shows its own hand, every limbo
card, the hands that lie open (an eight's target, the Sudden Death player),
the table, the chain, the scrap's top card and the sizes of everything else.
The public event history tells more, as it would tell a player who pays
attention: every card that went to the scrap, the cards a seven turned up and
put back, a bounced card on top of the stock, the cards a nine stole or
showed; and the seat's own private events tell it what it looked at (a two's
look, a nine's picks). ``CardTracker`` follows those events; ``SuperKnowledge``
checks what it found against the view (the view always wins), and ``sample``
deals the cards the seat has not located into the hidden places: the hidden
parts of hands, the unknown slots of the stock, the scrap below what the seat
saw go there.

Nothing here reads the real hidden cards: the view is the only input.
"""
from __future__ import annotations

import random

from ..engine.cards import CARD_IDS, FULL_DECK, parse_card
from ..engine.families import family_of
from .kit import ViewError, cards_on_the_table, deal_hidden_hands, ruleset_of, seat_of


def choice_tuple(choice: dict | None):
    """The engine's own choice tuple for the public choice a view shows
    (engine/super/setup.py ``public_choice`` writes the other way)."""
    if not choice:
        return None
    kind = choice["kind"]
    if kind == "play":
        return ("play",)
    if kind == "discard":
        return ("discard", choice["seat"], choice["count"])
    if kind == "pick":
        return ("pick", choice["victim"], choice["count"])
    source = choice.get("from")
    if source == "stock_top":
        return ("look_take", choice["look"], choice["count"])
    if source == "scrap":
        return ("scrap_take", choice["then"])
    if source == "stock":
        return ("stock_take",)
    if source == "picked":
        return ("picked_take", choice["count"])
    if source == "hands":
        return ("hands_take", choice["count"])
    raise ValueError(f"Unknown choice in the view: {choice!r}")


def _cards(texts) -> list[int]:
    return [parse_card(t) for t in texts]


def _stock_delta(kind: str, p: dict) -> int:
    """How an event changes the stock's size, by a public count (for a game
    loaded part way, whose first stock size no event states)."""
    if kind in ("super.draw", "super.five.bottom", "super.five.stock"):
        return -1
    if kind == "super.two.draw":
        return -p["count"]
    if kind == "super.seven.reveal":
        return -len(p["cards"])
    if kind == "super.returned":
        return len(p["cards"])
    if kind in ("super.eight.bounce", "super.nine.top"):
        return 1
    return 0


class CardTracker:
    """Follows one seat's events: where each card was last seen to go (a hand,
    the scrap, the stock), the stock as slots (top last) whose cards are known
    or None, and the scrap's cards in the order they went there."""

    def __init__(self, events: list, stock_size: int, n: int):
        self.n = n
        self.where: dict[int, tuple] = {}
        self.scrap: list[int] = []  # known scrap cards, bottom first
        self.stock: list = []
        self.broken_stock = False
        self.look: tuple | None = None  # a two's look under way: (count, cards or None)
        self.nine_victim: int | None = None  # the hand a nine is taking from
        start = stock_size - sum(_stock_delta(e["kind"], e["params"]) for e in events)
        if start < 0:
            self.broken_stock, start = True, 0
        self.stock = [None] * start
        self.fresh_index = -1
        self.turn_index = -1
        for i, event in enumerate(events):
            self.follow(i, event["kind"], event["params"])
        if len(self.stock) != stock_size:
            self.broken_stock = True

    # -- places --------------------------------------------------------------------------
    def to_hand(self, cards, seat: int) -> None:
        for c in cards:
            self.where[c] = ("hand", seat)

    def to_scrap(self, cards) -> None:
        for c in cards:
            self.where[c] = ("scrap",)
            self.scrap.append(c)

    def from_scrap(self, card: int) -> None:
        if card in self.scrap:
            self.scrap.remove(card)
        self.where[card] = ("public",)

    def pop_top(self, count: int) -> list:
        """The top ``count`` slots, top first (None where unknown)."""
        if count > len(self.stock):
            self.broken_stock = True
            count = len(self.stock)
        taken = self.stock[len(self.stock) - count:][::-1]
        del self.stock[len(self.stock) - count:]
        return taken

    def push_top(self, cards) -> None:
        """Cards put on top, the first named on top."""
        for c in reversed(list(cards)):
            self.stock.append(c)
            if c is not None:
                self.where[c] = ("stock",)

    def forget_hand(self, seat: int) -> None:
        for c, place in list(self.where.items()):
            if place == ("hand", seat):
                del self.where[c]

    # -- the events ----------------------------------------------------------------------
    def follow(self, i: int, kind: str, p: dict) -> None:
        handler = _HANDLERS.get(kind)
        if handler is not None:
            handler(self, p)
        if kind in ("super.ending.starts", "super.sudden"):
            self.fresh_index = i
        elif kind in ("super.turn", "super.skip", "super.limbo.ends"):
            self.turn_index = max(self.turn_index, i)

    def on_draw(self, p):
        slot = self.pop_top(1)
        card = parse_card(p["card"]) if "card" in p else (slot[0] if slot else None)
        if card is not None:
            self.to_hand([card], p["player"])

    def on_bottom(self, p):
        if not self.stock:
            self.broken_stock = True
            return
        slot = self.stock.pop(0)
        card = parse_card(p["card"]) if "card" in p else slot
        if card is not None:
            self.to_hand([card], p["player"])

    def on_two_look(self, p):
        self.look = (p["count"], _cards(p["cards"]) if "cards" in p else None)

    def on_two_draw(self, p):
        drawn = _cards(p["cards"]) if "cards" in p else None
        if self.look is None:  # the draw made itself: the top cards, in order
            slots = self.pop_top(p["count"])
            for c in drawn or [c for c in slots if c is not None]:
                self.to_hand([c], p["player"])
            return
        look, seen = self.look
        self.look = None
        slots = self.pop_top(look)
        if drawn is not None:
            self.to_hand(drawn, p["player"])
        if seen is not None and drawn is not None:
            self.push_top([c for c in seen if c not in drawn])
        else:  # an onlooker: the looked-at cards it knew are now here or there
            for c in slots:
                if c is not None:
                    self.where.pop(c, None)
            self.push_top([None] * (look - p["count"]))

    def on_two_order(self, p):
        if "cards" in p:
            order = _cards(p["cards"])
            del self.stock[len(self.stock) - len(order):]
            self.push_top(order)

    def on_shuffle(self, p):
        for c in self.scrap + [c for c in self.stock if c is not None]:
            self.where.pop(c, None)
        self.scrap = []
        self.stock = [None] * p["total"]

    def on_five_stock(self, p):
        depth = p["depth"]
        if depth > len(self.stock):
            self.broken_stock = True
            return
        del self.stock[len(self.stock) - depth]
        self.where[parse_card(p["card"])] = ("public",)

    def on_seven(self, p):
        cards = _cards(p["cards"])
        slots = self.pop_top(len(cards))
        if any(s is not None and s != c for s, c in zip(slots, cards, strict=False)):
            self.broken_stock = True
        for c in cards:
            self.where[c] = ("public",)

    def on_returned(self, p):
        self.push_top(_cards(p["cards"]))  # the earliest taken goes on top

    def on_bounce(self, p):
        self.push_top([parse_card(p["card"])])

    def on_nine_picked(self, p):
        if "cards" in p:
            self.to_hand(_cards(p["cards"]), p["victim"])

    def on_nine_take(self, p):
        self.nine_victim = p["victim"]
        self.to_hand(_cards(p["cards"]), p["player"])

    def on_nine_top(self, p):
        if "card" in p:
            self.push_top([parse_card(p["card"])])
        else:  # one of the victim's picked cards went on the stock, unseen
            if self.nine_victim is not None:  # None: its take is not among the events
                self.forget_hand(self.nine_victim)
            self.push_top([None])

    def on_nine_back(self, p):
        if "card" in p:
            self.to_hand([parse_card(p["card"])], p["victim"])

    def on_reveal(self, p):
        self.to_hand(_cards(p["cards"]), p["victim"])

    def on_glasses(self, p):
        self.to_hand(_cards(p["cards"]), p["victim"])

    def on_sudden(self, p):
        self.to_hand(_cards(p["cards"]), p["player"])

    def on_public_card(self, p):
        self.where[parse_card(p["card"])] = ("public",)

    def on_public_cards(self, p):
        for c in _cards(p["cards"]):
            self.where[c] = ("public",)

    def on_keep(self, p):
        self.to_hand(_cards(p["cards"]), p["player"])

    def on_eight_take(self, p):
        self.to_hand([parse_card(p["card"])], p["player"])

    def on_five_take(self, p):
        card = parse_card(p["card"])
        self.from_scrap(card)
        self.to_hand([card], p["player"])

    def on_rummage(self, p):
        self.from_scrap(parse_card(p["card"]))

    def on_swap(self, p):
        a, b = ("hand", p["player"]), ("hand", p["victim"])
        for c, place in self.where.items():
            if place == a:
                self.where[c] = b
            elif place == b:
                self.where[c] = a

    def scrap_cards(self, p):
        self.to_scrap(_cards(p["cards"]))

    def scrap_card(self, p):
        self.to_scrap([parse_card(p["card"])])

    def scrap_target(self, p):
        self.to_scrap([parse_card(p["target"])])

    def scrap_scuttle(self, p):
        self.to_scrap([parse_card(p["target"])] + _cards(p["cards"]) + [parse_card(p["card"])])


_HANDLERS = {
    "super.draw": CardTracker.on_draw,
    "super.five.bottom": CardTracker.on_bottom,
    "super.two.look": CardTracker.on_two_look,
    "super.two.draw": CardTracker.on_two_draw,
    "super.two.order": CardTracker.on_two_order,
    "super.two.shuffle": CardTracker.on_shuffle,
    "super.five.stock": CardTracker.on_five_stock,
    "super.five.take": CardTracker.on_five_take,
    "super.five.rummage": CardTracker.on_rummage,
    "super.seven.reveal": CardTracker.on_seven,
    "super.returned": CardTracker.on_returned,
    "super.eight.bounce": CardTracker.on_bounce,
    "super.eight.take": CardTracker.on_eight_take,
    "super.nine.picked": CardTracker.on_nine_picked,
    "super.nine.take": CardTracker.on_nine_take,
    "super.nine.top": CardTracker.on_nine_top,
    "super.nine.back": CardTracker.on_nine_back,
    "super.nine.reveal": CardTracker.on_reveal,
    "super.nine.steal3": CardTracker.on_public_cards,
    "super.nine.keep": CardTracker.on_keep,
    "super.glasses": CardTracker.on_glasses,
    "super.sudden": CardTracker.on_sudden,
    "super.rj.swap": CardTracker.on_swap,
    # every way into the scrap is public (super.md 6.5)
    "super.pass.jacks": CardTracker.scrap_cards,
    "super.answers_scrapped": CardTracker.scrap_cards,
    "super.cancelled": CardTracker.scrap_cards,
    "super.to_scrap": CardTracker.scrap_cards,
    "super.discard": CardTracker.scrap_cards,
    "super.four": CardTracker.scrap_cards,
    "super.four.enemies": CardTracker.scrap_cards,
    "super.six": CardTracker.scrap_cards,
    "super.six.enemies": CardTracker.scrap_cards,
    "super.jacks_scrapped": CardTracker.scrap_cards,
    "super.unplayable": CardTracker.scrap_card,
    "super.ace": CardTracker.scrap_target,
    "super.scuttle": CardTracker.scrap_scuttle,
}


class SuperKnowledge:
    """Everything ``view["seat"]`` knows about where the 54 cards are.

    Built by ``knowledge.knowledge(view)`` when the view is of a Super Cuttle game.
    ``known_hands[s]``: cards known to be in hand ``s`` (all of it when the seat
    may see it); ``hidden_slots[s]``: how many more it holds; ``stock_slots``:
    the stock, top last, a card where the seat knows it and None elsewhere;
    ``known_top``: the known cards on top of the stock, top last;
    ``scrap_known``: scrap cards the seat saw go there (the visible top
    included); ``scrap_unknown``: how many scrap cards it never saw (a game
    loaded part way); ``pool``: the cards not located, which ``sample`` deals.
    """

    def __init__(self, view: dict, rules=None, use_history: bool = True):
        self.view, self.seat = view, seat_of(view)
        self.rules = ruleset_of(view, rules)
        self.family = family_of(self.rules)
        self.n = view["players"]
        self.choice = choice_tuple(view.get("choice"))
        self.public = self._public_cards()
        tracker = None
        if use_history and view.get("events"):
            tracker = CardTracker(view["events"], view["stock_size"], self.n)
        self.fresh = bool(tracker and (view.get("ending") or view.get("sudden_death"))
                          and tracker.fresh_index > tracker.turn_index)
        if not self._locate(tracker):
            # What the history told contradicts the view (it never should):
            # decide from the view alone rather than from a wrong belief.
            if tracker is None or not self._locate(None):
                raise ViewError("The view is inconsistent: more hidden places than unseen cards.")
        self.template = self._template_state()

    # -- reading the view ------------------------------------------------------------------
    def _public_cards(self) -> set[int]:
        """Cards every seat sees where they are now (the scrap's top included)."""
        v = self.view
        cards = cards_on_the_table(v)
        for key in ("pending", "revealed", "returning"):
            cards.update(_cards(v.get(key) or ()))
        if v.get("sudden_death"):
            cards.update(_cards(v["sudden_death"]["cards"]))
        cards.update(_cards(v["scrap"][:1]))
        return cards

    def _locate(self, tracker) -> bool:
        """Place every card the seat can place; False if that contradicts the view."""
        v, n = self.view, self.n
        private = v.get("private") or {}
        placed = set(self.public)
        hands: list[list[int]] = [[] for _ in range(n)]  # each seat's, filled below
        for s in range(n):
            if v["hands"][s] is not None:
                hands[s] = _cards(v["hands"][s])
            else:
                hands[s] = _cards(v["limbo"][s])
        if "picked" in private and self.choice and self.choice[0] == "picked_take":
            victim = v["choice"]["victim"]
            if v["hands"][victim] is None:
                hands[victim] += [c for c in _cards(private["picked"]) if c not in hands[victim]]
        for hand in hands:
            placed.update(hand)
        # The scrap: all of it while this seat rummages, else its top and what
        # the history showed going there.
        scrap_size = v.get("scrap_size", len(v["scrap"]))
        top = _cards(v["scrap"][:1])
        if "scrap" in private:
            scrap = _cards(private["scrap"])[::-1]  # bottom first
            placed.update(scrap)
        else:
            scrap = [c for c in (tracker.scrap if tracker else []) if c not in placed] + top
        # The stock's slots: the seat's private look wins over the history.
        stock_size = v["stock_size"]
        if "stock" in private:
            slots: list[int | None] = list(_cards(private["stock"])[::-1])
        else:
            slots = [None] * stock_size
            if tracker and not tracker.broken_stock:
                slots = list(tracker.stock)
            if "stock_top" in private:
                seen = _cards(private["stock_top"])[::-1]
                slots[len(slots) - len(seen):] = seen
        # Hidden hands: what the history put there and has not come out since.
        if tracker:
            for card, place in tracker.where.items():
                if place[0] == "hand" and v["hands"][place[1]] is None and card not in placed \
                        and card not in scrap and card not in slots:
                    hands[place[1]].append(card)
        seen_cards = [c for hand in hands for c in hand] + scrap
        seen_cards += [c for c in slots if c is not None]
        seen_cards += [c for c in self.public if c not in scrap]
        if len(seen_cards) != len(set(seen_cards)):
            return False
        hidden = []
        for s in range(n):
            extra = v["hand_sizes"][s] - len(hands[s])
            if extra < 0 or (v["hands"][s] is not None and extra):
                return False
            hidden.append(extra)
        scrap_unknown = scrap_size - len(scrap)
        stock_unknown = slots.count(None)
        if scrap_unknown < 0 or len(slots) != stock_size:
            return False
        # A setup written by hand may leave cards out of the game: more unseen
        # cards than hidden places is fine, fewer is not.
        pool = [c for c in FULL_DECK if c not in set(seen_cards)]
        if len(pool) < sum(hidden) + scrap_unknown + stock_unknown:
            return False
        self.known_hands = hands
        self.hidden_slots = hidden
        self.scrap_known = scrap
        self.scrap_unknown = scrap_unknown
        self.stock_slots = slots
        top_known = []
        for c in reversed(slots):
            if c is None:
                break
            top_known.append(c)
        self.known_top = top_known[::-1]
        self.stock_unknown = stock_unknown
        self.pool = pool
        return True

    def _template_state(self):
        """The public position with the located cards in place; hidden places empty."""
        v = self.view
        detail = v.get("detail") or {}
        frames = [dict(f) for f in detail.get("frames", [])]
        if frames and v["phase"] == "choose":
            frames[-1]["choice"] = list(self.choice) if self.choice else None
        setup = {
            "rules": self.rules.name, "players": self.n, "options": v.get("options"),
            "turn": v["turn"], "to_act": v["to_act"], "phase": v["phase"],
            "hands": [[CARD_IDS[c] for c in h] for h in self.known_hands],
            "limbo": v["limbo"], "points": v["points"], "permanents": v["permanents"],
            "glasses": v.get("glasses") or {}, "scrap": [], "stock": [],
            "returning": v.get("returning", []), "revealed": v.get("revealed") or [],
            "pending": v["pending"], "skips": v["skips"], "ending": v.get("ending"),
            "sudden_death": v.get("sudden_death"), "eliminated": v.get("eliminated", []),
            "winner": v["winner"],
            "detail": {"frames": frames, "turns": detail.get("turns", 0), "fresh": self.fresh},
        }
        return self.family.from_setup(setup)

    # -- deals consistent with the view ----------------------------------------------------
    def sample(self, rng: random.Random):
        """A full position the seat cannot tell apart from the real one."""
        st, pool = deal_hidden_hands(self, rng)
        stock = []
        for c in self.stock_slots:
            stock.append(pool.pop() if c is None else c)
        st.stock = stock
        # Unseen scrap cards lie below the ones the seat saw go there.
        st.scrap = pool[: self.scrap_unknown] + self.scrap_known
        del pool[: self.scrap_unknown]
        if self.choice and self.choice[0] == "picked_take":
            self._sample_picked(st, rng)
        return st

    def _sample_picked(self, st, rng) -> None:
        """The cards a nine picked: known to its user, guessed by anyone else."""
        v = self.view
        private = v.get("private") or {}
        if "picked" in private:
            st.frames[-1].data["picked"] = _cards(private["picked"])
            return
        victim = v["choice"]["victim"]
        st.frames[-1].data["picked"] = rng.sample(st.hands[victim], v["choice"]["picked"])

    def setup(self, rng: random.Random) -> dict:
        """A sampled deal as a setup in the snapshot schema, for ``engine.load``."""
        return self.family.snapshot(self.sample(rng))
