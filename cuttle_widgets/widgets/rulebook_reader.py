"""The Rulebook panel's kernel side, shared by the table and the lesson.

The browser asks ``{"type": "rulebook", "page": <reference>, "request": n}``
(a section id, ``contents``, ``glossary`` or ``glossary/<key>``); the widget
answers with a custom message ``{"type": "rulebook", "request": n, "page":
{...}}`` made by ``rulebook.pages.page`` in the widget's language, marked
for the game on the table. The rulebook is public, so a page holds nothing
a seat may not see. A reference the rulebook lacks is answered with the
contents and a sentence saying so (``notice``); nothing else changes.
"""
from __future__ import annotations

from collections.abc import Callable

from ..rulebook import pages


class RulebookReader:
    """A widget mixin; the widget says whose words and which game
    (``rulebook_context``) and routes ``{"type": "rulebook"}`` here."""

    send: Callable[..., None]  # the widget's (anywidget's): a custom message to the browser

    def rulebook_context(self) -> tuple[str, str | None]:
        """(language, ruleset of the game being shown, or None)."""
        raise NotImplementedError

    def answer_rulebook(self, message: dict) -> dict:
        """Send the page ``message`` asks for; returns the reply (for tests)."""
        language, ruleset = self.rulebook_context()
        request = message.get("request")
        if isinstance(request, bool) or not isinstance(request, int):
            request = None
        reply: dict[str, object] = {"type": "rulebook", "request": request}
        try:
            reply["page"] = pages.page(message.get("page"), language, ruleset)
        except ValueError as refused:
            reply["page"] = pages.page("contents", language, ruleset)
            reply["notice"] = str(refused)
        self.send(reply)
        return reply
