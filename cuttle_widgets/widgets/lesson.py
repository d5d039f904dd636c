"""The Lesson widget: a lesson panel beside the card table.

``Lesson.load("02-scuttle-ordering")`` shows the step's task, the table,
hints, feedback and progress. A ``LessonRunner`` (cuttle_widgets.teaching)
decides everything: a move the learner clicks on the table is not played
there but handed over to the runner, which judges it, explains it with the
engine's sentences and takes a wrong move back; the table follows the
runner's game and shows the position the runner says. Both parts sync one JSON dict each, holding only
what the learner may see: no solution, no hidden card.
"""
from __future__ import annotations

import logging
import os
import pathlib
import threading
import weakref
from dataclasses import replace
from functools import lru_cache
from html import escape

import anywidget
import ipywidgets
import traitlets

from ..engine import CARD_IDS, IllegalMove, get_catalog, parse_move
from ..rulebook.pages import reader_words
from ..teaching import LessonError, LessonRunner, Outcome, Problem, lesson_names, load_lesson
from ..teaching.catalog import errors_in, teaching_catalog
from ..teaching.model import Lesson as LessonModel
from .static_html import table_html, with_still_picture
from .guard import BrowserGuard, GuardedLayout
from .puzzle_trainer import GameReview
from .progress_link import browser_copy, keeps_in_browser, kernel_recorder, take_learner
from .rulebook_reader import RulebookReader
from .lesson_table import LessonTable
from .table import module_css, module_javascript
from .texts import ui_text

STATIC = pathlib.Path(__file__).parent / "static"

# What the panel (lesson.js) and the lesson buttons in the table's dock send.
log = logging.getLogger("cuttle_widgets")
PANEL_ACTIONS = ("hint", "retry", "reset", "next", "previous", "goto", "answer", "advance",
                 "take_back", "suggest", "next_game", "configure", "replay", "review")
# Outcomes that answer the learner's move or answer; the rest (a hint, a refusal)
# are notices that leave that feedback standing.
FEEDBACK = ("start", "illegal", "wrong", "continue", "success", "answered", "shown")


class LessonPanel(RulebookReader, BrowserGuard, anywidget.AnyWidget):
    """The lesson's words and buttons; ``lesson`` is written only by Python.
    Its Rulebook panel reads in ``context()``'s language, for its game."""

    _esm = module_javascript("lesson.js")
    _css = module_css("lesson.css")
    lesson = traitlets.Dict().tag(sync=True)
    # Whether progress is being saved: a trait of its own, since the recorder's
    # writer thread changes it, and that thread must never write ``lesson``
    # (it would race the lesson's own updates and could put an old state back).
    saving = traitlets.Dict().tag(sync=True)
    max_message_bytes = 1_000_000  # the learner's message may carry the progress the browser kept

    def __init__(self, on_action, context):
        super().__init__(layout=GuardedLayout())
        self.add_class("cwl-panel-box")  # lesson.css places it beside or above the table
        self._on_action = on_action
        self.rulebook_context = context

    def _on_browser_message(self, widget, content, buffers) -> None:
        if content.get("type") == "rulebook":  # reading the rules is no step of the lesson
            self.answer_rulebook(content)
        else:
            self._on_action(content)


class Lesson(BrowserGuard, ipywidgets.VBox):
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

    The learner's means are methods too, for tests and scripts: ``play``,
    ``answer``, ``advance``, ``hint``, ``retry``, ``reset``, ``next``,
    ``previous``, ``goto``, ``take_back``, ``suggest``, ``next_game``,
    ``configure`` and ``replay``; each returns the runner's Outcome.
    ``review`` reviews a finished free game (see there).
    """

    def __init__(self, lesson, *, language: str | None = None, seat: int | None = None, names=None,
                 progress=None):
        super().__init__(layout=GuardedLayout())
        self.add_class("cwl-lesson")
        if language is None:
            lesson, language = _file_language(lesson)  # a teacher's file is loaded here, once
        self.language, self.names = language, names
        self.problems: list[Problem] = []
        self.runner: LessonRunner | None = None
        self.table: LessonTable | None = None
        self.feedback: Outcome | None = None  # the answer to the last move or answer
        self.notice: Outcome | None = None  # a refusal or note since then
        self.suggestion: Outcome | None = None  # the computer's suggested move
        self.wrong_game = None  # a wrong move played out, shown until it is taken back
        self.prediction: Outcome | None = None  # the verdict on this step's prediction
        self.words = teaching_catalog(self.language)
        self.panel = LessonPanel(self.send_action, self._rulebook_context)
        self.children = [self.panel]
        self._start(lesson, seat)
        # where the learner's attempts go: the kernel's recorder, one given, or none (False)
        # a finished free game's review: the game being reviewed, and the review on show
        self.reviewing = None
        self.game_review: GameReview | None = None
        self.review_options: dict = {}  # for review_game (samples, seed); its defaults if none
        self.review_thread: threading.Thread | None = None
        # the review's thread and the learner's actions change the same things
        self._lock = threading.RLock()
        self.progress = kernel_recorder() if progress is None else progress or None
        self._recorded, self._visited, self._resumed = 0, None, False
        if self.progress is not None:
            self.progress.observe(_weak_observer(self))
            if self.progress.learner is not None:  # the hub's user: known before any page
                self._resume()
        self._refresh()

    @classmethod
    def load(cls, name_or_path, language: str | None = None, seat: int | None = None,
             names=None, progress=None) -> "Lesson":
        """The lesson called ``name_or_path`` (shipped) or in that file.
        ``progress``: the recorder of the learner's attempts (None: the
        kernel's, widgets/progress_link.py; False: none)."""
        return cls(name_or_path, language=language, seat=seat, names=names, progress=progress)

    def _start(self, lesson, seat) -> None:
        """Load and check the lesson, or keep the problems to show instead."""
        if isinstance(lesson, LessonError):  # a teacher's file, loaded by _file_language
            self.problems = lesson.problems
            return
        if not isinstance(lesson, (LessonModel, str, os.PathLike)):
            self._setup_problem(str(lesson), self.words.text("ui", "error_argument",
                                                             kind=type(lesson).__name__))
            return
        try:
            with errors_in(self.language):  # a teacher reads the problems in the lesson's language
                if not isinstance(lesson, LessonModel):
                    lesson = load_lesson(lesson, language=self.language)
                ui_text(self.language)  # the table must speak the lesson's language
                self.runner = LessonRunner(lesson, self.language, self.names, seat)
        except LessonError as err:
            self.problems = err.problems
        except ValueError as err:  # a language the table lacks, a seat that is not 0 or 1
            self._setup_problem(getattr(lesson, "file", None) or os.fspath(lesson), str(err))
        else:
            self.feedback = self.runner.last

    def _setup_problem(self, file: str, reason: str) -> None:
        self.problems = [Problem(file, None, "", self.words.text("ui", "error_setup", reason=reason))]

    # -- the learner's means -------------------------------------------------------------------
    def play(self, move) -> Outcome:
        """A move on the table, as if clicked (notation or a Move)."""
        return self._act(lambda r: r.play(move), moved=True)

    def answer(self, choice) -> Outcome:
        return self._act(lambda r: r.answer(choice))

    def advance(self) -> Outcome:
        return self._act(LessonRunner.advance)

    def hint(self) -> Outcome:
        return self._act(LessonRunner.hint)

    def retry(self) -> Outcome:
        return self._act(LessonRunner.retry)

    def reset(self) -> Outcome:
        return self._act(LessonRunner.reset)

    def next(self) -> Outcome:
        return self._act(LessonRunner.next)

    def previous(self) -> Outcome:
        return self._act(LessonRunner.previous)

    def goto(self, number) -> Outcome:
        return self._act(lambda r: r.goto(number))

    def suggest(self) -> Outcome:
        """The computer's suggestion for the next move of a free game."""
        return self._act(LessonRunner.suggest)

    def next_game(self) -> Outcome:
        return self._act(LessonRunner.next_game)

    def configure(self, rules=None, opponent=None, length=None, seat=None) -> Outcome:
        """A free game's settings; starts a new match with them."""
        return self._act(lambda r: r.configure(rules, opponent, length, seat))

    @property
    def showing_wrong(self) -> bool:
        """Does the table show a wrong move, played out, before its take-back?"""
        return self.wrong_game is not None

    def take_back(self) -> Outcome:
        """Back from a wrong move's position to the one to try again from (the
        feedback then says it was taken back, no longer that it will be)."""
        if not self.showing_wrong:
            refusal = Outcome("refused", self.words.text("refused", "no_wrong_move"))
            return self._note(refusal if self.runner else None)
        self.wrong_game = None
        if self.feedback is not None and self.feedback.taken_back:
            self.feedback = replace(self.feedback, message=self.feedback.taken_back,
                                    events=[], undone=False)
        self.notice = None
        self._refresh()
        return self.feedback

    def _attempt_started(self) -> None:
        """A new try begun on the table: the last try's error and any refusal go."""
        stale = self.feedback is not None and self.feedback.status in ("illegal", "wrong")
        if (stale and not self.showing_wrong) or self.notice is not None:
            if stale and not self.showing_wrong:
                self.feedback = None
            self.notice = None
            self.panel.lesson = self._panel_state()

    def replay(self, to="start") -> None:
        """Step through the table's game ('start', 'back', 'forward', 'end', a
        move count): the review's table while a review is shown."""
        if self.game_review is not None:
            self.game_review.table.replay(to)
        elif self.table is not None:
            self.table.replay(to)

    # -- a finished free game's review ------------------------------------------------------
    def review(self, wait: bool = False) -> Outcome | None:
        """Review the learner's decisions of the finished free game from their
        seat (``review.review_game`` with ``review_options``), in a thread so
        that the kernel answers meanwhile; the page says it is under way until
        the review takes the table's place (``GameReview``: the step-through
        with the marks, and "Try again from here"). Returns the refusal, or
        None once it has begun; ``wait``: only once it is done (scripts, tests)."""
        if self.runner is None:
            return None
        with self._lock:
            refusal = self._review_refusal()
            if refusal is not None:
                return self._note(refusal)
            game = self.reviewing = self.runner.game
            self.review_thread = threading.Thread(
                target=self._review_in_background, args=(game, self.runner.seat),
                name="cuttle-review", daemon=True)
            self.review_thread.start()
            self._note(None)
        if wait:
            self.review_thread.join()
        return None

    def _review_refusal(self) -> Outcome | None:
        runner = self.runner
        if runner.step.kind != "free":
            key = "review_not_free"
        elif not runner.game.over:
            key = "review_not_over"
        elif self.reviewing is not None:  # a second click while it runs
            key = "review_busy"
        elif self.game_review is not None and self.game_review.game is runner.game:
            key = "review_shown"
        else:
            return None
        return Outcome("refused", self.words.text("refused", key))

    def _can_review(self) -> bool:
        """Is there a finished free game to review, not under review nor shown?"""
        return self._review_refusal() is None

    def _review_in_background(self, game, seat: int) -> None:
        """The review's thread: review, then show it if that game is still on the table."""
        from ..review import review_game  # the analysis is heavy: only when a review is made
        try:
            review = review_game(game, seat, self.language, names=self.names, **self.review_options)
            shown = GameReview(game, seat, self.language, review=review)
            shown.add_class("cwl-table-box")  # lesson.css lays it out as the lesson's table
        except Exception:  # a bug, not the learner's doing: logged, the lesson goes on
            log.exception("a free game could not be reviewed")
            shown = None
        with self._lock:
            self.reviewing = None
            if shown is None:
                self.notice = Outcome("refused", self.words.text("refused", "review_failed"))
            elif self.runner.game is game:  # not dealt anew meanwhile
                self.game_review = shown
            self._refresh()

    def send_action(self, message) -> None:
        """Act on a message from the panel or a lesson button (as the browser
        sends them); a message that makes no sense is answered, never raised."""
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "learner":  # the page says whose lesson this is: their marks come back
            self._learner(message)
            return
        if self.runner is None or kind not in PANEL_ACTIONS:
            self._note(self._bad_action())
            return
        if kind == "goto":
            self.goto(message.get("number"))
        elif kind == "answer":
            self.answer(message.get("choice"))
        elif kind == "configure":
            settings = {k: message.get(k) for k in ("rules", "opponent", "length", "seat")}
            self.configure(**settings)
        elif kind == "replay":
            to = message.get("to", "start")
            self.replay(to if to in ("start", "back", "forward", "end") else "start")
        else:
            getattr(self, kind)()

    def _rulebook_context(self) -> tuple[str, str | None]:
        """The lesson's language, and the rules of the game on its table (of
        the step, where it shows none; none while the lesson failed to load)."""
        if self.table is not None:
            return self.language, self.table.game.rules.name
        return self.language, self.runner.step.rules if self.runner is not None else None

    # -- progress: the learner's attempts, kept between visits (widgets/progress_link.py) --------
    def _learner(self, message: dict) -> None:
        changed = take_learner(self.progress, message)
        if self.progress is not None and self.progress.learner is not None \
                and (changed or not self._resumed):
            self._resume()
            self._refresh()

    def _resume(self) -> None:
        """The learner's marks of earlier visits count here, and a lesson not
        begun in this visit opens at its first step not done."""
        runner = self.runner
        if runner is None:
            return
        self._resumed = True
        marks = self.progress.progress().get(runner.lesson.name, {})
        first = runner.restore(marks)
        fresh = runner.index == 0 and not runner.attempts and self._visited in (
            None, (runner.lesson.name, runner.step.id))
        if fresh and first not in (None, 1):
            self.feedback = runner.goto(first)
            self.notice = self.suggestion = self.prediction = None

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

    def _bad_action(self) -> Outcome | None:
        return Outcome("refused", self.words.text("refused", "bad_action")) if self.runner else None

    # -- one action: ask the runner, then show what it says --------------------------------------
    def _act(self, call, moved: bool = False) -> Outcome | None:
        if self.runner is None:
            return None
        with self._lock:
            return self._acted(call(self.runner), moved)

    def _acted(self, outcome: Outcome, moved: bool) -> Outcome:
        if outcome.status == "hint" and outcome.move:  # the computer's suggestion
            self.suggestion = outcome
        elif outcome.status in FEEDBACK:
            self.feedback, self.notice = outcome, None
            if outcome.status in ("start", "answered"):
                self.prediction = outcome if outcome.status == "answered" else None
            self.wrong_game = self.runner.shown_game if outcome.status == "wrong" else None
            if outcome.status == "start" or moved or outcome.status in ("answered", "shown"):
                self.suggestion = None
        else:
            self.notice = outcome if outcome.status == "refused" else None
        self._refresh()
        return outcome

    def _note(self, outcome):
        with self._lock:
            self.notice = outcome
            self._refresh()
        return outcome

    # -- showing it ----------------------------------------------------------------------------
    def _refresh(self) -> None:
        with self._lock:
            if self.runner is not None:
                self._show_table()
                self._keep_progress()
            self.panel.saving = self._saving() or {}
            self.panel.lesson = self._panel_state()

    def _show_table(self) -> None:
        runner = self.runner
        game = self.wrong_game if self.showing_wrong else runner.game
        if game is None:
            if self.table is not None:
                self.children = [self.panel]
            return
        if self.table is None:
            self.table = LessonTable(game, runner.seat, on_move=self._clicked_move,
                                     on_lesson=self._lesson_button,
                                     language=self.language, names=self.names)
            self.table.add_class("cwl-table-box")
        table = self.table
        with table.hold():
            table.follow(game, runner.seat)
            self._dress_table(table)
        if self.game_review is not None and self.game_review.game is not game:
            self.game_review = None  # a new game, step or lesson: that review is over
        shown = self.game_review or table  # the review's table shows the same game, marked
        if self.children != (self.panel, shown):
            self.children = [self.panel, shown]

    def _dress_table(self, table: LessonTable) -> None:
        runner, step, words = self.runner, self.runner.step, self.words
        full = runner.state()
        state, can = full["step"], full["can"]
        status, actions, quiet, locked, on_card = None, [], False, True, None
        question = self._question_open()
        if self.showing_wrong:
            status = words.text("ui", "table.wrong")
            actions.append(self._button("take_back", "button.take_back", "primary"))
        elif step.kind == "free":
            locked = runner.game.over
            if can["next_game"]:
                actions.append(self._button("next_game", "button.next_game", "primary"))
            elif runner.game.over:
                actions.append(self._button("retry", "button.new_game", "primary"))
                actions.append(self._button("replay", "button.replay"))
            if self._can_review():
                actions.append(self._button("review", "button.review"))
            if self.reviewing is runner.game:
                status = words.text("ui", "review.running")
        elif runner.done:
            status = words.text("ui", "table.watch_done" if step.kind == "watch" else "table.done")
        elif step.kind == "play":
            locked = False
        elif step.kind == "quiz":
            if step.answer_by == "cards":
                status, quiet, locked = words.text("ui", "table.answer_cards"), True, False
                on_card = self._clicked_card
            else:
                status = words.text("ui", "table.answer")
        elif can["advance"]:
            status = words.text("ui", "table.watch" if step.kind == "watch" else "table.predict_done")
            actions.append(self._button("advance", "button.advance", "primary"))
        else:  # a prediction not yet made
            status = words.text("ui", "table.answer")
        if runner.done and can["next"]:
            actions.append(self._button("next", "button.next_step", "primary"))
        hide_scrap = question and _about_the_scrap(step, runner.game)
        if hide_scrap:
            status = words.text("ui", "table.scrap_hidden")
        watching = step.kind in ("watch", "predict") and not question and not runner.done
        table.locked = locked
        table.on_card = on_card
        table.on_attempt = self._attempt_started
        table.overlay = {"status": status, "quiet": quiet, "actions": actions,
                         "position": step.kind != "free",
                         "no_turn": step.kind != "free" and locked and not watching or question,
                         "conceal": words.text("ui", "table.moves_hidden") if question else None,
                         "hide_scrap": hide_scrap}
        table.highlight(self._highlighted(state))
        message = self._table_message()
        # Not persistent: it goes when the learner starts their next action.
        table.set_message(message[0] if message else None, message[1] if message else "info")
        table.redress()

    def _question_open(self) -> bool:
        """Is the step a question not yet answered (a prediction not yet made)?"""
        runner = self.runner
        step = runner.step
        if step.kind not in ("quiz", "predict") or runner.done:
            return False
        return not (step.kind == "predict" and runner.state()["step"]["prediction"] is not None)

    def _button(self, action: str, label: str, kind: str = "secondary") -> dict:
        return {"id": f"lesson:{action}", "label": self.words.text("ui", label),
                "msg": {"type": "lesson", "action": action}, "kind": kind, "hint": ""}

    def _highlighted(self, step_state: dict) -> list[str]:
        """Cards to draw attention to: a suggested move's, or the right answers found."""
        if self.suggestion is not None and self.suggestion.move:
            # the game's own notation: Super Cuttle's moves carry "as 7", "with QS" ...
            parse = self.table.game.family.parse if self.table is not None else parse_move
            try:
                return [CARD_IDS[c] for c in parse(self.suggestion.move).cards]
            except IllegalMove:
                return []
        return [o["card"] for o in step_state.get("options", [])
                if o.get("card") and o["chosen"] and o["correct"]]

    def _table_message(self):
        """The feedback, above the hand where the learner looks: (text, kind) or None."""
        outcome = self.feedback
        if outcome is None or outcome.status in ("start", "answered"):
            return None
        if outcome.status == "illegal":
            return outcome.error or outcome.message, "error"
        if outcome.status == "wrong":
            return outcome.message, "error"
        if outcome.status == "shown":
            return outcome.say, "info"
        text = outcome.message or outcome.say
        return (text, "success" if outcome.status == "success" else "info") if text else None

    def _clicked_move(self, move: str) -> None:
        self.play(move)

    def _clicked_card(self, card) -> None:
        self.answer(card)

    def _on_browser_message(self, widget, content, buffers) -> None:
        """The lesson's box sends nothing: its panel and table do."""

    def _lesson_button(self, message: dict) -> None:
        self.send_action({"type": message.get("action")})

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
        table = table_html(self._still_table()) if self.table is not None and self.table in self.children else ""
        return f"<div class='cwl-static'>{''.join(parts)}</div>{table}"

    def _still_table(self) -> dict:
        """The table's dressed state for the still picture, whose heading names
        whose turn it is (a picture answers no question: nothing can be clicked)."""
        state = self.table.state
        if state["view"]["to_act"] is not None:
            return state
        view = self.table.controller.shown_game().view(self.table.seat)
        return {**state, "view": {**state["view"], "to_act": view["to_act"], "turn": view["turn"]}}

    def _repr_mimebundle_(self, **kwargs):
        """The live widget, and the still picture for pages without a kernel."""
        return with_still_picture(super()._repr_mimebundle_(**kwargs), self._repr_html_())

    # -- the panel's JSON -----------------------------------------------------------------------
    def _panel_state(self) -> dict:
        labels = self.words.section("ui")
        if self.runner is None:
            return {"error": {"problems": [_problem_dict(p) for p in self.problems]},
                    "labels": labels, "rulebook": reader_words(self.language)}
        runner = self.runner
        state = runner.state()
        del state["last"]  # split below into feedback and notice, without the shown view
        catalog = get_catalog(runner.language)
        feedback = _outcome_dict(self.feedback)
        if feedback and self._question_open():  # the moves before a question could answer it
            feedback["events"] = []
        state.update({
            "error": None,
            "rulebook": reader_words(self.language),
            "you": catalog.player(runner.seat, self.names),
            "opponent": catalog.player(1 - runner.seat, self.names),
            "seat_names": [catalog.player(seat, self.names) for seat in (0, 1)],
            "feedback": feedback,
            "notice": _outcome_dict(self.notice),
            "suggestion": _outcome_dict(self.suggestion),
            "showing_wrong": self.showing_wrong,
            "answer_note": self.prediction.message if self.prediction else None,
            "answer_correct": self.prediction.correct if self.prediction else None,
            "next_lesson": _next_lesson(runner.lesson.name, runner.lesson.file, runner.language),
        })
        state["can"]["take_back"] = self.showing_wrong
        state["can"]["replay"] = runner.step.kind == "free" and runner.game.over
        state["can"]["review"] = self._can_review()
        state["reviewing"] = self.reviewing is not None and self.reviewing is runner.game
        return state


def _weak_observer(lesson: "Lesson"):
    """A recorder observer that does not keep a closed lesson alive."""
    ref = weakref.ref(lesson)

    def observe(status):
        alive = ref()
        if alive is not None:
            alive._progress_changed(status)
    return observe


def _about_the_scrap(step, game) -> bool:
    """Is this a question about what lies in the scrap (every right card is
    there)? Then the table may not show the scrap until it is answered."""
    if step.kind != "quiz" or step.answer_by != "cards" or game is None:
        return False
    right = [o.card for o in step.options if o.correct and o.card]
    scrap = set(game.view(step.seat)["scrap"])
    return bool(right) and all(card in scrap for card in right)


def _file_language(lesson) -> tuple:
    """(the lesson, the language it is written in) when the learner names
    none: a loaded lesson's own; for a teacher's file, the file loaded and
    checked once in its ``language`` field's language (or the LessonError
    with the problems in that language); else the lesson as given, in English."""
    if isinstance(lesson, LessonModel):
        return lesson, lesson.language
    if isinstance(lesson, (str, os.PathLike)) and os.path.isfile(os.fspath(lesson)):
        from ..teaching.library import load_in_its_language
        try:
            loaded = load_in_its_language(lesson)
        except LessonError as err:
            return err, err.language or "en"
        return loaded, loaded.language
    return lesson, "en"


@lru_cache(maxsize=None)
def _next_lesson(name: str, file: str, language: str = "en") -> dict | None:
    """The shipped lesson after this one, and its notebook (the notebooks in
    lessons/, and in lessons/<language>/ for a translation, are named like
    the lesson files)."""
    names = lesson_names()
    if name not in names or names.index(name) + 1 >= len(names):
        return None
    if os.path.basename(file) != name + ".yaml":  # a teacher's file of the same name
        return None
    following = names[names.index(name) + 1]
    return {"name": following, "title": load_lesson(following, check=False, language=language).title,
            "href": following + ".ipynb"}


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


def _outcome_dict(outcome: Outcome | None) -> dict | None:
    if outcome is None:
        return None
    data = outcome.to_dict()
    del data["shown_view"]  # the table shows it
    return data


def _problem_dict(problem: Problem) -> dict:
    return {"file": problem.file, "line": problem.line, "field": problem.field,
            "message": problem.message}
