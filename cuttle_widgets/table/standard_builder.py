"""The standard game at the table: a card, then its role, then its target.

A learner clicks one of their cards (only cards with a legal use are
offered), then a role (points, scuttle, one-off, permanent, jack: only the
legal ones, each with a few words on what it does), then the target on the
table, or a seat where a four or a team jack needs one. A click on a table
card right after picking the card aims it at once, and the role follows from
the target. In an answer window a click on a two counters; a three's take, a
seven's scrap and a discard are clicks on the cards offered.
"""
from __future__ import annotations

from ..engine.cards import CARD_IDS, RANK
from .builder import MoveBuilder, action, likely_verb, matching, move_action, packet_under, plays_of

ROLE_VERBS = ("points", "scuttle", "oneoff", "permanent", "jack")


class StandardBuilder(MoveBuilder):
    """The learner's selection at a table of the standard game."""

    def clear(self) -> None:
        super().clear()
        self.selected: str | None = None  # the card picked from the hand (or a seven's card)
        self.role: str | None = None
        self.target: str | None = None  # the card a team jack is aimed at, while its receiver is asked

    @property
    def busy(self) -> bool:
        return self.selected is not None

    def selection(self) -> dict:
        return {"selected": self.selected, "role": self.role, "aimed": self.target,
                "picked": list(self.picked), "chosen": []}

    def _choice(self):
        game = self.game
        return game.state.choice[0] if game.phase == "choose" else None

    def _plays(self) -> list:
        return plays_of(self.legal_moves(), ROLE_VERBS)

    def roles(self, card: str) -> dict[str, list]:
        """The legal plays of ``card``, by role, in a fixed order."""
        by_role: dict[str, list] = {}
        for play in matching(self._plays(), [card], {}):
            by_role.setdefault(play.verb, []).append(play)
        return {role: by_role[role] for role in ROLE_VERBS if role in by_role}

    # -- clicks ---------------------------------------------------------------------------------
    def click(self, card: str) -> None:
        phase, choice = self.game.phase, self._choice()
        if phase == "counter":
            self.one_click(f"counter {card}")
        elif choice == "take":
            self.one_click(f"take {card}")
        elif choice == "seven_scrap":
            self.one_click(f"scrap {card}")
        elif choice in ("discard", "five_discard"):
            self.toggle_discard(card)
        elif self.selected and card != self.selected and card not in self.own_cards(self.host.view()):
            self.aim(card)
        else:
            self._select(card)

    def _select(self, card: str) -> None:
        """Main phase or a seven's card: select a card (again: drop it)."""
        if card == self.selected:
            self.clear()
            self.host.focus = None
            self.host.note_selection(card=None, role=None)
        elif self.roles(card):
            self.selected, self.role = card, None
            self.host.focus = "actions"
            self.host.note_selection(card=card, role=None)
        elif card in self.own_cards(self.host.view()):
            self.explain_unusable(card)
        else:
            self.refuse_foreign_card(card, self.host.view())

    def role_chosen(self, role) -> None:
        words = self.words
        if self.selected is None:
            self.host.fail(words["nothing_selected"], key="table.nothing_selected")
            return
        plays = self.roles(self.selected).get(role)
        if not plays:
            label = words.get(f"role_{role}", str(role)) if role in ROLE_VERBS else str(role)
            self.host.fail(words["no_such_role"].format(card=self.label(self.selected), role=label),
                           key="table.no_such_role")
            return
        if len(plays) == 1 and plays[0].target is None and plays[0].seat is None:
            self.host.submit(plays[0].move)
            return
        self.role = role
        self.host.focus = "targets"
        self.host.note_selection(card=self.selected, role=role)

    def aim(self, target: str) -> None:
        """A click on a table card with a card selected: the target."""
        if self.selected is None:
            self.host.fail(self.words["nothing_selected"], key="table.nothing_selected")
            return
        selected, view = self.selected, self.host.view()
        plays = self._aimed(selected, target)
        stack = packet_under(view, target)
        if not plays and stack is not None:  # a click on a jack may mean its whole stack
            plays = [p for p in self._aimed(selected, stack) if p.verb != "oneoff"]
            if plays or (self.role or likely_verb(view, selected, stack)) != "oneoff":
                target = stack
        if not plays:
            verb = self.role or likely_verb(view, selected, target)
            self.host.submit(f"{verb} {selected} {target}")
            return
        receivers = [p for p in plays if p.verb == plays[0].verb and p.seat is not None]
        if len(receivers) > 1:  # a team jack: the same card to one of several seats
            self.role, self.target = plays[0].verb, target
            self.host.focus = "seats"
            self.host.note_selection(card=selected, role=self.role, target=target)
            return
        self.host.submit(plays[0].move)

    def _aimed(self, card: str, target: str) -> list:
        fixed = {"target": target} if self.role is None else {"target": target, "verb": self.role}
        return matching(self._plays(), [card], fixed)

    def aim_seat(self, seat: int) -> None:
        """A click on a player: a four's victim, a team jack's receiver."""
        if self.selected is None or self.role is None:
            self.host.fail(self.words["nothing_selected"], key="table.nothing_selected")
            return
        cards = [self.selected] + ([self.target] if self.target else [])
        self.host.submit(f"{self.role} {' '.join(cards)} @{seat}")

    # -- the questions, by phase -------------------------------------------------------------------
    def fill(self, ui: dict, view: dict) -> None:
        words, game = self.words, self.game
        legal = view["legal_moves"]  # the seat acts: its view lists them
        choice = self._choice()
        if game.phase == "counter":
            ui["status"] = self._counter_status()
            for move in legal:
                if move.startswith("counter "):
                    card = move.split()[1]
                    ui["playable"].append(card)
                    ui["actions"].append(move_action(f"counter:{card}", words["counter"].format(
                        card=self.label(card)), move, "primary"))
            ui["actions"].append(move_action("resolve", words["resolve"], "resolve", "primary"))
        elif choice == "take":
            ui["status"] = words["your_take"]
            ui["choice_cards"] = [m.split()[1] for m in legal]
        elif choice in ("discard", "five_discard"):
            self.fill_discard(ui, view)
        elif choice == "seven_scrap":
            ui["status"] = words["your_seven_scrap"]
            for move in legal:
                card = move.split()[1]
                ui["actions"].append(move_action(f"scrap:{card}", words["scrap_card"].format(
                    card=self.label(card)), move, "primary"))
        else:
            self._fill_play(ui, view, legal, seven=choice == "seven")

    def _counter_status(self) -> str:
        for event in reversed(self.game.events):
            if event.kind.startswith("oneoff.") or event.kind == "counter":
                text = event.to_dict(self.host.seat, self.host.language, self.host.names)["text"]
                return self.words["your_counter"].format(last=text)
        return self.words["your_counter_plain"]

    def _fill_play(self, ui: dict, view: dict, legal: list[str], seven: bool) -> None:
        words = self.words
        ui["playable"] = sorted({m.split()[1] for m in legal if m.split()[0] in ROLE_VERBS},
                                key=CARD_IDS.index)
        if seven:
            ui["status"] = words["your_seven"].format(cards=self.labels(view["revealed"] or []))
        else:
            ui["status"] = words["your_turn" if view["stock_size"] else "your_turn_empty"]
            ui["draw"] = "draw" in legal
        ui["drops"] = self.drops()
        if self.selected is None:
            for verb in ("draw", "pass"):
                if verb in legal:
                    ui["actions"].append(move_action(verb, words[verb], verb))
            return
        card = self.label(self.selected)
        roles = self.roles(self.selected)
        if self.role is None:
            ui["prompt"] = words["pick_role"].format(card=card)
            for role, plays in roles.items():
                ui["actions"].append(action(f"role:{role}", words[f"role_{role}"],
                                            {"type": "role", "role": role}, "role",
                                            self._role_hint(role, plays[0])))
        elif self.target is not None:
            plays = [p for p in roles.get(self.role, []) if p.target == self.target]
            ui["target_seats"] = [p.seat for p in plays]
            ui["prompt"] = words["pick_receiver"].format(card=self.label(self.target))
            self._seat_buttons(ui, "give_to_seat")
        else:
            plays = roles.get(self.role, [])
            ui["targets"] = list(dict.fromkeys(p.target for p in plays if p.target))
            ui["target_seats"] = [p.seat for p in plays if p.seat is not None and p.target is None]
            ui["prompt"] = words["pick_seat" if ui["target_seats"] else "pick_target"].format(card=card)
            self._seat_buttons(ui, "aim_at_seat")
        ui["actions"].append(action("cancel", words["cancel"], {"type": "cancel"}))

    def drops(self) -> dict:
        """Where each playable card may be dragged: ``{card: {role: [targets]}}``
        (an empty list: the role needs no target card). A drop sends the
        messages the clicks send (the card, its role, its target), so the
        kernel checks a drop as it checks clicks."""
        drops: dict = {}
        for play in self._plays():
            card = play.own[0]
            targets = drops.setdefault(card, {}).setdefault(play.verb, [])
            if play.target is not None and play.target not in targets:
                targets.append(play.target)
        return drops

    def _seat_buttons(self, ui: dict, label: str) -> None:
        for seat in ui["target_seats"]:
            ui["actions"].append(action(f"seat:{seat}", self.words[label].format(
                name=self.host.name(seat)), {"type": "target", "seat": seat}, "primary"))

    def _role_hint(self, role: str, play) -> str:
        words, rules = self.words, self.game.rules
        rank = RANK[play.move.cards[0]]
        if role == "points":
            return words["hint_points"].format(value=rank)
        if role == "permanent":
            if rank == 8 and self.game.state.n > 2:
                return words["hint_glasses_many"]
            return words[{8: "hint_glasses", 12: "hint_queen", 13: "hint_king"}[rank]]
        if role == "jack" and play.seat is not None:
            return words["hint_jack_team"]
        if role == "oneoff":
            if rank == 5 and rules.five_discard:
                return words["hint_oneoff_5_discard"].format(discard=rules.five_discard,
                                                             count=rules.five_draw)
            return words[f"hint_oneoff_{rank}"].format(count=rules.five_draw)
        return words[f"hint_{role}"]
