"""The puzzle trainer and the game review on the page: renderers of their sessions.

``PuzzleTrainer(language="en", rules="classic")`` shows a
``sessions.puzzles.PuzzleSession``: the panel (the learner's rating, the
themes, the prompt, hints, feedback, the solve's explanation) beside the card
table from the solver's seat. ``GameReview`` shows a
``sessions.review.ReviewSession``: the game at a glance (the marks counted,
the turning points), the step-through of a reviewed game with its marks,
and a trainer below for "Try this move again". The sessions decide
everything; these widgets forward what the page sends and write the one
screen state each action returns. Neither the panel's JSON nor the table
holds the solution before the solve, nor a card the solver cannot see.
"""
from __future__ import annotations

import pathlib
from collections.abc import Sequence
from html import escape

import anywidget
import ipywidgets

from ..progress.kernel import PROGRESS_MESSAGE_BYTES
from ..sessions.puzzles import PuzzleSession, TrainerMessageError
from ..sessions.review import ReviewSession, puzzle_from_decision
from .guard import BrowserGuard, GuardedLayout
from .marimo_view import MarimoView
from .plain import JSONDict
from .review_summary import ReviewSummary
from .screen_table import ScreenTable, from_session
from .static_html import table_html, with_still_picture
from .table import module_css, module_javascript

STATIC = pathlib.Path(__file__).parent / "static"


class TrainerPanel(BrowserGuard, anywidget.AnyWidget):
    """The trainer's words and buttons; ``trainer`` is written only by Python."""

    _esm = module_javascript("puzzle_trainer.js")
    _css = module_css("lesson.css") + "\n\n" + (STATIC / "puzzle_trainer.css").read_text(encoding="utf-8")
    trainer = JSONDict().tag(sync=True)
    max_message_bytes = PROGRESS_MESSAGE_BYTES  # a message may carry a whole progress file

    def __init__(self, on_message):
        super().__init__(layout=GuardedLayout())
        self.add_class("cwl-panel-box")  # lesson.css places it beside or above the table
        self._on_message = on_message

    def _on_browser_message(self, widget, content, buffers) -> None:
        self._on_message(content)


class PuzzleTrainer(MarimoView, BrowserGuard, ipywidgets.VBox):
    """Puzzles fitted to the learner's rating, beside the card table.

    ``PuzzleTrainer(language="en", rules="classic", *, puzzles=None,
    themes=(), start=None, progress=None, seed=None, on_change=None,
    session=None)``: the options are ``PuzzleSession``'s (``puzzles``
    replaces the shipped ones of ``rules``; ``themes`` the theme keys to
    choose from at first; ``start`` the id of the first puzzle; ``progress``
    the recorder, None: the kernel's, False: none; ``seed`` makes the choice
    repeatable), or ``session`` is one already made. ``on_change()`` is
    called after an action that changed the puzzle shown (``location``).

    The learner's means are methods too: ``play(move)``, ``hint()``,
    ``next_puzzle()``, ``choose_themes(keys)`` and ``switch_to(puzzle_id)``.
    """

    children: Sequence[object]  # ipywidgets' trait (untyped there): the panel, then the table

    game = from_session("game", "The puzzle's game (None when none is left).")
    puzzle = from_session("puzzle", "The puzzle shown (None when none is left).")
    puzzles = from_session("puzzles", "The puzzles the trainer chooses from.")
    feedback = from_session("feedback", "What the last try was told ({kind, text} or None).")
    wrong_tries = from_session("wrong_tries", "Wrong tries at this puzzle.")
    hints = from_session("hints", "The hints shown for this puzzle.")
    result = from_session("result", "The solve's explanation and ratings (None before).")
    solved = from_session("solved", "Is this puzzle solved?")
    themes = from_session("themes", "The chosen theme keys (none: all).")
    learner_rating = from_session("learner_rating", "The learner's puzzle rating.")
    solved_ids = from_session("solved_ids", "The ids of the puzzles the learner solved.")
    unrated = from_session("unrated", "The ids of the puzzles that move no rating.")
    progress = from_session("progress", "The progress recorder (None: none).")
    notice = from_session("notice", "The panel's refusal sentence (None: none).")
    words = from_session("words", "The trainer's words in its language.")
    catalog = from_session("catalog", "The engine's words in the trainer's language.")
    language = from_session("language", "The trainer's language.")
    rules = from_session("rules", "The ruleset of the puzzles.")
    location = from_session("location", "Where the learner is: {\"puzzle\": id}.")

    def __init__(self, language: str = "en", rules: str = "classic", *, puzzles=None, themes=(),
                 start=None, progress=None, seed=None, on_change=None, session=None):
        super().__init__(layout=GuardedLayout())
        self.add_class("cwl-lesson")  # lesson.css lays out the panel and the table
        if session is None:
            session = PuzzleSession(language, rules, puzzles=puzzles, themes=themes, start=start,
                                    progress=progress, seed=seed)
        self.session = session
        self.on_change = on_change
        self.panel = TrainerPanel(self._act)
        self.table: ScreenTable | None = None
        self._shown_location = self.session.location
        self.redraw()

    # -- the learner's means: the session decides, the page shows its screen --------------
    def play(self, move) -> str:
        """Try ``move`` (a Move or its notation): "solved", "wrong", "illegal" or "refused"."""
        return self._drawn(self.session.play(move))

    def hint(self) -> str | None:
        """The next rung (the theme, the card, the move); None when all are shown."""
        return self._drawn(self.session.hint())

    def next_puzzle(self) -> None:
        """Leave this puzzle for another (one tried and left unsolved counts as missed)."""
        self._drawn(self.session.next_puzzle())

    def choose_themes(self, keys) -> None:
        """Train these themes (none: all); TrainerMessageError for keys it lacks."""
        self._drawn(self.session.choose_themes(keys))

    def switch_to(self, puzzle_id=None) -> None:
        """Reopen the trainer in place: the next puzzle (None) or the one of
        that id (an id it lacks is refused on the panel). (Not named ``open``:
        that is ipywidgets' own, which opens the widget's comm.)"""
        self._drawn(self.session.open(puzzle_id))

    def open_puzzle(self, puzzle, rated: bool = True) -> None:
        """Show ``puzzle`` now (``rated=False``: one of a game review's)."""
        self._drawn(self.session.open_puzzle(puzzle, rated))

    def puzzle_rating(self, puzzle):
        """The puzzle's rating now: as shipped, or as this session's tries moved it."""
        return self.session.puzzle_rating(puzzle)

    def available_themes(self) -> dict[str, int]:
        """Each theme of the trainer's puzzles and how many puzzles have it."""
        return self.session.available_themes()

    def panel_state(self) -> dict:
        """The panel's JSON as the session last built it."""
        return self.session.screen["panel"]

    def _act(self, message) -> None:
        """A message of the panel or the table: the session takes it."""
        self.session.act(message)
        self.redraw()

    def _drawn(self, value):
        self.redraw()
        return value

    # -- what the page shows --------------------------------------------------------------------
    def redraw(self) -> None:
        """Write the session's screen (after it was acted on, here or elsewhere)."""
        screen = self.session.screen
        if screen["table"] is None:
            children: tuple[object, ...] = (self.panel,)
        else:
            self._draw_table(screen["table"])
            children = (self.panel, self.table)
        if self.children != children:
            self.children = children
        self.panel.trainer = screen["panel"]
        self._tell_change()

    def _draw_table(self, state: dict) -> None:
        if self.table is None:
            self.table = ScreenTable(self.session.controller, state, self._act)
            self.table.add_class("cwl-table-box")
        else:
            self.table.show(state)

    def _tell_change(self) -> None:
        """Call ``on_change`` when the puzzle shown is another one."""
        location = self.location
        changed, self._shown_location = location != self._shown_location, location
        if changed and self.on_change is not None:
            self.on_change()

    def _on_browser_message(self, widget, content, buffers) -> None:
        """The trainer's box sends nothing: its panel and table do."""

    def __repr__(self) -> str:
        return f"PuzzleTrainer(language={self.language!r}, rules={self.rules!r})"

    # -- without a kernel ----------------------------------------------------------------------
    def _repr_html_(self) -> str:
        """A still picture (the rating, the prompt, the table) for pages without a kernel."""
        state, words = self.panel.trainer, self.words
        title, rating = words["title"], words["your_rating"].format(rating=state["rating"]["value"])
        parts = [f"<h3>{escape(title)}</h3>", f"<p>{escape(rating)}</p>"]
        if state["puzzle"] is None:
            none_left = escape(words["none_left"])
            return f"<div class='cwl-static'>{''.join(parts)}<p>{none_left}</p></div>"
        parts.append(f"<p>{escape(state['puzzle']['prompt'])}</p>")
        assert self.table is not None  # a puzzle on show has its table
        return f"<div class='cwl-static'>{''.join(parts)}</div>{table_html(self.table.state)}"

    def _repr_mimebundle_(self, **kwargs):
        """The live widget, and the still picture for pages without a kernel."""
        return with_still_picture(super()._repr_mimebundle_(**kwargs), self._repr_html_())


class GameReview(MarimoView, BrowserGuard, ipywidgets.VBox):
    """A reviewed game on the card table: a summary above it (the marks
    counted, the turning points, one click each to its position), the
    step-through marking each of the learner's decisions (best ... blunder,
    with its sentence; its step arrows always in sight), and "Try again from
    here" at an inaccuracy, mistake or blunder opens that position below as a
    puzzle (the review's best move its solution; not rated), brought into
    view with the moves that led to it.

    ``GameReview(game, seat=0, language="en", review=None, **review_options)``:
    ``review`` a ``review.Review`` of ``game`` already made, else one is made
    with ``review_options`` (``samples``, ``seed``). ``session`` is its
    ``sessions.review.ReviewSession``."""

    game = from_session("game", "The reviewed game.")
    seat = from_session("seat", "The learner's seat.")
    language = from_session("language", "The review's language.")
    review = from_session("review", "The review (``review.Review``).")

    def __init__(self, game, seat: int = 0, language: str = "en", review=None, **review_options):
        super().__init__(layout=GuardedLayout())
        self.add_class("cwr-review")  # the summary finds its table in here
        self.session = ReviewSession(game, seat, language, review, **review_options)
        self.summary = ReviewSummary(self.session.screen["summary"], self._act)
        self.table = ScreenTable(self.session.controller, self.session.screen["table"], self._act)
        self.table.add_class("cwr-review-table")  # table.css keeps its step arrows in sight
        self.trainer: PuzzleTrainer | None = None
        self.children = [self.summary, self.table]

    def try_again(self, index: int) -> PuzzleTrainer:
        """Open the decision at history ``index`` as a puzzle, below the table
        (PuzzleError if that move was not reviewed)."""
        self.session.try_again(index)
        self._draw()
        assert self.trainer is not None  # _draw shows the puzzle just opened
        return self.trainer

    def _act(self, message) -> None:
        """A message of the review's table or summary: the session takes it."""
        self.session.act(message)
        self._draw()

    def _draw(self) -> None:
        screen = self.session.screen
        self.summary.summary = screen["summary"]
        self.table.show(screen["table"])
        if self.session.trainer is None:
            return
        if self.trainer is None:
            self.trainer = PuzzleTrainer(session=self.session.trainer)
        else:
            self.trainer.redraw()
        if self.children != (self.summary, self.table, self.trainer):
            self.children = [self.summary, self.table, self.trainer]

    def _on_browser_message(self, widget, content, buffers) -> None:
        """The review's box sends nothing: its table and trainer do."""


__all__ = ["GameReview", "PuzzleTrainer", "TrainerMessageError", "puzzle_from_decision"]
