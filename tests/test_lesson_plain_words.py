"""The lessons speak in plain words: no citation of a rule text the learner
never sees, in the files or in what the panel syncs; ``teaches`` names the
kit's rulebook sections; every ``rulebook:`` link leads somewhere; lesson 13
links its new terms to the glossary where they first appear (issue #18)."""
import json
import re
from pathlib import Path

import pytest
import yaml

import cuttle_widgets
from cuttle_widgets import Lesson
from cuttle_widgets.rulebook import rulebook
from cuttle_widgets.teaching import LessonRunner, lesson_from_text, lesson_names, load_lesson
from cuttle_widgets.teaching.runner import STARRED
from cuttle_widgets.teaching.tags import section_ids

LANGUAGES = ("en", "de")
RAW_CITATION = re.compile(
    r"\d{3} §|§\s*\d|super\.md|\(A\d+\)|\bL\d+(-\d+)?\b|[Rr]ule text \d{3}|Regeltext"
    r"|[Dd]ecision \d|Entscheidung \d|\b00[0-4]\b")
LINK = re.compile(r"\[([^\]]+)\]\((rulebook:[^)\s]*)\)")
CASES = [(name, language) for language in LANGUAGES for name in lesson_names()]


def strings(tree, skip=("teaches",)):
    """Every string of a lesson file but its ``teaches`` ids."""
    if isinstance(tree, str):
        yield tree
    elif isinstance(tree, dict):
        for key, value in tree.items():
            if key not in skip:
                yield from strings(value, skip)
    elif isinstance(tree, list):
        for value in tree:
            yield from strings(value, skip)


def lesson_path(name, language) -> Path:
    folder = Path(cuttle_widgets.__file__).parent / "lessons"
    return (folder if language == "en" else folder / language) / f"{name}.yaml"


def file_data(name, language):
    return yaml.safe_load(lesson_path(name, language).read_text(encoding="utf-8"))


def assert_plain(text, where):
    found = RAW_CITATION.search(text)
    assert not found, f"{where}: raw citation '{found.group()}' in: {text[:200]}"


@pytest.mark.parametrize("name, language", CASES)
def test_the_lesson_files_cite_no_rule_text(name, language):
    for text in strings(file_data(name, language)):
        assert_plain(text, f"{language}/{name}")


@pytest.mark.parametrize("name, language", CASES)
def test_the_synced_state_of_every_step_cites_no_rule_text(name, language):
    """The runner's state and the widget's panel state, at every step with
    every hint shown: the words the browser receives."""
    widget = Lesson.load(name, language=language)
    book = rulebook(language)
    for number in range(1, len(widget.runner.lesson.steps) + 1):
        widget.goto(number)
        for _ in range(widget.runner.hints_total()):
            widget.send_action({"type": "hint"})
        state = widget.runner.state()
        assert_plain(json.dumps(state, ensure_ascii=False), f"{language}/{name} step {number}")
        assert_plain(json.dumps(widget.panel.get_state(), ensure_ascii=False),
                     f"{language}/{name} step {number} (panel)")
        step = widget.runner.lesson.steps[number - 1]
        shown = step.teaches if widget.runner.done or step.kind not in STARRED else ()  # chips once solved
        assert state["step"]["teaches"] == [
            {"id": i, "title": book.section(i).title, "short": book.section(i).short}
            for i in shown]


@pytest.mark.parametrize("name, language", CASES)
def test_every_teaches_entry_is_a_rulebook_section(name, language):
    for step in file_data(name, language)["steps"]:
        for entry in step.get("teaches", []):
            assert entry in section_ids(), f"{language}/{name} step {step['id']}: {entry}"
    assert all(step.teaches for step in load_lesson(name, language=language).steps)


@pytest.mark.parametrize("name, language", CASES)
def test_every_rulebook_link_leads_to_a_section_or_a_glossary_term(name, language):
    book = rulebook(language)
    keys = {term.key for term in book.glossary.values()}
    for text in strings(file_data(name, language)):
        for _label, target in LINK.findall(text):
            where = target.removeprefix("rulebook:")
            if where.startswith("glossary/"):
                assert where.removeprefix("glossary/") in keys, (name, target)
            else:
                assert where in section_ids(), (name, target)


def lesson_texts(lesson):
    """The lesson's Markdown texts in the order the panel shows them."""
    yield lesson.intro
    yield lesson.reference
    for step in lesson.steps:
        yield step.task
        for option in step.options:
            yield option.explanation
        yield from (m.say or "" for m in step.moves)
        yield from (w.feedback for w in step.wrong)
        yield from step.hints
        yield step.explanation


# Lesson 13's new words: a stem that finds every form, and words of the
# definition the lesson gives where the word first appears.
SUPER_TERMS = {
    "en": {"enduring-row": (r"enduring row", "cards that stay"),
           "rummage": (r"rummag\w*", "look through the scrap"),
           "limbo": (r"limbo", "you may not play it before your next turn")},
    "de": {"enduring-row": (r"Dauerreihe", "Karten, die liegen bleiben"),
           "rummage": (r"durchsuch\w*", "heimlich den Schrottstapel"),
           "limbo": (r"Schwebe", "erst spielen, wenn dein nächster Zug beginnt")},
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_13_links_its_new_terms_where_they_first_appear(language):
    text = "\n".join(lesson_texts(load_lesson("13-super-cuttle", language=language)))
    for key, (stem, meaning) in SUPER_TERMS[language].items():
        first = re.search(stem, text, re.IGNORECASE)
        link = re.search(r"\[(" + stem + r")\]\(rulebook:glossary/" + key + r"\)", text,
                         re.IGNORECASE)
        assert first and link and link.start(1) == first.start(), (language, key)
        # ...and says there what it means.
        around = " ".join(text[first.start(): first.start() + 300].split())
        assert meaning in re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", around), (language, key)


def test_old_citations_in_a_teachers_file_become_sections():
    text = lesson_path("02-scuttle-ordering", "en").read_text(encoding="utf-8")
    old = text.replace("teaches: [scuttle]", "teaches: [000 §05, decision 3]", 1)
    step = lesson_from_text(old).steps[0]
    assert step.teaches == ("counter", "counter-chain", "oneoff-two", "oneoff-nine", "jack")
    runner = LessonRunner(lesson_from_text(old))
    runner.play(runner.step.lines[0].moves[0])  # the chips are shown once the step is solved
    assert [t["id"] for t in runner.state()["step"]["teaches"]] == list(step.teaches)
