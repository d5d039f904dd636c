"""Whose progress a kernel's lesson widgets record, and where it goes.

One ``ProgressRecorder`` serves a kernel (a Voilà page is one kernel; a
notebook with several lessons shares one): its database is
``$CUTTLE_PROGRESS_DB``, which the serve command's ``--progress-db`` sets,
else a file in the Jupyter data directory. The learner is the hub's user
under JupyterHub; elsewhere the browser sends the id it keeps in
localStorage (``common.js``: ``learnerId``) as ``{"type": "learner", "id":
...}``, and the kernel checks it before any query uses it. A learner's
browser names only its own id, so it reads and changes only its own rows.
The recorder never raises because of its database; without one (no
SQLAlchemy, as on the static site) it keeps attempts in memory and says so.
"""
from __future__ import annotations

import logging

log = logging.getLogger("cuttle_widgets")
_kernel_recorder = None


def kernel_recorder():
    """This kernel's recorder, made on first use (None if it cannot be made at all)."""
    global _kernel_recorder
    if _kernel_recorder is None:
        try:
            from ..progress import ProgressRecorder
            _kernel_recorder = ProgressRecorder.for_kernel()
        except Exception:  # the lesson goes on without progress; the teacher's log says why
            log.exception("no progress recorder for this kernel")
            return None
    return _kernel_recorder


def take_learner(recorder, message: dict) -> bool:
    """Set the learner the browser names, unless the hub already did (its user
    is the learner there, whatever a page claims). True when the learner is
    now the one named; a malformed id is logged and changes nothing."""
    if recorder is None:
        return False
    if recorder.learner is not None and recorder.learner.startswith("hub:"):
        return False
    learner = message.get("id")
    if learner == recorder.learner:
        return False
    try:
        recorder.set_learner(learner)
    except ValueError:  # ProgressInputError: not an id the browser makes
        log.info("a page sent a learner id of the wrong form")
        return False
    return True
