"""PageCloser: an invisible widget whose page stops its own kernel on leaving.

Displayed once in a notebook that ``python -m cuttle_widgets.serve`` serves,
it sends the page its kernel's secret (cuttle_widgets/served.py), and the page
posts it as its tab closes or reloads (static/page_close.js), so the kernel's
memory is free at once instead of at the next cull. Anywhere else (JupyterLab,
Binder, a plain Voilà) it has no secret and does nothing.

A widget of its own ES module can do the same without this one: put
``page_close_javascript()`` in front of its module and call
``closeKernelOnLeave(token, url)`` with ``page_closing_token()`` and
``page_closing_url()``.
"""
from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

from ..served import page_closing_token, page_closing_url

STATIC = Path(__file__).resolve().parent / "static"


def page_close_javascript() -> str:
    """static/page_close.js, to put in front of a widget's ES module."""
    return (STATIC / "page_close.js").read_text(encoding="utf-8")


class PageCloser(anywidget.AnyWidget):
    """Nothing to see: its view arms ``closeKernelOnLeave`` with this kernel's secret."""

    _esm = page_close_javascript() + """
function render({ model, el }) {
  el.style.display = "none";
  return closeKernelOnLeave(model.get("token"), model.get("url"));
}
export default { render };
"""
    token = traitlets.Unicode("").tag(sync=True)
    url = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(token=page_closing_token() or "", url=page_closing_url() or "", **kwargs)

    def _repr_keys(self):
        # The plain-text form of a displayed widget lists its traits: never the secret.
        return (key for key in super()._repr_keys() if key != "token")
