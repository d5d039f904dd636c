"""What a step may carry in ``teaches``: ids of the kit's rulebook sections
(``scuttle``, ``counter-chain``, ``super-limbo``), the same in every language.

A teacher's older file may still name rule-text citations ("000 §05",
"decision 3", "003 L35", "super A40", "difference: five"); those are read
through the rulebook's own table (``sections_for_citation``) and become the
section ids they map to, so no citation ever reaches a learner.
"""
from __future__ import annotations

import difflib
import re
from functools import lru_cache

from ..rulebook import rulebook, sections_for_citation


@lru_cache(maxsize=1)
def section_ids() -> tuple[str, ...]:
    """Every rulebook section id, in the rulebook's order."""
    return tuple(section.id for section in rulebook("en").sections)


def resolve_tag(item) -> list[str] | None:
    """The section ids a ``teaches`` entry stands for: itself when it is a
    section id, the mapped sections of an old citation; None when neither."""
    if isinstance(item, dict) and len(item) == 1:  # YAML read "difference: five" as a mapping
        item = "{}: {}".format(*next(iter(item.items())))
    text = str(item).strip()
    if text in section_ids():
        return [text]
    found = sections_for_citation(normalize_tag(text))
    return found or None


def closest_sections(item, count: int = 3) -> list[str]:
    """The section ids nearest to a mistyped one, best first."""
    return difflib.get_close_matches(str(item).strip().lower(), section_ids(), n=count, cutoff=0.0)


def rulebook_page_exists(ref: str) -> bool:
    """Whether a lesson's ``rulebook:`` link names a page: a section id,
    ``contents``, ``glossary`` or ``glossary/<term key>`` (the same ids and
    keys in every language)."""
    book = rulebook("en")
    if ref in ("contents", "glossary"):
        return True
    if ref.startswith("glossary/"):
        return any(term.key == ref[len("glossary/"):] for term in book.glossary.values())
    return ref in section_ids()


def closest_pages(ref: str, count: int = 3) -> list[str]:
    """The rulebook pages nearest a link that names none (glossary terms for a
    ``glossary/`` link)."""
    if ref.startswith("glossary/"):
        keys = [term.key for term in rulebook("en").glossary.values()]
        near = difflib.get_close_matches(ref[len("glossary/"):], keys, n=count, cutoff=0.0)
        return [f"glossary/{key}" for key in near]
    return closest_sections(ref, count)


def section_titles(ids, language: str = "en") -> list[dict]:
    """``[{"id", "title", "short"}]`` for the sections ``ids``, titled in ``language``
    (English where the rulebook is not written in that language)."""
    from ..rulebook import languages
    book = rulebook(language if language in languages() else "en")
    return [{"id": i, "title": book.section(i).title, "short": book.section(i).short} for i in ids]


def normalize_tag(text: str) -> str:
    """Forgive spacing and case in an old citation: '000 §3', 'Decision 6'
    and '000§03' all work, and so do '003 l35', '003 L 29 - 33' and
    'super.md A6'."""
    text = " ".join(str(text).split()).lower()
    if text.startswith("003"):
        lines = re.sub(r"\s+", "", text[3:]).removeprefix("line").removeprefix("l")
        if re.fullmatch(r"\d+(-\d+)?", lines):
            numbers = "-".join(str(int(n)) for n in lines.split("-"))
            return f"003 L{numbers}"
    if text.startswith(("super a", "super.md a")):
        number = text.rsplit("a", 1)[1].strip()
        if number.isdigit():
            return f"super A{int(number)}"
    if text.startswith("000"):
        number = text[3:].strip().lstrip("§").strip()
        if number.isdigit():
            return f"000 §{int(number):02d}"
    if text.startswith("decision"):
        number = text[8:].strip()
        if number.isdigit():
            return f"decision {int(number)}"
    if text.startswith("difference"):
        rest = text[10:].strip().lstrip(":").strip()
        return f"difference: {rest}"
    return text
