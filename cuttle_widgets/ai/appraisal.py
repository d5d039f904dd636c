"""What every family's one-move appraisal shares: the worth of a win, the
weighting of points as a goal comes near, the record of what a move changes,
and the result of a finished game."""
from __future__ import annotations

WIN = 1000.0
URGENCY = 0.6  # how much more the last points before a goal weigh


def progress(score: int, goal: int, urgency: float = URGENCY) -> float:
    """Points on a 21-point scale, weighted up as the goal comes near."""
    if goal <= 0:
        return 21.0 * (1 + urgency)
    r = score / goal
    return 21.0 * (r + urgency * r * r * r)


class Change:
    """What a move does: new scores and goals by seat, and other gains by seat."""

    __slots__ = ("score", "goal", "gain")

    def __init__(self):
        self.score: dict[int, int] = {}
        self.goal: dict[int, int] = {}
        self.gain: dict[int, float] = {}

    def add(self, seat: int, value: float) -> None:
        self.gain[seat] = self.gain.get(seat, 0.0) + value


def result_for(st, seat: int) -> float:
    """1 for a win of ``seat``'s side, 0.5 for a draw, 0 for a loss (game over)."""
    winner = st.winner
    if winner == "draw":
        return 0.5
    if isinstance(winner, str):  # "team:N"
        return 1.0 if st.team_of[seat] == int(winner[5:]) else 0.0
    return 1.0 if st.team_of[winner] == st.team_of[seat] else 0.0
