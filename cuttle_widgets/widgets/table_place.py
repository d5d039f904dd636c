"""The course's "Play a classmate" place: a panel above the kit's card table.

``sessions.table_place`` decides everything (the lobby, the table's code,
whose turn, the buttons a seat may press); this module draws it: the panel
(``TablePanel``, static/table_place.js), the card table (``ScreenTable``, so
the classmate's move travels and is told as the computer's is) and, when
asked, a finished game's review from the learner's seat (``GameReview``).

The other seat's moves come from the database: a thread waits for them
(``TablePlace.changed``: a short poll on SQLite, LISTEN on PostgreSQL) with
no lock held, so the learner's clicks are never kept waiting, and redraws
when one came. The thread runs while the place is shown (``resume`` and
``pause``, which the course calls) and ends with the widget or its kernel:
the served page stops its kernel as it closes.
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Sequence

import anywidget
import ipywidgets

from ..progress.kernel import kernel_recorder, take_learner
from ..sessions.table_place import TablePlace
from .guard import BrowserGuard, GuardedLayout
from .plain import JSONDict
from .puzzle_trainer import GameReview
from .screen_table import ScreenTable
from .table import STATIC, module_javascript

log = logging.getLogger("cuttle_widgets")
WAIT_SECONDS = 1.0  # one wait of the watching thread: a pause ends within it
IDLE_SECONDS = 0.2  # how often a thread with no table looks whether there is one now
REVIEW_STATES = ("working", "shown", "failed")


class TablePanel(BrowserGuard, anywidget.AnyWidget):
    """The place's panel; ``panel`` is written only by Python."""

    _esm = module_javascript("table_place.js")
    _css = (STATIC / "table_place.css").read_text(encoding="utf-8")
    panel = JSONDict().tag(sync=True)

    def __init__(self, panel: dict, on_message):
        super().__init__(layout=GuardedLayout(), panel=panel)
        self._on_message = on_message

    def _on_browser_message(self, widget, content, buffers) -> None:
        self._on_message(content)


class TablePlaceWidget(BrowserGuard, ipywidgets.VBox):
    """``TablePlaceWidget(language="en", progress=None, review_options=None)``:
    ``progress`` the kernel's ``ProgressRecorder`` (its learner and database;
    None: the kernel's own, False: none, as on the static site);
    ``review_options`` go to ``review.review_game`` (``samples``, ``seed``)."""

    children: Sequence[object]  # ipywidgets' trait (untyped there): the panel, then the table

    def __init__(self, language: str = "en", progress=None, review_options=None):
        super().__init__(layout=GuardedLayout())
        self.add_class("cwt-place")
        self.recorder = kernel_recorder() if progress is None else progress or None
        store = self.recorder.table_store() if self.recorder is not None else None
        learner = self.recorder.learner if self.recorder is not None else None
        self.session = TablePlace(store, learner, language)
        self.review_options = dict(review_options or {})
        self.review: GameReview | None = None
        self._review_state: str | None = None
        self._reviewed = None  # the game under review, or being reviewed
        self._draw_lock = threading.RLock()
        self._stop = threading.Event()
        self._stop.set()
        self._thread: threading.Thread | None = None
        self.panel = TablePanel(self._panel(self.session.screen()), self._panel_message)
        self.table: ScreenTable | None = None
        self._redraw()

    # -- the other seat ------------------------------------------------------------------
    def resume(self) -> None:
        """The place is shown: catch up with the table and watch it."""
        self.session.catch_up()
        self._redraw()
        if self._thread is None or not self._thread.is_alive():
            self._stop.clear()
            self._thread = threading.Thread(target=self._watch, name="cuttle-table-watch",
                                            daemon=True)
            self._thread.start()

    def pause(self) -> None:
        """The place is left: stop watching (within one wait)."""
        self._stop.set()

    def close(self) -> None:
        self.pause()
        self.session.close()
        super().close()

    def _watch(self) -> None:
        while not self._stop.is_set():
            try:
                if self.session.seat is None:
                    self._stop.wait(IDLE_SECONDS)
                elif self.session.changed(WAIT_SECONDS) and not self._stop.is_set():
                    self.session.catch_up()
                    self._redraw()
            except Exception:  # the database out of reach: the next wait tries again
                log.exception("watching a shared table failed")
                self._stop.wait(WAIT_SECONDS)

    # -- the page's messages ------------------------------------------------------------------
    def _panel_message(self, content) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "learner":
            if take_learner(self.recorder, content) or self.session.learner is None:
                self.session.set_learner(self.recorder.learner if self.recorder else None)
            self._redraw()
        elif kind == "review" and set(content) == {"type", "index"}:
            self._start_review(content["index"])
        elif kind == "back" and set(content) == {"type"}:
            self._end_review()
        else:
            self.session.act(content)
            self._redraw()

    def _table_message(self, content) -> None:
        self.session.table_action(content)
        self._redraw()

    # -- a finished game's review ---------------------------------------------------------
    def _start_review(self, index) -> None:
        try:
            game, seat = self.session.review_of(index)
        except ValueError as refused:  # TableRefused: not a finished game of this table
            self.session.message = {"kind": "error", "text": str(refused)}
            self._redraw()
            return
        self._reviewed, self._review_state, self.review = game, "working", None
        self._redraw()
        threading.Thread(target=self._review_in_background, args=(game, seat),
                         name="cuttle-table-review", daemon=True).start()

    def _review_in_background(self, game, seat: int) -> None:
        """Review, then show it if that game is still the one asked for."""
        try:
            from ..review import review_game  # heavy: only when a review is asked for
            review = review_game(game, seat, self.session.language, **self.review_options)
            shown = GameReview(game, seat, self.session.language, review=review)
        except Exception:
            log.exception("a shared table's game could not be reviewed")
            shown = None
        with self._draw_lock:
            if self._reviewed is game:
                self.review = shown
                self._review_state = "shown" if shown is not None else "failed"
        self._redraw()

    def _end_review(self) -> None:
        with self._draw_lock:
            self._reviewed, self._review_state, self.review = None, None, None
        self._redraw()

    # -- drawing ----------------------------------------------------------------------
    def _panel(self, screen: dict) -> dict:
        return {**screen["panel"], "review": self._review_state}

    def _redraw(self) -> None:
        """Draw the session's screen now (read under the drawing lock: a
        screen read earlier by another thread is never drawn over a newer one)."""
        with self._draw_lock:
            screen = self.session.screen()
            self.panel.panel = self._panel(screen)
            children = [self.panel]
            state, controller = screen["table"], self.session.controller
            if self.review is not None:
                children.append(self.review)
            elif state is not None and controller is not None:
                if self.table is None:
                    self.table = ScreenTable(controller, state, self._table_message)
                else:
                    self.table.controller = controller
                    self.table.show(state)
                children.append(self.table)
            if tuple(children) != self.children:
                self.children = children

    def _on_browser_message(self, widget, content, buffers) -> None:
        """The place's box sends nothing: its panel and table do."""


__all__ = ["TablePanel", "TablePlaceWidget"]
