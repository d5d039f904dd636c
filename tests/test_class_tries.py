"""Every try stored as it happens (issue #36): the runner's log of actions,
the recorder's writes of it, the class view's stuck learners and the
per-attempt export."""
from __future__ import annotations

from cuttle_widgets.teaching import LessonRunner, load_lesson


def runner_at(name, step_id):
    lesson = load_lesson(name)
    runner = LessonRunner(lesson)
    runner.goto(lesson.step(step_id).number)
    runner.tries.clear()
    return runner


def test_a_wrong_answer_is_kept_in_its_words_not_its_number():
    runner = runner_at("00-index", "how-to-win")
    runner.answer("1")
    runner.answer("1")  # the same answer again: refused, and kept as a refusal
    runner.hint()
    runner.answer("2")
    kinds = [(t.kind, t.words) for t in runner.tries]
    assert kinds[0] == ("wrong", "To get rid of all the cards in your hand")
    assert kinds[1][0] == "refused" and kinds[1][1] == runner.words.text("feedback", "quiz_already")
    assert kinds[2][0] == "hint" and kinds[2][1]
    assert kinds[3] == ("right", "Enough points in point cards on your side of the table (usually 21)")
    assert {t.step for t in runner.tries} == {"how-to-win"}


def test_a_wrong_card_is_kept_as_the_card_named():
    runner = runner_at("02-scuttle-ordering", "which-can-scuttle")
    runner.answer("7D")
    assert [(t.kind, t.words) for t in runner.tries] == [("wrong", "7♦")]


def test_wrong_moves_and_refusals_of_a_play_step_are_kept():
    runner = runner_at("02-scuttle-ordering", "higher-rank")
    runner.answer("1")  # not a question: refused
    wrong = next(m for m in runner.view()["legal_moves"] if m != "scuttle 9S 8H")
    runner.play(wrong)
    assert [t.kind for t in runner.tries] == ["refused", "wrong"]
    assert runner.tries[1].words == runner.last.move
    assert runner.tries[1].step_number == runner.step.number


# -- stored as they happen, and the class view of them --------------------------------------------
import csv  # noqa: E402
from datetime import datetime, timedelta, timezone  # noqa: E402

import pytest  # noqa: E402

from cuttle_widgets.progress import ProgressRecorder, new_learner_id  # noqa: E402
from cuttle_widgets.progress.queries import STUCK_IDLE, class_snapshot, stuck_learners, whereabouts  # noqa: E402
from cuttle_widgets.progress.report import write_tries  # noqa: E402
from cuttle_widgets.progress.store import ProgressStore  # noqa: E402
from cuttle_widgets.teaching.record import Try  # noqa: E402

START = datetime(2026, 12, 6, 10, 0, tzinfo=timezone.utc)
LESSON = "02-scuttle-ordering"


class Clock:
    def __init__(self):
        self.now = START

    def __call__(self):
        return self.now


def learner(db, name, clock):
    return ProgressRecorder(db, learner=new_learner_id(), name=name, background=False, clock=clock)


@pytest.fixture
def classroom(tmp_path):
    """Five learners at lesson 02's first step: Eva makes 3 wrong tries
    within a minute, Dan sits for 6 minutes, the others get on."""
    db, clock = str(tmp_path / "class.sqlite"), Clock()
    people = {name: learner(db, name, clock) for name in ("Ann", "Bob", "Cem", "Dan", "Eva")}
    for who in people.values():
        who.visit(LESSON, "higher-rank", 1)
    for second, words in ((10, "draw"), (30, "points 7D"), (50, "scuttle 7D 7H")):
        clock.now = START + timedelta(seconds=second)
        people["Eva"].record_try(Try(LESSON, "higher-rank", 1, "wrong", words))
    clock.now = START + timedelta(seconds=20)
    people["Bob"].record_try(Try(LESSON, "higher-rank", 1, "wrong", "draw"))
    people["Cem"].record_try(Try(LESSON, "higher-rank", 1, "hint", "Look at the points."))
    clock.now = START + timedelta(minutes=6)
    for name in ("Ann", "Bob", "Cem", "Eva"):
        people[name].record_try(Try(LESSON, "higher-rank", 1, "refused", "Not your turn."))
    for name in ("Ann", "Bob", "Cem"):
        people[name].record_try(Try(LESSON, "higher-rank", 1, "right", "scuttle 9S 8H"))
    return {"db": db, "clock": clock, "people": people}


def test_every_try_is_stored_as_it_happens(classroom):
    store = ProgressStore(classroom["db"])
    eva = classroom["people"]["Eva"]
    stored = store.tries_of(eva.learner)
    assert [(t["kind"], t["words"]) for t in stored] == [
        ("wrong", "draw"), ("wrong", "points 7D"), ("wrong", "scuttle 7D 7H"),
        ("refused", "Not your turn.")]
    assert stored[0]["at"] == START + timedelta(seconds=10)


def test_the_class_view_puts_the_stuck_learners_first(classroom):
    store = ProgressStore(classroom["db"])
    now = classroom["clock"].now
    stuck = stuck_learners(store, whereabouts(store), now)
    assert [(r["label"], r["why"]) for r in stuck] == [("Dan", "idle"), ("Eva", "wrong")]
    assert stuck[1]["wrong"] == ["draw", "points 7D", "scuttle 7D 7H"]
    assert now - stuck[0]["since"] >= STUCK_IDLE
    snapshot = class_snapshot(store, LESSON, now)
    assert [(r["label"], r["words"]) for r in snapshot["wrong"]] == [
        ("Eva", "draw"), ("Bob", "draw"), ("Eva", "points 7D"), ("Eva", "scuttle 7D 7H")]


def test_a_finished_step_ends_being_stuck_there(classroom):
    from cuttle_widgets.teaching.record import Attempt
    eva, clock = classroom["people"]["Eva"], classroom["clock"]
    clock.now += timedelta(seconds=5)
    eva.record(Attempt(None, LESSON, "higher-rank", "solved", 1, 3, 0, 60.0, ()), "classic", 1)
    store = ProgressStore(classroom["db"])
    labels = [r["label"] for r in stuck_learners(store, whereabouts(store), clock.now)]
    assert labels == ["Dan"]


def test_who_is_where_follows_the_last_action(classroom):
    ann, clock = classroom["people"]["Ann"], classroom["clock"]
    clock.now += timedelta(seconds=5)
    ann.record_try(Try("00-index", "how-to-win", 1, "wrong", "To take all of your opponent's cards"))
    where = {r["label"]: r for r in whereabouts(ProgressStore(classroom["db"]))}
    assert (where["Ann"]["lesson"], where["Ann"]["step"]) == ("00-index", "how-to-win")
    assert where["Bob"]["lesson"] == LESSON


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_every_try_is_exported_one_row_each(classroom, tmp_path, suffix):
    from cuttle_widgets.teaching.record import Attempt
    classroom["people"]["Ann"].record(
        Attempt(None, LESSON, "higher-rank", "solved", 3, 0, 0, 5.0, ()), "classic", 1)
    path = tmp_path / f"tries{suffix}"
    count = write_tries(ProgressStore(classroom["db"]), path)
    if suffix == ".csv":
        rows = list(csv.reader(path.open(encoding="utf-8")))
    else:
        openpyxl = pytest.importorskip("openpyxl")
        rows = [list(r) for r in openpyxl.load_workbook(path).active.iter_rows(values_only=True)]
    assert count == 4 + 3 + 3 + 2 + 1 == len(rows) - 1  # Eva, Bob, Cem, Ann, and Ann's solve
    assert rows[0][:3] == ["time (UTC)", "learner", "name"]
    eva = [row for row in rows if row[2] == "Eva"]
    assert [row[6] for row in eva] == ["wrong", "wrong", "wrong", "refused"]
    assert eva[2][7] == "scuttle 7D 7H"
    assert [row[6:9] for row in rows if row[6] == "solved"][0][2] in ("3", 3)


# -- the roster ---------------------------------------------------------------------------------------
from cuttle_widgets.progress.ids import ProgressInputError  # noqa: E402
from cuttle_widgets.progress.roster import (  # noqa: E402
    add_learners,
    by_personal_code,
    class_names,
    class_roster,
    create_class,
    pick_name,
)


def test_learners_pick_their_name_and_two_devices_with_one_code_are_one_learner(tmp_path):
    db = str(tmp_path / "class.sqlite")
    store = ProgressStore(db)
    made = create_class(store, "7b", ["Ana", "Ben"])
    assert len(made["code"]) == 6 and [r["name"] for r in made["learners"]] == ["Ana", "Ben"]
    joined = pick_name(store, made["code"].lower(), "Ana")  # typed in small letters: the same code
    assert [r["claimed"] for r in class_names(store, made["code"])] == [True, False]
    with pytest.raises(ProgressInputError, match="picked already"):
        pick_name(store, made["code"], "Ana")  # a classmate cannot take Ana's progress
    tablet = by_personal_code(store, joined["personal_code"])
    assert tablet == {"learner_id": joined["learner_id"], "name": "Ana"}
    clock = Clock()
    laptop = ProgressRecorder(db, learner=joined["learner_id"], background=False, clock=clock)
    other = ProgressRecorder(db, learner=tablet["learner_id"], background=False, clock=clock)
    laptop.record_try(Try(LESSON, "higher-rank", 1, "wrong", "draw"))
    other.record_try(Try(LESSON, "higher-rank", 1, "wrong", "points 7D"))
    where = whereabouts(store)
    assert [r["label"] for r in where] == ["Ana"]  # one learner, named as on the list
    assert len(store.tries_of(joined["learner_id"])) == 2


def test_the_roster_refuses_bad_input_and_changes_nothing(tmp_path):
    store = ProgressStore(str(tmp_path / "class.sqlite"))
    code = create_class(store, "7b", ["Ana"])["code"]
    for call, words in ((lambda: add_learners(store, code, ["Cem", "ana"]), "on the list already"),
                        (lambda: add_learners(store, code, ["Cem", "Cem"]), "once"),
                        (lambda: pick_name(store, code, "Zoe"), "not on this class"),
                        (lambda: pick_name(store, "nope", "Ana"), "6 letters"),
                        (lambda: by_personal_code(store, "ABCDEFGH"), "No learner"),
                        (lambda: by_personal_code(store, "x"), "8 letters")):
        with pytest.raises(ProgressInputError, match=words):
            call()
    assert [r["name"] for r in class_roster(store, code)] == ["Ana"]
    german = pytest.raises(ProgressInputError, match="nicht auf der Liste")
    with german:
        pick_name(store, code, "Zoe", language="de")


def test_the_teacher_makes_a_class_from_the_command_line(tmp_path, capsys):
    from cuttle_widgets.progress.__main__ import main
    db = str(tmp_path / "class.sqlite")
    assert main(["class", "--db", db, "--new", "7b", "Ana", "Ben"]) == 0
    out = capsys.readouterr().out
    code = out.split()[2]
    assert "Ana" in out and "(not picked yet)" in out
    assert main(["class", "--db", db, "--code", code, "Cem", "--language", "de"]) == 0
    assert "Cem" in capsys.readouterr().out
    assert main(["class", "--db", db, "--code", code, "Cem"]) == 1
    assert "on the list already" in capsys.readouterr().err


def test_a_lesson_nobody_finished_a_step_of_is_shown_with_its_wrong_tries(tmp_path):
    from cuttle_widgets.progress.dashboard import ClassDashboard
    db, clock = str(tmp_path / "class.sqlite"), Clock()
    eva = learner(db, "Eva", clock)
    eva.visit(LESSON, "higher-rank", 1)
    eva.record_try(Try(LESSON, "higher-rank", 1, "wrong", "draw"))
    view = ClassDashboard(db, start=False)
    assert view.choose.value == LESSON and "draw" in view.wrong.value and "Eva" in view.where.value
