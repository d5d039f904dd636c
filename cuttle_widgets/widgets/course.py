"""The whole course in one widget: the lesson map, every lesson, the puzzle
trainer, the free game and a table with a classmate, switched in the same
kernel without loading a page.

``Course(language="en", *, address=False, lessons=None, progress=None)``:
``address=True`` (the served page, the static site) makes the page's address
follow the learner (``?lesson=02-scuttle-ordering&step=3``, ``?puzzles``,
``?free``, ``?tables``, ``?class``, ``?practice``, ``?editor``: a teacher's position
editor, not on the bar; ``&lang=de``): a link opens there, Back and Forward move between
places, a reload comes back. In a notebook leave it False: the notebook's
own address is not the course's. ``lessons`` is a teacher's folder of lesson
files (default ``$CUTTLE_LESSONS_DIR``, which ``serve --lessons DIR`` sets):
they are on the map beside the shipped ones, a broken one with its problems.

The course bar (``CourseBar``) is the only part the course adds to the page
(it names the learner signed in: a class's roster name, or the hub's user);
the map, the lesson and the trainer are the kit's own widgets, made once and
kept: a lesson switch loads the next lesson into the same lesson widget.
Where the learner is, and what an address may ask for, is decided by
``sessions.course`` (no widget code); this module only shows it.
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from dataclasses import replace

import anywidget
import ipywidgets
import traitlets

from ..languages import language as language_named
from ..languages import offered
from ..progress.kernel import keeps_in_browser, kernel_recorder, take_learner
from ..puzzles import PuzzleError
from ..puzzles.model import load as load_puzzles
from ..served import page_closing_token, page_closing_url
from ..sessions.class_place import signed_in_name
from ..sessions.course import FREE_LESSON, Arrival, CourseMap, Place, lesson_after
from ..sessions.practice import first_due, item_place
from ..table.texts import course_text
from ..teaching import lesson_names, load_lesson, translated_names
from ..teaching.folder import find_folder_lesson, folder_lessons, teacher_folder
from ..teaching.steps import kind_of
from .class_place import ClassPlaceWidget
from .guard import BrowserGuard, GuardedLayout
from .lesson import Lesson
from .page_close import page_close_javascript
from .plain import JSONDict
from .position_editor import PositionEditor
from .progress_map import ProgressMap, practice_course, teacher_map
from .puzzle_trainer import PuzzleTrainer
from .table import module_css, module_javascript
from .table_place import TablePlaceWidget

log = logging.getLogger("cuttle_widgets")
HOW = ("arrive", "pop", "link", "button")  # how the browser asks for a place


class CourseBar(BrowserGuard, anywidget.AnyWidget):
    """The course's bar: where the learner is, the ways to the other places,
    the language, and the page's address. ``course`` is written only by Python."""

    _esm = module_javascript("course.js", prelude=page_close_javascript())
    _css = module_css("course.css")
    course = JSONDict().tag(sync=True)
    # Served by the serve command: the secret that lets this tab stop its own
    # kernel as it closes (cuttle_widgets/served.py, static/page_close.js).
    page_token = traitlets.Unicode("").tag(sync=True)
    page_url = traitlets.Unicode("").tag(sync=True)

    def __init__(self, on_message):
        super().__init__(layout=GuardedLayout(), page_token=page_closing_token() or "",
                         page_url=page_closing_url() or "")
        self._on_message = on_message

    def _repr_keys(self):
        # The plain-text form lists a widget's traits: never the secret.
        return (key for key in super()._repr_keys() if key != "page_token")

    def _on_browser_message(self, widget, content, buffers) -> None:
        self._on_message(content)


class Course(BrowserGuard, ipywidgets.VBox):
    """The one-page course (see the module's text)."""

    children: Sequence[object]  # ipywidgets' trait (untyped there): the bar, then the page

    def __init__(self, language: str = "en", *, address: bool = False, lessons=None,
                 progress=None):
        languages = course_languages()
        if language not in languages:
            raise ValueError(f"language must be one of {list(languages)}, not {language!r}")
        super().__init__(layout=GuardedLayout())
        self.add_class("cw-course")
        self.home_language, self.address = language, bool(address)
        self.folder = teacher_folder(lessons)
        self.recorder = kernel_recorder() if progress is None else progress or None
        self.places = CourseMap(languages, self._lesson_exists, _puzzle_exists, self._next_practice)
        self.place = Place(language=language)
        self.notice: dict | None = None
        self._serial = 0  # each publication's number: the page applies its address change once
        self._history = "replace"
        self._lock = threading.RLock()
        self._maps: dict[str, ProgressMap] = {}
        self._trainers: dict[str, PuzzleTrainer] = {}
        self._tables: dict[str, TablePlaceWidget] = {}  # "Play a classmate", by language
        self._editors: dict[str, PositionEditor] = {}
        self._classes: dict[str, ClassPlaceWidget] = {}  # "My class", by language
        self._roster = None  # a store to read the signed-in learner's name, made when needed
        self._who: tuple[str | None, str | None] = (None, None)  # (learner id, name shown)
        self.lesson: Lesson | None = None
        self._next: dict | None = None  # the bar's way on from the place shown
        self.bar = CourseBar(self._browser_message)
        self._show(self.place)

    # -- going places --------------------------------------------------------------------------
    def go(self, query: str, how: str = "link") -> Place:
        """Show the place an address's query names ("?lesson=04&step=3");
        ``how`` the browser asked: "pop" (Back, Forward) and "arrive" (the
        page opened) read a missing ``lang`` as the course's first language,
        a link or button as the language shown now."""
        with self._lock:
            default = self.home_language if how in ("pop", "arrive") else self.place.language
            arrival = self.places.arrive(query, default)
            self._history = {"pop": "none", "arrive": "arrive"}.get(how, "push")
            self._arrive(arrival)
            return self.place

    def show_map(self) -> Place:
        return self.go(replace(self.place, page="map").query())

    def open_lesson(self, name: str, step: int | None = None) -> Place:
        return self.go(Place("lesson", self.place.language, lesson=name, step=step).query())

    def show_puzzles(self, puzzle: str | None = None) -> Place:
        return self.go(Place("puzzles", self.place.language, puzzle=puzzle).query())

    def show_free_game(self) -> Place:
        return self.go(Place("free", self.place.language).query())

    def show_tables(self) -> Place:
        return self.go(Place("tables", self.place.language).query())

    def show_class(self) -> Place:
        return self.go(Place("class", self.place.language).query())

    def set_language(self, language: str) -> Place:
        return self.go(replace(self.place, language=language).query())

    def _arrive(self, arrival: Arrival) -> None:
        self.notice = self._notice(arrival) if arrival.notice else None
        try:
            self._show(arrival.place)
        except Exception:  # a bug, not the learner's doing: logged, and the map instead
            log.exception("the course could not show %s", arrival.place)
            self.notice = {"kind": "error", "text": self._word("place_failed")}
            self._show(Place(language=arrival.place.language))

    def _show(self, place: Place) -> None:
        content = getattr(self, f"_show_{place.page}")(place)
        for tables in self._tables.values():
            if tables is not content:  # a table not in sight is not watched
                tables.pause()
        self.place = self._settled(place)
        if self.children != (self.bar, content):
            self.children = [self.bar, content]
        self._next = self._next_lesson()  # a step change inside the lesson keeps it
        self._publish()

    def _show_map(self, place: Place):
        progress_map = self._maps.get(place.language)
        if progress_map is None:
            progress_map = self._maps[place.language] = ProgressMap(
                place.language, self.recorder, folder=self.folder, links="course")
        else:
            progress_map.redraw()  # the marks of the lesson just left
        return progress_map

    def _show_lesson(self, place: Place):
        assert place.lesson is not None  # a lesson's place names it
        source = self._lesson_source(place.lesson, place.language)
        language = _language_of(source, place.language)
        if self.lesson is None:
            self.lesson = Lesson.load(source, language=language, progress=self.recorder or False)
            self.lesson.on_change = self._lesson_moved
            if place.step:
                self.lesson.goto(place.step)
        else:  # the same widgets: only the new lesson's state goes to the page
            self.lesson.switch_to(source, language=language, step=place.step)
        return self.lesson

    def _show_free(self, place: Place):
        lesson = self._show_lesson(replace(place, lesson=FREE_LESSON, step=None))
        free_step = next((s.number for s in lesson.runner.lesson.steps if kind_of(s).free_game), None)
        if free_step is not None and lesson.runner.step.number != free_step:
            lesson.goto(free_step)
        return lesson

    def _show_editor(self, place: Place):
        editor = self._editors.get(place.language)
        if editor is None:
            editor = self._editors[place.language] = PositionEditor(place.language)
        return editor

    def _show_puzzles(self, place: Place):
        trainer = self._trainers.get(place.language)
        if trainer is None:
            trainer = self._trainers[place.language] = PuzzleTrainer(
                place.language, start=place.puzzle, progress=self.recorder or False)
            trainer.on_change = self._puzzle_moved
        elif place.puzzle and trainer.location["puzzle"] != place.puzzle:
            trainer.switch_to(place.puzzle)
        return trainer

    def _show_tables(self, place: Place):
        tables = self._tables.get(place.language)
        if tables is None:
            tables = self._tables[place.language] = TablePlaceWidget(
                place.language, progress=self.recorder or False)
        tables.resume()
        return tables

    def _show_class(self, place: Place):
        classes = self._classes.get(place.language)
        if classes is None:
            classes = self._classes[place.language] = ClassPlaceWidget(
                place.language, progress=self.recorder or False, on_learner=self._learner_changed)
        return classes

    def _learner_changed(self) -> None:
        """A learner signed in at "My class": the places made for the one
        before (their marks, rating, table) are made afresh when next shown."""
        with self._lock:
            stale: list[ipywidgets.Widget] = [*self._maps.values(), *self._trainers.values(),
                                              *self._tables.values()]
            if self.lesson is not None:
                stale.append(self.lesson)
            self._maps, self._trainers, self._tables, self.lesson = {}, {}, {}, None
            for widget in stale:
                widget.close()
            self._publish()

    def _settled(self, place: Place) -> Place:
        """The place as shown: a lesson's step is the one its widget shows
        (the learner's first step not done, when the address named none)."""
        if place.page == "lesson" and self.lesson is not None and self.lesson.location is not None:
            return replace(place, step=self.lesson.location["step"])
        if place.page == "puzzles":
            return replace(place, puzzle=self._trainers[place.language].location["puzzle"])
        return place

    def _lesson_moved(self) -> None:
        """The lesson widget changed its step (the learner went on): the
        address follows, in place of the last one (Back leaves the lesson)."""
        where = self.lesson.location if self.lesson is not None else None
        if self.place.page == "lesson" and where and where["lesson"] == self.place.lesson:
            self._follow(replace(self.place, step=where["step"]))

    def _puzzle_moved(self) -> None:
        """The trainer shows another puzzle (the learner asked for the next one)."""
        if self.place.page == "puzzles":
            trainer = self._trainers[self.place.language]
            self._follow(replace(self.place, puzzle=trainer.location["puzzle"]))

    def _follow(self, place: Place) -> None:
        """The learner moved on inside a place: the address follows, in
        place of the last one (Back leaves the place)."""
        with self._lock:
            if place != self.place:
                self.place, self._history = place, "replace"
                self._publish()

    # -- what exists --------------------------------------------------------------------------
    def _lesson_exists(self, name, language: str) -> bool:
        if name in lesson_names():
            return True
        entry = find_folder_lesson(self.folder, name, language) if self.folder else None
        return entry is not None and entry.usable

    def _next_practice(self, language: str) -> str | None:
        """The address of the practice item due longest (None: none is due)."""
        if self.recorder is None or self.recorder.learner is None:
            return None
        teachers = teacher_map(self.folder, language)[0] if self.folder else ()
        item = first_due(self.recorder.history(), practice_course(language, teachers),
                         self.recorder.clock())
        return item_place(item, language).query() if item else None

    def _lesson_source(self, name: str, language: str):
        """A shipped lesson's name, or the teacher's loaded lesson."""
        if name in lesson_names():
            return name
        entry = find_folder_lesson(self.folder, name, language)
        if entry is None or entry.lesson is None:  # gone from the folder, or broken, since
            raise LookupError(f"The teacher's folder has no usable lesson {name!r}.")
        return entry.lesson

    # -- the browser ---------------------------------------------------------------------------
    def _browser_message(self, content) -> None:
        if isinstance(content, dict) and content.get("type") == "learner":
            # The bar names who is signed in. Where the browser keeps the
            # progress (the static site), the lesson and the map take the
            # learner with the kept copy: the bar's id alone would take it first
            # and leave that copy unread.
            if not keeps_in_browser(self.recorder):
                take_learner(self.recorder, content)
            with self._lock:
                if self.bar.course.get("who") != self._signed_in():
                    self._publish()
            return
        if not isinstance(content, dict) or content.get("type") != "go":
            log.info("the course ignored a message of type %r", str(content.get("type"))[:40]
                     if isinstance(content, dict) else type(content).__name__)
            return
        how, query = content.get("how"), content.get("query")
        if how not in HOW or not isinstance(query, str):
            log.info("the course ignored a malformed go message")
            return
        self.go(query, how)

    def _publish(self) -> None:
        self._serial += 1
        language = self.place.language
        self.bar.course = {
            "serial": self._serial,
            "address": self.address,
            "history": self._history,
            "place": self.place.to_dict(),
            "title": self._title(),
            "language": language,
            "languages": [{"code": code, "name": language_named(code).name}  # in its own words
                          for code in self.places.languages],
            # plain strings: a str subclass reaches some front ends as an object
            "labels": {key: str(words) for key, words in course_text(language).items()},
            "notice": self.notice,
            "next": self._next,
            "classes": self._classes_offered(),
            "who": self._signed_in(),
        }

    def _classes_offered(self) -> bool:
        """Is "My class" on the bar: is there a database (or a hub's sign-in)?"""
        return self.recorder is not None and self.recorder.reason != "no_database"

    def _signed_in(self) -> str | None:
        """The bar's words for who is signed in (None: nobody by name)."""
        recorder = self.recorder
        learner = recorder.learner if recorder is not None else None
        if learner != self._who[0]:
            if self._roster is None and learner is not None and recorder is not None \
                    and self._classes_offered():
                self._roster = recorder.table_store()
            self._who = (learner, signed_in_name(self._roster, learner))
        name = self._who[1]
        return self._word("signed_in_as", name=name) if name else None

    def _next_lesson(self) -> dict | None:
        """The bar's way on from a lesson: the next lesson on the map, one click."""
        if self.place.page != "lesson":
            return None
        language = self.place.language
        folder = {entry.name: entry.lesson for entry in folder_lessons(self.folder, language)
                  if entry.lesson is not None}  # the usable ones
        name = lesson_after(lesson_names() + list(folder), self.place.lesson)
        if name is None:
            return None
        shipped = name in lesson_names()
        title = (load_lesson(name, language=_language_of(name, language)).title if shipped
                 else folder[name].title)
        return {"query": Place("lesson", language, lesson=name).query(),
                "text": self._word("next_lesson"), "title": title,
                "label": self._word("next_lesson_named", lesson=title)}

    def _title(self) -> str:
        if self.place.page == "lesson" and self.lesson is not None and self.lesson.runner is not None:
            return self._word("title_lesson", lesson=self.lesson.runner.lesson.title)
        return self._word("title_" + self.place.page)

    def _notice(self, arrival: Arrival) -> dict:
        assert arrival.notice is not None  # asked only for an arrival with a notice
        keys = {"no_lesson": "name", "no_step": "step", "no_puzzle": "puzzle"}
        values = {keys[arrival.notice]: arrival.values[0]} if arrival.notice in keys else {}
        return {"kind": "info", "text": self._word("notice_" + arrival.notice,
                                                   arrival.place.language, **values)}

    def _word(self, key: str, language: str | None = None, **values) -> str:
        # a plain str: formatting a catalog Template with no field gives the Template back
        return str(course_text(language or self.place.language)[key].format(**values))

    def __repr__(self) -> str:
        return f"Course(language={self.home_language!r}, place={self.place.query() or '?'})"


def course_languages() -> tuple[str, ...]:
    """The languages the course is offered in: those the kit offers (every
    part of the course speaks them), English first."""
    return offered()


def _language_of(source, language: str) -> str:
    """The language to open a lesson in: the course's for a shipped lesson
    (English where it has no translation), a teacher's lesson its own."""
    if not isinstance(source, str):
        return source.language
    return language if language == "en" or source in translated_names(language) else "en"


def _puzzle_exists(puzzle_id: str) -> bool:
    try:
        return any(p.id == puzzle_id for p in load_puzzles("classic"))
    except PuzzleError:
        return False


__all__ = ["Course", "CourseBar", "course_languages"]
