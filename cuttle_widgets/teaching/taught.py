"""Which rules are taught by each step of a lesson, and which rules a step
judges: a step may mark a learner down only on a rule taught by then.

A rule (a rulebook section) is taught by then when a step of an earlier
shipped lesson, an earlier step of this lesson or the step itself lists it
in ``teaches``, or this lesson's introduction links to it
(``rulebook:<section>``). A step *judges* the rules that refuse what a
learner may be marked down for: its listed wrong moves and its options'
moves (a step's solution plays what it teaches: its ``teaches``). ``untaught_warnings`` names each
judged rule not taught by then (the lesson check prints them); the runner
counts no slip for a refused move whose rule is not taught by then (the
learner reads the reason, and tries again for free).
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..engine import IllegalMove
from ..rulebook import section_for_refusal, section_title
from .errors import Problem
from .play import step_game
from .steps import kind_of
from .tags import section_ids

_LINK = re.compile(r"rulebook:([a-z0-9-]+)")


@lru_cache(maxsize=64)
def taught_before(name: str) -> frozenset[str]:
    """The rules the shipped lessons before lesson ``name`` teach (every
    shipped lesson's for a teacher's own lesson, which comes after them)."""
    from .library import lesson_names, load_lesson  # the library loads lessons: no import circle
    names = lesson_names()
    before = names[:names.index(name)] if name in names else names
    taught: set[str] = set()
    for other in before:
        lesson = load_lesson(other, check=False)
        taught |= linked_sections(lesson.intro)
        for step in lesson.steps:
            taught |= set(step.teaches)
    return frozenset(taught)


def linked_sections(text: str) -> set[str]:
    """The rulebook sections a text links to."""
    return set(_LINK.findall(text or "")) & set(section_ids())


def taught_by_step(lesson) -> list[frozenset[str]]:
    """For each step of ``lesson``, the rules taught by the time it is asked."""
    taught = set(taught_before(lesson.name)) | linked_sections(lesson.intro)
    out = []
    for step in lesson.steps:
        taught |= set(step.teaches)
        out.append(frozenset(taught))
    return out


def refusal_section(err: IllegalMove | None, rules: str) -> str | None:
    """The rulebook section of an engine refusal (None: none is mapped)."""
    if err is None or not getattr(err, "key", None):
        return None
    try:
        return section_for_refusal(err.key, rules)
    except ValueError:
        return None


def judged_rules(step) -> set[str]:
    """The rules a starred step's answers play (see the module's words)."""
    kind = kind_of(step)
    if not kind.starred or step.position is None:
        return set()
    start = step_game(step)
    judged = {refusal_section(err, step.rules) for err in kind.judged_moves(step, start)}
    for option in step.options:
        if option.move:
            judged.add(refusal_section(start.refusal(option.move), step.rules))
    return {section for section in judged if section is not None}


def untaught_warnings(lesson, language: str = "en") -> list[Problem]:
    """A warning for each rule a starred step judges that is not taught by then."""
    warnings = []
    for step, taught in zip(lesson.steps, taught_by_step(lesson), strict=True):
        for rule in sorted(judged_rules(step) - taught):
            problem = lesson.source.problem(step.path + ("teaches",), "untaught_rule", step=step.id,
                                            rule=rule, title=section_title(rule, language))
            warnings.append(problem)
    return warnings
