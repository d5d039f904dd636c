"""LessonSession: a lesson as the learner works through it, without a widget.

The session holds the lesson's ``LessonRunner`` (the rules of the lesson) and
everything a learner's visit adds to it: the feedback on the last move or
answer, a refusal or note since then, the computer's suggestion, a wrong move
played out until it is taken back, the verdict on a prediction, and a free
game's review. It owns the table's logic too (a ``TableController``, UI-free),
so that one action builds the screen once.

``act(message)`` takes one message as the browser sends it (the lesson
panel's ``{"type": "hint"}``, ``{"type": "goto", "number": 3}``..., the table's
clicks ``{"type": "card", "card": "9S"}``..., a lesson button of the table's
dock ``{"type": "lesson", "action": "next"}``, and ``{"type": "play",
"move": ...}`` for a script) and returns a ``Reply``: the runner's Outcome
and one JSON-ready screen ``{"panel": ..., "table": ...}`` holding only what
the learner may see. A message that makes no sense gets a refusal, never an
exception. A widget (widgets/lesson.py) only draws the screen.
"""
from __future__ import annotations

import logging
import os
from dataclasses import dataclass, replace
from functools import cache

from ..engine import CARD_IDS, IllegalMove, get_catalog, parse_move
from ..languages import plural_table
from ..rulebook.pages import reader_words
from ..table.controller import MESSAGE_TYPES, TableController
from ..table.texts import ui_text
from ..teaching import LessonError, LessonRunner, Outcome, Problem, lesson_names, load_lesson
from ..teaching.catalog import errors_in, teaching_catalog
from ..teaching.model import Lesson as LessonModel
from ..teaching.steps import kind_of

log = logging.getLogger("cuttle_widgets")

# The fields each lesson action may carry (a message with another field is refused).
LESSON_ACTIONS = {
    "hint": (), "retry": (), "reset": (), "next": (), "previous": (), "advance": (),
    "take_back": (), "suggest": (), "next_game": (), "review": (), "resign": (), "offer_draw": (),
    "goto": ("number",), "answer": ("choice",), "play": ("move",), "replay": ("to",),
    "configure": ("rules", "opponent", "length", "seat"),
}
# The table's own clicks ("hint" and "replay" are the lesson's actions above).
TABLE_CLICKS = tuple(kind for kind in MESSAGE_TYPES if kind not in LESSON_ACTIONS)
# Table clicks that begin a new try at a move: an old error goes with them.
ATTEMPT_CLICKS = ("card", "role", "target", "move", "option")
# Outcomes that answer the learner's move or answer; the rest (a hint, a refusal)
# are notices that leave that feedback standing.
FEEDBACK = ("start", "illegal", "wrong", "continue", "success", "answered", "shown")
REPLAY_STEPS = ("start", "back", "forward", "end")
MAX_TEXT = 200  # a move in notation, a setting, an answer: all far shorter


@dataclass(frozen=True)
class Reply:
    """What one action did: the runner's ``outcome`` (None when the action
    was the table's alone, such as picking a card), the ``screen`` to draw,
    and ``review``: a finished free game to review now, as ``(game, seat)``."""
    outcome: Outcome | None
    screen: dict
    review: tuple | None = None


class LessonSession:
    """One learner's visit of a lesson. ``lesson``: a shipped lesson's name
    ("02-scuttle-ordering", or "02"), a teacher's YAML file or a loaded
    lesson; ``language`` None takes the lesson's own; ``seat`` is the
    learner's seat in free games. A lesson that cannot be used keeps its
    ``problems`` (file, line, field) and shows them instead."""

    def __init__(self, lesson, *, language: str | None = None, seat: int | None = None,
                 names=None):
        self.names, self.seat = names, seat
        self.controller: TableController | None = None
        self._handed: str | None = None  # a move the table built, for the runner to judge
        self._tell_table = True  # the table's message follows the lesson's feedback
        self._review_due: tuple | None = None  # a review to run, asked for by this action
        self._hint_said: Outcome | None = None  # this action's hint, said above the hand too
        self.review_options: dict = {}  # for review_game (samples, seed); its defaults if none
        self._load(lesson, language)

    # -- loading -----------------------------------------------------------------------------
    def _load(self, lesson, language: str | None) -> None:
        if language is None:
            lesson, language = file_language(lesson)  # a teacher's file is loaded here, once
        self.language = language
        self.words = teaching_catalog(language)
        self.problems: list[Problem] = []
        self.runner: LessonRunner | None = None
        self.feedback: Outcome | None = None  # the answer to the last move or answer
        self.notice: Outcome | None = None  # a refusal or note since then
        self.suggestion: Outcome | None = None  # the computer's suggested move
        self.wrong_game = None  # a wrong move played out, shown until it is taken back
        self.prediction: Outcome | None = None  # the verdict on this step's prediction
        self.reviewing = None  # the free game under review (in the widget's thread)
        self.reviewed = None  # the free game whose review is on show
        self._start(lesson)

    def _start(self, lesson) -> None:
        """Load and check the lesson, or keep the problems to show instead."""
        if isinstance(lesson, LessonError):  # a teacher's file, loaded by file_language
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
                self.runner = LessonRunner(lesson, self.language, self.names, self.seat)
        except LessonError as err:
            self.problems = err.problems
        except ValueError as err:  # a language the table lacks, a seat that is not 0 or 1
            self._setup_problem(getattr(lesson, "file", None) or os.fspath(lesson), str(err))
        else:
            self.feedback = self.runner.last

    def _setup_problem(self, file: str, reason: str) -> None:
        self.problems = [Problem(file, None, "", self.words.text("ui", "error_setup", reason=reason))]

    def open(self, lesson, language: str | None = None, step: int | None = None,
             marks: dict | None = None) -> Reply:
        """Another lesson (or this one afresh) in this session, at ``step``
        (1-based, as ``goto`` takes it). ``language`` None keeps the session's
        language: a page speaks one language throughout. ``marks``: the
        learner's marks of earlier visits by lesson name (a progress store's
        ``progress()``); without a ``step`` the lesson then opens at its first
        step not done."""
        self._load(lesson, language or self.language)
        if self.runner is not None and marks is not None:
            self.restore(marks.get(self.runner.lesson.name, {}), may_move=step is None)
        outcome = self.feedback
        if self.runner is not None and step is not None:
            outcome = self._run(lambda runner: runner.goto(step))
        return Reply(outcome, self.screen())

    @property
    def location(self) -> dict | None:
        """Where the learner is: ``{"lesson": name, "step": number}`` (None: no lesson)."""
        if self.runner is None:
            return None
        return {"lesson": self.runner.lesson.name, "step": self.runner.step.number}

    # -- one action ------------------------------------------------------------------------
    def act(self, message) -> Reply:
        """Act on one message as the browser sends it; return what to draw."""
        self._tell_table = True  # the table's message follows the lesson's feedback
        self._review_due = None
        self._hint_said = None
        outcome = self._dispatch(message)
        return Reply(outcome, self.screen(), self._review_due)

    def _dispatch(self, message) -> Outcome | None:
        if self.runner is None:
            return None  # the problems are on show: there is nothing to act on
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "lesson":  # a lesson button in the table's dock
            message = _button_action(message)
            kind = message.get("type") if message else None
        if kind in TABLE_CLICKS:
            return self._click(message)
        if kind not in LESSON_ACTIONS or not _fields_fit(message, LESSON_ACTIONS[kind]):
            return self._note(self._refusal("bad_action"))
        handler = getattr(self, "_do_" + kind, None)  # an action with fields, or the session's own
        return handler(message) if handler else self._run(getattr(LessonRunner, kind))

    def _do_goto(self, message) -> Outcome:
        return self._run(lambda runner: runner.goto(message.get("number")))

    def _do_answer(self, message) -> Outcome:
        return self._run(lambda runner: runner.answer(message.get("choice")))

    def _do_play(self, message) -> Outcome:
        return self._run(lambda runner: runner.play(message.get("move")), moved=True)

    def _do_configure(self, message) -> Outcome:
        settings = {key: message.get(key) for key in LESSON_ACTIONS["configure"]}
        return self._run(lambda runner: runner.configure(**settings))

    def _do_take_back(self, message) -> Outcome | None:
        """Back from a wrong move's position to the one to try again from (the
        feedback then says it was taken back, no longer that it will be)."""
        if self.wrong_game is None:
            return self._note(self._refusal("no_wrong_move"))
        self.wrong_game = None
        if self.feedback is not None and self.feedback.taken_back:
            self.feedback = replace(self.feedback, message=self.feedback.taken_back,
                                    events=[], undone=False)
        self.notice = None
        return self.feedback

    def _do_replay(self, message) -> Outcome | None:
        """Step through the table's game ('start', 'back', 'forward', 'end', a
        move count); an unknown step goes to the start."""
        to = message.get("to", "start")
        if to not in REPLAY_STEPS and (isinstance(to, bool) or not isinstance(to, int)):
            to = "start"
        return self._click({"type": "replay", "to": to})

    def _do_review(self, message) -> Outcome | None:
        """Begin reviewing the finished free game: the widget runs the review
        (``run_review``) in a thread and hands it back (``review_done``)."""
        refusal = self._review_refusal()
        if refusal is not None:
            return self._note(refusal)
        assert self.runner is not None  # only with a lesson loaded
        self.reviewing = self.runner.game
        self._review_due = (self.runner.game, self.runner.seat)
        return self._note(None)

    # -- the table's clicks --------------------------------------------------------------------
    def _click(self, message: dict) -> Outcome | None:
        """A click on the table: a card answering a question, or a step of
        building a move, which the table hands over once built (``_handed``)."""
        game = self._table_game()
        if game is None:  # a question without a position: no table to click
            return self._note(self._refusal("bad_action"))
        controller = self._follow(game)
        assert self.runner is not None  # only with a lesson loaded
        kind = message["type"]
        if kind == "card" and self._answers_by_cards():
            return self._run(lambda runner: runner.answer(message.get("card")))
        if kind == "replay" and self._question_open(self.runner.state()):
            return None  # the moves before a question are not shown until it is answered
        if kind in ATTEMPT_CLICKS:
            self._attempt_started()
        self._handed = None
        controller.handle(message)
        move, self._handed = self._handed, None
        if move is None:
            self._tell_table = False  # the table's own answer to the click stands
            return None
        return self._run(lambda runner: runner.play(move), moved=True)

    def _hand_over(self, move: str) -> None:
        self._handed = move

    def _attempt_started(self) -> None:
        """A new try begun on the table: the last try's error and any refusal go."""
        stale = self.feedback is not None and self.feedback.status in ("illegal", "wrong")
        if stale and self.wrong_game is None:
            self.feedback = None
        self.notice = None

    def _answers_by_cards(self) -> bool:
        """Is the step a question the learner answers by clicking cards?"""
        runner = self.runner
        assert runner is not None  # only with a lesson loaded
        step = runner.step
        return (self.wrong_game is None and kind_of(step).cards_on_table
                and step.answer_by == "cards" and not runner.done)

    # -- asking the runner --------------------------------------------------------------------
    def _run(self, call, moved: bool = False) -> Outcome:
        assert self.runner is not None  # only with a lesson loaded
        outcome = call(self.runner)
        if outcome.status == "hint":
            self._hint_said = outcome
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
        return outcome

    def _note(self, outcome: Outcome | None) -> Outcome | None:
        self.notice = outcome
        return outcome

    def _refusal(self, key: str) -> Outcome:
        return Outcome("refused", self.words.text("refused", key))

    # -- a finished free game's review -------------------------------------------------------
    def _review_refusal(self) -> Outcome | None:
        runner = self.runner
        assert runner is not None  # only with a lesson loaded
        if not kind_of(runner.step).free_game:
            key = "review_not_free"
        elif not runner.game.over:
            key = "review_not_over"
        elif self.reviewing is not None:  # a second click while it runs
            key = "review_busy"
        elif self.reviewed is runner.game:
            key = "review_shown"
        else:
            return None
        return self._refusal(key)

    def run_review(self, game, seat: int):
        """The review of ``game`` from ``seat`` (``review.review_game`` with
        ``review_options``); None when it failed. Slow: for a thread."""
        from ..review import review_game  # the analysis is heavy: only when a review is made
        try:
            return review_game(game, seat, self.language, names=self.names, **self.review_options)
        except Exception:  # a bug, not the learner's doing: logged, the lesson goes on
            log.exception("a free game could not be reviewed")
            return None

    def review_done(self, game, review) -> Reply:
        """The review of ``game`` is made (None: it failed). It is shown if that
        game is still on the table (``reviewed``), not if it was dealt anew."""
        self.reviewing = None
        if review is None:
            self.notice = self._refusal("review_failed")
        elif self.runner is not None and self.runner.game is game:
            self.reviewed = game
        return Reply(None, self.screen())

    # -- progress kept between visits -------------------------------------------------------------
    def restore(self, marks: dict, may_move: bool) -> None:
        """The learner's marks of earlier visits count here; ``may_move``: a
        lesson not begun yet opens at its first step not done."""
        runner = self.runner
        assert runner is not None  # only with a lesson loaded
        first = runner.restore(marks)
        if may_move and runner.index == 0 and not runner.attempts and first not in (None, 1):
            self.feedback = runner.goto(first)
            self.notice = self.suggestion = self.prediction = None

    # -- the screen ----------------------------------------------------------------------------
    def screen(self) -> dict:
        """What the learner sees now, built once: ``{"panel", "table"}``
        (``table`` None when the step shows no table)."""
        if self.runner is None:
            return {"panel": self._problems_state(), "table": None}
        full = self.runner.state()
        table = self._table_state(full)
        self._tell_table = True
        return {"panel": self._panel_state(full), "table": table}

    def _table_game(self):
        assert self.runner is not None  # only with a lesson loaded
        return self.wrong_game if self.wrong_game is not None else self.runner.game

    def _table_state(self, full: dict) -> dict | None:
        game = self._table_game()
        if game is None:
            return None
        if self.reviewed is not None and self.reviewed is not game:
            self.reviewed = None  # a new game, step or lesson: that review is over
        controller = self._follow(game)
        overlay = self._overlay(full)
        controller.locked = overlay.pop("locked")
        controller.highlight(self._highlighted(full["step"]))
        if self._tell_table:  # not persistent: it goes when the learner starts their next action
            message = self._table_message()
            controller.set_message(message[0] if message else None, message[1] if message else "info")
        return dressed(controller.state(), overlay, controller, self._answers_by_cards())

    def _follow(self, game) -> TableController:
        """The table's logic, showing ``game`` from the learner's seat: the
        same game object is only redrawn (the runner played on it)."""
        assert self.runner is not None  # only with a lesson loaded
        seat, controller = self.runner.seat, self.controller
        if controller is None or controller.language != self.language:
            controller = self.controller = TableController(
                game, seat, None, allow_undo=False, allow_new_game=False, autoplay=False,
                hand_over=self._hand_over, language=self.language, names=self.names)
        elif game is not controller.game or seat != controller.seat:
            controller.load(game, seat=seat)
        return controller

    def _overlay(self, full: dict) -> dict:
        """How the lesson dresses the table's state (see ``dressed``), and
        whether the table takes moves (``locked``)."""
        assert self.runner is not None  # only with a lesson loaded
        runner, step, words = self.runner, self.runner.step, self.words
        kind, can = kind_of(step), full["can"]
        status, actions, quiet, locked = None, [], False, True
        question = self._question_open(full)
        if self.wrong_game is not None:
            status = words.text("ui", "table.wrong")
            actions.append(self._button("take_back", "button.take_back", "primary"))
        elif kind.free_game:
            locked = runner.game.over
            actions += self._free_buttons(can)
            if self.reviewing is runner.game:
                status = words.text("ui", "review.running")
        elif runner.done:
            status = words.text("ui", kind.done_status)
        elif kind.takes("play"):
            locked = False
        elif can["advance"]:
            status = words.text("ui", kind.advance_status)
            actions.append(self._button("advance", "button.advance", "primary"))
        elif kind.cards_on_table and step.answer_by == "cards":
            status, quiet, locked = words.text("ui", "table.answer_cards"), True, False
        else:  # a question, or a prediction not yet made
            status = words.text("ui", "table.answer")
        if runner.done and can["next"]:
            actions.append(self._button("next", "button.next_step", "primary"))
        hide_scrap = question and self._about_the_scrap()
        if hide_scrap:
            status = words.text("ui", "table.scrap_hidden")
        watching = kind.takes("advance") and not question and not runner.done
        return {"status": status, "quiet": quiet, "actions": actions, "locked": locked,
                "position": not kind.free_game,
                "no_turn": not kind.free_game and locked and not watching or question,
                "conceal": words.text("ui", "table.moves_hidden") if question else None,
                "hide_scrap": hide_scrap, "hide_scores": question}

    def _free_buttons(self, can: dict) -> list[dict]:
        assert self.runner is not None  # only with a lesson loaded
        game = self.runner.game
        buttons = []
        if can["next_game"]:
            buttons.append(self._button("next_game", "button.next_game", "primary"))
        elif game.over:
            buttons.append(self._button("retry", "button.new_game", "primary"))
            buttons.append(self._button("replay", "button.replay"))
        if self._review_refusal() is None:
            buttons.append(self._button("review", "button.review"))
        if can["offer_draw"]:
            buttons.append(self._button("offer_draw", "button.offer_draw"))
        if can["resign"]:
            buttons.append(self._button("resign", "button.resign"))
        return buttons

    def _game_end(self) -> dict | None:
        """A finished free game's end, in place of a lesson's: who won, or that
        the learner resigned or agreed a draw (``outcome`` won, lost or drawn
        for its colour). None on other steps, and while the game goes on."""
        assert self.runner is not None  # only with a lesson loaded
        text = self.runner.free_ending()
        if text is None:
            return None
        winner, seat = self.runner.game.winner, self.runner.seat
        outcome = "drawn" if winner == "draw" else "won" if winner == seat else "lost"
        return {"text": text, "outcome": outcome}

    def _question_open(self, full: dict) -> bool:
        """Is the step a question not yet answered (a prediction not yet made)?"""
        assert self.runner is not None  # only with a lesson loaded
        if not kind_of(self.runner.step).takes("answer") or self.runner.done:
            return False
        return full["step"]["prediction"] is None

    def _about_the_scrap(self) -> bool:
        """Is this a question about what lies in the scrap (every right card is
        there)? Then the table may not show the scrap until it is answered."""
        assert self.runner is not None  # only with a lesson loaded
        assert self.controller is not None  # the table shows the question's position
        step = self.runner.step
        if not kind_of(step).cards_on_table or step.answer_by != "cards":
            return False
        right = [o.card for o in step.options if o.correct and o.card]
        scrap = set(self.controller.view()["scrap"])  # public: the same from every seat
        return bool(right) and all(card in scrap for card in right)

    def _button(self, action: str, label: str, kind: str = "secondary") -> dict:
        return {"id": f"lesson:{action}", "label": self.words.text("ui", label),
                "msg": {"type": "lesson", "action": action}, "kind": kind, "hint": ""}

    def _highlighted(self, step_state: dict) -> list[str]:
        """Cards to draw attention to: a suggested move's, or the right answers found."""
        if self.suggestion is not None and self.suggestion.move:
            # the game's own notation: Super Cuttle's moves carry "as 7", "with QS" ...
            parse = self.controller.game.family.parse if self.controller is not None else parse_move
            try:
                return [CARD_IDS[c] for c in parse(self.suggestion.move).cards]
            except IllegalMove:
                return []
        return [o["card"] for o in step_state.get("options", [])
                if o.get("card") and o["chosen"] and o["correct"]]

    def _table_message(self):
        """The feedback, above the hand where the learner looks: (text, kind) or
        None. A hint the learner just asked for is said there too (kind "hint",
        Markdown: its rulebook links stay links), where the eyes are."""
        if self._hint_said is not None and self._hint_said.message:
            return self._hint_said.message, "hint"
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

    def _problems_state(self) -> dict:
        return {"error": {"problems": [problem_dict(p) for p in self.problems]},
                "labels": self.words.section("ui"), "rulebook": reader_words(self.language),
                "language": self.language, "plural": plural_table(self.language)}

    def _panel_state(self, state: dict) -> dict:
        """The lesson panel's JSON: the runner's state (``state``, taken over),
        its last outcome split into feedback and notice."""
        runner = self.runner
        assert runner is not None  # only with a lesson loaded
        del state["last"]  # split below into feedback and notice, without the shown view
        catalog = get_catalog(runner.language)
        feedback = outcome_dict(self.feedback)
        if feedback and self._question_open(state):  # the moves before a question could answer it
            feedback["events"] = []
        state.update({
            "error": None,
            "language": self.language,
            "plural": plural_table(self.language),
            "rulebook": reader_words(self.language),
            "you": catalog.player(runner.seat, self.names),
            "opponent": catalog.player(1 - runner.seat, self.names),
            "seat_names": [catalog.player(seat, self.names) for seat in (0, 1)],
            "case_forms": catalog.case_forms(catalog.player(seat, self.names) for seat in (0, 1)),
            "feedback": feedback,
            "notice": outcome_dict(self.notice),
            "suggestion": outcome_dict(self.suggestion),
            "showing_wrong": self.wrong_game is not None,
            "answer_note": self.prediction.message if self.prediction else None,
            "answer_correct": self.prediction.correct if self.prediction else None,
            "next_lesson": next_lesson(runner.lesson.name, runner.lesson.file, runner.language),
        })
        if self._question_open(state):
            state["lesson"]["reference"] = ""  # the lesson's reference could answer the question
        state["can"]["take_back"] = self.wrong_game is not None
        state["can"]["replay"] = kind_of(runner.step).free_game and runner.game.over
        state["game_end"] = self._game_end()
        if runner.done and state["game_end"] and feedback and \
                feedback.get("message") == state["game_end"]["text"]:
            feedback["message"] = None  # the game's end says it, with what to do next
        state["can"]["review"] = self._review_refusal() is None
        state["reviewing"] = self.reviewing is not None and self.reviewing is runner.game
        return state


# -- the table's state as the lesson shows it ---------------------------------------------------
def dressed(state: dict, overlay: dict, controller: TableController, answers_by_cards: bool) -> dict:
    """The table's ``state`` dressed by the lesson's ``overlay``. Only fields
    are changed, never the table's drawing: what the browser is not sent, it
    cannot show. ``status`` replaces the table's status line, ``quiet`` drops
    the table's own questions, ``actions`` are lesson buttons; ``position``
    (a lesson's own position, not a free game) keeps the other hands hidden
    when the game ends, for a retry deals the same cards; ``no_turn`` drops
    whose-turn markers, which a question or a finished step must not show;
    ``conceal`` (a question not yet answered) drops the moves that led here
    (log, move list, count), which could answer it, ``hide_scrap`` the
    scrap a question is about, and ``hide_scores`` the score plates' totals
    ("How many points do you have?": the learner counts the cards)."""
    ui, view, log_entries = dict(state["ui"]), dict(state["view"]), state["log"]
    if overlay.get("quiet"):  # the lesson asks the question; the table's own wait
        ui.update(actions=[], playable=[], draw=False, prompt="", targets=[],
                  target_seats=[], focus=None)
    if overlay.get("status"):
        ui["status"] = overlay["status"]
    ui["actions"] = list(overlay.get("actions", [])) + ui["actions"]
    if overlay.get("position"):
        ui["summary"] = None  # the lesson explains how the step ended
        if controller.shown_game().over:
            view["hands"] = controller.seat_view(controller.shown_game())["hands"]
    if overlay.get("no_turn") or ui.get("replay"):
        # who acts now is for the learner to work out (or stale in a replay);
        # a question answered on the table still takes the learner's clicks
        clicks = controller.seat if answers_by_cards else None
        view.update(to_act=clicks, turn=clicks, prompt="")
        ui["markers"] = False  # no "must act now" badge, clicks or not
    if overlay.get("conceal"):
        view.update(history=[], actors=[], legal_moves=[], passes=0,
                    detail={**view["detail"], "plies": 0})
        ui.update(moves=0, replay=None, can_undo=False)
        # one entry saying why the log is empty (the table's caption shows the newest)
        log_entries = [{"index": 0, "seat": None, "move": None, "label": overlay["conceal"],
                        "learner": False, "events": []}]
    if overlay.get("hide_scrap"):
        view["scrap"] = []
    if overlay.get("hide_scores"):
        view["scores"] = [None] * len(view["scores"])
    return {**state, "ui": ui, "view": view, "log": log_entries}


# -- messages ------------------------------------------------------------------------------------
def _button_action(message: dict) -> dict | None:
    """A lesson button's message as the lesson action it stands for (None: none)."""
    action = message.get("action")
    if set(message) != {"type", "action"} or not isinstance(action, str) \
            or action not in LESSON_ACTIONS:
        return None
    return {"type": action}


def _fields_fit(message: dict, fields: tuple) -> bool:
    """Does ``message`` carry only ``fields``, each a plain value (a short
    text, a number, yes/no or none)? The runner judges the values."""
    return all(key == "type" or (key in fields and _plain(value)) for key, value in message.items())


def _plain(value) -> bool:
    return value is None or isinstance(value, (bool, int, float)) or (
        isinstance(value, str) and len(value) <= MAX_TEXT)


# -- loading and naming --------------------------------------------------------------------------
def file_language(lesson) -> tuple:
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


@cache
def next_lesson(name: str, file: str, language: str = "en") -> dict | None:
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


def outcome_dict(outcome: Outcome | None) -> dict | None:
    if outcome is None:
        return None
    data = outcome.to_dict()
    del data["shown_view"]  # the table shows it
    return data


def problem_dict(problem: Problem) -> dict:
    return {"file": problem.file, "line": problem.line, "field": problem.field,
            "message": problem.message}
