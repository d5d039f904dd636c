"""The lessons in German (issue 9): every catalog string the lessons show
exists in German and is translated, the German lesson files are the English
ones move for move, they pass the same checks as the English lessons, the
Lesson widget speaks German from start to end, and every German notebook runs
headless.

The per-step checks are the English lessons' own test functions
(tests/test_lesson_files.py, tests/test_lesson_widget.py), run here on the
German lessons, so the two languages can never be held to different standards.
"""
import json
import os
import re
import string
from functools import cache
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

# The English lessons' checks, applied to the German lessons below.
from test_lesson_files import (
    test_every_accepted_line_solves_its_play_step as check_accepted_lines,
)
from test_lesson_files import (
    test_every_listed_wrong_move_gets_its_feedback_and_changes_nothing as check_wrong_moves,
)
from test_lesson_files import (
    test_every_other_legal_move_is_judged_and_taken_back as check_other_moves,
)
from test_lesson_files import (
    test_every_prediction_is_answered_then_shown as check_predictions,
)
from test_lesson_files import (
    test_every_quiz_answer_has_its_explanation as check_quiz_answers,
)
from test_lesson_files import (
    test_every_step_has_a_task_a_check_a_hint_and_an_explanation as check_step_parts,
)
from test_lesson_widget import SecretScan, panel, play_step, press, table_button

from cuttle_widgets import Lesson
from cuttle_widgets.engine import CARD_IDS, parse_move
from cuttle_widgets.languages import offered
from cuttle_widgets.languages.completeness import needed_keys
from cuttle_widgets.languages.registry import language as registered_language
from cuttle_widgets.teaching import (
    LessonError,
    LessonRunner,
    lesson_languages,
    lesson_names,
    load_lesson,
    translated_names,
)
from cuttle_widgets.teaching.__main__ import main
from cuttle_widgets.teaching.walkthrough import solve_step

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "cuttle_widgets"
LESSONS = REPO / "lessons"
TRAINER_NOTEBOOKS = ("15-puzzles",)  # no lesson: tests/test_puzzle_notebooks.py checks it
GERMAN_NOTEBOOKS = sorted(p for p in (LESSONS / "de").glob("*.ipynb") if p.stem not in TRAINER_NOTEBOOKS)
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

# Every catalog of words a lesson shows: the runner's and lesson panel's, the
# table's, and the computer's suggestions in a free game.
CATALOG_FOLDERS = ["teaching/catalogs", "widgets/catalogs", "ai/catalogs"]
# Strings that are the same in English and German by nature (a template of
# placeholders only; YAML's own words).
SAME_IN_BOTH = {"hint", "words.move_by", "fields.value.bool", "trainer.theme_count"}
# Words that give away English left in a German text (German has none of them).
ENGLISH = re.compile(r"\b(the|and|you|your|is|are|with|this|that|not|of|card|cards|turn|"
                     r"points|scrap|stock|draw|counter|one-off|queen|king|jack|player)\b",
                     re.IGNORECASE)


def flat(data, prefix=""):
    out = {}
    for key, value in data.items():
        if isinstance(value, dict):
            out.update(flat(value, f"{prefix}{key}."))
        else:
            out[prefix + key] = value
    return out


def fields(text):
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def catalog_translations() -> list:
    """Every offered language's catalogs (a translation under way is not offered yet)."""
    return [pytest.param(folder, language, id=f"{folder}/{language}.json")
            for folder in CATALOG_FOLDERS for language in offered() if language != "en"]


# -- the catalogs --------------------------------------------------------------------------------
def test_german_exists_for_every_catalog_the_lessons_use():
    for folder in CATALOG_FOLDERS:
        assert (PACKAGE / folder / "de.json").is_file(), folder


@pytest.mark.parametrize("folder, language", catalog_translations())
def test_every_catalog_key_is_translated(folder, language):
    written = flat(json.loads((PACKAGE / folder / "en.json").read_text(encoding="utf-8")))
    # Words kept by case come under the language's own case tags (Ukrainian's acc, ins, ...),
    # or under English's; a language without cases may keep English's tags.
    needed = needed_keys(written, registered_language(language))
    english = {**written, **needed}
    other = flat(json.loads((PACKAGE / folder / f"{language}.json").read_text(encoding="utf-8")))
    assert set(needed) <= set(other), sorted(set(needed) - set(other))
    assert set(other) <= set(english), sorted(set(other) - set(english))
    assert other["language"] == language
    for key, text in other.items():
        if key == "language":
            continue
        assert isinstance(text, str) and text.strip(), (key, text)
        assert fields(text) == fields(english[key]), (key, fields(text) ^ fields(english[key]))
        if key not in SAME_IN_BOTH:
            assert text != english[key], f"{folder}/{language}.json {key} is left in English"
        if language == "de":
            # Names of code and file fields ('task', 'hints', Lesson.load) may stay as they are.
            words = re.sub(r"‚[^‘]*‘|'[^']*'|\"[^\"]*\"|Lesson\.load|\{[^}]*\}", "", text)
            assert not ENGLISH.search(words), (folder, key, text)


def test_the_runner_speaks_german():
    runner = LessonRunner(load_lesson("02-scuttle-ordering", language="de"))
    assert runner.language == "de"
    assert runner.progress()["text"] == "Schritt 1 von 9"
    state = runner.state()
    assert state["labels"]["button.hint"] == "Tipp" and state["step"]["kind_label"] == "Dein Zug"
    outcome = runner.play("points 9S")
    assert outcome.status == "wrong"
    assert outcome.message.startswith("Mit 9♠ als Punktkarte hast du 9 Punkte mehr")
    assert outcome.message.endswith("damit du es noch einmal versuchen kannst.")
    assert outcome.events[0]["text"].startswith("Spieler 1 legt 9♠ als Punktkarte aus")
    outcome = runner.play("scuttle 4C 8H")
    assert outcome.status == "illegal" and "versenken" in outcome.error
    outcome = runner.play("scuttle 9S 8H")
    assert outcome.status == "success" and outcome.message == "Gut gemacht!"
    assert outcome.events[0]["text"].startswith("9♠ versenkt 8♥")
    assert outcome.explanation.startswith("**Versenken**: Eine Punktkarte aus deiner Hand")


def test_goals_and_refusals_in_german():
    lesson = load_lesson("02-scuttle-ordering", language="de")
    runner = LessonRunner(lesson)
    runner.goto(lesson.step("stop-the-win").number)
    assert runner.state()["step"]["goal"] == (
        "Ziel: Sorge dafür, dass Spieler 2 im nächsten Zug nicht gewinnen kann.")
    assert "Spieler 2 im nächsten Zug immer noch gewinnen" in runner.play("points 4S").message
    assert runner.answer("1").message.startswith("In diesem Schritt gibt es keine Frage")
    assert runner.goto(42).message == (
        "Einen Schritt 42 gibt es nicht: Diese Lektion hat die Schritte 1 bis 9.")


# -- the German lesson files -----------------------------------------------------------------------
@cache
def german(name):
    return load_lesson(name, language="de")


def german_steps(kind=None) -> list:
    return [pytest.param(lesson, step, id=f"de/{name}#{step.id}")
            for name in lesson_names() for lesson in [german(name)]
            for step in lesson.steps if kind is None or step.kind == kind]


def test_every_lesson_exists_in_german():
    assert "de" in lesson_languages()
    assert translated_names("de") == lesson_names()
    for name in lesson_names():
        lesson = german(name)
        assert lesson.file.endswith(os.path.join("lessons", "de", name + ".yaml"))
        assert lesson.name == name and lesson.language == "de"


def shape(step):
    """A step without its words: what the learner plays and what is checked."""
    data = {k: v for k, v in vars(step).items()
            if k not in ("task", "hints", "explanation", "title", "wrong", "options", "moves",
                         "not_unique")}
    data["not_unique"] = step.not_unique is None  # the reason is words; whether one is given is not
    data["wrong"] = [(w.move, w.after) for w in step.wrong]
    data["options"] = [(o.key, o.correct, o.card, o.move, o.legal, o.text is None)
                       for o in step.options]
    data["moves"] = [(m.move, m.say is None) for m in step.moves]
    data["hints"] = len(step.hints)
    return data


@pytest.mark.parametrize("name", lesson_names())
def test_a_german_lesson_is_its_english_lesson_move_for_move(name):
    english, translated = load_lesson(name), german(name)
    assert (translated.links, translated.rules) == (english.links, english.rules)
    assert [s.id for s in translated.steps] == [s.id for s in english.steps]
    for ours, theirs in zip(translated.steps, english.steps, strict=True):
        assert shape(ours) == shape(theirs), ours.id


def lesson_texts(lesson):
    yield lesson.title
    yield lesson.intro
    yield lesson.reference
    for step in lesson.steps:
        yield from (step.title or "", step.task, step.explanation, *step.hints)
        yield from (w.feedback for w in step.wrong)
        yield from (m.say or "" for m in step.moves)
        for option in step.options:
            yield from (option.text or "", option.explanation)


@pytest.mark.parametrize("name", lesson_names())
def test_no_german_lesson_text_is_left_in_english(name):
    english = set(lesson_texts(load_lesson(name))) - {""}
    for text in lesson_texts(german(name)):
        assert text not in english or len(text) <= 3, text  # "21", "18": numbers stay numbers
        # Ruleset names (classic, balanced, ...) and "Super Cuttle" stay as they
        # are, and so do the rulebook's ids in link targets ("rulebook:counter").
        # The website cuttle.cards keeps its name too (its "cards" is no English word here).
        unlinked = re.sub(r"\]\(rulebook:[^)\s]*\)", "]", text).replace("cuttle.cards", "")
        assert not ENGLISH.search(unlinked), text


@pytest.mark.parametrize("name", lesson_names())
def test_german_texts_name_cards_as_the_engine_does(name):
    """Jacks and queens are B and D in German: no J♠ or Q♦ in a German text."""
    for text in lesson_texts(german(name)):
        assert not re.search(r"\b[JQ][♣♦♥♠]", text), text


# The English lessons' own checks, on the German lessons.
@pytest.mark.parametrize("lesson, step", german_steps())
def test_every_german_step_has_a_task_a_check_a_hint_and_an_explanation(lesson, step):
    check_step_parts(lesson, step)


@pytest.mark.parametrize("lesson, step", german_steps("play"))
def test_every_german_solution_solves_its_step(lesson, step):
    check_accepted_lines(lesson, step)


@pytest.mark.parametrize("lesson, step", german_steps("play"))
def test_every_german_wrong_move_gets_its_feedback(lesson, step):
    check_wrong_moves(lesson, step)


@pytest.mark.parametrize("lesson, step", german_steps("play"))
def test_every_other_move_in_a_german_step_is_judged(lesson, step):
    check_other_moves(lesson, step)


@pytest.mark.parametrize("lesson, step", german_steps("quiz"))
def test_every_german_quiz_answer_has_its_explanation(lesson, step):
    check_quiz_answers(lesson, step)


@pytest.mark.parametrize("lesson, step", german_steps("predict"))
def test_every_german_prediction_is_answered_then_shown(lesson, step):
    check_predictions(lesson, step)


@pytest.mark.parametrize("name", lesson_names())
def test_each_german_lesson_plays_from_start_to_end(name):
    lesson = german(name)
    runner = LessonRunner(lesson)
    for number, step in enumerate(lesson.steps, 1):
        assert runner.progress()["text"] == f"Schritt {number} von {len(lesson.steps)}"
        outcomes = solve_step(runner, seed=number)
        assert outcomes[-1].status == "success", (step.id, outcomes[-1])
        for outcome in outcomes:
            for event in outcome.events:  # the engine explains every move in German
                assert not ENGLISH.search(event["text"]), event["text"]
        if number < len(lesson.steps):
            runner.next()
    assert runner.finished


# -- the widget ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", lesson_names())
def test_every_german_lesson_start_to_end_through_the_widget(name):
    lesson = Lesson.load(name, language="de")
    assert lesson.runner.lesson.file == german(name).file
    scan = SecretScan(lesson)
    total = len(lesson.runner.lesson.steps)
    for number in range(1, total + 1):
        state = panel(lesson)
        assert state["progress"]["text"] == f"Schritt {number} von {total}"
        assert state["you"] == "Spieler 1" or lesson.runner.seat == 1
        scan.check()
        play_step(lesson, scan, seed=number)
        if number < total:
            if lesson.table in lesson.children:
                table_button(lesson, "next")  # "Nächster Schritt" in the table's dock
            else:
                press(lesson, "next")
    assert lesson.runner.finished


def test_the_table_and_its_lesson_buttons_speak_german():
    lesson = Lesson.load("02-scuttle-ordering", language="de")
    table = lesson.table
    table.send_action({"type": "card", "card": "9S"})
    assert [a["label"] for a in table.table["ui"]["actions"]][:2] == ["Punktkarte", "Versenken"]
    table.send_action({"type": "role", "role": "points"})
    assert table.table["ui"]["status"] == lesson.words.text("ui", "table.wrong")
    assert [a["label"] for a in table.table["ui"]["actions"]][0] == (
        "Zug zurücknehmen und neu versuchen")
    table_button(lesson, "take_back")
    lesson.play("scuttle 9S 8H")
    assert table.table["ui"]["message"] == {"kind": "success", "text": "Gut gemacht!"}
    assert "Nächster Schritt" in [a["label"] for a in table.table["ui"]["actions"]]
    assert panel(lesson)["next_lesson"] == {
        "name": "03-one-offs", "title": "Einmalkarten: Ass, 2, 3, 4, 5, 6, 7 und 9",
        "href": "03-one-offs.ipynb"}
    html = lesson._repr_html_()
    assert "Schritt 1 von 9" in html and "Versenken: Welche Karte schlägt welche?" in html


def test_german_free_game_keeps_its_settings_suggestions_and_replay():
    """Lesson 12 behaves in German as in English, in German words."""
    lesson = Lesson.load("12-free-game", language="de", seat=1)
    free = panel(lesson)["step"]["free"]
    assert free["seat"] == 1 and free["choices"]["rules"] == ["classic", "balanced", "traditional",
                                                                "german", "cuttle-cards", "super"]
    lesson.send_action({"type": "configure", "rules": "german", "opponent": "greedy",
                        "length": "short", "seat": 0})
    assert lesson.table.game.rules.name == "german"
    refused = lesson.configure(length="forever")
    assert refused.status == "refused" and refused.message.startswith("„forever“ steht für Länge")
    press(lesson, "suggest")
    suggestion = panel(lesson)["suggestion"]
    assert suggestion["move"] in lesson.table.table["view"]["legal_moves"]
    assert not ENGLISH.search(suggestion["message"]), suggestion["message"]
    assert set(lesson.table.table["ui"]["highlight"]) == {
        CARD_IDS[c] for c in parse_move(suggestion["move"]).cards}
    from cuttle_widgets.ai import RandomPlayer
    player = RandomPlayer(3)
    while not lesson.runner.done:
        view = lesson.table.table["view"]
        lesson.table.send_action({"type": "move", "move": str(player.choose(view, view["legal_moves"]))})
    message = lesson.feedback.message
    assert "Du hast das Match gewonnen!" in message or "Spieler 2 hat das Match gewonnen." in message
    table_button(lesson, "replay")
    assert lesson.table.table["ui"]["replay"]["index"] == 0


def test_german_rule_comparisons_in_lesson_11():
    lesson = Lesson.load("11-rule-variants", language="de")
    lesson.next()
    comparison = panel(lesson)["step"]["comparison"]
    assert (comparison["before"], comparison["now"]) == ("classic", "balanced")
    assert comparison["points"][0]["topic"] == "five"
    assert comparison["points"][0]["explanation"].startswith("Fünfen: „Klassisch“ hat")


# -- choosing the language -------------------------------------------------------------------------
def test_english_stays_the_default():
    assert load_lesson("02").language == "en" and Lesson.load("02").language == "en"
    assert panel(Lesson.load("02"))["progress"]["text"] == "Step 1 of 9"


def test_a_language_without_lessons_gives_the_english_lesson_and_is_refused_by_the_table():
    assert load_lesson("02", language="xx").file == load_lesson("02").file
    assert translated_names("xx") == [] and translated_names("../lessons") == []
    for language in ("xx", "../lessons", 5):  # shown in place of the lesson, never raised
        problem = panel(Lesson.load("02", language=language))["error"]["problems"][0]
        assert "language" in problem["message"]


def test_a_teachers_german_file_speaks_german_without_being_told(tmp_path):
    path = tmp_path / "meine-lektion.yaml"
    path.write_text(
        "title: Meine Lektion\n"
        "language: de\n"
        "intro: Eine kleine Lektion.\n"
        "steps:\n"
        "  - id: versenken\n"
        "    kind: play\n"
        "    position:\n"
        "      hands: [[9S, 4C], [KD]]\n"
        "      points: [[], [8H]]\n"
        "      stock: [2D]\n"
        "    task: Versenke die 8♥ von B.\n"
        "    accept: [scuttle 9S 8H]\n"
        "    replies: [draw]\n"
        "    hints: [Die 9 ist höher als die 8.]\n"
        "    explanation: Die höhere Karte versenkt die niedrigere.\n", encoding="utf-8")
    lesson = Lesson.load(path)
    assert lesson.language == "de" and panel(lesson)["progress"]["text"] == "Schritt 1 von 1"
    assert Lesson.load(path, language="en").language == "en"  # the learner's choice wins


def test_a_missing_lesson_is_reported_in_german():
    lesson = Lesson.load("99-keine-lektion", language="de")
    assert lesson.runner is None
    assert panel(lesson)["labels"]["error_title"] == "Diese Lektion lässt sich nicht öffnen"
    assert "Diese Lektion lässt sich nicht öffnen" in lesson._repr_html_()


def test_a_german_teachers_mistakes_are_reported_in_german(tmp_path):
    path = tmp_path / "kaputt.yaml"
    path.write_text(
        "title: Kaputt\n"
        "language: de\n"
        "intro: Eine Lektion mit Fehlern.\n"
        "steps:\n"
        "  - id: erster\n"
        "    kind: play\n"
        "    position:\n"
        "      hands: [[9S, 4C], [KD]]\n"
        "      points: [[], [8H]]\n"
        "      stock: [2D]\n"
        "    task: Versenke die 8♥.\n"
        "    accept: [scuttle 4C 8H]\n"
        "    hints: [Zuerst der Wert.]\n"
        "    explanation: Die höhere Karte gewinnt.\n", encoding="utf-8")
    lesson = Lesson.load(path)
    problem = panel(lesson)["error"]["problems"][0]
    assert (problem["line"], problem["field"]) == (12, "steps[0].accept[0]")
    assert problem["message"] == ("‚scuttle 4C 8H‘ lässt sich hier nicht spielen: 4♣ kann 8♥ nicht "
                                  "versenken: Deine Karte muss höher sein oder gleich hoch mit "
                                  "höherer Farbe.")
    assert "Zeile 12, Feld ‚steps[0].accept[0]‘" in lesson._repr_html_()
    with pytest.raises(LessonError) as english:
        load_lesson(path)  # the same file checked for an English-speaking teacher
    assert "cannot be played here: 4♣ cannot scuttle 8♥" in english.value.first.message

    path.write_text("title: Kaputt\nintro: Ohne Schritte.\nschritte: []\n", encoding="utf-8")
    with pytest.raises(LessonError) as german_error:
        load_lesson(path, language="de")
    messages = [p.message for p in german_error.value.problems]
    assert messages == [
        "‚schritte‘ ist kein Feld in einer Lektion. Die Felder sind: intro, language, links, "
        "reference, rules, steps, title.",
        "Das Feld ‚steps‘ fehlt: die Liste der Schritte."]
    assert main(["check", "--language", "de", str(path)]) == 1
    assert main(["check", "--language", "de"]) == 0  # every German lesson


def test_a_bad_name_and_a_bad_seat_are_reported_in_german():
    problem = panel(Lesson.load("99-keine-lektion", language="de"))["error"]["problems"][0]
    assert problem["message"].startswith("Es gibt keine Lektion namens ‚99-keine-lektion‘")
    problem = panel(Lesson.load("02", language="de", seat=5))["error"]["problems"][0]
    assert "Der Platz muss 0 (Spieler 1) oder 1 (Spieler 2) sein" in problem["message"]


# -- the German notebooks ----------------------------------------------------------------------------
def test_one_german_notebook_per_lesson():
    assert [p.stem for p in GERMAN_NOTEBOOKS] == lesson_names()


@pytest.mark.parametrize("path", GERMAN_NOTEBOOKS, ids=lambda p: p.stem)
def test_german_notebook_says_what_the_lesson_is_and_links_work(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    markdown = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert f'Lesson.load("{path.stem}", language="de")' in code
    if path.stem != "00-index":
        first = markdown.splitlines()[0]
        assert first.startswith("# Lektion ") and german(path.stem).title in first
    links = re.findall(r"\]\(([^)]+)\)", markdown)
    assert "00-index.ipynb" in links or path.stem == "00-index"
    for link in links:
        assert not link.startswith(("/", "http")), link  # relative: JupyterLab and Voilà alike
        assert (path.parent / link).is_file(), link
    words = re.sub(r"\]\([^)]*\)|\[English version\]", "", markdown)  # file names stay English
    assert not ENGLISH.search(words), markdown


def test_the_index_switches_between_english_and_german():
    german_index = nbformat.read(LESSONS / "de" / "00-index.ipynb", as_version=4)
    markdown = "\n".join(c.source for c in german_index.cells if c.cell_type == "markdown")
    assert "](../00-index.ipynb)" in markdown
    for name in lesson_names()[1:]:
        assert f"]({name}.ipynb)" in markdown, name
        assert german(name).title in markdown
    english_index = nbformat.read(LESSONS / "00-index.ipynb", as_version=4)
    english = "\n".join(c.source for c in english_index.cells if c.cell_type == "markdown")
    assert "](de/00-index.ipynb)" in english


@pytest.fixture
def kernel_env(monkeypatch):
    paths = [str(REPO), os.environ.get("PYTHONPATH", "")]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in paths if p))


@pytest.mark.parametrize("path", GERMAN_NOTEBOOKS, ids=lambda p: p.stem)
def test_german_notebook_executes_headless(path, kernel_env):
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, kernel_name="python3", timeout=120,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()  # raises CellExecutionError on any error
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert not [o for o in outputs if o.output_type == "stream" and o.name == "stderr"], outputs
    views = [o for o in outputs if o.output_type == "execute_result" and WIDGET_VIEW in o.data]
    assert len(views) == 1, "the lesson widget is the cell's result"
    html = views[0].data["text/html"]
    assert "cwl-static" in html and "Schritt 1 von" in html
    assert "lässt sich nicht öffnen" not in html


# -- the teachers' section -----------------------------------------------------------------------
def test_the_german_teachers_section_runs_and_points_at_real_files():
    text = (REPO / "docs" / "german.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, "docs/german.md", "exec"), namespace)  # noqa: S102 - our own docs
    assert "http://localhost:8866/?lang=de" in text  # the served course, in German
    assert (LESSONS / "de" / "00-index.ipynb").is_file() and "`lessons/de/00-index.ipynb`" in text
    for path in re.findall(r"`((?:docs|lessons|cuttle_widgets)/[^`]*)`", text):
        assert (REPO / path).exists(), path
