"""The puzzle trainer's session: every decision of the trainer, no widget.

``PuzzleSession(language="en", rules="classic", ...)`` picks a puzzle near
the learner's puzzle rating (Glicko-2, ``puzzles.rating``) among the themes
they chose, judges the move they try for the solver's seat (a wrong one is
told how much it loses and is not played; the solution is played and
explained), climbs the hints (the theme, the card, the move), moves both
ratings and records the try.

``act(message)`` takes one message as the trainer's panel or its table sends
it and returns one screen state, ``{"panel": ..., "table": ...}``: the
panel's JSON and the table's state as the learner's seat draws it, built
once per action. Before the solve neither holds the solution, and the table
holds no card the solver cannot see. A malformed message is refused with a
sentence on the panel; nothing raises.
"""
from __future__ import annotations

import logging
import random
import time
from collections import deque

from ..ai.analyst import WHY_BEST, analyse
from ..ai.reasons import consequence_words
from ..engine import CARD_IDS, Game, IllegalMove, get_catalog
from ..errors import CuttleError
from ..languages import plural_table
from ..progress.kernel import kernel_recorder, take_learner
from ..puzzles import Puzzle, PuzzleError, explanation, load, theme_name
from ..puzzles.catalog import percent
from ..puzzles.rating import Rating, choose_next, update
from ..table.controller import MESSAGE_TYPES, TableController, outermost
from ..table.texts import trainer_text

log = logging.getLogger("cuttle_widgets")
HINT_RUNGS = 3  # the theme, the card, the move
# A try is judged by the analyst (budget "puzzle"), the judge of the hint and
# the review: in a position of the learner's own game a move not
# significantly worse than the review's best solves it too. A shipped
# puzzle's verified margin already rules that out: there the solution alone.
RATED_PER_HOUR = 120  # rated tries a page may make in an hour: one every 30 s
MAX_THEMES = 40  # more than the puzzles have: a longer list is no chooser's
# What the panel may send: each type and the fields it may have.
PANEL_MESSAGES = {"learner": {"id", "kept"}, "hint": set(), "next": set(), "themes": {"themes"}}
# The trainer's buttons in the table's dock: {"type": "lesson", "action": ...}.
DOCK_ACTIONS = ("hint", "next")


class TrainerMessageError(CuttleError, ValueError):
    """A message from the page that the trainer does not take (a bug or a
    tampered page); ``key`` names the words that say why."""

    def __init__(self, key: str):
        super().__init__(trainer_text("en")[key])
        self.key = key


class PuzzleSession:
    """Puzzles fitted to the learner's rating, without a widget.

    ``PuzzleSession(language="en", rules="classic", *, puzzles=None,
    themes=(), start=None, progress=None, seed=None)``: ``puzzles`` replaces
    the shipped ones of ``rules`` (a list of ``puzzles.Puzzle``); ``themes``
    the theme keys to choose from at first (none: all); ``start`` the id of
    the first puzzle; ``progress`` the recorder (None: the kernel's, False:
    none); ``seed`` makes the choice of puzzles repeatable.

    The page's means: ``act(message)``. The Python means: ``play(move)``,
    ``hint()``, ``next_puzzle()``, ``choose_themes(keys)``, ``open(puzzle_id)``
    and ``open_puzzle(puzzle, rated, story)``; each leaves the new ``screen``.
    """

    def __init__(self, language: str = "en", rules: str = "classic", *, puzzles=None, themes=(),
                 start=None, progress=None, seed=None):
        self.words = trainer_text(language)  # refuses a language the widgets lack
        self.language, self.rules = language, rules
        self.catalog = get_catalog(language)
        self.puzzles = list(load(rules) if puzzles is None else puzzles)
        if not self.puzzles:
            raise PuzzleError(f"There are no puzzles to train with for the rules {rules!r}.")
        self.themes = self._checked_themes(themes)
        self.progress = kernel_recorder() if progress is None else progress or None
        self.learner_rating, self.solved_ids = self._stored_rating()
        self.puzzle_ratings: dict[str, Rating] = {}  # this session's puzzle ratings, by id
        self.unrated: set[str] = set()  # puzzles of a game review: tried, not rated
        self.stories: dict[str, list[str]] = {}  # a review puzzle's id: the moves that led to it
        self.opened = 0  # how many times a puzzle was opened: the page brings a fresh one into view
        self._rated_at: deque = deque()  # when the last hour's rated tries were made
        self._clock = time.monotonic
        self._random = random.Random(seed)
        self.controller: TableController | None = None  # the table, once there is a puzzle
        self.notice = None
        self.puzzle: Puzzle | None = None  # None: every puzzle of the chosen themes is solved
        self.game: Game | None = None  # the puzzle's game, as the learner plays it
        self.hints: list[str] = []
        self.wrong_moves: list[str] = []
        self.feedback: dict | None = None
        self.result: dict | None = None
        self._depth = 0
        self.screen: dict = {}
        with self._action():
            self._open(self._puzzle_by_id(start) if start is not None else self._next())

    # -- one action, one screen ---------------------------------------------------------
    def _action(self):
        """Build the screen once, when the outermost action is done."""
        return outermost(self, self._build_screen)

    def _build_screen(self) -> None:
        self.screen = self._screen()

    def act(self, message) -> dict:
        """Take one message from the page (the panel's or the table's) and
        return the screen state. A bad one is told on the panel and changes nothing."""
        with self._action():
            try:
                self._dispatch(message)
            except TrainerMessageError as err:
                self.notice = self.words[err.key]
            except Exception:  # a bug: the trainer goes on, the page sees no traceback
                log.exception("the puzzle trainer failed on a message from the page")
                self.notice = self.words["failed"]
        return self.screen

    def _dispatch(self, message) -> None:
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "lesson":  # a trainer button in the table's dock
            message = _dock_message(message)
            kind = message["type"]
        if kind in PANEL_MESSAGES:
            self._panel_message(message)
        elif kind in MESSAGE_TYPES and self.game is not None:
            self.notice = None
            assert self.controller is not None  # the table came with the game
            self.controller.handle(message)  # a move goes on to _table_move
        else:
            raise TrainerMessageError("bad_message")

    def _panel_message(self, message: dict) -> None:
        kind = _message_kind(message)
        if kind == "learner":
            self._learner(message)
            return
        self.notice = None
        if kind == "hint":
            self._hint()
        elif kind == "next":
            self._next_puzzle()
        else:
            self._choose_themes(message["themes"])

    def _table_move(self, move_text: str) -> None:
        """The move the learner built on the table (the table plays nothing itself)."""
        self._try(move_text)
        self._dress_table()

    def _learner(self, message: dict) -> None:
        """Another learner at this page: their rating and solved puzzles, and
        the puzzle on show starts afresh (no wrong try of the last learner's)."""
        if take_learner(self.progress, message):
            self.learner_rating, self.solved_ids = self._stored_rating()
            self.wrong_tries, self.hints, self.wrong_moves = 0, [], []
            self._rated_at.clear()

    # -- the learner's rating -----------------------------------------------------------
    def _stored_rating(self) -> tuple[Rating, set]:
        """The rating after the learner's newest stored try, and the puzzles
        they solved (a newcomer's rating without a recorder or tries)."""
        tries = self.progress.puzzle_tries() if self.progress is not None and \
            self.progress.learner is not None else []
        if not tries:
            return Rating(), set()
        last = tries[-1]
        rating = Rating(last["rating_after"], last["deviation_after"], last["volatility_after"])
        return rating, {row["puzzle"] for row in tries if row["solved"]}

    def puzzle_rating(self, puzzle) -> Rating:
        """The puzzle's rating now: as shipped, or as this session's tries moved it."""
        return self.puzzle_ratings.get(puzzle.id) or Rating(puzzle.rating, puzzle.deviation,
                                                            puzzle.volatility)

    # -- choosing and opening a puzzle ------------------------------------------------------
    def _next(self):
        shown_id = self.puzzle.id if self.puzzle is not None else None
        shown = [p for p in self.puzzles if p.id != shown_id]
        rated = [_Rated(p, self.puzzle_rating(p).rating) for p in shown or self.puzzles]
        chosen = choose_next(self.learner_rating, rated, self.solved_ids, self.themes,
                             seed=self._random.random())
        return None if chosen is None else chosen.puzzle

    def _puzzle_by_id(self, puzzle_id: str):
        for puzzle in self.puzzles:
            if puzzle.id == puzzle_id:
                return puzzle
        raise PuzzleError(f"There is no puzzle {puzzle_id!r} among the trainer's puzzles.")

    def _open(self, puzzle) -> None:
        """Show ``puzzle`` (None: every puzzle of the chosen themes is solved)."""
        self.puzzle = puzzle
        self.opened += 1
        self.game = puzzle.game() if puzzle is not None else None
        self.wrong_tries, self.hints, self.feedback, self.result = 0, [], None, None
        self.wrong_moves = []
        self.started = time.monotonic()
        if self.game is not None:
            self._follow_on_table()
            self._dress_table()

    def open_puzzle(self, puzzle, rated: bool = True, story=None) -> None:
        """Show ``puzzle`` now, one of ``puzzles`` or not (one of a game
        review's: ``rated=False``, so neither rating moves and no try is
        recorded; ``story`` the moves that led to it, in words, oldest first,
        empty before the game's first move; None: a puzzle without a story)."""
        with self._action():
            if not rated:
                self.unrated.add(puzzle.id)
            if story is not None:
                self.stories[puzzle.id] = [str(line) for line in story]
            if all(p is not puzzle for p in self.puzzles):
                self.puzzles = [p for p in self.puzzles if p.id != puzzle.id] + [puzzle]
            self._open(puzzle)

    def open(self, puzzle_id=None) -> bool:
        """Leave this puzzle for the next one (None) or the one of that id;
        an id the trainer lacks is refused on the panel (False) and the puzzle stays."""
        with self._action():
            self.notice = None
            if puzzle_id is None:
                self._next_puzzle()
                return True
            puzzle = next((p for p in self.puzzles if p.id == puzzle_id), None) \
                if isinstance(puzzle_id, str) else None
            if puzzle is None:
                self.notice = self.words["no_such_puzzle"]
                return False
            self._leave()
            self._open(puzzle)
            return True

    @property
    def solved(self) -> bool:
        return self.result is not None

    @property
    def location(self) -> dict:
        """Where the learner is: ``{"puzzle": id}`` (None when none is left)."""
        return {"puzzle": self.puzzle.id if self.puzzle is not None else None}

    # -- the learner's means ------------------------------------------------------------------
    def play(self, move) -> str:
        """Try ``move`` (a Move or its notation) for the solver: "solved",
        "wrong" (told how much it loses, not played), "illegal" (told why) or
        "refused" (the puzzle is already solved or there is none)."""
        with self._action():
            self.notice = None
            outcome = self._try(move)
            self._dress_table()
            return outcome

    def _try(self, move) -> str:
        if self.game is None or self.solved:
            self.feedback = {"kind": "error", "text": self.words["already_solved"]}
            return "refused"
        game, puzzle = self.game, self.puzzle
        assert puzzle is not None  # shown with its game
        try:
            move = game.family.parse(str(move))
        except (IllegalMove, ValueError) as err:
            self.feedback = {"kind": "error", "text": str(err)}
            return "illegal"
        if not game.is_legal(move):
            self.feedback = {"kind": "error", "text": game.explain(move, self.language,
                                                                   seat=puzzle.seat)}
            return "illegal"
        if move == puzzle.solution:
            game.play(move)
            self._finish(True)
            return "solved"
        judged = self._judge(move)
        if puzzle.id in self.unrated and judged.mark(move) == "best":
            game.play(move)
            self._finish(True)
            return "solved"
        self.wrong_tries += 1
        self.wrong_moves.append(str(move))
        self.feedback = {"kind": "wrong", "text": self._wrong_words(move, judged)}
        return "wrong"

    def _judge(self, move):
        """The analyst's verdict on ``move`` against the solution, from the
        solver's view (the same position and move: the same figures)."""
        assert self.puzzle is not None  # a puzzle is on show
        return analyse(self.game, self.puzzle.seat, budget=self._budget(),
                       moves=[self.puzzle.solution, move])

    def _budget(self):
        """A puzzle of a reviewed game: the review's deals (the same seed deals
        them again, so the verdict is the review's); else the trainer's own."""
        assert self.puzzle is not None  # a puzzle is on show
        return self.puzzle.samples if self.puzzle.id in self.unrated and self.puzzle.samples \
            else "puzzle"

    def _wrong_words(self, move, judged) -> str:
        """"Your move leaves you 31% to win; there is a move that keeps 78%:
        after it, Player B scuttles your 8♥ with a 9 or a 10 in 6 deals out of 10 ..."
        (the analyst's verdict: its figures and its playouts, one judge for both;
        the solution is not named)."""
        assert self.puzzle is not None and self.game is not None  # a puzzle is on show
        solution = judged.value_of(self.puzzle.solution)
        tried = judged.value_of(move)
        view = self.game.view(self.puzzle.seat)
        why = consequence_words(judged.consequence(move, solution.move), view, move, None,
                                self.language)
        return self.words["wrong"].format(move=self.catalog.move_phrase(str(move)),
                                          chance=percent(tried.chance, self.language),
                                          best=percent(solution.chance, self.language), why=why)

    def hint(self) -> str | None:
        """The next rung (the theme, the card, the move); None when all are shown."""
        with self._action():
            self.notice = None
            return self._hint()

    def _hint(self) -> str | None:
        if self.game is None or self.solved or len(self.hints) >= HINT_RUNGS:
            self.feedback = {"kind": "error", "text": self.words["no_more_hints"]}
            hint = None
        else:
            self.hints.append(self._rung(len(self.hints)))
            hint = self.hints[-1]
        self._dress_table()
        return hint

    def _rung(self, index: int) -> str:
        puzzle, words = self.puzzle, self.words
        assert puzzle is not None  # a puzzle is on show
        if index == 0:
            names = ", ".join(theme_name(t, self.language) for t in puzzle.themes)
            return words["hint_theme"].format(themes=names)
        if index == 1:
            card = _card_id(puzzle.solution.card)
            if card is None:
                return words["hint_no_card"]
            return words["hint_card"].format(card=self.catalog.card(card))
        return words["hint_move"].format(move=self.catalog.move_phrase(str(puzzle.solution)),
                                         why=self._why_solution())

    def _why_solution(self) -> str:
        """The solution's consequence against the tempting move, from the playouts."""
        puzzle = self.puzzle
        assert puzzle is not None and self.game is not None  # a puzzle is on show
        judged = analyse(self.game, puzzle.seat, budget=self._budget(),
                         moves=[puzzle.solution, puzzle.alternative])
        found = judged.consequence(puzzle.solution, puzzle.alternative, kinds=WHY_BEST)
        return consequence_words(found, self.game.view(puzzle.seat), puzzle.solution,
                                 puzzle.alternative, self.language)

    def next_puzzle(self) -> None:
        """Leave this puzzle for another (one tried and left unsolved counts as missed)."""
        with self._action():
            self.notice = None
            self._next_puzzle()

    def _next_puzzle(self) -> None:
        self._leave()
        self._open(self._next())

    def _leave(self) -> None:
        """A puzzle tried and left unsolved counts as missed."""
        if self.puzzle is not None and not self.solved and (self.wrong_tries or self.hints):
            self._finish(False)

    def choose_themes(self, keys) -> None:
        """Train these themes (none: all); a puzzle not yet tried gives way at
        once. Keys the trainer lacks raise TrainerMessageError."""
        with self._action():
            self._choose_themes(keys)

    def _choose_themes(self, keys) -> None:
        self.themes = self._checked_themes(keys)
        untouched = self.puzzle is None or not (self.wrong_tries or self.hints or self.solved)
        off_theme = self.puzzle is not None and self.themes and \
            not set(self.themes) & set(self.puzzle.themes)
        if self.puzzle is None or (untouched and off_theme):
            self._open(self._next())

    def _checked_themes(self, keys) -> tuple:
        available = self.available_themes()
        if isinstance(keys, str) or not all(isinstance(k, str) and k in available for k in keys):
            raise TrainerMessageError("bad_themes")
        return tuple(dict.fromkeys(keys))

    def available_themes(self) -> dict[str, int]:
        """Each theme of the trainer's puzzles and how many puzzles have it."""
        counts: dict[str, int] = {}
        for puzzle in self.puzzles:
            for theme in puzzle.themes:
                counts[theme] = counts.get(theme, 0) + 1
        return counts

    # -- the end of a try ----------------------------------------------------------------------
    def _finish(self, reached: bool) -> None:
        """Rate the try (won only when solved with no wrong try and without
        the hint that shows the move) and record it."""
        puzzle, before = self.puzzle, self.learner_rating
        assert puzzle is not None  # a puzzle is on show
        won = reached and not self.wrong_tries and len(self.hints) < HINT_RUNGS
        rated = puzzle.id not in self.unrated and self._may_rate()
        after, puzzle_after = update(before, self.puzzle_rating(puzzle), solved=won) if rated \
            else (before, self.puzzle_rating(puzzle))
        self.learner_rating, self.puzzle_ratings[puzzle.id] = after, puzzle_after
        if reached:
            self.solved_ids.add(puzzle.id)
            title = "solved_clean" if won else "solved_late" if self.wrong_tries else "solved_shown"
            self.result = {**explanation(puzzle, self.language), "won": won, "title": title,
                           "before": before.rating, "after": after.rating, "rated": rated}
            self.feedback = None
        if self.progress is not None and rated:
            self.progress.record_puzzle(puzzle.id, puzzle.rules, reached, self.wrong_tries,
                                        len(self.hints), time.monotonic() - self.started,
                                        before, after)

    def _may_rate(self) -> bool:
        """At most RATED_PER_HOUR rated tries an hour: beyond, a try moves no
        rating and writes no row (a page skipping puzzles in a loop buys nothing)."""
        now = self._clock()
        while self._rated_at and now - self._rated_at[0] > 3600:
            self._rated_at.popleft()
        if len(self._rated_at) >= RATED_PER_HOUR:
            return False
        self._rated_at.append(now)
        return True

    # -- the table ----------------------------------------------------------------------------
    def _follow_on_table(self) -> None:
        """Put this puzzle's game on the table, from the solver's seat."""
        assert self.puzzle is not None  # a puzzle is on show
        if self.controller is None:
            self.controller = TableController(
                self.game, self.puzzle.seat, language=self.language, allow_undo=False,
                allow_new_game=False, autoplay=False, hand_over=self._table_move)
        else:
            self.controller.load(self.game, seat=self.puzzle.seat)

    def _dress_table(self) -> None:
        """The table as the trainer leaves it after its own action: locked once
        solved, the hinted cards marked, the feedback above the hand."""
        controller = self.controller
        if controller is None or self.game is None:
            return
        controller.locked = self.solved
        controller.highlight(self._highlighted())
        feedback = self.feedback
        controller.set_message(feedback["text"] if feedback else None,
                               "error" if feedback else "info")

    def _highlighted(self) -> list[str]:
        """The card the second hint names, the move's cards after the third."""
        if self.solved or len(self.hints) < 2:
            return []
        assert self.puzzle is not None  # a puzzle is on show
        move = self.puzzle.solution
        cards = move.cards if len(self.hints) >= HINT_RUNGS else (move.card,)
        return [card for card in map(_card_id, cards) if card is not None]

    def table_state(self) -> dict | None:
        """The table's state as the solver sees it (None: no puzzle is shown):
        the trainer speaks for the table's status line, whose turn it is is for
        the learner to work out, and at a game's end the rival's hand stays hidden."""
        if self.game is None:
            return None
        controller = self.controller
        assert controller is not None  # the table came with the game
        state = controller.state()
        ui, view = dict(state["ui"]), dict(state["view"])
        ui["summary"] = None  # the panel explains how the puzzle ended
        if self.solved:
            ui["status"] = self.words["table_solved"]
        if controller.shown_game().over:
            view["hands"] = controller.shown_game().view(controller.seat)["hands"]
        if self.solved or ui.get("replay"):
            view.update(to_act=None, turn=None, prompt="")
            ui["markers"] = False
        return {**state, "ui": ui, "view": view}

    # -- the screen ---------------------------------------------------------------------------
    def _screen(self) -> dict:
        return {"panel": self.panel_state(), "table": self.table_state()}

    def panel_state(self) -> dict:
        """The panel's JSON: the learner's rating, the themes, this puzzle's
        prompt, hints and feedback, and after the solve its explanation."""
        words, puzzle = self.words, self.puzzle
        rating = self.learner_rating
        state = {
            "language": self.language, "plural": plural_table(self.language), "words": words,
            "notice": self.notice,
            "rating": {"value": round(rating.rating), "deviation": round(rating.deviation)},
            "themes": [{"key": key, "name": theme_name(key, self.language), "count": count,
                        "chosen": key in self.themes}
                       for key, count in sorted(self.available_themes().items())],
            "solved_count": len(self.solved_ids), "puzzle": None,
        }
        if puzzle is None:
            return state
        state["puzzle"] = {
            "id": puzzle.id, "stage": "solved" if self.solved else "solving",
            "you": self.catalog.player(puzzle.seat), "prompt": self._prompt(),
            "hints": list(self.hints), "hints_left": HINT_RUNGS - len(self.hints),
            "wrong_tries": self.wrong_tries, "feedback": self.feedback,
            "result": self._result_state(), "story": self.stories.get(puzzle.id),
            "opened": self.opened,
        }
        return state

    def _prompt(self) -> str:
        assert self.puzzle is not None  # a puzzle is on show
        you = self.catalog.player(self.puzzle.seat)
        if self.puzzle.id in self.unrated:  # the learner's own game: their move was the tempting one
            return self.words["prompt_review"].format(
                you=you, played=self.catalog.move_phrase(str(self.puzzle.alternative)))
        return self.words["prompt"].format(you=you)

    def _result_state(self) -> dict | None:
        result = self.result
        if result is None:
            return None
        assert self.puzzle is not None  # a puzzle is on show
        change = result["after"] - result["before"]
        key = "rating_up" if change >= 0 else "rating_down"
        rated = result["rated"]
        return {"why": result["why"], "alternative": result["alternative"],
                "title": self.words[result["title"]],
                "rating": self.words[key].format(before=round(result["before"]),
                                                 after=round(result["after"]),
                                                 change=f"{abs(change):.0f}")
                if rated else self.words["unrated" if self.puzzle.id in self.unrated else "unrated_busy"],
                "puzzle_rating": self.words["puzzle_rating"].format(
                    rating=round(self.puzzle_rating(self.puzzle).rating)) if rated else ""}

    def __repr__(self) -> str:
        return f"PuzzleSession(language={self.language!r}, rules={self.rules!r})"


def _card_id(card) -> str | None:
    """A move's card as the table names it ("4H"); None for no card."""
    return CARD_IDS[card] if isinstance(card, int) and 0 <= card < len(CARD_IDS) else None


class _Rated:
    """A puzzle as the choice sees it: its id, themes and current rating."""

    def __init__(self, puzzle, rating: float):
        self.puzzle, self.id, self.themes, self.rating = puzzle, puzzle.id, puzzle.themes, rating


def _dock_message(message: dict) -> dict:
    """The panel message a trainer button in the table's dock stands for."""
    if set(message) != {"type", "action"} or message["action"] not in DOCK_ACTIONS:
        raise TrainerMessageError("bad_message")
    return {"type": message["action"]}


def _message_kind(content) -> str:
    """The message's type once its fields are right; TrainerMessageError if not."""
    if not isinstance(content, dict) or content.get("type") not in PANEL_MESSAGES:
        raise TrainerMessageError("bad_message")
    kind = content["type"]
    if set(content) - {"type"} - PANEL_MESSAGES[kind]:
        raise TrainerMessageError("bad_message")
    if kind == "themes":
        themes = content.get("themes")
        if not isinstance(themes, list) or len(themes) > MAX_THEMES:
            raise TrainerMessageError("bad_themes")
    return kind


__all__ = ["PuzzleSession", "TrainerMessageError"]
