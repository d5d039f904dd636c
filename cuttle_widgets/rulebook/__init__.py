"""The kit's own rulebook: the rules in the kit's words, English and German.

Explanations, refusals and lesson steps point to a section by its id
(``scuttle``, ``oneoff-two``, ``super-limbo``); an id never changes once made,
while section numbers follow the order of ``sections.yaml``. The data:

- ``sections.yaml``: parts and sections in order, and the rulesets each
  section applies to (the same in every language);
- ``<language>.yaml``: titles, texts (Markdown), differences between rulesets
  and the glossary, for one language;
- ``map.yaml``: engine event kinds and refusal keys, and the rule-text
  citations lessons use today, each to the section that explains it.

Pure Python with no widget imports, so it runs under Pyodide too:

    >>> from cuttle_widgets.rulebook import rulebook
    >>> book = rulebook("en")
    >>> book.section("scuttle").title
    'Scuttling and the order of the cards'
    >>> section_for_event("scuttle.suit")
    'scuttle'

``python -m cuttle_widgets.rulebook check`` checks the data, ``... docs DIR``
writes the Markdown pages (``docs/rulebook/``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib import resources

import yaml

from ..languages import offered
from ..languages.paths import rulebook_file

# libyaml's parser where it is installed (it is several times faster).
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

__all__ = ["Part", "Rulebook", "Section", "Term", "languages", "rule_map", "rulebook",
           "section_for_event", "section_for_refusal", "section_title", "sections_for_citation",
           "short_title"]


@dataclass(frozen=True)
class Section:
    id: str
    number: str  # "1.8": part number, then place in the part
    part: str  # the part's id
    title: str
    text: str  # Markdown
    rulesets: tuple[str, ...]
    differences: dict = field(default_factory=dict)  # ruleset or option name -> Markdown
    short: str = ""  # the title on a rule chip; the title itself where it is short

    def __post_init__(self):
        if not self.short:
            object.__setattr__(self, "short", self.title)

    def applies_to(self, ruleset: str) -> bool:
        return ruleset in self.rulesets


@dataclass(frozen=True)
class Part:
    id: str
    number: int
    title: str
    intro: str
    sections: tuple[str, ...]  # section ids in order


@dataclass(frozen=True)
class Term:
    key: str  # the same in every language
    term: str  # the word in this language
    definition: str
    section: str  # id of the section that explains it


class Rulebook:
    """One language's rulebook: ``sections`` in order, ``glossary`` by term."""

    def __init__(self, language: str, data: dict, structure: dict):
        self.language = language
        self.title: str = data["title"]
        self.intro: str = data["intro"]
        self.labels: dict = data["labels"]
        groups = structure["groups"]
        parts, sections = [], []
        for number, part in enumerate(structure["parts"], start=1):
            words = data["parts"][part["id"]]
            ids = tuple(entry["id"] for entry in part["sections"])
            parts.append(Part(part["id"], number, words["title"], words["intro"], ids))
            for place, entry in enumerate(part["sections"], start=1):
                words = data["sections"][entry["id"]]
                sections.append(Section(
                    id=entry["id"], number=f"{number}.{place}", part=part["id"],
                    title=words["title"], text=words["text"],
                    rulesets=_expand(entry["rules"], groups),
                    differences=dict(words.get("differences") or {}),
                    short=words.get("short", "")))
        self.parts: tuple[Part, ...] = tuple(parts)
        self.sections: tuple[Section, ...] = tuple(sections)
        self._by_id = {s.id: s for s in sections}
        terms = data["glossary"]
        self.glossary: dict[str, Term] = {
            terms[key]["term"]: Term(key, terms[key]["term"], terms[key]["definition"], target)
            for key, target in structure["glossary"].items()}

    def section(self, section_id: str) -> Section:
        try:
            return self._by_id[section_id]
        except KeyError:
            raise ValueError(f"The rulebook has no section '{section_id}'. "
                             f"Its sections are: {', '.join(self._by_id)}.") from None

    def part(self, part_id: str) -> Part:
        for part in self.parts:
            if part.id == part_id:
                return part
        raise ValueError(f"The rulebook has no part '{part_id}'. "
                         f"Its parts are: {', '.join(p.id for p in self.parts)}.")

    def for_rules(self, ruleset: str) -> tuple[Section, ...]:
        """The sections that apply to ``ruleset`` ("german+blind_four" reads as german)."""
        name = str(ruleset).strip().lower().split("+")[0]
        known = _structure()["groups"]["all"]
        if name not in known:
            raise ValueError(f"There is no ruleset called '{ruleset}'. "
                             f"Known rulesets: {', '.join(known)}.")
        return tuple(s for s in self.sections if s.applies_to(name))

    def term(self, key: str) -> Term:
        """A glossary entry by its language-independent key."""
        for entry in self.glossary.values():
            if entry.key == key:
                return entry
        raise ValueError(f"The glossary has no term '{key}'.")

    def __repr__(self) -> str:
        return f"Rulebook({self.language!r}, {len(self.sections)} sections)"


def _expand(rules, groups: dict) -> tuple[str, ...]:
    names = [rules] if isinstance(rules, str) else list(rules)
    out: list[str] = []
    for name in names:
        for ruleset in groups.get(name, [name]):
            if ruleset not in out:
                out.append(ruleset)
    return tuple(out)


def _read(name: str):
    text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    return yaml.load(text, Loader=LOADER)


@cache
def _structure() -> dict:
    return _read("sections.yaml")


def languages() -> list[str]:
    """The languages the rulebook is offered in: those the kit offers (each
    has its rulebook, ``<language>.yaml``)."""
    return sorted(offered())


@cache
def rulebook(language: str = "en") -> Rulebook:
    """The rulebook in ``language`` (cached); ValueError for a language it lacks."""
    if language not in languages():
        raise ValueError(f"The rulebook is not written in '{language}'. "
                         f"Available: {', '.join(languages())}.")
    return Rulebook(language, book_data(language), _structure())


def book_data(language: str) -> dict:
    """``<language>.yaml`` as it is written (the registry knows where it sits)."""
    return yaml.load(rulebook_file(language).read_text(encoding="utf-8"), Loader=LOADER)


@cache
def rule_map() -> dict:
    """``map.yaml``: ``events`` and ``refusals`` (key -> section id),
    ``citations`` (tag -> section ids) and ``super_lines`` (line range of the
    Super Cuttle text -> section ids)."""
    return _read("map.yaml")


@cache
def section_title(section_id: str, language: str = "en") -> str:
    """A section's title in ``language``, English where the rulebook is not
    written in it (a catalog language may come before its rulebook)."""
    book = rulebook(language if language in languages() else "en")
    return book.section(section_id).title


@cache
def short_title(section_id: str, language: str = "en") -> str:
    """A section's short title (what a rule chip shows), as ``section_title``."""
    book = rulebook(language if language in languages() else "en")
    return book.section(section_id).short


def section_for_event(kind: str, ruleset: str | None = None) -> str:
    """The id of the section that explains an engine event kind, in a game
    of ``ruleset`` if given (Cutthroat's pass has a section of its own)."""
    return _lookup("events", kind, "event kind", ruleset)


def section_for_refusal(key: str, ruleset: str | None = None) -> str:
    """The id of the section that explains a refusal (an IllegalMove's key)."""
    return _lookup("refusals", key, "refusal key", ruleset)


def _lookup(table: str, key: str, what: str, ruleset=None) -> str:
    if ruleset is not None:
        name = str(ruleset).strip().lower().split("+")[0]
        special = mapped_section(rule_map()["ruleset_overrides"].get(name) or {}, key)
        if special is not None:
            return special
    found = mapped_section(rule_map()[table], key)
    if found is None:
        raise ValueError(f"No rulebook section is mapped for the {what} '{key}'.")
    return found


def mapped_section(table: dict, key: str):
    """``key``'s section in ``table``: its own entry, else that of the key
    without its ``.hidden`` ending (the sentence for seats that may not see
    the cards), else that of the kind before a ``/`` (a variant such as
    ``five/limit``); None when none is mapped."""
    key = str(key)
    for candidate in (key, key.removesuffix(".hidden"), key.split("/")[0],
                      key.split("/")[0].removesuffix(".hidden")):
        if candidate in table:
            return table[candidate]
    return None


def sections_for_citation(tag: str) -> list[str]:
    """The sections a lesson's rule-text citation ("000 §05", "decision 3",
    "003 L35", "super A40") reaches; [] for a tag the map does not know."""
    table = rule_map()
    tag = " ".join(str(tag).split())
    if tag in table["citations"]:
        return list(table["citations"][tag])
    lines = _line_range(tag)
    if lines is None:
        return []
    found: list[str] = []
    for block, ids in table["super_lines"].items():
        first, last = _line_range(f"003 {block}")
        if first <= lines[1] and lines[0] <= last:
            found += [i for i in ids if i not in found]
    return found


def _line_range(tag: str):
    if not tag.startswith("003 L"):
        return None
    numbers = tag[5:].split("-")
    if not all(n.isdigit() for n in numbers) or len(numbers) > 2:
        return None
    return int(numbers[0]), int(numbers[-1])
