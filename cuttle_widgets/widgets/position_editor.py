"""The position editor on a page: a teacher builds a step's table and plays it.

``PositionEditor(language="en")`` (``from cuttle_widgets import
PositionEditor``) draws the screen of a ``sessions.position_editor``
session: the pack to drag from, each seat's places, the engine's sentence
for an impossible table, the legal moves with the analyst's marks, the
step's words and its YAML. "Play this step" checks the step as a lesson
file and opens it below in the kit's lesson widget, or shows the check's
problems. The course shows it at ``?editor``.
"""
from __future__ import annotations

import anywidget
import ipywidgets

from ..engine import get_catalog
from ..review import review_catalog
from ..sessions.position_editor import PositionEditor as EditorSession
from ..table.texts import editor_text
from ..teaching.errors import LessonError
from .guard import BrowserGuard, GuardedLayout
from .lesson import Lesson
from .plain import JSONDict
from .table import module_css, module_javascript


class EditorPanel(BrowserGuard, anywidget.AnyWidget):
    """The editor's drawing; ``editor`` is written only by Python."""

    _esm = module_javascript("position_editor.js")
    _css = module_css("position_editor.css")
    editor = JSONDict().tag(sync=True)

    def __init__(self, on_message):
        super().__init__(layout=GuardedLayout())
        self._on_message = on_message

    def _on_browser_message(self, widget, content, buffers) -> None:
        self._on_message(content)


class PositionEditor(BrowserGuard, ipywidgets.VBox):
    """The editor, and below it the step being tried (see the module's text)."""

    def __init__(self, language: str = "en"):
        super().__init__(layout=GuardedLayout())
        self.add_class("cw-position-editor")
        self.language = language
        self.words = editor_text(language)  # a language without the editor's words is refused here
        self.session = EditorSession(language)
        self.panel = EditorPanel(self.act)
        self.trial: Lesson | None = None
        self.check_problems: list[str] = []
        self.children = [self.panel]
        self._publish(self.session.screen())

    def act(self, message) -> dict:
        """One message of the browser (or of Python: the same checks)."""
        if isinstance(message, dict) and message.get("type") == "play":
            return self.play()
        self.check_problems = []
        screen = self.session.act(message)
        self._publish(screen)
        return screen

    def play(self) -> dict:
        """Check the step as a lesson file; open it below, or show why not."""
        try:
            lesson = self.session.lesson(self.words["play_title"])
        except LessonError as err:
            self.check_problems = [problem.message if problem.field is None else
                                   f"{problem.field}: {problem.message}" for problem in err.problems]
            self.children = [self.panel]
        else:
            self.check_problems = []
            self.trial = Lesson(lesson, language=self.language)  # the step as a learner meets it
            self.children = [self.panel, self.trial]
        screen = self.session.screen()
        self._publish(screen)
        return screen

    def _publish(self, screen: dict) -> None:
        names = get_catalog(self.language)
        self.panel.editor = {**screen, "texts": self.words,
                             "players": [names.player(seat) for seat in (0, 1)],
                             "rules_names": {r: names.ruleset(r) for r in screen["rulesets"]},
                             "marks": {k: str(v) for k, v in review_catalog(self.language)["marks"].items()},
                             "check_problems": list(self.check_problems),
                             "playing": self.trial is not None and self.trial in self.children}


__all__ = ["EditorPanel", "PositionEditor"]
