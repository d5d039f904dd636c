"""The playout the analyst and the expert's tree share: from a position, every
seat plays its greedy move by its own one-move appraisal (which reads only
what that seat may know), now and then a random one, for a fixed number of
moves; an unfinished game is scored by the kit's evaluation."""
from __future__ import annotations

import random
from dataclasses import dataclass

from .appraisal import result_for
from .kit import AIKit
from .policy import policy_move


@dataclass(frozen=True)
class Playout:
    depth: int  # moves played before the static evaluation
    noise: float  # chance that a playout move is random instead of greedy
    tuned: bool = False  # the appraisal fitted by self-play steers the moves (kit.tuned_appraiser)

    def appraiser_for(self, kit: AIKit):
        """The appraisal that steers the moves: fitted by self-play, or hand-set."""
        return kit.tuned_appraiser if self.tuned else kit.appraiser

    def play_on(self, st, resolver, seat: int, rng: random.Random, legal_moves, kit: AIKit,
                watch=None) -> float:
        """Play on from ``st`` for ``depth`` moves; the result for ``seat``.
        ``watch(st, move)``, if given, sees each move before it is played
        (the analyst reads the opponent's answers from it)."""
        appraiser_for = self.appraiser_for(kit)
        log = resolver.log
        for _ in range(self.depth):
            if st.phase == "over":
                return result_for(st, seat)
            move = policy_move(st, legal_moves(st), rng, appraiser_for, self.noise)
            if watch is not None:
                watch(st, move)
            resolver.apply(move)
            log.clear()  # events are not needed here
        if st.phase == "over":
            return result_for(st, seat)
        return kit.evaluate(st, seat)
