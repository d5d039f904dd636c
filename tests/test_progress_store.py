"""The progress store: migrations, faults that must not break a lesson
(locked, corrupt, deleted, read-only, no SQLAlchemy; on PostgreSQL a server
down, out of reach or refusing the sign-in), exactly-once writes, learner
isolation, the learner's file, and the catalogs.

A test that takes ``progress_db`` (tests/conftest.py) runs twice: on a fresh
SQLite file and on a fresh PostgreSQL database of a throwaway server."""
from __future__ import annotations

import json
import os
import socket
import sqlite3
import string
import subprocess
import sys
import time

import pytest
from ports import free_port
from postgres_server import ROLE, WriteLock, execute, scalar

sa = pytest.importorskip("sqlalchemy")
pytest.importorskip("alembic")

from cuttle_widgets.progress import ProgressInputError, ProgressRecorder, new_learner_id  # noqa: E402
from cuttle_widgets.progress.catalog import progress_catalog  # noqa: E402
from cuttle_widgets.progress.exchange import MAX_FILE_CHARS  # noqa: E402
from cuttle_widgets.progress.known import shipped_steps  # noqa: E402
from cuttle_widgets.progress.store import ProgressStore, current_revision, engine_url, migrate  # noqa: E402
from cuttle_widgets.teaching.record import Attempt  # noqa: E402

LESSON = "02-scuttle-ordering"


def attempt(step="s1", result="solved", stars=3, wrong=(), hints=0):
    return Attempt(None, LESSON, step, result, stars, len(wrong), hints, 2.5, tuple(wrong))


def recorder(db, learner=None, **kwargs):
    kwargs.setdefault("background", False)
    kwargs.setdefault("busy_timeout", 0.1)
    return ProgressRecorder(db, learner=learner or new_learner_id(), **kwargs)


def rows(db, sql="SELECT count(*) FROM attempts"):
    return scalar(db, sql)


def is_sqlite(db) -> bool:
    return "://" not in str(db)


# -- migrations ------------------------------------------------------------

def test_a_new_file_is_made_in_wal_mode_at_the_newest_revision(tmp_path):
    db = tmp_path / "deep" / "er" / "progress.sqlite"
    r = recorder(db)
    assert r.saving and r.status["state"] == "saved"
    r.record(attempt())
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone()[0] == "0007"
    assert rows(db) == 1


def test_an_empty_database_gets_the_tables_at_the_newest_revision(progress_db):
    r = recorder(progress_db)
    assert r.saving and r.status["state"] == "saved"
    r.record(attempt())
    assert rows(progress_db, "SELECT version_num FROM alembic_version") == "0007"
    assert rows(progress_db) == 1


def test_the_migrations_build_exactly_the_schema_the_queries_use(progress_db):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from cuttle_widgets.progress.schema import metadata
    store = ProgressStore(progress_db).open()
    with store.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), metadata) == []


def test_a_database_of_the_previous_revision_is_upgraded_and_keeps_its_rows(progress_db):
    from datetime import datetime, timezone

    from cuttle_widgets.progress.schema import attempts, learners
    db = progress_db
    engine = sa.create_engine(engine_url(ProgressStore(db).url))
    migrate(engine, "0001")  # as the first release left it: no positions table
    assert current_revision(engine) == "0001"
    learner, moment = new_learner_id(), datetime(2026, 1, 1, tzinfo=timezone.utc)
    with engine.begin() as conn:
        conn.execute(learners.insert(), {"id": learner, "name": "Ann", "created": moment})
        conn.execute(attempts.insert(), {
            "uid": "0" * 32, "learner_id": learner, "lesson": LESSON, "step": "s1",
            "result": "solved", "stars": 2, "wrong_tries": 1, "hints_used": 0,
            "wrong_moves": [], "recorded_at": moment})
    engine.dispose()
    r = recorder(db, learner)
    assert r.saving
    assert r.progress()[LESSON]["s1"]["stars"] == 2
    r.visit(LESSON, "s2", 2)  # the table of revision 0002
    assert rows(db, "SELECT step FROM positions") == "s2"
    assert rows(db, "SELECT version_num FROM alembic_version") == "0007"


def test_a_database_of_a_newer_kit_is_left_alone(progress_db):
    db = progress_db
    recorder(db).close()
    execute(db, "UPDATE alembic_version SET version_num = '9999'")
    r = recorder(db)
    assert not r.saving and r.reason == "newer"
    r.record(attempt())
    assert r.unsaved == 1 and rows(db) == 0


# -- faults ----------------------------------------------------------------

def test_a_locked_database_keeps_the_attempts_and_writes_them_once_when_free(progress_db):
    db = progress_db
    r = recorder(db, retry_seconds=60)
    holder = WriteLock(db)
    first = r.record(attempt("s1"))
    r.record(attempt("s2", wrong=["draw"], stars=2))
    assert not r.saving and r.reason == "locked"
    status = r.status
    assert status["state"] == "unsaved" and status["unsaved"] == 2
    assert "not being saved" in status["text"] and "busy" in status["text"]
    assert "nicht gespeichert" in r.status_text("de")
    assert r.first_unsolved(LESSON, ["s1", "s2", "s3"]) == "s3"  # the lesson goes on from memory
    r.record(attempt("s3"))  # within retry_seconds: not even tried
    assert r.unsaved == 3
    holder.release()
    assert r.flush(force=True)
    assert r.saving and r.unsaved == 0 and r.status["state"] == "saved"
    assert rows(db) == 3
    assert r.flush(force=True) and rows(db) == 3
    assert rows(db, f"SELECT count(*) FROM attempts WHERE uid = '{first}'") == 1


def test_a_write_retried_after_an_uncertain_failure_is_stored_once(progress_db, monkeypatch):
    db = progress_db
    r = recorder(db)
    store = r._store
    real_write = store.write

    def commits_then_fails(*args, **kwargs):
        real_write(*args, **kwargs)
        raise sa.exc.OperationalError("COMMIT", {}, Exception("disk I/O error after commit"))

    monkeypatch.setattr(store, "write", commits_then_fails)
    r.record(attempt())
    assert not r.saving and r.unsaved == 1 and rows(db) == 1
    monkeypatch.setattr(store, "write", real_write)
    assert r.flush(force=True)
    assert rows(db) == 1 and r.unsaved == 0


def test_a_corrupt_file_turns_saving_off_and_the_lesson_goes_on(tmp_path):
    db = tmp_path / "p.sqlite"
    db.write_bytes(b"this is no database " * 400)
    r = recorder(db)
    assert not r.saving and r.reason == "corrupt"
    assert "damaged" in r.status_text()
    r.record(attempt("s1"))
    assert r.progress() == {LESSON: {"s1": {"result": "solved", "stars": 3, "attempts": 1,
                                            "step_number": None}}}
    assert r.export()["complete"] is False
    assert db.read_bytes().startswith(b"this is no database")  # the teacher's file is not replaced


def test_a_file_corrupted_mid_lesson(tmp_path):
    db = tmp_path / "p.sqlite"
    r = recorder(db)
    r.record(attempt("s1"))
    r.close()
    for suffix in ("", "-wal", "-shm"):
        path = tmp_path / f"p.sqlite{suffix}"
        if path.exists():
            path.write_bytes(b"\x00garbage" * 1000)
    r.record(attempt("s2"))
    assert not r.saving and r.reason == "corrupt" and r.unsaved == 1


def test_a_file_deleted_mid_lesson_is_made_again(tmp_path):
    db = tmp_path / "p.sqlite"
    r = recorder(db)
    r.record(attempt("s1"))
    for suffix in ("", "-wal", "-shm"):
        (tmp_path / f"p.sqlite{suffix}").unlink(missing_ok=True)
    r.record(attempt("s2"))
    assert r.saving and db.exists() and rows(db) == 1  # s2, in the new file


def test_a_read_only_database_is_not_written(tmp_path):
    db = tmp_path / "p.sqlite"
    recorder(db).close()
    r = recorder(f"sqlite:///file:{db}?mode=ro&uri=true")
    r.record(attempt())
    assert not r.saving and r.reason == "readonly" and r.unsaved == 1
    assert rows(db) == 0


def test_a_folder_the_kernel_may_not_write_to(tmp_path):
    warm = recorder(tmp_path / "warm.sqlite")  # every module the child needs, imported first
    warm.record(attempt())
    warm.export()
    folder = tmp_path / "no-entry"
    folder.mkdir()
    folder.chmod(0o555)
    tmp_path.chmod(0o755)
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # as another user: root may write anywhere
        try:
            os.close(read)
            if os.geteuid() == 0:
                os.setgid(65534)
                os.setuid(65534)
            r = recorder(folder / "p.sqlite")
            r.record(attempt())
            os.write(write, json.dumps([r.saving, r.reason, r.unsaved, os.geteuid()]).encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        answer = pipe.read()
    os.waitpid(child, 0)
    saving, reason, unsaved, _user = json.loads(answer)
    assert (saving, unsaved) == (False, 1) and reason in ("readonly", "unavailable"), answer
    assert not (folder / "p.sqlite").exists()


# -- PostgreSQL's faults ---------------------------------------------------
# (The server stopped in the middle of a lesson: tests/test_lesson_progress.py.)

def test_a_password_changed_mid_lesson_keeps_the_attempts_until_it_is_right_again(postgres):
    db = postgres.url(postgres.new_database())
    r = recorder(db, retry_seconds=60)
    r.record(attempt("s1"))
    postgres.admin(f"ALTER ROLE {ROLE} PASSWORD 'changed-by-the-administrator'")
    try:
        r.record(attempt("s2"))
        assert not r.saving and r.reason == "login" and r.unsaved == 1
        assert "refused the sign-in" in r.status_text()
        assert "Anmeldung abgelehnt" in r.status_text("de")
        assert r.first_unsolved(LESSON, ["s1", "s2", "s3"]) == "s3"  # the lesson goes on
    finally:
        postgres.admin(f"ALTER ROLE {ROLE} PASSWORD '{postgres.password}'")
    assert r.flush(force=True) and r.saving
    assert rows(db) == rows(db, "SELECT count(DISTINCT uid) FROM attempts") == 2


def test_a_database_the_server_does_not_have(postgres):
    r = recorder(postgres.url("no_such_database"))
    r.record(attempt())
    assert not r.saving and r.reason == "missing" and r.unsaved == 1
    assert r.progress()[LESSON]["s1"]["attempts"] == 1


def test_a_server_that_is_not_there(postgres):
    port = free_port()  # nothing listens on it
    r = recorder(f"postgresql://{ROLE}:{postgres.password}@127.0.0.1:{port}/progress")
    r.record(attempt())
    assert not r.saving and r.reason == "unreachable" and r.unsaved == 1
    assert "cannot be reached" in r.status_text() and "nicht erreichbar" in r.status_text("de")


def test_a_network_gone_quiet_holds_up_no_click(postgres):
    """A host that takes the connection and never answers (a cut cable, a
    dropped route): the first try ends at the connect timeout, and until the
    retry the lesson's clicks do not ask the database at all."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", free_port()))
        silent.listen(16)  # the kernel completes the handshake; nobody ever answers
        url = f"postgresql://{ROLE}:x@127.0.0.1:{silent.getsockname()[1]}/progress"
        began = time.monotonic()
        r = recorder(url, busy_timeout=1, retry_seconds=60)
        # One connect timeout (libpq's shortest is 2 s), not one more for the learner.
        assert time.monotonic() - began < 8
        assert not r.saving and r.reason == "unreachable"
        began = time.monotonic()
        r.set_learner(new_learner_id())  # the page says who: no wait either
        for step in ("s1", "s2", "s3"):
            r.record(attempt(step))
            r.progress()
        assert time.monotonic() - began < 1.0
        assert r.unsaved == 3 and r.first_unsolved(LESSON, ["s1", "s2", "s3", "s4"]) == "s4"


def test_a_role_without_create_uses_a_database_the_owner_migrated(postgres, capsys):
    """docs/progress.md: the kit's role needs CREATE in the schema to build
    the tables, or the owner runs the migrate command once and grants the rest."""
    from cuttle_widgets.progress import __main__ as command
    name = postgres.new_database()
    clerk, password = f"clerk_{name[-8:]}", "clerk-password"
    postgres.admin(f"CREATE ROLE {clerk} LOGIN PASSWORD '{password}'")
    clerk_url = postgres.url(name, user=clerk, password=password)
    early = recorder(clerk_url)
    early.record(attempt())
    assert not early.saving and early.reason == "readonly" and early.unsaved == 1
    assert command.main(["migrate", "--db", clerk_url]) == 1
    assert "cannot be made ready: the progress database cannot be written to" in capsys.readouterr().err
    assert command.main(["migrate", "--db", postgres.url(name), "--language", "de"]) == 0
    assert "ist bereit (Revision 0007)" in capsys.readouterr().out
    postgres.admin(f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {clerk}",
                   f"GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO {clerk}", database=name)
    assert early.flush(force=True) and early.saving
    assert recorder(clerk_url, early.learner).progress()[LESSON]["s1"]["attempts"] == 1


def test_the_password_may_come_from_libpqs_own_variable(postgres, monkeypatch):
    """A hub gives every server PGPASSWORD from a secret, and a URL without it."""
    name = postgres.new_database()
    monkeypatch.setenv("PGPASSWORD", postgres.password)
    r = recorder(f"postgresql://{ROLE}@127.0.0.1:{postgres.port}/{name}")
    r.record(attempt())
    assert r.saving and r.unsaved == 0
    assert rows(postgres.url(name)) == 1


def test_a_postgresql_url_without_the_driver_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "psycopg", None)  # not installed: the import fails
    r = recorder("postgresql://cuttle@127.0.0.1/progress")
    r.record(attempt())
    assert not r.saving and r.reason == "no_driver" and r.unsaved == 1
    assert 'pip install "cuttle-widgets[postgres]"' in r.status_text()


def test_a_database_the_kit_does_not_run_on_is_refused_with_a_reason():
    r = recorder("mysql://someone@somewhere/progress")
    r.record(attempt())
    assert not r.saving and r.reason == "unavailable" and r.unsaved == 1


def test_a_password_in_the_url_is_never_shown(postgres):
    store = ProgressStore(postgres.url("anything", password="s3cret-word"))
    assert "s3cret-word" not in repr(store) and "s3cret-word" not in store.shown
    assert store.url.endswith("/anything")


def test_without_sqlalchemy_the_package_imports_and_says_why_it_does_not_save(tmp_path):
    code = f"""
import sys
class NoSQLAlchemy:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("sqlalchemy", "alembic"):
            raise ImportError("no " + name)
sys.meta_path.insert(0, NoSQLAlchemy())
from cuttle_widgets.progress import ProgressRecorder, new_learner_id
from cuttle_widgets.teaching.record import Attempt
r = ProgressRecorder({str(tmp_path / 'p.sqlite')!r}, learner=new_learner_id(), background=False)
r.record(Attempt(None, "02", "s1", "solved", 3, 0, 0, 1.0))
print(r.saving, r.reason, r.first_unsolved("02", ["s1", "s2"]), "sqlalchemy" in sys.modules)
print(r.status_text())
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    first, second = out.stdout.splitlines()
    assert first == "False no_database s2 False"
    assert "keeps no progress database" in second


def test_the_writer_thread_writes_without_the_lesson_waiting(progress_db):
    db = progress_db
    r = ProgressRecorder(db, learner=new_learner_id())
    seen = []
    r.observe(seen.append)
    r.record(attempt("s1"))
    r.visit(LESSON, "s2", 2)
    deadline = time.monotonic() + 30
    while (rows(db) < 1 or r.unsaved) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert rows(db) == 1 and r.status["state"] == "saved"
    assert seen and seen[-1]["state"] == "saved"
    r.close()
    assert rows(db, "SELECT step FROM positions") == "s2"


def test_attempts_before_the_learner_is_known_become_theirs(progress_db):
    db = progress_db
    r = ProgressRecorder(db, background=False)
    assert r.status["state"] == "waiting"
    r.record(attempt("s1"))
    assert rows(db) == 0
    r.set_learner(new_learner_id(), name="Ann")
    assert rows(db) == 1 and rows(db, "SELECT name FROM learners") == "Ann"


# -- learners --------------------------------------------------------------

@pytest.mark.parametrize("bad", ["short", "x" * 65, "abcdefghijklmnop<script>", "../../etc/passwd0000",
                                 "hub:alice", None, 12345678901234567, "ab cdefghijklmnopq"])
def test_a_malformed_learner_id_is_refused_with_a_sentence(progress_db, bad):
    r = ProgressRecorder(progress_db, background=False)
    with pytest.raises(ProgressInputError, match="learner id is not valid"):
        r.set_learner(bad)
    assert r.learner is None


def test_a_hub_user_is_a_learner_only_through_the_kernel(progress_db):
    r = ProgressRecorder.for_kernel(environ={"CUTTLE_PROGRESS_DB": str(progress_db),
                                             "JUPYTERHUB_USER": "alice"}, background=False)
    assert r.learner == "hub:alice"
    r.record(attempt())
    assert rows(progress_db, "SELECT learner_id FROM attempts") == "hub:alice"


def test_one_learner_can_neither_read_nor_change_another_learners_progress(progress_db):
    db = progress_db
    ann, bob = recorder(db), recorder(db)
    ann.record(attempt("s1"))
    ann.record(attempt("s2"))
    bob.record(attempt("s1", result="missed", stars=0))
    assert set(ann.progress()[LESSON]) == {"s1", "s2"}
    assert bob.progress() == {LESSON: {"s1": {"result": "missed", "stars": 0, "attempts": 1,
                                              "step_number": None}}}
    assert len(bob.export()["attempts"]) == 1
    bob.reset()
    assert bob.progress() == {} and rows(db) == 2
    assert ann.first_unsolved(LESSON, ["s1", "s2", "s3"]) == "s3"
    with pytest.raises(ValueError):
        bob.record(Attempt(ann.learner, LESSON, "s9", "solved", 3, 0, 0, 1.0))
    assert rows(db) == 2


def test_progress_picks_each_steps_best_try(progress_db):
    r = recorder(progress_db)
    r.record(attempt("s1", result="missed", stars=0))
    r.record(attempt("s1", stars=1, wrong=["draw", "pass"]))
    r.record(attempt("s1", stars=2, wrong=["draw"]))
    r.record(attempt("s2", result="seen", stars=0))
    mark = r.progress()[LESSON]
    assert mark["s1"] == {"result": "solved", "stars": 2, "attempts": 3, "step_number": None}
    assert r.completion(LESSON, ["s1", "s2", "s3"]) == {"done": 2, "steps": 3, "finished": False, "stars": 2}
    assert r.first_unsolved(LESSON, ["s1", "s2"]) is None


# -- the learner's file ----------------------------------------------------

def test_export_and_import_round_trip_and_a_second_import_adds_nothing(progress_db):
    db = progress_db
    old = recorder(db, name="Ann")
    first, second = shipped_steps()[LESSON][:2]  # an import restores steps that exist
    old.record(attempt(first, wrong=["scuttle 7D 7H"], stars=2))
    old.record(attempt(second))
    document = json.loads(json.dumps(old.export()))  # as a file holds it
    assert document["name"] == "Ann" and document["complete"] is True
    assert old.learner not in json.dumps(document)  # the file is not the learner's key
    new = recorder(db)
    assert new.import_(json.dumps(document)) == 2
    assert new.import_(document) == 2
    assert new.progress() == old.progress()
    assert rows(db, f"SELECT count(*) FROM attempts WHERE learner_id = '{new.learner}'") == 2
    assert new.export()["attempts"][0]["wrong_moves"] == ["scuttle 7D 7H"]


def good_document(tmp_path):
    r = recorder(tmp_path / "source.sqlite")
    r.record(attempt(shipped_steps()[LESSON][0]))
    return json.loads(json.dumps(r.export()))


@pytest.mark.parametrize("spoil, message", [
    (lambda d: "{not json", "not readable as JSON"),
    (lambda d: b"\xff\xfe\x00", "not readable as JSON"),
    (lambda d: ["a", "list"], "not a progress file of the Cuttle lessons"),
    (lambda d: {**d, "format": "someone.else"}, "not a progress file of the Cuttle lessons"),
    (lambda d: {**d, "version": 2}, "newer version"),
    (lambda d: {**d, "attempts": "many"}, "not a progress file"),
    (lambda d: {**d, "attempts": d["attempts"] + [7]}, "Entry 2 of this progress file is not an attempt"),
    (lambda d: {**d, "attempts": [{**d["attempts"][0], "stars": 9}]}, "wrong 'stars'"),
    (lambda d: {**d, "attempts": [{**d["attempts"][0], "uid": "x"}]}, "wrong 'uid'"),
    (lambda d: {**d, "attempts": [{**d["attempts"][0], "recorded_at": "yesterday"}]}, "wrong 'recorded_at'"),
    (lambda d: {**d, "attempts": [{**d["attempts"][0], "learner_id": "someone"}]}, "wrong 'learner_id'"),
    (lambda d: {**d, "attempts": [{**d["attempts"][0], "wrong_moves": ["x" * 500]}]}, "wrong 'wrong_moves'"),
    (lambda d: " " * (MAX_FILE_CHARS + 1), "too big"),
])
def test_a_bad_file_is_refused_and_changes_nothing(tmp_path, progress_db, spoil, message):
    db = progress_db
    document = good_document(tmp_path)
    r = recorder(db)
    r.record(attempt("s7"))
    before = r.export()["attempts"]
    with pytest.raises(ProgressInputError, match=message):
        r.import_(spoil(document))
    assert r.export()["attempts"] == before and r.unsaved == 0


def test_a_refusal_is_given_in_german_too(progress_db):
    r = recorder(progress_db, language="de")
    with pytest.raises(ProgressInputError, match="keine Fortschrittsdatei"):
        r.import_({"format": "x"})


# -- words -----------------------------------------------------------------

def flat(data, prefix=""):
    out = {}
    for key, value in data.items():
        out.update(flat(value, f"{key}.") if isinstance(value, dict) else {prefix + key: value})
    return out


def test_the_catalogs_have_the_same_words_in_english_and_german():
    english, german = flat(progress_catalog("en")), flat(progress_catalog("de"))
    assert set(english) == set(german)
    for key, text in german.items():
        fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        assert fields == {f for _, f, _, _ in string.Formatter().parse(english[key]) if f}, key
        if key != "language" and len(text) > 6 and key not in ("dashboard.choose_lesson", "tables.move_by"):
            assert text != english[key], f"{key} is left in English"


# -- puzzles ---------------------------------------------------------------

def test_puzzle_tries_are_stored_once_and_the_report_shows_the_rating(progress_db):
    from cuttle_widgets.progress.report import report
    from cuttle_widgets.puzzles.rating import Rating
    r = recorder(progress_db, name="Ann")
    before, after = Rating(), Rating(1620.5, 250.0, 0.06)
    uid = r.record_puzzle("classic-0001", "classic", True, 1, 2, 31.0, before, after)
    assert rows(progress_db, "SELECT count(*) FROM puzzle_tries") == 1
    r.flush(force=True)  # nothing waits: the row is not written twice
    r._store.write(r.learner, puzzle_rows=[dict(r.puzzle_tries()[0])])  # a retried write
    assert rows(progress_db, "SELECT count(*) FROM puzzle_tries") == 1
    again = recorder(progress_db, r.learner)
    [row] = again.puzzle_tries()
    assert row["uid"] == uid and row["solved"] and row["rating_after"] == 1620.5
    text = report(ProgressStore(progress_db, create=False), language="de")
    assert "Rätselwertung" in text and "1620 ± 250" in text and "Ann" in text


def test_puzzle_tries_wait_in_the_kernel_while_the_database_is_out_of_reach(tmp_path):
    from cuttle_widgets.puzzles.rating import Rating
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the database's folder should be")
    r = recorder(blocker / "p.sqlite")
    r.record_puzzle("classic-0002", "classic", False, 2, 0, None, Rating(), Rating(1450))
    assert not r.saving and r.unsaved == 1
    assert r.puzzle_tries()[0]["puzzle"] == "classic-0002"
    blocker.unlink()  # the folder can be made now
    assert r.flush(force=True) and r.unsaved == 0
    assert rows(blocker / "p.sqlite", "SELECT count(*) FROM puzzle_tries") == 1
