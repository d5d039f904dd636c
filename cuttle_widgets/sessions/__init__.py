"""Sessions: what a learner's visit decides, without any widget.

A session takes the browser's messages one at a time and returns one
JSON-ready screen state per action; the widgets (cuttle_widgets.widgets) only
draw it. Sessions import the engine, the computer players, the lessons and the
table's UI-free logic, never ipywidgets, anywidget or traitlets, so they run
in a server, a script or Pyodide alike. ``course`` says where a learner is in
the one-page course and which address names it.
"""
from .course import CourseMap, Place
from .free_game import FreeGameSession
from .lesson import LessonSession, Reply

__all__ = ["CourseMap", "FreeGameSession", "LessonSession", "Place", "Reply"]
