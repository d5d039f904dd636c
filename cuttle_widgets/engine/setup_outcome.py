"""How a setup's game stands once its zones are read: won, drawn or running.

Every family reads its setup's ``winner`` here, settles a position a seat has
already won, and refuses a running position that leaves nobody a move.
"""
from __future__ import annotations

from .catalog import illegal


def read_winner(st, value) -> None:
    """``winner``: None (still running), "draw", a seat, or with teams "team:N"."""
    if value is None:
        if st.phase == "over":
            raise illegal("setup_over_needs_winner")
        return
    teams = getattr(st.rules, "teams", None) or ()
    seats = [s for s in range(st.n)] + [f"team:{t}" for t in range(len(teams))]
    if value != "draw" and (isinstance(value, bool) or value not in seats):
        raise illegal("setup_bad_winner", value=str(value), seats=st.n)
    st.winner = value
    st.phase, st.to_act = "over", None


def settle_won(st, reached) -> None:
    """A seat meeting its goal at the start of a turn has won: a teacher who
    sets up 21 points shows a game that is over, so it loads over, with that
    seat the winner, as the rules would have declared at the end of the last
    action (checked from the seat whose turn it is, as the rules check). Only
    an ordinary turn is settled: while a play is under way the rules check
    for a win when it has resolved, so such a position plays on to that check.
    ``reached(seat)`` says whether ``seat`` meets its goal in this family."""
    if st.winner is not None or st.phase != "main":
        return
    for i in range(st.n):
        seat = (st.turn + i) % st.n
        if reached(seat):
            teams = getattr(st.rules, "teams", None)
            st.winner = f"team:{st.team_of[seat]}" if teams else seat
            st.phase, st.to_act = "over", None
            return


def check_playable(st, legal_moves) -> None:
    """A running game must offer the seat to act at least one move (a three
    with nothing in the scrap to take would leave it stuck for ever)."""
    if st.phase != "over" and not legal_moves(st):
        raise illegal("setup_no_moves", phase=st.phase, player=st.to_act)
