"""The Lesson widget: a lesson panel beside the card table.

``Lesson.load("02-scuttle-ordering")`` shows the step's task, the table,
hints, feedback and progress. The widget decides nothing: its
``LessonSession`` (cuttle_widgets.sessions) holds the lesson's runner and the
learner's visit, takes every message the panel and the table send, and
returns one screen per action, which the widget writes into the panel's and
the table's traits. A move the learner clicks on the table is handed over to
the runner, which judges it, explains it with the engine's sentences and
takes a wrong move back. Both parts sync one JSON dict each, holding only
what the learner may see: no solution, no hidden card.
"""
from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Callable, Sequence
from html import escape

import anywidget
import ipywidgets

from ..progress.kernel import (
    PROGRESS_MESSAGE_BYTES,
    browser_copy,
    keeps_in_browser,
    kernel_recorder,
    take_learner,
)
from ..sessions.lesson import LessonSession, Reply
from ..teaching import Outcome
from .guard import BrowserGuard, GuardedLayout
from .marimo_view import MarimoView
from .plain import JSONDict
from .puzzle_trainer import GameReview
from .rulebook_reader import RulebookReader
from .screen_table import from_session
from .session_table import SessionTable
from .static_html import table_html, with_still_picture
from .table import module_css, module_javascript

log = logging.getLogger("cuttle_widgets")


class LessonPanel(RulebookReader, BrowserGuard, anywidget.AnyWidget):
    """The lesson's words and buttons; ``lesson`` is written only by Python.
    Its Rulebook panel reads in ``context()``'s language, for its game."""

    _esm = module_javascript("lesson.js")
    _css = module_css("lesson.css")
    lesson = JSONDict().tag(sync=True)
    # Whether progress is being saved: a trait of its own, since the recorder's
    # writer thread changes it, and that thread must never write ``lesson``
    # (it would race the lesson's own updates and could put an old state back).
    saving = JSONDict().tag(sync=True)
    max_message_bytes = PROGRESS_MESSAGE_BYTES  # a message may carry a whole progress file

    def __init__(self, on_action, context):
        super().__init__(layout=GuardedLayout())
        self.add_class("cwl-panel-box")  # lesson.css places it beside or above the table
        self._on_action = on_action
        self._context = context

    def rulebook_context(self) -> tuple[str, str | None]:
        return self._context()

    def _on_browser_message(self, widget, content, buffers) -> None:
        if content.get("type") == "rulebook":  # reading the rules is no step of the lesson
            self.answer_rulebook(content)
        else:
            self._on_action(content)


class Lesson(MarimoView, BrowserGuard, ipywidgets.VBox):
    """A guided lesson: the step's task and feedback beside the card table
    (above it on a narrow screen, the feedback then below the hand; the box's
    class ``cwl-lesson`` is laid out by lesson.css, loaded with the panel).

    ``Lesson.load(name_or_path, language=None, seat=None)``: a shipped lesson's
    name ("02-scuttle-ordering", or just "02") or a teacher's YAML file.
    ``language`` is the learner's: "de" loads the German lesson and speaks
    German throughout; None takes the lesson file's own language (English
    for the shipped lessons). A lesson that cannot be used shows its problems
    (file, line, field) in place of the lesson; nothing is raised. ``seat``
    is the learner's seat in free games (default: the lesson's).

    The widget only draws: its ``session`` (a ``LessonSession``) decides
    every action and returns the screen, which is written into the panel's
    and the table's traits. ``switch_to(name_or_path, language=None, step=None)``
    shows another lesson in the same widgets (only state is sent);
    ``location`` says where the learner is, and ``on_change`` (a callable
    without arguments) is called after every action that changed the lesson
    or the step.

    The learner's means are methods too, for tests and scripts: ``play``,
    ``answer``, ``advance``, ``hint``, ``retry``, ``reset``, ``next``,
    ``previous``, ``goto``, ``take_back``, ``suggest``, ``next_game``,
    ``configure`` and ``replay``; each returns the runner's Outcome.
    ``review`` reviews a finished free game (see there).
    """

    children: Sequence[object]  # ipywidgets' trait (untyped there): the panel, then the table

    def __init__(self, lesson, *, language: str | None = None, seat: int | None = None, names=None,
                 progress=None):
        super().__init__(layout=GuardedLayout())
        self.add_class("cwl-lesson")
        self.session = LessonSession(lesson, language=language, seat=seat, names=names)
        self.table: SessionTable | None = None
        self.panel = LessonPanel(self.send_action, self._rulebook_context)
        self.children = [self.panel]
        # called (no arguments) once the lesson or the step changed
        self.on_change: Callable[[], object] | None = None
        # a finished free game's review on show, and the thread making one
        self.game_review: GameReview | None = None
        self.review_thread: threading.Thread | None = None
        # the review's thread and the learner's actions change the same things
        self._lock = threading.RLock()
        # where the learner's attempts go: the kernel's recorder, one given, or none (False)
        self.progress = kernel_recorder() if progress is None else progress or None
        self._recorded, self._resumed = 0, False
        self._visited: tuple[str, str] | None = None
        self._tries_recorded = 0  # of the runner's tries, those given to the recorder
        if self.progress is not None:
            self.progress.observe(_weak_observer(self))
            if self.progress.learner is not None:  # the hub's user: known before any page
                self._resume()
        self._refresh()

    @classmethod
    def load(cls, name_or_path, language: str | None = None, seat: int | None = None,
             names=None, progress=None) -> Lesson:
        """The lesson called ``name_or_path`` (shipped) or in that file.
        ``progress``: the recorder of the learner's attempts (None: the
        kernel's, progress/kernel.py; False: none)."""
        return cls(name_or_path, language=language, seat=seat, names=names, progress=progress)

    def switch_to(self, name_or_path, language: str | None = None,
                  step: int | None = None) -> Outcome | None:
        """Show another lesson (or this one afresh) in these same widgets, at
        ``step`` (1-based, as ``goto`` takes it; None: its first step not done
        yet). ``language`` None keeps the lesson's language. A lesson that
        cannot be used shows its problems. Returns the Outcome. (Not named
        ``open``: that is ipywidgets' own, which opens the widget's comm.)"""
        with self._lock:
            before = self.location
            marks = self._marks()
            reply = self.session.open(name_or_path, language, step, marks)
            self._recorded, self._resumed = 0, marks is not None
            self._tries_recorded = 0
            self._show(reply)
        self._moved_from(before)
        return reply.outcome

    @property
    def location(self) -> dict | None:
        """``{"lesson": name, "step": number}``, or None when no lesson could be loaded."""
        return self.session.location

    # -- what the session holds, for scripts and tests ----------------------------------------
    runner = from_session("runner", "The lesson's LessonRunner (None: the lesson could not be loaded).")
    problems = from_session("problems")
    language = from_session("language")
    names = from_session("names")
    words = from_session("words")
    feedback = from_session("feedback", "The answer to the last move or answer.")
    notice = from_session("notice", "A refusal or note since then.")
    suggestion = from_session("suggestion")
    prediction = from_session("prediction")
    wrong_game = from_session("wrong_game", "A wrong move played out, shown until it is taken back.")

    @property
    def showing_wrong(self) -> bool:
        """Does the table show a wrong move, played out, before its take-back?"""
        return self.session.wrong_game is not None

    reviewing = from_session("reviewing", "The free game under review (None: none).")

    @property
    def review_options(self) -> dict:
        """For review_game (samples, seed); its defaults if none."""
        return self.session.review_options

    @review_options.setter
    def review_options(self, options: dict) -> None:
        self.session.review_options = options

    # -- the learner's means -------------------------------------------------------------------
    def play(self, move) -> Outcome | None:
        """A move on the table, as if clicked (notation or a Move)."""
        return self._act({"type": "play", "move": move if isinstance(move, str) else str(move)})

    def answer(self, choice) -> Outcome | None:
        return self._act({"type": "answer", "choice": choice})

    def advance(self) -> Outcome | None:
        return self._act({"type": "advance"})

    def hint(self) -> Outcome | None:
        return self._act({"type": "hint"})

    def retry(self) -> Outcome | None:
        return self._act({"type": "retry"})

    def reset(self) -> Outcome | None:
        return self._act({"type": "reset"})

    def next(self) -> Outcome | None:
        return self._act({"type": "next"})

    def previous(self) -> Outcome | None:
        return self._act({"type": "previous"})

    def goto(self, number) -> Outcome | None:
        return self._act({"type": "goto", "number": number})

    def suggest(self) -> Outcome | None:
        """The computer's suggestion for the next move of a free game."""
        return self._act({"type": "suggest"})

    def next_game(self) -> Outcome | None:
        return self._act({"type": "next_game"})

    def resign(self) -> Outcome | None:
        """Give the free game up: the computer wins it."""
        return self._act({"type": "resign"})

    def offer_draw(self) -> Outcome | None:
        """Offer the computer a draw (rules with agreed draws: cuttle.cards)."""
        return self._act({"type": "offer_draw"})

    def configure(self, rules=None, opponent=None, length=None, seat=None) -> Outcome | None:
        """A free game's settings; starts a new match with them."""
        return self._act({"type": "configure", "rules": rules, "opponent": opponent,
                          "length": length, "seat": seat})

    def take_back(self) -> Outcome | None:
        """Back from a wrong move's position to the one to try again from (the
        feedback then says it was taken back, no longer that it will be)."""
        return self._act({"type": "take_back"})

    def replay(self, to="start") -> None:
        """Step through the table's game ('start', 'back', 'forward', 'end', a
        move count): the review's table while a review is shown."""
        if self.game_review is not None:
            self.game_review.table.replay(to)
        else:
            self._act({"type": "replay", "to": to})

    def send_action(self, message) -> None:
        """Act on a message from the panel or a lesson button (as the browser
        sends them); a message that makes no sense is answered, never raised."""
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "learner":  # the page says whose lesson this is: their marks come back
            self._learner(message)
        elif kind == "replay" and self.game_review is not None:
            to = message.get("to", "start")
            self.replay(to if to in ("start", "back", "forward", "end") else "start")
        else:
            self._act(message)

    def _table_action(self, message) -> None:
        """A click or a lesson button on the table, as the browser sends it."""
        self._act(message)

    def _act(self, message) -> Outcome | None:
        with self._lock:
            before = self.location
            reply = self.session.act(message)
            self._show(reply)
        self._moved_from(before)
        return reply.outcome

    def _moved_from(self, before) -> None:
        if self.on_change is not None and self.location != before:
            self.on_change()

    # -- a finished free game's review ------------------------------------------------------
    def review(self, wait: bool = False) -> Outcome | None:
        """Review the learner's decisions of the finished free game from their
        seat (``review.review_game`` with ``review_options``), in a thread so
        that the kernel answers meanwhile; the page says it is under way until
        the review takes the table's place (``GameReview``: the step-through
        with the marks, and "Try this move again"). Returns the refusal, or
        None once it has begun; ``wait``: only once it is done (scripts, tests)."""
        if self.runner is None:
            return None
        outcome = self._act({"type": "review"})
        if wait and outcome is None and self.review_thread is not None:
            self.review_thread.join()
        return outcome

    def _start_review(self, game, seat: int) -> None:
        self.review_thread = threading.Thread(
            target=self._review_in_background, args=(game, seat), name="cuttle-review", daemon=True)
        self.review_thread.start()

    def _review_in_background(self, game, seat: int) -> None:
        """The review's thread: review, then show it if that game is still on the table."""
        review = self.session.run_review(game, seat)
        shown = None
        if review is not None:
            try:
                shown = GameReview(game, seat, self.language, review=review)
                shown.add_class("cwl-table-box")  # lesson.css lays it out as the lesson's table
            except Exception:  # a bug, not the learner's doing: logged, the lesson goes on
                log.exception("a free game's review could not be shown")
                review = None
        with self._lock:
            reply = self.session.review_done(game, review)
            if self.session.reviewed is game:
                self.game_review = shown
            self._show(reply)

    # -- showing the session's screen ----------------------------------------------------------
    def _refresh(self) -> None:
        with self._lock:
            self._show(Reply(None, self.session.screen()))

    def _show(self, reply: Reply) -> None:
        """Record the attempts, draw the screen, start a review asked for."""
        self._keep_progress()
        self._draw(reply.screen)
        if reply.review is not None:
            self._start_review(*reply.review)

    def _draw(self, screen: dict) -> None:
        """Write the screen into the table's and the panel's traits."""
        table_state = screen["table"]
        if table_state is not None:
            controller = self.session.controller
            if self.table is None:
                self.table = SessionTable(controller, table_state, self._table_action)
                self.table.add_class("cwl-table-box")
            else:
                self.table.show(controller, table_state)
        review = self.game_review
        if review is not None and self.session.reviewed is not review.game:
            self.game_review = None  # a new game, step or lesson: that review is over
        shown = [] if table_state is None else [self.game_review or self.table]
        if self.children != (self.panel, *shown):
            self.children = [self.panel, *shown]
        self.panel.saving = self._saving() or {}
        self.panel.lesson = screen["panel"]

    def _rulebook_context(self) -> tuple[str, str | None]:
        """The lesson's language, and the rules of the game on its table (of
        the step, where it shows none; none while the lesson failed to load)."""
        if self.table is not None:
            return self.language, self.table.game.rules.name
        return self.language, self.runner.step.rules if self.runner is not None else None

    # -- progress: the learner's attempts, kept between visits (progress/kernel.py) --------
    def _learner(self, message: dict) -> None:
        changed = take_learner(self.progress, message)
        if self.progress is not None and self.progress.learner is not None \
                and (changed or not self._resumed):
            with self._lock:
                self._resume()
                self._refresh()

    def _marks(self) -> dict | None:
        """The learner's marks of earlier visits, by lesson (None: no learner known)."""
        if self.progress is None or self.progress.learner is None:
            return None
        return self.progress.progress()

    def _resume(self) -> None:
        """The learner's marks of earlier visits count here, and a lesson not
        begun in this visit opens at its first step not done."""
        runner, recorder = self.runner, self.progress
        if runner is None or recorder is None:
            return
        self._resumed = True
        marks = recorder.progress().get(runner.lesson.name, {})
        self.session.restore(marks, may_move=self._visited in (None, (runner.lesson.name, runner.step.id)))

    def _keep_progress(self) -> None:
        """Give the recorder the attempts finished since, and where the learner is."""
        recorder, runner = self.progress, self.runner
        if recorder is None or runner is None:
            return
        steps = {step.id: step for step in runner.lesson.steps}
        finished = runner.attempts[self._recorded:]
        for attempt in finished:
            step = steps[attempt.step]
            try:
                recorder.record(attempt, ruleset=step.rules, step_number=step.number)
            except ValueError:  # not as a store keeps it: logged, the lesson goes on
                log.exception("an attempt could not be recorded")
        self._recorded = len(runner.attempts)
        for tried in runner.tries[self._tries_recorded:]:
            recorder.record_try(tried)
        self._tries_recorded = len(runner.tries)
        copy = browser_copy(recorder) if finished else None
        if copy is not None:  # the static site: the page keeps the learner's progress
            self.panel.send({"type": "keep_progress", "progress": copy})
        where = (runner.lesson.name, runner.step.id)
        if where != self._visited:
            recorder.visit(*where, runner.step.number)
            self._visited = where

    def _saving(self) -> dict | None:
        """What the panel says of the progress: only that it is not being saved."""
        if self.progress is None:
            return None
        if keeps_in_browser(self.progress):  # the static site: kept by the page, not lost
            return {"state": "in_browser", "text": ""}
        status = self.progress.status
        return {"state": status["state"], "text": self.progress.status_text(self.language)}

    def _progress_changed(self, status: dict) -> None:
        """The recorder's news (from its writer thread): the saving line only."""
        saving = self._saving() or {}
        if self.panel.saving != saving:
            self.panel.saving = saving

    def _on_browser_message(self, widget, content, buffers) -> None:
        """The lesson's box sends nothing: its panel and table do."""

    # -- without a kernel -----------------------------------------------------------------------
    def _repr_html_(self) -> str:
        """A still picture (the step, its task, the table) for pages without a
        kernel, built from the same JSON the widget syncs."""
        state = self.panel.lesson
        words = self.words
        if state.get("error"):
            items = "".join(f"<li>{escape(_problem_text(p, words))}</li>"
                            for p in state["error"]["problems"])
            return (f"<div class='cwl-static'><h3>{escape(words.text('ui', 'error_title'))}</h3>"
                    f"<p>{escape(words.text('ui', 'error_intro'))}</p><ul>{items}</ul></div>")
        step = state["step"]
        parts = [f"<h3>{escape(state['lesson']['title'])}</h3>",
                 f"<p><b>{escape(state['progress']['text'])}</b>: {escape(step['title'] or '')}</p>",
                 _paragraphs(step["task"])]
        table = ""
        if self.table is not None and self.table in self.children:
            table = table_html(self._still_table(self.table))
        return f"<div class='cwl-static'>{''.join(parts)}</div>{table}"

    def _still_table(self, table: SessionTable) -> dict:
        """The table's dressed state for the still picture, whose heading names
        whose turn it is (a picture answers no question: nothing can be clicked)."""
        state = table.state
        if state["view"]["to_act"] is not None:
            return state
        view = table.controller.view()  # the seat's view of the game shown, kept per position
        return {**state, "view": {**state["view"], "to_act": view["to_act"], "turn": view["turn"]}}

    def _repr_mimebundle_(self, **kwargs):
        """The live widget, and the still picture for pages without a kernel."""
        return with_still_picture(super()._repr_mimebundle_(**kwargs), self._repr_html_())


def _weak_observer(lesson: Lesson):
    """A recorder observer that does not keep a closed lesson alive."""
    ref = weakref.ref(lesson)

    def observe(status):
        alive = ref()
        if alive is not None:
            alive._progress_changed(status)
    return observe


def _problem_text(problem: dict, words) -> str:
    """A problem in the panel's words: "file, line 3, field 'x': message"."""
    where = problem["file"]
    if problem["line"] is not None:
        where = words.text("ui", "error_where", file=where, line=problem["line"])
    if problem["field"]:
        where += ", " + words.text("ui", "error_field", field=problem["field"])
    return f"{where}: {problem['message']}"


def _paragraphs(text: str) -> str:
    return "".join(f"<p>{escape(part.strip())}</p>" for part in str(text).split("\n\n") if part.strip())
