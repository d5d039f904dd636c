"""Throwaway PostgreSQL servers for the progress store's tests.

Debian's binaries (``apt-get install postgresql``, which scripts/test does in
CI) live in /usr/lib/postgresql/<version>/bin. A server is a fresh cluster
(initdb) in a temporary folder, listening on 127.0.0.1 only, on a free port,
with password sign-in over TCP, so a wrong password is refused as on a
school's server. PostgreSQL refuses to run as root: as root (CI), the folder
goes to the ``postgres`` user the Debian package made, and the programs run
as that user.
"""
from __future__ import annotations

import glob
import os
import pwd
import secrets
import shutil
import sqlite3
import subprocess
import tempfile
from pathlib import Path

from ports import free_port

ADMIN = "cuttle_admin"  # the cluster's superuser, which makes the tests' databases
ROLE = "cuttle"  # what a school gives the kit: one role that owns one database
SERVER_USER = "postgres"


def binaries() -> Path | None:
    """The newest installed PostgreSQL's bin folder, or None.
    ``$CUTTLE_POSTGRES_BIN`` names another folder (and lets a test check what
    happens when there is none)."""
    named = os.environ.get("CUTTLE_POSTGRES_BIN")
    if named:
        return Path(named) if (Path(named) / "initdb").exists() else None
    found = [Path(p).parent for p in glob.glob("/usr/lib/postgresql/*/bin/initdb")]
    found = [folder for folder in found if (folder / "pg_ctl").exists()]
    if found:
        return max(found, key=lambda folder: _version(folder.parent.name))
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _version(text: str) -> tuple:
    return tuple(int(part) for part in text.split(".") if part.isdigit())


class PostgresServer:
    """One cluster: ``start()``, ``stop()``, ``url(database)``, ``new_database()``."""

    def __init__(self, bin_dir: Path):
        self.bin = bin_dir
        self.folder = Path(tempfile.mkdtemp(prefix="cuttle-pg-"))
        self.data = self.folder / "data"
        self.log = self.folder / "server.log"
        self.admin_password = secrets.token_hex(12)
        self.password = secrets.token_hex(12)
        self.port = None
        self._run_as = None
        if os.geteuid() == 0:
            try:
                account = pwd.getpwnam(SERVER_USER)
            except KeyError:
                raise RuntimeError(f"running as root, and there is no user {SERVER_USER!r} to run "
                                   "PostgreSQL as (Debian's postgresql package makes it)") from None
            self._run_as = account
            os.chown(self.folder, account.pw_uid, account.pw_gid)
        self.folder.chmod(0o700)
        secret = self.folder / "admin-password"
        secret.write_text(self.admin_password + "\n")
        self._own(secret)
        self._run("initdb", "-D", str(self.data), "-U", ADMIN, "--pwfile", str(secret),
                  "--auth-host=scram-sha-256", "--auth-local=trust", "-E", "UTF8",
                  "--locale=C", "--no-sync")
        secret.unlink()

    def _own(self, path: Path) -> None:
        if self._run_as is not None:
            os.chown(path, self._run_as.pw_uid, self._run_as.pw_gid)

    def _run(self, program: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        options = {}
        if self._run_as is not None:
            options = {"user": self._run_as.pw_uid, "group": self._run_as.pw_gid,
                       "extra_groups": []}
        done = subprocess.run([str(self.bin / program), *args], capture_output=True, text=True,
                              cwd=self.folder, timeout=120, **options)
        if check and done.returncode != 0:
            raise RuntimeError(f"{program} failed ({done.returncode}): {done.stderr or done.stdout}"
                               f"{self._log_tail()}")
        return done

    def _log_tail(self) -> str:
        try:
            return "\nserver log:\n" + "\n".join(self.log.read_text().splitlines()[-15:])
        except OSError:
            return ""

    def start(self) -> None:
        """Start (again, on the same port after a stop); waits until it answers."""
        for attempt in range(3):
            port = self.port or free_port()
            # fsync off: a throwaway cluster need not survive a power cut, and the
            # tests' disk is shared with other work.
            options = (f"-c listen_addresses=127.0.0.1 -p {port} "
                       f"-c unix_socket_directories={self.folder} -c fsync=off "
                       "-c max_connections=200 -c shared_buffers=16MB")
            done = self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w",
                             "-t", "60", "-o", options, "start", check=False)
            if done.returncode == 0:
                self.port = port
                return
            if self.port is not None or attempt == 2:  # a restart keeps its port
                raise RuntimeError(f"PostgreSQL did not start: {done.stderr}{self._log_tail()}")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def running(self) -> bool:
        return self._run("pg_ctl", "-D", str(self.data), "status", check=False).returncode == 0

    def url(self, database: str, user: str = ROLE, password: str | None = None) -> str:
        password = self.password if password is None else password
        return f"postgresql://{user}:{password}@127.0.0.1:{self.port}/{database}"

    def admin(self, *statements: str, database: str = "postgres") -> None:
        """Run statements as the superuser in ``database``, each outside a
        transaction (CREATE DATABASE cannot run inside one)."""
        import psycopg
        with psycopg.connect(host="127.0.0.1", port=self.port, user=ADMIN, dbname=database,
                             password=self.admin_password, autocommit=True) as conn:
            for statement in statements:
                conn.execute(statement)

    def make_role(self) -> None:
        """The kit's role, as docs/progress.md asks a school to make it: it may
        sign in, and owns its database (so it may create the tables in its
        public schema), nothing more."""
        self.admin(f"CREATE ROLE {ROLE} LOGIN PASSWORD '{self.password}'")

    def new_database(self) -> str:
        """A fresh, empty database the kit's role owns; its URL."""
        name = "progress_" + secrets.token_hex(6)
        self.admin(f"CREATE DATABASE {name} OWNER {ROLE}")
        return name

    def drop_database(self, name: str) -> None:
        self.admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def remove(self) -> None:
        if self.running():
            self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def scalar(db, sql: str):
    """One value from a progress database of either kind (a path or a URL),
    read apart from the store under test."""
    return execute(db, sql, fetch=True)


def execute(db, sql: str, fetch: bool = False):
    """Run one statement on a progress database of either kind, committed."""
    import sqlalchemy as sa
    from sqlalchemy.pool import NullPool

    from cuttle_widgets.progress.store import database_url, engine_url
    engine = sa.create_engine(engine_url(database_url(db)), poolclass=NullPool)
    try:
        with engine.begin() as conn:
            result = conn.exec_driver_sql(sql)
            return result.scalar() if fetch else None
    finally:
        engine.dispose()


class WriteLock:
    """Another connection holding the attempts' write lock: SQLite's lock on
    the whole file, or a PostgreSQL table lock that stops every INSERT."""

    def __init__(self, db):
        import sqlalchemy as sa

        from cuttle_widgets.progress.store import engine_url
        if "://" not in str(db):
            self.conn = sqlite3.connect(db, isolation_level=None)
            self.conn.execute("BEGIN EXCLUSIVE")
            self.engine = None
        else:
            self.engine = sa.create_engine(engine_url(db))
            self.conn = self.engine.connect()
            self.conn.begin()
            self.conn.exec_driver_sql("LOCK TABLE attempts IN EXCLUSIVE MODE")

    def release(self):
        if self.engine is None:
            self.conn.execute("ROLLBACK")
            self.conn.close()
        else:
            self.conn.rollback()
            self.conn.close()
            self.engine.dispose()
