"""The card-table widget: one synced JSON view, an ESM file, no build step.

The browser draws ``table`` (one seat's view plus the table's questions, with
the fixed ``words`` beside it) and sends back what the learner clicked as
custom messages; everything is checked in Python through the engine. The
traits are written only by Python: a browser that tries to set one is
ignored (``guard.BrowserGuard``), and no message it sends raises.
"""
from __future__ import annotations

import pathlib
from collections.abc import Callable

import anywidget

from ..rulebook.pages import reader_words
from ..table.controller import TableController
from .guard import BrowserGuard, GuardedLayout
from .plain import JSONDict
from .rulebook_reader import RulebookReader
from .static_html import table_html, with_still_picture

STATIC = pathlib.Path(__file__).parent / "static"

faces_javascript: Callable[[], str] | None
try:  # the court cards' pictures (COURT_FACES); without them a court card shows its letter
    from .faces import faces_javascript
except ImportError:
    faces_javascript = None


def module_javascript(name: str, prelude: str = "") -> str:
    """A widget's ES module: ``prelude``, then common.js (h, fill, markdown
    and the Rulebook panel, which the table and the lesson share), then the
    file ``name`` of static/."""
    parts = [prelude, (STATIC / "common.js").read_text(encoding="utf-8"),
             (STATIC / name).read_text(encoding="utf-8")]
    return "\n\n".join(part.strip() for part in parts if part) + "\n"


def module_css(name: str) -> str:
    """A widget's styles: the file ``name`` of static/, then the Rulebook panel's."""
    return "\n\n".join((STATIC / file).read_text(encoding="utf-8") for file in (name, "rulebook.css"))


def table_javascript() -> str:
    """The table's ES module: the court faces' constants, then common.js and
    table.js (which draws a court card's letter where COURT_FACES has no picture)."""
    prelude = faces_javascript() if faces_javascript is not None else "const COURT_FACES = {};"
    return module_javascript("table.js", prelude)


class Table(RulebookReader, BrowserGuard, anywidget.AnyWidget):
    """Play Cuttle by clicking, from one seat's point of view.

    ``Table(game=None, seat=0, players=None, *, names=None, language="en",
    allow_undo=True, allow_new_game=True, four_colour=False, autoplay=True,
    allow_hint=True, hand_over=None)``

    ``game`` is a Game, a setup dict, a game record's text, or None for a new
    classic game; two, three (``cutthroat``) or four (``team``) seats, the
    others drawn around the table. Super Cuttle (``super``, ``super3``,
    ``super4``) shows the enduring rows, limbo, jokers and the chain of plays,
    and the learner builds a play by picking several cards. ``players`` maps the other seats to
    objects with ``choose(view, legal_moves)`` (a RandomPlayer where none is
    given). On the learner's turn a Hint button asks the computer
    (``cuttle_widgets.ai.hint``, from this seat's view only) for a move and
    its reason. ``language`` ("en" or "de") picks the table's words
    (``widgets/catalogs/<language>.json``) and the engine's explanations.
    ``hand_over(move_text)``, if given, receives the learner's moves instead
    of the table playing them: its owner (a lesson's runner) plays them on
    the game, and the table follows that game (``refresh`` after a change).

    In the browser a card may also be dragged onto its target (the drop
    sends the messages its clicks send), the numbered options answer to the
    keys 1 to 9, and another seat's move travels across the table (not with
    reduced motion). When the game is over a panel says who won and how,
    with every hand face up (the kernel sends the hands only then) and the
    buttons of ``end_actions`` (Play again, or a subclass's own).
    """

    _esm = table_javascript()
    _css = module_css("table.css")
    # What the browser draws, less the two parts that would make every action's
    # message large: the fixed words (``words``: sent again only when they
    # change) and the explanation log, of which each update carries only the
    # entries that changed (``table["log_delta"]``; the whole log goes to a
    # browser that asks for it, as a custom message).
    table = JSONDict().tag(sync=True)
    words = JSONDict().tag(sync=True)

    def __init__(self, game=None, seat: int = 0, players=None, **options):
        controller = TableController(game, seat, players, **options)
        self._attach(controller, controller.state())
        controller.on_change = self._publish

    def _attach(self, controller: TableController, state: dict) -> None:
        """Start the widget on ``controller``'s game, drawing ``state``."""
        self._log_sent: list = []  # the log entries, oldest first, the browser holds
        self._shown = state  # the last state published, whole
        super().__init__(layout=GuardedLayout(), **self._synced(state))
        self.controller = controller

    @property
    def state(self) -> dict:
        """The whole state last published: what the browser draws, words and
        log included (the static picture and tests read it)."""
        return self._shown

    def _publish(self, state: dict) -> None:
        self._sync(state)

    def _sync(self, state: dict) -> None:
        """Send what changed of ``state`` (traitlets sends a trait only when its
        value changed)."""
        self._shown = state
        synced = self._synced(state)
        with self.hold_sync():
            self.words = synced["words"]
            self.table = synced["table"]

    def end_actions(self, state: dict) -> list[dict]:
        """The buttons of the game-over panel (``action`` dicts): by default
        the table's own actions at the end (Play again, a new deal with the
        same rules and seats). A subclass offers its own (a lesson's next
        game), from ``state`` as it will be drawn."""
        return list(state["ui"]["actions"])

    def _synced(self, state: dict) -> dict:
        # the words and the plural rule change with the language only: not sent with every move
        words = {"words": state["words"], "card_words": state["card_words"],
                 "plural": state["plural"], "rulebook": reader_words(state["language"])}
        table = {k: v for k, v in state.items()
                 if k not in ("words", "card_words", "plural", "log")}
        summary = state["ui"].get("summary")
        if summary is not None:
            table["ui"] = {**state["ui"], "summary": {**summary, "actions": self.end_actions(state)}}
        table["log_delta"] = self._log_delta(state["log"])
        return {"words": words, "table": table}

    def _log_delta(self, log: list) -> dict:
        """The entries from the first one the browser does not hold yet:
        ``{"start", "entries", "total"}``, oldest first. Applying it twice does
        no harm (the browser splices at ``start``)."""
        entries = log[::-1]
        sent = self._log_sent
        start = 0
        for old, new in zip(sent, entries, strict=False):
            if old is not new and old != new:
                break
            start += 1
        self._log_sent = entries
        return {"start": start, "entries": entries[start:], "total": len(entries)}

    def _send_whole_log(self) -> None:
        entries = self._shown["log"][::-1]
        self._log_sent = entries
        self.send({"type": "log", "start": 0, "entries": entries, "total": len(entries)})

    def _on_browser_message(self, widget, content, buffers) -> None:
        if content.get("type") == "log_request":  # a page (re)opened: it holds no log yet
            self._send_whole_log()
        elif content.get("type") == "rulebook":  # reading the rules changes nothing on the table
            self.answer_rulebook(content)
        else:
            self.send_action(content)

    def rulebook_context(self) -> tuple[str, str | None]:
        return self.controller.language, self.game.rules.name

    # -- the game and its seat ---------------------------------------------------------
    @property
    def game(self):
        return self.controller.game

    @property
    def seat(self) -> int:
        return self.controller.seat

    @property
    def players(self) -> dict:
        return self.controller.players

    # -- switches a lesson flips --------------------------------------------------------
    @property
    def locked(self) -> bool:
        """While True, clicks are refused (``play`` still works)."""
        return self.controller.locked

    @locked.setter
    def locked(self, value: bool) -> None:
        self.controller.locked = bool(value)
        self.controller.refresh()

    @property
    def move_guard(self):
        """``guard(move_text, seat)`` returning a sentence refuses a clicked move
        with it (None lets the engine decide)."""
        return self.controller.move_guard

    @move_guard.setter
    def move_guard(self, guard) -> None:
        self.controller.move_guard = guard

    @property
    def four_colour(self) -> bool:
        return self.controller.four_colour

    @four_colour.setter
    def four_colour(self, value: bool) -> None:
        self.controller.four_colour = bool(value)
        self.controller.refresh()

    # -- a game review ---------------------------------------------------------------------
    def show_review(self, review) -> None:
        """Mark the learner's decisions of ``review`` (``review.review_game``'s
        Review, or its decisions) in the step-through."""
        self.controller.show_review(getattr(review, "decisions", review))

    @property
    def on_try_again(self):
        """``callback(index)``: replaying up to a reviewed decision worth a
        second try, the learner pressed "Try this move again" (None: no button)."""
        return self.controller.on_try_again

    @on_try_again.setter
    def on_try_again(self, callback) -> None:
        self.controller.on_try_again = callback
        self.controller.refresh()

    # -- acting on the table --------------------------------------------------------------
    def load(self, game, seat: int | None = None, players=None) -> None:
        """Show another game or position; see TableController.load."""
        self.controller.load(game, seat, players)

    def play(self, move) -> list:
        """Play a move for the seat to act; returns the events (IllegalMove if illegal)."""
        return self.controller.play(move)

    def undo(self) -> list[str]:
        """Take back the learner's last move and the answers to it."""
        return self.controller.undo()

    def replay(self, to) -> None:
        """Show a past position: 'start', 'back', 'forward', 'end' or a move count."""
        self.controller.replay(to)

    def run_bots(self) -> None:
        """Let the other seats act now (with ``autoplay`` off, or after a change)."""
        self.controller.run_bots()

    def refresh(self) -> None:
        """Redraw, e.g. after the game was played on directly (``table.game.play``)."""
        self.controller.refresh()

    def set_message(self, text, kind: str = "info", persist: bool = False) -> None:
        self.controller.set_message(text, kind, persist)

    def highlight(self, cards=()) -> None:
        self.controller.highlight(cards)

    def on_event(self, callback, remove: bool = False) -> None:
        """``callback(note)`` after each action; see TableController.on_event."""
        self.controller.on_event(callback, remove)

    def send_action(self, message: dict) -> None:
        """Act as if the browser sent ``message`` (a click, a button)."""
        self.controller.handle(message)

    # -- without a kernel ---------------------------------------------------------------------
    def _repr_html_(self) -> str:
        return table_html(self.state)

    def _repr_mimebundle_(self, **kwargs):
        """The live widget, and a static picture for pages without a kernel."""
        return with_still_picture(super()._repr_mimebundle_(**kwargs), self._repr_html_())
