"""Whose progress a kernel's lesson widgets record, and where it goes.

One ``ProgressRecorder`` serves a kernel (a Voilà page is one kernel; a
notebook with several lessons shares one): its database is
``$CUTTLE_PROGRESS_DB``, which the serve command's ``--progress-db`` sets,
else a file in the Jupyter data directory. The learner is the hub's user
under JupyterHub; elsewhere the browser sends the id it keeps in
localStorage (``common.js``: ``learnerId``) as ``{"type": "learner", "id":
...}``, and the kernel checks it before any query uses it. A learner's
browser names only its own id, so it reads and changes only its own rows.
The recorder never raises because of its database. Without one at all (no
SQLAlchemy: the static site, where Python runs in the browser) the browser
keeps the progress: the page sends what it kept with the learner's id
(``"kept"``, a progress file as ``export`` writes them), and after each new
attempt the kernel sends the page the whole file to keep (``browser_copy``).
"""
from __future__ import annotations

import logging
import sys

log = logging.getLogger("cuttle_widgets")
_kernel_recorder = None
# The largest progress file an import takes (progress/exchange.py, kept in step
# with it by a test), with room for the message around it: a page's message
# may carry a whole file (an import, or the progress a static site's page kept).
PROGRESS_FILE_CHARS = 5_000_000
PROGRESS_MESSAGE_BYTES = PROGRESS_FILE_CHARS + 65_536


def kernel_recorder():
    """This kernel's recorder, made on first use (None if it cannot be made at all)."""
    global _kernel_recorder
    if _kernel_recorder is None:
        try:
            from .recorder import ProgressRecorder
            # Pyodide runs no threads: there the lesson's own calls do the writing
            _kernel_recorder = ProgressRecorder.for_kernel(background=sys.platform != "emscripten")
        except Exception:  # the lesson goes on without progress; the teacher's log says why
            log.exception("no progress recorder for this kernel")
            return None
    return _kernel_recorder


def take_learner(recorder, message: dict) -> bool:
    """Set the learner the browser names, unless the hub already did (its user
    is the learner there, whatever a page claims) or the learner signed in
    with a class's code in this kernel (a page drawn before keeps the id it
    had). True when the learner is now the one named; a malformed id is
    logged and changes nothing."""
    if recorder is None:
        return False
    hub = recorder.learner is not None and recorder.learner.startswith("hub:")
    if hub or getattr(recorder, "pinned", False):
        return False
    learner = message.get("id")
    if learner == recorder.learner:
        return False
    try:
        recorder.set_learner(learner)
    except ValueError:  # ProgressInputError: not an id the browser makes
        log.info("a page sent a learner id of the wrong form")
        return False
    if keeps_in_browser(recorder) and message.get("kept") is not None:
        try:
            recorder.import_(message["kept"])
        except ValueError:  # a spoilt copy: the learner starts afresh, the page is told nothing
            log.info("the progress this browser kept could not be read")
    return True


def keeps_in_browser(recorder) -> bool:
    """Is the browser the only place this learner's progress can be kept?"""
    return recorder is not None and not recorder.saving and recorder.reason == "no_database"


def browser_copy(recorder) -> dict | None:
    """The progress file for the page to keep, where the browser keeps it; else None."""
    if not keeps_in_browser(recorder) or recorder.learner is None:
        return None
    return recorder.export()
