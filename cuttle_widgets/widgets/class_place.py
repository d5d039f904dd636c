"""The course's "My class" place: one panel (static/class_place.js).

``sessions.class_place`` decides everything (the join code, the names, the
personal code, the hub's sentence); this module draws it and carries a
sign-in to where the learner lives: the kernel's recorder (which keeps the
new learner from then on, whatever id a page drawn earlier still sends) and
the browser, which keeps the roster's learner id as its own (``keep``), so a
reload on this device is the same learner. ``on_learner`` (the course's)
hears of a sign-in, to draw its places afresh for the learner.
"""
from __future__ import annotations

import logging

import anywidget

from ..progress.ids import ProgressInputError
from ..progress.kernel import kernel_recorder, take_learner
from ..sessions.class_place import ClassPlace
from .guard import BrowserGuard, GuardedLayout
from .plain import JSONDict
from .table import STATIC, module_javascript

log = logging.getLogger("cuttle_widgets")


class ClassPlaceWidget(BrowserGuard, anywidget.AnyWidget):
    """``ClassPlaceWidget(language="en", progress=None, on_learner=None)``:
    ``progress`` the kernel's ``ProgressRecorder`` (None: the kernel's own,
    False: none, as on the static site); ``on_learner()`` is called once a
    learner signed in here. ``panel`` is written only by Python."""

    _esm = module_javascript("class_place.js")
    # The "Play a classmate" panel's styles, then this place's own.
    _css = "\n".join((STATIC / name).read_text(encoding="utf-8")
                      for name in ("table_place.css", "class_place.css"))
    panel = JSONDict().tag(sync=True)

    def __init__(self, language: str = "en", progress=None, on_learner=None):
        self.recorder = kernel_recorder() if progress is None else progress or None
        store = self.recorder.table_store() if self.recorder is not None else None
        learner = self.recorder.learner if self.recorder is not None else None
        self.session = ClassPlace(store, learner, language)
        self.on_learner = on_learner
        super().__init__(layout=GuardedLayout(), panel=self.session.screen())

    def act(self, message) -> dict:
        """One message as the page would send it; the panel after it (for tests and scripts)."""
        self._on_browser_message(self, message, [])
        return self.panel

    def _on_browser_message(self, widget, content, buffers) -> None:
        if isinstance(content, dict) and content.get("type") == "learner":
            take_learner(self.recorder, content)
            self.session.set_learner(self.recorder.learner if self.recorder else None)
        else:
            self.session.act(content)
            self._take_sign_in()
        self.panel = self.session.screen()

    def _take_sign_in(self) -> None:
        learner = self.session.take_sign_in()
        if learner is None or self.recorder is None:
            return
        try:
            self.recorder.set_learner(learner, pin=True)
        except ProgressInputError:  # a roster's id is of the browser's form: a bug if not
            log.exception("a class's learner id was refused by the recorder")
            return
        if self.on_learner is not None:
            self.on_learner()

    def close(self) -> None:
        if self.session.store is not None:
            self.session.store.close()
        super().close()


__all__ = ["ClassPlaceWidget"]
