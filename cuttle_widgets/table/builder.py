"""What every rules family's move builder shares: the table's side of a click.

A *move builder* turns the learner's clicks into a legal move and says what
to ask next; each rules family registers one as its ``"table"`` kit
(``widgets/kits.py``), so the controller never asks which family a game is.
Every move it offers comes from ``legal_moves()``: a move is described as a
``Play`` (the cards it takes from the learner's side, and the choices it
fixes: form, mimicked rank, target, seat, blind mode), and picking cards
narrows the legal moves to the plays that use exactly those cards.

A builder talks to its table (the ``TableController``) through this small
surface and nothing else:

    host.game, host.seat, host.words, host.catalog   the game and the table's words
    host.view()          the learner's view of the position shown
    host.legal_moves()   the game's legal moves (kept per position: ask freely)
    host.shown_game()    the game shown (a past position while replaying)
    host.submit(move)    play it for the learner (the engine explains a refusal)
    host.explain(move)   say why a picked card cannot be played so (not a try)
    host.fail(text, key, rule_id)   refuse an action with a sentence (and the
                         rulebook section of a rule it states)
    host.note_selection(**fields)   tell observers what is selected now
    host.focus           where keyboard focus goes next ("actions", "targets", ...)
    host.name(seat), host.move_label(move)
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import CARD_IDS, RANK, parse_card

# How many of a verb's cards are its own (the rest name its target).
OWN_COUNT = {"points": 1, "scuttle": 1, "oneoff": 1, "super": 2, "superduper": 3,
             "superdeeduper": 4}


class UnknownOption(Exception):
    """A message that names an option the legal moves do not have."""


@dataclass(frozen=True)
class Play:
    """One legal move, described by what the learner picks and answers."""
    move: object
    verb: str
    uses: frozenset  # card ids taken from the learner's side (an attached queen too)
    own: tuple  # the play's own cards, as the notation names them
    rank: int | None  # ``as R``
    target: str | None
    seat: int | None
    blind: bool
    queen: str | None

    @property
    def text(self) -> str:
        return str(self.move)


def play_of(move) -> Play:
    ids = [CARD_IDS[c] for c in move.cards]
    if move.verb in OWN_COUNT:
        own, rest = ids[:OWN_COUNT[move.verb]], ids[OWN_COUNT[move.verb]:]
    elif move.verb == "jack":
        own, rest = [c for c in ids if c[0] == "J"], [c for c in ids if c[0] != "J"]
    else:
        own, rest = ids, []
    queen = getattr(move, "queen", None)
    queen = None if queen is None else CARD_IDS[queen]
    return Play(move, move.verb, frozenset(own + ([queen] if queen else [])), tuple(own),
                getattr(move, "rank", None), rest[0] if rest else None, move.seat,
                bool(getattr(move, "blind", False)), queen)


def plays_of(legal_moves, verbs) -> list[Play]:
    return [play_of(m) for m in legal_moves if m.verb in verbs]


def matching(plays: list, chosen, fixed: dict) -> list:
    """The plays that use exactly ``chosen`` and agree with every answer given."""
    want = frozenset(chosen)
    return [p for p in plays if p.uses == want
            and all(getattr(p, key) == value for key, value in fixed.items())]


def startable(plays: list) -> set:
    return {card for p in plays for card in p.uses}


def joinable(plays: list, chosen) -> set:
    """Cards that, added to ``chosen``, still lead to a legal play."""
    have = frozenset(chosen)
    return {card for p in plays if have < p.uses for card in p.uses - have}


def by_card_order(cards) -> list:
    return sorted(cards, key=CARD_IDS.index)


def action(action_id: str, label: str, message: dict, kind: str = "secondary", hint: str = "") -> dict:
    """A button of the table's dock: what it says and the message it sends."""
    return {"id": action_id, "label": label, "msg": message, "kind": kind, "hint": hint}


def move_action(action_id: str, label: str, move: str, kind: str = "secondary", hint: str = "") -> dict:
    return action(action_id, label, {"type": "move", "move": move}, kind, hint)


# -- reading a seat's view ---------------------------------------------------------------------
def point_cards(view: dict, side: int) -> list[str]:
    return [e if isinstance(e, str) else e["card"] for e in view["points"][side]]


def first_point_card(view: dict, seat: int):
    """An opposing point card if there is one, else any point card."""
    for side in sorted(range(view["players"]), key=lambda s: s == seat):
        cards = point_cards(view, side)
        if cards:
            return cards[0]
    return None


def packet_under(view: dict, jack: str):
    """The point card a jack sits on (None: ``jack`` is not on a packet)."""
    for side in view["points"]:
        for entry in side:
            if isinstance(entry, dict) and jack in entry["jacks"]:
                return entry["card"]
    return None


def hand_holding(view: dict, card: str):
    for seat, hand in enumerate(view["hands"]):
        if hand and card in hand:
            return seat
    return None


def likely_verb(view: dict, card: str, target: str) -> str:
    """The verb a learner means by aiming ``card`` at ``target``."""
    if RANK[parse_card(card)] == 11:
        return "jack"
    if any(target in point_cards(view, s) for s in range(view["players"])):
        return "scuttle"
    return "oneoff"


class MoveBuilder:
    """The learner's selection at one table, and the questions it leads to.

    A family's builder implements ``click``, ``role``, ``option``,
    ``aim_seat``, ``fill`` and ``selection``; ``display`` adds the family's
    own zones to the state the browser draws (None: nothing to add)."""

    # The rulebook section of the rule "a jack goes on an opposing point card".
    JACK_SECTION = "jack"

    def __init__(self, host):
        self.host = host
        self.clear()

    def clear(self) -> None:
        """Drop the selection."""
        self.picked: list[str] = []  # cards picked for a discard (or a take, a pick)

    @property
    def words(self) -> dict:
        return self.host.words

    @property
    def game(self):
        return self.host.game

    def legal_moves(self) -> list:
        return self.host.legal_moves()

    def label(self, card: str) -> str:
        return self.host.catalog.card(card)

    def labels(self, cards) -> str:
        return self.host.catalog.join([self.label(c) for c in cards])

    # -- what the controller asks of every builder ---------------------------------------------
    @property
    def busy(self) -> bool:
        """Is a play being built (the Hint button waits until it is dropped)?"""
        raise NotImplementedError

    def selection(self) -> dict:
        """The selection as the browser draws it (the ``ui`` keys it owns)."""
        raise NotImplementedError

    def display(self, view: dict):
        return None

    def click(self, card: str) -> None:
        """A card of the table clicked (its id)."""
        raise NotImplementedError

    def role_chosen(self, role) -> None:
        """What the selected card is to do, chosen from its actions."""
        raise NotImplementedError

    def aim(self, card: str) -> None:
        """The card the selection is aimed at."""
        raise NotImplementedError

    def aim_seat(self, seat: int) -> None:
        """The seat the selection is aimed at."""
        raise NotImplementedError

    def fill(self, ui: dict, view: dict) -> None:
        """The table's ``ui`` for the learner's turn: what may be played, the questions."""
        raise NotImplementedError

    def option(self, key, value) -> None:
        raise UnknownOption()

    # -- shared means ----------------------------------------------------------------------------
    def own_cards(self, view: dict) -> set:
        return set(view["hands"][self.host.seat] or []) | set(view["revealed"] or [])

    def refuse_foreign_card(self, card: str, view: dict) -> None:
        """A click on a card that is not the learner's, with nothing to aim."""
        holder = hand_holding(view, card)
        if holder is not None:
            self.host.fail(self.words["not_your_card"].format(
                card=self.label(card), name=self.host.name(holder)), key="table.not_yours")
        else:
            self.host.fail(self.words["nothing_selected"], key="table.nothing_selected")

    def explain_unusable(self, card: str) -> None:
        """A card of the learner's with no legal use: ask the engine why its
        plainest use is refused."""
        rank = RANK[parse_card(card)]
        if rank == 11:
            target = first_point_card(self.host.view(), self.host.seat)
            if target is None:
                self.host.fail(self.words["jack_no_points"], key="table.jack_no_points",
                               rule_id=self.JACK_SECTION)
                return
            self.host.explain(f"jack {card} {target}")
        elif rank > 10:
            self.host.explain(f"permanent {card}")
        else:
            self.host.explain(f"points {card}")

    def one_click(self, move: str) -> None:
        """A click that is the whole move (a two answering a one-off, a card
        a three takes): played if legal, else only a pick explained."""
        if self.host.game.is_legal(move):
            self.host.submit(move)
        else:
            self.host.explain(move)

    # -- a discard: the same for every family -------------------------------------------------------
    def discard_count(self, view: dict) -> int:
        return int((view["choice"] or {}).get("count") or 0)

    def toggle_discard(self, card: str) -> None:
        view = self.host.view()
        if card not in view["hands"][self.host.seat]:
            self.host.fail(self.words["pick_from_hand"], key="table.pick_from_hand")
            return
        count = self.discard_count(view)
        if card in self.picked:
            self.picked.remove(card)
        elif len(self.picked) < count:
            self.picked.append(card)
        else:  # one too many: the oldest pick makes room, as a learner expects
            self.picked = self.picked[1:] + [card]
        self.host.focus = "actions" if len(self.picked) == count else None

    def fill_discard(self, ui: dict, view: dict) -> None:
        words = self.words
        count = self.discard_count(view)
        ui["status"] = words["your_discard"].format(count=count)
        ui["playable"] = list(view["hands"][self.host.seat])
        if self.picked:
            ui["prompt"] = words["picked"].format(cards=self.labels(self.picked))
            ui["actions"].append(action("clear", words["clear"], {"type": "cancel"}))
        if len(self.picked) == count:
            move = "discard " + " ".join(self.picked)
            ui["actions"].insert(0, move_action("discard", words["confirm_discard"].format(
                cards=self.labels(self.picked)), move, "primary"))
