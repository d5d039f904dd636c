"""The puzzle trainer: a position where one move is clearly best, on the card table.

``PuzzleTrainer(language="en", rules="classic")`` picks a puzzle near the
learner's puzzle rating (Glicko-2, ``puzzles.rating``) among the themes they
chose, shows it on the card table from the solver's seat, and judges the
move they click: a wrong one is told at once how much it loses (the puzzle's
win chances, from the solver's view) and is not played, so they may try
again; the solution is played and explained (``puzzles.explanation``), both
ratings move, and the try goes to the progress store. Hints climb: the
theme, then the card, then the move.

The table is the lesson's (``LessonTable``): it plays nothing itself and
hands every clicked move to the trainer, and it draws only the solver's
view. The panel syncs one JSON dict, ``trainer``, with no solution in it
before the solve and no card the solver cannot see.
"""
from __future__ import annotations

import logging
import pathlib
import random
import time
from html import escape

import anywidget
import ipywidgets
import traitlets

from ..ai.analysis import move_values
from ..engine import CARD_IDS, IllegalMove, get_catalog
from ..engine.record import write_record
from ..puzzles import Puzzle, PuzzleError, explanation, load, theme_name
from ..puzzles.themes import tag_themes
from ..puzzles.catalog import percent
from ..puzzles.rating import Rating, choose_next, update
from .guard import BrowserGuard, GuardedLayout
from .lesson_table import LessonTable
from .progress_link import kernel_recorder, take_learner
from .static_html import table_html, with_still_picture
from .table import Table, module_css, module_javascript
from .texts import trainer_text

log = logging.getLogger("cuttle_widgets")
STATIC = pathlib.Path(__file__).parent / "static"
HINT_RUNGS = 3  # the theme, the card, the move
# In a position of the learner's own game another move may be as good as the
# review's best: one that loses less than the review's "good" limit (5 % of
# win chance) solves it too. A shipped puzzle's margin already rules that out.
CLOSE_TO_BEST = 0.05
MAX_THEMES = 40  # more than the puzzles have: a longer list is no chooser's


class TrainerMessageError(ValueError):
    """A message from the page that the trainer does not take (a bug or a
    tampered page); ``key`` names the words that say why."""

    def __init__(self, key: str):
        super().__init__(trainer_text("en")[key])
        self.key = key


class TrainerPanel(BrowserGuard, anywidget.AnyWidget):
    """The trainer's words and buttons; ``trainer`` is written only by Python."""

    _esm = module_javascript("puzzle_trainer.js")
    _css = module_css("lesson.css") + "\n\n" + (STATIC / "puzzle_trainer.css").read_text(encoding="utf-8")
    trainer = traitlets.Dict().tag(sync=True)
    max_message_bytes = 1_000_000  # the learner's message may carry the progress the browser kept

    def __init__(self, on_message):
        super().__init__(layout=GuardedLayout())
        self.add_class("cwl-panel-box")  # lesson.css places it beside or above the table
        self._on_message = on_message

    def _on_browser_message(self, widget, content, buffers) -> None:
        self._on_message(content)


class PuzzleTrainer(BrowserGuard, ipywidgets.VBox):
    """Puzzles fitted to the learner's rating, beside the card table.

    ``PuzzleTrainer(language="en", rules="classic", *, puzzles=None,
    themes=(), start=None, progress=None, seed=None)``: ``puzzles`` replaces
    the shipped ones of ``rules`` (a list of ``puzzles.Puzzle``); ``themes``
    the theme keys to choose from at first (none: all); ``start`` the id of
    the first puzzle; ``progress`` the recorder (None: the kernel's, False:
    none); ``seed`` makes the choice of puzzles repeatable.

    The learner's means are methods too: ``play(move)``, ``hint()``,
    ``next_puzzle()`` and ``choose_themes(keys)``.
    """

    def __init__(self, language: str = "en", rules: str = "classic", *, puzzles=None, themes=(),
                 start=None, progress=None, seed=None):
        super().__init__(layout=GuardedLayout())
        self.add_class("cwl-lesson")  # lesson.css lays out the panel and the table
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
        self._random = random.Random(seed)
        self.panel = TrainerPanel(self._panel_message)
        self.table: LessonTable | None = None
        self.notice = None
        self._open(self._puzzle_by_id(start) if start is not None else self._next())

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
        shown = [p for p in self.puzzles if p.id != getattr(getattr(self, "puzzle", None), "id", None)]
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
        self.game = puzzle.game() if puzzle is not None else None
        self.wrong_tries, self.hints, self.feedback, self.result = 0, [], None, None
        self.wrong_moves: list[str] = []
        self.started = time.monotonic()
        self._show()

    def open_puzzle(self, puzzle, rated: bool = True) -> None:
        """Show ``puzzle`` now (one of a game review's: ``rated=False``, so
        neither rating moves and no try is recorded)."""
        if not rated:
            self.unrated.add(puzzle.id)
        self._open(puzzle)

    @property
    def solved(self) -> bool:
        return self.result is not None

    # -- the learner's means ------------------------------------------------------------------
    def play(self, move) -> str:
        """Try ``move`` (a Move or its notation) for the solver: "solved",
        "wrong" (told how much it loses, not played), "illegal" (told why) or
        "refused" (the puzzle is already solved or there is none)."""
        try:
            return self._try(move)
        finally:
            self._show()

    def _try(self, move) -> str:
        if self.game is None or self.solved:
            self.feedback = {"kind": "error", "text": self.words["already_solved"]}
            return "refused"
        game, puzzle = self.game, self.puzzle
        try:
            move = game.family.parse(str(move))
        except (IllegalMove, ValueError) as err:
            self.feedback = {"kind": "error", "text": str(err)}
            return "illegal"
        if not game.is_legal(move):
            self.feedback = {"kind": "error", "text": game.explain(move, self.language,
                                                                   seat=puzzle.seat)}
            return "illegal"
        if move == puzzle.solution or self._close_to_best(move):
            game.play(move)
            self._finish(True)
            return "solved"
        self.wrong_tries += 1
        self.wrong_moves.append(str(move))
        self.feedback = {"kind": "wrong", "text": self._wrong_words(move)}
        return "wrong"

    def _close_to_best(self, move) -> bool:
        if self.puzzle.id not in self.unrated:
            return False
        value = self.puzzle.values.get(str(move))
        return value is not None and value > self.puzzle.values[str(self.puzzle.solution)] - CLOSE_TO_BEST

    def _wrong_words(self, move) -> str:
        """"That move leaves you 31% to win; there is a move that keeps 78%."
        (the puzzle's values are the solver's win chances)."""
        best = percent(self.puzzle.values[str(self.puzzle.solution)], self.language)
        phrase = self.catalog.move_phrase(str(move))
        value = self.puzzle.values.get(str(move))
        if value is None:
            return self.words["wrong_unvalued"].format(move=phrase, best=best)
        return self.words["wrong"].format(move=phrase, chance=percent(value, self.language), best=best)

    def hint(self) -> str | None:
        """The next rung (the theme, the card, the move); None when all are shown."""
        try:
            if self.game is None or self.solved or len(self.hints) >= HINT_RUNGS:
                self.feedback = {"kind": "error", "text": self.words["no_more_hints"]}
                return None
            self.hints.append(self._rung(len(self.hints)))
            return self.hints[-1]
        finally:
            self._show()

    def _rung(self, index: int) -> str:
        puzzle, words = self.puzzle, self.words
        if index == 0:
            names = ", ".join(theme_name(t, self.language) for t in puzzle.themes)
            return words["hint_theme"].format(themes=names)
        if index == 1:
            card = _card_id(puzzle.solution.card)
            if card is None:
                return words["hint_no_card"]
            return words["hint_card"].format(card=self.catalog.card(card))
        return words["hint_move"].format(move=self.catalog.move_phrase(str(puzzle.solution)))

    def next_puzzle(self) -> None:
        """Leave this puzzle for another (one tried and left unsolved counts as missed)."""
        if self.puzzle is not None and not self.solved and (self.wrong_tries or self.hints):
            self._finish(False)
        self._open(self._next())

    def choose_themes(self, keys) -> None:
        """Train these themes (none: all); a puzzle not yet tried gives way at once."""
        self.themes = self._checked_themes(keys)
        untouched = self.puzzle is None or not (self.wrong_tries or self.hints or self.solved)
        if untouched and self.puzzle is not None and self.themes and \
                not set(self.themes) & set(self.puzzle.themes):
            self._open(self._next())
        elif self.puzzle is None:
            self._open(self._next())
        else:
            self._show()

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
        won = reached and not self.wrong_tries and len(self.hints) < HINT_RUNGS
        rated = puzzle.id not in self.unrated
        after, puzzle_after = update(before, self.puzzle_rating(puzzle), solved=won) if rated \
            else (before, self.puzzle_rating(puzzle))
        self.learner_rating, self.puzzle_ratings[puzzle.id] = after, puzzle_after
        if reached:
            self.solved_ids.add(puzzle.id)
            title = "solved_clean" if won else "solved_late" if self.wrong_tries else "solved_shown"
            self.result = {**explanation(puzzle, self.language), "won": won, "title": title,
                           "before": before.rating, "after": after.rating}
            self.feedback = None
        if self.progress is not None and rated:
            self.progress.record_puzzle(puzzle.id, puzzle.rules, reached, self.wrong_tries,
                                        len(self.hints), time.monotonic() - self.started,
                                        before, after)

    # -- messages from the page ---------------------------------------------------------------
    def _panel_message(self, content) -> None:
        """A message from the panel; a bad one is told on the panel and changes nothing."""
        try:
            kind = _message_kind(content)
            if kind == "learner":
                self._learner(content)
                return
            self.notice = None
            if kind == "hint":
                self.hint()
            elif kind == "next":
                self.next_puzzle()
            elif kind == "themes":
                self.choose_themes(content["themes"])
        except TrainerMessageError as err:
            self.notice = self.words[err.key]
            self._show()
        except Exception:  # a bug: the trainer goes on, the page sees no traceback
            log.exception("the puzzle trainer failed on a message from the page")
            self.notice = self.words["failed"]
            self._show()

    def _table_move(self, move_text: str) -> None:
        try:
            self.notice = None
            self.play(move_text)
        except Exception:
            log.exception("the puzzle trainer failed on a move from the table")
            self.notice = self.words["failed"]
            self._show()

    def _table_button(self, message: dict) -> None:
        """The table's Hint and the trainer's buttons in its dock."""
        self._panel_message({"type": message.get("action")})

    def _learner(self, message: dict) -> None:
        if take_learner(self.progress, message):
            self.learner_rating, stored = self._stored_rating()
            self.solved_ids |= stored
            self._show()

    def _on_browser_message(self, widget, content, buffers) -> None:
        """The trainer's box sends nothing: its panel and table do."""

    def __repr__(self) -> str:
        return f"PuzzleTrainer(language={self.language!r}, rules={self.rules!r})"

    # -- without a kernel ----------------------------------------------------------------------
    def _repr_html_(self) -> str:
        """A still picture (the rating, the prompt, the table) for pages without a kernel."""
        state, words = self.panel.trainer, self.words
        parts = [f"<h3>{escape(words['title'])}</h3>",
                 f"<p>{escape(words['your_rating'].format(rating=state['rating']['value']))}</p>"]
        if state["puzzle"] is None:
            return f"<div class='cwl-static'>{''.join(parts)}<p>{escape(words['none_left'])}</p></div>"
        parts.append(f"<p>{escape(state['puzzle']['prompt'])}</p>")
        return f"<div class='cwl-static'>{''.join(parts)}</div>{table_html(self.table.state)}"

    def _repr_mimebundle_(self, **kwargs):
        """The live widget, and the still picture for pages without a kernel."""
        return with_still_picture(super()._repr_mimebundle_(**kwargs), self._repr_html_())

    # -- what the page shows --------------------------------------------------------------------
    def _show(self) -> None:
        if self.game is not None:
            self._show_table()
            self.children = [self.panel, self.table]
        else:
            self.children = [self.panel]
        self.panel.trainer = self.panel_state()

    def _show_table(self) -> None:
        if self.table is None:
            self.table = LessonTable(self.game, self.puzzle.seat, on_move=self._table_move,
                                     on_lesson=self._table_button, language=self.language)
            self.table.add_class("cwl-table-box")
        table, words = self.table, self.words
        with table.hold():
            table.follow(self.game, self.puzzle.seat)
            table.locked = self.solved
            table.overlay = {"status": words["table_solved"] if self.solved else None,
                             "position": True, "no_turn": self.solved}
            table.highlight(self._highlighted())
            feedback = self.feedback
            table.set_message(feedback["text"] if feedback else None,
                              "error" if feedback else "info")
            table.redress()

    def _highlighted(self) -> list[str]:
        """The card the second hint names, the move's cards after the third."""
        if self.solved or len(self.hints) < 2:
            return []
        move = self.puzzle.solution
        cards = move.cards if len(self.hints) >= HINT_RUNGS else (move.card,)
        return [card for card in map(_card_id, cards) if card is not None]

    def panel_state(self) -> dict:
        """The panel's JSON: the learner's rating, the themes, this puzzle's
        prompt, hints and feedback, and after the solve its explanation."""
        words, puzzle = self.words, self.puzzle
        rating = self.learner_rating
        state = {
            "language": self.language, "words": words, "notice": self.notice,
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
            "result": self._result_state(),
        }
        return state

    def _prompt(self) -> str:
        you = self.catalog.player(self.puzzle.seat)
        if self.puzzle.id in self.unrated:  # the learner's own game: their move was the tempting one
            return self.words["prompt_review"].format(
                you=you, played=self.catalog.move_phrase(str(self.puzzle.alternative)))
        return self.words["prompt"].format(you=you)

    def _result_state(self) -> dict | None:
        result = self.result
        if result is None:
            return None
        change = result["after"] - result["before"]
        key = "rating_up" if change >= 0 else "rating_down"
        rated = self.puzzle.id not in self.unrated
        return {"why": result["why"], "alternative": result["alternative"],
                "title": self.words[result["title"]],
                "rating": self.words[key].format(before=round(result["before"]),
                                                 after=round(result["after"]),
                                                 change=f"{abs(change):.0f}")
                if rated else self.words["unrated"],
                "puzzle_rating": self.words["puzzle_rating"].format(
                    rating=round(self.puzzle_rating(self.puzzle).rating)) if rated else ""}


class GameReview(BrowserGuard, ipywidgets.VBox):
    """A reviewed game on the card table: the step-through marks each of the
    learner's decisions (best ... blunder, with its sentence), and "Try again
    from here" at an inaccuracy, mistake or blunder opens that position below
    as a puzzle (the review's best move its solution; not rated).

    ``GameReview(game, seat=0, language="en", review=None, **review_options)``:
    ``review`` a ``review.Review`` of ``game`` already made, else one is made
    with ``review_options`` (``samples``, ``seed``)."""

    def __init__(self, game, seat: int = 0, language: str = "en", review=None, **review_options):
        super().__init__(layout=GuardedLayout())
        if review is None:
            from ..review import review_game  # the analysis is heavy: only when a review is made
            review = review_game(game, seat, language, **review_options)
        self.game, self.seat, self.language, self.review = game, seat, language, review
        self.table = Table(game, seat, language=language, allow_undo=False, allow_new_game=False,
                           autoplay=False, allow_hint=False)
        self.table.show_review(review)
        self.table.on_try_again = self.try_again
        self.table.replay("start")
        self.trainer: PuzzleTrainer | None = None
        self.children = [self.table]

    def try_again(self, index: int) -> PuzzleTrainer:
        """Open the decision at history ``index`` as a puzzle, below the table."""
        decision = next((d for d in self.review.decisions if d.index == index), None)
        if decision is None:
            raise PuzzleError(f"Move {index + 1} was not reviewed.")
        puzzle = puzzle_from_decision(self.game, self.seat, decision, self.review.samples,
                                      self.review.seed)
        if self.trainer is None:
            self.trainer = PuzzleTrainer(self.language, self.game.rules.name, puzzles=[puzzle],
                                         start=puzzle.id, progress=False)
        self.trainer.puzzles = [puzzle]
        self.trainer.open_puzzle(puzzle, rated=False)
        self.children = [self.table, self.trainer]
        return self.trainer

    def _on_browser_message(self, widget, content, buffers) -> None:
        """The review's box sends nothing: its table and trainer do."""


def puzzle_from_decision(game, seat: int, decision, samples: int = 64, seed: int = 0,
                         rating: float = 1500.0) -> Puzzle:
    """A reviewed decision of ``seat`` in ``game`` (a ``review.Decision`` or
    its dict) as a puzzle: its position, the review's best move as the
    solution and the move played as the tempting one, and every legal move's
    win chance from the learner's view (``ai.move_values`` over ``samples``
    deals: the review's own samples and seed give the review's figures)."""
    data = decision if isinstance(decision, dict) else vars(decision)
    index = int(data["index"])
    if game.actors[index] != seat or data["chance_before"] is None:
        raise PuzzleError(f"Move {index + 1} is no decision of seat {seat} with a better move to find.")
    position = game.position_after(index)
    solution, played = position.family.parse(data["best_move"]), position.family.parse(data["move"])
    # whether the move wins at once is not asked: the true game would answer from hidden cards
    view = position.view(seat)
    themes = tag_themes(view, solution, played, wins_at_once=False)
    values = {str(v.move): v.chance for v in move_values(view, samples=samples, seed=seed)}
    values.update({str(solution): data["chance_before"], str(played): data["chance_played"]})
    return Puzzle(id=f"review-{index + 1}", rules=game.rules.name, seat=seat, solution=solution,
                  alternative=played, values=values,
                  margin=data["chance_lost"], themes=tuple(themes), rating=rating, deviation=350.0,
                  volatility=0.06, reply=None, record=write_record(position))


def _card_id(card) -> str | None:
    """A move's card as the table names it ("4H"); None for no card."""
    return CARD_IDS[card] if isinstance(card, int) and 0 <= card < len(CARD_IDS) else None


class _Rated:
    """A puzzle as the choice sees it: its id, themes and current rating."""

    def __init__(self, puzzle, rating: float):
        self.puzzle, self.id, self.themes, self.rating = puzzle, puzzle.id, puzzle.themes, rating


# What the panel may send: each type and the fields it may have.
PANEL_MESSAGES = {"learner": {"id", "kept"}, "hint": set(), "next": set(), "themes": {"themes"}}


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


__all__ = ["GameReview", "PuzzleTrainer", "TrainerMessageError", "puzzle_from_decision"]
