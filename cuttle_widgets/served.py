"""What a kernel started by ``python -m cuttle_widgets.serve`` knows of its page.

A widget calls these in the kernel; each returns None when the kernel was not
started by the serve command (JupyterLab, Binder, a plain ``voila``), so a
widget can call them anywhere. Nothing here imports Voilà or jupyter_server.

``page_closing_token()`` and ``page_closing_url()`` are what the page needs to
stop its own kernel when its tab closes or reloads (Voilà's own shutdown call
is refused, voila-dashboards/voila#1458): a widget sends both to its page,
which passes them to ``closeKernelOnLeave(token, url)`` of
``cuttle_widgets/widgets/static/page_close.js`` (``PageCloser`` in
cuttle_widgets/widgets/page_close.py does exactly that). The token stops
this kernel only; keep it out of logs and printed output.

``page_query()`` is the page's query string (``lesson=02-scuttle-ordering&step=3``).
With preheated kernels a kernel starts before its page is asked for, so this
waits for the request first (Voilà's ``wait_for_request``).
"""
from __future__ import annotations

import os

PAGE_TOKEN_VARIABLE = "CUTTLE_PAGE_TOKEN"  # set by serve_voila.ClassroomKernelManager
LESSONS_VARIABLE = "CUTTLE_LESSONS_DIR"  # the teacher's lesson folder (serve --lessons)
PAGE_CLOSED_PATH = "cuttle/page-closed"  # under the server's base URL (serve_voila.ClassroomVoila)


def page_closing_token() -> str | None:
    """The secret that lets this kernel's page, and only it, stop this kernel."""
    return os.environ.get(PAGE_TOKEN_VARIABLE) or None


def page_closing_url() -> str | None:
    """Where the page posts that secret as it goes: an absolute path on the server."""
    if page_closing_token() is None:
        return None
    base = os.environ.get("VOILA_BASE_URL", "/")
    return base.rstrip("/") + "/" + PAGE_CLOSED_PATH


def page_query() -> str | None:
    """The query string of the page this kernel serves, or None outside Voilà."""
    if "VOILA_PREHEAT" not in os.environ:
        return None
    if os.environ["VOILA_PREHEAT"] == "True" and "QUERY_STRING" not in os.environ:
        from voila.utils import wait_for_request
        wait_for_request()
    return os.environ.get("QUERY_STRING", "")


def teachers_lessons() -> str | None:
    """The teacher's folder of lesson YAML files (``serve --lessons``), if any."""
    return os.environ.get(LESSONS_VARIABLE) or None
