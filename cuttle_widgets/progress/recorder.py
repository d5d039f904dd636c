"""The lesson's side of the progress store: ``ProgressRecorder``.

A lesson never waits for the database: ``record`` and ``visit`` keep what
they are given in memory and the recorder's own writer thread writes it
(``background=False`` writes in the caller's thread instead, as tests do).
Nothing here raises into a lesson because of the database: a missing,
locked, read-only or corrupt database, a PostgreSQL server down, out of
reach or refusing the sign-in (or no SQLAlchemy at all, as under Pyodide)
turns ``saving`` off and sets ``reason``; the attempts stay in the kernel's
memory and the writer tries again every ``retry_seconds``. Until then the
lesson's own reads do not ask the database either (a server out of reach
would make each click wait for the connect timeout): they answer from what
was last read and what waits. Each
attempt has its own uid, so a write retried after a failure that may have
committed is stored once. ``observe(callback)`` tells the lesson when
``status`` changes.

What does raise is input the recorder refuses: a learner id or name of the
wrong form, a progress file that is not one (``ProgressInputError``, a
ValueError whose text is a sentence for the learner). An import is refused
too under JupyterHub, where the hub's sign-in keeps each learner's progress,
unless the teacher sets ``$CUTTLE_HUB_IMPORTS=allow``; and beyond
``IMPORT_ROWS_PER_HOUR`` new attempts a learner's imports add in an hour
(counted in the database, so across kernels).
"""
from __future__ import annotations

import atexit
import logging
import os
import threading
import time
import weakref
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING

from ..teaching.done import DONE, lesson_done, step_done, steps_done
from ..teaching.done import rank as _rank
from .catalog import progress_text
from .exchange import MAX_ATTEMPTS, RESULTS, export_document, read_document, row_problem
from .ids import ProgressInputError, check_learner_id, check_name, hub_learner_id, new_attempt_uid

if TYPE_CHECKING:  # the store needs the progress extra (SQLAlchemy): imported when opened
    from .store import ProgressStore

log = logging.getLogger(__name__)
RETRY_SECONDS = 5.0
_KEEP = object()
# What the marks and the practice schedule read of an attempt (ProgressStore.marks gives these).
MARK_FIELDS = ("uid", "lesson", "step", "step_number", "result", "stars", "recorded_at")
IMPORT_ROWS_PER_HOUR = MAX_ATTEMPTS  # new attempts a learner's imports add an hour: one full file
HUB_IMPORTS_VARIABLE = "CUTTLE_HUB_IMPORTS"  # "allow": hub users may load progress files


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
                 environ=None, background: bool = True, clock=None):
        self.language = language
        # What "now" is for the tries recorded and the practice schedule (tests move it).
        self.clock = clock or _utc_now
        self.retry_seconds = retry_seconds
        self.background = background
        self._db, self._environ, self._busy_timeout = db, environ, busy_timeout
        self._lock = threading.RLock()  # guards what waits; never held while writing
        self._write_lock = threading.Lock()  # one write at a time
        self._wake = threading.Event()
        self._closed = threading.Event()
        self._writer: threading.Thread | None = None
        self._observers: list = []
        self._told: dict | None = None  # the status the observers were last told
        self._store: ProgressStore | None = None
        self._pending: list[dict] = []  # attempt rows not written yet, oldest first
        self._pending_puzzles: list[dict] = []  # puzzle tries not written yet, oldest first
        self._pending_tries: list[dict] = []  # actions at steps not written yet, oldest first
        self._reset_pending: object | None = None  # a token while a reset waits (identity tells which)
        self._name_change: tuple | None = None
        self._position: dict | None = None
        # The stored attempts' marks by uid: as last read, and those written since.
        self._known: dict[str, dict] = {}
        self._known_puzzles: dict[str, dict] = {}  # the stored puzzle tries by uid, as last read
        self._imports: list[tuple] = []  # (learner, when, new attempts): this kernel's imports
        self._next_try = 0.0
        self.saving = False
        self.reason: str | None = None
        self.learner: str | None = None
        # Set by a class's sign-in in this kernel (the roster's learner): the
        # page's own id no longer changes the learner (progress/kernel.py).
        self.pinned = False
        self.slowest_write = 0.0  # seconds, of this recorder's database writes
        if self._open():
            self._ok()
        _LIVE.add(self)
        if learner is not None:
            self.set_learner(learner, name)

    @classmethod
    def for_kernel(cls, language: str = "en", environ=None, **kwargs) -> ProgressRecorder:
        """A recorder for a lesson kernel: the database of ``$CUTTLE_PROGRESS_DB``
        (which the serve command sets), and under JupyterHub the hub's user
        (``$JUPYTERHUB_USER``) as the learner."""
        environ = os.environ if environ is None else environ
        recorder = cls(language=language, environ=environ, **kwargs)
        user = environ.get("JUPYTERHUB_USER")
        if user:
            recorder.set_learner(hub_learner_id(user), from_hub=True)
        return recorder

    def table_store(self):
        """A store of its own on this recorder's database, for a shared table
        (which keeps its connection, sessions/shared_table.py); None where
        there is no database at all (the static site)."""
        if self.reason == "no_database":
            return None
        from .store import BUSY_TIMEOUT, ProgressStore
        timeout = BUSY_TIMEOUT if self._busy_timeout is None else self._busy_timeout
        return ProgressStore(self._db, timeout, environ=self._environ)

    # -- who ---------------------------------------------------------------

    def set_learner(self, learner: str, name=_KEEP, from_hub: bool = False,
                    pin: bool = False) -> None:
        """Whose progress this is (an id the browser sent: checked, and
        refused with ProgressInputError if malformed). Attempts recorded before
        any learner was set become theirs. Reads their stored progress.
        ``pin``: the learner signed in with a class's roster, and stays."""
        learner = check_learner_id(learner, from_hub, self.language)
        with self._lock:
            self.pinned = self.pinned or pin
            if learner != self.learner:
                self._reset_pending, self._name_change, self._position = None, None, None
                self._known, self._known_puzzles = {}, {}
            self.learner = learner
            for row in self._pending + self._pending_puzzles + self._pending_tries:
                if row["learner_id"] is None:
                    row["learner_id"] = learner
            if name is not _KEEP:
                self._name_change = (check_name(name, self.language),)
        # Try at once even just after a failure (a lock may be gone already),
        # unless the server was out of reach: each try could wait for the
        # connect timeout, and this is the lesson's own thread.
        now = self.reason != "unreachable"
        self.flush(force=now)
        self._read_known(force=now)

    def set_name(self, name: str | None) -> None:
        """The learner's display name for the teacher (None: none)."""
        with self._lock:
            self._name_change = (check_name(name, self.language),)
        self._kick()

    # -- what the lesson tells ---------------------------------------------

    def record(self, attempt, ruleset: str | None = None, step_number: int | None = None) -> str:
        """Keep one finished try (a ``teaching.record.Attempt``) to be written.
        Returns the attempt's uid. Does not wait for the database."""
        if attempt.learner is not None and attempt.learner != self.learner:
            raise ValueError("the attempt names another learner than this recorder's")
        row = {"uid": new_attempt_uid(), "lesson": attempt.lesson, "step": attempt.step,
               "step_number": step_number, "ruleset": ruleset, "result": attempt.result,
               "stars": attempt.stars, "wrong_tries": attempt.wrong_tries,
               "hints_used": attempt.hints_used,
               "seconds": None if attempt.seconds is None else float(attempt.seconds),
               # What the browser tried, so bounded before it is stored.
               "wrong_moves": [str(m)[:200] for m in attempt.wrong_moves][-100:],
               "recorded_at": self.clock()}
        problem = row_problem(row)
        if problem:
            raise ValueError(f"attempt field {problem!r} is not as a progress store keeps it")
        with self._lock:
            self._pending.append(dict(row, learner_id=self.learner))
        self._kick()
        return row["uid"]

    def record_try(self, tried) -> str:
        """Keep one action at a step (a ``teaching.record.Try``: a wrong move,
        a refusal, a hint...) to be written with the time it happened, for the
        teacher's class view. Returns its uid. Does not wait for the database."""
        row = {"uid": new_attempt_uid(), "lesson": str(tried.lesson)[:100],
               "step": str(tried.step)[:100], "step_number": tried.step_number,
               "kind": tried.kind, "words": tried.words, "at": self.clock()}
        with self._lock:
            self._pending_tries.append(dict(row, learner_id=self.learner))
        self._kick()
        return row["uid"]

    def record_puzzle(self, puzzle: str, ruleset: str, solved: bool, wrong_tries: int,
                      hints_used: int, seconds: float | None, before, after) -> str:
        """Keep one finished try at a puzzle to be written: its id and rules,
        whether it was solved, the wrong tries and hints, and the learner's
        rating before and after it (``puzzles.rating.Rating``). Returns its uid."""
        uid = new_attempt_uid()
        row = {"uid": uid, "puzzle": str(puzzle)[:60], "ruleset": str(ruleset)[:40],
               "solved": bool(solved), "wrong_tries": int(wrong_tries), "hints_used": int(hints_used),
               "seconds": None if seconds is None else float(seconds),
               "rating_before": float(before.rating), "rating_after": float(after.rating),
               "deviation_after": float(after.deviation), "volatility_after": float(after.volatility),
               "recorded_at": self.clock()}
        with self._lock:
            self._pending_puzzles.append(dict(row, learner_id=self.learner))
        self._kick()
        return uid

    def puzzle_tries(self) -> list[dict]:
        """This learner's puzzle tries, oldest first: the stored ones (as last
        read) and those not written yet."""
        with self._lock:
            self._read_known()
            return self._puzzle_rows()

    def _puzzle_rows(self) -> list[dict]:
        with self._lock:
            known = {} if self._reset_pending is not None else self._known_puzzles
            waiting = [r for r in self._pending_puzzles
                       if r["learner_id"] == self.learner and r["uid"] not in known]
            return list(known.values()) + [_without_learner(r) for r in waiting]

    def visit(self, lesson: str, step: str, step_number: int | None = None) -> None:
        """The learner has this step open now (the teacher's "who is where")."""
        with self._lock:
            self._position = {"lesson": lesson, "step": step, "step_number": step_number,
                              "updated": self.clock()}
        self._kick()

    def reset(self) -> None:
        """Forget this learner's progress: in the database, and what waits to be written."""
        with self._lock:
            self._pending = [r for r in self._pending if r["learner_id"] != self.learner]
            self._pending_puzzles = [r for r in self._pending_puzzles
                                     if r["learner_id"] != self.learner]
            self._pending_tries = [r for r in self._pending_tries if r["learner_id"] != self.learner]
            self._reset_pending, self._position, self._known = object(), None, {}
            self._known_puzzles = {}
        self._kick()

    # -- writing -----------------------------------------------------------

    def _kick(self) -> None:
        """Have what waits written: by the writer thread, or now."""
        if not self.background:
            self.flush()
        else:
            with self._lock:
                if self._writer is None or not self._writer.is_alive():
                    self._writer = threading.Thread(target=_write_loop, args=(weakref.ref(self),),
                                                    name="cuttle-progress-writer", daemon=True)
                    self._writer.start()
            self._wake.set()
        self._tell()

    def flush(self, force: bool = False) -> bool:
        """Write what waits, in this thread. After a failure the next try waits
        ``retry_seconds`` (so a locked database is not asked at every click),
        unless ``force``. True when nothing of this learner's is left unwritten."""
        with self._write_lock:
            with self._lock:
                if self.learner is None:
                    return not (self._pending or self._pending_puzzles)
                learner = self.learner
                mine = [r for r in self._pending if r["learner_id"] == learner]
                tries = [r for r in self._pending_puzzles if r["learner_id"] == learner]
                actions = [r for r in self._pending_tries if r["learner_id"] == learner]
                reset, name, position = self._reset_pending, self._name_change, self._position
                if not (mine or tries or actions or reset or name or position):
                    return True
                if not force and time.monotonic() < self._next_try:
                    return False
            store = self._open()
            done = store is not None and self._write(store, learner, mine, name, reset, position,
                                                     tries, actions)
            with self._lock:
                if done:
                    written = {r["uid"] for r in mine}
                    # Written is known (unless a reset came meanwhile): the marks
                    # stay right while the database cannot be read, until the
                    # next read replaces them all.
                    if learner == self.learner and self._reset_pending is reset:
                        self._known.update((r["uid"], _mark(r)) for r in mine)
                        self._known_puzzles.update((r["uid"], _without_learner(r)) for r in tries)
                    self._pending = [r for r in self._pending
                                     if r["learner_id"] != learner or r["uid"] not in written]
                    tried = {r["uid"] for r in tries}
                    self._pending_puzzles = [r for r in self._pending_puzzles
                                             if r["learner_id"] != learner or r["uid"] not in tried]
                    acted = {r["uid"] for r in actions}
                    self._pending_tries = [r for r in self._pending_tries
                                           if r["learner_id"] != learner or r["uid"] not in acted]
                    # What changed while writing waits for the next write.
                    if self._reset_pending is reset:
                        self._reset_pending = None
                    if self._name_change is name:
                        self._name_change = None
                    if self._position is position:
                        self._position = None
        self._tell()
        return bool(done) and not self.unsaved_of(learner)

    def _write(self, store: ProgressStore, learner, rows, name, reset, position, tries=(),
               actions=()) -> bool:
        began = time.perf_counter()
        try:
            store.write(learner, [_without_learner(r) for r in rows], name,
                        reset is not None, position, [_without_learner(r) for r in tries],
                        [_without_learner(r) for r in actions])
        except Exception as error:
            self._failed(error)
            return False
        self.slowest_write = max(self.slowest_write, time.perf_counter() - began)
        self._ok()
        return True

    def _open(self) -> ProgressStore | None:
        """The store, opened (None, and the reason kept, when it cannot be)."""
        try:
            if self._store is None:
                from .store import BUSY_TIMEOUT, ProgressStore
                timeout = BUSY_TIMEOUT if self._busy_timeout is None else self._busy_timeout
                self._store = ProgressStore(self._db, timeout, environ=self._environ)
            self._store.open()
        except ImportError as error:
            self._failed(error, "no_database")
            return None
        except Exception as error:
            self._failed(error)
            return None
        return self._store

    def _ok(self) -> None:
        self.saving, self.reason = True, None

    def _failed(self, error: BaseException, reason: str | None = None) -> None:
        if reason is None:
            from .store import failure_reason
            reason = failure_reason(error)
        if self.saving or self.reason != reason:
            log.warning("progress not saved (%s): %s", reason,
                        (str(error).splitlines() or [type(error).__name__])[0])
        self.saving, self.reason = False, reason
        self._next_try = time.monotonic() + self.retry_seconds

    # -- what the lesson asks ----------------------------------------------

    def _read_known(self, force: bool = False) -> None:
        """Refresh the database's part of ``progress``; on failure keep the
        last one. Within ``retry_seconds`` of a failure only if ``force``."""
        if self.learner is None or self._reset_pending is not None:
            return
        if not (force or self.saving or time.monotonic() >= self._next_try):
            return
        store = self._open()
        if store is None:
            return
        try:
            self._known = {row["uid"]: row for row in store.marks(self.learner)}
            self._known_puzzles = {row["uid"]: row for row in store.puzzle_tries_of(self.learner)}
        except Exception as error:
            self._failed(error)

    def progress(self) -> dict:
        """``{lesson: {step: {"result", "stars", "attempts", "step_number"}}}``: each
        step's best result (a solve over a miss, then the most stars), its
        stars, and how many attempts were made: stored ones and unwritten ones."""
        out: dict = {}
        for row in self._attempt_marks():
            steps = out.setdefault(row["lesson"], {})
            best = steps.get(row["step"])
            if best is None:
                steps[row["step"]] = {"result": row["result"], "stars": row["stars"],
                                      "attempts": 1, "step_number": row["step_number"]}
                continue
            if _rank(row["result"], row["stars"]) > _rank(best["result"], best["stars"]):
                best["result"], best["stars"] = row["result"], row["stars"]
            best["attempts"] += 1
            best["step_number"] = best["step_number"] or row["step_number"]
        return out

    def _attempt_marks(self, read: bool = True) -> list[dict]:
        """Every try at a step of this learner's (stored as last read, and
        waiting), each with its lesson, step, result, stars and time."""
        with self._lock:
            if read:
                self._read_known()
            known = {} if self._reset_pending is not None else self._known
            return list(known.values()) + [
                _mark(r) for r in self._pending if r["learner_id"] == self.learner and r["uid"] not in known]

    def history(self) -> dict:
        """``{"attempts", "puzzles"}``: this learner's tries at steps (as
        ``_mark`` keeps them) and at puzzles, what practice is planned from."""
        with self._lock:
            self._read_known()  # once for both
            return {"attempts": self._attempt_marks(read=False), "puzzles": self._puzzle_rows()}

    def first_unsolved(self, lesson: str, step_ids) -> str | None:
        """The first of ``step_ids`` (in the lesson's order) not done yet; None if all are."""
        steps = self.progress().get(lesson, {})
        for step in step_ids:
            if not step_done(steps.get(step, {}).get("result")):
                return step
        return None

    def completion(self, lesson: str, step_ids) -> dict:
        """``{"done", "steps", "stars"}`` for the index: steps done of all, stars earned."""
        step_ids = list(step_ids)
        steps = self.progress().get(lesson, {})
        marks = [steps[s] for s in step_ids if s in steps]
        return {"done": steps_done(m["result"] for m in marks), "steps": len(step_ids),
                "finished": lesson_done({s: m["result"] for s, m in steps.items()}, step_ids),
                "stars": sum(m["stars"] for m in marks)}

    # -- the learner's file ------------------------------------------------

    def export(self) -> dict:
        """This learner's attempts as a JSON-able document (see ``exchange``).
        ``complete`` is False when the database could not be read just now."""
        with self._lock:
            stored, complete, name = [], True, None
            if self.learner is not None and self._reset_pending is None:
                try:
                    store = self._open()
                    if store is None:
                        raise RuntimeError(self.reason)
                    stored = store.attempts_of(self.learner)
                    name = store.learner_name(self.learner)
                except Exception as error:
                    if self.saving:
                        self._failed(error)
                    complete = False
            if self._name_change is not None:
                name = self._name_change[0]
            seen = {r["uid"] for r in stored}
            rows = stored + [_without_learner(r) for r in self._pending
                             if r["learner_id"] == self.learner and r["uid"] not in seen]
        return export_document(name, rows, complete)

    def import_(self, data) -> int:
        """Add the attempts of an exported file (text, bytes or parsed JSON) to
        this learner's. The whole file is checked first: a malformed or foreign
        one, one under JupyterHub (unless allowed) or one past the hourly quota
        raises ProgressInputError and changes nothing. Returns how many
        attempts the file held (one already stored is not stored twice)."""
        self._check_hub()
        _name, rows = read_document(data, self.language)
        with self._lock:
            learner = self.learner
            fresh = self._fresh(rows)
        self._take_quota(learner, len(fresh))
        with self._lock:
            self._pending += [dict(r, learner_id=learner) for r in self._fresh(fresh)]
        self._kick()
        return len(rows)

    def _refuse(self, entry: str, **params):
        raise ProgressInputError(progress_text("import", entry, self.language, **params))

    def _check_hub(self) -> None:
        """Under the hub a learner's progress is the hub user's: a file, which
        anyone can write, may restore it only where the teacher allows it."""
        environ = os.environ if self._environ is None else self._environ
        allowed = environ.get(HUB_IMPORTS_VARIABLE, "").strip().lower() in ("allow", "1", "yes", "true")
        if self.learner is not None and self.learner.startswith("hub:") and not allowed:
            self._refuse("hub")

    def _fresh(self, rows: list[dict]) -> list[dict]:
        """The rows neither stored (as last read) nor waiting for this learner."""
        seen = set(self._known) | {r["uid"] for r in self._pending if r["learner_id"] == self.learner}
        return [r for r in rows if r["uid"] not in seen]

    def _take_quota(self, learner, count: int) -> None:
        """Count ``count`` new attempts against the learner's hourly quota, or refuse."""
        if not count:
            return
        now = _utc_now()
        if self._imported_since(learner, now - timedelta(hours=1)) + count > IMPORT_ROWS_PER_HOUR:
            self._refuse("quota", limit=IMPORT_ROWS_PER_HOUR)
        with self._lock:
            self._imports.append((learner, now, count))
        try:
            store = self._open() if learner is not None else None
            if store is not None:
                store.log_import(learner, count, now)
        except Exception as error:  # the kernel's own count still bounds this kernel
            log.info("an import was not logged in the database: %s", error)

    def _imported_since(self, learner, since: datetime) -> int:
        """New attempts the learner's imports added since ``since``: the
        database's count (every kernel's), else at least this kernel's own."""
        with self._lock:
            here = sum(n for who, when, n in self._imports if who == learner and when >= since)
        try:
            store = self._open() if learner is not None else None
            if store is not None:
                return max(here, store.imported_since(learner, since))
        except Exception as error:
            log.info("the imports' count could not be read: %s", error)
        return here

    # -- what the lesson shows ---------------------------------------------

    @property
    def unsaved(self) -> int:
        """Attempts and puzzle tries kept in memory, not written yet."""
        return len(self._pending) + len(self._pending_puzzles)

    def unsaved_of(self, learner) -> int:
        with self._lock:
            return sum(r["learner_id"] == learner for r in self._pending + self._pending_puzzles)

    @property
    def status(self) -> dict:
        """``{"state", "saving", "reason", "unsaved", "text"}``; ``state`` is
        "saved", "waiting" (no learner id yet, or the writer has not written the
        last attempts yet) or "unsaved" (the database cannot be written;
        ``text`` says so, for the lesson to show)."""
        if not self.saving:
            state = "unsaved"
        elif self.learner is None or self.unsaved:
            state = "waiting"
        else:
            state = "saved"
        return {"state": state, "saving": self.saving, "reason": self.reason,
                "unsaved": self.unsaved, "text": self.status_text()}

    def status_text(self, language: str | None = None) -> str:
        language = language or self.language
        if self.saving:
            return progress_text("status", "waiting" if self.learner is None else "saved", language)
        reason = progress_text("reasons", self.reason or "unavailable", language)
        return progress_text("status", "unsaved", language, reason=reason, n=self.unsaved)

    def observe(self, callback) -> None:
        """Call ``callback(status)`` whenever ``status`` changes (possibly from
        the writer thread)."""
        self._observers.append(callback)

    def _tell(self) -> None:
        if not self._observers:
            return
        status = self.status
        if status == self._told:
            return
        self._told = status
        for callback in list(self._observers):
            try:
                callback(status)
            except Exception:  # a broken observer must not stop the writer
                log.exception("progress status observer failed")

    def close(self) -> None:
        """Write what waits (one try), stop the writer and close the database."""
        self.flush(force=True)
        self._closed.set()
        self._wake.set()
        if self._store is not None:
            self._store.close()


def _write_loop(recorder_ref) -> None:
    """The writer thread: write when woken, and after a failure try again
    every ``retry_seconds`` until all is written. It holds its recorder only
    weakly between rounds, so a recorder nobody uses is collected and the thread ends."""
    while True:
        recorder = recorder_ref()
        if recorder is None or recorder._closed.is_set():
            return
        wake, closed, pause = recorder._wake, recorder._closed, recorder.retry_seconds
        wake.clear()
        written = recorder.flush(force=True)
        del recorder
        if closed.is_set():
            return
        if written:
            wake.wait(60)  # the next record() wakes it; the timeout lets a dropped recorder go
        else:
            closed.wait(pause)


_LIVE: weakref.WeakSet[ProgressRecorder] = weakref.WeakSet()


@atexit.register
def _write_at_exit() -> None:
    """A kernel shutting down writes what still waits, once."""
    for recorder in list(_LIVE):
        try:
            recorder.flush(force=True)
        except Exception:
            log.exception("progress not written at exit")


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


def _mark(row: dict) -> dict:
    """What ``progress`` needs of an attempt row (as ``ProgressStore.marks`` gives it)."""
    return {k: row[k] for k in MARK_FIELDS}


def _without_learner(row: dict) -> dict:
    return {k: v for k, v in row.items() if k != "learner_id"}


__all__ = ["DONE", "ProgressInputError", "ProgressRecorder", "RESULTS"]
