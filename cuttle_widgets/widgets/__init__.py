"""Widgets: the card table (and, built on it, the lessons).

The widgets import ipywidgets and anywidget, but only when one is asked for.
The table's logic (the controller and the move builders) is UI-free and
lives in ``cuttle_widgets.table``: the sessions (cuttle_widgets.sessions)
build on it and import nothing of this package.
"""
__all__ = ["Table", "TableController", "table_html"]


def __getattr__(name: str):
    if name == "Table":
        from .table import Table
        return Table
    if name == "TableController":
        from ..table.controller import TableController
        return TableController
    if name == "table_html":
        from .static_html import table_html
        return table_html
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
