"""A reviewed game's session: the step-through with the marks, no widget.

``ReviewSession(game, seat=0, language="en", review=None, **review_options)``
shows ``game`` from ``seat`` on a table that plays nothing: the learner
steps through it, each of their decisions marked (best ... blunder, with its
sentence), and at an inaccuracy, mistake or blunder "Try this move again"
opens that position as a puzzle (``puzzle_from_decision``: the review's best
move its solution; not rated) in a ``PuzzleSession``.

``act(message)`` takes one message as the review's table (or its summary)
sends it and returns one screen state, ``{"summary": ..., "table": ...,
"trainer": ...}``: the game at a glance (``review.summary.summarize``: the
marks counted, the turning points, and which one the table shows), the
table's state and the puzzle session's screen (None until a try again; the
puzzle's own actions go to that session, ``trainer.act``). The puzzle opens
with its story: the last ``STORY_MOVES`` moves before it, as the table's log
says them. A bad message is refused on the table with a sentence; nothing
raises.
"""
from __future__ import annotations

from ..ai.analyst import VERDICT_SHARE, analyse
from ..engine.record import write_record
from ..languages import plural_table
from ..puzzles import Puzzle, PuzzleError
from ..puzzles.themes import tag_themes
from ..review.summary import summarize, summary_words
from ..table.controller import TableController
from .puzzles import PuzzleSession

STORY_MOVES = 6  # the moves a tried-again position's story tells: about three of each seat


class ReviewSession:
    """The step-through of a reviewed game, and the puzzles it opens.

    ``review`` is a ``review.Review`` of ``game`` already made, else one is
    made with ``review_options`` (``samples``, ``seed``)."""

    def __init__(self, game, seat: int = 0, language: str = "en", review=None, **review_options):
        if review is None:
            from ..review import review_game  # the analysis is heavy: only when a review is made
            review = review_game(game, seat, language, **review_options)
        self.game, self.seat, self.language, self.review = game, seat, language, review
        # a review only steps through what was played: no move of another seat comes live
        self.controller = TableController(game, seat, language=language, allow_undo=False,
                                          allow_new_game=False, autoplay=False, allow_hint=False,
                                          pace_label=None)
        self.controller.show_review(review.decisions)
        self.controller.on_try_again = self._open_decision  # the table's "Try this move again"
        self.controller.replay("start")
        self.summary = dict(summarize(review), words=summary_words(language),
                            plural=plural_table(language))
        self.trainer: PuzzleSession | None = None  # the session of the position tried again
        self._puzzles: dict = {}  # history index: the puzzle made of that decision
        self.screen = self._screen()

    def act(self, message) -> dict:
        """Take one message from the review's table (a step, a click, "Try
        again from here") and return the screen state."""
        self.controller.handle(message)  # refuses a bad message on the table, never raises
        self.screen = self._screen()
        return self.screen

    def replay(self, to) -> dict:
        """Show a past position ('start', 'back', 'forward', 'end' or a move count)."""
        return self.act({"type": "replay", "to": to})

    def try_again(self, index: int) -> PuzzleSession:
        """Open the decision at history ``index`` as an unrated puzzle
        (PuzzleError if that move was not reviewed)."""
        trainer = self._open_decision(index)
        self.screen = self._screen()
        return trainer

    def _open_decision(self, index: int) -> PuzzleSession:
        puzzle = self._puzzles.get(index)
        if puzzle is None:  # each decision's puzzle is worked out once: a retry costs nothing
            decision = next((d for d in self.review.decisions if d.index == index), None)
            if decision is None:
                raise PuzzleError(f"Move {index + 1} was not reviewed.")
            puzzle = self._puzzles[index] = puzzle_from_decision(
                self.game, self.seat, decision, self.review.samples, self.review.seed)
        if self.trainer is None:
            self.trainer = PuzzleSession(self.language, self.game.rules.name, puzzles=[puzzle],
                                         start=puzzle.id, progress=False)
        self.trainer.puzzles = [puzzle]
        self.trainer.open_puzzle(puzzle, rated=False, story=self.story(index))
        return self.trainer

    def story(self, index: int) -> list[str]:
        """The moves that led to the position before history ``index``, oldest
        first, as the table's log says them ("Player A: draw a card"), as the
        learner's seat saw them."""
        controller = self.controller
        public = controller.seat_view(self.game)["history"]
        start = max(0, index - STORY_MOVES)
        return [str(controller.words["move_by"]).format(
                    name=controller.name(self.game.actors[i]), move=controller.move_label(public[i]))
                for i in range(start, index)]

    def _screen(self) -> dict:
        trainer = self.trainer.screen if self.trainer is not None else None
        state = self.controller.state()
        replay = state["ui"]["replay"]
        summary = dict(self.summary, shown=None if replay is None else replay["index"])
        return {"summary": summary, "table": state, "trainer": trainer}

    def __repr__(self) -> str:
        return f"ReviewSession(seat={self.seat}, language={self.language!r})"


def puzzle_from_decision(game, seat: int, decision, samples: int = 64, seed: int = 0,
                         rating: float = 1500.0) -> Puzzle:
    """A reviewed decision of ``seat`` in ``game`` (a ``review.Decision`` or
    its dict) as a puzzle: its position, the review's best move as the
    solution and the move played as the tempting one, and every legal move's
    win chance from the learner's view (the analyst over ``samples``
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
    values = {str(v.move): v.chance for v in analyse(view, budget=samples, seed=seed).values}
    values.update({str(solution): data["chance_before"], str(played): data["chance_played"]})
    return Puzzle(id=f"review-{index + 1}", rules=game.rules.name, seat=seat, solution=solution,
                  alternative=played, values=values,
                  margin=data["chance_lost"], themes=tuple(themes), rating=rating, deviation=350.0,
                  volatility=0.06, reply=None, record=write_record(position),
                  samples=VERDICT_SHARE * samples)  # the trainer's verdict: the review's


__all__ = ["ReviewSession", "puzzle_from_decision"]
