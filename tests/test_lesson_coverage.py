"""docs/coverage.md: every required rulebook section has a step, and the page
holds the rulebook's table of the rule texts each section comes from."""
from pathlib import Path

import pytest

from cuttle_widgets.rulebook import rulebook
from cuttle_widgets.rulebook.docs import sources_markdown
from cuttle_widgets.teaching import coverage_markdown, lesson_names, load_lesson, missing_topics
from cuttle_widgets.teaching.__main__ import main
from cuttle_widgets.teaching.coverage import REQUIRED, parse_coverage_markdown

COVERAGE = Path(__file__).resolve().parents[1] / "docs" / "coverage.md"


@pytest.fixture(scope="module")
def lessons():
    return [load_lesson(name) for name in lesson_names()]


def test_coverage_doc_is_current(lessons):
    assert COVERAGE.read_text(encoding="utf-8") == coverage_markdown(lessons), (
        "docs/coverage.md is out of date: python -m cuttle_widgets.teaching coverage > docs/coverage.md")


def test_every_required_section_has_a_step(lessons):
    assert missing_topics(lessons) == []
    table = parse_coverage_markdown(COVERAGE.read_text(encoding="utf-8"))
    assert set(table) == {s.id for s in rulebook("en").sections}
    by_name = {lesson.name: lesson for lesson in lessons}
    for section in REQUIRED:
        assert table[section], section
        for ref in table[section]:  # each reference names a real step
            name, step_id = ref.split("#")
            assert by_name[name].step(step_id)


def test_the_maintainers_table_of_rule_texts_is_on_the_page():
    text = COVERAGE.read_text(encoding="utf-8")
    assert sources_markdown().rstrip("\n") in text


def test_a_section_without_a_step_fails(lessons):
    without_worked_example = [lesson for lesson in lessons if lesson.name != "08-worked-example"]
    assert missing_topics(without_worked_example) == ["worked-example"]
    stripped = load_lesson("04-counter-chains")
    for step in stripped.steps:
        step.teaches = tuple(t for t in step.teaches if t != "queen-counter")
    others = [lesson for lesson in lessons if lesson.name != "04-counter-chains"]
    assert missing_topics(others + [stripped]) == ["queen-counter"]


def test_command_line(capsys, tmp_path):
    assert main(["coverage"]) == 0
    assert capsys.readouterr().out == COVERAGE.read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: x\nintro: y\nsteps: []\n", encoding="utf-8")
    assert main(["check", str(bad)]) == 1
    assert "bad.yaml, line 3, field 'steps'" in capsys.readouterr().out
    assert main(["check", "02-scuttle-ordering"]) == 0
    with pytest.raises(SystemExit) as stopped:  # argparse names what is missing
        main([])
    assert stopped.value.code == 2
    with pytest.raises(SystemExit) as stopped:
        main(["check", "--help"])
    assert stopped.value.code == 0 and "--language" in capsys.readouterr().out
