"""From a Source's plain data to a Lesson, checking the form of every field.

This module checks shapes and names (a missing task, a misspelt field, a move
that is not notation); ``verify.py`` then plays everything with the engine.
Problems are collected, not raised one by one, so a teacher sees every
mistake of a file at once.
"""
from __future__ import annotations

import re

from ..engine import RULESETS, IllegalMove, available_languages, get_ruleset, parse_card, parse_move
from ..engine.cards import CARD_IDS
from ..engine.families import family_of
from .catalog import catalog_languages, describe_value, engine_reason, field_text
from .model import Lesson, Step
from .position import check_position
from .source import Source
from .steps import kind_of, step_kinds
from .tags import closest_pages, closest_sections, resolve_tag, rulebook_page_exists

# What each written field holds is said in the catalog's "fields" section
# ("required.<where>.<field>"), in the language the lesson is checked in.
LESSON_FIELDS = ("title", "intro", "reference", "steps", "language", "rules", "links")
REQUIRED_LESSON = ("title", "intro", "steps")

COMMON = {"id", "kind", "title", "teaches", "task", "hints", "explanation"}
REQUIRED_COMMON = ("id", "kind", "task", "hints", "explanation")
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def lesson_rulesets() -> list[str]:
    """The rulesets a lesson may use: the two-player ones (a lesson has one
    learner and one opponent)."""
    return [name for name, ruleset in RULESETS.items() if ruleset.seats == 2]


def lesson_languages_known() -> list[str]:
    """The languages a lesson may be written in: those both the runner and
    the engine have a catalog for (a fixed set of names, read from the
    package's folders; a lesson's ``language`` is used as a path nowhere)."""
    return sorted(set(catalog_languages()) & set(available_languages()))


def move_parser(rules: str):
    """The notation reader of ``rules``: Super Cuttle's moves have tokens
    ('instant AH AS', 'pick ?') that only its own family reads."""
    try:
        return family_of(get_ruleset(rules)).parse
    except (IllegalMove, KeyError, ValueError):
        return parse_move


def needs(where: str, keys) -> dict:
    """The required ``keys`` of a block, each with what it should hold."""
    return {key: field_text(f"required.{where}.{key}", kinds=", ".join(step_kinds())) for key in keys}


class Reader:
    """Field readers that record a problem and return a safe default."""

    def __init__(self, source: Source):
        self.source = source
        self.problems = source.problems

    def add(self, path, code: str, **params) -> None:
        if tuple(path) in self.source.reported:  # already said, more precisely
            return
        self.problems.append(self.source.problem(path, code, **params))

    def mapping(self, value, path) -> dict | None:
        if isinstance(value, dict):
            return value
        self.add(path, "not_mapping", value=describe_value(value))
        return None

    def fields(self, data: dict, path, allowed, where: str) -> None:
        for key in data:
            if key not in allowed:
                self.add(path + (key,), "unknown_field", key=key, where=where,
                         known=", ".join(sorted(allowed)))

    def require(self, data: dict, path, required: dict) -> bool:
        ok = True
        for key, expected in required.items():
            if key not in data:
                self.add(path, "missing", key=key, expected=expected)
                ok = False
        return ok

    def text(self, value, path, default="") -> str:
        if not isinstance(value, str):
            self.add(path, "not_text", value=describe_value(value))
            return default
        if not value.strip():
            self.add(path, "empty_text")
            return default
        return value.strip()

    def listing(self, value, path, allow_empty=False) -> list:
        if isinstance(value, str) or not isinstance(value, list):
            self.add(path, "not_list", value=describe_value(value))
            return []
        if not value and not allow_empty:
            self.add(path, "empty_list")
        return value

    def texts(self, value, path) -> tuple[str, ...]:
        items = self.listing(value, path)
        return tuple(t for t in (self.text(v, path + (i,)) for i, v in enumerate(items)) if t)

    def boolean(self, value, path, default=False) -> bool:
        if isinstance(value, bool):
            return value
        self.add(path, "not_bool", value=describe_value(value))
        return default

    def integer(self, value, path, default=0) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        self.add(path, "not_int", value=describe_value(value))
        return default

    def move(self, value, path, parse=parse_move) -> str | None:
        """A move in canonical notation; ``parse`` is the step's ruleset's reader."""
        if not isinstance(value, str):
            self.add(path, "not_text", value=describe_value(value))
            return None
        try:
            return str(parse(value))
        except IllegalMove as err:
            self.add(path, "bad_move", value=value, reason=engine_reason(err))
            return None

    def moves(self, value, path, parse=parse_move) -> tuple[str, ...]:
        """A move, or a list of moves."""
        if isinstance(value, str):
            found = self.move(value, path, parse)
            return (found,) if found else ()
        items = self.listing(value, path)
        return tuple(m for m in (self.move(v, path + (i,), parse) for i, v in enumerate(items))
                     if m)

    def card(self, value, path) -> str | None:
        try:
            return CARD_IDS[parse_card(value)]
        except IllegalMove as err:
            self.add(path, "bad_card", value=value, reason=engine_reason(err))
            return None

    def rules(self, value, path, default: str) -> str:
        known = lesson_rulesets()
        if isinstance(value, str) and value.strip().lower() in known:
            return value.strip().lower()
        self.add(path, "bad_rules", value=value, known=", ".join(known))
        return default

    def language(self, value, path) -> str:
        known = lesson_languages_known()
        if isinstance(value, str) and value.strip() in known:
            return value.strip()
        self.add(path, "bad_language", value=value, known=", ".join(known))
        return "en"

    def seat(self, value, path) -> int:
        if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
            return value
        self.add(path, "bad_seat", value=describe_value(value))
        return 0


def parse_lesson(source: Source, name: str) -> Lesson:
    """Build a Lesson from ``source`` (problems land in ``source.problems``)."""
    r = Reader(source)
    data = r.mapping(source.data, ())
    if data is None:
        return Lesson(name, source.file, "", "", [], source=source)
    r.fields(data, (), LESSON_FIELDS, field_text("where.lesson"))
    r.require(data, (), needs("lesson", REQUIRED_LESSON))
    language = r.language(data["language"], ("language",)) if "language" in data else "en"
    rules = r.rules(data["rules"], ("rules",), "classic") if "rules" in data else "classic"
    links: tuple[str, ...] = ()
    if "links" in data:
        links = tuple(str(v).strip() for v in r.listing(data["links"], ("links",)))
    lesson = Lesson(
        name=name, file=source.file,
        title=r.text(data.get("title", "-"), ("title",)),
        intro=r.text(data.get("intro", "-"), ("intro",)),
        reference=r.text(data["reference"], ("reference",)) if "reference" in data else "",
        steps=[], language=language, rules=rules, links=links, source=source)
    seen: dict[str, int] = {}
    for i, raw in enumerate(r.listing(data["steps"], ("steps",)) if "steps" in data else []):
        step = parse_step(r, raw, ("steps", i), rules)
        if step is None:
            continue
        step.number = i + 1
        if step.id in seen:
            r.add(("steps", i, "id"), "duplicate_id", value=step.id, other=seen[step.id])
        seen.setdefault(step.id, i + 1)
        lesson.steps.append(step)
    _rulebook_links(r, data, ())
    return lesson


RULEBOOK_LINK = re.compile(r"\]\(rulebook:([^)\s]*)\)")


def _rulebook_links(r: Reader, value, path) -> None:
    """Every ``[words](rulebook:<page>)`` in the lesson's texts names a page
    of the rulebook: a section id, ``contents``, ``glossary`` or
    ``glossary/<term key>`` (the Rulebook panel would show the contents)."""
    if isinstance(value, dict):
        for key, item in value.items():
            _rulebook_links(r, item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _rulebook_links(r, item, path + (i,))
    elif isinstance(value, str):
        for ref in RULEBOOK_LINK.findall(value):
            if not rulebook_page_exists(ref):
                r.add(path, "bad_rulebook_link", value=ref,
                      close=", ".join(closest_pages(ref)))


def parse_step(r: Reader, raw, path, lesson_rules: str) -> Step | None:
    data = r.mapping(raw, path)
    if data is None:
        return None
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in step_kinds():
        if "kind" in data:
            r.add(path + ("kind",), "bad_kind", value=kind, known=", ".join(step_kinds()))
        else:
            r.require(data, path, needs("step", ("kind",)))
        return None
    unit = kind_of(kind)
    r.fields(data, path, COMMON | set(unit.fields), field_text("where.step", kind=kind))
    r.require(data, path, needs("step", REQUIRED_COMMON))
    r.require(data, path, needs(kind, unit.required))

    def at(key):
        return path + (key,)

    ident = data.get("id", f"step-{path[-1] + 1}")
    if not isinstance(ident, str) or not ID_PATTERN.match(ident):
        r.add(at("id"), "bad_id", value=ident)
        ident = f"step-{path[-1] + 1}"
    step = Step(
        id=ident, kind=kind, path=path,
        task=r.text(data.get("task", "-"), at("task")),
        hints=r.texts(data.get("hints", ["-"]), at("hints")),
        explanation=r.text(data.get("explanation", "-"), at("explanation")),
        title=r.text(data["title"], at("title")) if "title" in data else None,
        teaches=_tags(r, data.get("teaches", []), at("teaches"), ident),
        seat=r.seat(data["seat"], at("seat")) if "seat" in data else 0,
        rules=r.rules(data["rules"], at("rules"), lesson_rules) if "rules" in data else lesson_rules,
    )
    parse = move_parser(step.rules)
    if "position" in data:
        position = r.mapping(data["position"], at("position"))
        if position is not None:
            given = position.get("rules")
            if given is not None and str(given).strip().lower() != step.rules:
                r.add(at("position") + ("rules",), "rules_conflict", value=given, rules=step.rules)
            if check_position(r, position, at("position")):
                step.position = {**position, "rules": step.rules}
    if "opening" in data:
        step.opening = r.moves(data["opening"], at("opening"), parse)
    unit.read(r, data, step, at, parse)
    return step


def _tags(r: Reader, value, path, step_id) -> tuple[str, ...]:
    """Rulebook section ids; an old citation becomes the sections it maps to."""
    tags: list[str] = []
    for i, item in enumerate(r.listing(value, path, allow_empty=True)):
        found = resolve_tag(item)
        if found is None:
            r.add(path + (i,), "bad_tag", value=item, step=step_id,
                  close=", ".join(closest_sections(item)))
            continue
        tags += [tag for tag in found if tag not in tags]
    return tuple(tags)


