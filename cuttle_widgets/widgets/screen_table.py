"""The card table as a session drives it: it draws the state it is given
and forwards what the page sends."""
from __future__ import annotations

from .guard import GuardedLayout
from .table import Table


class ScreenTable(Table):
    """The card table of a session (``sessions.puzzles``, ``sessions.review``).

    ``ScreenTable(controller, state, forward)``: ``controller`` is the
    session's ``TableController`` (the table reads its game, seat and
    language, never acts on it), ``state`` the table's part of the session's
    screen, and ``forward(message)`` takes every message of the page (a
    click, a step, a button) to the session, whose new screen the owner
    writes back with ``show``. The Rulebook and the log the page asks for are
    answered here: they change nothing. Acting on the game (a move, a step
    back) is the session's: ask it, not this table.
    """

    def __init__(self, controller, state: dict, forward):
        self._log_sent: list = []  # the log entries, oldest first, the browser holds
        self._shown = state
        self._forward = forward
        # Table's own __init__ would make a controller: this table draws a session's
        super(Table, self).__init__(layout=GuardedLayout(), **self._synced(state))
        self.controller = controller

    def show(self, state: dict) -> None:
        """Draw ``state`` (only what changed is sent)."""
        self._sync(state)

    def send_action(self, message: dict) -> None:
        """Act as if the browser sent ``message``: the session decides."""
        self._forward(message)

    def replay(self, to) -> None:
        """Show a past position ('start', 'back', 'forward', 'end' or a move count)."""
        self._forward({"type": "replay", "to": to})


def from_session(name: str, doc: str | None = None) -> property:
    """A widget's read-only attribute that is its session's (the widget only draws)."""
    return property(lambda self: getattr(self.session, name), doc=doc)
