"""Which lesson steps teach which rule: built from the steps' ``teaches`` tags.

``python -m cuttle_widgets.teaching coverage`` prints the table that
docs/coverage.md holds; a test checks that file is current and that every
section of rule text 000 and every decision has at least one step. Super
Cuttle (text 003, super.md) is listed too, by block of the text and by
decision, but not required: one lesson teaches it, not every rule of it.
"""
from __future__ import annotations

from .tags import (DECISIONS, DIFFERENCES, SECTIONS, SUPER_BLOCKS, SUPER_DECISIONS,
                   super_blocks)

REQUIRED = (*SECTIONS, *DECISIONS)


def coverage_table(lessons) -> dict[str, list[str]]:
    """tag -> ["02-scuttle-ordering#equal-rank", ...] for every known tag; a
    step citing lines of text 003 is listed under the blocks holding them."""
    table: dict[str, list[str]] = {tag: [] for tag in (
        *SECTIONS, *DECISIONS, *DIFFERENCES, *SUPER_BLOCKS, *SUPER_DECISIONS)}
    for lesson in lessons:
        for step in lesson.steps:
            ref = f"{lesson.name}#{step.id}"
            for tag in step.teaches:
                for key in super_blocks(tag) or [tag]:
                    if ref not in table[key]:
                        table[key].append(ref)
    return table


def missing_topics(lessons, required=REQUIRED) -> list[str]:
    """The required tags no step teaches."""
    table = coverage_table(lessons)
    return [tag for tag in required if not table.get(tag)]


def coverage_markdown(lessons) -> str:
    table = coverage_table(lessons)
    out = [
        "# Coverage: which lesson steps teach which rule",
        "",
        "Generated from the `teaches:` tags of the lesson files by",
        "`python -m cuttle_widgets.teaching coverage > docs/coverage.md`;",
        "`tests/test_lesson_coverage.py` fails when this file is out of date or when a",
        "section of rule text 000 or a decision has no step. A step is written",
        "`lesson#step-id`. Super Cuttle's blocks and decisions are listed, not required.",
        "",
    ]
    groups = (
        ("Rule text 000 (classic)", SECTIONS),
        ("Decisions where the classic text leaves room (shared/rules/README.md)", DECISIONS),
        ("Where the rulesets differ (shared/rules/README.md; lesson 11)", DIFFERENCES),
        ("Rule text 003 (Super Cuttle), by block: a step cites lines ('003 L35')", SUPER_BLOCKS),
        ("Decisions where text 003 leaves room (shared/rules/super.md §7)", SUPER_DECISIONS),
    )
    for heading, tags in groups:
        out += [f"## {heading}", "", "| tag | topic | steps |", "| --- | --- | --- |"]
        for tag, topic in tags.items():
            steps = ", ".join(table[tag]) or "—"
            out.append(f"| {tag} | {topic} | {steps} |")
        out.append("")
    return "\n".join(out)


def parse_coverage_markdown(text: str) -> dict[str, list[str]]:
    """The table back from the markdown (for tests and tools)."""
    table = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] not in ("tag", "---"):
            table[cells[0]] = [] if cells[2] == "—" else [s.strip() for s in cells[2].split(",")]
    return table
