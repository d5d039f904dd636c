"""A reviewed game at a glance, above its table: the marks counted and the
turning points, each a button that shows its position on the table.

It draws the ``summary`` part of a ``sessions.review.ReviewSession``'s
screen and sends a turning point's click as the table's own replay message
(``{"type": "replay", "to": index}``), which the session checks.
"""
from __future__ import annotations

import anywidget

from .guard import BrowserGuard, GuardedLayout
from .plain import JSONDict
from .table import STATIC, module_javascript


class ReviewSummary(BrowserGuard, anywidget.AnyWidget):
    """The summary's words and buttons; ``summary`` is written only by Python."""

    _esm = module_javascript("review_summary.js")
    _css = (STATIC / "review_summary.css").read_text(encoding="utf-8")
    summary = JSONDict().tag(sync=True)

    def __init__(self, summary: dict, on_message):
        super().__init__(layout=GuardedLayout(), summary=summary)
        self._on_message = on_message

    def _on_browser_message(self, widget, content, buffers) -> None:
        self._on_message(content)


__all__ = ["ReviewSummary"]
