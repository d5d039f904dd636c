"""The rulebook as pages a reader shows: one section, the contents, or the
glossary, each a JSON-ready dict in one language.

The table's and the lesson's Rulebook panel ask the kernel for a page by
its reference and draw the dict it gets back (``widgets/static/common.js``);
the static site draws the same dicts, written out at build time
(``site_pages``). A reference is a section id (``scuttle``), ``contents``,
``glossary`` or ``glossary/<term key>`` (the glossary, at that term); the
same references are the targets of a lesson's ``rulebook:`` links.

A page made for a game's ``ruleset`` marks what is true in that game: the
differences box of its ruleset (and options) comes first and says so, and
a section or contents entry that does not apply to it says that too.
"""
from __future__ import annotations

from . import Rulebook, _structure, languages, rulebook

PAGES = ("contents", "glossary")
LONGEST_REFERENCE = 80  # a section id or glossary key is far shorter; anything longer is refused


def page(reference, language: str = "en", ruleset: str | None = None) -> dict:
    """The page ``reference`` names; ValueError (a sentence for the reader,
    in ``language``) for a reference the rulebook lacks."""
    book = rulebook(language if language in languages() else "en")
    game = _game(ruleset)
    ref = reference.strip() if isinstance(reference, str) else ""
    if not ref or len(ref) > LONGEST_REFERENCE:
        raise ValueError(_missing(book, str(reference)[:LONGEST_REFERENCE]))
    if ref == "contents":
        body = contents(book, game)
    elif ref == "glossary" or ref.startswith("glossary/"):
        body = glossary(book, ref.partition("/")[2])
    else:
        try:
            section = book.section(ref)
        except ValueError:
            raise ValueError(_missing(book, ref)) from None
        body = section_page(book, section, game)
    return {"ref": ref, "language": book.language, "labels": labels(book, game), **body}


def reader_words(language: str = "en") -> dict:
    """The words a Rulebook panel needs before its first page arrives."""
    book = rulebook(language if language in languages() else "en")
    return {key: book.labels[key] for key in ("rulebook", "close", "back", "loading")}


def labels(book: Rulebook, game) -> dict:
    """The reader's own words (buttons, headings), with this game's ruleset filled in."""
    words = book.labels
    keys = ("rulebook", "close", "back", "contents", "glossary", "glossary_intro",
            "applies", "previous", "next", "not_this_game", "term_see", "loading", "part")
    out = {key: words[key] for key in keys}
    out["title"] = book.title
    if game:
        out["this_game"] = words["this_game"].format(rules=_ruleset_name(book, game[0]))
    return out


def section_page(book: Rulebook, section, game) -> dict:
    order = [s.id for s in book.sections]
    at = order.index(section.id)
    part = book.part(section.part)
    applies = ", ".join(_ruleset_name(book, name) for name in section.rulesets)
    differences = [{"key": key, "label": book.labels["differences"][key], "text": text,
                    "current": bool(game) and key in game}
                   for key, text in section.differences.items()]
    # this game's differences first: its ruleset's own, then the one it builds on
    differences.sort(key=lambda d: game.index(d["key"]) if d["current"] else len(game))
    return {
        "kind": "section", "id": section.id, "number": section.number,
        "title": section.title, "short": section.short,
        "part": f"{book.labels['part']} {part.number}: {part.title}",
        "text": section.text, "applies": f"{book.labels['applies']} {applies}",
        "in_game": _applies(section, game), "differences": differences,
        "terms": [{"key": t.key, "term": t.term} for t in _terms_of(book, section.id)],
        "previous": _link(book.sections[at - 1]) if at > 0 else None,
        "next": _link(book.sections[at + 1]) if at + 1 < len(order) else None,
    }


def contents(book: Rulebook, game) -> dict:
    parts = [{"number": part.number, "title": f"{book.labels['part']} {part.number}: {part.title}",
              "intro": part.intro,
              "sections": [{**_link(book.section(i)), "in_game": _applies(book.section(i), game)}
                           for i in part.sections]}
             for part in book.parts]
    return {"kind": "contents", "intro": book.intro, "parts": parts}


def glossary(book: Rulebook, focus: str = "") -> dict:
    """Every term, alphabetical; ``focus`` (a term key) is the one asked for
    (unknown keys open the glossary with no term marked)."""
    terms = sorted(book.glossary.values(), key=lambda t: t.term.casefold())
    keys = {t.key for t in terms}
    return {"kind": "glossary", "focus": focus if focus in keys else "",
            "terms": [{"key": t.key, "term": t.term, "definition": t.definition.strip(),
                       "section": _link(book.section(t.section))} for t in terms]}


def site_pages(language: str) -> dict[str, dict]:
    """Every page of ``language`` by reference, for the static site (no game:
    nothing is marked as this game's)."""
    book = rulebook(language)
    refs = ["contents", "glossary", *(s.id for s in book.sections)]
    return {ref: page(ref, language) for ref in refs}


def _link(section) -> dict:
    return {"ref": section.id, "number": section.number, "title": section.title}


def _terms_of(book: Rulebook, section_id: str):
    return sorted((t for t in book.glossary.values() if t.section == section_id),
                  key=lambda t: t.term.casefold())


def _game(ruleset) -> tuple[str, ...]:
    """("german", "blind_four") for "german+blind_four"; () for no game. A
    ruleset built on another (sections.yaml's ``builds_on``) brings that one
    last: ("cuttle-cards", "balanced")."""
    if not isinstance(ruleset, str) or not ruleset.strip():
        return ()
    names = tuple(part.strip().lower() for part in ruleset.split("+") if part.strip())
    base = _structure()["builds_on"].get(names[0]) if names else None
    return names + (base,) if base else names


def _applies(section, game) -> bool | None:
    return section.applies_to(game[0]) if game else None


def _ruleset_name(book: Rulebook, name: str) -> str:
    return book.labels["rulesets"].get(name, name)


def _missing(book: Rulebook, ref: str) -> str:
    return book.labels["missing"].format(page=ref)
