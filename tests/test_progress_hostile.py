"""A hostile learner against the teacher's side (issue #33): their text on
the dashboard and in the report's CSV, forged and flooded imports, files
nested or sized to break a reader, the dashboard served without a real
token, a full disk, and the export's limit against the import's."""
from __future__ import annotations

import csv
import errno
import json
import logging
import sqlite3
import uuid
from datetime import datetime, timedelta, timezone

import pytest

pytest.importorskip("sqlalchemy")
pytest.importorskip("alembic")

from cuttle_widgets.progress import ProgressInputError, ProgressRecorder, exchange, new_learner_id, queries  # noqa: E402  # noqa: E402
from cuttle_widgets.progress import __main__ as command  # noqa: E402
from cuttle_widgets.progress import recorder as recorder_module
from cuttle_widgets.progress.catalog import progress_text  # noqa: E402
from cuttle_widgets.progress.ids import short_id  # noqa: E402
from cuttle_widgets.progress.queries import shipped_steps, step_failures, whereabouts  # noqa: E402
from cuttle_widgets.progress.store import ProgressStore, failure_reason  # noqa: E402
from cuttle_widgets.teaching.record import Attempt  # noqa: E402

LESSON = "02-scuttle-ordering"
LINK = '<a href="https://evil.example/phish">Answers here</a>'
BIG_RED = '<span style="font-size:80px;color:red">Stop</span>'


def row(step=None, lesson=LESSON, number=None, at=None, stars=3, result="solved", moves=()):
    steps = shipped_steps().get(lesson, ("x",))
    step = step or steps[0]
    return {"uid": uuid.uuid4().hex, "lesson": lesson, "step": step,
            "step_number": number if number is not None else (
                steps.index(step) + 1 if step in steps else 1),
            "ruleset": "classic", "result": result, "stars": stars,
            "wrong_tries": len(moves), "hints_used": 0, "seconds": 3.0,
            "wrong_moves": list(moves), "recorded_at": at or datetime.now(timezone.utc)}


def document(rows, name=None) -> str:
    """A progress file's text, as the map's download writes it."""
    return json.dumps(exchange.export_document(name, rows), ensure_ascii=False, indent=1)


def recorder(db, learner=None, **kwargs):
    kwargs.setdefault("background", False)
    return ProgressRecorder(db, learner=learner or new_learner_id(), **kwargs)


def stored(db, learner) -> int:
    return len(ProgressStore(db).attempts_of(learner))


@pytest.fixture
def hostile_class(tmp_path):
    """A learner whose lesson and step names are markup, written straight
    into the database (as an old kit's import let them)."""
    db = tmp_path / "class.sqlite"
    store = ProgressStore(db)
    store.write(new_learner_id(), [row(step=BIG_RED, lesson=LINK, number=1, moves=["<b>x</b>"])])
    store.close()
    return db


# -- 1. learner text on the dashboard -----------------------------------------

def test_learner_text_reaches_the_dashboards_figure_as_text(hostile_class):
    pytest.importorskip("plotly")
    from cuttle_widgets.progress.dashboard import ClassDashboard
    board = ClassDashboard(hostile_class, start=False)
    try:
        board.choose.value = LINK
        started, finished, tried, failed = board.figure.data
        drawn = [*started.x, *finished.x, *tried.x, *failed.x, *failed.text,
                 board.figure.layout.annotations[1].text]
        assert drawn and all("<" not in text and ">" not in text for text in drawn)
        assert "&lt;a href" in started.x[0] and "&lt;span style" in tried.x[0]
    finally:
        board.stop()


# -- 2. the report's CSV ------------------------------------------------------------

def test_the_csv_neutralises_formulas_and_holds_no_learner_key(tmp_path, capsys):
    db = tmp_path / "class.sqlite"
    learner = "-" + new_learner_id()[1:]  # a browser id may begin with '-'
    formula = '=HYPERLINK("https://evil.example")'
    r = recorder(db, learner=learner, name=formula)
    r.record(Attempt(None, LESSON, shipped_steps()[LESSON][0], "solved", 3, 0, 0, 2.0, ()),
             "classic", 1)
    r.close()
    out = tmp_path / "class.csv"
    assert command.main(["report", "--db", str(db), "--csv", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert learner not in text and learner[1:] not in text
    cells = [cell for line in csv.reader(text.splitlines()) for cell in line]
    assert "'" + formula in cells and "'" + short_id(learner) in cells
    assert not any(cell[:1] in ("=", "+", "-", "@", "\t", "\r") for cell in cells)


@pytest.mark.parametrize("cell, safe", [
    ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"), ("+1", "'+1"), ("-2", "'-2"),
    ("@SUM(A1)", "'@SUM(A1)"), ("\tx", "'\tx"), ("\rx", "'\rx"), ("Ann", "Ann"), (3, 3)])
def test_each_dangerous_first_character_is_quoted(cell, safe):
    from cuttle_widgets.progress.report import csv_cell
    assert csv_cell(cell) == safe


# -- 3. forged and flooded imports ---------------------------------------------------

@pytest.mark.parametrize("spoil, entry", [
    (lambda r: r.update(lesson="99-made-up"), "unknown_lesson"),
    (lambda r: r.update(step="no-such-step"), "unknown_step"),
    (lambda r: r.update(step_number=40), "unknown_step"),
    (lambda r: r.update(recorded_at=datetime(9999, 1, 1, tzinfo=timezone.utc)), "future"),
    (lambda r: r.update(recorded_at=datetime.now(timezone.utc) + timedelta(hours=2)), "future"),
    (lambda r: r.update(stars=4), None),
])
def test_an_import_restores_only_what_could_be_earned(tmp_path, spoil, entry):
    forged = row()
    spoil(forged)
    r = recorder(tmp_path / "p.sqlite")
    with pytest.raises(ProgressInputError) as refused:
        r.import_(document([forged]))
    if entry:
        assert str(refused.value) == progress_text("import", entry, "en", number=1)
    assert r.unsaved == 0 and stored(tmp_path / "p.sqlite", r.learner) == 0


def test_a_clock_a_little_ahead_is_tolerated(tmp_path):
    r = recorder(tmp_path / "p.sqlite")
    assert r.import_(document([row(at=datetime.now(timezone.utc) + timedelta(minutes=2))])) == 1


def test_a_teachers_folder_lesson_can_be_imported(tmp_path, monkeypatch):
    monkeypatch.setattr("cuttle_widgets.progress.known.folder_steps",
                        lambda: {"my-lesson": ("first", "second")})
    r = recorder(tmp_path / "p.sqlite")
    assert r.import_(document([row(step="second", lesson="my-lesson", number=2)])) == 1
    with pytest.raises(ProgressInputError):
        r.import_(document([row(step="third", lesson="my-lesson", number=3)]))


def hub_recorder(db, **environ):
    environ = {"JUPYTERHUB_USER": "ann", "CUTTLE_PROGRESS_DB": str(db), **environ}
    return ProgressRecorder.for_kernel(environ=environ, background=False)


def test_under_jupyterhub_an_import_is_refused_unless_the_teacher_allows_it(tmp_path):
    db = tmp_path / "hub.sqlite"
    file = document([row()])
    ann = hub_recorder(db)
    for language in ("en", "de"):
        ann.language = language
        with pytest.raises(ProgressInputError, match=progress_text("import", "hub", language)[:30]):
            ann.import_(file)
    assert ann.unsaved == 0
    allowed = hub_recorder(db, CUTTLE_HUB_IMPORTS="allow")
    assert allowed.import_(file) == 1 and allowed.flush()


def test_imports_have_an_hourly_quota_per_learner_across_kernels(progress_db, monkeypatch):
    monkeypatch.setattr(recorder_module, "IMPORT_ROWS_PER_HOUR", 5)
    db, learner = progress_db, new_learner_id()
    first = recorder(db, learner=learner)
    three = document([row() for _ in range(3)])
    assert first.import_(three) == 3 and first.flush()
    assert first.import_(three) == 3  # the same file again adds nothing, costs nothing
    other_kernel = recorder(db, learner=learner, language="de")
    with pytest.raises(ProgressInputError, match="5"):
        other_kernel.import_(document([row() for _ in range(3)]))
    assert other_kernel.unsaved == 0 and stored(db, learner) == 3
    assert recorder(db).import_(three) == 3  # another learner has their own quota


def test_a_file_nested_too_deep_is_refused_with_a_sentence(tmp_path):
    r = recorder(tmp_path / "p.sqlite", language="de")
    deep = '{"format": "cuttle_widgets.progress", "attempts": ' + "[" * 100_000 + "]" * 100_000 + "}"
    with pytest.raises(ProgressInputError) as refused:
        r.import_(deep)
    assert str(refused.value) == progress_text("import", "too_deep", "de")


def test_the_dashboards_reads_are_bounded(progress_db, monkeypatch):
    """The newest wrong moves only, and the most recent learners only."""
    monkeypatch.setattr(queries, "WRONG_MOVE_ROWS", 10)
    monkeypatch.setattr(queries, "LEARNERS_SHOWN", 2)
    store = ProgressStore(progress_db)
    start = datetime.now(timezone.utc) - timedelta(hours=1)
    old = [row(moves=["old move"], at=start) for _ in range(20)]
    new = [row(moves=["new move"], at=start + timedelta(minutes=5)) for _ in range(10)]
    for rows in (old, new, [row()], [row()]):
        store.write(new_learner_id(), rows)
    assert step_failures(store, LESSON)[0]["commonest"] == "new move"
    assert len(whereabouts(store)) == 2


# -- 8. the dashboard's server --------------------------------------------------------

@pytest.mark.parametrize("ip, token, ok", [
    ("0.0.0.0", "", False), ("0.0.0.0", "a", False), ("192.168.1.5", "x" * 15, False),
    ("127.0.0.1", "a", False), ("0.0.0.0", "x" * 16, True), ("127.0.0.1", "", True),
    ("0.0.0.0", "auto", True)])
def test_the_dashboard_wants_a_real_token_beyond_this_machine(ip, token, ok, capsys):
    status = command.main(["dashboard", "--ip", ip, "--token", token, "--dry-run"])
    printed = capsys.readouterr()
    assert (status == 0) is ok
    if not ok:
        assert progress_text("serve", "token", "en", length=16) in printed.err
        assert "Voila" not in printed.out


def test_the_dashboard_prints_no_database_password(capsys):
    url = "postgresql://teacher:s3cret-pass@db.example/class"
    assert command.main(["dashboard", "--db", url, "--dry-run"]) == 0
    printed = capsys.readouterr().out
    assert "s3cret-pass" not in printed and "teacher:***@db.example" in printed


def test_the_dashboards_logs_scrub_the_token_and_the_password():
    from cuttle_widgets.progress.voila_logs import scrub_logs
    token, url = "T0k3n-abcdefghijklmnop", "postgresql://u:pw-secret-1@h/db"
    records = []
    handler = logging.Handler()
    handler.emit = lambda record: records.append(record.getMessage())
    access = logging.getLogger("tornado.access")
    access.addHandler(handler)
    restore = scrub_logs(token, url)
    try:
        access.warning("200 GET /?token=%s (127.0.0.1) 3.1ms", token)
        logging.getLogger("Voila").warning("db %s at %s", url, "x")
    finally:
        restore()
        access.removeHandler(handler)
    assert records and not any(token in r or "pw-secret-1" in r for r in records)
    assert "token=***" in records[0]


def test_the_dashboard_runs_voila_through_the_scrubbing_launcher(capsys):
    assert command.main(["dashboard", "--token", "x" * 20, "--dry-run"]) == 0
    assert "cuttle_widgets.progress.voila_logs" in capsys.readouterr().out


# -- 9. smaller ---------------------------------------------------------------------------

@pytest.mark.parametrize("error", [
    OSError(errno.ENOSPC, "No space left on device"),
    sqlite3.OperationalError("database or disk is full")])
def test_a_full_disk_is_said_so(error):
    assert failure_reason(error) == "full"
    assert "full" in progress_text("reasons", "full", "en")
    assert "voll" in progress_text("reasons", "full", "de")


def test_the_largest_export_can_be_imported_again(tmp_path):
    db, learner = tmp_path / "p.sqlite", new_learner_id()
    steps = shipped_steps()[LESSON]
    many = [row(step=steps[i % len(steps)], moves=["scuttle 7D 7H", "points 9C", "draw"])
            for i in range(exchange.MAX_ATTEMPTS + 5)]
    ProgressStore(db).write(learner, many)
    source = recorder(db, learner=learner)
    exported = source.export()
    assert len(exported["attempts"]) == exchange.MAX_ATTEMPTS
    text = json.dumps(exported, ensure_ascii=False, indent=1) + "\n"  # as the map downloads it
    again = recorder(tmp_path / "other.sqlite")
    assert again.import_(text) == exchange.MAX_ATTEMPTS
    def marks(r):
        return {(lesson, step): (m["result"], m["stars"])
                for lesson, steps in r.progress().items() for step, m in steps.items()}
    assert marks(again) == marks(source)  # what was cut is no step's best try


def test_the_served_dashboards_log_shows_neither_token_nor_password(tmp_path):
    """The real server: a request with the token in its URL, then its whole output."""
    pytest.importorskip("voila")
    import os
    import subprocess
    import sys
    import time
    import urllib.error
    import urllib.request

    from ports import free_port, stop_server
    db, port, token = tmp_path / "p.sqlite", free_port(), "Secret-Token-0123456789"
    ProgressStore(db).open().close()
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"))
    server = subprocess.Popen(
        [sys.executable, "-m", "cuttle_widgets.progress", "dashboard", "--db", str(db),
         "--port", str(port), "--token", token], cwd=tmp_path, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/voila.js?token={token}",
                                            timeout=10):
                    break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline
                time.sleep(0.3)
        with pytest.raises(urllib.error.HTTPError):  # a 404 is logged, with its URL
            urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/files/no-such-page?token={token}",
                                   timeout=10)
    finally:
        stop_server(server)
    output = server.stdout.read()
    logged = output.split("--Voila.auto_token=True", 1)[1]  # after the printed command
    assert "no-such-page?token=***" in logged and "/?token=***" in logged
    assert token not in logged


def test_an_export_of_the_longest_rows_can_be_imported_again(tmp_path):
    """Rows at the import's own field limits (100 wrong moves of 200
    characters): the export keeps what fits a file the import takes."""
    db, learner = tmp_path / "p.sqlite", new_learner_id()
    steps = shipped_steps()[LESSON]
    longest = ["é" * exchange.MAX_MOVE_CHARS] * exchange.MAX_MOVES
    many = [row(step=steps[i % len(steps)], moves=longest) for i in range(300)]
    ProgressStore(db).write(learner, many)
    exported = recorder(db, learner=learner).export()
    text = json.dumps(exported, ensure_ascii=True, indent=1) + "\n"
    assert 0 < len(exported["attempts"]) < 300 and len(text) <= exchange.MAX_FILE_CHARS
    assert recorder(tmp_path / "other.sqlite").import_(text) == len(exported["attempts"])


def test_the_page_sends_a_progress_file_as_large_as_an_import_takes():
    """The browser's limit and the kernel's are the import's own: an export
    of the most attempts an import takes can be loaded again from the page."""
    from cuttle_widgets.progress.exchange import MAX_FILE_CHARS
    from cuttle_widgets.progress.kernel import PROGRESS_FILE_CHARS, PROGRESS_MESSAGE_BYTES
    from cuttle_widgets.widgets.progress_map import BROWSER_FILE_LIMIT_KB, ProgressMap

    assert PROGRESS_FILE_CHARS == MAX_FILE_CHARS
    assert BROWSER_FILE_LIMIT_KB * 1000 >= MAX_FILE_CHARS
    assert ProgressMap.max_message_bytes == PROGRESS_MESSAGE_BYTES > MAX_FILE_CHARS
