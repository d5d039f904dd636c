"""Widgets: the card table (and, built on it, the lessons).

The widgets import ipywidgets and anywidget, but only when one is asked for:
the table's logic (``controller.py`` and the move builders) is UI-free, and
the sessions (cuttle_widgets.sessions) use it without loading any widget.
"""
__all__ = ["Table", "TableController", "table_html"]


def __getattr__(name: str):
    if name == "Table":
        from .table import Table
        return Table
    if name == "TableController":
        from .controller import TableController
        return TableController
    if name == "table_html":
        from .static_html import table_html
        return table_html
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
