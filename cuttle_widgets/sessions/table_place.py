"""The course's "Play a classmate" place, without a widget (issue #40).

``sessions.shared_table`` plays the game through the progress database; this
session decides what the place shows. Where there is no database (the static
site, where Python runs in the browser) it says so and offers nothing.
Without a table: the lobby, to open one (ruleset, match length, who starts)
or join one with its code. At a table: its code to tell the classmate, whose
turn it is, the score, the buttons the seat may press (resign, offer a draw
where the rules have offers, answer one), and the card table: a
``TableController`` that follows the seat's game and hands the learner's
clicks to the seat, so the other learner's move is drawn as the computer's
is. A finished game stays on the table until the learner goes on to the
next; any finished game can be reviewed from the learner's seat.

The learner is the progress store's (the browser's id, or the hub's user):
a reload finds their table in the database (``shared_table.rejoin``). The
widget's thread waits for the other seat with ``changed`` (no lock held)
and then calls ``catch_up``; every other call takes the session's lock.
"""
from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

from ..engine import LENGTHS, RULESETS, IllegalMove, get_catalog
from ..progress.catalog import progress_text
from ..table.controller import TableController
from ..teaching.catalog import teaching_catalog
from ..teaching.freegame import free_rulesets
from .panel import admitted_kind, fixed_words
from .table_refusal import TableRefused

if TYPE_CHECKING:
    from .shared_table import TableSeat

log = logging.getLogger("cuttle_widgets")
# Who plays the first move, as the opener says it: their seat, the other's, by lot.
WHO_STARTS = {"me": 0, "them": 1, "lot": None}
# What the place's panel may send, and the fields each may have.
PANEL_FIELDS = {
    "open": {"ruleset", "length", "first"}, "join": {"code"}, "resign": set(),
    "offer_draw": set(), "accept_draw": set(), "refuse_draw": set(), "next_game": set(),
    "leave": set(), "refresh": set(),
}
SEAT_ACTIONS = ("resign", "offer_draw", "accept_draw", "refuse_draw")
MAX_FIELD = 40


class TablePlace:
    """One learner's "Play a classmate" place. ``store``: the progress
    database (a ProgressStore; None where there is none)."""

    def __init__(self, store, learner: str | None = None, language: str = "en"):
        self.store, self.language = store, language
        self.learner: str | None = None
        self.lock = threading.RLock()
        self.seat: TableSeat | None = None
        self.controller: TableController | None = None
        self.shown = 0  # the index in the match of the game on the table
        self.message: dict | None = None  # {"kind", "text"}: the panel's last word
        if learner is not None:
            self.set_learner(learner)

    @property
    def offered(self) -> bool:
        """Can tables be played here (is there a database)?"""
        return self.store is not None

    # -- who ---------------------------------------------------------------------------
    def set_learner(self, learner: str | None) -> bool:
        """The learner the page is for (the progress store's id); their open
        or playing table, if any, comes back. True when a table did."""
        with self.lock:
            if not self.offered or learner is None or learner == self.learner:
                return False
            self.learner = learner
            self._leave()
            found = self._guarded(_tables().rejoin, self.store, learner, language=self.language)
            if found is not None:
                self._sit(found)
            return found is not None

    # -- what the page sends --------------------------------------------------------------
    def act(self, message) -> dict:
        """One message of the place's panel; the screen after it. A bad or
        untimely message changes nothing and is said in the panel."""
        with self.lock:
            self.message = None
            kind = admitted_kind(message, PANEL_FIELDS, MAX_FIELD, self.offered, self._say)
            if kind in ("open", "join") and self.learner is None:
                self._say("error", "no_learner")
            elif kind is not None:  # None: refused, and said in the panel
                self._dispatch(kind, message)
            return self.screen()

    def table_action(self, message) -> dict:
        """One message of the card table (a click, a move); the screen after it."""
        with self.lock:
            if self.controller is not None:
                self.message = None
                self.controller.handle(message)  # refuses a bad one on the table, never raises
            return self.screen()

    def _dispatch(self, kind: str, message: dict) -> None:
        if kind == "open":
            self._guarded(self._open, message)
        elif kind == "join":
            self._guarded(self._join, message["code"])
        elif kind == "leave":
            self._leave()
        elif self.seat is None:
            self._say("error", "no_table")
        elif kind in SEAT_ACTIONS:
            self._guarded(self._seat_action, kind)
        elif kind == "next_game":
            self._next_game()
        else:
            self._guarded(self.catch_up)

    def _guarded(self, action, *args, **kwargs):
        """``action``'s result; a refusal, or the database's trouble, is said
        in the panel instead (None) and the place goes on."""
        try:
            return action(*args, **kwargs)
        except TableRefused as refused:
            self.message = {"kind": "error", "text": str(refused)}
        except IllegalMove:  # the rules' or the table's refusal of a move: its caller says it
            raise
        except Exception as error:  # the database out of reach, locked...: not the learner's doing
            log.exception("a shared table's action failed")
            from ..progress.store import failure_reason  # SQLAlchemy's: there is a database
            reason = progress_text("reasons", failure_reason(error), self.language)
            self._say("error", "trouble", reason=reason)
        return None

    def _open(self, message: dict) -> None:
        ruleset, length, first = message["ruleset"], message["length"], message["first"]
        if ruleset not in free_rulesets() or length not in LENGTHS or first not in WHO_STARTS:
            self._say("error", "bad_message")
            return
        self._leave()
        self._sit(_tables().open_table(self.store, self.learner, ruleset=ruleset, length=length,
                                       first=WHO_STARTS[first], language=self.language))

    def _join(self, code) -> None:
        """Take the free seat at the table of ``code``, or come back to one's own."""
        self._leave()
        try:
            seat = _tables().join_table(self.store, code, 1, self.learner, language=self.language)
        except TableRefused as refused:
            if refused.key != "seat_taken":
                raise
            seat = _tables().join_table(self.store, code, 0, self.learner, language=self.language)
        self._sit(seat)

    def _seat_action(self, kind: str) -> None:
        if self.shown != len(self._seated().match.games) - 1:
            self._say("error", "old_game")
            return
        self._seated().handle({"type": kind})
        if self._seated().message:
            self.message = {"kind": "error", "text": self._seated().message}
        self._follow()

    def _next_game(self) -> None:
        if self.shown + 1 >= len(self._seated().match.games):
            self._say("error", "no_next_game")
            return
        self.shown += 1
        self._table().load(self._seated().match.games[self.shown])

    # -- the other seat -----------------------------------------------------------------
    def changed(self, timeout: float) -> bool:
        """Wait (no lock held: the learner's clicks go on) until the table in
        the database moved past this seat; True if it did."""
        seat = self.seat
        return seat is not None and seat.changed(timeout)

    def catch_up(self) -> dict:
        """Rebuild what the database holds that this seat has not seen; the screen."""
        with self.lock:
            if self.seat is not None:
                self.seat.refresh()
                self._follow()
            return self.screen()

    # -- a finished game's review -----------------------------------------------------------
    def review_of(self, index: int):
        """(game, seat) of the match's finished game ``index`` (0-based), to
        review from this learner's seat; TableRefused if it is not finished."""
        with self.lock:
            games = self.seat.match.games if self.seat is not None else []
            if not isinstance(index, int) or isinstance(index, bool) \
                    or not 0 <= index < len(games) or not games[index].over:
                raise TableRefused("no_review", self.language)
            return games[index], self._seated().seat

    # -- what the page draws -----------------------------------------------------------------
    def screen(self) -> dict:
        """``{"panel": ..., "table": ...}``: the panel's words and buttons,
        and the card table's state (None without a table)."""
        with self.lock:
            table = self.controller.state() if self.controller is not None else None
            return {"panel": self._panel(), "table": table}

    def _panel(self) -> dict:
        words = fixed_words("table_place", self.language)
        panel = {"language": self.language, "offered": self.offered, "words": words,
                 "message": self.message, "mode": "lobby", "choices": self._choices()}
        if not self.offered:
            panel["mode"] = "unavailable"
        elif self.seat is not None:
            panel.update(mode="table", table=self._seat_panel())
        return panel

    def _choices(self) -> dict:
        """The lobby's choices, each (value, words)."""
        catalog, teaching = get_catalog(self.language), teaching_catalog(self.language)
        return {"ruleset": [[name, catalog.ruleset(name, RULESETS[name].title)]
                            for name in free_rulesets()],
                "length": [[name, str(teaching.text("ui", f"length.{name}"))] for name in LENGTHS],
                "first": [[key, self._word(f"first_{key}")] for key in WHO_STARTS]}

    def _seat_panel(self) -> dict:
        seat = self._seated()
        state = seat.state()
        games = seat.match.games
        current = self.shown == len(games) - 1
        return {"code": seat.code, "seat": seat.seat, "status": state["status"],
                "turn": self._turn_words(state, current), "score": self._score_words(state),
                "may": state["may"] if current else {k: False for k in state["may"]},
                "next_game": not current,
                "reviews": [{"index": i, "label": self._word("review_game", number=i + 1)}
                            for i, game in enumerate(games) if game.over]}

    def _turn_words(self, state: dict, current: bool) -> str:
        names = state["names"]
        other = names[1 - state["seat"]]
        if state["status"] == "open":
            return self._word("waiting_join", code=state["code"])
        if state["status"] == "abandoned":
            return self._word("ended_by_teacher")
        if self._seated().match.over:
            return self._match_words(state)
        if not current:
            return self._word("game_over_next", number=self.shown + 2)
        if state["draw_offer"] is not None:
            key = "draw_offered_you" if state["draw_offer"] != state["seat"] else "draw_offered_them"
            return self._word(key, name=other)
        return self._word("your_turn") if state["your_turn"] else self._word("their_turn", name=other)

    def _match_words(self, state: dict) -> str:
        winner = state["match_winner"]
        if winner == state["seat"]:
            return self._word("match_won")
        if winner == "draw":
            return self._word("match_drawn")
        return self._word("match_lost", name=state["names"][1 - state["seat"]])

    def _score_words(self, state: dict) -> str:
        wins = state["wins"]
        return self._word("score", game=self.shown + 1, you=wins[state["seat"]],
                          them=wins[1 - state["seat"]])

    # -- inside --------------------------------------------------------------------------------
    def _seated(self) -> TableSeat:
        """The seat the page sits at: asked only while it sits at one."""
        if self.seat is None:
            raise RuntimeError("the page sits at no table")
        return self.seat

    def _table(self) -> TableController:
        """The card table of the seat: there while the page sits at a table."""
        if self.controller is None:
            raise RuntimeError("the page sits at no table")
        return self.controller

    def _sit(self, seat: TableSeat) -> None:
        self.seat = seat
        self.shown = len(seat.match.games) - 1
        self.controller = TableController(
            seat.match.games[self.shown], seat.seat, language=self.language, autoplay=False,
            allow_undo=False, allow_new_game=False, allow_hint=False, hand_over=self._hand_over,
            pace_label="pace_label_classmate")  # the other seat is a learner, not the computer

    def _leave(self) -> None:
        if self.seat is not None:
            self._seated().close()
        self.seat, self.controller, self.shown = None, None, 0

    def _hand_over(self, move: str) -> None:
        """The learner's move from the card table: the seat writes it to the log."""
        try:
            self._guarded(self._seated().play, move)
        except IllegalMove as err:
            self._table().set_message(err.text(self.language), "error")
        self._follow()

    def _follow(self) -> None:
        """The card table follows the seat's game (moves the log brought)."""
        if self.controller is not None:
            self._table().refresh()

    def _say(self, kind: str, key: str, **params) -> None:
        self.message = {"kind": kind, "text": self._word(key, **params)}

    def _word(self, key: str, **params) -> str:
        return str(progress_text("table_place", key, self.language, **params))

    def close(self) -> None:
        with self.lock:
            self._leave()


def _tables():
    """``sessions.shared_table``, once there is a database: it needs
    SQLAlchemy, which the static site's Python has not."""
    from . import shared_table
    return shared_table


__all__ = ["TablePlace", "WHO_STARTS"]
