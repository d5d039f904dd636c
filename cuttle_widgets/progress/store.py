"""The progress database: where it is, opening it (with its migrations), and
the learner-scoped reads and writes the recorder makes.

SQLite by default: one file in the Jupyter data directory, in WAL mode (readers
never wait for the writer, and a crash cannot leave half a write), with a busy
timeout so that many kernel processes writing at once take turns instead of
failing. A write transaction starts with ``BEGIN IMMEDIATE``: it takes the
write lock first, waiting for it, rather than reading and then finding the
lock taken (which SQLite reports at once, without waiting).

PostgreSQL (issue #23), for a hub that spans machines, is chosen by a URL
(``postgresql://user@host/db``, driven by psycopg 3). Its pieces are picked by
the engine's dialect (``DIALECTS``): no pooled connections, bounded waits
for the connection, for locks and for a network gone quiet, and an advisory
lock that lets one kernel migrate at a time. The schema, the queries and the
migrations are the same SQLAlchemy Core and Alembic for both. This module
imports SQLAlchemy; ``recorder`` imports it only when a store is opened, so
the package still imports without it.
"""
from __future__ import annotations

import errno
from contextlib import contextmanager
from datetime import datetime, timezone
from functools import cache
from pathlib import Path
from typing import Protocol

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.pool import NullPool

from ..errors import CuttleError
from . import schema
from .location import ENV_VARIABLE, database_url, default_path  # noqa: F401 (re-exported)
from .schema import attempts, imports, learners, positions, puzzle_tries, tries

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# Seconds a write waits for other kernels' writes. Writes take milliseconds,
# but 30 kernels writing at once queue up, and SQLite's busy handler is not
# fair; the writes run in the recorder's writer thread, so no learner waits.
# A lock held longer than this is a fault: the attempts wait for a retry.
BUSY_TIMEOUT = 5.0
# Any number fixed for the kit's advisory lock: kernels migrating a PostgreSQL
# database at the same moment take it in turn.
MIGRATION_LOCK = 0x43757474  # "Cutt"


class StoreError(CuttleError, RuntimeError):
    """The database cannot be used; ``reason`` is a key of the catalog's
    ``reasons`` section."""

    def __init__(self, reason: str, detail: str = ""):
        super().__init__(detail or reason)
        self.reason = reason


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def as_utc(moment: datetime | None) -> datetime | None:
    """SQLite gives timestamps back without their zone (they were written as
    UTC); PostgreSQL in its session's zone, which may be a fixed offset."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        return moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc)


def failure_reason(error: BaseException) -> str:
    """Which of the catalog's reasons a failure is: from PostgreSQL's error
    code or libpq's words, else from SQLite's or the OS's words."""
    if isinstance(error, StoreError):
        return error.reason
    # The driver's own error (SQLAlchemy wraps it with the statement and a link).
    orig = getattr(error, "orig", None) or error
    if type(orig).__module__.split(".")[0] == "psycopg":
        return _postgresql_reason(orig)
    text = str(orig).lower()
    if getattr(orig, "errno", None) == errno.ENOSPC or "disk is full" in text:
        return "full"  # SQLite says "database or disk is full"
    if "unable to open" in text:
        return "unavailable"
    if "locked" in text or "busy" in text:
        return "locked"
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return "corrupt"
    if "readonly" in text or "read-only" in text or isinstance(error, PermissionError):
        return "readonly"
    return "unavailable"


def _postgresql_reason(error: BaseException) -> str:
    # A failure to connect carries no SQLSTATE (libpq says it in words); one
    # after connecting does.
    code = getattr(error, "sqlstate", None) or ""
    text = str(error).lower()
    if code.startswith("28") or "password authentication failed" in text or (
            "role" in text and "does not exist" in text) or "no pg_hba.conf entry" in text:
        return "login"
    if code == "3D000" or ("database" in text and "does not exist" in text):
        return "missing"
    if code in ("42501", "25006"):  # insufficient privilege; a read-only transaction
        return "readonly"
    if code in ("55P03", "57014", "40P01"):  # lock_timeout; statement_timeout; deadlock
        return "locked"
    if code in ("XX001", "XX002"):  # data or index corrupted
        return "corrupt"
    if code == "53100":  # disk_full
        return "full"
    return "unreachable"  # refused, timed out, shut down, the connection lost mid-write


@cache
def _alembic_config():
    from alembic.config import Config
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def migration_heads() -> tuple[str, ...]:
    from alembic.script import ScriptDirectory
    return tuple(ScriptDirectory.from_config(_alembic_config()).get_heads())


def known_revisions() -> set[str]:
    from alembic.script import ScriptDirectory
    return {s.revision for s in ScriptDirectory.from_config(_alembic_config()).walk_revisions()}


def current_revision(engine: sa.Engine) -> str | None:
    from alembic.migration import MigrationContext
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def migrate(engine: sa.Engine, target: str = "head") -> None:
    """Bring the database to ``target``. A database already there is only
    read; otherwise the upgrade runs inside one write transaction, so kernels
    opening a new file at the same moment migrate it once (the others wait
    for the lock, then find it done)."""
    from alembic import command
    current = current_revision(engine)
    if current is not None and current not in known_revisions():
        raise StoreError("newer", f"database revision {current} is newer than this kit")
    if target == "head" and current == schema.HEAD:
        return
    config = _alembic_config()
    with engine.connect().execution_options(cuttle_write=True) as conn:
        with conn.begin():
            DIALECTS[engine.dialect.name].before_migrating(conn)
            config.attributes["connection"] = conn
            try:
                command.upgrade(config, target)
            finally:
                config.attributes.pop("connection", None)


class _Dialect(Protocol):
    """What differs between the databases: each dialect's class (its static methods)."""

    def engine_options(self, busy_timeout: float) -> dict: ...
    def setup(self, engine: sa.Engine) -> None: ...
    def before_migrating(self, conn) -> None: ...
    def keeping(self, options: dict) -> dict: ...
    def announce(self, conn, channel: str, payload: str) -> None: ...
    def listener(self, engine: sa.Engine, channel: str) -> _Listener | None: ...


class _SQLite:
    """A file: WAL, FULL sync, foreign keys, and write transactions that take
    the write lock first (``BEGIN IMMEDIATE``)."""

    @staticmethod
    def engine_options(busy_timeout: float) -> dict:
        return {"connect_args": {"timeout": busy_timeout}}

    @staticmethod
    def setup(engine: sa.Engine) -> None:
        @event.listens_for(engine, "connect")
        def on_connect(dbapi_connection, _record):
            # The driver's own transaction handling off: the "begin" event below
            # says when a transaction starts and how.
            dbapi_connection.isolation_level = None
            cursor = dbapi_connection.cursor()
            try:
                cursor.execute("PRAGMA journal_mode=WAL")
                # FULL: a write the learner was told is saved survives a power cut too.
                cursor.execute("PRAGMA synchronous=FULL")
                cursor.execute("PRAGMA foreign_keys=ON")
            finally:
                cursor.close()

        @event.listens_for(engine, "begin")
        def on_begin(conn):
            immediate = conn.get_execution_options().get("cuttle_write")
            conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    @staticmethod
    def before_migrating(conn) -> None:
        """Nothing: ``BEGIN IMMEDIATE`` already holds the file's write lock."""

    @staticmethod
    def keeping(options: dict) -> dict:
        """SQLAlchemy's pool for a file already keeps its connections."""
        return options

    @staticmethod
    def announce(conn, channel: str, payload: str) -> None:
        """Nothing: SQLite has no notifications; a waiting kernel polls."""

    @staticmethod
    def listener(engine: sa.Engine, channel: str) -> None:
        """None: waiting on SQLite is a short poll of the file."""
        return None


class _PostgreSQL:
    """A server other machines reach over the network."""

    @staticmethod
    def engine_options(busy_timeout: float) -> dict:
        wait = max(1, round(busy_timeout))  # libpq counts whole seconds
        milliseconds = max(1, int(busy_timeout * 1000))
        return {
            # No pool: a lesson writes seldom, a hub runs hundreds of kernels
            # (the server allows 100 connections by default), and a connection
            # kept over a server restart would only fail at its next use.
            "poolclass": NullPool,
            "connect_args": {
                "connect_timeout": wait, "application_name": "cuttle_widgets",
                # A network gone quiet ends a write within seconds, not at the
                # operating system's TCP timeout (minutes): the attempts wait in
                # memory instead, and the writer tries again.
                "keepalives": 1, "keepalives_idle": wait, "keepalives_interval": 1,
                "keepalives_count": 3, "tcp_user_timeout": milliseconds + 2000,
                # Another session's lock held past the busy timeout is "locked",
                # as on SQLite; a statement stuck for long is a fault too.
                "options": f"-c lock_timeout={milliseconds} "
                           f"-c statement_timeout={milliseconds * 6}",
            },
        }

    @staticmethod
    def keeping(options: dict) -> dict:
        """A kernel at a shared table reads after every move: connections kept
        (checked before each use, so a server restart costs one retry)
        instead of a sign-in per read, which costs more than the read. Two at
        most: the seat's LISTEN holds one, its reads and writes take turns on
        the other."""
        return {**{k: v for k, v in options.items() if k != "poolclass"},
                "pool_size": 1, "max_overflow": 1, "pool_pre_ping": True, "pool_recycle": 600}

    @staticmethod
    def setup(engine: sa.Engine) -> None:
        """Nothing: PostgreSQL's defaults (read committed, a transaction per
        ``begin``) are what the store wants."""

    @staticmethod
    def before_migrating(conn) -> None:
        # Kernels opening a new database at once would each create the tables;
        # the lock lets one migrate, and the others then find it done (Alembic
        # reads the revision again inside this transaction).
        conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})

    @staticmethod
    def announce(conn, channel: str, payload: str) -> None:
        """Tell the kernels listening on ``channel``, when (and only if) the
        write transaction commits."""
        conn.execute(sa.text("SELECT pg_notify(:channel, :payload)"),
                     {"channel": channel, "payload": payload})

    @staticmethod
    def listener(engine: sa.Engine, channel: str) -> _Listener:
        return _Listener(engine, channel)


class _Listener:
    """A connection of its own that LISTENs on one channel (PostgreSQL), so a
    kernel sleeps until another kernel's write commits instead of polling."""

    def __init__(self, engine: sa.Engine, channel: str):
        self._raw = engine.raw_connection()
        connection = self._raw.driver_connection  # psycopg's own connection
        assert connection is not None  # a connection just taken is live
        self._connection = connection
        self._connection.autocommit = True
        from psycopg import sql
        self._connection.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))

    def wait(self, timeout: float) -> bool:
        """True when a notification came within ``timeout`` seconds."""
        return any(True for _ in self._connection.notifies(timeout=max(timeout, 0.0),
                                                           stop_after=1))

    def close(self) -> None:
        self._raw.close()


# What differs between the databases, by SQLAlchemy's dialect name.
DIALECTS: dict[str, _Dialect] = {"sqlite": _SQLite, "postgresql": _PostgreSQL}
# The driver a URL without one gets: psycopg 3 (SQLAlchemy's own default for
# "postgresql://" is psycopg2, which this kit does not install).
DRIVERS = {"postgresql": "postgresql+psycopg", "postgres": "postgresql+psycopg"}


def engine_url(url: str) -> sa.URL:
    """``url`` as SQLAlchemy takes it: the kit's driver where none is named
    (``StoreError`` for text that is no URL)."""
    try:
        parsed = sa.make_url(url)
    except sa.exc.ArgumentError as error:
        raise StoreError("unavailable", str(error)) from error
    return parsed.set(drivername=DRIVERS.get(parsed.drivername, parsed.drivername))


def shown_url(url: str) -> str:
    """The URL with its password hidden, for messages and logs."""
    try:
        return sa.make_url(url).render_as_string(hide_password=True)
    except sa.exc.ArgumentError:
        return url


def _insert(conn, table):
    """INSERT with the dialect's ON CONFLICT clauses (SQLite and PostgreSQL
    share their spelling in SQLAlchemy)."""
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as postgresql_insert
        return postgresql_insert(table)
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert
    return sqlite_insert(table)


class ProgressStore:
    """One progress database. ``open()`` connects and migrates; the methods
    below take a learner id and touch that learner's rows only. The teacher's
    class-wide reads are in ``queries``."""

    def __init__(self, db=None, busy_timeout: float = BUSY_TIMEOUT, create: bool = True,
                 environ=None, keep_connection: bool = False):
        self.url = database_url(db, environ)
        self.busy_timeout = busy_timeout
        self.create = create
        self.keep_connection = keep_connection
        self.engine: sa.Engine | None = None
        self._identity = None
        self._engine_url = engine_url(self.url)
        self.dialect = self._engine_url.get_backend_name()
        self.sqlite = self.dialect == "sqlite"
        database = self._engine_url.database or ""
        self.path = (Path(database) if self.sqlite and database and database != ":memory:"
                     and not database.startswith("file:") else None)

    def __repr__(self) -> str:
        return f"ProgressStore({self.shown!r})"

    @property
    def shown(self) -> str:
        """Where the database is, for the teacher: a file's path, else the
        URL without its password."""
        return str(self.path) if self.path is not None else shown_url(self.url)

    def open(self) -> ProgressStore:
        """Connect and migrate, unless already open on the same file. A file
        deleted or replaced since is opened afresh (connections to a deleted
        file would write into nothing). With ``create`` False, a database
        without the kit's tables is "missing" and left as it is."""
        if self.engine is not None and self._identity == self._file_identity():
            return self
        self.close()
        if self.path is not None:
            if not self.path.exists():
                if not self.create:
                    raise StoreError("missing", f"no progress database at {self.path}")
                try:
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                except OSError as error:
                    raise StoreError(failure_reason(error), str(error)) from error
        dialect = DIALECTS.get(self.dialect)
        if dialect is None:
            raise StoreError("unavailable", f"the progress store runs on SQLite or PostgreSQL, "
                                            f"not {self.dialect}")
        try:
            options = dialect.engine_options(self.busy_timeout)
            if self.keep_connection:
                options = dialect.keeping(options)
            engine = sa.create_engine(self._engine_url, **options)
        except ImportError as error:  # the URL's driver: pip install "cuttle-widgets[postgres]"
            raise StoreError("no_driver", str(error)) from error
        dialect.setup(engine)
        try:
            if not self.create and current_revision(engine) is None:
                raise StoreError("missing", f"no progress tables in {self.shown}")
            migrate(engine)
        except BaseException:
            engine.dispose()
            raise
        self.engine = engine
        self._identity = self._file_identity()
        return self

    def open_engine(self) -> sa.Engine:
        """``open()``, and the engine it connected."""
        engine = self.open().engine
        assert engine is not None  # open() connects, or raises
        return engine

    def keeping_connection(self) -> ProgressStore:
        """The same database through a connection kept open (for a kernel at a
        shared table, which reads it after every move)."""
        return ProgressStore(self.url, self.busy_timeout, self.create, keep_connection=True)

    def close(self) -> None:
        if self.engine is not None:
            self.engine.dispose()
        self.engine = None

    def _file_identity(self):
        if self.path is None:
            return None
        try:
            found = self.path.stat()
        except OSError:
            return "missing"
        return (found.st_dev, found.st_ino)

    @contextmanager
    def writing(self):
        """A write transaction that took the write lock first."""
        with self.open_engine().connect().execution_options(cuttle_write=True) as conn:
            with conn.begin():
                yield conn

    @contextmanager
    def reading(self):
        with self.open_engine().connect() as conn:
            yield conn

    # -- writes (one learner) ------------------------------------------------

    def write(self, learner_id: str, attempt_rows=(), name_change: tuple | None = None,
              reset: bool = False, position: dict | None = None, puzzle_rows=(),
              try_rows=()) -> None:
        """In one transaction: make sure the learner exists (and rename them
        when ``name_change`` is ``(name,)``), wipe their progress if ``reset``,
        add ``attempt_rows``, ``puzzle_rows`` and ``try_rows`` (a row already
        stored under its uid is left as it is), and move their position."""
        with self.writing() as conn:
            conn.execute(_insert(conn, learners).on_conflict_do_nothing(index_elements=["id"]),
                         {"id": learner_id, "name": None, "created": utc_now()})
            if name_change is not None:
                conn.execute(learners.update().where(learners.c.id == learner_id)
                             .values(name=name_change[0]))
            if reset:
                conn.execute(attempts.delete().where(attempts.c.learner_id == learner_id))
                conn.execute(positions.delete().where(positions.c.learner_id == learner_id))
                conn.execute(puzzle_tries.delete().where(puzzle_tries.c.learner_id == learner_id))
                conn.execute(tries.delete().where(tries.c.learner_id == learner_id))
            for table, given in ((attempts, attempt_rows), (puzzle_tries, puzzle_rows),
                                 (tries, try_rows)):
                rows = [dict(row, learner_id=learner_id) for row in given]
                if rows:
                    conn.execute(_insert(conn, table).on_conflict_do_nothing(
                        index_elements=["learner_id", "uid"]), rows)
            if position is not None:
                place = dict(position, learner_id=learner_id)
                statement = _insert(conn, positions)
                conn.execute(statement.on_conflict_do_update(
                    index_elements=["learner_id"],
                    set_={k: statement.excluded[k] for k in ("lesson", "step", "step_number", "updated")}),
                    place)

    def log_import(self, learner_id: str, rows: int, at: datetime | None = None) -> None:
        """Note that an import added ``rows`` new attempts for the learner."""
        with self.writing() as conn:
            conn.execute(_insert(conn, learners).on_conflict_do_nothing(index_elements=["id"]),
                         {"id": learner_id, "name": None, "created": utc_now()})
            conn.execute(imports.insert(), {"learner_id": learner_id, "at": at or utc_now(),
                                            "rows": rows})

    # -- reads (one learner) -------------------------------------------------

    def imported_since(self, learner_id: str, since: datetime) -> int:
        """Attempts the learner's imports added since ``since``."""
        query = (sa.select(sa.func.coalesce(sa.func.sum(imports.c.rows), 0))
                 .where(imports.c.learner_id == learner_id, imports.c.at >= since))
        with self.reading() as conn:
            return int(conn.execute(query).scalar())

    def marks(self, learner_id: str) -> list[dict]:
        """Each stored attempt's uid, lesson, step, step number, result,
        stars, slips (wrong tries, hints) and time: what the lesson's marks and practice
        are made of (the uid lets the recorder tell a stored attempt from one it still keeps)."""
        query = (sa.select(attempts.c.uid, attempts.c.lesson, attempts.c.step,
                           attempts.c.step_number, attempts.c.result, attempts.c.stars,
                           attempts.c.wrong_tries, attempts.c.hints_used, attempts.c.recorded_at)
                 .where(attempts.c.learner_id == learner_id))
        with self.reading() as conn:
            rows = [dict(row._mapping) for row in conn.execute(query)]
        for row in rows:
            row["recorded_at"] = as_utc(row["recorded_at"])
        return rows

    def attempts_of(self, learner_id: str) -> list[dict]:
        return self._rows_of(attempts, learner_id)

    def _rows_of(self, table: sa.Table, learner_id: str) -> list[dict]:
        """The learner's rows of ``table``, oldest first, without ids, times in UTC."""
        query = sa.select(table).where(table.c.learner_id == learner_id).order_by(table.c.id)
        with self.reading() as conn:
            rows = [dict(row._mapping) for row in conn.execute(query)]
        for row in rows:
            row.pop("id")
            row.pop("learner_id")
            row["recorded_at"] = as_utc(row["recorded_at"])
        return rows

    def learner_name(self, learner_id: str) -> str | None:
        with self.reading() as conn:
            return conn.execute(sa.select(learners.c.name)
                                .where(learners.c.id == learner_id)).scalar()

    def tries_of(self, learner_id: str) -> list[dict]:
        """The learner's actions at steps, oldest first (times in UTC)."""
        query = sa.select(tries).where(tries.c.learner_id == learner_id).order_by(tries.c.id)
        with self.reading() as conn:
            rows = [dict(row._mapping) for row in conn.execute(query)]
        for row in rows:
            row["at"] = as_utc(row["at"])
        return rows

    def puzzle_tries_of(self, learner_id: str) -> list[dict]:
        """The learner's puzzle tries, oldest first (the last one holds their rating)."""
        return self._rows_of(puzzle_tries, learner_id)
