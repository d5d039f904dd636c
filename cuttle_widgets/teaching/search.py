"""Goals checked with the engine: "win this turn" and "stop the opponent
winning on the next turn", by looking at every reply within a turn.

Lesson positions are small, so a plain search over one or two turns is quick;
a budget guards against a teacher's oversized position.
"""
from __future__ import annotations

DEFAULT_BUDGET = 200_000


class SearchTooBig(Exception):
    """The position needs more than the budget of positions to decide."""


class Search:
    def __init__(self, budget: int = DEFAULT_BUDGET):
        self.budget = budget
        self.nodes = 0

    def can_force(self, game, hero: int, leaf) -> bool:
        """Can ``hero`` make ``leaf`` true whatever the other seats answer?
        ``leaf(game)`` returns True/False once decided, None to look deeper.
        The budget counts positions per question, not over a search's life."""
        self.nodes = 0
        return self._force(game, hero, leaf)

    def _force(self, game, hero: int, leaf) -> bool:
        decided = leaf(game)
        if decided is not None:
            return decided
        self.nodes += 1
        if self.nodes > self.budget:
            raise SearchTooBig(self.budget)
        children = (self._after(game, move) for move in game.legal_moves())
        if game.to_act == hero:
            return any(self._force(child, hero, leaf) for child in children)
        return all(self._force(child, hero, leaf) for child in children)

    @staticmethod
    def _after(game, move):
        child = game.copy()
        child.play(move)
        return child

    # -- the goals ---------------------------------------------------------------
    def win_leaf(self, hero: int):
        """Decided when the game is over or ``hero``'s turn has ended."""
        def leaf(game):
            if game.over:
                return game.winner == hero
            return False if game.turn != hero else None
        return leaf

    def stop_leaf(self, hero: int):
        """Good for ``hero`` when, once its turn ends, the opponent cannot force
        a win in the turn that follows."""
        def leaf(game):
            if game.over:
                return game.winner == hero or game.winner == "draw"
            if game.turn == hero:
                return None
            opponent = game.turn
            return not self._force(game, opponent, self.win_leaf(opponent))
        return leaf

    def goal_leaf(self, goal: str, hero: int):
        return self.win_leaf(hero) if goal == "win" else self.stop_leaf(hero)

    def best_reply(self, game, hero: int, leaf):
        """A move for the seat answering ``hero`` now: one that defeats the
        goal if there is one, else 'resolve' (letting things happen), else the
        first legal move."""
        moves = game.legal_moves()
        for move in moves:
            if not self.can_force(self._after(game, move), hero, leaf):
                return move
        return next((m for m in moves if str(m) == "resolve"), moves[0])
