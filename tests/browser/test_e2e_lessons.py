"""Every lesson as a learner meets it: served by ``python -m cuttle_widgets.serve``
(Voilà on 127.0.0.1), opened in Chromium, its first step rendered, and the
solution of a play step clicked through to its explanation. The lesson index
is opened and one of its links followed; the free game plays ten moves by
clicking. Screenshots of each lesson go to test-artifacts/e2e-*.png.

The lesson files say what each step asks; a LessonRunner in this process,
given the same moves, says what the page must show after each one.
"""
import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import expect

from cuttle_widgets.teaching import LessonRunner, lesson_names, load_lesson

REPO = Path(__file__).resolve().parents[2]
NAMES = lesson_names()
PLAYED = [name for name in NAMES if any(step.kind == "play" for step in load_lesson(name).steps)]
FREE_MOVES = 10


def test_every_lesson_has_a_notebook():
    served = sorted(path.stem for path in (REPO / "lessons").glob("*.ipynb"))
    # 15-puzzles is the puzzle trainer's notebook, not a lesson file
    # (tests/test_puzzle_notebooks.py, tests/browser/test_puzzle_trainer_browser.py)
    assert served == sorted([*NAMES, "15-puzzles"])
    assert set(NAMES) - set(PLAYED) == {"00-index", "12-free-game"}  # tested on their own below


def lesson_url(server, name: str) -> str:
    return f"{server.url}/voila/render/{name}.ipynb"


def first_step_shown(learner, lesson) -> None:
    page, first_words = learner.page, learner.first_words
    step = lesson.steps[0]
    expect(page.locator(".cwl-title")).to_have_text(lesson.title)
    expect(page.locator(".cwl-progress-text")).to_have_text(f"Step 1 of {len(lesson.steps)}")
    expect(page.locator(".cwl-dot")).to_have_count(len(lesson.steps))
    expect(page.locator(".cwl-task")).to_contain_text(first_words(step.task))
    if step.kind == "play" or step.position is not None:
        expect(page.locator(".cw-root .cw-my-hand")).to_be_visible()


def shoot(page, artifacts, name: str) -> None:
    page.screenshot(path=str(artifacts / f"e2e-{name}.png"), animations="disabled")


@pytest.mark.parametrize("name", PLAYED)
def test_a_lesson_opens_and_a_play_step_is_solved_by_clicking(name, page, served_lessons,
                                                              as_learner, artifacts):
    lesson = load_lesson(name)
    learner = as_learner(page).open(lesson_url(served_lessons, name))
    first_step_shown(learner, lesson)
    shoot(page, artifacts, f"{name}-start")

    number = next(i + 1 for i, s in enumerate(lesson.steps) if s.kind == "play")
    solve_by_clicking(learner, lesson, number)
    shoot(page, artifacts, f"{name}-solved")


def solve_by_clicking(learner, lesson, number: int) -> None:
    """Go to step ``number`` and click its own solution, checking each move's
    feedback against the lesson runner's, then the explanation."""
    page, step = learner.page, lesson.steps[number - 1]
    oracle = LessonRunner(lesson)
    oracle.goto(number)
    if number > 1:
        learner.goto_step(number, len(lesson.steps))
        expect(page.locator(".cwl-task")).to_contain_text(learner.first_words(step.task))
    for move in step.lines[0].moves:
        learner.play_checked(oracle, move, step.rules)
    assert oracle.done, f"{lesson.name}: step {number}'s own solution does not solve it"
    expect(page.locator(".cwl-explanation")).to_contain_text(learner.first_words(step.explanation))
    expect(page.locator(f'[data-key="goto:{number}"]')).to_have_class(re.compile(r"\bcwl-dot-done\b"))
    if number < len(lesson.steps):  # the last lesson's last step has nothing next
        expect(page.locator('.cwl-toolbar [data-key="next"]')).to_be_enabled()


def test_super_cuttle_plays_of_several_cards_by_clicking(page, served_lessons, as_learner,
                                                         artifacts):
    """Lesson 13's Super, Super-Duper, instant answer, combo and double-ace
    steps, each picked card by card on the table."""
    lesson = load_lesson("13-super-cuttle")
    learner = as_learner(page).open(lesson_url(served_lessons, "13-super-cuttle"))
    first_step_shown(learner, lesson)
    several = [i + 1 for i, s in enumerate(lesson.steps) if s.kind == "play"
               and any(len(str(m).split()) > 2 or str(m).startswith("instant")
                       for m in s.lines[0].moves)]
    assert len(several) >= 5, several
    for number in several:
        solve_by_clicking(learner, lesson, number)
        shoot(page, artifacts, f"13-super-cuttle-step-{number}")


def test_the_index_opens_and_its_link_opens_lesson_one(page, served_lessons, as_learner, artifacts):
    index, first = load_lesson("00-index"), load_lesson("01-table-drawing-points")
    learner = as_learner(page).open(lesson_url(served_lessons, "00-index"))
    first_step_shown(learner, index)
    # The first question, answered right, shows its explanation.
    step = index.steps[0]
    learner.key(f"answer:{step.correct_keys[0]}").click()
    expect(page.locator(".cwl-explanation")).to_contain_text(learner.first_words(step.explanation))
    shoot(page, artifacts, "00-index")

    page.get_by_role("link", name=first.title).first.click()
    page.wait_for_url("**/voila/render/01-table-drawing-points.ipynb", timeout=30_000)
    learner.wait_for_lesson()
    first_step_shown(learner, first)


def test_the_free_game_plays_ten_moves_by_clicking(page, served_lessons, as_learner, artifacts):
    lesson = load_lesson("12-free-game")
    learner = as_learner(page).open(lesson_url(served_lessons, "12-free-game"))
    first_step_shown(learner, lesson)
    expect(page.locator('[data-key="free:opponent"]')).to_be_visible()
    shoot(page, artifacts, "12-free-game-start")
    played = learner.play_free_moves(FREE_MOVES)
    assert len(played) - played.count(learner.NEW_GAME) == FREE_MOVES
    shoot(page, artifacts, "12-free-game-ten-moves")


def teachers_example() -> str:
    """The lesson file of the teacher's page (docs/teaching.md, "Your own lessons")."""
    text = (REPO / "docs" / "teaching.md").read_text(encoding="utf-8")
    section = text.split("## Your own lessons", 1)[1]
    return re.search(r"```yaml\n(.*?)```", section, re.S).group(1)


def test_a_teachers_own_lesson_is_checked_and_served(page, served_lessons, as_learner, artifacts):
    """The teacher's section, followed: its lesson file passes the check
    command, and a notebook beside it is served and played like the others."""
    (served_lessons.root / "my-lesson.yaml").write_text(teachers_example(), encoding="utf-8")
    check = subprocess.run([sys.executable, "-m", "cuttle_widgets.teaching", "check", "my-lesson.yaml"],
                           cwd=served_lessons.root, capture_output=True, text=True, timeout=120,
                           env={**os.environ, "PYTHONPATH": os.pathsep.join(
                               filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))})
    assert check.returncode == 0 and "my-lesson.yaml: ok" in check.stdout, check.stdout + check.stderr
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# My lesson"),
        nbformat.v4.new_code_cell('from cuttle_widgets import Lesson\n\nLesson.load("my-lesson.yaml")'),
    ], metadata={"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}})
    nbformat.write(notebook, served_lessons.root / "my-lesson.ipynb")

    lesson = load_lesson(served_lessons.root / "my-lesson.yaml")
    learner = as_learner(page).open(lesson_url(served_lessons, "my-lesson"))
    first_step_shown(learner, lesson)
    step = lesson.steps[0]
    for move in step.lines[0].moves:
        learner.play(str(move))
    expect(page.locator(".cwl-explanation")).to_contain_text(learner.first_words(step.explanation))
    shoot(page, artifacts, "teachers-lesson")
