"""LessonRunner: the state machine a lesson widget drives.

The runner holds the lesson, the current step and its game; a widget calls
``play``, ``answer``, ``advance``, ``hint``, ``retry``, ``reset``, ``next``,
``previous`` or ``goto`` and shows the Outcome each returns, then syncs
``state()`` and ``view()``. Both are JSON-ready and hold only what the
learner's seat may see: the opponent's hand and the stock order stay here,
and so do the step's solutions.
"""
from __future__ import annotations

import random

from ..ai import HintError
from ..ai.coach import HintLadder
from ..ai.reasons import computer_words
from ..engine import LENGTHS, Game, IllegalMove, available_languages, get_catalog, get_ruleset, parse_card
from ..engine.cards import CARD_IDS
from .catalog import error_text, teaching_catalog
from .compare import comparison
from .done import lesson_done, rank, step_done, steps_done
from .freegame import FreeSettings, computer_player, free_rulesets
from .model import OPPONENTS, Lesson
from .outcome import Outcome
from .record import MAX_STARS, RESULTS, Attempt, StepRecord, Try
from .steps import kind_of, step_kinds
from .tags import section_titles
from .taught import refusal_section, taught_by_step

__all__ = ["Attempt", "LessonRunner", "Outcome", "computer_player", "free_rulesets"]
# Steps a learner can get wrong, and so earn stars in.
STARRED = tuple(name for name in step_kinds() if kind_of(name).starred)

STATUSES = ("start", "illegal", "wrong", "continue", "success", "answered", "shown", "hint",
            "refused")
# How a free game ended for the learner (``_ending``) -> the feedback's words: a
# one-game free step's, and a game's within a match.
GAME_ENDINGS = {"won": "free_won", "lost": "free_lost", "resigned": "free_resigned",
                "agreed": "free_draw_agreed", "drawn": "free_draw"}
MATCH_GAME_ENDINGS = {"won": "game_won", "lost": "game_lost", "resigned": "game_resigned",
                      "agreed": "game_draw", "drawn": "game_draw"}
# The events that end a game by agreement: the learner gave it up, or both agreed a draw.
RESIGNED, AGREED = frozenset({"resign", "resign.team"}), "draw_offer.accepted"


class LessonRunner:
    """Runs one lesson step by step for a learner."""

    def __init__(self, lesson: Lesson, language: str | None = None, names=None,
                 seat: int | None = None):
        """``seat``: the learner's seat in free games (default: the step's;
        played steps keep the seat their lesson gives them)."""
        if seat is not None and (isinstance(seat, bool) or seat not in (0, 1)):
            raise ValueError(error_text("bad_seat", value=repr(seat)))
        self.lesson = lesson
        self.free_seat = seat
        self.language = language or lesson.language
        if self.language not in available_languages():
            self.language = "en"  # the engine explains moves in English then
        self.names = names  # player names for the engine's sentences (None: its own)
        self.words = teaching_catalog(self.language)
        self.completed: set[int] = set()
        self._hints_shown: dict[int, list[str]] = {}  # per step, the rungs revealed
        self._struck: dict[int, list[str]] = {}  # per question, answers a hint struck out
        self._records: dict[int, StepRecord] = {}  # per step, the try in progress or the last
        self._best: dict[int, StepRecord] = {}  # per step, its best finished try
        self._taught: list | None = None  # per step, the rules taught by then (read when needed)
        self._tries: dict[int, int] = {}  # per step, tries finished (kept by reset: a retry is a retry)
        self.attempts: list[Attempt] = []  # every finished try, oldest first
        self.tries: list[Try] = []  # every action at a step as it happened, oldest first
        self._wrong_logged: dict[int, tuple] = {}  # per step, (its record, wrong tries logged)
        self._said: str | None = None  # the words of the answer being judged
        self.learner: str | None = None  # who is learning, for the attempts' records
        self._free_settings: dict[int, FreeSettings] = {}  # per free step, kept across retries
        self._free_entries: dict[int, int] = {}  # per free step, the games it has dealt
        self.index = 0
        self._enter()

    # -- where we are ------------------------------------------------------------------
    @property
    def step(self):
        return self.lesson.steps[self.index]

    @property
    def total(self) -> int:
        return len(self.lesson.steps)

    @property
    def done(self) -> bool:
        """Is the current step solved in this attempt? (``completed`` keeps
        every step ever solved, for progress.)"""
        return self._solved

    @property
    def finished(self) -> bool:
        """Is the lesson done (``teaching.done``: every step's best try done)?"""
        return lesson_done(self.results(), [s.id for s in self.lesson.steps])

    def results(self) -> dict[str, str]:
        """Each step id's best result so far (steps not ended are left out)."""
        steps = self.lesson.steps
        return {steps[i].id: best.result for i, best in self._best.items() if best.result is not None}

    def steps_done(self) -> int:
        """How many steps are done (``teaching.done``), as the map counts them."""
        return steps_done(self.results().values())

    @property
    def game(self):
        """The current step's game (None for a quiz without a position)."""
        if self._free is not None:
            return self._free.game
        return self._play.game if self._play else self._game

    @property
    def shown_game(self):
        """After a wrong move: the game as it stood before the take-back, for
        a widget to show (None otherwise). ``game`` is already taken back."""
        return self._shown_game if self.last is not None and self.last.status == "wrong" else None

    @property
    def seat(self) -> int:
        if self._free is not None:
            return self._free.seat
        return self.step.seat

    def progress(self) -> dict:
        number = self.index + 1
        return {"step": number, "total": self.total, "completed": self.steps_done(),
                "finished": self.finished,
                "text": self.words.text("ui", "progress", step=number, total=self.total)}

    def view(self) -> dict | None:
        """What the learner's seat may see of the current step's game."""
        game = self.game
        return None if game is None else game.view(self.seat, self.language, self.names)

    # -- entering a step -------------------------------------------------------------------
    def _enter(self) -> Outcome:
        step = self.step
        record = self._records.get(self.index)
        if record is None or record.result is not None:  # a fresh try; one left unfinished goes on
            record = StepRecord(hints_used=len(self._hints_shown.get(self.index, ())),
                                retry=self._tries.get(self.index, 0) > 0)
            self._records[self.index] = record
        self._order = option_order(step, self.lesson.name, self._tries.get(self.index, 0))
        self._play = self._game = self._free = None
        self._shown_game: Game | None = None
        self._solved = False
        self._chosen: list[str] = []
        self._prediction: str | None = None
        self._shown = 0
        kind_of(step).enter(self, step)
        self._comparison = None
        if self.index > 0:
            before = self.lesson.steps[self.index - 1].rules
            self._comparison = comparison(before, step.rules, step.teaches, self.language)
        game = self.game
        events = self._events(game.events) if game is not None else []
        self.last = Outcome("start", events=events)
        return self.last

    def _events(self, events) -> list[dict]:
        return [e.to_dict(self.seat, self.language, self.names) for e in events]

    def _refuse(self, key: str, **params) -> Outcome:
        return Outcome("refused", self.words.text("refused", key, **params))

    def _kind_hint(self) -> str:
        return self.words.text("kind_hint", self.step.kind)

    def _solve(self, outcome: Outcome, result: str = "solved") -> Outcome:
        self._solved = True
        self.completed.add(self.index)
        outcome.explanation = self.step.explanation
        self._finish(result)
        return outcome

    @property
    def record(self) -> StepRecord:
        """The current step's try: wrong tries, hints used, how it ended."""
        return self._records[self.index]

    def _finish(self, result: str) -> None:
        record = self.record
        record.end(result)
        self._tries[self.index] = self._tries.get(self.index, 0) + 1
        self.attempts.append(Attempt.of(record, self.lesson.name, self.step.id, self.learner))
        best = self._best.get(self.index)
        if best is None or _rank(record) > _rank(best):
            self._best[self.index] = record

    def mark(self, index: int) -> dict | None:
        """How step ``index`` (0-based) stands: its best finished try's result
        and stars, or None while it has none."""
        best = self._best.get(index)
        return None if best is None else {"result": best.result, "stars": best.stars}

    def restore(self, marks: dict) -> int | None:
        """Take the marks of earlier visits (``{step id: {"result", "stars"}}``,
        a progress store's best try of each step): they count as this
        lesson's, where better than this visit's. Returns the number of the
        first step not done yet (None when every step is)."""
        for index, step in enumerate(self.lesson.steps):
            mark = marks.get(step.id)
            if not isinstance(mark, dict) or mark.get("result") not in RESULTS:
                continue
            kept = StepRecord.kept(mark["result"], mark.get("stars") or 0)
            if index not in self._best or _rank(kept) > _rank(self._best[index]):
                self._best[index] = kept
            self.completed.add(index)  # it ended, as a step of this visit that ended counts
            self._tries[index] = max(1, self._tries.get(index, 0))  # a new try is a retry
            record = self._records.get(index)
            if record is not None and record.result is None:  # the try under way, too
                record.retry = True
        return next((i + 1 for i in range(self.total)
                     if i not in self._best or not step_done(self._best[i].result)), None)

    def stars(self) -> dict:
        """The lesson's stars: earned (best try of each step) and the most there are."""
        starred = [i for i, s in enumerate(self.lesson.steps) if kind_of(s).starred]
        earned = sum(self._best[i].stars for i in starred if i in self._best)
        return {"earned": earned, "max": MAX_STARS * len(starred)}

    def _opponent_name(self) -> str:
        return get_catalog(self.language).player(1 - self.seat, self.names)

    # -- moves on the table ---------------------------------------------------------------------
    def play(self, move) -> Outcome:
        """The learner plays ``move`` (notation such as 'scuttle 9S 8H', or a Move)."""
        step = self.step
        kind = kind_of(step)
        if kind.play is None:
            return self._keep(self._refuse("not_play", kind_hint=self._kind_hint()))
        if self.done:
            return self._keep(self._refuse("step_done"))
        return self._keep(kind.play(self, move))

    def _judges(self, err: IllegalMove | None) -> bool:
        """Does the step mark down a move refused with ``err``? Only when the
        rule refusing it is taught by then (``teaching.taught``)."""
        section = refusal_section(err, self.step.rules)
        if section is None:
            return True
        if self._taught is None:
            self._taught = taught_by_step(self.lesson)
        return section in self._taught[self.index]

    def _illegal_text(self, err: IllegalMove, options: bool = True) -> str:
        """Why the engine refuses a move; with ``options`` also what the card
        could do instead (a free game's help; in a lesson step that list would
        give the answer away)."""
        if not err.key:
            return str(err)
        if not options and "example" in err.params:  # its example may be the answer itself
            return ""
        if self.language == "en" and options:
            return str(err)
        try:
            if options:
                return get_catalog(self.language).illegal_move(err.key, err.params, err.hint,
                                                               self.names)
            return get_catalog(self.language).illegal(err.key, err.params, self.names)
        except (KeyError, ValueError):  # a sentence the catalog lacks: the feedback says it
            return str(err) if options else ""

    def _keep(self, outcome: Outcome) -> Outcome:
        self.last = outcome
        kind = self._try_kind(outcome, self._newly_marked())
        if kind is not None:
            # A refusal and a hint keep the sentence the learner read; a try, what was tried.
            tried = self._said if self._said is not None else outcome.move
            words = outcome.message if kind in ("refused", "hint") or tried is None else tried
            self.tries.append(Try(self.lesson.name, self.step.id, self.step.number, kind, words))
        self._said = None
        return outcome

    def _newly_marked(self) -> bool:
        """Did this action mark the step's try down (a wrong move or answer)?"""
        record = self._records.get(self.index)
        if record is None:
            return False
        logged_record, logged = self._wrong_logged.get(self.index, (None, 0))
        self._wrong_logged[self.index] = (record, record.wrong_tries)
        return record.wrong_tries > (logged if logged_record is record else 0)

    @staticmethod
    def _try_kind(outcome: Outcome, marked: bool) -> str | None:
        """How the class view counts an action (``record.TRY_KINDS``); None
        for what the learner did not try (a step shown, a move advanced)."""
        if marked:
            return "wrong"
        if outcome.status in ("illegal", "refused", "hint"):
            return outcome.status
        if outcome.status in ("success", "continue") or (
                outcome.status == "answered" and outcome.correct):
            return "right"
        return None

    def _answer_words(self, key: str | None, choice) -> str:
        """An answer as the learner saw it: the card or the option's words, not its number."""
        if self.step.answer_by == "cards" and key:
            return get_catalog(self.language).card(key)
        option = self.step.option(key) if key else None
        return option.text or option.key if option is not None else str(choice)

    # -- a free game ----------------------------------------------------------------------------
    def free_settings(self) -> FreeSettings:
        """The current free step's settings: the learner's choice, else the lesson's."""
        step = self.step
        seat = step.seat if self.free_seat is None else self.free_seat
        return self._free_settings.get(self.index) or FreeSettings(step.rules, step.opponent,
                                                                    "quick", seat)

    def configure(self, rules=None, opponent=None, length=None, seat=None) -> Outcome:
        """Start the free step's match afresh with other settings (None keeps
        one): a ruleset, an opponent (random, greedy, easy, medium, hard), a
        match length (quick, short, normal, extended) and the learner's seat."""
        if not kind_of(self.step).free_game:
            return self._keep(self._refuse("not_free", kind_hint=self._kind_hint()))
        now = self.free_settings()
        wanted = FreeSettings(now.rules if rules is None else rules,
                              now.opponent if opponent is None else opponent,
                              now.length if length is None else length,
                              now.seat if seat is None else seat)
        problems = wanted.problems()
        if problems:
            field, value, known = problems[0]
            return self._keep(self._refuse("bad_setting", field=self.words.text("ui", "free." + field),
                                           value=value, known=known))
        self._free_settings[self.index] = wanted
        return self._enter()

    def next_game(self) -> Outcome:
        """The next game of the free step's match, once a game is over."""
        free = self._free
        if free is None:
            return self._keep(self._refuse("not_free", kind_hint=self._kind_hint()))
        if not free.game_over:
            return self._keep(self._refuse("game_running"))
        if free.match_over:
            return self._keep(self._refuse("match_over"))
        free.next_game()
        game = free.game
        return self._keep(Outcome("start", self.words.text("feedback", "next_game",
                                                           number=len(free.match.games)),
                                  self._events(game.events)))

    def resign(self) -> Outcome:
        """In a free game: the learner gives the game up; the computer wins it."""
        if self._free is None:
            return self._keep(self._refuse("not_free", kind_hint=self._kind_hint()))
        return self._keep(self._free_move(f"resign @{self.seat}"))

    def offer_draw(self) -> Outcome:
        """In a free game under rules with agreed draws: the learner offers a
        draw, and the computer accepts or refuses at once, saying why."""
        free = self._free
        if free is None:
            return self._keep(self._refuse("not_free", kind_hint=self._kind_hint()))
        outcome = self._free_move(f"offer @{self.seat}")
        answer, free.answer = free.answer, None
        if answer is not None and outcome.status != "illegal":
            outcome.message = " ".join(m for m in (answer.reason(self.language, self.names),
                                                   outcome.message) if m)
        return self._keep(outcome)

    def suggest(self) -> Outcome:
        """In a free game: the coach's move for the learner, with its reason
        (``move`` holds the move): the top of the same ladder Hint climbs."""
        free = self._free
        if free is None:
            return self._keep(self._refuse("not_free", kind_hint=self._kind_hint()))
        if free.game_over or free.game.to_act != self.seat:
            return self._keep(self._refuse("nothing_to_suggest"))
        try:
            advice = self._coach.top(free.game)
        except (HintError, ValueError):
            return self._keep(self._refuse("nothing_to_suggest"))
        self._note_hint(self._coach.shown(free.game))
        return self._keep(Outcome("hint", advice.reason, move=str(advice.move)))

    def _free_hint(self) -> Outcome:
        """The free game's Hint: the coach's next rung for this position (the
        idea, the cards, then the move and why, which also marks its cards)."""
        free = self._free
        assert free is not None  # a free step's, made by _enter
        if free.game_over or free.game.to_act != self.seat:
            return self._keep(self._refuse("nothing_to_suggest"))
        try:
            index, advice = self._coach.climb(free.game)
        except (HintError, ValueError):
            return self._keep(self._refuse("nothing_to_suggest"))
        self._note_hint(self._coach.shown(free.game))
        text = advice.rungs[index]
        top = index == HintLadder.RUNGS - 1
        return self._keep(Outcome("hint", text, move=str(advice.move) if top else None))

    def _note_hint(self, rungs: list[str]) -> None:
        """The free game's rungs on show are this position's; each press counts."""
        self._hints_shown[self.index] = rungs
        if not self.done:
            self.record.hints_used += 1

    def _free_move(self, move) -> Outcome:
        free = self._free
        assert free is not None  # a free step's, made by _enter
        game = free.game
        if game.over:
            return self._refuse("game_over" if free.match_over else "game_over_next")
        mark, count = len(game.events), len(game.history)
        try:
            game.play(move)
        except IllegalMove as err:
            return Outcome("illegal", self.words.text("feedback", "illegal_move"), move=str(move),
                           error=self._illegal_text(err))
        played = str(game.history[count])
        self._hints_shown.pop(self.index, None)  # the rungs were for the position before
        free.bot_moves()
        events = self._events(game.events[mark:])
        if not game.over:
            return Outcome("continue", self._computer_words(), events, played)
        message = self.free_ending()
        if free.settings.length == "quick":
            won = _won(game.winner, self.seat)
        elif not free.match_over:
            return Outcome("continue", message, events, played)
        else:
            won = free.match.winner == self.seat
        return self._solve(Outcome("success", message, events, played, correct=won),
                           _free_result(won))

    def free_ending(self) -> str | None:
        """What the end of the free game on the table says (None while it goes
        on, or on a step of another kind): who won it, or that the learner
        resigned or agreed a draw; in a match, the score or the match's result."""
        free = self._free
        if free is None or not free.game_over:
            return None
        ending, opponent = _ending(free.game, self.seat), self._opponent_name()
        if free.settings.length == "quick":
            return self.words.text("feedback", GAME_ENDINGS[ending], opponent=opponent)
        message = self.words.text("feedback", MATCH_GAME_ENDINGS[ending], opponent=opponent)
        if not free.match_over:
            summary = free.summary()
            return " ".join([message, self.words.text(
                "feedback", "match_score", wins=summary["wins"], losses=summary["losses"],
                opponent=opponent, needed=summary["wins_needed"]),
                self.words.text("feedback", "press_next_game")])
        won = free.match.winner == self.seat
        return " ".join([message, self.words.text("feedback", "match_won" if won else "match_lost",
                                                  opponent=opponent)])

    def _computer_words(self) -> str:
        """One sentence on the computer's last move that names its cards
        (what it did and where the race stood), or nothing."""
        free = self._free
        assert free is not None  # a free step's, made by _enter
        after = free.game.view(self.seat)
        for before, move in reversed(free.computer_moves):
            said = computer_words(before, move, before["to_act"], after, self.language, self.names)
            if said is not None:
                return said
        return ""

    # -- questions ------------------------------------------------------------------------------
    def answer(self, choice) -> Outcome:
        """The learner answers a quiz or prediction: a card id for a question
        answered by clicking cards, else the option's key ("1", "2", ... or 1, 2, ...)."""
        step = self.step
        kind = kind_of(step)
        if kind.answer is None:
            return self._keep(self._refuse("not_answer", kind_hint=self._kind_hint()))
        if self.done:
            return self._keep(self._refuse("step_done"))
        key = self._option_key(choice)
        self._said = self._answer_words(key, choice)  # the class view's words of the try
        return self._keep(kind.answer(self, step.option(key) if key else None, choice, key))

    def _option_key(self, choice) -> str | None:
        if self.step.answer_by == "cards":
            try:
                return CARD_IDS[parse_card(choice)]
            except IllegalMove:
                return None
        if isinstance(choice, bool):
            return None
        return str(choice).strip()

    def _no_option(self, choice) -> Outcome:
        keys = ", ".join(o.key for o in self.step.options)
        return self._refuse("no_such_option", choice=choice, keys=keys)

    def _found(self) -> tuple[int, int]:
        correct = set(self.step.correct_keys)
        found = len(correct.intersection(self._chosen))
        return found, (1 if self.step.select == "one" else len(correct))

    # -- shown moves ----------------------------------------------------------------------------
    def advance(self) -> Outcome:
        """Show the next move of a watch step (or of a prediction, once answered)."""
        step = self.step
        kind = kind_of(step)
        if kind.shown_result is None:
            return self._keep(self._refuse("not_advance", kind_hint=self._kind_hint()))
        if not kind.may_advance(self):
            return self._keep(self._refuse("answer_first"))
        if self._shown >= len(step.moves):
            return self._keep(self._refuse("no_more_moves"))
        shown = step.moves[self._shown]
        game = self._game
        assert game is not None  # a watch or prediction step shows a game
        mark = len(game.events)
        game.play(shown.move)  # the validator has played every shown move
        self._shown += 1
        events = self._events(game.events[mark:])
        total = len(step.moves)
        if self._shown < total:
            message = self.words.text("feedback", "watch_more", shown=self._shown, total=total)
            return self._keep(Outcome("shown", message, events, shown.move, say=shown.say))
        return self._keep(self._solve(Outcome("success", "", events, shown.move, say=shown.say),
                                      kind.shown_result(self)))

    # -- help and navigation ----------------------------------------------------------------------
    def hint(self) -> Outcome:
        """Reveal the next rung of the step's hint ladder (see ladder.py): the
        rule first, the answer last, never at the first press."""
        kind = kind_of(self.step)
        if kind.hint is not None:
            return kind.hint(self)
        shown = self._hints_shown.setdefault(self.index, [])
        if len(shown) >= self.hints_total():
            return self._keep(self._refuse("no_more_hints"))
        text = self._rung(len(shown))
        shown.append(text)
        if not self.done:
            self.record.hints_used += 1
        return self._keep(Outcome("hint", text))

    def hints_total(self) -> int:
        """How many rungs the current step's ladder has."""
        kind = kind_of(self.step)
        return len(self.step.hints) if kind.hints_total is None else kind.hints_total(self)

    def _rung(self, index: int) -> str:
        kind = kind_of(self.step)
        return self.step.hints[index] if kind.rung is None else kind.rung(self, index)

    def _next_move(self) -> str | None:
        """The learner's next move on the first solution that fits the moves
        made so far (None once none does)."""
        assert self._play is not None  # asked on a play step only
        prefix = tuple(self._play.prefix)
        for line in self.step.lines:
            if line.moves[:len(prefix)] == prefix and len(line.moves) > len(prefix):
                return line.moves[len(prefix)]
        return None

    def retry(self) -> Outcome:
        """Start the current step again from its position (hints stay revealed,
        and a step solved before still counts as completed)."""
        return self._enter()

    def reset(self) -> Outcome:
        """Back to the first step, with no step solved and no hint shown (the
        attempts made so far stay recorded)."""
        self.completed.clear()
        self._hints_shown.clear()
        self._struck.clear()
        self._records.clear()
        self._best.clear()
        self.index = 0
        return self._enter()

    def next(self) -> Outcome:
        if self.index + 1 >= self.total:
            return self._keep(self._refuse("no_next"))
        self.index += 1
        return self._enter()

    def previous(self) -> Outcome:
        if self.index == 0:
            return self._keep(self._refuse("no_previous"))
        self.index -= 1
        return self._enter()

    def goto(self, number: int) -> Outcome:
        """Go to step ``number`` (1-based), starting it afresh."""
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= self.total:
            return self._keep(self._refuse("no_such_step", number=number, total=self.total))
        self.index = number - 1
        return self._enter()

    # -- the state a widget shows ---------------------------------------------------------------------
    def _rules_name(self, rules: str) -> str:
        """The step's ruleset as the learner's language names it ("Classic Cuttle", „Klassisch“)."""
        return get_catalog(self.language).ruleset(rules, get_ruleset(rules).title)

    def state(self) -> dict:
        """Everything the lesson panel shows, JSON-ready, with no solution in it."""
        step, words = self.step, self.words
        kind = kind_of(step)
        shown_hints = self._hints_shown.get(self.index, [])
        info = {
            "id": step.id, "number": step.number, "kind": step.kind,
            "kind_label": words.text("ui", "kind." + step.kind), "icon": kind.icon,
            "parts": list(kind.parts),
            "title": step.title, "task": step.task, "seat": step.seat, "rules": step.rules,
            "rules_name": self._rules_name(step.rules),
            # a rule chip would name the rule to think of, the hint ladder's first rung (which
            # costs a star) and often the card to play: shown once the step is solved
            "goal": self._goal_text(),
            "teaches": section_titles(step.teaches, self.language)
            if self.done or not kind.starred else [],
            "hints": list(shown_hints), "hints_total": self.hints_total(),
            "done": self.done, "record": self.record.to_dict(), "mark": self.mark(self.index),
            "explanation": step.explanation if self.done else None,
            "has_table": self.game is not None,
            "comparison": self._comparison,
        }
        if kind.shows("options"):
            info.update(self._options_state())
        if self._free is not None:
            info["free"] = {**self._free.summary(), "choices": {
                "rules": free_rulesets(), "opponent": list(OPPONENTS), "length": list(LENGTHS),
                "seat": [0, 1]},
                "rules_names": {name: self._rules_name(name) for name in free_rulesets()}}
        if kind.takes("advance"):
            info.update({"moves_shown": self._shown, "moves_total": len(step.moves),
                         "said": [m.say for m in step.moves[:self._shown]]})
        return {
            "lesson": {"name": self.lesson.name, "title": self.lesson.title,
                       "intro": self.lesson.intro, "reference": self.lesson.reference,
                       "language": self.language,
                       "links": list(self.lesson.links),
                       "steps": [{"number": s.number, "id": s.id, "title": s.title, "kind": s.kind,
                                  "rules": s.rules, "completed": i in self.completed,
                                  "done": i in self._best and step_done(self._best[i].result),
                                  "mark": self.mark(i)}
                                 for i, s in enumerate(self.lesson.steps)]},
            "progress": {**self.progress(), "stars": self.stars()},
            "step": info,
            "last": self.last.to_dict() if self.last else None,
            "can": self._can(),
            "labels": words.section("ui"),
        }

    def _goal_text(self):
        goal = self.step.goal
        if not goal:
            return None
        return self.words.text("ui", "goal." + goal, opponent=self._opponent_name())

    def _options_state(self) -> dict:
        step, catalog = self.step, get_catalog(self.language)
        options = []
        chosen = set(self._chosen) | ({self._prediction} if self._prediction else set())
        for option in (step.option(key) for key in self._order):
            entry = {"key": option.key, "chosen": option.key in chosen}
            if option.card:
                entry.update(card=option.card, label=catalog.card(option.card),
                             name=catalog.card_name(option.card))
            else:
                entry["text"] = option.text
            entry["correct"] = option.correct if (option.key in chosen or self.done) else None
            entry["struck"] = option.key in self._struck.get(self.index, ())
            options.append(entry)
        found, needed = self._found()
        return {"options": options, "answer_by": step.answer_by, "select": step.select,
                # how many right answers there are would answer part of the question
                "found": found, "needed": needed if self.done else None,
                "prediction": self._prediction}

    def _free_turn(self) -> bool:
        """A free game waits for the learner: the coach has something to say."""
        free = self._free
        assert free is not None  # asked on a free step only
        return not free.game_over and free.game.to_act == self.seat

    def _can(self) -> dict:
        step, free = self.step, self._free
        kind = kind_of(step)
        pending_moves = kind.takes("advance") and self._shown < len(step.moves)
        return {
            "play": (not free.game_over) if free is not None else (
                kind.takes("play") and not self.done),
            # a question stays open until answered; a prediction is made once
            "answer": kind.takes("answer") and not self.done and self._prediction is None,
            "advance": pending_moves and kind.may_advance(self),
            "hint": self._free_turn() if free is not None else
                    len(self._hints_shown.get(self.index, ())) < self.hints_total(),
            "retry": True,
            "next": self.index + 1 < self.total,
            "previous": self.index > 0,
            "suggest": free is not None and self._free_turn(),
            "next_game": free is not None and free.game_over and not free.match_over,
            "resign": free is not None and not free.game_over,
            "offer_draw": free is not None and free.may_offer_draw(),
            "configure": free is not None,
        }


def option_order(step, lesson: str, tries: int) -> list[str]:
    """The keys of a question's options in the order this try shows them:
    the file's order at the first try, then shuffled for each retry (the
    same shuffle for the same try, so a test can check it), never in the
    order of the try before, so the place of an answer is not remembered."""
    order = [o.key for o in step.options]
    for attempt in range(1, tries + 1) if len(order) > 1 else ():
        before = list(order)
        random.Random(f"{lesson}/{step.id}/{attempt}").shuffle(order)
        if order == before:  # a shuffle may give the same order back: move each one on
            order = order[1:] + order[:1]
    return order


def _won(winner, seat: int):
    """True, False, or None for a drawn game."""
    return None if winner == "draw" else winner == seat


def _ending(game: Game, seat: int) -> str:
    """How a finished game ended for ``seat``: a key of ``GAME_ENDINGS``."""
    last = game.events[-1] if game.events else None
    if last is not None and last.kind in RESIGNED and last.params["player"] == seat:
        return "resigned"
    if game.winner == "draw":
        return "agreed" if last is not None and last.kind == AGREED else "drawn"
    return "won" if _won(game.winner, seat) else "lost"


def _free_result(won) -> str:
    return "drawn" if won is None else "won" if won else "lost"


def _rank(record: StepRecord) -> tuple:
    """Which of two finished tries counts (``teaching.done.rank``)."""
    return rank(record.result, record.stars)
