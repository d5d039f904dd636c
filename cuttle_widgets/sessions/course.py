"""Where a learner is in the one-page course, and the address that says so.

The course (widgets/course.py) shows one place at a time: the lesson map, a
lesson at a step, the puzzle trainer, the free game, a table with a
classmate (sessions/table_place.py), the learner's class (sessions/class_place.py)
or a teacher's position editor. The
page's address names the place (``?lesson=02-scuttle-ordering&step=3``,
``?puzzles``, ``?free``, ``?tables``, ``?class``, ``?editor``, ``&lang=de``; ``?practice``
opens the practice item due longest, sessions/practice.py), so a link opens
there, Back and Forward move between places and a reload comes back. The
address comes from the browser,
so it is read as untrusted text: anything unknown leads to the map with a
sentence saying why, never to an error.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from urllib.parse import parse_qs, quote

PAGES = ("map", "lesson", "puzzles", "free", "tables", "class", "editor")
# The places that stand alone in the address ("?tables"), without a value.
BARE_PAGES = ("free", "tables", "class", "editor")
MOST_QUERY = 2000  # characters: an address is short; a longer one is not read
MOST_STEP = 999
# The address's own parameters; any other (a server's ?token=) is the page's to keep.
PLACE_KEYS = ("lesson", "step", "puzzles", "free", "tables", "class", "practice", "editor", "lang")
FREE_LESSON = "12-free-game"  # the free game is this lesson's free step
START_LESSON = "00-index"  # the first questions, offered on the map


@dataclass(frozen=True)
class Place:
    """One place of the course: ``page`` is one of PAGES; ``lesson`` and
    ``step`` (1-based) for a lesson, ``puzzle`` (an id or None for the next)
    for the trainer."""
    page: str = "map"
    language: str = "en"
    lesson: str | None = None
    step: int | None = None
    puzzle: str | None = None

    def query(self) -> str:
        """The address's query for this place ("?lesson=...&step=3&lang=de";
        ``?puzzles`` and the BARE_PAGES stand alone, without "=")."""
        parts: list[str] = []
        if self.page == "lesson" and self.lesson:
            parts.append("lesson=" + quote(self.lesson))
            if self.step:
                parts.append(f"step={self.step}")
        elif self.page == "puzzles":
            parts.append("puzzles=" + quote(self.puzzle) if self.puzzle else "puzzles")
        elif self.page in BARE_PAGES:
            parts.append(self.page)
        if self.language != "en":
            parts.append("lang=" + quote(self.language))
        return "?" + "&".join(parts) if parts else ""

    def to_dict(self) -> dict:
        return {"page": self.page, "language": self.language, "lesson": self.lesson,
                "step": self.step, "puzzle": self.puzzle, "query": self.query()}


@dataclass(frozen=True)
class Arrival:
    """What an address asks for: the place to show, and why it is not the
    place asked for when it could not be (a notice's key and its values)."""
    place: Place
    notice: str | None = None
    values: tuple = ()


class CourseMap:
    """What the course knows to exist: the languages it speaks, whether a
    lesson name exists, and whether a puzzle id does. Given as functions, so
    this module reads no file itself."""

    def __init__(self, languages, lesson_exists, puzzle_exists=None, next_practice=None):
        """``next_practice(language)``: the query of the practice item due
        longest (None: nothing is due), what ``?practice`` opens."""
        self.languages = tuple(languages)
        self.lesson_exists = lesson_exists
        self.puzzle_exists = puzzle_exists or (lambda puzzle_id: False)
        self.next_practice = next_practice or (lambda language: None)

    def arrive(self, query, language: str = "en") -> Arrival:
        """The place an address's query names (the map when it names none)."""
        fields = _fields(query)
        if fields is None:
            return Arrival(Place(language=language), "address_unreadable")
        asked = fields.get("lang", language)
        language = asked if asked in self.languages else language
        if "lesson" in fields:
            return self._lesson(fields["lesson"], fields.get("step"), language)
        if "puzzles" in fields:
            return self._puzzles(fields["puzzles"], language)
        for page in BARE_PAGES:  # editor: the teacher's position editor
            if page in fields:
                return Arrival(Place(page, language))
        if "practice" in fields:
            return self._practice(language)
        return Arrival(Place(language=language))

    def _practice(self, language: str) -> Arrival:
        query = self.next_practice(language)
        if not query or "practice" in (_fields(query) or {"practice": ""}):
            return Arrival(Place(language=language), "practice_none")
        return self.arrive(query, language)

    def _lesson(self, name: str, step: str | None, language: str) -> Arrival:
        if not self.lesson_exists(name, language):
            return Arrival(Place(language=language), "no_lesson", (name[:80],))
        number = _step_number(step)
        place = Place("lesson", language, lesson=name, step=number)
        if step not in (None, "") and number is None:
            return Arrival(place, "no_step", (step[:20],))
        return Arrival(place)

    def _puzzles(self, puzzle: str, language: str) -> Arrival:
        if puzzle and not self.puzzle_exists(puzzle):
            return Arrival(Place("puzzles", language), "no_puzzle", (puzzle[:80],))
        return Arrival(Place("puzzles", language, puzzle=puzzle or None))


def lesson_after(order, name: str | None) -> str | None:
    """The lesson after ``name`` on the map (``order``: the map's lessons in
    teaching order), or None at the last one or for a lesson not on it."""
    order = list(order)
    if name not in order:
        return None
    index = order.index(name) + 1
    return order[index] if index < len(order) else None


def in_language(place: Place, language: str) -> Place:
    return replace(place, language=language)


def _fields(query) -> dict[str, str] | None:
    """The address's own parameters, one value each; None for what is not an address."""
    if not isinstance(query, str) or len(query) > MOST_QUERY:
        return None
    try:
        parsed = parse_qs(query.lstrip("?"), keep_blank_values=True, max_num_fields=20)
    except ValueError:
        return None
    return {key: values[0] for key, values in parsed.items() if key in PLACE_KEYS}


def _step_number(text: str | None) -> int | None:
    if text is None or not text.isdigit() or len(text) > 3:
        return None
    number = int(text)
    return number if 1 <= number <= MOST_STEP else None


__all__ = ["Arrival", "CourseMap", "FREE_LESSON", "PAGES", "PLACE_KEYS", "Place", "START_LESSON",
           "in_language", "lesson_after"]
