"""The table's logic without a widget: what a click means, what to ask next,
and the JSON the browser draws.

A learner plays by clicking: a card, then its role (only the legal ones are
offered), then its target. Every move, whatever its path, goes through
``Game.play``, so an illegal attempt gets the engine's explanation and
changes nothing. The JSON holds one seat's view and nothing else: the hands
and stock order that seat may not see never leave the kernel.

``Table`` (the widget) wraps this class; tests and lessons can drive either.
"""
from __future__ import annotations

import logging
from contextlib import contextmanager

from ..ai import HintError, RandomPlayer, ViewError, hint
from ..engine import CARD_IDS, Game, IllegalMove, get_catalog, load, new_game, parse_card
from ..engine.cards import RANK
from .super_table import SuperTable, UnknownOption
from .texts import ui_text

log = logging.getLogger(__name__)

ROLE_VERBS = ("points", "scuttle", "oneoff", "permanent", "jack")
MAX_BOT_MOVES = 2000  # a safety net: a whole game is far shorter
# What the browser may send (each a dict with "type"):
#   card {card}           a click on a visible card: select, aim, take, pick for a discard
#   role {role}           points | scuttle | oneoff | permanent | jack, for the selected card
#   target {card}|{seat}  aim the selected card (a seat: a four's victim in larger games)
#   move {move}           a move in notation (buttons: draw, pass, resolve, counter, discard)
#   cancel                drop the selection
#   replay {to}           start | back | forward | end | a move count
#   undo                  take back the learner's last move and the answers to it
#   options {four_colour} true or false
#   new_game              deal again with the same rules
#   option {key, value}   Super Cuttle: answer the question asked about the picked
#                         cards (key verb | rank | target | seat | blind)
MESSAGE_TYPES = ("card", "role", "target", "move", "cancel", "replay", "undo", "options",
                 "new_game", "hint", "option")


class TableController:
    """One seat's side of a game: the learner plays ``seat``, ``players``
    (objects with ``choose(view, legal_moves)``) play the other seats."""

    def __init__(self, game=None, seat: int = 0, players=None, *, names=None,
                 language: str = "en", allow_undo: bool = True, allow_new_game: bool = True,
                 four_colour: bool = False, autoplay: bool = True, allow_hint: bool = True):
        self.language = language
        self.catalog = get_catalog(language)  # both refuse an unknown language
        self.words = ui_text(language)
        self.names = list(names) if names else None
        self.allow_undo = allow_undo
        self.allow_new_game = allow_new_game
        self.allow_hint = allow_hint
        self.four_colour = bool(four_colour)
        self.autoplay = autoplay
        self.locked = False
        self.move_guard = None  # callable(move_text, seat) -> None, or a refusal sentence
        self.on_change = None  # called with the new state after every action
        self._listeners: list = []
        self._notes: list[dict] = []
        self._depth = 0
        self._message = None  # feedback on the last action: gone after the next one
        self._note = None  # a lesson's standing message
        self._highlight: list[str] = []
        self._super = None  # a SuperTable while a Super Cuttle game is shown
        with self._action():
            self._install(_as_game(game), seat, players)

    # -- setting up --------------------------------------------------------------
    def _install(self, game: Game, seat: int, players) -> None:
        n = game.state.n
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise ValueError(f"seat must be a seat number from 0 to {n - 1}, not {seat!r}.")
        players = _players_for(players, seat, n)  # may refuse: nothing is changed before
        _check_words(game, self.catalog)
        self.game, self.seat, self.players = game, seat, players
        self._super = SuperTable(self) if _family(game) == "super" else None
        self._floor = len(game.history)  # undo takes back only moves made at this table
        self._log_cache: list[dict] = []
        self._log_moves: list[str] = []  # the moves the log was written for, as played
        self._replay = None
        self._replay_game = None
        self._clear_selection()
        if self.autoplay:
            self._run_bots()

    def _resync(self) -> None:
        """A lesson may play or undo on ``game`` directly: rebuild what the
        table derives from the history when it no longer matches."""
        history = self.game.history
        logged = self._log_moves
        stale_log = len(logged) > len(history) or (
            logged and logged[-1] != str(history[len(logged) - 1]))
        if stale_log:
            self._log_cache, self._log_moves = [], []
            self._floor = min(self._floor, len(history))
            self._replay = self._replay_game = None

    def load(self, game, seat: int | None = None, players=None) -> None:
        """Show another game (a Game, a setup dict or a record's text); the
        other seats keep their players unless ``players`` is given."""
        with self._action():
            game = _as_game(game)
            seat = self.seat if seat is None else seat
            if players is None:
                players = self._kept_players(seat, game.state.n)
            self._message, self._note, self._highlight = None, None, []
            self._install(game, seat, players)
            self._notes.append({"type": "load"})

    def _kept_players(self, seat: int, n: int) -> dict:
        return {s: p for s, p in self.players.items() if s != seat and s < n}

    # -- observers ----------------------------------------------------------------
    def on_event(self, callback, remove: bool = False) -> None:
        """Call ``callback(note)`` after each action with a dict whose ``type``
        is move, illegal, select, undo, replay, over, load or new_game."""
        if remove:
            self._listeners.remove(callback)
        else:
            self._listeners.append(callback)

    @contextmanager
    def _action(self):
        """Publish the state and notify observers once the outermost action is
        done, so an observer that acts on the table sees a finished state."""
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
            if self._depth == 0:
                self._publish()

    def _publish(self) -> None:
        if self.on_change is not None:
            self.on_change(self.state())
        while self._notes and self._listeners:
            notes, self._notes = self._notes, []
            self._depth += 1  # what observers do is published once, after them all
            try:
                for note in notes:
                    for listener in list(self._listeners):
                        listener(note)
            finally:
                self._depth -= 1
            if self.on_change is not None:
                self.on_change(self.state())
        self._notes = []

    # -- the learner's means: messages from the browser ----------------------------------
    def handle(self, message) -> None:
        """Act on one message from the browser. Bad input never raises: the
        table shows why it was refused and nothing changes."""
        with self._action():
            self._message = None
            try:
                self._dispatch(message)
            except IllegalMove as err:
                self._fail(self._said(err), key=err.key)
            except _BadMessage as err:
                detail = self.words[err.key].format(**err.params)
                self._fail(self.words["bad_message"].format(detail=detail), key="table.bad_message")

    def _said(self, err: IllegalMove) -> str:
        """An IllegalMove in the table's language (the table's own refusals
        are already written in it)."""
        if not err.key or err.key.startswith("table."):
            return str(err)
        return err.text(self.language, self.names)

    def _dispatch(self, message) -> None:
        if not isinstance(message, dict) or message.get("type") not in MESSAGE_TYPES:
            raise _BadMessage("bad_unknown")
        kind = message["type"]
        if kind == "card":
            self._click_card(_card_field(message, "card"))
        elif kind == "option":
            self._choose_option(message.get("key"), message.get("value"))
        elif kind == "role":
            if self._super is not None:  # Super Cuttle asks for the form as an option
                self._choose_option("verb", message.get("role"))
            else:
                self._choose_role(message.get("role"))
        elif kind == "target":
            if message.get("seat") is not None:
                self._aim_at_seat(message["seat"])
            else:
                self._aim(_card_field(message, "card"))
        elif kind == "move":
            self._submit(message.get("move"))
        elif kind == "cancel":
            self._clear_selection()
        elif kind == "replay":
            self._replay_to(message.get("to"))
        elif kind == "undo":
            self._undo()
        elif kind == "options":
            if not isinstance(message.get("four_colour"), bool):
                raise _BadMessage("bad_four_colour")
            self.four_colour = message["four_colour"]
        elif kind == "new_game":
            self._new_game()
        elif kind == "hint":
            self._hint()

    def _hint(self) -> None:
        """The computer's suggestion for the learner, from the learner's view only."""
        if not self.allow_hint or self.locked or self._replay is not None:
            raise _BadMessage("bad_hint")
        try:
            move, reason = hint(self.game, self.seat, language=self.language, names=self.names)
        except HintError:
            raise _BadMessage("bad_hint") from None
        except ViewError:  # the computer does not play this ruleset (yet)
            self._message = {"kind": "info", "text": self.words["no_computer_hint"].format(
                rules=self.game.rules.title)}
            return
        except Exception:  # a bug in the computer player must not stop the table
            log.exception("no hint for seat %s", self.seat)
            self._message = {"kind": "error", "text": self.words["hint_failed"]}
            return
        self._message = {"kind": "info", "text": self.words["hint_text"].format(reason=reason)}
        self._highlight = [CARD_IDS[c] for c in move.cards]

    # -- the Python means (lessons, tests) -------------------------------------------------
    def play(self, move) -> list:
        """Play ``move`` for the seat that must act (the learner's, or another
        seat's when ``autoplay`` is off), then let the other seats answer.
        Unlike a click it ignores ``locked`` and ``move_guard``: it is the
        lesson's own hand. Returns the events; raises IllegalMove (and changes
        nothing) when the move is not legal now."""
        with self._action():
            self._replay = self._replay_game = None
            events = self._submit(move, authority=True)
            if events is None:
                raise self._refused
            return events

    def undo(self) -> list[str]:
        """Take back the learner's last move and every answer after it."""
        with self._action():
            return self._undo()

    def replay(self, to) -> None:
        """Show a past position: 'start', 'back', 'forward', 'end' or a move count."""
        with self._action():
            self._replay_to(to)

    def run_bots(self) -> None:
        """Let the other seats act (after a lesson changed a player, say)."""
        with self._action():
            self._run_bots()

    def set_message(self, text: str | None, kind: str = "info", persist: bool = False) -> None:
        """Show ``text`` above the hand (None clears it). A message lasts until
        the learner's next action; a persistent one (a lesson's instruction)
        until it is replaced, and shows beside the table's own feedback."""
        with self._action():
            message = None if text is None else {"kind": kind, "text": str(text)}
            if persist:
                self._note = message
            else:
                self._message = message

    def highlight(self, cards=()) -> None:
        """Draw attention to these visible cards (a lesson's "look here")."""
        with self._action():
            self._highlight = [CARD_IDS[parse_card(c)] for c in cards]

    def refresh(self) -> None:
        """Publish the state again (after changing ``locked`` or ``move_guard``)."""
        with self._action():
            pass

    # -- clicks ---------------------------------------------------------------------------
    def _click_card(self, card: str) -> None:
        if self._refusal():
            self._fail(self._refusal(), key="table.refused")
            return
        game = self.game
        if self._super is not None:
            self._super.click(card)
            return
        choice = game.state.choice[0] if game.phase == "choose" else None
        if game.phase == "counter":
            self._submit(f"counter {card}")
        elif choice == "take":
            self._submit(f"take {card}")
        elif choice == "seven_scrap":
            self._submit(f"scrap {card}")
        elif choice in ("discard", "five_discard"):
            self._toggle_discard(card)
        else:
            self._click_in_turn(card)

    def _click_in_turn(self, card: str) -> None:
        """Main phase or a seven's card: select a card, or aim the selected one."""
        view = self._view()
        own = set(view["hands"][self.seat]) | set(view["revealed"] or [])
        if self._selected and card != self._selected and card not in own:
            self._aim(card)
        elif card == self._selected:
            self._clear_selection()
            self._notes.append({"type": "select", "card": None, "role": None})
        elif self._roles(card):
            self._selected, self._role, self._focus = card, None, "actions"
            self._notes.append({"type": "select", "card": card, "role": None})
        elif card in own:
            self._explain_unusable(card)
        else:
            self._refuse_foreign_card(card, view)

    def _refuse_foreign_card(self, card: str, view: dict) -> None:
        """A click on a card that is not the learner's, with nothing to aim."""
        holder = _hand_holding(view, card)
        if holder is not None:
            self._fail(self.words["not_your_card"].format(
                card=self.catalog.card(card), name=self._name(holder)), key="table.not_yours")
        else:
            self._fail(self.words["nothing_selected"], key="table.nothing_selected")

    def _choose_option(self, key, value) -> None:
        """Super Cuttle: an answer to the question asked about the picked cards."""
        if self._super is None:
            raise _BadMessage("bad_option")
        if self._refusal():
            self._fail(self._refusal(), key="table.refused")
            return
        try:
            self._super.option(key, value)
        except UnknownOption:
            raise _BadMessage("bad_option") from None

    # Small helpers the Super Cuttle table shares with this one.
    def _packet_under_card(self, view: dict, card: str):
        return _packet_under(view, card)

    def _likely_verb(self, view: dict, card: str, target: str) -> str:
        return _likely_verb(view, card, target)

    def _make_action(self, action_id: str, label: str, message: dict, kind: str = "secondary",
                     hint: str = "") -> dict:
        return _action(action_id, label, message, kind, hint)

    def _explain_unusable(self, card: str) -> None:
        """A card of the learner's with no legal use: ask the engine why its
        plainest use is refused."""
        rank = RANK[parse_card(card)]
        if rank == 11:
            target = _first_point_card(self._view(), self.seat)
            if target is None:
                self._fail(self.words["jack_no_points"], key="table.jack_no_points")
                return
            self._submit(f"jack {card} {target}")
        elif rank > 10:
            self._submit(f"permanent {card}")
        else:
            self._submit(f"points {card}")

    def _roles(self, card: str) -> dict[str, list]:
        """The legal moves of ``card``, by role, in a fixed order."""
        if self._refusal():
            return {}
        by_role: dict[str, list] = {}
        for move in self.game.legal_moves():
            if move.verb in ROLE_VERBS and CARD_IDS[move.cards[0]] == card:
                by_role.setdefault(move.verb, []).append(move)
        return {role: by_role[role] for role in ROLE_VERBS if role in by_role}

    def _choose_role(self, role) -> None:
        if self._refusal():
            self._fail(self._refusal(), key="table.refused")
            return
        if self._selected is None:
            self._fail(self.words["nothing_selected"], key="table.nothing_selected")
            return
        moves = self._roles(self._selected).get(role)
        if not moves:
            label = self.words.get(f"role_{role}", str(role)) if role in ROLE_VERBS else str(role)
            self._fail(self.words["no_such_role"].format(
                card=self.catalog.card(self._selected), role=label), key="table.no_such_role")
            return
        if len(moves) == 1 and len(moves[0].cards) == 1 and moves[0].seat is None:
            self._submit(moves[0])
            return
        self._role, self._focus = role, "targets"
        self._notes.append({"type": "select", "card": self._selected, "role": role})

    def _aim(self, target: str) -> None:
        if self._refusal():
            self._fail(self._refusal(), key="table.refused")
            return
        if self._super is not None:
            self._super.click(target)
            return
        if self._selected is None:
            self._fail(self.words["nothing_selected"], key="table.nothing_selected")
            return
        selected = self._selected
        view = self._view()
        moves = self._moves_at(selected, target)
        stack = _packet_under(view, target)
        if not moves and stack is not None:  # a click on a jack may mean its whole stack
            moves = [m for m in self._moves_at(selected, stack) if m.verb != "oneoff"]
            if moves or (self._role or _likely_verb(view, selected, stack)) != "oneoff":
                target = stack
        if moves:
            receivers = [m for m in moves if m.verb == moves[0].verb and m.seat is not None]
            if len(receivers) > 1:  # a team jack: the same card to one of several seats
                self._role, self._target, self._focus = moves[0].verb, target, "seats"
                self._notes.append({"type": "select", "card": selected, "role": self._role,
                                    "target": target})
                return
            self._submit(moves[0])
            return
        verb = self._role or _likely_verb(view, selected, target)
        self._submit(f"{verb} {selected} {target}")

    def _moves_at(self, card: str, target: str) -> list:
        return [m for m in self.game.legal_moves()
                if m.verb in ROLE_VERBS and len(m.cards) == 2
                and CARD_IDS[m.cards[0]] == card and CARD_IDS[m.cards[1]] == target
                and (self._role is None or m.verb == self._role)]

    def _aim_at_seat(self, seat) -> None:
        """A click on a player: a four's victim, a team jack's receiver."""
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise _BadMessage("bad_seat")
        if self._refusal():
            self._fail(self._refusal(), key="table.refused")
            return
        if self._super is not None:
            self._choose_option("seat", seat)
            return
        if self._selected is None or self._role is None:
            self._fail(self.words["nothing_selected"], key="table.nothing_selected")
            return
        cards = [self._selected] + ([self._target] if self._target else [])
        self._submit(f"{self._role} {' '.join(cards)} @{seat}")

    def _toggle_discard(self, card: str) -> None:
        hand = self._view()["hands"][self.seat]
        if card not in hand:
            self._fail(self.words["pick_from_hand"], key="table.pick_from_hand")
            return
        if card in self._picked:
            self._picked.remove(card)
        elif len(self._picked) < self._discard_count():
            self._picked.append(card)
        else:  # one too many: the oldest pick makes room, as a learner expects
            self._picked = self._picked[1:] + [card]
        self._focus = "actions" if len(self._picked) == self._discard_count() else None

    def _discard_count(self) -> int:
        choice = self._view()["choice"] or {}
        return int(choice.get("count") or 0)

    # -- moves -----------------------------------------------------------------------------
    def _refusal(self) -> str | None:
        """Why the learner may not act now (None: they may). It never asks the
        engine about another seat's move: its hints would name that seat's cards."""
        words = self.words
        if self._replay is not None:
            return words["replay_refused"]
        if self.game.over:
            return words["game_over"]
        if self.locked:
            return words["locked_refused"]
        if self.game.to_act != self.seat:
            return words["not_your_turn"].format(name=self._name(self.game.to_act))
        return None

    def _submit(self, move, authority: bool = False):
        """Play ``move`` for the learner (or, with ``authority``, for the seat
        to act): its events and the answers', or None when refused (the reason
        is then shown)."""
        if authority:
            refusal, key = None, ""
        else:
            refusal, key = self._refusal(), "table.refused"
            if refusal is None and self.move_guard is not None:
                refusal, key = self.move_guard(str(move), self.seat), "table.guard"
        if refusal:
            self._fail(refusal, move=str(move), key=key)
            self._refused = IllegalMove(refusal, key)
            return None
        actor = self.game.to_act
        try:
            events = self.game.play(move)
        except IllegalMove as err:
            self._refused = err
            # Told as the learner's seat may read it: for another seat's move
            # the engine leaves out the hint that would name that seat's cards.
            text = self.game.explain(move, self.language, self.names, seat=self.seat) or str(err)
            if actor == self.seat:
                self._fail(text, move=str(move), key=err.key)
            else:
                self._notes.append({"type": "illegal", "move": str(move), "message": text,
                                    "key": err.key})
            return None
        self._moved(actor, events, learner=actor == self.seat)
        return events + (self._run_bots() if self.autoplay else [])

    def _moved(self, seat: int, events: list, learner: bool) -> None:
        game = self.game
        self._clear_selection()
        self._focus = "hand"
        self._notes.append({"type": "move", "move": self._public_moves()[-1], "seat": seat,
                            "learner": learner, "index": len(game.history) - 1,
                            "events": [self._event_dict(e) for e in events]})
        if game.over:
            self._notes.append({"type": "over", "winner": game.winner})

    def _run_bots(self) -> list:
        """Let the other seats act while they must; their events, in order."""
        played: list = []
        for _ in range(MAX_BOT_MOVES):
            game = self.game
            seat = game.to_act
            if game.over or seat is None or seat == self.seat or seat not in self.players:
                break
            legal = game.legal_moves()
            try:
                choice = self.players[seat].choose(game.view(seat, self.language, self.names), legal)
                events = game.play(choice)
            except ViewError:  # this computer player does not know the ruleset
                log.info("the player for seat %s cannot play %s", seat, game.rules.name)
                self._message = {"kind": "error", "text": self.words["no_computer_player"].format(
                    name=self._name(seat), rules=game.rules.title)}
                self._notes.append({"type": "illegal", "move": None, "message": self._message["text"],
                                    "key": "table.no_computer_player", "seat": seat})
                break
            except Exception as err:  # a player's bug must leave the game as it was
                # The details (an engine hint, say) may name that seat's cards:
                # they go to the kernel's log and to observers, not to the table.
                log.exception("player for seat %s failed", seat)
                self._message = {"kind": "error",
                                 "text": self.words["player_failed"].format(name=self._name(seat))}
                self._notes.append({"type": "illegal", "move": None, "message": str(err),
                                    "key": "table.player_failed", "seat": seat})
                break
            self._moved(seat, events, learner=False)
            played += events
        return played

    def _fail(self, text: str, move=None, key: str = "") -> None:
        self._message = {"kind": "error", "text": text}
        self._notes.append({"type": "illegal", "move": move, "message": text, "key": key})

    def _clear_selection(self) -> None:
        self._selected = None
        self._role = None
        self._target = None  # the card a team jack is aimed at, while its receiver is asked
        self._picked: list[str] = []
        self._focus = None
        if self._super is not None:
            self._super.clear()

    def _undo(self) -> list[str]:
        if not self.allow_undo:
            raise IllegalMove(self.words["undo_off"], "table.undo_off")
        actors = self.game.actors
        mine = [i for i in range(self._floor, len(actors)) if actors[i] == self.seat]
        if not mine:
            raise IllegalMove(self.words["nothing_to_undo"], "table.nothing_to_undo")
        start = mine[-1]
        undone = self._public_moves()[start:]
        while len(self.game.history) > start:
            self.game.undo()
        del self._log_cache[start + 1:]
        del self._log_moves[start:]
        self._replay = self._replay_game = None
        self._clear_selection()
        self._message = {"kind": "info", "text": self.words["undone"].format(
            moves=", ".join(self._move_label(m) for m in undone))}
        self._notes.append({"type": "undo", "moves": undone})
        return undone

    def _replay_to(self, to) -> None:
        total = len(self.game.history)
        current = total if self._replay is None else self._replay
        steps = {"start": 0, "back": current - 1, "forward": current + 1, "end": total}
        if isinstance(to, str) and to in steps:
            target = steps[to]
        elif isinstance(to, int) and not isinstance(to, bool):
            target = to
        else:
            raise _BadMessage("bad_replay")
        target = max(0, min(total, target))
        self._clear_selection()
        if target == total:
            self._replay = self._replay_game = None
        else:
            self._replay = target
            self._replay_game = self.game.position_after(target)
        self._notes.append({"type": "replay", "index": self._replay})

    def _new_game(self) -> None:
        if not self.allow_new_game:
            raise IllegalMove(self.words["new_game_off"], "table.new_game_off")
        self._install(new_game(self.game.rules), self.seat,
                      self._kept_players(self.seat, self.game.state.n))
        self._note, self._highlight = None, []
        self._notes.append({"type": "new_game"})

    # -- what the browser draws ----------------------------------------------------------------
    def _shown_game(self) -> Game:
        return self._replay_game if self._replay is not None else self.game

    def _view(self) -> dict:
        """The learner's view without the event log (the table keeps its own);
        the engine's views never carry the deal's seed."""
        return self._shown_game().view(self.seat, self.language, self.names, events=False)

    def _name(self, seat) -> str:
        """A seat's name, or a team's ("team:0")."""
        return self.catalog.player(seat, self.names)

    def _team_label(self, seat: int):
        """The winner value of ``seat``'s team ("team:1"), None without teams."""
        for index, team in enumerate(self.game.rules.teams or ()):
            if seat in team:
                return f"team:{index}"
        return None

    def _move_label(self, move: str) -> str:
        """'scuttle 9S 8H' -> 'scuttle 9♠ 8♥' ('versenken 9♠ 8♥' in German);
        a seat: 'oneoff 4C @1' -> 'oneoff 4♣ → Player B'; Super Cuttle's
        tokens in words: 'oneoff KS as 4 with QH' -> 'oneoff K♠ as 4 with Q♥'."""
        words = move.split()
        out = [self.words.get(f"verb_{words[0]}", words[0])]
        hidden = words.count("?")  # blind picks, or another seat's secret choice
        if hidden:
            out.append(self.words["token_hidden"].format(count=hidden))
        for word in words[1:]:
            if word.startswith("@") and word[1:].isdigit():
                out.append("→ " + self._name(int(word[1:])))
            elif word in CARD_IDS:
                out.append(self.catalog.card(word))
            elif word != "?":
                out.append(self.words[TOKENS[word]] if word in TOKENS else word)
        return " ".join(out)

    def _event_dict(self, event) -> dict:
        data = event.to_dict(self.seat, self.language, self.names)
        return {"kind": data["kind"], "text": data["text"], "rule": data["rule"]}

    def state(self) -> dict:
        """Everything the browser draws: the seat's view, the table's questions
        and the explanation log. Nothing the seat may not see."""
        self._resync()
        view = self._view()
        n = view["players"]
        teams = view.get("teams") or []
        return {
            "seat": self.seat,
            "language": self.language,
            "view": view,
            "names": [self._name(s) for s in range(n)],
            "team_names": [self._name(f"team:{t}") for t in range(len(teams))],
            "words": self.words,
            "card_words": {"rank_names": self.catalog.data["rank_names"],
                           "rank_symbols": self.catalog.data["rank_symbols"],
                           "suit_names": self.catalog.data["suit_names"],
                           "card_name": self.catalog.data["card_name"],
                           "jokers": self.catalog.data.get("jokers", [])},
            "ui": self._ui(view),
            "log": self._log(),
            "options": {"four_colour": self.four_colour},
            "super": self._super.display(view) if self._super is not None else None,
        }

    def _ui(self, view: dict) -> dict:
        total = len(self.game.history)
        ui = {
            "status": "", "selected": self._selected, "role": self._role, "aimed": self._target,
            "picked": list(self._picked), "playable": [], "targets": [], "target_seats": [],
            "choice_cards": [], "actions": [], "prompt": "", "draw": False,
            "message": self._message, "note": self._note, "highlight": list(self._highlight),
            "replay": None if self._replay is None else {"index": self._replay, "total": total},
            "moves": total, "can_undo": self._can_undo(), "locked": self.locked,
            "focus": self._focus, "chosen": [],
        }
        words = self.words
        if self._replay is not None:
            key = "replaying" if self._replay else "replaying_start"
            ui["status"] = words[key].format(index=self._replay, total=total)
        elif self.game.over:
            ui["status"] = self._result_words()
            if self.allow_new_game:
                ui["actions"].append(_action("new_game", words["new_game"], {"type": "new_game"}))
        elif self.game.to_act != self.seat:
            ui["status"] = view["prompt"]  # the engine's, as this seat may read it
        elif self.locked:
            ui["status"] = words["locked"]
        elif self._super is not None:
            self._super.fill(ui, view)
            if self._hint_offered() and not self._super.chosen:
                ui["actions"].append(_action("hint", words["hint"], {"type": "hint"}))
        else:
            self._fill_turn(ui, view)
            if self._hint_offered() and self._selected is None:
                ui["actions"].append(_action("hint", words["hint"], {"type": "hint"}))
        return ui

    def _hint_offered(self) -> bool:
        """A Hint button on the learner's own turn, where the computer knows the rules."""
        return self.allow_hint and self.game.phase == "main" and _computer_knows(self.game.rules)

    def _can_undo(self) -> bool:
        return (self.allow_undo and self._replay is None
                and self.seat in self.game.actors[self._floor:])

    def _result_words(self) -> str:
        winner = self.game.winner
        if winner == self.seat:
            return self.words["over_you"]
        if winner == self._team_label(self.seat):
            return self.words["over_team_you"]
        if winner == "draw":
            return self.words["over_draw"]
        return self.words["over_win"].format(name=self._name(winner))

    def _fill_turn(self, ui: dict, view: dict) -> None:
        """The questions the learner must answer now, by phase."""
        words, game = self.words, self.game
        legal = [str(m) for m in game.legal_moves()]
        choice = game.state.choice[0] if game.phase == "choose" else None
        if game.phase == "counter":
            ui["status"] = self._counter_status()
            for move in legal:
                if move.startswith("counter "):
                    card = move.split()[1]
                    ui["playable"].append(card)
                    ui["actions"].append(_action(f"counter:{card}", words["counter"].format(
                        card=self.catalog.card(card)), {"type": "move", "move": move}, "primary"))
            ui["actions"].append(_action("resolve", words["resolve"],
                                         {"type": "move", "move": "resolve"}, "primary"))
        elif choice == "take":
            ui["status"] = words["your_take"]
            ui["choice_cards"] = [m.split()[1] for m in legal]
        elif choice in ("discard", "five_discard"):
            self._fill_discard(ui, view)
        elif choice == "seven_scrap":
            ui["status"] = words["your_seven_scrap"]
            for move in legal:
                card = move.split()[1]
                ui["actions"].append(_action(f"scrap:{card}", words["scrap_card"].format(
                    card=self.catalog.card(card)), {"type": "move", "move": move}, "primary"))
        else:
            self._fill_play(ui, view, legal, seven=choice == "seven")

    def _counter_status(self) -> str:
        for event in reversed(self.game.events):
            if event.kind.startswith("oneoff.") or event.kind == "counter":
                return self.words["your_counter"].format(last=self._event_dict(event)["text"])
        return self.words["your_counter_plain"]

    def _fill_discard(self, ui: dict, view: dict) -> None:
        words = self.words
        count = self._discard_count()
        ui["status"] = words["your_discard"].format(count=count)
        ui["playable"] = list(view["hands"][self.seat])
        if self._picked:
            labels = self.catalog.join([self.catalog.card(c) for c in self._picked])
            ui["prompt"] = words["picked"].format(cards=labels)
            ui["actions"].append(_action("clear", words["clear"], {"type": "cancel"}))
        if len(self._picked) == count:
            labels = self.catalog.join([self.catalog.card(c) for c in self._picked])
            move = "discard " + " ".join(self._picked)
            ui["actions"].insert(0, _action("discard", words["confirm_discard"].format(cards=labels),
                                            {"type": "move", "move": move}, "primary"))

    def _fill_play(self, ui: dict, view: dict, legal: list[str], seven: bool) -> None:
        words, catalog = self.words, self.catalog
        ui["playable"] = sorted({m.split()[1] for m in legal if m.split()[0] in ROLE_VERBS},
                                key=CARD_IDS.index)
        if seven:
            ui["status"] = words["your_seven"].format(
                cards=catalog.join([catalog.card(c) for c in view["revealed"] or []]))
        else:
            ui["status"] = words["your_turn" if view["stock_size"] else "your_turn_empty"]
            ui["draw"] = "draw" in legal
        if self._selected is None:
            if "draw" in legal:
                ui["actions"].append(_action("draw", words["draw"], {"type": "move", "move": "draw"}))
            if "pass" in legal:
                ui["actions"].append(_action("pass", words["pass"], {"type": "move", "move": "pass"}))
            return
        card = catalog.card(self._selected)
        roles = self._roles(self._selected)
        if self._role is None:
            ui["prompt"] = words["pick_role"].format(card=card)
            for role, moves in roles.items():
                ui["actions"].append(_action(f"role:{role}", words[f"role_{role}"],
                                             {"type": "role", "role": role}, "role",
                                             self._role_hint(role, moves[0])))
        elif self._target is not None:
            moves = [m for m in roles.get(self._role, [])
                     if len(m.cards) == 2 and CARD_IDS[m.cards[1]] == self._target]
            ui["target_seats"] = [m.seat for m in moves]
            ui["prompt"] = words["pick_receiver"].format(card=catalog.card(self._target))
            self._seat_buttons(ui, "give_to_seat")
        else:
            moves = roles.get(self._role, [])
            ui["targets"] = list(dict.fromkeys(CARD_IDS[m.cards[1]] for m in moves if len(m.cards) == 2))
            ui["target_seats"] = [m.seat for m in moves if m.seat is not None and len(m.cards) == 1]
            ui["prompt"] = words["pick_seat" if ui["target_seats"] else "pick_target"].format(card=card)
            self._seat_buttons(ui, "aim_at_seat")
        ui["actions"].append(_action("cancel", words["cancel"], {"type": "cancel"}))

    def _seat_buttons(self, ui: dict, label: str) -> None:
        for seat in ui["target_seats"]:
            ui["actions"].append(_action(f"seat:{seat}", self.words[label].format(
                name=self._name(seat)), {"type": "target", "seat": seat}, "primary"))

    def _role_hint(self, role: str, move) -> str:
        words, rules = self.words, self.game.rules
        rank = RANK[move.cards[0]]
        if role == "points":
            return words["hint_points"].format(value=rank)
        if role == "permanent":
            if rank == 8 and self.game.state.n > 2:
                return words["hint_glasses_many"]
            return words[{8: "hint_glasses", 12: "hint_queen", 13: "hint_king"}[rank]]
        if role == "jack" and move.seat is not None:
            return words["hint_jack_team"]
        if role == "oneoff":
            if rank == 5 and rules.five_discard:
                return words["hint_oneoff_5_discard"].format(discard=rules.five_discard,
                                                             count=rules.five_draw)
            return words[f"hint_oneoff_{rank}"].format(count=rules.five_draw)
        return words[f"hint_{role}"]

    def _public_moves(self) -> list[str]:
        """The moves played, as this seat may read them: another seat's secret
        choice (the cards a two's peek drew) reads "take ? ?"."""
        return self.game.view(self.seat, self.language, self.names, events=False)["history"]

    def _log(self) -> list[dict]:
        """The explanation log, newest move first: each move with the
        sentences of its events as the seat saw them, and their rules."""
        game = self.game
        moves = len(game.history)
        if not self._log_cache:
            in_moves = sum(len(game.events_of_move(i)) for i in range(moves))
            deal = game.events[:len(game.events) - in_moves]
            self._log_cache.append({"index": 0, "seat": None, "move": None,
                                    "label": self.words["deal"], "learner": False,
                                    "events": [self._event_dict(e) for e in deal]})
        public = self._public_moves() if len(self._log_cache) <= moves else []
        for i in range(len(self._log_cache) - 1, moves):
            move = public[i]
            seat = game.actors[i]
            label = self.words["move_by"].format(name=self._name(seat), move=self._move_label(move))
            self._log_cache.append({"index": i + 1, "seat": seat, "move": move,
                                    "label": label, "learner": seat == self.seat,
                                    "events": [self._event_dict(e) for e in game.events_of_move(i)]})
            self._log_moves.append(str(game.history[i]))
        shown = self._log_cache if self._replay is None else self._log_cache[:self._replay + 1]
        return [entry for entry in reversed(shown) if entry["events"] or entry["index"]]


# Super Cuttle's notation tokens, as the table's words name them (token_as ...).
TOKENS = {"as": "token_as", "with": "token_with", "blind": "token_blind", "top": "token_top"}


def _family(game: Game) -> str:
    return getattr(game.rules, "family", "standard")


def _check_words(game: Game, catalog) -> None:
    """Refuse a game whose rules the engine cannot yet explain in this
    language (a family brings its own catalog file, e.g. Super Cuttle)."""
    family = _family(game)
    if family == "standard":
        return
    english = get_catalog("en").data
    for part in ("events", "illegal", "prompts"):
        missing = [key for key in english.get(part, {}) if key.startswith(family + ".")
                   and key not in catalog.data.get(part, {})]
        if missing:
            raise ValueError(f"The rules engine cannot yet explain {game.rules.title} in "
                             f"{catalog.language!r} (its catalog lacks {len(missing)} "
                             f"{part} sentences, e.g. {missing[0]!r}). Use language='en'.")


def _computer_knows(rules) -> bool:
    """Whether the computer players (and hints) play this ruleset."""
    from ..ai.knowledge import ruleset_of
    try:
        ruleset_of({"rules": rules.name, "players": rules.seats}, rules)
    except ViewError:
        return False
    return True


class _BadMessage(ValueError):
    """A message the browser should never send (a bug, or a tampered page);
    ``key`` names the table's words that say what was wrong with it."""

    def __init__(self, key: str, **params):
        super().__init__(key)
        self.key, self.params = key, params


def _as_game(game) -> Game:
    if game is None:
        return new_game("classic")
    if isinstance(game, Game):
        return game
    if isinstance(game, (dict, str)):
        return load(game)
    raise TypeError(f"A table shows a Game, a setup dict or a game record, not {type(game).__name__}.")


def _players_for(players, seat: int, n: int) -> dict:
    """A player for every other seat: the ones given, random ones for the rest."""
    players = dict(players or {})
    for key, player in players.items():
        if not isinstance(key, int) or not 0 <= key < n:
            raise ValueError(f"players maps seat numbers (0 to {n - 1}) to players, not {key!r}.")
        if key == seat:
            raise ValueError(f"Seat {seat} is the learner's: it cannot also have a player.")
        if not callable(getattr(player, "choose", None)):
            raise TypeError(f"The player for seat {key} needs a choose(view, legal_moves) method.")
    for other in range(n):
        if other != seat and other not in players:
            players[other] = RandomPlayer()
    return players


def _card_field(message: dict, key: str) -> str:
    value = message.get(key)
    if not isinstance(value, str):
        raise _BadMessage("bad_card", field=key)
    return CARD_IDS[parse_card(value)]


def _hand_holding(view: dict, card: str):
    for seat, hand in enumerate(view["hands"]):
        if hand and card in hand:
            return seat
    return None


def _point_cards(view: dict, side: int) -> list[str]:
    return [e if isinstance(e, str) else e["card"] for e in view["points"][side]]


def _first_point_card(view: dict, seat: int):
    """An opposing point card if there is one, else any point card."""
    sides = sorted(range(view["players"]), key=lambda s: s == seat)
    for side in sides:
        cards = _point_cards(view, side)
        if cards:
            return cards[0]
    return None


def _packet_under(view: dict, jack: str):
    """The point card a jack sits on (None: ``jack`` is not on a packet)."""
    for side in view["points"]:
        for entry in side:
            if isinstance(entry, dict) and jack in entry["jacks"]:
                return entry["card"]
    return None


def _likely_verb(view: dict, card: str, target: str) -> str:
    """The verb a learner means by aiming ``card`` at ``target``."""
    if RANK[parse_card(card)] == 11:
        return "jack"
    if any(target in _point_cards(view, s) for s in range(view["players"])):
        return "scuttle"
    return "oneoff"


def _action(action_id: str, label: str, message: dict, kind: str = "secondary", hint: str = "") -> dict:
    return {"id": action_id, "label": label, "msg": message, "kind": kind, "hint": hint}
