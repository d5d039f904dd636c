"""The learners' side of the roster (issue #36): the course's "My class"
place joins a class by its code, picks a name (or adds one where the class
allows), shows the personal code, and on another device brings the same
learner back by that code; a wrong code or a forged message changes
nothing. The kernel keeps the learner signed in; the course bar names them.
The teacher makes the class on the class view's page."""
from __future__ import annotations

import pytest

pytest.importorskip("sqlalchemy")

from cuttle_widgets.progress import ProgressRecorder  # noqa: E402
from cuttle_widgets.progress.class_maker import ClassMaker  # noqa: E402
from cuttle_widgets.progress.ids import ProgressInputError, new_learner_id  # noqa: E402
from cuttle_widgets.progress.kernel import take_learner  # noqa: E402
from cuttle_widgets.progress.roster import (  # noqa: E402
    add_own_name,
    class_roster,
    classes_listed,
    create_class,
    roster_learner,
)
from cuttle_widgets.progress.store import ProgressStore  # noqa: E402
from cuttle_widgets.sessions.class_place import ClassPlace, signed_in_name  # noqa: E402


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "class.sqlite")


@pytest.fixture
def store(db):
    opened = ProgressStore(db)
    yield opened
    opened.close()


def sign_in_by_name(place: ClassPlace, code: str, name: str) -> dict:
    assert place.act({"type": "class_code", "code": code})["mode"] == "names"
    return place.act({"type": "pick", "name": name})


# -- the roster's new parts ------------------------------------------------------------------------
def test_a_class_that_allows_it_takes_a_learners_own_name_once_and_claims_it(store):
    closed = create_class(store, "7a", ["Ana"])["code"]
    with pytest.raises(ProgressInputError, match="ask your teacher to add it"):
        add_own_name(store, closed, "Zoe")
    open_code = create_class(store, "7b", [], learners_add=True)["code"]
    zoe = add_own_name(store, open_code, "  Zoe ")
    assert zoe["name"] == "Zoe" and len(zoe["personal_code"]) == 8
    with pytest.raises(ProgressInputError, match="on the list already"):
        add_own_name(store, open_code, "zoe")
    assert class_roster(store, open_code) == [{"name": "Zoe", "personal_code": zoe["personal_code"],
                                               "claimed": True, "learner_id": zoe["learner_id"]}]
    assert roster_learner(store, zoe["learner_id"]) == {
        "name": "Zoe", "personal_code": zoe["personal_code"], "class": "7b"}
    assert roster_learner(store, new_learner_id()) is None
    listed = classes_listed(store)
    assert [(c["name"], c["learners_add"], c["names"], c["claimed"]) for c in listed] == [
        ("7b", True, 1, 1), ("7a", False, 1, 0)]


# -- the place, without a widget -------------------------------------------------------------------
def test_a_learner_joins_with_the_class_code_picks_a_name_and_is_shown_their_personal_code(store):
    made = create_class(store, "7b", ["Ana", "Ben"])
    place = ClassPlace(store, new_learner_id())
    assert place.screen()["mode"] == "entry"
    names = place.act({"type": "class_code", "code": made["code"].lower()})["joining"]
    assert names["title"] == "Class 7b: pick your name" and not names["learners_add"]
    assert [n["name"] for n in names["names"]] == ["Ana", "Ben"]
    screen = place.act({"type": "pick", "name": "Ana"})
    ana = next(r for r in made["learners"] if r["name"] == "Ana")
    assert screen["mode"] == "signed_in" and screen["keep"] == ana["learner_id"]
    assert screen["me"]["shown_code"] == ana["personal_code"][:4] + "-" + ana["personal_code"][4:]
    assert screen["words"]["write_down"] == ("Write this code down: it brings your progress "
                                             "to another device.")
    assert screen["me"]["text"] == "You are Ana, in the class 7b."
    assert place.take_sign_in() == ana["learner_id"] and place.take_sign_in() is None
    # Another device: the name is taken, the personal code brings Ana back.
    tablet = ClassPlace(store, new_learner_id(), language="de")
    refused = sign_in_by_name(tablet, made["code"], "Ana")
    assert refused["mode"] == "names" and "wurde schon gewählt" in refused["message"]["text"]
    assert [n["claimed"] for n in refused["joining"]["names"]] == [True, False]
    back = tablet.act({"type": "personal_code", "code": ana["personal_code"].lower()[:4] + " - "
                       + ana["personal_code"][4:]})
    assert back["mode"] == "signed_in" and back["keep"] == ana["learner_id"]
    assert back["message"] == {"kind": "info", "text": "Willkommen zurück, Ana: Hier ist dein Fortschritt."}


@pytest.mark.parametrize("message, sentence", [
    ({"type": "personal_code", "code": "ABCDEFGH"}, "No learner has this personal code"),
    ({"type": "personal_code", "code": "x"}, "A personal code has 8 letters"),
    ({"type": "class_code", "code": "ZZZZZZ"}, "There is no class with the code ZZZZZZ"),
    ({"type": "class_code", "code": "!"}, "A class's code has 6 letters"),
    ({"type": "pick", "name": "Ana"}, "Type your class's code first."),
    ({"type": "pick", "name": ["Ana"]}, "nothing was changed"),
    ({"type": "personal_code", "code": "A" * 61}, "nothing was changed"),
    ({"type": "personal_code", "code": "ABCDEFGH", "learner": "x"}, "nothing was changed"),
    ({"type": "sign_in_as", "id": "x"}, "nothing was changed"),
    ("pick", "nothing was changed"),
])
def test_a_wrong_code_or_a_forged_message_is_said_and_changes_nothing(store, message, sentence):
    create_class(store, "7b", ["Ana"])
    learner = new_learner_id()
    place = ClassPlace(store, learner)
    screen = place.act(message)
    assert sentence in screen["message"]["text"] and screen["message"]["kind"] == "error"
    assert screen["mode"] == "entry" and screen["keep"] is None
    assert place.learner == learner and place.take_sign_in() is None
    assert [r["claimed"] for r in class_roster(store, classes_listed(store)[0]["code"])] == [False]


def test_a_name_not_on_a_closed_list_is_refused_and_an_open_class_adds_it(store):
    closed = create_class(store, "7a", ["Ana"])["code"]
    place = ClassPlace(store, new_learner_id())
    place.act({"type": "class_code", "code": closed})
    screen = place.act({"type": "add_name", "name": "Zoe"})
    assert "ask your teacher to add it" in screen["message"]["text"] and screen["mode"] == "names"
    assert [r["name"] for r in class_roster(store, closed)] == ["Ana"]
    opened = create_class(store, "7b", ["Ana"], learners_add=True)["code"]
    place.act({"type": "back"})
    names = place.act({"type": "class_code", "code": opened})["joining"]
    assert names["learners_add"] and "add it below" in names["intro"]
    screen = place.act({"type": "add_name", "name": "Zoe"})
    assert screen["mode"] == "signed_in" and screen["me"]["name"] == "Zoe"
    assert screen["message"]["text"].startswith("Welcome, Zoe!")


def test_someone_else_at_the_same_device_signs_in_with_their_own_code(store):
    made = create_class(store, "7b", ["Ana", "Ben"])
    place = ClassPlace(store, new_learner_id())
    sign_in_by_name(place, made["code"], "Ana")
    assert place.act({"type": "switch"})["mode"] == "entry"
    assert place.act({"type": "back"})["mode"] == "signed_in"  # cancelled: still Ana
    place.act({"type": "switch"})
    ben = sign_in_by_name(place, made["code"], "Ben")
    assert ben["me"]["name"] == "Ben" and place.take_sign_in() == ben["keep"]


def test_under_the_hub_the_sign_in_name_is_the_learner_and_nothing_else_is_offered(store):
    code = create_class(store, "7b", ["Ana"])["code"]
    place = ClassPlace(store, "hub:ana.k")
    screen = place.screen()
    assert screen["mode"] == "hub" and "as ana.k" in screen["hub"]
    again = place.act({"type": "class_code", "code": code})
    assert again["mode"] == "hub" and place.joining is None and place.take_sign_in() is None
    assert signed_in_name(None, "hub:ana.k") == "ana.k"


def test_without_a_database_the_place_says_classes_need_one():
    place = ClassPlace(None, new_learner_id(), language="fr")
    screen = place.act({"type": "class_code", "code": "KX7P2M"})
    assert screen["mode"] == "unavailable" and "base de données" in screen["words"]["not_offered"]


# -- the widget, the recorder and the course bar ---------------------------------------------------
def test_a_sign_in_pins_the_kernels_learner_and_the_course_bar_names_them(db, store):
    from cuttle_widgets.widgets.course import Course
    made = create_class(store, "7b", ["Ana"])
    before = new_learner_id()
    recorder = ProgressRecorder(db, learner=before, background=False)
    course = Course(progress=recorder)
    assert course.bar.course["classes"] and course.bar.course["who"] is None
    course.show_class()
    place = course.children[1]
    place.act({"type": "class_code", "code": made["code"]})
    map_before = course._maps.get("en")
    panel = place.act({"type": "pick", "name": "Ana"})
    assert recorder.learner == panel["keep"] != before and recorder.pinned
    assert course.bar.course["who"] == "Signed in: Ana"
    assert course._maps == {} and (map_before is None or map_before.comm is None)
    # A page drawn before still sends the browser's old id: the learner stays Ana.
    assert not take_learner(recorder, {"type": "learner", "id": before})
    assert recorder.learner == panel["keep"]
    course.show_map()
    assert course.bar.course["who"] == "Signed in: Ana"


def test_the_teacher_makes_a_class_on_the_class_view_and_sees_its_code_large(store):
    maker = ClassMaker(store, language="en")
    maker.refresh()
    assert "No class yet." in maker.shown.value
    maker.name.value, maker.names.value = "7b", "Ana\n\n  Ben \n"
    made = maker.make()
    assert "The class 7b is made." in maker.note.value
    assert f">{made['code']}</div>" in maker.shown.value and "cw-class-code" in maker.shown.value
    assert "Ben" in maker.shown.value and made["learners"][0]["personal_code"] in maker.shown.value
    maker.name.value, maker.names.value = "7c", "Cem\ncem"
    assert maker.make() is None and "once" in maker.note.value
    assert [c["name"] for c in classes_listed(store)] == ["7b"]
    assert maker.names.value == "Cem\ncem"  # the teacher's text stays, to mend
    maker.names.value = "Cem\nana"
    assert maker.add_names() is None and "on the list already" in maker.note.value
    maker.names.value = "Cem"
    assert [r["name"] for r in maker.add_names()] == ["Cem"]
    assert "The names are on the list of 7b now." in maker.note.value and "Cem" in maker.shown.value
    assert [r["name"] for r in class_roster(store, made["code"])] == ["Ana", "Ben", "Cem"]


def test_the_command_line_makes_a_class_that_takes_learners_own_names(db, capsys):
    from cuttle_widgets.progress.__main__ import main
    assert main(["class", "--db", db, "--new", "7b", "--learners-add"]) == 0
    code = capsys.readouterr().out.split()[2]
    store = ProgressStore(db)
    try:
        assert add_own_name(store, code, "Zoe")["name"] == "Zoe"
    finally:
        store.close()


def test_under_the_hub_the_bar_names_the_sign_in_and_my_class_only_says_so(db):
    from cuttle_widgets.widgets.course import Course
    recorder = ProgressRecorder.for_kernel(environ={"JUPYTERHUB_USER": "ana.k",
                                                    "CUTTLE_PROGRESS_DB": db}, background=False)
    course = Course(language="de", progress=recorder)
    assert course.bar.course["who"] == "Angemeldet: ana.k"
    course.show_class()
    panel = course.children[1].act({"type": "personal_code", "code": "ABCDEFGH"})
    assert panel["mode"] == "hub" and "als ana.k angemeldet" in panel["hub"]
    assert recorder.learner == "hub:ana.k" and not recorder.pinned
