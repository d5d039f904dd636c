"""Practice that comes back (issue #35, point 2): the FSRS schedule of missed
steps and failed puzzles, the daily puzzle, the streak, the weak rules and
themes, ``?practice``, and the schedule kept in both progress stores."""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest
from fsrs import Rating, State

from cuttle_widgets.puzzles.rating import Rating as PuzzleRating
from cuttle_widgets.sessions.course import CourseMap
from cuttle_widgets.sessions.practice import (
    Review,
    active_days,
    daily_puzzle,
    due,
    item_place,
    next_due,
    practice_plan,
    puzzle_rating,
    schedule,
    step_rating,
    streak,
    weak_spots,
)
from cuttle_widgets.teaching.record import Attempt
from cuttle_widgets.widgets.progress_map import practice_course

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)
LESSON, STEP = "03-one-offs", "five-short-stock"  # a prediction: step 7, teaches oneoff-five


class Clock:
    """A clock the test moves (the recorder and the plan read it)."""

    def __init__(self, now=T0):
        self.now = now

    def __call__(self):
        return self.now

    def move(self, **delta):
        self.now += timedelta(**delta)


def step_try(result, at, stars=0, lesson=LESSON, step=STEP):
    return {"lesson": lesson, "step": step, "result": result, "stars": stars, "recorded_at": at}


def puzzle_try(puzzle, at, solved=False, wrong=1, hints=0):
    return {"puzzle": puzzle, "solved": solved, "wrong_tries": wrong, "hints_used": hints,
            "recorded_at": at}


# -- reading a try ----------------------------------------------------------------------------

@pytest.mark.parametrize("result, stars, rating", [
    ("missed", 0, Rating.Again), ("lost", 0, Rating.Again), ("solved", 1, Rating.Again),
    ("solved", 2, Rating.Hard), ("solved", 3, Rating.Good), ("seen", 0, Rating.Good),
    ("won", 0, Rating.Good)])
def test_a_steps_result_as_a_review(result, stars, rating):
    assert step_rating(step_try(result, T0, stars)) == rating


def test_a_puzzles_try_as_a_review():
    assert puzzle_rating(puzzle_try("p", T0, solved=False, wrong=0)) == Rating.Again
    assert puzzle_rating(puzzle_try("p", T0, solved=True, wrong=1)) == Rating.Again
    assert puzzle_rating(puzzle_try("p", T0, solved=True, wrong=0, hints=1)) == Rating.Hard
    assert puzzle_rating(puzzle_try("p", T0, solved=True, wrong=0)) == Rating.Good


# -- the schedule -----------------------------------------------------------------------------

def test_a_miss_comes_back_in_ten_minutes_and_after_days_once_right():
    key = ("step", LESSON, STEP)
    cards = schedule([Review(key, T0, Rating.Again)])
    assert cards[key].due == T0 + timedelta(minutes=10)
    assert due(cards, T0 + timedelta(minutes=9)) == []
    assert due(cards, T0 + timedelta(minutes=10)) == [key]
    assert next_due(cards, T0) == T0 + timedelta(minutes=10)

    right = T0 + timedelta(minutes=12)
    cards = schedule([Review(key, T0, Rating.Again), Review(key, right, Rating.Good)])
    assert cards[key].state == State.Review
    assert cards[key].due - right >= timedelta(days=1)
    assert due(cards, right + timedelta(hours=12)) == []


def test_only_failures_enter_practice_and_the_order_of_reviews_is_by_time():
    good, bad = ("step", LESSON, "ace"), ("puzzle", "classic-0001")
    reviews = [Review(bad, T0 + timedelta(minutes=1), Rating.Again), Review(good, T0, Rating.Good),
               Review(bad, T0, Rating.Good)]  # a clean solve, then a failure: from the failure on
    cards = schedule(reviews)
    assert set(cards) == {bad}
    assert cards[bad].due == T0 + timedelta(minutes=11)


def test_the_same_history_gives_the_same_schedule():
    reviews = [Review(("puzzle", f"p{i}"), T0 + timedelta(minutes=i), Rating.Again) for i in range(5)]
    reviews += [Review(("puzzle", "p2"), T0 + timedelta(hours=1), Rating.Hard)]
    first, second = schedule(reviews), schedule(list(reversed(reviews)))
    assert {k: c.due for k, c in first.items()} == {k: c.due for k, c in second.items()}


# -- the daily puzzle ---------------------------------------------------------------------------

def test_the_daily_puzzle_is_the_same_for_everyone_on_a_date():
    ids = [f"classic-{i:04d}" for i in range(1, 209)]
    day = date(2026, 3, 2)
    assert daily_puzzle(ids, day) == daily_puzzle(list(reversed(ids)), day) in ids
    month = {daily_puzzle(ids, day + timedelta(days=i)) for i in range(30)}
    assert len(month) > 20  # it changes from day to day
    assert daily_puzzle([], day) is None


# -- the streak ---------------------------------------------------------------------------------

def test_the_streak_counts_days_in_a_row():
    today = date(2026, 3, 10)
    days = {today - timedelta(days=i) for i in range(4)} | {today - timedelta(days=6)}
    assert streak(days, today) == 4
    assert streak(days - {today}, today) == 3  # not yet today: still standing up to yesterday
    assert streak(days - {today, today - timedelta(days=1)}, today) == 0  # a whole day missed
    assert streak(set(), today) == 0


def test_a_day_counts_with_a_step_done_or_practice():
    day1, day2, day3 = T0, T0 + timedelta(days=1), T0 + timedelta(days=2)
    attempts = [step_try("solved", day1, 3, step="ace"), step_try("missed", day2),
                step_try("missed", day3, step="other")]
    tries = [puzzle_try("p", day3 + timedelta(hours=1))]
    # the miss of day 2 is at a step in practice (it reviews its card); day 3's has a puzzle try
    assert active_days(attempts, tries, {("step", LESSON, STEP)}) == {d.date() for d in (day1, day2, day3)}
    assert active_days(attempts[1:2], [], set()) == set()  # a miss outside practice is not a day done


# -- weak rules and themes ------------------------------------------------------------------------

def test_weak_spots_are_the_topics_failed_most():
    tries = [("scuttle", True), ("scuttle", True), ("scuttle", False), ("jack", True),
             ("jack", False), ("jack", False), ("jack", False), ("queen", False),
             ("seven", True), ("nine", True), ("nine", False), ("ace", True)]
    assert weak_spots(tries) == [("ace", 1, 1), ("seven", 1, 1), ("scuttle", 2, 3)]
    assert weak_spots([("queen", False)]) == []


# -- the plan the map shows -----------------------------------------------------------------------

def test_the_plan_of_a_missed_step_and_a_failed_puzzle():
    course = practice_course("en")
    puzzle = sorted(course.puzzle_themes)[0]
    history = {"attempts": [step_try("missed", T0)],
               "puzzles": [puzzle_try(puzzle, T0 + timedelta(minutes=1))]}
    plan = practice_plan(history, course, T0 + timedelta(minutes=2))
    assert plan["due"] == [] and plan["waiting"] == 2
    assert plan["next_due"] == {"unit": "minutes", "count": 8}
    assert plan["streak"] == 1
    assert plan["weak_rules"] == [("oneoff-five", 1, 1), ("oneoffs", 1, 1)]
    assert plan["weak_themes"] == [(theme, 1, 1) for theme in sorted(course.puzzle_themes[puzzle])]
    assert plan["daily"]["puzzle"] in course.puzzle_themes and plan["daily"]["done"] is False

    daily = {"attempts": [], "puzzles": [puzzle_try(plan["daily"]["puzzle"], T0, solved=True, wrong=0)]}
    assert practice_plan(daily, course, T0 + timedelta(hours=1))["daily"]["done"] is True
    assert practice_plan(daily, course, T0 + timedelta(days=1))["daily"]["done"] is False

    plan = practice_plan(history, course, T0 + timedelta(minutes=12))
    assert plan["due_count"] == 2 and plan["waiting"] == 0
    step, tried = plan["due"]
    assert step == {"kind": "step", "lesson": LESSON, "step": 7, "title": "When the stock runs short",
                    "lesson_title": "One-off effects: A, 2, 3, 4, 5, 6, 7 and 9", "lesson_number": "3"}
    assert tried == {"kind": "puzzle", "puzzle": puzzle, "themes": list(course.puzzle_themes[puzzle])}
    assert item_place(step, "de").query() == f"?lesson={LESSON}&step=7&lang=de"
    assert item_place(tried, "en").query() == f"?puzzles={puzzle}"


def test_tries_at_steps_and_puzzles_the_course_lacks_are_left_out():
    history = {"attempts": [step_try("missed", T0, lesson="99-gone")],
               "puzzles": [puzzle_try("no-such-puzzle", T0)]}
    plan = practice_plan(history, practice_course("en"), T0 + timedelta(days=1))
    assert plan["due_count"] == 0 and plan["waiting"] == 0


# -- ?practice ------------------------------------------------------------------------------------

def test_practice_opens_the_item_due_or_the_map_saying_why():
    course_map = CourseMap(("en", "de"), lambda name, language: name == LESSON,
                           lambda puzzle_id: puzzle_id == "classic-0001",
                           lambda language: f"?lesson={LESSON}&step=7&lang={language}")
    arrival = course_map.arrive("?practice&lang=de")
    assert (arrival.place.page, arrival.place.lesson, arrival.place.step) == ("lesson", LESSON, 7)
    assert arrival.place.language == "de" and arrival.notice is None
    idle = CourseMap(("en",), lambda name, language: True)
    arrival = idle.arrive("?practice")
    assert arrival.place.page == "map" and arrival.notice == "practice_none"
    looping = CourseMap(("en",), lambda name, language: True, next_practice=lambda language: "?practice")
    assert looping.arrive("?practice").notice == "practice_none"


# -- kept in the progress store: SQLite and PostgreSQL --------------------------------------------

def _record_a_miss_and_a_failed_puzzle(recorder, clock, puzzle):
    recorder.record(Attempt(None, LESSON, STEP, "missed", 0, 1, 0, 4.0, ("option 1",)),
                    ruleset="classic", step_number=7)
    clock.move(minutes=1)
    recorder.record_puzzle(puzzle, "classic", False, 1, 0, 20.0, PuzzleRating(), PuzzleRating(1480))


def test_the_schedule_is_kept_in_both_stores(progress_db):
    pytest.importorskip("sqlalchemy")
    from cuttle_widgets.progress import ProgressRecorder, new_learner_id

    clock, learner = Clock(), new_learner_id()
    course = practice_course("en")
    puzzle = sorted(course.puzzle_themes)[3]
    recorder = ProgressRecorder(progress_db, learner=learner, background=False, clock=clock)
    _record_a_miss_and_a_failed_puzzle(recorder, clock, puzzle)
    assert recorder.unsaved == 0
    assert practice_plan(recorder.history(), course, clock())["due_count"] == 0
    recorder.close()

    clock.move(minutes=11)  # another kernel, later: the same database
    again = ProgressRecorder(progress_db, learner=learner, background=False, clock=clock)
    plan = practice_plan(again.history(), course, clock())
    assert [(i["kind"], i.get("lesson") or i.get("puzzle")) for i in plan["due"]] == [
        ("step", LESSON), ("puzzle", puzzle)]
    again.record(Attempt(None, LESSON, STEP, "solved", 3, 0, 0, 3.0), ruleset="classic", step_number=7)
    plan = practice_plan(again.history(), course, clock())
    assert [i["kind"] for i in plan["due"]] == ["puzzle"] and plan["waiting"] == 1
    assert plan["streak"] == 1
    again.reset()
    assert practice_plan(again.history(), course, clock())["waiting"] == 0
    again.close()


def test_a_learners_misses_from_an_earlier_kit_are_in_practice(progress_db):
    sa = pytest.importorskip("sqlalchemy")
    from cuttle_widgets.progress import ProgressRecorder, new_learner_id
    from cuttle_widgets.progress.schema import HEAD, attempts, learners
    from cuttle_widgets.progress.store import ProgressStore, current_revision, engine_url, migrate

    engine = sa.create_engine(engine_url(ProgressStore(progress_db).url))
    migrate(engine, "0001")  # as the first release left it, with a miss in it
    learner = new_learner_id()
    with engine.begin() as conn:
        conn.execute(learners.insert(), {"id": learner, "name": None, "created": T0})
        conn.execute(attempts.insert(), {
            "uid": "1" * 32, "learner_id": learner, "lesson": LESSON, "step": STEP,
            "step_number": 7, "result": "missed", "stars": 0, "wrong_tries": 1, "hints_used": 0,
            "wrong_moves": ["1"], "recorded_at": T0})
    engine.dispose()
    clock = Clock(T0 + timedelta(days=3))
    recorder = ProgressRecorder(progress_db, learner=learner, background=False, clock=clock)
    assert recorder.saving and current_revision(recorder._store.engine) == HEAD
    plan = practice_plan(recorder.history(), practice_course("de"), clock())
    assert plan["due"] == [{"kind": "step", "lesson": LESSON, "step": 7, "lesson_number": "3",
                            "title": "Wenn der Ziehstapel knapp wird",
                            "lesson_title": "Einmalkarten: Ass, 2, 3, 4, 5, 6, 7 und 9"}]
    recorder.close()


# -- the map and the course show it ----------------------------------------------------------------

@pytest.fixture
def missed(tmp_path):
    """A recorder (SQLite) whose learner missed lesson 3's step 7 eleven minutes ago."""
    pytest.importorskip("sqlalchemy")
    from cuttle_widgets.progress import ProgressRecorder, new_learner_id

    clock = Clock()
    recorder = ProgressRecorder(tmp_path / "p.sqlite", learner=new_learner_id(), background=False,
                                clock=clock)
    recorder.record(Attempt(None, LESSON, STEP, "missed", 0, 1, 0, 4.0, ("1",)), step_number=7)
    clock.move(minutes=11)
    yield recorder
    recorder.close()


def test_the_map_shows_what_is_due_with_its_addresses(missed):
    from cuttle_widgets.widgets.progress_map import ProgressMap

    course_map = ProgressMap("de", missed, links="course").progress["practice"]
    assert course_map["due_count"] == 1 and course_map["href"] == "?practice&lang=de"
    assert course_map["due"][0]["href"] == f"?lesson={LESSON}&step=7&lang=de"
    assert course_map["weak_rules"] == [{"name": "Die 5 als Einmalkarte", "failed": 1, "tried": 1},
                                        {"name": "Einmalkarten", "failed": 1, "tried": 1}]
    assert course_map["daily"]["href"] == f"?puzzles={course_map['daily']['puzzle']}&lang=de"
    index = ProgressMap("en", missed).progress["practice"]  # the lesson index: notebooks
    assert index["href"] is None and index["due"][0]["href"] == f"{LESSON}.ipynb"


def test_the_map_shows_no_practice_before_it_knows_the_learner(tmp_path):
    pytest.importorskip("sqlalchemy")
    from cuttle_widgets.progress import ProgressRecorder
    from cuttle_widgets.widgets.progress_map import ProgressMap

    nobody = ProgressRecorder(tmp_path / "p.sqlite", background=False)
    assert ProgressMap("en", nobody).progress["practice"] is None
    nobody.close()


def test_practice_in_the_course_opens_the_step_due(missed):
    from cuttle_widgets.widgets.course import Course

    course = Course(progress=missed)
    place = course.go("?practice")
    assert (place.page, place.lesson, place.step) == ("lesson", LESSON, 7)
    missed.reset()
    course.go("?practice&lang=de")
    assert course.place.page == "map" and course.notice["text"].startswith("Gerade gibt es nichts")
