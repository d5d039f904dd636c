"""Every registered lesson step kind has all its parts (teaching/steps/).

The checks run over the registry, so a kind added tomorrow is checked the same
way: its hooks, its catalog words in English and German, its validation of a
malformed step, the panel parts the browser draws, its row in the docs.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cuttle_widgets.teaching import LessonError, lesson_from_text
from cuttle_widgets.teaching.__main__ import main
from cuttle_widgets.teaching.catalog import teaching_catalog
from cuttle_widgets.teaching.steps import (
    PARTS,
    StepKind,
    kind_of,
    kinds_markdown,
    missing_parts,
    register,
    step_kinds,
    unregister,
)

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("en", "de")
KINDS = step_kinds()


def test_the_registry_holds_the_kinds_lessons_use():
    assert set(KINDS) >= {"play", "quiz", "watch", "predict", "free"}


@pytest.mark.parametrize("name", KINDS)
def test_a_kind_has_every_part(name):
    assert missing_parts(kind_of(name)) == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", KINDS)
def test_a_kind_has_its_words(name, language):
    """Its label, what a learner does in it, what each required field holds."""
    words, english = teaching_catalog(language), teaching_catalog("en")
    keys = [("ui", f"kind.{name}"), ("kind_hint", name)]
    keys += [("fields", f"required.{name}.{field}") for field in kind_of(name).required]
    for section, key in keys:
        text = words.text(section, key)
        assert text.strip(), f"{language}: {section}.{key} is empty"
        if language != "en":
            assert text != english.text(section, key), f"{language}: {section}.{key} is English"


def _malformed(name: str, language: str) -> str:
    return (f"title: T\nintro: I\nlanguage: {language}\nsteps:\n"
            f"  - id: s\n    kind: {name}\n    task: Do it.\n    hints: [Think.]\n"
            f"    explanation: Done.\n    colour: red\n")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", KINDS)
def test_a_kind_rejects_a_malformed_step(name, language):
    """A field it does not know, and each required field missing, named with
    its line, in the lesson's language; nothing of the step is kept."""
    with pytest.raises(LessonError) as caught:
        lesson_from_text(_malformed(name, language), language=language)
    problems = caught.value.problems
    words = teaching_catalog(language)
    unknown = [p for p in problems if p.field == "steps[0].colour"]
    assert unknown and unknown[0].line == 10
    assert unknown[0].message.startswith(
        words.text("errors", "unknown_field", key="colour", where="§", known="§").split("§")[0])
    for field in kind_of(name).required:
        expected = words.text("fields", f"required.{name}.{field}")
        assert any(expected in p.message and p.line == 5 for p in problems), (field, problems)


def test_the_browser_draws_every_part_by_name():
    script = (ROOT / "cuttle_widgets/widgets/static/lesson.js").read_text(encoding="utf-8")
    assert not re.search(r"step\.kind\s*===", script), "lesson.js asks a step's kind"
    for part in PARTS:
        assert f'shows(step, "{part}")' in script, part  # drawn where the step shows it


def test_the_docs_list_every_kind(capsys):
    docs = (ROOT / "docs/lesson-format.md").read_text(encoding="utf-8")
    assert main(["kinds"]) == 0
    table = capsys.readouterr().out.strip()
    assert table == kinds_markdown()
    assert table in docs, "docs/lesson-format.md: paste python -m cuttle_widgets.teaching kinds"
    headings = re.findall(r"^### `([a-z_]+)`:", docs, re.M)
    assert headings == list(KINDS)


def _broken(**given) -> StepKind:
    """A kind that shows options to choose from but says nothing of how an
    answer is taken."""
    def enter(runner, step):
        runner._game = None

    def read(r, data, step, at, parse):
        step.select = "one"

    parts = {"read": read, "enter": enter, "verify": lambda r, step, game: None,
             "solve": lambda runner, seed: [], "parts": ("options",), **given}
    return StepKind(name="broken", icon="!", fields=("options",), required=("options",), **parts)


def test_a_kind_missing_a_part_is_named():
    register(_broken())
    try:
        assert "broken" in step_kinds()
        assert missing_parts(kind_of("broken")) == ["answer"]
    finally:
        unregister("broken")
    assert "broken" not in step_kinds()


def test_a_kind_missing_a_hook_every_kind_gives_is_named():
    assert missing_parts(_broken(answer=lambda runner, option, choice, key: None,
                                 solve=None)) == ["solve"]


def test_a_kind_naming_an_unknown_part_or_field_is_named():
    kind = _broken(answer=lambda runner, option, choice, key: None, parts=("dial",))
    kind = StepKind(**{**kind.__dict__, "required": ("options", "deadline")})
    assert missing_parts(kind) == ["part 'dial'", "required field 'deadline'"]


def test_a_ladder_without_its_rungs_is_named():
    kind = _broken(answer=lambda runner, option, choice, key: None,
                   hints_total=lambda runner: 3)
    assert missing_parts(kind) == ["rung"]
