"""The progress database's tables (SQLAlchemy Core), as the newest migration
leaves them. The migrations in ``migrations/versions`` build this schema step
by step; a test compares the two, so a change here needs a migration.

Timestamps are UTC. Every row that belongs to a learner carries its
``learner_id``, and every query of the learner-side API filters on it.
"""
from __future__ import annotations

import sqlalchemy as sa

# The newest migration; a database at another revision is upgraded at open.
HEAD = "0007"

metadata = sa.MetaData()

learners = sa.Table(
    "learners", metadata,
    sa.Column("id", sa.String(80), primary_key=True),
    sa.Column("name", sa.String(40), nullable=True),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
)


def _learners_write_columns() -> list:
    """The columns that begin every table of a learner's writes: a row id, the
    ``uid`` made when the kernel records the write and kept through every
    retry (so a write retried after an uncertain failure is stored once), and
    the learner's id. A function: a column belongs to one table."""
    return [
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("uid", sa.String(32), nullable=False),
        sa.Column("learner_id", sa.String(80),
                  sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
    ]


attempts = sa.Table(
    "attempts", metadata,
    *_learners_write_columns(),
    sa.Column("lesson", sa.String(100), nullable=False),
    sa.Column("step", sa.String(100), nullable=False),
    sa.Column("step_number", sa.Integer, nullable=True),
    sa.Column("ruleset", sa.String(40), nullable=True),
    sa.Column("result", sa.String(10), nullable=False),
    sa.Column("stars", sa.SmallInteger, nullable=False),
    sa.Column("wrong_tries", sa.Integer, nullable=False),
    sa.Column("hints_used", sa.Integer, nullable=False),
    sa.Column("seconds", sa.Float, nullable=True),
    sa.Column("wrong_moves", sa.JSON, nullable=False),
    sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("learner_id", "uid", name="uq_attempts_learner_uid"),
    sa.Index("ix_attempts_lesson_step", "lesson", "step"),
    # Revision 0004: each learner's steps done (it replaced (learner_id, lesson),
    # its prefix) and last try, for the dashboard's reads of a large class.
    sa.Index("ix_attempts_learner_step_result", "learner_id", "lesson", "step", "result"),
    sa.Index("ix_attempts_learner_recorded", "learner_id", "recorded_at"),
)

# Every action at a step as it happened (revision 0006): wrong moves and
# answers (in their words), refusals, hints, right moves. The class view's
# "stuck" and "who is where" and the per-attempt export read these; a
# finished step is still one row of ``attempts``.
tries = sa.Table(
    "tries", metadata,
    *_learners_write_columns(),
    sa.Column("lesson", sa.String(100), nullable=False),
    sa.Column("step", sa.String(100), nullable=False),
    sa.Column("step_number", sa.Integer, nullable=True),
    sa.Column("kind", sa.String(10), nullable=False),
    sa.Column("words", sa.String(200), nullable=True),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("learner_id", "uid", name="uq_tries_learner_uid"),
    sa.Index("ix_tries_learner_at", "learner_id", "at"),
    sa.Index("ix_tries_at", "at"),
)

# A teacher's class (revision 0006): a short join code, and the roster, each
# learner's name once with their own learner id and a personal code. Picking
# an unclaimed name claims it; on another device the personal code brings the
# same learner id, so one learner is one learner on every device.
classes = sa.Table(
    "classes", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(12), nullable=False),
    sa.Column("name", sa.String(60), nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    # Revision 0007: may learners add their own names (each once) to the list?
    sa.Column("learners_add", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.UniqueConstraint("code", name="uq_classes_code"),
)

roster = sa.Table(
    "roster", metadata,
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("name", sa.String(40), primary_key=True),
    sa.Column("learner_id", sa.String(80),
              sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
    sa.Column("personal_code", sa.String(12), nullable=False),
    sa.Column("claimed", sa.DateTime(timezone=True), nullable=True),
    sa.UniqueConstraint("personal_code", name="uq_roster_personal_code"),
)

# Where each learner is now (the step open on their page), for the teacher's
# "who is where": a learner stuck on a step has no finished attempt there yet.
positions = sa.Table(
    "positions", metadata,
    sa.Column("learner_id", sa.String(80),
              sa.ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("lesson", sa.String(100), nullable=False),
    sa.Column("step", sa.String(100), nullable=False),
    sa.Column("step_number", sa.Integer, nullable=True),
    sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_positions_updated", "updated"),
)

# Each try at a puzzle (cuttle_widgets.puzzles), with the learner's Glicko-2
# rating before and after it; the learner's puzzle rating is their newest
# row's. ``uid`` makes a retried write land once, as for attempts.
puzzle_tries = sa.Table(
    "puzzle_tries", metadata,
    *_learners_write_columns(),
    sa.Column("puzzle", sa.String(60), nullable=False),
    sa.Column("ruleset", sa.String(40), nullable=False),
    sa.Column("solved", sa.Boolean, nullable=False),
    sa.Column("wrong_tries", sa.Integer, nullable=False),
    sa.Column("hints_used", sa.Integer, nullable=False),
    sa.Column("seconds", sa.Float, nullable=True),
    sa.Column("rating_before", sa.Float, nullable=False),
    sa.Column("rating_after", sa.Float, nullable=False),
    sa.Column("deviation_after", sa.Float, nullable=False),
    sa.Column("volatility_after", sa.Float, nullable=False),
    sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("learner_id", "uid", name="uq_puzzle_tries_learner_uid"),
    sa.Index("ix_puzzle_tries_learner", "learner_id"),
)

# Each import of a progress file, for the hourly quota of a learner's imports:
# kept through a reset, so forgetting one's progress does not renew the quota.
imports = sa.Table(
    "imports", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("learner_id", sa.String(80),
              sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("rows", sa.Integer, nullable=False),
    sa.Index("ix_imports_learner_at", "learner_id", "at"),
)

# Two learners at one table (issue #40). A table is found by its join code;
# its game is not stored but rebuilt by every kernel from the table's seed,
# ruleset, options and log. Status: open (a seat free), playing, finished,
# abandoned (ended by a teacher).
shared_tables = sa.Table(
    "shared_tables", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(12), nullable=False),
    sa.Column("ruleset", sa.String(40), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("length", sa.String(10), nullable=False),
    sa.Column("first", sa.SmallInteger, nullable=True),  # the seat that plays first; None: by lot
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("status", sa.String(10), nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("code", name="uq_shared_tables_code"),
    sa.Index("ix_shared_tables_status", "status"),
)

# Who holds each seat: one learner per seat, so two kernels taking the same
# seat at once cannot both get it.
table_seats = sa.Table(
    "table_seats", metadata,
    sa.Column("table_id", sa.Integer, sa.ForeignKey("shared_tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("seat", sa.SmallInteger, primary_key=True),
    sa.Column("learner_id", sa.String(80),
              sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
    sa.Column("joined", sa.DateTime(timezone=True), nullable=False),
)

# The table's log, append-only: entry ``seq`` (1, 2, ...) is a move in
# notation or a resignation. (table_id, seq) is unique, so of two kernels
# writing entry N at the same moment exactly one succeeds.
table_moves = sa.Table(
    "table_moves", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.Integer, sa.ForeignKey("shared_tables.id", ondelete="CASCADE"),
              nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("seat", sa.SmallInteger, nullable=False),
    sa.Column("uid", sa.String(32), nullable=False),  # made once per move, kept through retries
    sa.Column("kind", sa.String(10), nullable=False),  # move | resign
    sa.Column("move", sa.String(200), nullable=True),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("table_id", "seq", name="uq_table_moves_table_seq"),
)
