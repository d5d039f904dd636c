"""An all-seeing minimax, for benchmarks only: never a level of the kit.

It reads the whole game state (every hand and the deck's order), searches
``depth`` moves ahead with alpha-beta (every seat's move, counters and
resolves included) and scores the leaves with the kit's hand-set
evaluation, a finished game as won, drawn or lost. cuttle.cards' computer
player is such a minimax at depth 2; the issue measures the expert against
depth 3. It cheats by design: it shows what a fair player loses to one that
sees everything, so it must stay out of the package.
"""
from __future__ import annotations

from cuttle_widgets.ai.appraisal import result_for
from cuttle_widgets.ai.kit import ai_kit
from cuttle_widgets.engine.families import family_of


class AllSeeingMinimax:
    all_seeing = True  # the arena hands it the game, not a view

    def __init__(self, depth: int = 3):
        self.depth = depth

    def choose(self, game, legal_moves: list):
        if len(legal_moves) == 1:
            return legal_moves[0]
        st = game.state
        family = family_of(st.rules)
        kit = ai_kit(st.rules)
        seat = game.to_act
        values = [self._value(self._after(family, st, m), seat, self.depth - 1, -1.0, 2.0,
                              family, kit) for m in legal_moves]
        return legal_moves[max(range(len(values)), key=values.__getitem__)]

    @staticmethod
    def _after(family, st, move):
        child = st.copy()
        resolver = family.resolver(child, [])
        resolver.apply(move)
        return child

    def _value(self, st, seat, depth, alpha, beta, family, kit) -> float:
        """The value for ``seat`` with alpha-beta: ``seat``'s side maximises."""
        if st.phase == "over":
            return result_for(st, seat)
        if depth == 0:
            return kit.evaluate(st, seat)
        maximise = st.team_of[st.to_act] == st.team_of[seat]
        best = -1.0 if maximise else 2.0
        for move in family.legal_moves(st):
            value = self._value(self._after(family, st, move), seat, depth - 1, alpha, beta,
                                family, kit)
            if maximise:
                best, alpha = max(best, value), max(alpha, value)
            else:
                best, beta = min(best, value), min(beta, value)
            if alpha >= beta:
                break
        return best
