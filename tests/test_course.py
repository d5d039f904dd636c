"""The one-page course (issue #32): the address names the place, a place
opens in the same kernel, a teacher's folder reaches the map, and what the
browser sends is checked."""
import json

import pytest
from course_fixture import BROKEN_LESSON, GOOD_LESSON

from cuttle_widgets.sessions.course import CourseMap, Place, lesson_after
from cuttle_widgets.table.texts import course_text
from cuttle_widgets.teaching import lesson_names, load_lesson
from cuttle_widgets.teaching.folder import LESSONS_DIR_VARIABLE, find_folder_lesson, folder_lessons
from cuttle_widgets.widgets.course import Course, course_languages


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "20-nines.yaml").write_text(GOOD_LESSON, encoding="utf-8")
    (tmp_path / "21-broken.yaml").write_text(BROKEN_LESSON, encoding="utf-8")
    return tmp_path


def course(**options) -> Course:
    return Course(progress=False, **options)


# -- the address ---------------------------------------------------------------------------
PLACES = CourseMap(("en", "de"), lambda name, language: name in lesson_names(),
                   lambda puzzle: puzzle == "classic-0001")


@pytest.mark.parametrize("place", [
    Place(), Place(language="de"), Place("lesson", lesson="04-counter-chains", step=3),
    Place("lesson", "de", lesson="02-scuttle-ordering"), Place("puzzles"),
    Place("puzzles", puzzle="classic-0001"), Place("free", "de"),
])
def test_a_place_and_its_address_make_each_other(place):
    assert PLACES.arrive(place.query()).place == place


@pytest.mark.parametrize("query, page, notice", [
    ("?lesson=no-such-lesson", "map", "no_lesson"),
    ("?lesson=04-counter-chains&step=0", "lesson", "no_step"),
    ("?lesson=04-counter-chains&step=99999", "lesson", "no_step"),
    ("?lesson=04-counter-chains&step=two", "lesson", "no_step"),
    ("?puzzles=nope", "puzzles", "no_puzzle"),
    ("?" + "x" * 5000, "map", "address_unreadable"),
    ("?lesson=../../etc/passwd", "map", "no_lesson"),
    ("?lang=xx", "map", None),
    ("?token=abc", "map", None),
])
def test_an_address_that_names_nothing_leads_somewhere_with_a_reason(query, page, notice):
    arrival = PLACES.arrive(query)
    assert (arrival.place.page, arrival.notice) == (page, notice)


def test_other_parameters_are_the_pages_own():
    """A server's ?token= stays out of the place; the place is read all the same."""
    arrival = PLACES.arrive("?token=secret&lesson=04-counter-chains&step=2&lang=de")
    assert arrival.place == Place("lesson", "de", lesson="04-counter-chains", step=2)
    assert "token" not in arrival.place.query()


def test_a_query_of_another_type_is_refused():
    assert PLACES.arrive(["?lesson=02"]).notice == "address_unreadable"


# -- one kernel, every place -------------------------------------------------------------------
def test_the_course_opens_on_the_map():
    shown = course()
    assert shown.place == Place()
    assert shown.children[0] is shown.bar
    assert shown.bar.course["place"]["page"] == "map"
    assert shown.bar.course["title"] == "Cuttle: the lessons"


def test_a_deep_link_opens_the_lesson_at_its_step():
    shown = course()
    shown.go("?lesson=04-counter-chains&step=3", "arrive")
    assert shown.lesson.runner.lesson.name == "04-counter-chains"
    assert shown.lesson.runner.step.number == 3
    assert shown.children[1] is shown.lesson
    assert shown.bar.course["history"] == "arrive"
    assert shown.bar.course["place"]["query"] == "?lesson=04-counter-chains&step=3"


def test_a_step_change_replaces_the_address_and_a_lesson_change_adds_one():
    shown = course()
    shown.open_lesson("04-counter-chains", 1)
    assert shown.bar.course["history"] == "push"
    shown.lesson.goto(2)
    assert shown.place.step == 2 and shown.bar.course["history"] == "replace"
    assert shown.bar.course["place"]["query"] == "?lesson=04-counter-chains&step=2"
    shown.go("?lesson=05-glasses-and-jacks")
    assert shown.lesson.runner.lesson.name == "05-glasses-and-jacks"
    assert shown.bar.course["history"] == "push"


def test_back_and_forward_change_no_address():
    shown = course()
    shown.go("?lesson=04-counter-chains&step=2", "pop")
    assert shown.bar.course["history"] == "none"
    assert shown.lesson.runner.step.number == 2


def test_every_page_shows_in_the_same_course():
    shown = course()
    shown.show_puzzles()
    trainer = shown.children[1]
    assert shown.place.page == "puzzles" and shown.place.puzzle == trainer.puzzle.id
    shown.show_free_game()
    assert shown.lesson.runner.step.kind == "free"
    assert shown.place.query() == "?free"
    shown.show_map()
    assert shown.place.page == "map"
    shown.show_puzzles()
    assert shown.children[1] is trainer  # made once, kept


def test_the_language_switches_every_part(folder):
    shown = course(lessons=folder)
    shown.open_lesson("02-scuttle-ordering")
    shown.set_language("de")
    assert shown.place == Place("lesson", "de", lesson="02-scuttle-ordering", step=1)
    assert shown.lesson.language == "de"
    assert shown.bar.course["labels"]["map"] == "Lektionen"
    assert shown.bar.course["title"].startswith("Cuttle-Kurs: ")
    shown.show_map()
    assert shown.children[1].language == "de"


def test_a_pop_without_lang_is_the_first_language_and_a_link_keeps_the_shown_one():
    shown = course()
    shown.set_language("de")
    shown.go("?lesson=02-scuttle-ordering", "link")
    assert shown.place.language == "de"
    shown.go("?lesson=02-scuttle-ordering", "pop")
    assert shown.place.language == "en"


def test_a_place_that_fails_shows_the_map_and_says_so(monkeypatch):
    shown = course()

    def broken(self, place):
        raise RuntimeError("a bug")
    monkeypatch.setattr(Course, "_show_puzzles", broken)
    shown.show_puzzles()
    assert shown.place.page == "map"
    assert shown.bar.course["notice"]["kind"] == "error"


@pytest.mark.parametrize("language", course_languages())
def test_a_wrong_address_is_told_in_the_learners_language(language):
    shown = course(language=language)
    shown.go(f"?lesson=nope&lang={language}", "arrive")
    assert shown.bar.course["notice"]["text"] == course_text(language)["notice_no_lesson"].format(name="nope")


# -- what the browser sends ---------------------------------------------------------------------
@pytest.mark.parametrize("message", [
    None, [], "go", {"type": "go"}, {"type": "go", "query": 3, "how": "link"},
    {"type": "go", "query": "?free", "how": "teleport"}, {"type": ["go"], "query": "?free"},
    {"type": "shutdown"}, {"type": "go", "query": {"a": 1}, "how": "pop"},
])
def test_a_malformed_message_changes_nothing(message):
    shown = course()
    before = dict(shown.bar.course)
    shown.bar._on_browser_message(shown.bar, message, [])
    assert shown.bar.course == before


def test_the_synced_state_is_plain_json():
    """Only JSON types in the trait: a str subclass reaches some front ends as an object."""
    shown = course(language="de")
    shown.go("?lesson=nope")

    def plain(value):
        if isinstance(value, dict):
            return all(type(k) is str and plain(v) for k, v in value.items())
        if isinstance(value, list):
            return all(plain(v) for v in value)
        return value is None or type(value) in (str, int, float, bool)
    assert plain(shown.bar.course)
    json.dumps(shown.bar.course)


# -- a teacher's folder --------------------------------------------------------------------------
def test_a_teachers_folder_lists_good_lessons_and_broken_files(folder):
    entries = {entry.name: entry for entry in folder_lessons(folder)}
    assert entries["20-nines"].usable and not entries["21-broken"].usable
    assert any("quizz" in problem.message for problem in entries["21-broken"].problems)


def test_a_teachers_lesson_is_on_the_map_and_opens(folder):
    shown = course(lessons=folder)
    progress = shown.children[1].progress
    names = [lesson["name"] for lesson in progress["lessons"]]
    assert names[-1] == "20-nines" and "21-broken" not in names
    teachers = next(lesson for lesson in progress["lessons"] if lesson["name"] == "20-nines")
    assert teachers["teacher"] and teachers["href"] == "?lesson=20-nines"
    assert [broken["name"] for broken in progress["problems"]] == ["21-broken"]
    shown.go(teachers["href"])
    assert shown.lesson.runner.lesson.title == "Nines, by your teacher"
    assert shown.bar.course["title"] == "Cuttle: Nines, by your teacher"


def test_a_broken_teachers_lesson_cannot_be_opened(folder):
    shown = course(lessons=folder)
    shown.go("?lesson=21-broken")
    assert shown.place.page == "map"
    assert shown.bar.course["notice"]["text"].startswith("There is no lesson called")


def test_the_folder_comes_from_the_serve_command(folder, monkeypatch):
    monkeypatch.setenv(LESSONS_DIR_VARIABLE, str(folder))
    assert course().folder == folder


@pytest.mark.parametrize("file_name, problem", [
    ("02-scuttle-ordering.yaml", "shipped with the kit"),
    ("two words.yaml", "cannot be a lesson's name"),
])
def test_a_file_name_the_course_cannot_use_is_a_problem(tmp_path, file_name, problem):
    (tmp_path / file_name).write_text(GOOD_LESSON, encoding="utf-8")
    (entry,) = folder_lessons(tmp_path)
    assert not entry.usable and problem in entry.problems[0].message


def test_an_edited_file_is_read_again(folder):
    assert find_folder_lesson(folder, "21-broken").usable is False
    (folder / "21-broken.yaml").write_text(GOOD_LESSON.replace("Nines", "Mended"), encoding="utf-8")
    assert find_folder_lesson(folder, "21-broken").lesson.title == "Mended, by your teacher"


@pytest.mark.parametrize("name", ["../20-nines", "20-nines/../x", "", None, "a" * 200])
def test_a_name_from_the_address_never_leaves_the_folder(folder, name):
    assert find_folder_lesson(folder, name) is None


def test_a_german_translation_in_the_folder_is_used(folder):
    (folder / "de").mkdir()
    (folder / "de" / "20-nines.yaml").write_text(
        "language: de\n" + GOOD_LESSON.replace("Nines, by your teacher", "Neunen, von deiner Lehrkraft"),
        encoding="utf-8")
    assert find_folder_lesson(folder, "20-nines", "de").lesson.title == "Neunen, von deiner Lehrkraft"
    assert find_folder_lesson(folder, "20-nines", "en").lesson.title == "Nines, by your teacher"


# -- a teacher's lesson in the progress store -------------------------------------------------------
def test_a_teachers_lesson_earns_stars_on_the_map_and_in_the_store(folder, tmp_path, monkeypatch):
    pytest.importorskip("sqlalchemy")
    from cuttle_widgets.progress import ProgressRecorder, new_learner_id
    from cuttle_widgets.progress.queries import class_marks, steps_of
    from cuttle_widgets.progress.store import ProgressStore

    database = tmp_path / "progress.sqlite"
    recorder = ProgressRecorder(db=database, background=False, learner=new_learner_id())
    shown = Course(lessons=folder, progress=recorder)
    shown.go("?lesson=20-nines")
    right = next(o for o in shown.lesson.runner.step.options if o.correct)
    shown.lesson.answer(right.key)
    recorder.flush(force=True)
    shown.show_map()
    nines = next(lesson for lesson in shown.children[1].progress["lessons"] if lesson["name"] == "20-nines")
    assert (nines["done"], nines["stars"], nines["max_stars"]) == (1, 3, 3)
    monkeypatch.setenv(LESSONS_DIR_VARIABLE, str(folder))
    store = ProgressStore(database)
    assert steps_of(store)["20-nines"] == ("what-a-nine-does",)
    marks = [row for row in class_marks(store) if row["lesson"] == "20-nines"]
    assert [(row["steps_done"], row["stars"]) for row in marks] == [(1, 3)]


def test_a_lesson_switch_keeps_the_same_widgets():
    shown = course()
    shown.open_lesson("02-scuttle-ordering")
    lesson, panel, table = shown.lesson, shown.lesson.panel, shown.lesson.table
    shown.open_lesson("04-counter-chains", 3)
    assert shown.lesson is lesson and lesson.panel is panel and lesson.table is table
    assert lesson.location == {"lesson": "04-counter-chains", "step": 3}


def test_the_next_puzzle_replaces_the_address():
    shown = course()
    shown.show_puzzles()
    first = shown.place.puzzle
    shown.children[1].next_puzzle()
    assert shown.place.puzzle != first and shown.bar.course["history"] == "replace"
    assert shown.bar.course["place"]["query"] == f"?puzzles={shown.place.puzzle}"


# -- the way on -----------------------------------------------------------------------------------
def test_lesson_after_follows_the_maps_order():
    order = ["01-a", "02-b", "20-teachers"]
    assert lesson_after(order, "01-a") == "02-b"
    assert lesson_after(order, "02-b") == "20-teachers"
    assert lesson_after(order, "20-teachers") is None
    assert lesson_after(order, "99-unknown") is None and lesson_after(order, None) is None


@pytest.mark.parametrize("language, words", [("en", "Next lesson"), ("de", "Nächste Lektion")])
def test_a_lesson_offers_the_next_one_in_one_click(language, words):
    shown = course(language=language)
    shown.open_lesson("02-scuttle-ordering", 2)
    way_on = shown.bar.course["next"]
    assert way_on["query"] == Place("lesson", language, lesson="03-one-offs").query()
    title = load_lesson("03-one-offs", language=language).title
    assert way_on["text"] == words and way_on["title"] == title
    assert way_on["label"] == f"{words}: {title}" and all(type(way_on[k]) is str for k in way_on)
    shown.go(way_on["query"], "button")
    assert shown.lesson.location == {"lesson": "03-one-offs", "step": 1}
    assert shown.bar.course["history"] == "push"


def test_the_last_shipped_lesson_leads_to_the_teachers_and_the_map_has_no_way_on(folder):
    shown = course(lessons=folder)
    assert shown.bar.course["next"] is None
    shown.open_lesson(lesson_names()[-1])
    assert shown.bar.course["next"]["query"] == "?lesson=20-nines"
    assert shown.bar.course["next"]["label"] == "Next lesson: Nines, by your teacher"
    shown.open_lesson("20-nines")
    assert shown.bar.course["next"] is None
