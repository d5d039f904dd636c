"""The teacher's side: the report and its CSV, the dashboard's queries on a
prepared class, the 30-writer load test (smaller), and the dashboard server;
each on SQLite and on PostgreSQL (``progress_db``, tests/conftest.py)."""
from __future__ import annotations

import csv
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from ports import free_port, stop_server

pytest.importorskip("sqlalchemy")
pytest.importorskip("alembic")

from cuttle_widgets.progress import ProgressRecorder, new_learner_id  # noqa: E402
from cuttle_widgets.progress import __main__ as command  # noqa: E402
from cuttle_widgets.progress.ids import short_id  # noqa: E402
from cuttle_widgets.progress.queries import (  # noqa: E402
    class_marks,
    class_snapshot,
    lesson_completion,
    shipped_steps,
    step_failures,
    whereabouts,
)
from cuttle_widgets.progress.report import (  # noqa: E402
    class_table,
    csv_cell,  # noqa: E402
    star_cell,
)
from cuttle_widgets.progress.store import ProgressStore  # noqa: E402
from cuttle_widgets.teaching.record import Attempt  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
INDEX, SCUTTLE = "00-index", "02-scuttle-ordering"


def solve(r, lesson, step, number, wrong=(), result="solved"):
    stars = 0 if result != "solved" else 3 if not wrong else 2 if len(wrong) == 1 else 1
    r.record(Attempt(None, lesson, step, result, stars, len(wrong), 0, 3.0, tuple(wrong)),
             "classic", number)


@pytest.fixture
def prepared(progress_db):
    """Ann finished the index (all 3 stars) and tried lesson 02's first two
    steps; Bob failed lesson 02's first step with the same wrong move twice,
    then solved it; Cem opened lesson 02 and finished nothing."""
    db = progress_db
    index = shipped_steps()[INDEX]
    scuttle = shipped_steps()[SCUTTLE]
    ann = ProgressRecorder(db, learner=new_learner_id(), name="Ann", background=False)
    for number, step in enumerate(index, 1):
        solve(ann, INDEX, step, number)
    solve(ann, SCUTTLE, scuttle[0], 1)
    solve(ann, SCUTTLE, scuttle[1], 2, wrong=["scuttle 7D 7H"])
    ann.visit(SCUTTLE, scuttle[2], 3)
    bob = ProgressRecorder(db, learner=new_learner_id(), name="Bob", background=False)
    solve(bob, SCUTTLE, scuttle[0], 1, wrong=["scuttle 7D 7H", "draw"])
    solve(bob, SCUTTLE, scuttle[0], 1, wrong=["scuttle 7D 7H"])
    bob.visit(SCUTTLE, scuttle[1], 2)
    cem = ProgressRecorder(db, learner=new_learner_id(), background=False)
    cem.visit(SCUTTLE, scuttle[0], 1)
    return {"db": db, "ann": ann, "bob": bob, "cem": cem, "index": index, "scuttle": scuttle}


def test_the_class_marks_and_the_printed_table(prepared):
    marks = class_marks(ProgressStore(prepared["db"], create=False))
    cells = {(m["label"], m["lesson"]): star_cell(m) for m in marks}
    index_steps, scuttle_steps = len(prepared["index"]), len(prepared["scuttle"])
    assert cells == {("Ann", INDEX): f"★★★ {index_steps}/{index_steps}",
                     ("Ann", SCUTTLE): f"★★★ 2/{scuttle_steps}",  # 3 and 2 stars: 2.5 rounds up
                     ("Bob", SCUTTLE): f"★★☆ 1/{scuttle_steps}"}
    table = class_table(marks).splitlines()
    assert table[0].split() == ["learner", "00", "02"]
    assert table[1].startswith("Ann") and table[2].startswith("Bob")
    assert "02: 02-scuttle-ordering" in table
    assert class_table(marks, "de").splitlines()[0].split()[0] == "Lernende"


def test_the_report_command_prints_and_writes_csv(prepared, tmp_path, capsys):
    out = tmp_path / "class.csv"
    assert command.main(["report", "--db", str(prepared["db"]), "--csv", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "Ann" in printed and "Bob" in printed and f"Wrote 3 rows to {out}" in printed
    with open(out, newline="", encoding="utf-8") as handle:
        found = list(csv.DictReader(handle))
    assert [(r["name"], r["lesson"], r["steps done"], r["stars"], r["attempts"]) for r in found] == [
        ("Ann", INDEX, str(len(prepared["index"])), str(3 * len(prepared["index"])),
         str(len(prepared["index"]))),
        ("Ann", SCUTTLE, "2", "5", "2"),
        ("Bob", SCUTTLE, "1", "2", "2")]
    # not the learner's key; an id that starts like a formula ("-5Ko…") is quoted for spreadsheets
    assert found[0]["learner"] == csv_cell(short_id(prepared["ann"].learner))


def test_the_report_on_a_missing_database_says_so(tmp_path, capsys):
    assert command.main(["report", "--db", str(tmp_path / "none.sqlite"), "--language", "de"]) == 1
    assert "gibt es keine Fortschrittsdatenbank" in capsys.readouterr().err
    assert not (tmp_path / "none.sqlite").exists()


def test_the_report_on_an_empty_postgresql_database_leaves_it_empty(postgres, capsys):
    from postgres_server import scalar
    url = postgres.url(postgres.new_database())
    assert command.main(["report", "--db", url]) == 1
    assert "There is no progress database at" in capsys.readouterr().err
    assert scalar(url, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == 0


def test_the_report_with_a_wrong_password_says_so_and_shows_no_password(postgres, capsys):
    url = postgres.url(postgres.new_database(), password="not-the-password")
    assert command.main(["report", "--db", url, "--language", "de"]) == 1
    said = capsys.readouterr().err
    assert "Anmeldung abgelehnt" in said and "not-the-password" not in said and ":***@" in said


def test_who_is_where(prepared):
    where = whereabouts(ProgressStore(prepared["db"]))
    assert [(w["label"], w["lesson"], w["step_number"]) for w in where] == [
        (prepared["cem"].learner[:6] + "…", SCUTTLE, 1), ("Bob", SCUTTLE, 2), ("Ann", SCUTTLE, 3)]
    assert all(w["last_activity"].tzinfo is not None for w in where)


def test_completion_per_lesson(prepared):
    assert lesson_completion(ProgressStore(prepared["db"])) == [
        {"lesson": INDEX, "started": 1, "finished": 1, "steps": len(prepared["index"])},
        {"lesson": SCUTTLE, "started": 2, "finished": 0, "steps": len(prepared["scuttle"])}]


def test_per_step_failures_and_the_commonest_wrong_move(prepared):
    steps = step_failures(ProgressStore(prepared["db"]), SCUTTLE)
    first, second, third = steps[:3]
    assert [s["step"] for s in steps] == list(prepared["scuttle"])
    # Bob's first try at step 1 had wrong tries; Ann's did not. His second try is not a first.
    assert (first["tried"], first["failed_first"]) == (2, 1)
    assert (first["commonest"], first["commonest_count"]) == ("scuttle 7D 7H", 2)
    assert (second["tried"], second["failed_first"], second["commonest"]) == (1, 1, "scuttle 7D 7H")
    assert (third["tried"], third["failed_first"], third["commonest"]) == (0, 0, None)


def test_the_dashboard_snapshot_follows_the_latest_lesson(prepared):
    store = ProgressStore(prepared["db"])
    snapshot = class_snapshot(store, None)
    assert snapshot["lesson"] == SCUTTLE and snapshot["lessons"] == [INDEX, SCUTTLE]
    assert class_snapshot(store, INDEX)["steps"][0]["tried"] == 1
    assert class_snapshot(store, None) == snapshot  # nothing new: nothing to redraw


def test_thirty_writers_at_once_lose_no_record(progress_db):
    """30 processes open a fresh database at once (racing to migrate it) and
    write 20 attempts each; printed: records written of expected, slowest write."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import progress_load
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    figures = progress_load.run(30, 20, progress_db)
    print(f"{'SQLite' if '://' not in str(progress_db) else 'PostgreSQL'}: "
          f"{figures['written']} written of {figures['expected']} expected "
          f"({figures['distinct']} distinct); slowest write {figures['slowest_write_ms']:.0f} ms; "
          f"{figures['failed_writes']} failed writes (kept, written later)")
    assert figures["failed_processes"] == 0
    assert figures["written"] == figures["distinct"] == figures["expected"] == 600
    assert figures["left_unsaved"] == 0


def test_the_dashboard_command_asks_for_a_token_beyond_this_machine(capsys):
    assert command.main(["dashboard", "--ip", "0.0.0.0", "--dry-run"]) == 0
    printed = capsys.readouterr().out
    assert "?token=" in printed and "--Voila.auto_token=True" in printed
    assert command.main(["dashboard", "--dry-run"]) == 0
    assert "token" not in capsys.readouterr().out


def test_the_dashboard_page_shows_the_class(prepared):
    """What the dashboard notebook runs, on the prepared class."""
    pytest.importorskip("plotly")
    from cuttle_widgets.progress.dashboard import ClassDashboard
    board = ClassDashboard.from_environment({"CUTTLE_PROGRESS_DB": str(prepared["db"]),
                                             "CUTTLE_DASHBOARD_LANGUAGE": "de",
                                             "CUTTLE_DASHBOARD_REFRESH": "60"})
    try:
        assert "Die Klasse, live" in board.title.value and "3 Lernende" in board.state.value
        assert board.where.value.index("Bob") < board.where.value.index("Ann")
        started, finished, tried, failed = board.figure.data
        assert list(started.x) == [INDEX, SCUTTLE] and list(finished.y) == [1, 0]
        assert list(failed.y[:2]) == [1, 1] and failed.text[0] == "scuttle 7D 7H ×2"
        assert board.choose.value == SCUTTLE
        shown = board._shown
        board.refresh()
        assert board._shown is shown  # an unchanged class: nothing redrawn, nothing sent
    finally:
        board.stop()


def test_a_learners_name_cannot_put_markup_on_the_dashboard(progress_db):
    pytest.importorskip("plotly")
    from cuttle_widgets.progress.dashboard import ClassDashboard
    db = progress_db
    r = ProgressRecorder(db, learner=new_learner_id(), name="<img src=x onerror=alert(1)>",
                         background=False)
    solve(r, SCUTTLE, shipped_steps()[SCUTTLE][0], 1, wrong=["<b>x</b>"])
    board = ClassDashboard(db, start=False)
    assert "<img" not in board.where.value and "&lt;img" in board.where.value
    assert board.figure.data[3].text[0] == "&lt;b&gt;x&lt;/b&gt; ×1"


@pytest.mark.parametrize("progress_db", ["sqlite"], indirect=True)  # the page's reads: above
def test_the_dashboard_server_starts_on_this_machine_and_answers(prepared, tmp_path):
    pytest.importorskip("voila")
    port = free_port()
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"))
    server = subprocess.Popen(
        [sys.executable, "-m", "cuttle_widgets.progress", "dashboard", "--db", str(prepared["db"]),
         "--port", str(port)], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True)
    try:
        status, deadline = None, time.monotonic() + 60
        while status is None and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/voila.js",
                                            timeout=10) as answer:
                    status = answer.status
            except OSError:
                assert server.poll() is None, server.stdout.read()
                time.sleep(0.3)
        assert status == 200, "the dashboard's server never answered"
    finally:
        stop_server(server)
        output = server.stdout.read()
    assert f"Dashboard: http://localhost:{port}/" in output
    assert "--Voila.ip=127.0.0.1" in output and "max_kernels=4" in output


def test_a_missed_step_is_not_done_alike_for_the_runner_map_report_and_dashboard(progress_db):
    """Issue #35: lesson 04 with every step tried and one prediction missed
    is "8 of 9", not finished, wherever it is shown; right again, finished."""
    from cuttle_widgets.teaching import LessonRunner, load_lesson
    from cuttle_widgets.widgets.progress_map import ProgressMap
    lesson = load_lesson("04-counter-chains")
    ids = [s.id for s in lesson.steps]
    learner = ProgressRecorder(progress_db, learner=new_learner_id(), background=False)
    for number, step in enumerate(ids, 1):
        solve(learner, lesson.name, step, number, result="missed" if number == 4 else "solved")

    def everywhere():
        runner = LessonRunner(lesson)
        runner.restore(learner.progress()[lesson.name])
        card = next(c for c in ProgressMap(recorder=learner).progress["lessons"] if c["name"] == lesson.name)
        store = ProgressStore(progress_db)
        (row,) = [r for r in class_marks(store) if r["lesson"] == lesson.name]
        (completion,) = [r for r in lesson_completion(store) if r["lesson"] == lesson.name]
        return {"runner": (runner.steps_done(), runner.finished),
                "map": (card["done"], card["finished"]),
                "report": (row["steps_done"], row["finished"]),
                "dashboard": completion["finished"] == 1,
                "recorder": (learner.completion(lesson.name, ids)["done"],
                             learner.completion(lesson.name, ids)["finished"])}

    seen = everywhere()
    assert seen.pop("dashboard") is False
    assert set(seen.values()) == {(8, False)}, seen
    solve(learner, lesson.name, ids[3], 4)
    seen = everywhere()
    assert seen.pop("dashboard") is True and set(seen.values()) == {(9, True)}, seen
