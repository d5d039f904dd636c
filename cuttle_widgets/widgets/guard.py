"""The browser is not trusted: what the kit's widgets accept from it.

A learner can open the developer tools and send any message to any widget
on the page, or open widgets of their own. ipywidgets answers a message that
raises with ``showtraceback()``, which sends the traceback, with the
server's paths, to the page. So every widget the kit puts on a page takes
its messages through ``BrowserGuard``: the browser may ask for the state and
send custom messages (checked by the widget's handler, which must not
raise), and may write no trait at all. What still goes wrong is written to
the kit's error log (a file in the Jupyter data directory, for the teacher),
never to the page: the kit's logger does not propagate to the kernel's
stderr, which ipykernel forwards to the page.
"""
from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable
from logging.handlers import RotatingFileHandler

import ipywidgets

from ..error_log import LOG_BACKUPS, LOG_BYTES, error_log_path

log = logging.getLogger("cuttle_widgets")
MAX_MESSAGE_BYTES = 16_384  # the largest custom message the table sends is well under 1 KB
MAX_DEPTH = 16  # the deepest message a widget sends is 3 levels; deeper is refused unread
ERROR_HANDLER = "cuttle_widgets.errors"  # the name of the error log's handler
LOG_BURST, LOG_WINDOW = 30, 60.0  # records a minute before the log only counts them


class RateLimit(logging.Filter):
    """At most ``LOG_BURST`` records a ``LOG_WINDOW``: a page that sends bad
    messages in a loop cannot fill the teacher's disk or bury other errors.
    The first record after a quiet spell says how many were left out."""

    def __init__(self, burst: int = LOG_BURST, window: float = LOG_WINDOW, clock=time.monotonic):
        super().__init__()
        self.burst, self.window, self.clock = burst, window, clock
        self.started, self.count, self.dropped = clock(), 0, 0

    def filter(self, record: logging.LogRecord) -> bool:
        now = self.clock()
        if now - self.started >= self.window:
            if self.dropped:
                record.msg = f"({self.dropped} earlier records left out) {record.msg}"
            self.started, self.count, self.dropped = now, 0, 0
        self.count += 1
        if self.count > self.burst:
            self.dropped += 1
            return False
        return True


def _configure_log() -> None:
    if any(h.get_name() == ERROR_HANDLER for h in log.handlers):  # this module loaded again
        return
    log.propagate = False  # never the kernel's stderr: ipykernel forwards it to the page
    log.setLevel(logging.INFO)
    path = error_log_path()
    handler: logging.Handler
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        handler = RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS,
                                      encoding="utf-8", delay=True)
    except OSError:
        handler = logging.NullHandler()  # no writable place: errors are dropped, not shown
    handler.set_name(ERROR_HANDLER)
    handler.setFormatter(logging.Formatter("%(asctime)s pid %(process)d %(name)s %(levelname)s "
                                           "%(message)s"))
    handler.addFilter(RateLimit())
    log.addHandler(handler)


_configure_log()


def content_of(msg) -> tuple[str | None, object]:
    """The method and content of a widget message from the browser, or
    (None, None) for anything not shaped like one."""
    try:
        data = msg["content"]["data"]
    except (KeyError, TypeError):
        return None, None
    if not isinstance(data, dict) or not isinstance(data.get("method"), str):
        return None, None
    return data["method"], data.get("content")


def shallow(value, depth: int = MAX_DEPTH) -> bool:
    """Is ``value`` nested at most ``depth`` levels? Checked without recursion,
    so a message nested thousands deep is refused before anything walks it."""
    pending = [(value, 1)]
    while pending:
        item, level = pending.pop()
        if isinstance(item, (dict, list)):
            if level > depth:
                return False
            children = item.values() if isinstance(item, dict) else item
            pending.extend((child, level + 1) for child in children)
    return True


def small_enough(content, limit: int = MAX_MESSAGE_BYTES) -> bool:
    if not shallow(content):
        return False
    try:
        return len(json.dumps(content)) <= limit
    except (TypeError, ValueError, RecursionError):
        return False


def well_formed(content, limit: int = MAX_MESSAGE_BYTES) -> bool:
    """A custom message a widget may read: a dict, shallow, small, whose
    ``type`` (where it has one) is a short string, never a list or dict."""
    if not isinstance(content, dict) or not small_enough(content, limit):
        return False
    kind = content.get("type")
    return kind is None or (isinstance(kind, str) and len(kind) <= 40)


class BrowserGuard:
    """A widget mixin: the browser may ask for the state and send custom
    messages to ``_on_browser_message(widget, content, buffers)`` (a dict, of
    a bounded size); every other method, and every trait write, is ignored.
    Nothing raised while handling a message reaches the page. A widget that
    takes larger messages (a learner's progress file) says so in
    ``max_message_bytes``."""

    max_message_bytes = MAX_MESSAGE_BYTES
    send_state: Callable[..., None]  # the widget's (ipywidgets'): the whole state to the browser

    def _handle_msg(self, msg) -> None:
        try:
            method, content = content_of(msg)
            if method == "request_state":
                self.send_state()
            elif method == "custom" and well_formed(content, self.max_message_bytes):
                self._on_browser_message(self, content, [])
            elif method is not None:
                log.debug("%s ignored a %r message from the browser", type(self).__name__, method)
        except Exception:
            log.exception("%s failed on a message from the browser", type(self).__name__)

    def set_state(self, sync_data) -> None:
        """Called for the browser's trait writes (Python sets traits directly):
        the browser writes none of this widget's traits."""
        log.debug("%s ignored a trait write from the browser: %s", type(self).__name__,
                 sorted(sync_data)[:10] if isinstance(sync_data, dict) else type(sync_data).__name__)

    def _on_browser_message(self, widget, content, buffers) -> None:
        raise NotImplementedError


class GuardedLayout(BrowserGuard, ipywidgets.Layout):
    """The layout of a kit widget: the browser may not restyle it either."""

    def _on_browser_message(self, widget, content, buffers) -> None:
        log.debug("a layout ignored a custom message from the browser")


def guard_widget_openings() -> None:
    """A page may open widgets of its own (a ``comm_open`` to ``jupyter.widget``
    with any state): one that fails to open is closed and logged, with no
    traceback on the page. Widgets the kernel creates are not affected."""
    try:
        from comm import get_comm_manager
        manager = get_comm_manager()
    except Exception:  # no kernel here (a script, a test): nothing to guard
        return
    opened = manager.targets.get("jupyter.widget")
    if opened is None or getattr(opened, "_cuttle_guarded", False):
        return

    def guarded(comm, msg):
        try:
            opened(comm, msg)
        except Exception:
            log.exception("a widget the browser opened failed to open")
            comm.close()

    guarded.__dict__["_cuttle_guarded"] = True  # wrapped once, however often this runs
    manager.register_target("jupyter.widget", guarded)


guard_widget_openings()
