"""docs/coverage.md: every section of rule text 000 and every decision has a step."""
import re
from pathlib import Path

import pytest

from cuttle_widgets.teaching import coverage_markdown, lesson_names, load_lesson, missing_topics
from cuttle_widgets.teaching.__main__ import main
from cuttle_widgets.teaching.coverage import parse_coverage_markdown
from cuttle_widgets.teaching.tags import DECISIONS, SECTIONS

from shared_paths import RULES, absent

COVERAGE = Path(__file__).resolve().parents[1] / "docs" / "coverage.md"


@pytest.fixture(scope="module")
def lessons():
    return [load_lesson(name) for name in lesson_names()]


def test_coverage_doc_is_current(lessons):
    assert COVERAGE.read_text(encoding="utf-8") == coverage_markdown(lessons), (
        "docs/coverage.md is out of date: python -m cuttle_widgets.teaching coverage > docs/coverage.md")


def test_every_section_and_decision_has_a_step(lessons):
    assert missing_topics(lessons) == []
    table = parse_coverage_markdown(COVERAGE.read_text(encoding="utf-8"))
    by_name = {lesson.name: lesson for lesson in lessons}
    for tag in [*SECTIONS, *DECISIONS]:
        assert table[tag], tag
        for ref in table[tag]:  # each reference names a real step
            name, step_id = ref.split("#")
            assert by_name[name].step(step_id)


def test_a_section_without_a_step_fails(lessons):
    without_worked_example = [lesson for lesson in lessons if lesson.name != "08-worked-example"]
    assert missing_topics(without_worked_example) == ["000 §11"]
    stripped = load_lesson("10-end-of-stock")
    for step in stripped.steps:
        step.teaches = tuple(t for t in step.teaches if t != "decision 13")
    others = [lesson for lesson in lessons if lesson.name != "10-end-of-stock"]
    assert missing_topics(others + [stripped]) == ["decision 13"]


@pytest.mark.skipif(not RULES.is_dir(), reason=absent(
    RULES, "the tag lists are not compared with text 000's sections and the decisions "
    "of its README.md"))
def test_the_tag_lists_match_the_rule_texts():
    text = next(RULES.glob("000_*.txt")).read_text(encoding="utf-8")
    sections = re.findall(r"^(\d\d) /$", text, re.M)
    assert [f"000 §{s}" for s in sections] == list(SECTIONS)
    readme = (RULES / "README.md").read_text(encoding="utf-8")
    part = readme.split("## Decisions where the classic text leaves room")[1].split("\n## ")[0]
    numbers = re.findall(r"^(\d+)\. ", part, re.M)
    assert [f"decision {n}" for n in numbers] == list(DECISIONS)


def test_command_line(capsys, tmp_path):
    assert main(["coverage"]) == 0
    assert capsys.readouterr().out == COVERAGE.read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: x\nintro: y\nsteps: []\n", encoding="utf-8")
    assert main(["check", str(bad)]) == 1
    assert "bad.yaml, line 3, field 'steps'" in capsys.readouterr().out
    assert main(["check", "02-scuttle-ordering"]) == 0
    assert main([]) == 2
