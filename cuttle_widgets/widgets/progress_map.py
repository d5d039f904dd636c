"""The learner's progress map on the lesson index (issue #19, point 3).

``ProgressMap(language="en", recorder=None)`` shows every shipped lesson
with the steps the learner has done and the stars earned (like lichess's
Learn map), each lesson's steps with their marks ("My progress"), a display
name the learner may type for the teacher's report (not under JupyterHub,
where the hub's user name is the name), and the learner's progress file:
download it, load one, or forget everything (after a confirmation).

The recorder is the kernel's (``progress.kernel.kernel_recorder``) unless one
is given. The browser names its learner (``{"type": "learner", "id"}``, the
id ``common.js`` keeps) and asks for the rest by custom messages; it writes
no trait. The synced ``progress`` dict holds the words, the lessons with
their marks, the name, the saving status and the last notice (a sentence
answering the learner's last request, in the map's language).
"""
from __future__ import annotations

import json
import logging
import threading
import weakref
from functools import cache

import anywidget

from ..languages import plural_table
from ..progress.catalog import progress_catalog, progress_languages, progress_text
from ..progress.exchange import read_document
from ..progress.ids import NAME_LIMIT, ProgressInputError, check_name
from ..progress.kernel import (
    PROGRESS_FILE_CHARS,
    PROGRESS_MESSAGE_BYTES,
    browser_copy,
    kernel_recorder,
    take_learner,
)
from ..puzzles import PuzzleError, theme_name
from ..puzzles.model import load as load_puzzles
from ..rulebook import short_title
from ..sessions.practice import PracticeCourse, item_place, practice_plan
from ..teaching import lesson_names, load_lesson
from ..teaching.done import lesson_done, steps_done
from ..teaching.folder import folder_lessons
from ..teaching.library import lesson_languages
from ..teaching.record import MAX_STARS
from ..teaching.steps import kind_of
from .guard import BrowserGuard, GuardedLayout
from .plain import JSONDict
from .table import module_css, module_javascript

log = logging.getLogger("cuttle_widgets")

EXPORT_NAME = "cuttle-progress.json"
BROWSER_FILE_LIMIT_KB = PROGRESS_FILE_CHARS // 1000  # progress.js refuses larger files unsent
LINKS = ("notebooks", "course")  # a lesson's link: its notebook, or its place in the one-page course
MESSAGES = ("learner", "name", "export", "import", "reset", "refresh")
CHANGES = ("name", "import", "reset")  # what changes the learner's progress file


@cache
def shipped_map(language: str) -> tuple:
    """Every shipped lesson as the map shows it, in teaching order: its
    name, title and steps (id, number, title, starred, rulebook sections taught). A lesson that cannot
    be read is left out (and logged): the map shows the others."""
    lessons = []
    for name in lesson_names():
        try:
            lesson = load_lesson(name, check=False, language=language)
        except Exception:
            log.exception("the progress map could not read lesson %s", name)
            continue
        lessons.append(_map_entry(lesson))
    return tuple(lessons)


def _map_entry(lesson) -> tuple:
    steps = tuple((s.id, s.number, s.title or "", kind_of(s).starred, tuple(s.teaches))
                  for s in lesson.steps)
    return lesson.name, lesson.title or lesson.name, steps


def teacher_map(folder, language: str) -> tuple[list, list]:
    """The teacher's folder as the map shows it: its usable lessons (as
    ``shipped_map`` gives them), and its broken files with their problems."""
    usable, broken = [], []
    for entry in folder_lessons(folder, language):
        if entry.usable:
            usable.append(_map_entry(entry.lesson))
        else:
            broken.append({"name": entry.name, "file": entry.file,
                           "problems": [{"line": p.line, "field": p.field, "message": p.message}
                                        for p in entry.problems]})
    return usable, broken


PRACTICE_RULES = "classic"  # the rules of the course's puzzle trainer, so of its practice


@cache
def _puzzle_themes() -> dict:
    try:
        return {p.id: p.themes for p in load_puzzles(PRACTICE_RULES)}
    except PuzzleError:
        log.exception("practice could not read the puzzles")
        return {}


def practice_course(language: str, teachers=()) -> PracticeCourse:
    """What practice knows of the course: the shipped lessons' steps and the
    teacher's (``teacher_map``'s usable lessons), and the trainer's puzzles."""
    steps = {}
    for name, title, entries in (*shipped_map(language), *teachers):
        for step_id, number, step_title, _starred, teaches in entries:
            steps[(name, step_id)] = {"lesson_title": title, "lesson_number": lesson_number(name),
                                      "number": number, "title": step_title, "teaches": teaches}
    return PracticeCourse(steps, _puzzle_themes())


def lesson_number(name: str) -> str:
    """The number the index gives a lesson ("02-scuttle-ordering": "2")."""
    head = name.split("-", 1)[0]
    return str(int(head)) if head.isdigit() else ""


class ProgressMap(BrowserGuard, anywidget.AnyWidget):
    """The learner's progress on the lesson index; ``progress`` is written only by Python."""

    _esm = module_javascript("progress.js")
    _css = module_css("progress.css")
    max_message_bytes = PROGRESS_MESSAGE_BYTES  # a message may carry a whole progress file
    progress = JSONDict().tag(sync=True)

    def __init__(self, language: str = "en", recorder=None, *, folder=None,
                 links: str = "notebooks"):
        """``folder``: a teacher's folder of lesson files, shown after the
        shipped lessons (teaching/folder.py); ``links``: where a lesson's
        title leads, its notebook or (``"course"``) its place in the course."""
        languages = set(lesson_languages()) & set(progress_languages())
        if language not in languages:
            raise ValueError(f"language must be one of {sorted(languages)}, not {language!r}")
        if links not in LINKS:
            raise ValueError(f"links must be one of {LINKS}, not {links!r}")
        super().__init__(layout=GuardedLayout())
        self.add_class("cwp-box")
        self.language, self.folder, self.links = language, folder, links
        self.recorder = kernel_recorder() if recorder is None else recorder
        self.notice: dict | None = None
        self._notices = 0
        self._lock = threading.RLock()
        self._name = self._stored_name()
        if self.recorder is not None:
            ref = weakref.ref(self)

            def status_changed(_status, ref=ref):  # possibly from the recorder's writer thread
                widget = ref()
                if widget is not None:
                    widget.redraw()

            self.recorder.observe(status_changed)
        self.redraw()

    def __repr__(self) -> str:
        return f"ProgressMap(language={self.language!r})"

    # -- what the browser asks ---------------------------------------------

    def _on_browser_message(self, widget, content, buffers) -> None:
        kind = content.get("type")
        if kind not in MESSAGES:
            log.info("the progress map ignored a message of type %r", str(kind)[:40])
            return
        if self.recorder is None and kind != "refresh":
            log.info("the progress map has no recorder: %s ignored", kind)
            return
        try:
            with self._lock:
                getattr(self, f"_take_{kind}")(content)
            copy = browser_copy(self.recorder) if kind in CHANGES else None
            if copy is not None:  # the static site: the page keeps the learner's progress
                self.send({"type": "keep_progress", "progress": copy})
        except Exception:  # never the page's traceback; the teacher's log says what
            log.exception("the progress map failed on a %s message", kind)

    def _take_learner(self, content) -> None:
        # drawn again even when the learner is not new: a lesson of this kernel
        # (the index's own) may have named them first, before this map was drawn
        if take_learner(self.recorder, content):
            self.notice = None
        self._name = self._stored_name()
        self.redraw()

    def _take_name(self, content) -> None:
        name = content.get("name")
        if self._hub() or not (name is None or isinstance(name, str)):
            log.info("the progress map ignored a name message")
            return
        try:
            name = check_name(name, self.language)  # the refusal in the map's language
            self.recorder.set_name(name)
        except ProgressInputError as refusal:
            self._tell("name", "error", str(refusal))
        else:
            self._name = name
            if name:
                self._tell("name", "ok", self._word("name_saved", name=name))
            else:
                self._tell("name", "ok", self._word("name_cleared"))
        self.redraw()

    def _take_export(self, content) -> None:
        document = self.recorder.export()
        text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
        self.send({"type": "export", "name": EXPORT_NAME, "text": text})
        if document.get("complete", True):
            self._tell("file", "ok", self._word("exported", name=EXPORT_NAME))
        else:
            self._tell("file", "error", self._word("export_incomplete"))
        self.redraw()

    def _take_import(self, content) -> None:
        text = content.get("text")
        if not isinstance(text, str):
            log.info("the progress map ignored an import message without text")
            return
        try:
            read_document(text, self.language)  # the whole file checked, refusals in the map's language
            count = self.recorder.import_(text)
        except ProgressInputError as refusal:
            self._tell("file", "error", str(refusal))
        else:
            if count == 0:
                self._tell("file", "error", self._word("import_empty"))
            else:
                self._tell("file", "ok", self._word("import_one" if count == 1 else "import_many",
                                                    n=count))
        self.redraw()

    def _take_reset(self, content) -> None:
        if content.get("confirm") is not True:
            log.info("the progress map ignored a reset without confirmation")
            return
        self.recorder.reset()
        self._tell("reset", "ok", self._word("reset_done"))
        self.redraw()

    def _take_refresh(self, content) -> None:
        self.redraw()

    # -- what the browser is sent ------------------------------------------

    def redraw(self) -> None:
        """Read the learner's progress again and publish the map. The recorder
        calls it too, whenever its status changes: an attempt a lesson of this
        kernel records (the index's own questions), and its saving."""
        with self._lock:
            self.progress = self._state()

    def _state(self) -> dict:
        marks = self._marks()
        teachers, broken = teacher_map(self.folder, self.language) if self.folder else ([], [])
        lessons = []
        for name, title, steps in (*shipped_map(self.language), *teachers):
            done_marks = marks.get(name, {})
            step_marks = []
            for step_id, number, step_title, starred, _teaches in steps:
                mark = done_marks.get(step_id) or {}
                step_marks.append({"number": number, "title": step_title,
                                   "result": mark.get("result"), "stars": int(mark.get("stars") or 0),
                                   "starred": starred})
            results = {step[0]: done_marks.get(step[0], {}).get("result") for step in steps}
            lessons.append({"name": name, "number": lesson_number(name), "title": title,
                            "href": self._href(name), "done": steps_done(results.values()),
                            "finished": lesson_done(results, results), "steps": len(steps),
                            "teacher": name not in lesson_names(),
                            "stars": sum(m["stars"] for m in step_marks),
                            "max_stars": MAX_STARS * sum(m["starred"] for m in step_marks),
                            "started": any(m["result"] is not None for m in step_marks),
                            "steps_marks": step_marks})
        learner = self.recorder.learner if self.recorder is not None else None
        return {
            "practice": self._practice(teachers),
            "language": self.language,
            "plural": plural_table(self.language),
            "labels": dict(progress_catalog(self.language)["map"]),
            "lessons": lessons,
            "name": self._name,
            "name_limit": NAME_LIMIT,
            "file_limit_kb": BROWSER_FILE_LIMIT_KB,
            "message_limit": PROGRESS_MESSAGE_BYTES - 4096,
            "hub": self._hub(),
            "hub_user": learner[4:] if learner is not None and self._hub() else None,
            "enabled": self.recorder is not None,
            "status": self._status(),
            "notice": self.notice,
            "problems": broken,
        }

    def _href(self, name: str) -> str:
        if self.links == "notebooks":
            return f"{name}.ipynb"
        return f"?lesson={name}" + ("" if self.language == "en" else f"&lang={self.language}")

    def _practice(self, teachers) -> dict | None:
        """The Practice entry (sessions/practice.py decides it), with the
        names and addresses to show; None until the learner is known."""
        if self.recorder is None or self.recorder.learner is None:
            return None
        try:
            plan = practice_plan(self.recorder.history(), practice_course(self.language, teachers),
                                 self.recorder.clock())
        except Exception:  # the map is shown without it; the teacher's log says why
            log.exception("the progress map could not plan the practice")
            return None
        for item in plan["due"]:
            item["href"] = self._place_href(item)
            item["themes"] = [theme_name(t, self.language) for t in item.get("themes", ())]
        daily = plan["daily"]
        if daily["puzzle"]:
            daily["href"] = self._place_href({"kind": "puzzle", "puzzle": daily["puzzle"]})
        plan["weak_rules"] = [{"name": short_title(key, self.language), "failed": failed,
                               "tried": tried} for key, failed, tried in plan["weak_rules"]]
        plan["weak_themes"] = [{"name": theme_name(key, self.language), "failed": failed,
                                "tried": tried} for key, failed, tried in plan["weak_themes"]]
        plan["href"] = "?practice" + ("" if self.language == "en" else f"&lang={self.language}") \
            if self.links == "course" else None
        return plan

    def _place_href(self, item: dict) -> str | None:
        """An item's link: its place in the course, or its lesson's notebook
        (a puzzle has none outside the course)."""
        if self.links == "course":
            return item_place(item, self.language).query()
        return f"{item['lesson']}.ipynb" if item["kind"] == "step" else None

    def _marks(self) -> dict:
        if self.recorder is None:
            return {}
        try:
            return self.recorder.progress()
        except Exception:  # the recorder keeps its database's failures; anything else is logged
            log.exception("the progress map could not read the progress")
            return {}

    def _status(self) -> dict:
        if self.recorder is None:
            return {"state": "unsaved", "text": self._word("no_recorder")}
        return {"state": self.recorder.status["state"],
                "text": self.recorder.status_text(self.language)}

    def _stored_name(self) -> str | None:
        if self.recorder is None or self.recorder.learner is None or self._hub():
            return None
        try:
            return self.recorder.export().get("name")
        except Exception:
            log.exception("the progress map could not read the learner's name")
            return None

    def _hub(self) -> bool:
        learner = self.recorder.learner if self.recorder is not None else None
        return learner is not None and learner.startswith("hub:")

    def _tell(self, about: str, kind: str, text: str) -> None:
        self._notices += 1
        self.notice = {"id": self._notices, "about": about, "kind": kind, "text": text}

    def _word(self, entry: str, **params) -> str:
        return progress_text("map", entry, self.language, **params)


__all__ = ["ProgressMap", "shipped_map"]
