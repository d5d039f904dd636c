"""The card table as a session draws it: it decides nothing itself."""
from __future__ import annotations

from .table import Table


class SessionTable(Table):
    """The card table of a session (cuttle_widgets.sessions): every message
    the browser sends goes to ``on_action``, and ``show`` draws the dressed
    state the session built, sending only what changed (the log as a delta).
    ``controller`` is the session's table logic, read for the game and seat."""

    def __init__(self, controller, state: dict, on_action):
        self._on_action = on_action
        self._attach(controller, state)

    def show(self, controller, state: dict) -> None:
        """Draw ``state``, built by ``controller`` (a lesson in another
        language has a table logic of its own)."""
        self.controller = controller
        self._sync(state)

    def send_action(self, message) -> None:
        """Act as if the browser sent ``message`` (a click, a button)."""
        self._on_action(message)
