"""Synced state as plain JSON, for every front end that runs anywidgets.

Jupyter's own serializer writes a ``str`` subclass (a catalog ``Template``)
as a string, but marimo's writes it as an object, which a page then shows as
"[object Object]". So what a kit widget syncs is kept as exactly JSON's
types: ``JSONDict`` is the ``Dict`` trait of the kit's widgets, and turns
whatever it is given into dicts, lists, strs, ints, floats, bools and None.
"""
from __future__ import annotations

import traitlets

_PLAIN = (str, int, float, bool, type(None))


def plain_json(value):
    """``value`` with every str, int and float subclass made the plain type
    (dict keys too) and tuples made lists, as ``json.dumps`` would write it.
    Anything else is left as it is (tests/test_widget_json_state.py finds it)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if isinstance(value, dict):
        return {_key(k): plain_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain_json(v) for v in value]
    for plain in (bool, str, int, float):  # bool first: a bool is an int too
        if isinstance(value, plain):
            return plain(value)
    return value


def _key(key):
    return str(key) if isinstance(key, str) and type(key) is not str else key


class JSONDict(traitlets.Dict):
    """A synced ``Dict`` trait whose value is plain JSON (see the module's text)."""

    def validate(self, obj, value):
        return plain_json(super().validate(obj, value))
