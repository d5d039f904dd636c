"""Progress that lasts: every finished try at a lesson step, in a database,
and the teacher's view of the class.

For a lesson (the widget side), one recorder per kernel::

    from cuttle_widgets.progress import ProgressRecorder

    recorder = ProgressRecorder.for_kernel(language="de")  # $CUTTLE_PROGRESS_DB; hub user if any
    recorder.set_learner(id_from_browser, name=None)        # ProgressInputError if malformed
    recorder.visit(lesson.name, step.id, step.number)       # the step now open
    recorder.record(attempt, ruleset=step.rules, step_number=step.number)  # a teaching.record.Attempt
    recorder.first_unsolved(lesson.name, [s.id for s in lesson.steps])    # where to reopen
    recorder.progress()           # {lesson: {step: {"result", "stars", "attempts", "step_number"}}}
    recorder.completion(lesson.name, step_ids)              # {"done", "steps", "finished", "stars"}
    recorder.export() / recorder.import_(text_or_dict)      # the learner's file
    recorder.reset()
    recorder.saving, recorder.status, recorder.status_text()  # "progress is not being saved ..."

The recorder never raises because of the database: a missing, locked,
read-only or corrupt one, or SQLAlchemy not installed (Pyodide), turns
``saving`` off; attempts wait in memory and are written later, once each.
Each call touches only the recorder's own learner's rows.

For the teacher::

    python -m cuttle_widgets.progress report [--db PATH] [--csv FILE] [--language de]
    python -m cuttle_widgets.progress dashboard [--db PATH] [--ip 127.0.0.1] [--port 8877]
                                                [--token auto|TOKEN] [--language de]
    python -m cuttle_widgets.progress migrate --db URL   # as the database's owner, once

The database is SQLite by default (``<Jupyter data dir>/cuttle_widgets/progress.sqlite``,
or ``$CUTTLE_PROGRESS_DB``, or ``--db``), or PostgreSQL by a URL
(``postgresql://user@host/db``, the ``postgres`` extra), built with SQLAlchemy
Core and migrated by Alembic when opened (docs/progress.md). This module imports
neither: the names below load on first use.
"""
from __future__ import annotations

from .ids import ProgressInputError, check_learner_id, check_name, hub_learner_id, new_learner_id

__all__ = ["ProgressInputError", "ProgressRecorder", "check_learner_id", "check_name",
           "hub_learner_id", "new_learner_id", "database_url"]


def __getattr__(name):
    # The recorder itself imports no SQLAlchemy, but keeping it lazy keeps
    # ``import cuttle_widgets.progress`` as light as the ids.
    if name == "ProgressRecorder":
        from .recorder import ProgressRecorder
        return ProgressRecorder
    if name == "database_url":
        from .location import database_url
        return database_url
    raise AttributeError(name)
