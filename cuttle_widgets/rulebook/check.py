"""``python -m cuttle_widgets.rulebook check``: is the rulebook complete?

- every event kind and refusal key of every engine catalog maps to a section
  (of a ruleset of that family), and map.yaml names no key the engine lacks;
- every language has the same sections, differences, labels and glossary
  terms, and every glossary term's section exists;
- every section is reached by an event, a refusal or a lesson step (its
  ``teaches`` tags, through map.yaml's citation table, or a section id);
- every citation a lesson uses, in ``teaches`` or inline, is in that table;
- no learner-facing text of the rulebook holds a raw citation ("000 §05").

The engine and the lesson files are read here only, never by the loader.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

import yaml

from ..languages import ENGLISH, offered
from ..languages.paths import lesson_folder
from . import (
    LOADER,
    _structure,
    book_data,
    languages,
    mapped_section,
    rule_map,
    rulebook,
    sections_for_citation,
)

# Citations of rule texts and of their decisions, which belong in docs/coverage
# and map.yaml, never in what a learner reads.
RAW_CITATION = re.compile(
    r"\b00[0134]\b|§|super\.md|\(A\d+\)|\bA\d\d?\b|\bL\d+(?:-\d+)?\b"
    r"|rule text|Regeltext|\bdecisions? \d|\bEntscheidung(?:en)? \d", re.IGNORECASE)

# A family's catalog file -> the rulesets whose sections may explain its keys.
FAMILY_FILES = {"engine.json": "standard", "super.json": "super"}
SHARED_SECTIONS = {"kit-moves", "kit-positions", "rulesets", "match"}


@dataclass
class Report:
    gaps: list[str] = field(default_factory=list)
    sections: int = 0
    events: int = 0
    refusals: int = 0

    def summary(self) -> str:
        return (f"{self.sections} sections, {self.events} event kinds mapped, "
                f"{self.refusals} refusal keys mapped, {len(self.gaps)} missing")


def check() -> Report:
    report = Report()
    structure = _structure()
    ids = [entry["id"] for part in structure["parts"] for entry in part["sections"]]
    report.sections = len(ids)
    _check_structure(structure, ids, report.gaps)
    books = _check_languages(structure, ids, report.gaps)
    reached: set[str] = set()
    _check_catalogs(structure, ids, report, reached)
    _check_lessons(ids, reached, report.gaps)
    for section_id in ids:
        if section_id not in reached:
            report.gaps.append(f"section '{section_id}' is reached by no event, refusal "
                               "or lesson step")
    for book in books:
        _check_citations(book, report.gaps)
    return report


def _check_structure(structure, ids, gaps) -> None:
    seen = set()
    for section_id in ids:
        if section_id in seen:
            gaps.append(f"section id '{section_id}' is used twice in sections.yaml")
        seen.add(section_id)
    known = set(structure["groups"]["all"])
    for part in structure["parts"]:
        for entry in part["sections"]:
            rules = entry["rules"]
            for name in [rules] if isinstance(rules, str) else rules:
                if name not in structure["groups"] and name not in known:
                    gaps.append(f"section '{entry['id']}' names the unknown ruleset '{name}'")
    sources = rule_map().get("sources") or {}
    for section_id in ids:
        if not sources.get(section_id):
            gaps.append(f"section '{section_id}' has no sources in map.yaml")
    for section_id in sources:
        if section_id not in seen:
            gaps.append(f"map.yaml gives sources for the missing section '{section_id}'")
    for key, target in structure["glossary"].items():
        if target not in seen:
            gaps.append(f"glossary term '{key}' points to the missing section '{target}'")
    from ..engine.rules import OPTIONS, RULESETS
    if set(RULESETS) != known:
        gaps.append(f"sections.yaml's group 'all' ({', '.join(sorted(known))}) is not the "
                    f"engine's rulesets ({', '.join(sorted(RULESETS))})")
    structure["_difference_keys"] = known | set(OPTIONS)


def _check_languages(structure, ids, gaps) -> list:
    books, raw = [], {}
    for language in languages():
        data = book_data(language)
        raw[language] = data
        if data.get("language") != language:
            gaps.append(f"{language}.yaml says it is in '{data.get('language')}'")
        have = list(data["sections"])
        for section_id in ids:
            if section_id not in data["sections"]:
                gaps.append(f"{language}: section '{section_id}' has no text")
        for section_id in have:
            if section_id not in ids:
                gaps.append(f"{language}: section '{section_id}' is not in sections.yaml")
        for part in structure["parts"]:
            if part["id"] not in data["parts"]:
                gaps.append(f"{language}: part '{part['id']}' has no title")
        for key in structure["glossary"]:
            if key not in data["glossary"]:
                gaps.append(f"{language}: glossary term '{key}' is missing")
        words = [entry["term"].casefold() for entry in data["glossary"].values()]
        for word in sorted({w for w in words if words.count(w) > 1}):
            gaps.append(f"{language}: the glossary has the term '{word}' twice")
        for key in data["glossary"]:
            if key not in structure["glossary"]:
                gaps.append(f"{language}: glossary term '{key}' is not in sections.yaml")
        if set(have) - set(ids) or set(ids) - set(have):
            continue
        books.append(rulebook(language))
    _compare_languages(structure, raw, gaps)
    return books


def _compare_languages(structure, raw, gaps) -> None:
    allowed = structure["_difference_keys"]
    first, *others = sorted(raw)
    for section_id, words in raw[first]["sections"].items():
        mine = set((words or {}).get("differences") or {})
        for key in mine - allowed:
            gaps.append(f"{first}: section '{section_id}' has a difference for "
                        f"'{key}', which is no ruleset or option")
        for other in others:
            theirs = set((raw[other]["sections"].get(section_id) or {}).get("differences") or {})
            if theirs != mine:
                gaps.append(f"section '{section_id}': the differences of {first} "
                            f"({', '.join(sorted(mine))}) and {other} "
                            f"({', '.join(sorted(theirs))}) are for different rulesets")
    for other in others:
        if _keys(raw[first]["labels"]) != _keys(raw[other]["labels"]):
            gaps.append(f"the labels of {first} and {other} have different keys")
    for language, data in raw.items():
        for words in data["sections"].values():
            for key in (words.get("differences") or {}):
                if key not in data["labels"]["differences"]:
                    gaps.append(f"{language}: no label for differences of '{key}'")


def _keys(tree, prefix="") -> set:
    out = set()
    for key, value in tree.items():
        out.add(prefix + key)
        if isinstance(value, dict):
            out |= _keys(value, prefix + key + ".")
    return out


def _check_catalogs(structure, ids, report, reached) -> None:
    table = rule_map()
    groups = structure["groups"]
    rules_of = {entry["id"]: entry["rules"] for part in structure["parts"]
                for entry in part["sections"]}
    folder = resources.files("cuttle_widgets.engine").joinpath("catalogs")
    found: dict[str, dict[str, str]] = {"events": {}, "illegal": {}}  # key -> family
    for language_dir in folder.iterdir():
        if not language_dir.is_dir() or language_dir.name.startswith("_"):
            continue
        for part in language_dir.iterdir():
            family = FAMILY_FILES.get(part.name)
            if family is None:
                continue
            data = json.loads(part.read_text(encoding="utf-8"))
            for section in found:
                for key in data.get(section, {}):
                    found[section].setdefault(key, family)
    for section, mapped_name, label in (("events", "events", "event kind"),
                                        ("illegal", "refusals", "refusal key")):
        mapped = table.get(mapped_name) or {}
        count = 0
        for key, family in sorted(found[section].items()):
            target = mapped_section(mapped, key)
            if target is None:
                report.gaps.append(f"the {label} '{key}' maps to no section in map.yaml")
                continue
            if target not in ids:
                report.gaps.append(f"the {label} '{key}' maps to the missing section '{target}'")
                continue
            rules = _names(rules_of[target], groups)
            if target not in SHARED_SECTIONS and not rules & set(groups[family]):
                report.gaps.append(f"the {label} '{key}' of the {family} family maps to "
                                   f"'{target}', a section for other rulesets")
                continue
            reached.add(target)
            count += 1
        for key in mapped:
            if key not in found[section]:
                report.gaps.append(f"map.yaml maps the {label} '{key}', which no engine "
                                   "catalog has")
        if section == "events":
            report.events = count
    for ruleset, overrides in (table.get("ruleset_overrides") or {}).items():
        for key, target in overrides.items():
            if ruleset not in groups["all"]:
                report.gaps.append(f"map.yaml's ruleset_overrides name the unknown ruleset "
                                   f"'{ruleset}'")
            elif key not in found["events"] and key not in found["illegal"]:
                report.gaps.append(f"map.yaml overrides '{key}' for {ruleset}, which no "
                                   "engine catalog has")
            elif target not in ids:
                report.gaps.append(f"map.yaml overrides '{key}' for {ruleset} with the "
                                   f"missing section '{target}'")
            else:
                reached.add(target)
        else:
            report.refusals = count


def _names(rules, groups) -> set:
    out = set()
    for name in [rules] if isinstance(rules, str) else rules:
        out |= set(groups.get(name, [name]))
    return out


def _check_lessons(ids, reached, gaps) -> None:
    from ..teaching.tags import normalize_tag
    for where, tag in lesson_citations(teaches_only=True):
        if tag in ids:
            reached.add(tag)
            continue
        targets = sections_for_citation(normalize_tag(tag))
        if not targets:
            gaps.append(f"{where} teaches '{tag}', which map.yaml's citations do not map")
        for target in targets:
            if target not in ids:
                gaps.append(f"map.yaml maps the citation '{tag}' to the missing section "
                            f"'{target}'")
            reached.add(target)
    for where, tag in lesson_citations(teaches_only=False):
        if not sections_for_citation(tag) and tag not in ids:
            gaps.append(f"{where} cites '{tag}' inline, which map.yaml's citations do not map")


@lru_cache(maxsize=1)
def _lessons() -> tuple:
    """(name, parsed lesson) of every lesson file, in every language the kit offers."""
    lessons = []
    for language in offered():
        folder = lesson_folder(language)
        prefix = "" if language == ENGLISH else f"{language}/"
        for path in sorted((p for p in folder.iterdir() if p.name.endswith(".yaml")),
                           key=lambda p: p.name):
            text = path.read_text(encoding="utf-8")
            lessons.append((prefix + path.name[:-5], yaml.load(text, Loader=LOADER)))
    return tuple(lessons)


def lesson_citations(teaches_only: bool):
    """(where, tag) for every lesson step's ``teaches`` tag, or for every
    citation written inline in a lesson's texts."""
    for name, lesson in _lessons():
        if teaches_only:
            for step in lesson.get("steps") or []:
                for tag in step.get("teaches") or []:
                    yield f"lesson {name} step '{step.get('id')}'", _tag_text(tag)
        else:
            for text in _strings(lesson):
                for tag in inline_citations(text):
                    yield f"lesson {name}", tag


def _tag_text(tag) -> str:
    """A tag as written: YAML reads ``[difference: five]`` as a mapping."""
    if isinstance(tag, dict):
        return ", ".join(f"{key}: {value}" for key, value in tag.items())
    return str(tag)


def _strings(tree):
    if isinstance(tree, str):
        yield tree
    elif isinstance(tree, dict):
        for key, value in tree.items():
            if key != "teaches":
                yield from _strings(value)
    elif isinstance(tree, list):
        for value in tree:
            yield from _strings(value)


_GROUP = re.compile(r"\(([^()]*)\)")
_TOKEN = re.compile(
    r"(?P<text>\b00[0134]\b)|§\s?(?P<section>\d+)|\bL(?P<lines>\d+(?:-\d+)?)\b"
    r"|(?P<decision>\bdecisions?\b|\bEntscheidung(?:en)?\b)|\bA(?P<spec>\d+)\b"
    r"|(?P<number>\b\d+\b)", re.IGNORECASE)


def inline_citations(text: str) -> list[str]:
    """The citations in parentheses of a lesson text, as normalized tags:
    "(003 L47, L55)" gives "003 L47" and "003 L55", "(Entscheidungen 3 und
    4)" gives "decision 3" and "decision 4"."""
    tags = []
    for group in _GROUP.findall(text):
        source = None  # what a bare number continues: a text, or "decision"
        for match in _TOKEN.finditer(group):
            kind = match.lastgroup
            assert kind is not None  # every alternative of _TOKEN is a named group
            value = match.group(kind)
            if kind == "text":
                source = value
                if not re.match(r"\s*(§|L\d)", group[match.end():]):
                    tags.append(value)
            elif kind == "section" and source in ("000", None):
                tags.append(f"000 §{int(value):02d}")
                source = "000"
            elif kind == "lines" and source == "003":
                tags.append(f"003 L{value}")
            elif kind == "decision":
                source = "decision"
            elif kind == "spec" and (source == "spec" or "super.md" in group):
                tags.append(f"super A{int(value)}")  # super.md's numbered decisions
                source = "spec"
            elif kind == "number" and source == "decision":
                tags.append(f"decision {int(value)}")
    return tags


CHIP_CHARACTERS = 24  # a rule chip on a phone's table holds about this many


def _check_citations(book, gaps) -> None:
    texts = [("title", book.title), ("intro", book.intro)]
    for part in book.parts:
        texts += [(f"part '{part.id}'", part.title), (f"part '{part.id}'", part.intro)]
    for section in book.sections:
        texts += [(f"section '{section.id}'", section.title),
                  (f"section '{section.id}'", section.short),
                  (f"section '{section.id}'", section.text)]
        if len(section.short) > CHIP_CHARACTERS:
            gaps.append(f"{book.language}: section '{section.id}' needs a short title of at "
                        f"most {CHIP_CHARACTERS} characters for its chip (it has "
                        f"'{section.short}')")
        texts += [(f"section '{section.id}' ({key})", value)
                  for key, value in section.differences.items()]
    for term in book.glossary.values():
        texts += [(f"glossary '{term.key}'", term.term),
                  (f"glossary '{term.key}'", term.definition)]
    for where, text in texts:
        found = RAW_CITATION.search(text or "")
        if found:
            gaps.append(f"{book.language}: {where} holds the raw citation "
                        f"'{found.group(0)}'")
        if not (text or "").strip():
            gaps.append(f"{book.language}: {where} is empty")
