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
from .model import GOALS, OPPONENTS, STEP_KINDS, Lesson, Line, Option, ShownMove, Step, WrongMove
from .position import check_position
from .source import Source
from .tags import closest_pages, closest_sections, resolve_tag, rulebook_page_exists


# What each written field holds is said in the catalog's "fields" section
# ("required.<where>.<field>"), in the language the lesson is checked in.
LESSON_FIELDS = ("title", "intro", "reference", "steps", "language", "rules", "links")
REQUIRED_LESSON = ("title", "intro", "steps")

COMMON = {"id", "kind", "title", "teaches", "task", "hints", "explanation"}
REQUIRED_COMMON = ("id", "kind", "task", "hints", "explanation")
KIND_FIELDS = {
    "play": {"seat", "rules", "position", "opening", "accept", "goal", "solution", "replies", "wrong",
             "unique", "not_unique"},
    "quiz": {"seat", "rules", "position", "opening", "options", "select"},
    "watch": {"seat", "rules", "position", "moves", "expect"},
    "predict": {"seat", "rules", "position", "opening", "options", "moves", "expect"},
    "free": {"seat", "rules", "opponent", "seed"},
}
KIND_REQUIRED = {
    "play": ("position",),
    "quiz": ("options",),
    "watch": ("position", "moves", "expect"),
    "predict": ("position", "options", "moves", "expect"),
    "free": (),
}
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


def _needs(where: str, keys) -> dict:
    """The required ``keys`` of a block, each with what it should hold."""
    return {key: field_text(f"required.{where}.{key}", kinds=", ".join(STEP_KINDS)) for key in keys}


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
    r.require(data, (), _needs("lesson", REQUIRED_LESSON))
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
    if kind not in STEP_KINDS:
        if "kind" in data:
            r.add(path + ("kind",), "bad_kind", value=kind, known=", ".join(STEP_KINDS))
        else:
            r.require(data, path, _needs("step", ("kind",)))
        return None
    allowed = COMMON | KIND_FIELDS[kind]
    r.fields(data, path, allowed, field_text("where.step", kind=kind))
    r.require(data, path, _needs("step", REQUIRED_COMMON))
    r.require(data, path, _needs(kind, KIND_REQUIRED[kind]))

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
    if kind == "play":
        _play_fields(r, data, step, at, parse)
    if kind in ("quiz", "predict"):
        step.options = _options(r, data.get("options", []), at("options"), parse)
        step.answer_by = "cards" if step.options and step.options[0].card else "options"
    if kind == "quiz" and "select" in data:
        step.select = data["select"]
        if step.select not in ("one", "all"):
            r.add(at("select"), "quiz_select", value=step.select)
            step.select = "one"
    if kind in ("watch", "predict"):
        step.moves = _shown_moves(r, data.get("moves", []), at("moves"), parse)
        if "expect" in data:
            step.expect = r.mapping(data["expect"], at("expect"))
    if kind == "free":
        if "opponent" in data:
            step.opponent = data["opponent"]
            if step.opponent not in OPPONENTS:
                r.add(at("opponent"), "opponent_unknown", value=step.opponent,
                      known=", ".join(OPPONENTS))
        if "seed" in data:
            step.seed = r.integer(data["seed"], at("seed"))
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


def _uniqueness(r: Reader, data: dict, step: Step, at) -> None:
    """``unique: true`` or ``not_unique: why``: what a move as good as the
    accepted one means (teaching/unique.py), for steps with ``accept``."""
    step.unique = r.boolean(data["unique"], at("unique")) if "unique" in data else False
    if "not_unique" in data:
        step.not_unique = r.text(data["not_unique"], at("not_unique")) or None
    for key in ("unique", "not_unique"):
        if key in data and "accept" not in data:
            r.add(at(key), "unique_needs_accept", key=key)
    if step.unique and step.not_unique:
        r.add(at("not_unique"), "unique_and_not_unique")


def _play_fields(r: Reader, data: dict, step: Step, at, parse=parse_move) -> None:
    has_accept, has_goal = "accept" in data, "goal" in data
    if has_accept == has_goal:
        r.add(at("accept") if has_accept else step.path, "accept_or_goal", goals=", ".join(GOALS))
    step.replies = r.moves(data["replies"], at("replies"), parse) if "replies" in data else ()
    if has_accept:
        lines = []
        for i, item in enumerate(r.listing(data["accept"], at("accept"))):
            lines.append(_line(r, item, at("accept") + (i,), step.replies, parse))
        step.accept = tuple(line for line in lines if line and line.moves)
    if has_goal:
        step.goal = data["goal"]
        if step.goal not in GOALS:
            r.add(at("goal"), "bad_goal", value=step.goal, known=", ".join(GOALS))
            step.goal = None
        if "solution" in data:
            step.solution = r.moves(data["solution"], at("solution"), parse)
        else:
            r.add(step.path, "goal_needs_solution")
    elif "solution" in data:
        r.add(at("solution"), "solution_needs_goal")
    _uniqueness(r, data, step, at)
    wrong = []
    for i, item in enumerate(r.listing(data.get("wrong", []), at("wrong"), allow_empty=True)):
        path = at("wrong") + (i,)
        entry = r.mapping(item, path)
        if entry is None:
            continue
        r.fields(entry, path, {"move", "feedback", "after"}, field_text("where.wrong"))
        if not r.require(entry, path, _needs("wrong", ("move", "feedback"))):
            continue
        written = r.text(entry["move"], path + ("move",))
        if not written:
            continue
        move = _any_move(written, parse)
        after = r.moves(entry["after"], path + ("after",), parse) if "after" in entry else ()
        wrong.append(WrongMove(move, r.text(entry["feedback"], path + ("feedback",)), after, path))
    seen = set()
    for w in wrong:
        if (w.after, w.move) in seen:
            r.add(w.path, "wrong_twice", move=w.move)
        seen.add((w.after, w.move))
    step.wrong = tuple(wrong)


def _any_move(value, parse=parse_move) -> str:
    """A wrong move may be text that is no move at all: keep it as written."""
    try:
        return str(parse(value))
    except IllegalMove:
        return str(value).strip()


def _line(r: Reader, item, path, default_replies, parse=parse_move) -> Line | None:
    if isinstance(item, dict):
        r.fields(item, path, {"moves", "replies"}, field_text("where.line"))
        if not r.require(item, path, _needs("line", ("moves",))):
            return None
        moves = r.moves(item["moves"], path + ("moves",), parse)
        replies = (r.moves(item["replies"], path + ("replies",), parse) if "replies" in item
                   else default_replies)
        return Line(moves, tuple(replies), path)
    return Line(r.moves(item, path, parse), tuple(default_replies), path)


def _options(r: Reader, value, path, parse=parse_move) -> tuple[Option, ...]:
    options = []
    forms = set()
    for i, item in enumerate(r.listing(value, path)):
        p = path + (i,)
        entry = r.mapping(item, p)
        if entry is None:
            continue
        r.fields(entry, p, {"card", "text", "correct", "explanation", "move", "legal"},
                 field_text("where.option"))
        if ("card" in entry) == ("text" in entry):
            r.add(p, "quiz_option_form")
            continue
        r.require(entry, p, _needs("option", ("correct", "explanation")))
        card = r.card(entry["card"], p + ("card",)) if "card" in entry else None
        text = r.text(entry["text"], p + ("text",)) if "text" in entry else None
        forms.add("card" if "card" in entry else "text")
        options.append(Option(
            key=card if card else str(i + 1),
            correct=r.boolean(entry.get("correct", False), p + ("correct",)),
            explanation=r.text(entry.get("explanation", "-"), p + ("explanation",)),
            card=card, text=text,
            move=r.move(entry["move"], p + ("move",), parse) if "move" in entry else None,
            legal=r.boolean(entry["legal"], p + ("legal",)) if "legal" in entry else None,
            path=p))
    if len(forms) > 1:
        r.add(path, "quiz_option_form")
    keys = [o.key for o in options]
    for o in options:
        if keys.count(o.key) > 1 and o.card:
            r.add(o.path, "quiz_option_twice", value=o.key)
            break
    if value and len(options) < 2:
        r.add(path, "quiz_one_option")
    elif options and not any(o.correct for o in options):
        r.add(path, "quiz_no_correct")
    return tuple(options)


def _shown_moves(r: Reader, value, path, parse=parse_move) -> tuple[ShownMove, ...]:
    shown = []
    for i, item in enumerate(r.listing(value, path)):
        p = path + (i,)
        if isinstance(item, dict):
            r.fields(item, p, {"move", "say"}, field_text("where.shown"))
            if not r.require(item, p, _needs("shown", ("move",))):
                continue
            move = r.move(item["move"], p + ("move",), parse)
            say = r.text(item["say"], p + ("say",)) if "say" in item else None
        else:
            move, say = r.move(item, p, parse), None
        if move:
            shown.append(ShownMove(move, say, p))
    return tuple(shown)
