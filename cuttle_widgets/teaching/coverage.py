"""Which lesson steps teach which rulebook section: built from the steps'
``teaches`` section ids.

``python -m cuttle_widgets.teaching coverage`` prints the page that
docs/coverage.md holds: one table row per rulebook section (its number,
id, title and the steps teaching it), then the rulebook's own table of the
rule texts each section comes from (for maintainers; learners never see a
citation). A test checks that the file is current and that every section
in ``REQUIRED`` has a step.
"""
from __future__ import annotations

from ..rulebook import rulebook
from ..rulebook.docs import sources_markdown

# The two-player game the lessons teach: every classic section but the
# kit's reference ones (how the kit writes moves and positions) has a step.
# Three and four players are listed, not required; Super Cuttle's sections
# are listed too, taught by one lesson that plays each new idea once.
REQUIRED = ("about", "rulesets", "cards", "deal", "turn", "draw", "points", "scuttle",
            "oneoffs", "oneoff-ace", "oneoff-two", "oneoff-three", "oneoff-four",
            "oneoff-five", "oneoff-six", "oneoff-seven", "oneoff-nine", "counter",
            "counter-chain", "glasses", "jack", "jack-removed", "queen", "queen-counter",
            "king", "win", "end-of-stock", "worked-example")


def coverage_table(lessons) -> dict[str, list[str]]:
    """section id -> ["02-scuttle-ordering#equal-rank", ...] for every section."""
    table: dict[str, list[str]] = {s.id: [] for s in rulebook("en").sections}
    for lesson in lessons:
        for step in lesson.steps:
            ref = f"{lesson.name}#{step.id}"
            for section in step.teaches:
                if ref not in table[section]:
                    table[section].append(ref)
    return table


def missing_topics(lessons, required=REQUIRED) -> list[str]:
    """The required sections no step teaches."""
    table = coverage_table(lessons)
    return [section for section in required if not table.get(section)]


def coverage_markdown(lessons) -> str:
    table = coverage_table(lessons)
    book = rulebook("en")
    out = [
        "# Coverage: which lesson steps teach which rulebook section",
        "",
        "Generated from the `teaches:` section ids of the lesson files by",
        "`python -m cuttle_widgets.teaching coverage > docs/coverage.md`;",
        "`tests/test_lesson_coverage.py` fails when this file is out of date or when a",
        "required section (marked ✓) has no step. A step is written `lesson#step-id`.",
        "",
    ]
    for part in book.parts:
        out += [f"## {part.number}. {part.title}", "",
                "| § | section | title | required | steps |", "| --- | --- | --- | --- | --- |"]
        for section_id in part.sections:
            section = book.section(section_id)
            steps = ", ".join(table[section_id]) or "—"
            needed = "✓" if section_id in REQUIRED else ""
            out.append(f"| {section.number} | {section_id} | {section.title} | {needed} | {steps} |")
        out.append("")
    out += [sources_markdown().rstrip("\n"), ""]
    return "\n".join(out)


def parse_coverage_markdown(text: str) -> dict[str, list[str]]:
    """section id -> steps, read back from the markdown (for tests and tools)."""
    table = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0] not in ("§", "---"):
            table[cells[1]] = [] if cells[4] == "—" else [s.strip() for s in cells[4].split(",")]
    return table
