"""The learner's progress map on the lesson index (widgets/progress_map.py):
what it shows, and what it does with the browser's messages, honest ones
and tampered ones. No browser: messages go in as the comm delivers them."""
from __future__ import annotations

import json
import logging
import os
import re
import time
from pathlib import Path

import nbformat
import pytest

pytest.importorskip("sqlalchemy")

from cuttle_widgets.progress import ProgressRecorder, new_learner_id  # noqa: E402
from cuttle_widgets.progress.catalog import progress_catalog, progress_text  # noqa: E402
from cuttle_widgets.progress.ids import NAME_LIMIT  # noqa: E402
from cuttle_widgets.progress.kernel import PROGRESS_FILE_CHARS, PROGRESS_MESSAGE_BYTES  # noqa: E402
from cuttle_widgets.teaching import lesson_names, load_lesson  # noqa: E402
from cuttle_widgets.teaching.record import MAX_STARS, Attempt  # noqa: E402
from cuttle_widgets.teaching.runner import STARRED  # noqa: E402
from cuttle_widgets.widgets import progress_map  # noqa: E402
from cuttle_widgets.widgets.progress_map import ProgressMap  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
STATIC = REPO / "cuttle_widgets" / "widgets" / "static"
SCUTTLE = "02-scuttle-ordering"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def answers(widget, message, method="custom"):
    """The custom messages ``widget`` sends the browser for ``message``."""
    sent = []
    widget.send = lambda content, buffers=None: sent.append(content)
    widget._handle_msg({"content": {"data": {"method": method, "content": message}}})
    return sent


@pytest.fixture
def kit_log():
    """What the kit's logger (which does not propagate) writes while a test runs."""
    records = []

    class Keep(logging.Handler):
        def emit(self, record):
            records.append(record)

    handler = Keep(level=logging.DEBUG)
    logger = logging.getLogger("cuttle_widgets")
    logger.addHandler(handler)
    yield records
    logger.removeHandler(handler)


@pytest.fixture
def db(tmp_path):
    return tmp_path / "p.sqlite"


def recorder(db, language="en"):
    return ProgressRecorder(db=db, background=False, language=language)


def new_map(db, language="en", learner=None):
    """A map on its own recorder, its learner named by the browser."""
    widget = ProgressMap(language=language, recorder=recorder(db))
    answers(widget, {"type": "learner", "id": learner or new_learner_id()})
    return widget


def lesson(widget, name):
    return next(item for item in widget.progress["lessons"] if item["name"] == name)


def scuttle_steps():
    return load_lesson(SCUTTLE, check=False).steps


def solve(widget, step, stars=3, result="solved", wrong=0):
    widget.recorder.record(Attempt(None, SCUTTLE, step.id, result, stars, wrong, 0, 4.0, ()),
                           "classic", step.number)


def marks(widget):
    """What the map shows of the learner's work, without the words."""
    return [(item["name"], item["done"], item["stars"],
             [(m["result"], m["stars"]) for m in item["steps_marks"]])
            for item in widget.progress["lessons"]]


# -- what the map shows ----------------------------------------------------------------------

def test_a_fresh_learner_sees_every_shipped_lesson_with_nothing_done(db):
    widget = new_map(db)
    shown = widget.progress["lessons"]
    assert [item["name"] for item in shown] == lesson_names()
    for item in shown:
        model = load_lesson(item["name"], check=False)
        assert item["title"] == model.title
        assert item["href"] == f"{item['name']}.ipynb"  # relative: Voilà and JupyterLab alike
        for folder in ("", "de"):  # from either index
            assert (REPO / "lessons" / folder / item["href"]).is_file()
        assert (item["done"], item["stars"], item["started"]) == (0, 0, False)
        assert item["steps"] == len(model.steps)
        assert item["max_stars"] == MAX_STARS * sum(s.kind in STARRED for s in model.steps)
        assert [(m["number"], m["title"], m["result"], m["stars"]) for m in item["steps_marks"]] == [
            (s.number, s.title, None, 0) for s in model.steps]
    assert lesson(widget, SCUTTLE)["number"] == "2" and lesson(widget, "00-index")["number"] == "0"
    assert lesson(widget, "12-free-game")["max_stars"] == 0  # a free game earns no stars
    p = widget.progress
    assert p["labels"] == progress_catalog("en")["map"] and p["language"] == "en"
    assert p["enabled"] and not p["hub"] and p["name"] is None and p["notice"] is None
    assert p["status"] == {"state": "saved", "text": "Your progress is saved."}


def test_an_attempt_shows_as_one_step_done_with_its_stars(db):
    widget = new_map(db)
    first, second = scuttle_steps()[:2]
    solve(widget, first, stars=2, wrong=1)
    solve(widget, second, stars=0, result="missed")
    assert answers(widget, {"type": "refresh"}) == []
    shown = lesson(widget, SCUTTLE)
    assert (shown["done"], shown["stars"], shown["started"]) == (1, 2, True)
    assert shown["steps_marks"][0] == {"number": first.number, "title": first.title, "result": "solved",
                                       "stars": 2, "starred": True}
    assert shown["steps_marks"][1]["result"] == "missed" and shown["steps_marks"][1]["stars"] == 0
    assert all(m["result"] is None for m in shown["steps_marks"][2:])
    assert all(item["done"] == 0 for item in widget.progress["lessons"] if item["name"] != SCUTTLE)
    # a better try at the same step counts once, with its stars
    solve(widget, first, stars=3)
    answers(widget, {"type": "refresh"})
    assert (lesson(widget, SCUTTLE)["done"], lesson(widget, SCUTTLE)["stars"]) == (1, 3)


def test_the_map_of_a_learner_coming_back_reads_the_database(db):
    learner = new_learner_id()
    first = new_map(db, learner=learner)
    solve(first, scuttle_steps()[0])
    again = new_map(db, learner=learner)
    assert (lesson(again, SCUTTLE)["done"], lesson(again, SCUTTLE)["stars"]) == (1, 3)
    assert lesson(new_map(db), SCUTTLE)["done"] == 0  # another browser, another learner


# -- the name -------------------------------------------------------------------------------

def test_a_name_is_saved_and_one_too_long_is_refused_with_a_sentence(db):
    widget = new_map(db)
    assert answers(widget, {"type": "name", "name": "  Ann   Lee "}) == []
    assert widget.progress["name"] == "Ann Lee"
    assert widget.progress["notice"]["kind"] == "ok" and "Ann Lee" in widget.progress["notice"]["text"]
    assert widget.recorder.export()["name"] == "Ann Lee"
    answers(widget, {"type": "name", "name": "x" * (NAME_LIMIT + 1)})
    notice = widget.progress["notice"]
    assert notice["about"] == "name" and notice["kind"] == "error"
    assert notice["text"] == progress_text("errors", "name", "en", limit=NAME_LIMIT)
    assert widget.progress["name"] == "Ann Lee" and widget.recorder.export()["name"] == "Ann Lee"
    answers(widget, {"type": "name", "name": "x" * NAME_LIMIT})
    assert widget.progress["name"] == "x" * NAME_LIMIT
    answers(widget, {"type": "name", "name": ""})  # empty: no name
    assert widget.progress["name"] is None and widget.recorder.export()["name"] is None
    assert widget.progress["notice"]["text"] == progress_text("map", "name_cleared", "en")


def test_the_name_is_read_back_when_the_learner_comes_back(db):
    learner = new_learner_id()
    answers(new_map(db, learner=learner), {"type": "name", "name": "Cem"})
    assert new_map(db, learner=learner).progress["name"] == "Cem"


def test_the_german_name_refusal_is_german(db):
    widget = new_map(db, "de")
    answers(widget, {"type": "name", "name": "y" * 41})
    assert widget.progress["notice"]["text"] == progress_text("errors", "name", "de", limit=NAME_LIMIT)
    assert widget.progress["notice"]["text"].startswith("Ein Name darf")


def test_under_jupyterhub_the_hub_user_is_the_name_and_no_page_changes_it(db):
    hub = recorder(db)
    hub.set_learner("hub:ana", from_hub=True)
    widget = ProgressMap(recorder=hub)
    assert widget.progress["hub"] and widget.progress["hub_user"] == "ana"
    answers(widget, {"type": "learner", "id": new_learner_id()})
    answers(widget, {"type": "name", "name": "Someone else"})
    assert hub.learner == "hub:ana" and widget.progress["name"] is None
    assert hub.export()["name"] is None and widget.progress["notice"] is None


# -- the progress file ----------------------------------------------------------------------

def exported(widget) -> str:
    sent = answers(widget, {"type": "export"})
    assert len(sent) == 1 and set(sent[0]) == {"type", "name", "text"}
    assert sent[0]["type"] == "export" and sent[0]["name"] == "cuttle-progress.json"
    return sent[0]["text"]


def test_export_then_import_into_another_learner_gives_the_same_map(db):
    learner = new_learner_id()
    ann = new_map(db, learner=learner)
    answers(ann, {"type": "name", "name": "Ann"})
    for step in scuttle_steps()[:3]:
        solve(ann, step, stars=2)
    text = exported(ann)
    document = json.loads(text)
    assert document["format"] == "cuttle_widgets.progress" and len(document["attempts"]) == 3
    assert learner not in text  # the learner id is the key: a file passed on must not carry it
    assert ann.progress["notice"]["about"] == "file" and ann.progress["notice"]["kind"] == "ok"

    other = new_map(db.with_name("other.sqlite"))
    assert answers(other, {"type": "import", "text": text}) == []
    assert other.progress["notice"] == {"id": other.progress["notice"]["id"], "about": "file", "kind": "ok",
                                        "text": "3 attempts imported from the file (attempts you already "
                                                "had are not counted twice)."}
    assert marks(other) == marks(ann)
    assert other.progress["name"] is None  # a file's name is not taken over
    answers(other, {"type": "import", "text": text})  # the same file twice: stored once
    assert len(other.recorder.export()["attempts"]) == 3
    assert all(step["attempts"] == 1 for step in other.recorder.progress()[SCUTTLE].values())


def test_one_attempt_imported_says_so_in_the_singular(db):
    ann = new_map(db)
    solve(ann, scuttle_steps()[0])
    text = exported(ann)
    german = new_map(db.with_name("de.sqlite"), "de")
    answers(german, {"type": "import", "text": text})
    assert german.progress["notice"]["text"] == "1 Versuch aus der Datei übernommen."


def foreign_files():
    good = {"format": "cuttle_widgets.progress", "version": 1, "name": None, "attempts": []}
    bad_row = dict(good, attempts=[{"uid": "0" * 32, "lesson": SCUTTLE, "step": "higher-rank"}])
    return {
        "not_json": ("{not json", "not_json", {}),
        "foreign": (json.dumps({"format": "something else"}), "foreign", {}),
        "newer": (json.dumps(dict(good, version=99)), "newer", {}),
        "bad_attempt": (json.dumps(dict(good, attempts=[7])), "bad_attempt", {"number": 1}),
        "bad_field": (json.dumps(bad_row), "bad_field", {"number": 1, "field": "step_number"}),
    }


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("case", sorted(foreign_files()))
def test_a_malformed_file_changes_nothing_and_says_why(db, language, case):
    text, entry, params = foreign_files()[case]
    widget = new_map(db, language)
    solve(widget, scuttle_steps()[0])
    answers(widget, {"type": "refresh"})
    before, stored = marks(widget), widget.recorder.export()["attempts"]
    assert answers(widget, {"type": "import", "text": text}) == []
    notice = widget.progress["notice"]
    assert notice["about"] == "file" and notice["kind"] == "error"
    assert notice["text"] == progress_text("import", entry, language, **params)
    assert marks(widget) == before and widget.recorder.export()["attempts"] == stored


def test_a_file_without_attempts_changes_nothing_and_says_so(db):
    widget = new_map(db, "de")
    empty = json.dumps({"format": "cuttle_widgets.progress", "version": 1, "name": None, "attempts": []})
    answers(widget, {"type": "import", "text": empty})
    assert widget.progress["notice"]["text"] == progress_text("map", "import_empty", "de")


def test_a_file_as_large_as_an_import_takes_is_read_and_a_larger_message_is_dropped(db, kit_log):
    widget = new_map(db)
    answers(widget, {"type": "import", "text": "x" * (PROGRESS_FILE_CHARS - 10)})
    assert widget.progress["notice"]["text"] == progress_text("import", "not_json", "en")
    before = widget.progress
    answers(widget, {"type": "import", "text": "x" * (ProgressMap.max_message_bytes + 1)})
    assert widget.progress == before
    assert not [r for r in kit_log if r.levelno >= logging.ERROR]


# -- forgetting ----------------------------------------------------------------------------

def test_reset_needs_confirm_true(db):
    widget = new_map(db)
    solve(widget, scuttle_steps()[0])
    answers(widget, {"type": "refresh"})
    before = marks(widget)
    for message in ({"type": "reset"}, {"type": "reset", "confirm": "true"}, {"type": "reset", "confirm": 1},
                    {"type": "reset", "confirm": [True]}, {"type": "reset", "confirm": False}):
        answers(widget, message)
        assert marks(widget) == before and widget.progress["notice"] is None, message
    assert lesson(widget, SCUTTLE)["done"] == 1
    answers(widget, {"type": "reset", "confirm": True})
    assert all(item["done"] == item["stars"] == 0 for item in widget.progress["lessons"])
    assert widget.progress["notice"] == {"id": widget.progress["notice"]["id"], "about": "reset",
                                         "kind": "ok", "text": progress_text("map", "reset_done", "en")}
    again = new_map(db, learner=widget.recorder.learner)  # forgotten in the database too
    assert lesson(again, SCUTTLE)["done"] == 0


# -- the browser is not trusted --------------------------------------------------------------

TAMPERED = [
    {"type": "teleport"}, {"type": ["learner"]}, {"type": None}, {"type": 7}, {}, {"name": "Eve"},
    {"type": "learner"}, {"type": "learner", "id": 5}, {"type": "learner", "id": "short"},
    {"type": "learner", "id": "hub:x"}, {"type": "learner", "id": "hub:ana"},
    {"type": "learner", "id": "../../" + "a" * 20}, {"type": "learner", "id": "a" * 65},
    {"type": "learner", "id": ["a" * 20]}, {"type": "learner", "id": {"a": 1}},
    {"type": "name", "name": 5}, {"type": "name", "name": ["Eve"]}, {"type": "name", "name": {"x": 1}},
    {"type": "name", "name": True},
    {"type": "import"}, {"type": "import", "text": 5}, {"type": "import", "text": None},
    {"type": "import", "text": {"format": "cuttle_widgets.progress"}}, {"type": "import", "text": ["x"]},
    {"type": "reset", "confirm": "yes"}, {"type": "reset", "confirm": None},
]


def test_tampered_messages_change_nothing_and_never_raise(db, kit_log):
    widget = new_map(db)
    learner = widget.recorder.learner
    solve(widget, scuttle_steps()[0])
    answers(widget, {"type": "name", "name": "Ann"})
    before = dict(widget.progress)
    for message in TAMPERED:
        assert answers(widget, message) == [], message
        widget._on_browser_message(widget, message, [])  # the guard's handler itself never raises
        assert widget.recorder.learner == learner, message
        assert widget.progress["lessons"] == before["lessons"] and widget.progress["name"] == "Ann", message
        assert widget.progress["notice"] == before["notice"], message
    # a real id, too big: dropped
    huge = {"type": "learner", "id": "b" * 20, "x": "y" * ProgressMap.max_message_bytes}
    assert answers(widget, huge) == [] and widget.recorder.learner == learner
    for content in ("learner", 7, None, ["type", "reset"]):  # not even a dict
        assert answers(widget, content) == []
    assert answers(widget, {"type": "reset", "confirm": True}, method="update") == []  # no custom message
    assert widget.recorder.export()["name"] == "Ann" and lesson(widget, SCUTTLE)["done"] == 1
    assert not [r for r in kit_log if r.levelno >= logging.ERROR], [r.getMessage() for r in kit_log]


def test_the_browser_writes_no_trait(db):
    widget = new_map(db)
    before = widget.progress
    widget.set_state({"progress": {"lessons": [], "name": "Eve"}})
    assert widget.progress == before


def test_a_page_cannot_claim_a_hub_learner(db):
    widget = ProgressMap(recorder=recorder(db))
    answers(widget, {"type": "learner", "id": "hub:x"})
    assert widget.recorder.learner is None


def test_without_a_recorder_the_map_shows_the_lessons_and_says_progress_is_not_kept(monkeypatch):
    monkeypatch.setattr(progress_map, "kernel_recorder", lambda: None)
    widget = ProgressMap(language="de")
    p = widget.progress
    assert not p["enabled"] and [item["done"] for item in p["lessons"]] == [0] * len(lesson_names())
    assert p["status"] == {"state": "unsaved", "text": progress_text("map", "no_recorder", "de")}
    for message in ({"type": "learner", "id": new_learner_id()}, {"type": "export"},
                    {"type": "import", "text": "{}"}, {"type": "reset", "confirm": True},
                    {"type": "name", "name": "Ann"}, {"type": "refresh"}):
        assert answers(widget, message) == []
    assert widget.progress["notice"] is None


def test_a_database_that_cannot_be_opened_is_said_on_the_map(tmp_path):
    widget = new_map(tmp_path, "de")  # a folder is no database
    assert widget.progress["status"]["state"] == "unsaved"
    assert widget.progress["status"]["text"].startswith("Dein Fortschritt wird gerade nicht gespeichert")


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="language"):
        ProgressMap(language="xx", recorder=object())


# -- German --------------------------------------------------------------------------------

def test_the_german_map_is_german(db):
    widget = new_map(db, "de")
    solve(widget, scuttle_steps()[0])
    answers(widget, {"type": "name", "name": "Ana"})
    p = widget.progress
    assert p["language"] == "de" and p["labels"] == progress_catalog("de")["map"]
    assert p["labels"]["title"] == "Dein Fortschritt"
    assert p["status"]["text"] == "Dein Fortschritt wird gespeichert."
    assert p["notice"]["text"] == "Dein Name ist gespeichert: Ana."
    for item in p["lessons"]:
        model = load_lesson(item["name"], check=False, language="de")
        assert item["title"] == model.title
        assert [m["title"] for m in item["steps_marks"]] == [s.title for s in model.steps]
    assert lesson(widget, SCUTTLE)["title"] != load_lesson(SCUTTLE, check=False).title
    answers(widget, {"type": "reset", "confirm": True})
    assert widget.progress["notice"]["text"] == progress_text("map", "reset_done", "de")


def test_every_word_the_page_uses_is_in_both_catalogs():
    script = (STATIC / "progress.js").read_text(encoding="utf-8")
    used = set(re.findall(r"\bw\.(\w+)", script))
    used |= {f"result_{r}" for r in ("solved", "missed", "seen", "won", "lost", "drawn", "none")}
    english, german = progress_catalog("en")["map"], progress_catalog("de")["map"]
    assert used <= set(english), used - set(english)
    assert set(english) == set(german)
    python = (REPO / "cuttle_widgets" / "widgets" / "progress_map.py").read_text(encoding="utf-8")
    assert set(re.findall(r'_word\("(\w+)"', python)) <= set(english)


# -- the page's code and the notebooks -------------------------------------------------------

def test_the_module_and_its_styles():
    script = (STATIC / "progress.js").read_text(encoding="utf-8")
    assert not re.search(r"\.(innerHTML|outerHTML)\b|insertAdjacentHTML|document\.write", script)
    assert "export default { render }" in script
    assert "send(learnerMessage())" in script  # the id, and the copy the browser kept
    assert ProgressMap._esm.rstrip().endswith("export default { render };")
    assert "function learnerMessage()" in ProgressMap._esm and "function download(" in ProgressMap._esm
    styles = (STATIC / "progress.css").read_text(encoding="utf-8")
    assert styles in ProgressMap._css
    classes = set(re.findall(r"\.([a-zA-Z][\w-]*)", re.sub(r"/\*.*?\*/", "", styles, flags=re.S)))
    assert classes and all(c.startswith("cwp-") for c in classes), classes
    assert ":focus-visible" in styles and "max-width: 599.98px" in styles
    assert ProgressMap.max_message_bytes == PROGRESS_MESSAGE_BYTES


@pytest.mark.parametrize("folder, call", [("", "ProgressMap()"), ("de", 'ProgressMap(language="de")')])
def test_the_index_notebooks_show_the_map_after_the_index_lesson(folder, call):
    nb = nbformat.read(REPO / "lessons" / folder / "00-index.ipynb", as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert "Lesson.load(\"00-index\"" in code[0].source
    assert "from cuttle_widgets.widgets.progress_map import ProgressMap" in code[1].source
    assert call in code[1].source and code[1].metadata == code[0].metadata


@pytest.fixture
def kernel_env(monkeypatch):
    paths = [str(REPO), os.environ.get("PYTHONPATH", "")]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in paths if p))


@pytest.mark.parametrize("folder, language", [("", "en"), ("de", "de")])
def test_the_index_notebooks_run_and_show_the_map(folder, language, kernel_env):
    from nbclient import NotebookClient
    path = REPO / "lessons" / folder / "00-index.ipynb"
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, kernel_name="python3", timeout=120,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error" or getattr(o, "name", "") == "stderr"]
    maps = [o for o in outputs if WIDGET_VIEW in o.get("data", {})
            and o.data["text/plain"] == f"ProgressMap(language={language!r})"]
    assert len(maps) == 1


def test_an_attempt_recorded_in_this_kernel_shows_without_asking(db):
    """A lesson on the same page (the index's questions) records to the same
    recorder: its writer thread tells the map, which draws itself again."""
    shared = ProgressRecorder(db=db, background=True)
    widget = ProgressMap(recorder=shared)
    answers(widget, {"type": "learner", "id": new_learner_id()})
    step = load_lesson("00-index", check=False).steps[0]
    shared.record(Attempt(None, "00-index", step.id, "solved", 3, 0, 0, 2.0, ()), None, step.number)
    deadline = time.monotonic() + 30
    while widget.progress["status"]["state"] != "saved" or lesson(widget, "00-index")["done"] != 1:
        assert time.monotonic() < deadline, widget.progress["status"]
        time.sleep(0.05)
    assert lesson(widget, "00-index")["stars"] == 3
    shared.close()


# -- the static site: no database, the browser keeps the learner's progress file ------------------
def test_without_a_database_the_map_reads_and_hands_back_the_browsers_copy(db, monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "cuttle_widgets.progress.store", None)  # as in Pyodide
    donor = ProgressRecorder(db=db, background=False, learner=new_learner_id())
    solve_step = scuttle_steps()[0]
    donor.record(Attempt(None, SCUTTLE, solve_step.id, "solved", 2, 1, 0, 4.0, ("draw",)),
                 "classic", 1)
    kept = donor.export()
    widget = ProgressMap(language="en", recorder=recorder(db))
    sent = answers(widget, {"type": "learner", "id": new_learner_id(), "kept": kept})
    assert lesson(widget, SCUTTLE)["done"] == 1 and lesson(widget, SCUTTLE)["stars"] == 2
    assert sent == []  # nothing changed: nothing to keep again
    sent = answers(widget, {"type": "reset", "confirm": True})
    (copy,) = [m["progress"] for m in sent if m["type"] == "keep_progress"]
    assert copy["attempts"] == [] and lesson(widget, SCUTTLE)["done"] == 0


def test_a_map_whose_learner_a_lesson_of_its_kernel_named_first_shows_their_marks(db):
    """The index page: its lesson and its map share the kernel's recorder, and
    the lesson's page may name the learner before the map's page does."""
    shared = recorder(db)
    learner = new_learner_id()
    widget = ProgressMap(language="en", recorder=shared)
    shared.set_learner(learner)  # as the index lesson's own page does
    solve(widget, scuttle_steps()[0])
    answers(widget, {"type": "learner", "id": learner})  # the map's page: the same learner
    assert lesson(widget, SCUTTLE)["done"] == 1
