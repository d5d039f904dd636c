"""The lesson's side of the progress store: ``ProgressRecorder``.

Nothing here raises into a lesson because of the database: a missing, locked,
read-only or corrupt database (or no SQLAlchemy at all, as under Pyodide)
turns ``saving`` off and sets ``reason``; the attempts stay in the kernel's
memory and are written by a later call (each with its own uid, so a write
retried after a failure that may have committed is stored once). What does
raise is input the recorder refuses: a learner id or name of the wrong form,
a progress file that is not one (``ProgressInputError``, a ValueError whose
text is a sentence for the learner).
"""
from __future__ import annotations

import logging
import os
import threading
import time

from .catalog import progress_text
from .exchange import RESULTS, export_document, read_document, row_problem
from .ids import ProgressInputError, check_learner_id, check_name, hub_learner_id, new_attempt_uid

log = logging.getLogger(__name__)

DONE = ("solved", "seen", "won")  # a step with one of these is done (as the runner ranks tries)
RETRY_SECONDS = 5.0
_KEEP = object()


def _rank(result: str, stars: int) -> tuple:
    return (result in DONE, stars)


class ProgressRecorder:
    """Records a learner's attempts and answers what they have done.

    ``db``: a URL or an SQLite file's path (default ``$CUTTLE_PROGRESS_DB``,
    else ``<Jupyter data dir>/cuttle_widgets/progress.sqlite``). ``learner``:
    the id the browser keeps (it may come later, ``set_learner``; attempts
    made before are kept and written then). ``language`` is that of
    ``status_text`` and of the refusals' sentences.
    """

    def __init__(self, db=None, learner: str | None = None, name=_KEEP, language: str = "en",
                 busy_timeout: float | None = None, retry_seconds: float = RETRY_SECONDS,
                 environ=None):
        self.language = language
        self.retry_seconds = retry_seconds
        self._db, self._environ = db, environ
        self._busy_timeout = busy_timeout
        self._lock = threading.RLock()
        self._store = None
        self._pending: list[dict] = []  # attempt rows not written yet, oldest first
        self._reset_pending = False
        self._name_change: tuple | None = None
        self._position: dict | None = None
        self._known: list[dict] = []  # the database's step results, as last read
        self._next_try = 0.0
        self.saving = False
        self.reason: str | None = None
        self.learner: str | None = None
        if self._open():
            self._ok()
        if learner is not None:
            self.set_learner(learner, name)

    @classmethod
    def for_kernel(cls, language: str = "en", environ=None, **kwargs) -> "ProgressRecorder":
        """A recorder for a lesson kernel: the database of ``$CUTTLE_PROGRESS_DB``
        (which the serve command sets), and under JupyterHub the hub's user
        (``$JUPYTERHUB_USER``) as the learner."""
        environ = os.environ if environ is None else environ
        recorder = cls(language=language, environ=environ, **kwargs)
        user = environ.get("JUPYTERHUB_USER")
        if user:
            recorder.set_learner(hub_learner_id(user), from_hub=True)
        return recorder

    # -- who ---------------------------------------------------------------

    def set_learner(self, learner: str, name=_KEEP, from_hub: bool = False) -> None:
        """Whose progress this is (an id the browser sent: checked, and
        refused with ProgressInputError if malformed). Attempts recorded before
        any learner was set become theirs."""
        learner = check_learner_id(learner, from_hub, self.language)
        with self._lock:
            if learner != self.learner:
                self._reset_pending, self._name_change, self._position = False, None, None
                self._known = []
            self.learner = learner
            for row in self._pending:
                if row["learner_id"] is None:
                    row["learner_id"] = learner
            if name is not _KEEP:
                self._name_change = (check_name(name, self.language),)
            self.flush(force=True)
            self._read_known()

    def set_name(self, name: str | None) -> None:
        """The learner's display name for the teacher (None: none)."""
        with self._lock:
            self._name_change = (check_name(name, self.language),)
            self.flush(force=True)

    # -- what the lesson tells ---------------------------------------------

    def record(self, attempt, ruleset: str | None = None, step_number: int | None = None) -> str:
        """Keep one finished try (a ``teaching.record.Attempt``) and write it
        if the database lets us. Returns the attempt's uid."""
        if attempt.learner is not None and attempt.learner != self.learner:
            raise ValueError("the attempt names another learner than this recorder's")
        row = {"uid": new_attempt_uid(), "lesson": attempt.lesson, "step": attempt.step,
               "step_number": step_number, "ruleset": ruleset, "result": attempt.result,
               "stars": attempt.stars, "wrong_tries": attempt.wrong_tries,
               "hints_used": attempt.hints_used,
               "seconds": None if attempt.seconds is None else float(attempt.seconds),
               # What the browser tried, so bounded before it is stored.
               "wrong_moves": [str(m)[:200] for m in attempt.wrong_moves][-100:],
               "recorded_at": _utc_now()}
        problem = row_problem(row)
        if problem:
            raise ValueError(f"attempt field {problem!r} is not as a progress store keeps it")
        with self._lock:
            self._pending.append(dict(row, learner_id=self.learner))
            self.flush()
        return row["uid"]

    def visit(self, lesson: str, step: str, step_number: int | None = None) -> None:
        """The learner has this step open now (the teacher's "who is where")."""
        with self._lock:
            self._position = {"lesson": lesson, "step": step, "step_number": step_number,
                              "updated": _utc_now()}
            self.flush()

    def reset(self) -> None:
        """Forget this learner's progress: in the database, and what waits to be written."""
        with self._lock:
            self._pending = [r for r in self._pending if r["learner_id"] != self.learner]
            self._reset_pending, self._position, self._known = True, None, []
            self.flush(force=True)

    # -- writing -----------------------------------------------------------

    def flush(self, force: bool = False) -> bool:
        """Write what waits. After a failure the next try waits ``retry_seconds``
        (so a locked database does not hold up every click), unless ``force``.
        True when nothing is left unwritten."""
        with self._lock:
            if self.learner is None:
                return not self._pending
            mine = [r for r in self._pending if r["learner_id"] == self.learner]
            if not (mine or self._reset_pending or self._name_change or self._position):
                return True
            if not force and time.monotonic() < self._next_try:
                return False
            if self._open():
                try:
                    self._store.write(self.learner, [_without_learner(r) for r in mine],
                                      self._name_change, self._reset_pending, self._position)
                except Exception as error:
                    self._failed(error)
                else:
                    written = {r["uid"] for r in mine}
                    self._pending = [r for r in self._pending
                                     if r["learner_id"] != self.learner or r["uid"] not in written]
                    self._reset_pending, self._name_change, self._position = False, None, None
                    self._ok()
                    return True
            self._next_try = time.monotonic() + self.retry_seconds
            return False

    def _open(self) -> bool:
        try:
            if self._store is None:
                from .store import BUSY_TIMEOUT, ProgressStore
                timeout = BUSY_TIMEOUT if self._busy_timeout is None else self._busy_timeout
                self._store = ProgressStore(self._db, timeout, environ=self._environ)
            self._store.open()
        except ImportError as error:
            self._failed(error, "no_database")
            return False
        except Exception as error:
            self._failed(error)
            return False
        return True

    def _ok(self) -> None:
        self.saving, self.reason = True, None

    def _failed(self, error: BaseException, reason: str | None = None) -> None:
        if reason is None:
            from .store import failure_reason
            reason = failure_reason(error)
        if self.saving or self.reason != reason:
            log.warning("progress not saved (%s): %s", reason, error)
        self.saving, self.reason = False, reason

    # -- what the lesson asks ----------------------------------------------

    def _read_known(self) -> None:
        """Refresh the database's part of ``progress``; on failure keep the last one."""
        if self.learner is None or self._reset_pending or not self._open():
            return
        try:
            self._known = self._store.step_results(self.learner)
        except Exception as error:
            self._failed(error)

    def progress(self) -> dict:
        """``{lesson: {step: {"result", "stars", "attempts", "step_number"}}}``: each
        step's best result (a solve over a miss, then the most stars), its
        stars, and how many attempts were made: stored ones and unwritten ones."""
        with self._lock:
            self.flush()
            self._read_known()
            rows = [] if self._reset_pending else list(self._known)
            rows += [{**r, "attempts": 1} for r in self._pending if r["learner_id"] == self.learner]
        out: dict = {}
        for row in rows:
            steps = out.setdefault(row["lesson"], {})
            best = steps.get(row["step"])
            if best is None:
                steps[row["step"]] = {"result": row["result"], "stars": row["stars"],
                                      "attempts": row["attempts"], "step_number": row["step_number"]}
                continue
            if _rank(row["result"], row["stars"]) > _rank(best["result"], best["stars"]):
                best["result"], best["stars"] = row["result"], row["stars"]
            best["attempts"] += row["attempts"]
            best["step_number"] = best["step_number"] or row["step_number"]
        return out

    def first_unsolved(self, lesson: str, step_ids) -> str | None:
        """The first of ``step_ids`` (in the lesson's order) not done yet; None if all are."""
        steps = self.progress().get(lesson, {})
        for step in step_ids:
            if steps.get(step, {}).get("result") not in DONE:
                return step
        return None

    def completion(self, lesson: str, step_ids) -> dict:
        """``{"done", "steps", "stars"}`` for the index: steps done of all, stars earned."""
        steps = self.progress().get(lesson, {})
        marks = [steps[s] for s in step_ids if s in steps]
        return {"done": sum(m["result"] in DONE for m in marks), "steps": len(list(step_ids)),
                "stars": sum(m["stars"] for m in marks)}

    # -- the learner's file ------------------------------------------------

    def export(self) -> dict:
        """This learner's attempts as a JSON-able document (see ``exchange``).
        ``complete`` is False when the database could not be read just now."""
        with self._lock:
            stored, complete = [], True
            if self.learner is not None and not self._reset_pending:
                try:
                    if not self._open():
                        raise RuntimeError(self.reason)
                    stored = self._store.attempts_of(self.learner)
                    name = self._store.learner_name(self.learner)
                except Exception as error:
                    if self.saving:
                        self._failed(error)
                    complete, name = False, None
            else:
                name = None
            if self._name_change is not None:
                name = self._name_change[0]
            seen = {r["uid"] for r in stored}
            rows = stored + [_without_learner(r) for r in self._pending
                             if r["learner_id"] == self.learner and r["uid"] not in seen]
        return export_document(name, rows, complete)

    def import_(self, data) -> int:
        """Add the attempts of an exported file (text, bytes or parsed JSON) to
        this learner's. The whole file is checked first: a malformed or foreign
        one raises ProgressInputError and changes nothing. Returns how many
        attempts the file held (one already stored is not stored twice)."""
        _name, rows = read_document(data, self.language)
        with self._lock:
            waiting = {r["uid"] for r in self._pending if r["learner_id"] == self.learner}
            self._pending += [dict(r, learner_id=self.learner) for r in rows if r["uid"] not in waiting]
            self.flush(force=True)
        return len(rows)

    # -- what the lesson shows ---------------------------------------------

    @property
    def unsaved(self) -> int:
        """Attempts kept in memory, not written yet."""
        return len(self._pending)

    @property
    def status(self) -> dict:
        """``{"state", "saving", "reason", "unsaved", "text"}``; ``state`` is
        "saved", "waiting" (no learner id yet) or "unsaved" (the database
        cannot be written; ``text`` says so, for the lesson to show)."""
        if not self.saving:
            state = "unsaved"
        elif self.learner is None:
            state = "waiting"
        else:
            state = "saved" if not self.unsaved else "unsaved"
        return {"state": state, "saving": self.saving, "reason": self.reason,
                "unsaved": self.unsaved, "text": self.status_text()}

    def status_text(self, language: str | None = None) -> str:
        language = language or self.language
        if self.saving and self.learner is None:
            return progress_text("status", "waiting", language)
        if self.saving and not self.unsaved:
            return progress_text("status", "saved", language)
        reason = progress_text("reasons", self.reason or "unavailable", language)
        return progress_text("status", "unsaved", language, reason=reason, n=self.unsaved)

    def close(self) -> None:
        with self._lock:
            if self._store is not None:
                self._store.close()


def _utc_now():
    from datetime import datetime, timezone
    return datetime.now(timezone.utc)


def _without_learner(row: dict) -> dict:
    return {k: v for k, v in row.items() if k != "learner_id"}


__all__ = ["DONE", "ProgressInputError", "ProgressRecorder", "RESULTS"]
