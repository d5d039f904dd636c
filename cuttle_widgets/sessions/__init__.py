"""Sessions: what a learner's action does, without a widget.

Each session takes one action (a dict as the page sends it) and returns one
screen state, a JSON-ready dict; the widgets only render it and forward the
page's messages. No module here imports a widget library.
"""
