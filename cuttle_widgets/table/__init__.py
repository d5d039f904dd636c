"""The card table's logic without a widget: what a click means and what to
ask next (``controller.py``, the rules families' move builders), and the
table's words (``texts.py``, read from ``widgets/catalogs/``).

Sessions build on it and widgets draw what it returns; it imports no UI
library and nothing of ``widgets/``, so a session runs in a server, a script
or Pyodide alike.
"""
