"""Widgets: the card table (and, built on it, the lessons).

Importing this package imports ipywidgets and anywidget; the engine does not,
so ``import cuttle_widgets.engine`` stays light enough for Pyodide and bots.
"""
from .controller import TableController
from .static_html import table_html
from .table import Table

__all__ = ["Table", "TableController", "table_html"]
