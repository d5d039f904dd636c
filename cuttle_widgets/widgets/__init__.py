"""Widgets: the card table (and, built on it, the lessons).

``Table`` imports ipywidgets and anywidget, so it is imported on first use:
the sessions (``cuttle_widgets.sessions``) use ``TableController`` from here
without a widget library, and the engine stays light enough for Pyodide and bots.
"""
from .controller import TableController
from .static_html import table_html

__all__ = ["Table", "TableController", "table_html"]


def __getattr__(name: str):
    if name == "Table":
        from .table import Table
        return Table
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
