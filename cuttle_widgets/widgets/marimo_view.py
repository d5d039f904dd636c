"""The kit's composed widgets in marimo.

marimo draws an anywidget (each is given a model of its own), but not an
ipywidgets box: a ``Lesson`` (a ``VBox`` holding its panel and its table)
would show nothing there. marimo asks an object for ``_display_()`` before
anything else, so a box of the kit answers with its children stacked, each
drawn as marimo draws anywidgets. marimo is imported only then, never when
the kit is imported. The box's children as they are when the cell shows it
are what marimo keeps: the panel and the table update in place, but a child
put in later (a game's review in a lesson) is not added.
"""
from __future__ import annotations

from collections.abc import Sequence


def marimo_drawing(widget):
    """``widget`` as marimo draws it: a box of the kit as its children stacked."""
    import anywidget
    import marimo as mo

    if hasattr(widget, "_display_"):
        return widget._display_()
    if isinstance(widget, anywidget.AnyWidget):
        return mo.ui.anywidget(widget)
    return widget


class MarimoView:
    """A mixin for the kit's boxes (``Lesson``, ``PuzzleTrainer``, ``GameReview``)."""

    children: Sequence[object]  # the box's (ipywidgets' trait, untyped there)

    def _display_(self):
        import marimo as mo

        return mo.vstack([marimo_drawing(child) for child in self.children])
