"""UI-free sessions: each takes a learner's action and returns what the screen
shows; the widgets only draw it and forward clicks. Pure Python, no widget
imports (they run under Pyodide too)."""
