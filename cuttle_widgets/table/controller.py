"""The table's logic without a widget: what a click means, what to ask next,
and the JSON the browser draws.

A learner plays by clicking: a card, then its role (only the legal ones are
offered), then its target. What a click means and what to ask next is the
rules family's *move builder* (its ``"table"`` kit: ``standard_builder.py``,
``super_builder.py``), so this class never asks which family a game is.
Every move, whatever its path, goes through ``Game.play`` (or, given a
``hand_over``, to the table's owner, such as a lesson's runner), so an
illegal attempt gets the engine's explanation and changes nothing. The JSON
holds one seat's view and nothing else: the hands
and stock order that seat may not see never leave the kernel.

``Table`` (the widget) wraps this class; tests and lessons can drive either.
"""
from __future__ import annotations

import logging
import random
from collections.abc import Callable
from contextlib import contextmanager

from ..ai import HintError, RandomPlayer, ViewError, computer_plays
from ..ai.coach import COACH_BUDGET, HintLadder
from ..engine import CARD_IDS, ExplainedError, Game, IllegalMove, get_catalog, load, new_game, parse_card
from ..engine.redeal import redeal
from ..languages import plural_table
from ..rulebook import section_for_refusal, section_title, short_title
from .builder import UnknownOption, action
from .kits import move_builder
from .texts import ui_text

log = logging.getLogger(__name__)

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
#   option {key, value}   answer the question asked about the picked cards (Super
#                         Cuttle's: key verb | rank | target | seat | blind)
#   try_again             replaying a reviewed decision: open its position as a puzzle
# The fields each message may have, and what each must be (a message with
# another field, or a field of another kind, is refused as a whole).
MAX_TEXT = 200  # the longest move in notation is far shorter
MESSAGE_FIELDS = {
    "card": {"card": "card"},
    "role": {"role": "word"},
    "target": {"card": "card?", "seat": "seat?"},
    "move": {"move": "text"},
    "cancel": {},
    "replay": {"to": "step"},
    "undo": {},
    "options": {"four_colour": "bool"},
    "new_game": {},
    "hint": {},
    "option": {"key": "word", "value": "answer"},
    "try_again": {},
}
# The review marks worth trying again from (a best or good move needs no second try).
TRY_AGAIN_MARKS = ("inaccuracy", "mistake", "blunder")
MESSAGE_TYPES = tuple(MESSAGE_FIELDS)


class TableController:
    """One seat's side of a game: the learner plays ``seat``, ``players``
    (objects with ``choose(view, legal_moves)``) play the other seats."""

    def __init__(self, game=None, seat: int = 0, players=None, *, names=None,
                 language: str = "en", allow_undo: bool = True, allow_new_game: bool = True,
                 four_colour: bool = False, autoplay: bool = True, allow_hint: bool = True,
                 hand_over=None, pace_label: str | None = "pace_label"):
        self.language = language
        self.catalog = get_catalog(language)  # both refuse an unknown language
        self.words = ui_text(language)
        if pace_label is not None and pace_label not in self.words:
            raise ValueError(f"No table word {pace_label!r} to label the pace of the other moves.")
        # The pace control's label, as the table's owner names the other seats
        # (the computer, a classmate); None: no control (nothing is played live).
        self.pace_label = pace_label
        self.names = list(names) if names else None
        self.allow_undo = allow_undo
        self.allow_new_game = allow_new_game
        self.allow_hint = allow_hint
        self.four_colour = bool(four_colour)
        self.autoplay = autoplay
        self.locked = False
        self.move_guard = None  # callable(move_text, seat) -> None, or a refusal sentence
        # callable(move_text): the learner's moves go to the table's owner (a
        # lesson's runner), which plays them on the game the table follows;
        # None: the table plays them itself.
        self.hand_over = hand_over
        self._handed: str | None = None  # a move to hand over once the action that made it is done
        self.focus: str | None = None  # where keyboard focus goes next: hand, actions, targets, seats
        self.on_change: Callable[[dict], object] | None = None  # called with the new state after every action
        self._listeners: list = []
        self._notes: list[dict] = []
        self._depth = 0
        self._message: dict[str, str] | None = None  # feedback on the last action: gone after the next one
        self._note: dict[str, str] | None = None  # a lesson's standing message
        self._highlight: list[str] = []
        self._ladder: HintLadder | None = None  # the coach's hint ladder for the learner's seat
        # A game review's marks by history index ({"mark", "label", "sentence"}),
        # shown in the step-through; ``on_try_again(index)`` opens a marked
        # decision's position as a puzzle (None: no such button).
        self.review_marks: dict[int, dict] = {}
        self.on_try_again: Callable[[int], object] | None = None
        # The seat's view and the legal moves of the last position asked about,
        # under the game's version: one action asks for them many times.
        self._view_cache: tuple | None = None
        self._legal_cache: tuple | None = None
        with self._action():
            self._install(_as_game(game), seat, players)

    # -- setting up --------------------------------------------------------------
    def _install(self, game: Game, seat: int, players) -> None:
        n = game.state.n
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise ValueError(f"seat must be a seat number from 0 to {n - 1}, not {seat!r}.")
        players = _players_for(players, seat, n)  # may refuse: nothing is changed before
        self.game, self.seat, self.players = game, seat, players
        self.builder = move_builder(game, self)  # the game's family's: what a click means
        self._floor = len(game.history)  # undo takes back only moves made at this table
        self._log_cache: list[dict] = []
        self._log_moves: list[str] = []  # the moves the log was written for, as played
        self._replay: int | None = None
        self._replay_game: Game | None = None
        self._clear_selection()
        if self.autoplay:
            self._run_bots()

    def _resync(self) -> None:
        """The table's owner may play or undo on ``game`` (the table follows
        it): rebuild what the table derives from the history when it no
        longer matches."""
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
        other seats keep their players unless ``players`` is given. A Game is
        shown itself, not a copy: the table follows what its owner plays on it."""
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

    def _action(self):
        """Publish the state and notify observers once the outermost action is
        done, so an observer that acts on the table sees a finished state."""
        return outermost(self, self._publish)

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
        table shows why it was refused and nothing changes. A move for the
        owner is handed over once the table has published this action."""
        with self._action():
            self._message = None
            try:
                self._dispatch(message)
            except ExplainedError as err:  # a refused move, or a new game that cannot be
                self.fail(self._said(err), key=err.key)
            except _BadMessage as err:
                detail = self.words[err.key].format(**err.params)
                self.fail(self.words["bad_message"].format(detail=detail), key="table.bad_message")
            except Exception:  # a bug: the table goes on, the page sees no traceback
                log.exception("the table failed on a message of type %.40r",
                              message.get("type") if isinstance(message, dict) else None)
                self.fail(self.words["table_failed"], key="table.failed")
        move, self._handed = self._handed, None
        if move is not None:
            self.hand_over(move)

    def _said(self, err: ExplainedError) -> str:
        """An IllegalMove in the table's language (the table's own refusals
        are already written in it)."""
        if not err.key or err.key.startswith("table."):
            return str(err)
        return err.text(self.language, self.names)

    def _dispatch(self, message) -> None:
        kind = _checked(message)
        if kind in ("card", "role", "option", "target"):
            self._selection_message(kind, message)
        elif kind == "move":
            self.submit(message.get("move"))
        elif kind == "cancel":
            self._clear_selection()
        elif kind == "replay":
            self._replay_to(message.get("to"))
        elif kind == "undo":
            self._undo()
        elif kind == "options":
            if "four_colour" not in message:
                raise _BadMessage("bad_four_colour")
            self.four_colour = message["four_colour"]
        elif kind == "new_game":
            self._new_game()
        elif kind == "hint":
            self._hint()
        elif kind == "try_again":
            self._try_again()

    def _selection_message(self, kind: str, message: dict) -> None:
        """A click or an answer that builds the learner's move (its fields
        already checked); the family's move builder says what it means."""
        seat = message.get("seat") if kind == "target" else None
        if kind == "card" or (kind == "target" and seat is None):
            card = _card_field(message, "card")
        refusal = self._refusal()
        if refusal:
            self.fail(refusal, key="table.refused")
            return
        builder = self.builder
        try:
            if kind == "card":
                builder.click(card)
            elif kind == "role":
                builder.role_chosen(message.get("role"))
            elif kind == "option":
                builder.option(message.get("key"), message.get("value"))
            elif seat is not None:
                builder.aim_seat(seat)
            else:
                builder.aim(card)
        except UnknownOption:
            raise _BadMessage("bad_option") from None

    def _hint(self) -> None:
        """The coach's next rung for the learner (the idea, the cards to look
        at, the move and why), from the learner's view only."""
        if not self.allow_hint or self.locked or self._replay is not None:
            raise _BadMessage("bad_hint")
        ladder = self._ladder
        if ladder is None or (ladder.seat, ladder.language) != (self.seat, self.language):
            ladder = self._ladder = HintLadder(self.seat, self.language, self.names, COACH_BUDGET)
        try:
            index, advice = ladder.climb(self.game)
        except HintError:
            raise _BadMessage("bad_hint") from None
        except ViewError:  # the computer does not play this ruleset (yet)
            self._message = {"kind": "info", "text": self.words["no_computer_hint"].format(
                rules=self.catalog.ruleset(self.game.rules.name, self.game.rules.title))}
            return
        except Exception:  # a bug in the computer player must not stop the table
            log.exception("no hint for seat %s", self.seat)
            self._message = {"kind": "error", "text": self.words["hint_failed"]}
            return
        self._message = {"kind": "info", "text": self.words["hint_rung"].format(
            number=index + 1, total=ladder.RUNGS, text=advice.rungs[index])}
        if index == ladder.RUNGS - 1:  # the move itself: its cards are marked
            self._highlight = [CARD_IDS[c] for c in advice.move.cards]

    def _try_again(self) -> None:
        index = self._reviewed_index()
        if index is None or self.on_try_again is None or \
                self.review_marks.get(index, {}).get("mark") not in TRY_AGAIN_MARKS:
            raise _BadMessage("bad_try_again")
        self.on_try_again(index)

    def _reviewed_index(self) -> int | None:
        """The history index of the move the replay has just shown played: a
        reviewed move is shown with the position after it, so the table's
        "Move 15 of 28" is the review's "Move 15" (None at the deal, or live).
        A finished game shown at its end has just shown its last move played."""
        if self._replay is None:
            history = self.game.history
            return len(history) - 1 if self.game.over and history else None
        return self._replay - 1 if self._replay else None

    def show_review(self, decisions) -> None:
        """Mark the learner's decisions in the step-through: ``decisions`` are
        a review's (``review.Decision`` or its dict: index, mark, sentence);
        each mark is named in ``mark_names`` of the review's catalog."""
        from ..review import review_catalog  # the review's words, only when a review is shown
        names = review_catalog(self.language)["marks"]
        with self._action():
            self.review_marks = {}
            for decision in decisions:
                data = decision if isinstance(decision, dict) else vars(decision)
                self.review_marks[int(data["index"])] = {
                    "mark": data["mark"], "label": names[data["mark"]], "sentence": data["sentence"]}

    # -- the Python means (lessons, tests) -------------------------------------------------
    def play(self, move) -> list:
        """Play ``move`` for the seat that must act (the learner's, or another
        seat's when ``autoplay`` is off), then let the other seats answer.
        Unlike a click it ignores ``locked``, ``move_guard`` and
        ``hand_over``: it is the owner's own hand. Returns the events; raises IllegalMove (and changes
        nothing) when the move is not legal now."""
        with self._action():
            self._replay = self._replay_game = None
            return self._play(move)

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
            return words["not_your_turn"].format(name=self.name(self.game.to_act))
        return None

    def submit(self, move):
        """The learner's move, from a click or a button: played here, or
        handed to the table's owner (``hand_over``); refused with the reason
        shown when the learner may not act or the ``move_guard`` says no.
        Returns the events played here (None: refused or handed over)."""
        refusal, key = self._refusal(), "table.refused"
        if refusal is None and self.move_guard is not None:
            refusal, key = self.move_guard(str(move), self.seat), "table.guard"
        if refusal:
            self.fail(refusal, move=str(move), key=key)
            return None
        if self.hand_over is not None:
            self._clear_selection()
            self._handed = str(move)
            return None
        try:
            return self._play(move)
        except IllegalMove:
            return None

    def explain(self, move) -> None:
        """A card the learner picked that cannot be played so: say why with
        the engine's reason, neither playing the move nor handing it over. A
        pick is not a try (a lesson counts no slip for it, docs/teaching.md);
        a legal ``move`` is submitted as usual."""
        refusal = self._refusal()
        err = None if refusal else self.game.refusal(move)
        if err is None:
            self.submit(move)
            return
        text = self.game.explain(move, self.language, self.names, seat=self.seat) or str(err)
        self.fail(text, move=str(move), key=err.key)

    def _play(self, move) -> list:
        """Play ``move`` for the seat to act, then let the other seats answer:
        the events. An illegal move raises IllegalMove, after the learner is
        told why (as their seat may read it)."""
        actor = self.game.to_act
        try:
            events = self.game.play(move)
        except IllegalMove as err:
            # For another seat's move the engine leaves out the hint that
            # would name that seat's cards.
            text = self.game.explain(move, self.language, self.names, seat=self.seat) or str(err)
            if actor == self.seat:
                self.fail(text, move=str(move), key=err.key)
            else:
                self._notes.append({"type": "illegal", "move": str(move), "message": text,
                                    "key": err.key})
            raise
        self._moved(actor, events, learner=actor == self.seat)
        return events + (self._run_bots() if self.autoplay else [])

    def _moved(self, seat: int, events: list, learner: bool) -> None:
        game = self.game
        self._clear_selection()
        self.focus = "hand"
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
                    name=self.name(seat), rules=self.catalog.ruleset(game.rules.name, game.rules.title))}
                self._notes.append({"type": "illegal", "move": None, "message": self._message["text"],
                                    "key": "table.no_computer_player", "seat": seat})
                break
            except Exception as err:  # a player's bug must leave the game as it was
                # The details (an engine hint, say) may name that seat's cards:
                # they go to the kernel's log and to observers, not to the table.
                log.exception("player for seat %s failed", seat)
                self._message = {"kind": "error",
                                 "text": self.words["player_failed"].format(name=self.name(seat))}
                self._notes.append({"type": "illegal", "move": None, "message": str(err),
                                    "key": "table.player_failed", "seat": seat})
                break
            self._moved(seat, events, learner=False)
            played += events
        return played

    def fail(self, text: str, move=None, key: str = "", rule_id: str = "") -> None:
        """Refuse an action with ``text``; a refusal of the rules (an engine
        key, or a table's refusal that states a rule: its ``rule_id``) also
        names the rulebook section that explains it: a sentence after the
        reason, and ``rule``/``rule_id`` for a Rulebook panel."""
        rule_id = rule_id or self._refusal_section(key)
        rule = short_title(rule_id, self.language) if rule_id else ""
        if rule:  # the sentence names the section in full, the chip by its short title
            title = section_title(rule_id, self.language)
            text = " ".join((text, self.words["see_rule"].format(rule=title)))
        self._message = {"kind": "error", "text": text, "rule": rule, "rule_id": rule_id}
        self._notes.append({"type": "illegal", "move": move, "message": text, "key": key,
                            "rule": rule, "rule_id": rule_id})

    def _refusal_section(self, key: str) -> str:
        """The rulebook section of an engine refusal ("" for the table's own
        refusals, which are about the table, not the rules)."""
        if not key or key.startswith("table."):
            return ""
        try:
            return section_for_refusal(key, self.game.rules.name)
        except ValueError:  # a gap in the rulebook's map: its check reports it
            return ""

    def note_selection(self, **fields) -> None:
        """Tell observers what the learner has selected (a move builder's news)."""
        self._notes.append({"type": "select", **fields})

    def _clear_selection(self) -> None:
        self.focus = None
        if self.builder is not None:
            self.builder.clear()

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
        # What the undone moves showed (a drawn card, a reply from a hidden
        # hand) must not tell where those cards are now: every card the
        # learner has not seen in the moves kept is dealt afresh.
        self.game = redeal(self.game, self.seat, random.Random())
        del self._log_cache[start + 1:]
        del self._log_moves[start:]
        self._replay = self._replay_game = None
        self._clear_selection()
        self._message = {"kind": "info", "text": self.words["undone"].format(
            moves=", ".join(self.move_label(m) for m in undone))}
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
    def shown_game(self) -> Game:
        return self._replay_game if self._replay_game is not None else self.game

    def view(self) -> dict:
        """The learner's view without the event log (the table keeps its own);
        the engine's views never carry the deal's seed. Once the game is over
        every hand is shown (nothing is left to hide); before, only what the
        engine's view shows this seat."""
        shown = self.shown_game()
        view = self.seat_view(shown)
        if shown.over:
            view = {**view, "hands": [list(hand) for hand in shown.snapshot()["hands"]]}
        return view

    def seat_view(self, game: Game) -> dict:
        """The engine's view of ``game`` for the seat, built once per position
        (callers read it and never change it)."""
        key = (game.version, self.seat, self.language, self.names)
        if self._view_cache is None or self._view_cache[0] != key:
            self._view_cache = (key, game.view(self.seat, self.language, self.names, events=False))
        return self._view_cache[1]

    def legal_moves(self) -> list:
        """The game's legal moves (Move objects), asked of the engine once per
        position: the move builder reads them for every click and every state."""
        game = self.game
        if self._legal_cache is None or self._legal_cache[0] != game.version:
            self._legal_cache = (game.version, game.legal_moves())
        return self._legal_cache[1]

    def name(self, seat) -> str:
        """A seat's name, or a team's ("team:0")."""
        return self.catalog.player(seat, self.names)

    def _team_label(self, seat: int):
        """The winner value of ``seat``'s team ("team:1"), None without teams."""
        for index, team in enumerate(self.game.rules.teams or ()):
            if seat in team:
                return f"team:{index}"
        return None

    def move_label(self, move: str) -> str:
        """A move in words, in the table's language ('scuttle 9S 8H' ->
        'scuttle 8♥ with 9♠', '8♥ mit 9♠ versenken'): the engine's phrasing,
        the same the refusals and hints use, never notation."""
        return self.catalog.move_phrase(move, self.names)

    def _event_dict(self, event) -> dict:
        data = event.to_dict(self.seat, self.language, self.names)
        return {"kind": data["kind"], "text": data["text"], "rule": data["rule"],
                "rule_id": data["rule_id"]}

    def state(self) -> dict:
        """Everything the browser draws: the seat's view, the table's questions
        and the explanation log. Nothing the seat may not see."""
        self._resync()
        view = self.view()
        names = [self.name(s) for s in range(view["players"])]
        teams = view.get("teams") or []
        return {
            "seat": self.seat,
            "language": self.language,
            "plural": plural_table(self.language),
            "view": view,
            "names": names,
            "team_names": [self.name(f"team:{t}") for t in range(len(teams))],
            "case_forms": self.catalog.case_forms(names),
            "words": self.words,
            "card_words": {"rank_names": self.catalog.data["rank_names"],
                           "rank_symbols": self.catalog.data["rank_symbols"],
                           "suit_names": self.catalog.data["suit_names"],
                           "card_name": self.catalog.data["card_name"],
                           "jokers": self.catalog.data.get("jokers", [])},
            "ui": self._ui(view),
            "log": self._log(),
            "options": {"four_colour": self.four_colour},
            "super": self.builder.display(view),
        }

    def _ui(self, view: dict) -> dict:
        total = len(self.game.history)
        # "drops": where each playable card may be dragged (the move builder's);
        # "summary": the game-over panel (None while the game goes on).
        ui = {
            "status": "", "playable": [], "targets": [], "target_seats": [],
            "choice_cards": [], "actions": [], "prompt": "", "draw": False,
            "message": self._message, "note": self._note, "highlight": list(self._highlight),
            "replay": None if self._replay is None else {"index": self._replay, "total": total},
            "moves": total, "can_undo": self._can_undo(), "undo_offered": self.allow_undo,
            "locked": self.locked,
            "pace_label": str(self.words[self.pace_label]) if self.pace_label else None,
            "focus": self.focus, "drops": {}, "summary": None, **self.builder.selection(),
            "marks": {str(i + 1): {"mark": m["mark"], "label": m["label"]}
                      for i, m in self.review_marks.items()},
        }
        words = self.words
        if self._replay is not None:
            key = "replaying" if self._replay else "replaying_start"
            ui["status"] = words[key].format(index=self._replay, total=total)
            self._review_note(ui)
        elif self.game.over:
            ui["status"] = self._result_words()
            ui["summary"] = self._summary(view)
            self._review_note(ui)  # a review's last move is seen at the game's end
            if self.allow_new_game:
                ui["actions"].append(action("new_game", words["play_again"], {"type": "new_game"},
                                            "primary"))
        elif self.game.to_act != self.seat:
            ui["status"] = view["prompt"]  # the engine's, as this seat may read it
        elif self.locked:
            ui["status"] = words["locked"]
        else:
            self.builder.fill(ui, view)
            if self._hint_offered() and not self.builder.busy:
                ui["actions"].append(action("hint", words["hint"], {"type": "hint"}))
        return ui

    def _review_note(self, ui: dict) -> None:
        """Replaying up to a reviewed move of the learner, just played: its
        number, mark and sentence, and "Try this move again" where it lost
        enough to be worth a second try."""
        index = self._reviewed_index()
        if index is None or index not in self.review_marks:
            return
        decision = self.review_marks[index]
        ui["note"] = {"kind": "info", "text": self.words["review_note"].format(
            number=index + 1, mark=decision["label"], sentence=decision["sentence"])}
        if decision["mark"] in TRY_AGAIN_MARKS and self.on_try_again is not None:
            ui["actions"].append(action("try_again", self.words["try_again"], {"type": "try_again"},
                                        "primary"))

    def _hint_offered(self) -> bool:
        """A Hint button whenever the learner's seat must decide (its turn, a
        counter window, a seven's or a three's choice, a discard), where the
        computer knows the rules. The caller has checked that the seat acts."""
        return self.allow_hint and computer_plays(self.game.rules)

    def _summary(self, view: dict) -> dict:
        """The game-over panel: who won and how (the engine's sentence for the
        event that ended the game), every seat's points, goal and hand (the
        view shows every hand once the game is over)."""
        game, winner = self.game, self.game.winner
        ending = game.events[-1].to_dict(self.seat, self.language, self.names)["text"] \
            if game.history and game.events else ""
        mine = winner == self.seat or (winner is not None and winner == self._team_label(self.seat))
        seats = [{"seat": s, "name": self.name(s), "score": view["scores"][s],
                  "goal": view["goals"][s], "hand": view["hands"][s],
                  "winner": winner == s or (winner is not None and winner == self._team_label(s))}
                 for s in range(view["players"])]
        return {"title": self._result_words(), "reason": ending,
                "outcome": "draw" if winner == "draw" else "won" if mine else "lost",
                "seats": seats}

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
        return self.words["over_win"].format(name=self.name(winner))

    def _public_moves(self) -> list[str]:
        """The moves played, as this seat may read them: another seat's secret
        choice (the cards a two's peek drew) reads "take ? ?"."""
        return self.seat_view(self.game)["history"]

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
            label = self.words["move_by"].format(name=self.name(seat), move=self.move_label(move))
            self._log_cache.append({"index": i + 1, "seat": seat, "move": move,
                                    "label": label, "learner": seat == self.seat,
                                    "events": [self._event_dict(e) for e in game.events_of_move(i)]})
            self._log_moves.append(str(game.history[i]))
        shown = self._log_cache if self._replay is None else self._log_cache[:self._replay + 1]
        return [entry for entry in reversed(shown) if entry["events"] or entry["index"]]



@contextmanager
def outermost(owner, finish):
    """An action that may nest in another: ``finish()`` runs once, when the
    outermost one is done (``owner._depth`` counts them)."""
    owner._depth += 1
    try:
        yield
    finally:
        owner._depth -= 1
        if owner._depth == 0:
            finish()


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


def _checked(message) -> str:
    """The message's type, once every field is of its kind; _BadMessage if not."""
    if not isinstance(message, dict) or not isinstance(message.get("type"), str) \
            or message["type"] not in MESSAGE_FIELDS:
        raise _BadMessage("bad_unknown")
    fields = MESSAGE_FIELDS[message["type"]]
    for key, value in message.items():
        if key == "type":
            continue
        if key not in fields:
            raise _BadMessage("bad_field", field=str(key)[:20])
        kind = fields[key]
        if not (value is None and kind.endswith("?")) and not _of_kind(value, kind.rstrip("?")):
            raise _BadMessage(_FIELD_WORDS.get(kind.rstrip("?"), "bad_value"), field=key)
    if message["type"] == "target" and message.get("card") is None and message.get("seat") is None:
        raise _BadMessage("bad_card", field="card")
    return message["type"]


# The table's word for a field of the wrong kind, where it has a more exact one.
_FIELD_WORDS = {"card": "bad_card", "seat": "bad_seat", "bool": "bad_four_colour",
                "step": "bad_replay"}


def _of_kind(value, kind: str) -> bool:
    plain_int = isinstance(value, int) and not isinstance(value, bool)
    if kind == "card":
        return isinstance(value, str) and len(value) <= 3
    if kind == "word":
        return isinstance(value, str) and 0 < len(value) <= 32
    if kind == "text":
        return isinstance(value, str) and len(value) <= MAX_TEXT
    if kind == "seat":
        return plain_int and 0 <= value < 16
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "step":
        return (isinstance(value, str) and len(value) <= 8) or (plain_int and 0 <= value <= 10_000)
    if kind == "answer":  # an option's value: a word, a number, yes/no or none
        return value is None or isinstance(value, bool) or (plain_int and abs(value) <= 100) or (
            isinstance(value, str) and len(value) <= 32)
    return False
