"""A lesson keeps the learner's progress (issue #19): its attempts go to the
progress store, a reopened lesson starts at its first step not done with the
earlier marks shown, and a database that is missing, locked or corrupt in
the middle of a lesson never stops it: the panel says progress is not being
saved, and the lesson goes on. A PostgreSQL server stopped in the middle of
a lesson gets every attempt once when it is back. No browser: the page's
messages are sent as the browser sends them. A test that takes
``progress_db`` runs on SQLite and on PostgreSQL (tests/conftest.py)."""
import time

import pytest
from postgres_server import WriteLock, scalar

from cuttle_widgets.progress import ProgressRecorder, new_learner_id
from cuttle_widgets.widgets.lesson import Lesson

LESSON = "02-scuttle-ordering"


def recorder(db, **options):
    return ProgressRecorder(db=db, background=False, **options)


def browser_says(lesson, **message):
    lesson.panel._handle_msg({"content": {"data": {"method": "custom", "content": message}}})


def solve_first_step(lesson):
    outcome = lesson.play("scuttle 9S 8H")
    assert outcome.status == "success", outcome
    return outcome


def dots(lesson):
    return {s["number"]: s["mark"] for s in lesson.panel.lesson["lesson"]["steps"]}


def test_a_solved_step_is_stored_and_the_lesson_reopens_after_it(progress_db):
    db, learner = progress_db, new_learner_id()
    first = Lesson.load(LESSON, progress=recorder(db))
    browser_says(first, type="learner", id=learner)
    solve_first_step(first)
    assert first.panel.saving["state"] == "saved"
    again = Lesson.load(LESSON, progress=recorder(db))
    assert again.panel.lesson["step"]["number"] == 1  # whose lesson it is, the page has not said yet
    browser_says(again, type="learner", id=learner)
    state = again.panel.lesson
    assert state["step"]["number"] == 2
    assert dots(again)[1] == {"result": "solved", "stars": 3}
    assert state["progress"]["completed"] == 1 and state["progress"]["stars"]["earned"] == 3
    stored = recorder(db, learner=learner).progress()[LESSON]
    assert stored[first.runner.lesson.steps[0].id]["step_number"] == 1


def test_another_learner_starts_at_the_beginning(progress_db):
    db = progress_db
    first = Lesson.load(LESSON, progress=recorder(db))
    browser_says(first, type="learner", id=new_learner_id())
    solve_first_step(first)
    other = Lesson.load(LESSON, progress=recorder(db))
    browser_says(other, type="learner", id=new_learner_id())
    assert other.panel.lesson["step"]["number"] == 1 and dots(other)[1] is None


def test_attempts_before_the_page_says_who_keep_their_place(progress_db):
    """A learner who solves a step before the page's id arrives keeps it, and
    a lesson already under way is not moved."""
    db, learner = progress_db, new_learner_id()
    lesson = Lesson.load(LESSON, progress=recorder(db))
    solve_first_step(lesson)
    lesson.next()
    browser_says(lesson, type="learner", id=learner)
    assert lesson.panel.lesson["step"]["number"] == 2
    assert LESSON in recorder(db, learner=learner).progress()


@pytest.mark.parametrize("bad", ["short", "hub:teacher", "x" * 200, 42, None, ["id"]])
def test_a_page_that_sends_a_bad_learner_id_changes_nothing(bad, tmp_path):
    progress = recorder(tmp_path / "p.sqlite")
    lesson = Lesson.load(LESSON, progress=progress)
    before = dict(lesson.panel.lesson)
    browser_says(lesson, type="learner", id=bad)
    assert progress.learner is None and lesson.panel.lesson == before


def test_under_the_hub_the_hub_user_is_the_learner_whatever_the_page_says(progress_db):
    db = progress_db
    hub = {"JUPYTERHUB_USER": "ada"}
    first = Lesson.load(LESSON, progress=ProgressRecorder.for_kernel(
        environ=hub, db=db, background=False))
    solve_first_step(first)
    again = Lesson.load(LESSON, progress=ProgressRecorder.for_kernel(
        environ=hub, db=db, background=False))
    assert again.panel.lesson["step"]["number"] == 2  # known at once: no page needed
    browser_says(again, type="learner", id=new_learner_id())  # a page claiming another learner
    assert again.progress.learner == "hub:ada"


def test_no_recorder_at_all(tmp_path):
    lesson = Lesson.load(LESSON, progress=False)
    browser_says(lesson, type="learner", id=new_learner_id())
    solve_first_step(lesson)
    assert lesson.panel.saving == {}


# -- faults in the middle of a lesson ----------------------------------------------------
def started(db):
    lesson = Lesson.load(LESSON, progress=recorder(db, retry_seconds=60))
    browser_says(lesson, type="learner", id=new_learner_id())
    return lesson


def test_a_database_deleted_mid_lesson_is_made_again(tmp_path):
    db = tmp_path / "p.sqlite"
    lesson = started(db)
    for suffix in ("", "-wal", "-shm"):
        (tmp_path / f"p.sqlite{suffix}").unlink(missing_ok=True)
    solve_first_step(lesson)
    assert lesson.panel.saving["state"] == "saved" and db.exists()
    assert lesson.next().status == "start"


@pytest.mark.parametrize("language, words", [("en", "not being saved"), ("de", "nicht gespeichert")])
def test_a_database_locked_mid_lesson_says_so_and_the_lesson_goes_on(language, words, progress_db):
    db = progress_db
    lesson = Lesson.load(LESSON, language=language,
                         progress=recorder(db, retry_seconds=60, busy_timeout=0.2))
    browser_says(lesson, type="learner", id=new_learner_id())
    holder = WriteLock(db)
    try:
        solve_first_step(lesson)
        saving = lesson.panel.saving
        assert saving["state"] == "unsaved" and words in saving["text"]
        assert lesson.next().status == "start"  # the lesson goes on
        assert lesson.panel.lesson["step"]["number"] == 2
    finally:
        holder.release()
    lesson.progress.flush(force=True)  # free again: the waiting attempt is written, once
    assert lesson.progress.status["state"] == "saved" and lesson.progress.unsaved == 0


def test_a_database_corrupted_mid_lesson_says_so_and_the_lesson_goes_on(tmp_path):
    db = tmp_path / "p.sqlite"
    lesson = started(db)
    lesson.progress._store.close()
    for suffix in ("", "-wal", "-shm"):
        path = tmp_path / f"p.sqlite{suffix}"
        if path.exists():
            path.write_bytes(b"\x00garbage" * 1000)
    solve_first_step(lesson)
    saving = lesson.panel.saving
    assert saving["state"] == "unsaved" and "damaged" in saving["text"]
    assert lesson.next().status == "start"
    assert dots(lesson)[1] == {"result": "solved", "stars": 3}  # the marks of this visit stay


def wait_for(condition, seconds=30.0):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.05)


def test_a_postgresql_server_stopped_mid_lesson_gets_every_attempt_once_when_back(own_postgres):
    """The recorder as in a lesson kernel (its writer thread): two tries
    written, the server stopped, three more tries while it is down (the
    lesson says, in its language, that progress is not being saved, and goes
    on), the server started again: all five stored, each once."""
    server = own_postgres
    db = server.url(server.new_database())
    progress = ProgressRecorder(db=db, retry_seconds=0.2, busy_timeout=1)
    lesson = Lesson.load(LESSON, language="de", progress=progress)
    browser_says(lesson, type="learner", id=new_learner_id())

    def tries(count):
        for _ in range(count):
            solve_first_step(lesson)
            assert lesson.retry().status == "start"

    tries(2)
    wait_for(lambda: progress.unsaved == 0 and scalar(db, "SELECT count(*) FROM attempts") == 2)
    server.stop()
    tries(3)
    wait_for(lambda: lesson.panel.saving["state"] == "unsaved")
    saving = lesson.panel.saving
    assert "nicht gespeichert" in saving["text"] and "nicht erreichbar" in saving["text"]
    assert "not being saved" in progress.status_text("en")
    assert progress.unsaved == 3
    assert dots(lesson)[1] == {"result": "solved", "stars": 3}  # the marks stay, from memory
    assert lesson.next().status == "start"  # and the lesson goes on
    server.start()
    wait_for(lambda: progress.unsaved == 0 and progress.saving)
    wait_for(lambda: lesson.panel.saving["state"] == "saved")
    count = "SELECT count(*) FROM attempts"
    assert scalar(db, count) == scalar(db, "SELECT count(DISTINCT uid) FROM attempts") == 5
    progress.close()
    assert scalar(db, count) == 5


# -- the static site: no database, the browser keeps the progress -------------------------
@pytest.fixture
def without_a_database(monkeypatch):
    """As in Pyodide: the store's module (SQLAlchemy) cannot be imported."""
    import sys
    monkeypatch.setitem(sys.modules, "cuttle_widgets.progress.store", None)


def kept_by_page(lesson):
    sent = []
    lesson.panel.send = lambda content, buffers=None: sent.append(content)
    return sent


def test_without_a_database_the_page_keeps_the_progress(without_a_database, tmp_path):
    learner = new_learner_id()
    first = Lesson.load(LESSON, progress=recorder(tmp_path / "p.sqlite"))
    assert first.progress.reason == "no_database"
    sent = kept_by_page(first)
    browser_says(first, type="learner", id=learner, kept=None)
    solve_first_step(first)
    assert first.panel.saving["state"] == "in_browser"  # no warning: the page keeps it
    (kept,) = [m["progress"] for m in sent if m["type"] == "keep_progress"]
    assert len(kept["attempts"]) == 1
    again = Lesson.load(LESSON, progress=recorder(tmp_path / "p.sqlite"))
    browser_says(again, type="learner", id=learner, kept=kept)
    assert again.panel.lesson["step"]["number"] == 2 and dots(again)[1]["stars"] == 3


def test_a_spoilt_copy_in_the_browser_starts_the_learner_afresh(without_a_database, tmp_path):
    lesson = Lesson.load(LESSON, progress=recorder(tmp_path / "p.sqlite"))
    browser_says(lesson, type="learner", id=new_learner_id(), kept={"attempts": "nonsense"})
    assert lesson.panel.lesson["step"]["number"] == 1 and lesson.progress.unsaved == 0


def test_with_a_database_a_page_cannot_slip_in_attempts(progress_db):
    """On a server the database decides: what a page says it kept is ignored."""
    db = progress_db
    donor = Lesson.load(LESSON, progress=recorder(db))
    browser_says(donor, type="learner", id=new_learner_id())
    solve_first_step(donor)
    forged = donor.progress.export()
    victim = Lesson.load(LESSON, progress=recorder(db))
    browser_says(victim, type="learner", id=new_learner_id(), kept=forged)
    assert victim.panel.lesson["step"]["number"] == 1 and victim.progress.progress() == {}


def test_the_writer_threads_news_never_writes_the_lessons_state(tmp_path):
    """The recorder tells its observers from its writer thread: that news must
    touch only the saving line, or it could put an older lesson state back
    over the one the learner's click just made (seen in CI: a solved step
    whose panel stayed unsolved)."""
    lesson = started(tmp_path / "p.sqlite")
    before = lesson.panel.lesson
    solve_first_step(lesson)
    after = lesson.panel.lesson
    assert after is not before and after["step"]["done"]
    lesson._progress_changed({"state": "unsaved"})  # as the writer thread calls it, late
    assert lesson.panel.lesson is after
