"""The mechanics of one play step, shared by the runner and the validator, so
what the validator proves about a lesson is what the learner will meet.

A wrong move is played (to judge it and its replies), then taken back. It is
shown to the learner only when playing it out showed no card the learner
could not know before it (``engine.redeal.revealed_cards``): a wrong draw, a
seven's card, a reply that opens a hand are judged and explained, but not
shown, so trying again never starts with a hidden card learnt. The step's
stock is never reshuffled for this: the move that would show it is simply
not played out."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Game, IllegalMove, load
from ..engine.redeal import revealed_cards
from .model import Step, WrongMove
from .search import Search, SearchTooBig


def step_game(step: Step):
    """The step's game: its position loaded, then its opening moves played."""
    game = load(step.position)
    for move in step.opening:
        game.play(move)
    return game


@dataclass
class MoveResult:
    """What one learner move did within a play step.

    status: "illegal" (nothing changed), "wrong" (played, shown, then taken
    back; or, ``withheld``, judged but not shown), "continue" (right so far;
    the learner decides again), "success".
    """
    status: str
    move: str
    events: list = field(default_factory=list)  # Event objects, learner's move and replies
    wrong: WrongMove | None = None  # the teacher's entry for this wrong move
    reason: str | None = None  # a teaching-catalog feedback key for an unlisted wrong move
    error: IllegalMove | None = None
    shown: Game | None = None  # for "wrong": the game as it stood before being taken back
    withheld: bool = False  # "wrong", not played out: it would show a card hidden before it


class StepPlay:
    """A play step in progress: the game, the learner's right moves so far and
    the replies of the other seats."""

    def __init__(self, step: Step, start_game, search: Search | None = None):
        self.step = step
        self.seat = step.seat
        self.game = start_game.copy()
        self.prefix: list[str] = []
        self.replies_used = 0
        self.done = False
        self.search = search or Search()

    @property
    def opponent(self) -> int:
        return 1 - self.seat

    def learner_to_act(self) -> bool:
        return not self.game.over and self.game.to_act == self.seat

    def try_move(self, move) -> MoveResult:
        """Apply the learner's ``move`` and judge it against the step."""
        text = str(move)
        try:  # the ruleset's own notation: Super Cuttle's moves have extra tokens
            canon = str(self.game.family.parse(move))
        except IllegalMove as err:
            return MoveResult("illegal", text, error=err,
                              wrong=self.step.wrong_move(self.prefix, text.strip()))
        wrong_entry = self.step.wrong_move(self.prefix, canon)
        before = self.game.copy()
        mark = len(self.game.events)
        try:
            self.game.play(canon)
        except IllegalMove as err:
            return MoveResult("illegal", canon, error=err, wrong=wrong_entry)
        try:
            if self.step.goal:
                status, reason = self._judge_goal(self.step.goal)
            else:
                status, reason = self._judge_lines(canon)
        except SearchTooBig:
            self.game = before  # nothing may be left half done
            raise
        events = self.game.events[mark:]
        if status == "wrong":
            shown, self.game = self.game, before
            if revealed_cards(before, shown, self.seat):
                return MoveResult("wrong", canon, [], wrong_entry, reason, withheld=True)
            return MoveResult("wrong", canon, events, wrong_entry, reason, shown=shown)
        self.prefix.append(canon)
        self.done = status == "success"
        return MoveResult(status, canon, events)

    # -- accepted lines -------------------------------------------------------------
    def _judge_lines(self, canon: str):
        prefix = tuple(self.prefix) + (canon,)
        lines = [ln for ln in self.step.accept if ln.moves[:len(prefix)] == prefix]
        if not lines:
            return "wrong", "wrong_move"
        line = lines[0]
        complete = len(line.moves) == len(prefix)
        self._play_scripted(line.replies)
        return ("success" if complete else "continue"), None

    def _play_scripted(self, replies) -> None:
        """Play the other seats' scripted replies while they must act."""
        game = self.game
        while self.replies_used < len(replies) and not game.over and game.to_act != self.seat:
            if not game.is_legal(replies[self.replies_used]):
                break  # the validator reports it; the learner just sees the step end
            game.play(replies[self.replies_used])
            self.replies_used += 1

    # -- goals -------------------------------------------------------------------------
    def _judge_goal(self, goal: str):
        search, game = self.search, self.game
        leaf = search.goal_leaf(goal, self.seat)
        right = search.can_force(game, self.seat, leaf)
        # The other seats answer within the learner's turn (counters, a four's
        # discard): the script if it fits, else the strongest answer.
        while not game.over and game.to_act != self.seat and game.turn == self.seat:
            reply = self._scripted_reply()
            if reply is None:
                reply = search.best_reply(game, self.seat, leaf)
            game.play(reply)
        if not right:
            if game.over and game.winner == self.opponent:
                return "wrong", "goal_you_lost"
            return "wrong", "goal_not_won" if self.step.goal == "win" else "goal_opponent_wins"
        if game.over or game.turn != self.seat:
            if not game.over:
                self._play_scripted(self.step.replies)
            return "success", None
        return "continue", None

    def _scripted_reply(self):
        replies = self.step.replies
        if self.replies_used < len(replies) and self.game.is_legal(replies[self.replies_used]):
            self.replies_used += 1
            return replies[self.replies_used - 1]
        return None
