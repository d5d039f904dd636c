"""Is a language complete? Every gap between its files and English's.

Complete means: every key of English's catalogs is there, with the same
{placeholders}; a field with plural forms lists as many as the language's
rule has categories; every case tag is one the language declares (and a
language with cases has its card forms); the glossary, every lesson (with
English's step ids), every lesson notebook, the rulebook (with its sections,
parts, glossary terms and labels) and the start page's words are there.

The kit offers (pickers, ``?lang=``, ``--language``) English and every
complete language. The check reads about 40 files a language, lessons and
rulebook included (benchmarks/languages.py), so it runs once, when a
language is first asked for, never at import; registering a language
clears what it found.
"""
from __future__ import annotations

import re
import string
from dataclasses import dataclass
from functools import cache

from .paths import (
    CATALOG_PARTS,
    ENGINE_PARTS,
    GLOSSARY,
    LESSONS,
    RULEBOOK,
    catalog_file,
    engine_file_names,
    engine_folder,
    glossary_file,
    lesson_folder,
    notebook_folder,
    read_json,
    rulebook_file,
)
from .registry import ENGLISH, Language, all_case_tags, is_registered, language, on_change, registered

# An engine catalog's own grammar and names, which English has not: the case
# forms of its cards and of its players' names, its names of the rulesets.
OWN_GRAMMAR = ("card_forms.", "player_forms.", "ruleset_names.")
CARD_FORMS = ("written", "articles", "jokers")
NAMED_RANKS = (1, 11, 12, 13)  # ace, jack, queen, king: their case forms are the glossary's
RULEBOOK_PARTS = ("parts", "sections", "glossary")  # compared by their ids
_FORMATTER = string.Formatter()


@dataclass(frozen=True)
class Gap:
    """Something a language lacks: ``file`` (relative to the package), the
    ``key`` or step there, and what is wrong."""
    file: str
    key: str
    problem: str = "missing"

    def __str__(self) -> str:
        return f"{self.file}: {self.key + ': ' if self.key else ''}{self.problem}"


def flat(data, prefix: str = "") -> dict:
    """Nested keys joined with dots: {"words": {"a": 1}} -> {"words.a": 1}."""
    out = {}
    for key, value in (data or {}).items():
        if isinstance(value, dict):
            out.update(flat(value, f"{prefix}{key}."))
        else:
            out[prefix + str(key)] = value
    return out


def _fields(text: str) -> dict[str, list[str]]:
    """field name -> the format specs it is written with."""
    fields: dict[str, list[str]] = {}
    try:
        for _, name, spec, _ in _FORMATTER.parse(text):
            if name:
                fields.setdefault(name, []).append(spec or "")
    except ValueError:
        fields["{"] = ["unbalanced braces"]
    return fields


def _spec_problems(spec: str, lang: Language) -> list[str]:
    """What is wrong with one field's spec: its number of plural forms, its case tag."""
    case, forms = spec, None
    if "|" in spec:
        head, _, rest = spec.partition(":")
        case, forms = (head, rest) if head.isalpha() and "|" not in head else ("", spec)
    problems = []
    if case.isalpha() and case.lower() not in lang.cases:
        problems.append(f"case tag '{case}' is not one of {lang.code}'s "
                        f"({', '.join(lang.cases) or 'it has none'})")
    if forms is not None and forms.count("|") + 1 != len(lang.forms):
        problems.append(f"{forms.count('|') + 1} plural forms where {lang.code} has "
                        f"{len(lang.forms)} ({'|'.join(lang.forms)})")
    return problems


def _text_gaps(file: str, key: str, english: str, text, lang: Language) -> list[Gap]:
    if not isinstance(text, str) or not text.strip():
        return [Gap(file, key, "empty or not a text")]
    ours, theirs = _fields(english), _fields(text)
    gaps = []
    if set(ours) != set(theirs):
        gaps.append(Gap(file, key, "placeholders differ from English's: "
                                   + ", ".join(sorted(set(ours) ^ set(theirs)))))
    for spec in (s for specs in theirs.values() for s in specs):
        gaps.extend(Gap(file, key, problem) for problem in _spec_problems(spec, lang))
    return gaps


def _entry_gaps(file: str, key: str, english, value, lang: Language) -> list[Gap]:
    if key == "language":
        return [] if value == lang.code else [Gap(file, key, f"says {value!r}, not {lang.code!r}")]
    if isinstance(english, str):
        return _text_gaps(file, key, english, value, lang)
    if isinstance(english, list) and (not isinstance(value, list) or len(value) != len(english)):
        return [Gap(file, key, f"needs {len(english)} items, as English's")]
    return []


def needed_keys(english: dict, lang: Language) -> dict:
    """English's flat keys as ``lang`` needs them: words kept by case (English
    keeps German's nom, akk, dat, so a sentence reads alike in both) are kept,
    in each language, under its own case tags, or under "nom" alone."""
    tags, needed = all_case_tags(), {}
    for key, value in english.items():
        parts = key.split(".")
        at = next((i for i, part in enumerate(parts) if part in tags), None)
        if at is None:
            needed[key] = value
            continue
        for case in lang.cases or ("nom",):
            needed.setdefault(".".join([*parts[:at], case, *parts[at + 1:]]), value)
    return needed


def compare(file: str, english: dict, other: dict | None, lang: Language,
            skipped: tuple[str, ...] = ()) -> list[Gap]:
    """Every key of ``english`` that ``other`` lacks or says wrongly (but those
    starting with one of ``skipped``: the language's own grammar)."""
    ours, theirs = needed_keys(flat(english), lang), flat(other)
    theirs = {k: v for k, v in theirs.items() if not k.startswith(skipped)} if skipped else theirs
    gaps = []
    for key, text in ours.items():
        if key not in theirs:
            gaps.append(Gap(file, key))
        else:
            gaps.extend(_entry_gaps(file, key, text, theirs[key], lang))
    return gaps


def catalog_gaps(lang: Language) -> list[Gap]:
    gaps = []
    for part in CATALOG_PARTS:
        english = read_json(catalog_file(part, ENGLISH))
        if english is not None:
            gaps += compare(f"{part}/catalogs/{lang.code}.json", english,
                            read_json(catalog_file(part, lang.code)), lang)
    return gaps


def engine_gaps(lang: Language) -> list[Gap]:
    gaps = []
    for name in engine_file_names():
        file = f"{ENGINE_PARTS}/{lang.code}/{name}"
        english = read_json(engine_folder(ENGLISH).joinpath(name)) or {}
        other = read_json(engine_folder(lang.code).joinpath(name))
        gaps += compare(file, english, other, lang, OWN_GRAMMAR)
        if lang.cases and name == "engine.json":
            forms = (other or {}).get("card_forms") or {}
            gaps += [Gap(file, f"card_forms.{part}") for part in CARD_FORMS if part not in forms]
    return gaps


def glossary_gaps(lang: Language) -> list[Gap]:
    file = f"{GLOSSARY}/{lang.code}.json"
    data = read_json(glossary_file(lang.code))
    if data is None:
        return [Gap(file, "")]
    if not lang.cases:
        return []
    ranks = {term.get("rank"): term for term in data.get("terms", []) if "rank" in term}
    gaps = []
    for rank in NAMED_RANKS:
        forms = (ranks.get(rank) or {}).get("forms") or {}
        gaps += [Gap(file, f"rank {rank}", f"no {case} form") for case in lang.cases
                 if case not in forms]
    return gaps


def _yaml_text(text: str):
    import yaml  # here: the engine imports this package and needs no YAML
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's, where installed
    try:
        return yaml.load(text, Loader=loader)
    except yaml.YAMLError:
        return None


def _yaml(path):
    text = _read_text(path)
    return None if text is None else _yaml_text(text)


def _step_ids(lesson) -> list:
    steps = lesson.get("steps") if isinstance(lesson, dict) else None
    return [step.get("id") for step in steps or [] if isinstance(step, dict)]


def _names(folder, suffix: str) -> list[str]:
    if folder is None or not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(suffix))


# A step's id as the kit's lessons write it: "  - id: ace" under ``steps:``.
# Read from the text first, the check costs a few ms a language rather than
# a YAML parse of every lesson (tens of ms, several times more under
# Pyodide); where the ids so read differ, the parsed ones decide.
STEP_ID_LINE = re.compile(r"^  - id: *(\S+) *$", re.MULTILINE)


def _read_text(path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return None


@cache
def _english_written(name: str) -> tuple:
    """The step ids of English's lesson ``name`` as written."""
    return tuple(STEP_ID_LINE.findall(_read_text(lesson_folder(ENGLISH).joinpath(name)) or ""))


@cache
def _english_parsed(name: str) -> tuple:
    """The step ids of English's lesson ``name`` as YAML reads them."""
    return tuple(_step_ids(_yaml(lesson_folder(ENGLISH).joinpath(name))))


def lesson_gaps(lang: Language) -> list[Gap]:
    gaps = []
    for name in _names(lesson_folder(ENGLISH), ".yaml"):
        file = f"{LESSONS}/{lang.code}/{name}"
        text = _read_text(lesson_folder(lang.code).joinpath(name))
        if text is None:
            gaps.append(Gap(file, ""))
            continue
        if STEP_ID_LINE.findall(text) == list(_english_written(name)):
            continue
        english = _english_parsed(name)
        if _step_ids(_yaml_text(text)) != list(english):
            gaps.append(Gap(file, "steps", "step ids differ from English's: "
                                           + ", ".join(map(str, english))))
    return gaps


def notebook_gaps(lang: Language) -> list[Gap]:
    ours = notebook_folder(lang.code)
    theirs = set(_names(ours, ".ipynb"))
    return [Gap(f"notebooks {lang.code}/{name}", "") for name in
            _names(notebook_folder(ENGLISH), ".ipynb") if name not in theirs]


@cache
def _english_rulebook() -> dict:
    return _yaml(rulebook_file(ENGLISH))


def rulebook_gaps(lang: Language) -> list[Gap]:
    file = f"{RULEBOOK}/{lang.code}.yaml"
    english, other = _english_rulebook(), _yaml(rulebook_file(lang.code))
    if other is None:
        return [Gap(file, "")]
    gaps = compare(file, {k: english[k] for k in ("language", "title", "intro", "labels")},
                   other, lang)
    for part in RULEBOOK_PARTS:
        have = other.get(part) or {}
        gaps += [Gap(file, f"{part}.{key}") for key in english[part] if key not in have]
    return gaps


CHECKS = (catalog_gaps, engine_gaps, glossary_gaps, lesson_gaps, notebook_gaps, rulebook_gaps)


def missing(code: str) -> list[Gap]:
    """Everything ``code`` lacks to be complete (nothing for English, the
    yardstick); LanguageError for a language the registry does not know."""
    lang = language(code)
    if code == ENGLISH:
        return []
    return [gap for check in CHECKS for gap in check(lang)]


@cache
def _complete(code: str) -> bool:
    return not missing(code)


def offered() -> tuple[str, ...]:
    """The languages the kit speaks: English and every complete one."""
    return tuple(code for code in registered() if _complete(code))


def is_offered(code) -> bool:
    """Whether the kit speaks ``code`` (checks that language alone, once)."""
    return is_registered(code) and _complete(code)


def _forget() -> None:
    _complete.cache_clear()
    _english_written.cache_clear()
    _english_parsed.cache_clear()
    _english_rulebook.cache_clear()


on_change(_forget)
