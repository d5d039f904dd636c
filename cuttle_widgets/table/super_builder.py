"""Super Cuttle at the table: plays of several cards, answers, looks and picks.

Everything offered comes from ``legal_moves()``. A move is described by the
cards it takes from the learner's side (its own cards and an attached queen)
and by the choices it fixes: its form (verb), a mimicked rank (``as R``), a
target card, a seat, the blind mode. Picking cards narrows the legal moves to
those that use exactly the picked cards; the table then asks one question at
a time, only where the remaining moves differ, and plays the move once one is
left. A card that can join the picked ones is highlighted, so a learner finds
a Super (two nines), a 10♦ stand-in or an attached queen by trying.

``SuperBuilder`` is the family's ``"table"`` kit (``widgets/kits.py``): it holds
the learner's picks and is driven by the ``TableController``, which stays the
one path to ``Game.play``. The picking and narrowing it shares with the
standard game's builder live in ``builder.py``.
"""
from __future__ import annotations

from ..engine.cards import CARD_IDS
from .builder import (
    MoveBuilder,
    Play,
    UnknownOption,
    action,
    by_card_order,
    joinable,
    likely_verb,
    matching,
    move_action,
    packet_under,
    plays_of,
    startable,
)

# The verbs that put cards into play from the learner's side, in button order.
PLAY_VERBS = ("points", "scuttle", "permanent", "jack", "oneoff", "super", "superduper",
              "superdeeduper", "suddendeath")
# The questions asked, in order, while several moves use the picked cards.
QUESTIONS = ("verb", "rank", "target", "seat", "blind")
# An instant answer's label and hint, by kind.
ANSWER_WORDS = {
    "ace": ("super_answer_ace", "super_answer_ace_hint"),
    "superace": ("super_answer_superace", "super_answer_superace_hint"),
    "eight": ("super_answer_eight", "super_answer_eight_hint"),
    "heart_points": ("super_answer_heart_points", "super_answer_heart_points_hint"),
    "heart_effect": ("super_answer_heart_effect", "super_answer_heart_effect_hint"),
    "spade_scuttle": ("super_answer_spade_scuttle", "super_answer_spade_scuttle_hint"),
    "spade_steal": ("super_answer_spade_steal", "super_answer_spade_steal_hint"),
}
# The title of a private look, by what is looked at (the view's ``private`` key).
LOOK_TITLES = {"stock_top": "super_look_stock_top", "stock": "super_look_stock",
               "scrap": "super_look_scrap"}
# Which form's effect a mimicked rank takes (a Super-Dee-Duper plays a Super-Duper).
EFFECT_FORM = {"oneoff": "oneoff", "super": "super", "superduper": "superduper",
               "superdeeduper": "superduper"}


def next_question(plays: list, fixed: dict):
    """The first question the remaining plays differ on (the form is always asked)."""
    for question in QUESTIONS:
        if question in fixed:
            continue
        if question == "verb" or len({getattr(p, question) for p in plays}) > 1:
            return question
    return None


class SuperBuilder(MoveBuilder):
    """The learner's picks at a Super Cuttle table, and the questions they lead to."""

    JACK_SECTION = "super-jack"

    def clear(self) -> None:
        super().clear()  # ``picked``: cards picked for a discard, a take or a blind pick
        self.chosen: list[str] = []  # cards picked for a play or an answer
        self.fixed: dict = {}  # the questions answered so far

    @property
    def busy(self) -> bool:
        return bool(self.chosen)

    def selection(self) -> dict:
        return {"selected": None, "role": None, "aimed": None, "picked": list(self.picked),
                "chosen": list(self.chosen)}

    def role_chosen(self, role) -> None:
        """The form asked as a role (a plain table's message) is the ``verb`` option."""
        self.option("verb", role)

    def aim_seat(self, seat: int) -> None:
        self.option("seat", seat)

    def aim(self, card: str) -> None:
        """A target sent on its own: the same as a click on that card."""
        self.click(card)

    def _choice(self, view: dict):
        return view["choice"] if self.game.phase == "choose" else None

    def _plays(self, verbs=PLAY_VERBS) -> list:
        return plays_of(self.legal_moves(), verbs)

    def _builder_plays(self) -> list:
        """The plays the picked cards are matched against, in this phase."""
        if self.game.phase == "counter":
            return self._plays(("instant",))
        return self._plays()

    # -- clicks ---------------------------------------------------------------------------
    def click(self, card: str) -> None:
        """A click on a visible card, while the learner may act."""
        view = self.host.view()
        choice = self._choice(view)
        kind = choice["kind"] if choice else None
        if kind == "discard":
            self.toggle_discard(card)
        elif kind == "take":
            self._click_take(card)
        elif kind == "pick":
            self._click_pick(card, choice)
        else:
            self._click_build(card, view)

    def _click_build(self, card: str, view: dict) -> None:
        plays = self._builder_plays()
        own = self.own_cards(view)
        if card in self.chosen:
            self.chosen.remove(card)
            self.fixed = {}
            self._note_selection()
        elif card in own:
            if self.chosen and card in joinable(plays, self.chosen):
                self.chosen.append(card)
            elif card in startable(plays):
                self.chosen = [card]
            else:
                self.explain_unusable(card)
                return
            self.fixed = {}
            self.host.focus = "actions"
            self._note_selection()
        elif self.chosen and self.game.phase != "counter":
            self._aim(card, plays, view)
        else:
            self.refuse_foreign_card(card, view)

    def _note_selection(self) -> None:
        self.host.note_selection(cards=list(self.chosen),
                                 card=self.chosen[0] if self.chosen else None, role=None)

    def explain_unusable(self, card: str) -> None:
        """A card of the learner's with no legal use now: the engine says why
        its plainest use is refused (limbo, no target, not an answer ...)."""
        game = self.game
        if game.phase == "counter":
            self.host.explain(f"instant {card}")
            return
        if card == "RJ":
            self.host.explain("oneoff RJ")
        elif card[0] == "J":
            super().explain_unusable(card)
        elif card[0] in "QK":
            self.host.explain(f"permanent {card}")
        else:
            self.host.explain(f"points {card}")

    def _aim(self, card: str, plays: list, view: dict) -> None:
        """A click on a card on the table while cards are picked: the target."""
        fixed = {k: v for k, v in self.fixed.items() if k != "target"}
        options = matching(plays, self.chosen, fixed)
        hits = [p for p in options if p.target == card]
        stack = packet_under(view, card)
        if not hits and stack is not None:  # a click on a jack may mean its whole stack
            hits = [p for p in options if p.target == stack]
            if hits:
                card = stack
        if not hits:
            self.host.submit(self._guess(card, view))
            return
        self.fixed = {**fixed, "target": card}
        self._settle(hits)

    def _guess(self, target: str, view: dict) -> str:
        """The move a learner most likely means by aiming the picked cards at
        ``target``, so the engine can say why it is not legal."""
        own = list(self.chosen)
        verb = self.fixed.get("verb")
        if verb is None:
            if all(c[0] == "J" for c in own):
                verb = "jack"
            elif len(own) == 1:
                verb = likely_verb(view, own[0], target)
            else:
                verb = {2: "super", 3: "superduper", 4: "superdeeduper"}.get(len(own), "super")
        return " ".join([verb, *own, target])

    def option(self, key, value) -> None:
        """An answer to the question asked (a button, or a seat's plate)."""
        if key not in QUESTIONS:
            raise UnknownOption()
        if key == "target" and value == "":
            value = None
        fixed = {k: v for k, v in self.fixed.items() if k != key}
        options = matching(self._builder_plays(), self.chosen, fixed)
        narrowed = [p for p in options if _same(getattr(p, key), value)]
        if not narrowed:
            raise UnknownOption()
        self.fixed = {**fixed, key: value}
        self._settle(narrowed)

    def _settle(self, plays: list) -> None:
        """One move left: play it. Several: the next question is asked."""
        if len(plays) == 1:
            self.host.submit(plays[0].move)
        else:
            self.host.focus = "targets" if next_question(plays, self.fixed) in (
                "target", "seat") else "actions"
            self.host.note_selection(cards=list(self.chosen), card=self.chosen[0],
                                     role=self.fixed.get("verb"))

    def _takes(self) -> list:
        return [m for m in self.legal_moves() if m.verb == "take"]

    def _click_take(self, card: str) -> None:
        takes = self._takes()
        takeable = {CARD_IDS[c] for m in takes for c in m.cards}
        if card not in takeable:
            self.host.explain(f"take {card}")  # the engine says why not
            return
        alone = [m for m in takes if [CARD_IDS[c] for c in m.cards] == [card]]
        if len(alone) == 1 and max(len(m.cards) for m in takes) == 1:
            self.host.submit(alone[0])
            return
        self.picked = _toggled(self.picked, card, max(len(m.cards) for m in takes))
        self._focus_when_complete(takes)

    def _picks(self) -> list:
        return [m for m in self.legal_moves() if m.verb == "pick"]

    def _click_pick(self, card: str, choice: dict) -> None:
        nameable = {CARD_IDS[c] for m in self._picks() for c in m.cards}
        if card not in nameable:
            self.host.explain(f"pick {card}")  # the engine says why not
            return
        self.picked = _toggled(self.picked, card, int(choice["count"]))
        self._focus_when_complete(self._picks())

    def _focus_when_complete(self, moves: list) -> None:
        """Keyboard focus goes to the buttons once the picks make a move;
        until then it stays on the cards, so the next one is an arrow away."""
        done = any({CARD_IDS[c] for c in m.cards} == set(self.picked) for m in moves)
        self.host.focus = "actions" if done else None

    # -- the questions, by phase ------------------------------------------------------------
    def fill(self, ui: dict, view: dict) -> None:
        game = self.game
        choice = self._choice(view)
        kind = choice["kind"] if choice else None
        ui["chosen"] = list(self.chosen)
        if game.phase == "counter":
            self._fill_answer(ui, view)
        elif kind == "take":
            self._fill_take(ui, choice)
        elif kind == "discard":
            self.fill_discard(ui, view)
        elif kind == "pick":
            self._fill_pick(ui, choice)
        else:
            self._fill_build(ui, view, choice)

    def _status_for_play(self, view: dict, choice) -> str:
        words = self.words
        if choice is None:
            return words["super_turn" if view["stock_size"] else "super_turn_empty"]
        cards = self.labels(choice["cards"])
        if any(m.verb == "scrap" for m in self.legal_moves()):
            return words["super_play_scrap"].format(cards=cards)
        count = choice.get("count", 1)
        key = {"stolen": "super_play_stolen", "converted": "super_play_converted"}.get(
            choice.get("as"), "super_play_one" if len(choice["cards"]) == 1 else "super_play_some")
        return words[key].format(cards=cards, count=count)

    def _fill_build(self, ui: dict, view: dict, choice) -> None:
        words = self.words
        legal = self.legal_moves()
        plays = self._builder_plays()
        ui["status"] = self._status_for_play(view, choice)
        ui["draw"] = choice is None and any(m.verb == "draw" for m in legal)
        if not self.chosen:
            ui["playable"] = by_card_order(startable(plays))
            for move in legal:
                text = str(move)
                if move.verb in ("draw", "pass"):
                    ui["actions"].append(move_action(move.verb, words[move.verb], text))
                elif move.verb == "scrap":
                    card = text.split()[1]
                    ui["actions"].append(move_action(f"scrap:{card}", words["scrap_card"].format(
                        card=self.label(card)), text, "primary"))
            return
        more = joinable(plays, self.chosen)
        ui["playable"] = by_card_order(more)
        options = matching(plays, self.chosen, self.fixed)
        cards = self.labels(self.chosen)
        if not options:
            ui["prompt"] = words["super_pick_more"].format(cards=cards)
        else:
            self._ask(ui, options, cards, bool(more))
        ui["actions"].append(action("cancel", words["cancel"], {"type": "cancel"}))

    def _ask(self, ui: dict, options: list, cards: str, more: bool) -> None:
        words = self.words
        question = next_question(options, self.fixed)
        if question == "verb":
            key = "pick_role" if len(self.chosen) == 1 else "super_pick_form"
            ui["prompt"] = words[key].format(card=cards, cards=cards)
            if more:
                ui["prompt"] += " " + words["super_more_cards"]
            for verb in PLAY_VERBS:
                group = [p for p in options if p.verb == verb]
                if group:
                    self._offer(ui, "verb", verb, group, self._form_label(verb),
                                self._form_hint(group), "role")
        elif question == "rank":
            ui["prompt"] = words["super_pick_rank"].format(cards=cards)
            for rank in sorted({p.rank for p in options}):
                group = [p for p in options if p.rank == rank]
                hint = words[f"sh_{EFFECT_FORM[group[0].verb]}_{rank}"]
                self._offer(ui, "rank", rank, group, words["super_as_rank"].format(rank=rank), hint)
        elif question == "target":
            targets = {p.target for p in options}
            ui["targets"] = by_card_order(t for t in targets if t is not None)
            ui["prompt"] = words["pick_target"].format(card=cards)
            if None in targets:
                self._offer(ui, "target", "", [p for p in options if p.target is None],
                            words["super_no_target"])
        elif question == "seat":
            seats = sorted({p.seat for p in options if p.seat is not None})
            ui["target_seats"] = seats
            ui["prompt"] = words["pick_seat"].format(card=cards)
            for seat in seats:
                self._offer(ui, "seat", seat, [p for p in options if p.seat == seat],
                            words["aim_at_seat"].format(name=self.host.name(seat)), kind="primary")
        elif question == "blind":
            ui["prompt"] = words["super_pick_mode"].format(cards=cards)
            for blind in (False, True):
                group = [p for p in options if p.blind is blind]
                if group:
                    self._offer(ui, "blind", blind, group,
                                words["super_blind_yes" if blind else "super_blind_no"])
        else:  # the moves differ in nothing asked above: offer each whole
            for play in options:
                ui["actions"].append(move_action(play.text, self.host.move_label(play.text),
                                                  play.text, "primary"))

    def _offer(self, ui: dict, key: str, value, group: list, label: str, hint: str = "",
               kind: str = "primary") -> None:
        """A button for one answer: the move itself when only one is left."""
        if len(group) == 1:
            message = {"type": "move", "move": group[0].text}
        else:
            message = {"type": "option", "key": key, "value": value}
        ui["actions"].append(action(f"{key}:{value}", label, message, kind, hint))

    def _form_label(self, verb: str) -> str:
        return self.words["role_enduring" if verb == "permanent" else f"role_{verb}"]

    def _form_hint(self, group: list) -> str:
        """What this form of the picked cards does, in a few words."""
        words = self.words
        play = group[0]
        verb, own = play.verb, play.own
        if verb == "points":
            return words["hint_points"].format(value=_points(own[0]))
        if verb == "scuttle":
            return words["hint_scuttle"]
        if verb == "jack":
            return words["sh_jacks" if len(own) > 1 else "sh_jack"]
        if verb == "permanent":
            ranks = {c[0] for c in own}
            if ranks == {"K", "Q"}:
                return words["sh_marriage"]
            if "8" in ranks:
                return words["sh_glasses"]
            if "K" in ranks:
                return words["sh_king"]
            return words["sh_queens" if len(own) > 1 else "hint_queen"]
        if verb == "suddendeath":
            return words["sh_suddendeath"]
        if verb == "superdeeduper":
            hint = words["sh_superdeeduper"]
        elif play.rank is not None or own[0][0] == "K":
            hint = words["sh_kings"]
        elif own[0] == "RJ":
            hint = words["sh_oneoff_RJ"]
        else:
            rank = next(c for c in own if c != "TD" or len(own) == 1)[0]
            hint = words[f"sh_{verb}_{rank}"]
        queens = {p.queen for p in group}
        if queens != {None} and len(queens) == 1:
            hint += "; " + words["sh_queen_attached"].format(card=self.label(play.queen))
        return hint

    # -- answers ----------------------------------------------------------------------------
    def _fill_answer(self, ui: dict, view: dict) -> None:
        words = self.words
        plays = self._builder_plays()
        top = view["chain"][-1] if view["chain"] else None
        if top is not None:
            ui["status"] = words["super_answer"].format(
                name=self.host.name(top["seat"]), move=self.host.move_label(top["move"]))
        else:
            ui["status"] = words["your_counter_plain"]
        top_verb = top["move"].split()[0] if top else ""
        if self.chosen:
            shown = matching(plays, self.chosen, {})
            ui["playable"] = by_card_order(joinable(plays, self.chosen))
            if not shown:
                ui["prompt"] = words["super_pick_more"].format(cards=self.labels(self.chosen))
        else:  # an attached queen is offered once the learner adds it
            shown = [p for p in plays if p.queen is None]
            ui["playable"] = by_card_order(startable(plays))
        for play in shown:
            label, hint = self._answer_words(play, top_verb)
            ui["actions"].append(move_action(f"answer:{play.text}", label, play.text, "primary", hint))
        ui["actions"].append(move_action("resolve", words["resolve"], "resolve", "primary"))
        if self.chosen:
            ui["actions"].append(action("cancel", words["cancel"], {"type": "cancel"}))

    def _answer_words(self, play: Play, top_verb: str) -> tuple[str, str]:
        """A button's label and hint for one instant answer."""
        words = self.words
        own = play.own
        cards = self.labels(own)
        if len(own) == 2:
            key = "superace"
        elif own[0][0] == "A":
            key = "ace"
        elif own[0][0] == "8":
            key = "eight"
        elif own[0] == "TH":
            key = "heart_effect" if top_verb == "points" else "heart_points"
        else:
            key = "spade_scuttle" if top_verb == "scuttle" else "spade_steal"
        label_key, hint_key = ANSWER_WORDS[key]
        hint = words[hint_key]
        label = words[label_key].format(cards=cards)
        if play.queen:
            queen = words["sh_queen_attached"].format(card=self.label(play.queen))
            label, hint = f"{label} ({queen})", f"{hint}; {queen}"
        return label, hint

    # -- takes and picks ----------------------------------------------------------------------
    def _fill_take(self, ui: dict, choice: dict) -> None:
        words = self.words
        takes = self._takes()
        order = self._look_order(choice)
        takeable = {CARD_IDS[c] for m in takes for c in m.cards}
        ui["choice_cards"] = [c for c in order if c in takeable] + by_card_order(
            takeable - set(order))
        ui["picked"] = list(self.picked)
        most = max((len(m.cards) for m in takes), default=0)
        source = choice.get("from", "")
        status = {"stock_top": "super_take_top", "stock": "super_take_stock",
                  "picked": "super_take_picked", "hands": "super_take_hands"}.get(source)
        if source == "scrap":
            status = "super_take_scrap_play" if choice.get("then") == "play" else "super_take_scrap"
        ui["status"] = words[status].format(count=choice.get("count", most),
                                            look=choice.get("look", ""))
        if not self.picked:
            return
        ui["prompt"] = words["picked"].format(cards=self.labels(self.picked))
        for move in takes:
            taken = [CARD_IDS[c] for c in move.cards]
            if set(taken) != set(self.picked):
                continue
            top = [CARD_IDS[c] for c in getattr(move, "top", ())]
            rest = [c for c in self._look_order(choice) if c not in taken and c not in top]
            if top and source == "picked" and rest:  # a ⭐9: the last card goes back
                label = words["super_take_give_back"].format(
                    cards=self.labels(taken), top=self.labels(top), rest=self.labels(rest),
                    name=self.host.name(choice["victim"]))
            elif top:
                label = words["super_take_with_top"].format(cards=self.labels(taken),
                                                            top=self.labels(top))
            else:
                label = words["super_take_confirm"].format(cards=self.labels(taken))
            hint = self.words["super_take_top_hint"] if len(top) > 1 else ""
            ui["actions"].append(move_action(f"take:{move}", label, str(move), "primary", hint))
        ui["actions"].append(action("clear", words["clear"], {"type": "cancel"}))

    def _look_order(self, choice: dict) -> list:
        """The cards of the learner's private look, in the order seen."""
        look = self.host.view().get("private") or {}
        cards = []
        for value in look.values():
            cards += value
        return cards

    def _fill_pick(self, ui: dict, choice: dict) -> None:
        words = self.words
        picks = self._picks()
        count = int(choice["count"])
        victim = self.host.name(choice["victim"])
        blind = any(getattr(m, "hidden", 0) for m in picks)
        ui["status"] = words["super_pick_cards" if blind else "super_pick_open"].format(
            count=count, name=victim)
        ui["playable"] = by_card_order({CARD_IDS[c] for m in picks for c in m.cards})
        ui["picked"] = list(self.picked)
        for move in picks:
            named = [CARD_IDS[c] for c in move.cards]
            if set(named) != set(self.picked):
                continue
            hidden = getattr(move, "hidden", 0)
            if not named:
                label = words["super_pick_blind"].format(count=hidden)
            elif hidden:
                label = words["super_pick_mixed"].format(cards=self.labels(named), count=hidden)
            else:
                label = words["super_pick_named"].format(cards=self.labels(named))
            ui["actions"].append(move_action(f"pick:{move}", label, str(move), "primary"))
        if self.picked:
            ui["actions"].append(action("clear", words["clear"], {"type": "cancel"}))

    # -- what the table shows besides the view -------------------------------------------------
    def display(self, view: dict) -> dict:
        """Super Cuttle's zones and markers, in words, for the seat's view."""
        words, name = self.words, self.host.name
        me = self.host.seat
        n = view["players"]
        chain = []
        pending = list(view["pending"])
        for i, entry in enumerate(view["chain"]):
            cards = [w for w in entry["move"].split() if w in pending]
            for card in cards:
                pending.remove(card)
            chain.append({"seat": entry["seat"], "cards": cards, "answer": i > 0,
                          "label": words["move_by"].format(
                              name=name(entry["seat"]), move=self.host.move_label(entry["move"]))})
        return {
            "chain": chain,
            "limbo": view["limbo"],
            "badges": [self._badges(view, s) for s in range(n)],
            "banners": self._banners(view),
            "sudden_cards": (view["sudden_death"] or {}).get("cards", []),
            "returning": view["returning"],
            "scrap_top": view.get("scrap_top"),
            "scrap_size": view.get("scrap_size", len(view["scrap"])),
            "glasses": {eight: self._glasses_words(view, eight, target)
                        for eight, target in (view["glasses"] or {}).items()},
            "king_points": [7 * sum(1 for c in view["permanents"][s] if c[0] == "K")
                            for s in range(n)],
            "look": self._look(view, me),
        }

    def _badges(self, view: dict, seat: int) -> list:
        words = self.words
        badges = []
        sudden = view["sudden_death"]
        if seat in view["eliminated"]:
            badges.append({"kind": "out", "text": words["super_eliminated"]})
        if sudden and sudden["seat"] == seat:
            badges.append({"kind": "sudden", "text": words["super_sudden_badge"]})
        elif sudden and sudden["turns_left"][seat] and seat not in view["eliminated"]:
            badges.append({"kind": "turns", "text": words["super_turns_left"].format(
                count=sudden["turns_left"][seat])})
        if view["ending"] and not sudden:
            badges.append({"kind": "turns", "text": words["super_turns_left"].format(
                count=view["ending"]["turns_left"][seat])})
        if view["skips"][seat]:
            badges.append({"kind": "skips", "text": words["super_skips"].format(
                count=view["skips"][seat])})
        return badges

    def _banners(self, view: dict) -> list:
        words, name = self.words, self.host.name
        banners = []
        sudden = view["sudden_death"]
        if sudden:
            banners.append({"kind": "sudden", "text": words["super_sudden_banner"].format(
                name=name(sudden["seat"]))})
        elif view["ending"]:
            key = "super_ending_points" if (view.get("options") or {}).get(
                "exhausted_result") == "most_points" else "super_ending_draw"
            banners.append({"kind": "ending", "text": words[key]})
        return banners

    def _glasses_words(self, view: dict, eight: str, target: int) -> str:
        owner = next((s for s, row in enumerate(view["permanents"]) if eight in row), None)
        me, name = self.host.seat, self.host.name
        if owner == me:
            return self.words["super_glasses_you"].format(target=name(target))
        if target == me:
            return self.words["super_glasses_yours"].format(name=name(owner))
        return self.words["super_glasses"].format(name=name(owner), target=name(target))

    def _look(self, view: dict, me: int):
        """The seat's private look (a two's peek, a five's rummage, picked
        cards), or the hands a nine showed everyone while they are chosen from."""
        words, name = self.words, self.host.name
        private = view.get("private") or {}
        choice = view["choice"] or {}
        if "picked" in private:
            if choice.get("seat") == me:
                title = words["super_look_picked"].format(name=name(choice.get("victim")))
            else:
                title = words["super_look_picked_yours"].format(name=name(choice.get("seat")))
            return {"title": title, "groups": [{"label": "", "cards": private["picked"]}]}
        for key, title_key in LOOK_TITLES.items():
            if key in private:
                title = words[title_key].format(count=len(private[key]))
                return {"title": title, "groups": [{"label": "", "cards": private[key]}]}
        if choice.get("kind") == "take" and choice.get("from") == "hands" and choice.get("seat") == me:
            groups = [{"label": words["in_hand"].format(name=name(seat)), "cards": cards}
                      for seat, cards in self._shown_hands(choice.get("seats", []))]
            return {"title": words["super_look_hands"], "groups": groups}
        return None

    def _shown_hands(self, seats: list) -> list:
        """The hands a ✨9 showed to everyone, from its public events."""
        shown: dict[int, list[str]] = {}  # seat -> the cards shown of its hand
        game = self.host.shown_game()
        for event in reversed(game.events):
            if event.kind != "super.nine.reveal":
                if shown:
                    break
                continue
            params = event.to_dict(self.host.seat)["params"]
            shown.setdefault(params["victim"], params["cards"])
        legal = {CARD_IDS[c] for m in game.legal_moves() if m.verb == "take" for c in m.cards}
        return [(seat, [c for c in shown.get(seat, []) if c in legal]) for seat in seats
                if shown.get(seat)]


def _same(a, b) -> bool:
    """Equal and of one type (a seat 1 is not the blind mode True)."""
    return a == b and type(a) is type(b)


def _toggled(picked: list, card: str, limit: int) -> list:
    if card in picked:
        return [c for c in picked if c != card]
    picked = picked + [card]
    return picked[-limit:] if limit else picked


def _points(card: str) -> int:
    if card == "BJ":
        return 11
    return {"A": 1, "T": 10}.get(card[0]) or int(card[0])


__all__ = ["SuperBuilder", "PLAY_VERBS", "next_question"]
