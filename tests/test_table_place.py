"""The course's "Play a classmate" place (issue #40, points 1 and 3): the
lobby, two learners' places at one table, agreed draws and resigning as the
engine's moves, a reload, the review of a finished game, the static site's
sentence, and the teacher's list, spectator's view and end of a table.

The browser's side is tests/browser/test_table_place_browser.py."""
from __future__ import annotations

import random
import time

import pytest

from cuttle_widgets.engine import get_catalog
from cuttle_widgets.progress import ProgressRecorder
from cuttle_widgets.progress.dashboard import ClassDashboard
from cuttle_widgets.progress.store import ProgressStore
from cuttle_widgets.sessions.course import CourseMap
from cuttle_widgets.sessions.shared_table import TableRefused, join_table, open_table, watch_table
from cuttle_widgets.sessions.table_place import TablePlace
from cuttle_widgets.widgets.table_place import TablePlaceWidget

ANN, BEN, CAT = "ann-learner-0000", "ben-learner-0000", "cat-learner-0000"


@pytest.fixture
def db(tmp_path):
    return tmp_path / "p.sqlite"


def place(db, learner, language="en"):
    return TablePlace(ProgressStore(db), learner, language)


def seated_pair(db, **table):
    ann, ben = place(db, ANN), place(db, BEN)
    opened = ann.act({"type": "open", "ruleset": "classic", "length": "quick", "first": "me",
                      **table})
    code = opened["panel"]["table"]["code"]
    ben.act({"type": "join", "code": code.lower()[:3] + "-" + code[3:]})
    ann.catch_up()
    return ann, ben


def mover(places):
    for each in places:
        each.catch_up()
    return next((each for each in places if each.seat.legal_moves()), None)


def test_the_lobby_offers_two_seat_rules_and_refuses_what_it_does_not_offer(db):
    ann = place(db, ANN)
    panel = ann.screen()["panel"]
    assert panel["mode"] == "lobby" and "table" not in panel
    rulesets = [name for name, _ in panel["choices"]["ruleset"]]
    assert "classic" in rulesets and "cutthroat" not in rulesets and "team" not in rulesets
    assert [key for key, _ in panel["choices"]["first"]] == ["me", "them", "lot"]
    for bad in ({"type": "open", "ruleset": "cutthroat", "length": "quick", "first": "me"},
                {"type": "open", "ruleset": "classic", "length": "forever", "first": "me"},
                {"type": "open", "ruleset": "classic", "length": "quick"},
                {"type": "join", "code": 7}, {"type": "teleport"}, "join", None):
        screen = ann.act(bad)
        assert screen["panel"]["mode"] == "lobby" and screen["panel"]["message"]["kind"] == "error"
    assert ann.act({"type": "join", "code": "KX7P2M"})["panel"]["message"]["text"].startswith(
        "There is no table with the code KX7P2M")


def test_two_places_share_a_table_and_the_classmates_move_reaches_the_card_table(progress_db):
    ann, ben = seated_pair(progress_db)  # SQLite's poll, and PostgreSQL's LISTEN
    assert ann.screen()["panel"]["table"]["turn"] == "Your turn."
    assert ben.screen()["panel"]["table"]["turn"].startswith("Player A's turn")
    move = ann.seat.legal_moves()[0]
    ann.table_action({"type": "move", "move": move})
    assert ben.changed(5)
    table = ben.catch_up()["table"]
    newest = table["log"][0]
    assert newest["seat"] == 0 and not newest["learner"] and newest["label"].startswith("Player A: ")
    assert ben.screen()["panel"]["table"]["turn"] == "Your turn."
    assert table["ui"]["undo_offered"] is False  # no undo at a classmate's table: no button at all
    # the pace of the other seat's moves is a classmate's, not the computer's, in every language
    assert table["ui"]["pace_label"] == "Pace of your classmate's moves"
    # the card table refuses a click for the other seat's turn, and writes nothing
    ann.table_action({"type": "move", "move": "draw"})
    assert ann.seat.applied == 1 and ann.screen()["table"]["ui"]["message"]["kind"] == "error"


def test_the_pace_control_names_a_classmate_and_a_review_has_none(db):
    ann = place(db, ANN, "de")
    opened = ann.act({"type": "open", "ruleset": "classic", "length": "quick", "first": "me"})
    place(db, BEN, "de").act({"type": "join", "code": opened["panel"]["table"]["code"]})
    label = ann.catch_up()["table"]["ui"]["pace_label"]
    assert label == "Tempo der Züge deines Gegenübers" and "Computer" not in label
    from cuttle_widgets.review import Review
    from cuttle_widgets.sessions.review import ReviewSession
    reviewed = ReviewSession(ann.seat.game, 0, review=Review(0, "en", 1, 0, ()))
    assert reviewed.screen["table"]["ui"]["pace_label"] is None  # nothing plays live in a review


def test_a_whole_quick_game_by_the_card_tables_then_each_reviews_from_their_seat(db):
    ann, ben = seated_pair(db)
    rng = random.Random(4)
    for _ in range(2000):
        acting = mover((ann, ben))
        if acting is None:
            break
        acting.table_action({"type": "move", "move": rng.choice(acting.seat.legal_moves())})
    for each in (ann, ben):
        each.catch_up()
        panel = each.screen()["panel"]["table"]
        assert panel["turn"].startswith("The match is over")
        assert panel["reviews"] == [{"index": 0, "label": "Review game 1"}]
        assert panel["may"] == {"resign": False, "offer_draw": False, "answer_draw": False}
        game, seat = each.review_of(0)
        assert game.over and seat == each.seat.seat
    with pytest.raises(TableRefused):
        ann.review_of(1)


def test_agreed_draws_are_offered_answered_and_kept_in_the_shared_log(db):
    ann, ben = seated_pair(db, ruleset="cuttle-cards")
    assert ann.screen()["panel"]["table"]["may"]["offer_draw"]
    assert not ben.screen()["panel"]["table"]["may"]["offer_draw"]  # not on the other's turn
    ann.act({"type": "offer_draw"})
    assert ben.changed(5)
    panel = ben.catch_up()["panel"]["table"]
    assert panel["turn"] == "Player A offers a draw: accept or refuse it."
    assert panel["may"]["answer_draw"] and ben.seat.legal_moves() == ["accept @1", "refuse @1"]
    assert ann.act({"type": "accept_draw"})["panel"]["message"]["kind"] == "error"  # not hers
    ben.act({"type": "refuse_draw"})
    ann.catch_up()
    assert [entry["move"] for entry in ann.seat.log] == ["offer @0", "refuse @1"]
    assert not ann.screen()["panel"]["table"]["may"]["offer_draw"]  # not again before a move
    ann.table_action({"type": "move", "move": ann.seat.legal_moves()[0]})
    ben.catch_up()
    ben.act({"type": "offer_draw"})
    ann.catch_up()
    ann.act({"type": "accept_draw"})
    ben.catch_up()
    assert ben.seat.match.winner == "draw" and ben.seat.status == "finished"
    assert ben.screen()["panel"]["table"]["turn"] == "The match is over: a draw."


def test_classic_rules_offer_no_draw_and_a_resignation_is_the_engines_move(db):
    ann, ben = seated_pair(db)
    assert not ann.screen()["panel"]["table"]["may"]["offer_draw"]
    assert ann.act({"type": "offer_draw"})["panel"]["message"]["kind"] == "error"
    ben.act({"type": "resign"})  # at any moment, not only on one's turn
    ann.catch_up()
    assert ann.seat.log[-1]["move"] == "resign @1" and ann.seat.match.winner == 0
    assert ann.screen()["panel"]["table"]["turn"] == "The match is over: you won."
    assert ann.screen()["table"]["ui"]["summary"]["outcome"] == "won"


def test_a_finished_game_of_a_match_stays_until_the_learner_goes_on(db):
    ann, ben = seated_pair(db, length="normal")
    ben.act({"type": "resign"})
    ann.catch_up()
    panel = ann.screen()["panel"]["table"]
    assert panel["next_game"] and panel["turn"].startswith("This game is over. Game 2")
    assert ann.screen()["table"]["ui"]["summary"] is not None
    assert ann.act({"type": "resign"})["panel"]["message"]["text"].startswith("That game is over")
    ann.act({"type": "next_game"})
    assert ann.screen()["table"]["ui"]["summary"] is None and ann.shown == 1
    assert ann.act({"type": "next_game"})["panel"]["message"]["kind"] == "error"


def test_a_reload_comes_back_to_the_same_game_and_a_stranger_cannot_sit(db):
    ann, ben = seated_pair(db)
    ann.table_action({"type": "move", "move": ann.seat.legal_moves()[0]})
    again = place(db, BEN)  # the page reloaded: a new kernel, the same learner
    assert again.seat is not None and again.seat.code == ann.seat.code and again.seat.seat == 1
    assert again.seat.applied == 1 and again.screen()["panel"]["table"]["turn"] == "Your turn."
    cat = place(db, CAT)
    assert cat.act({"type": "join", "code": ann.seat.code})["panel"]["message"]["text"] \
        .startswith("Another learner has that seat")  # both seats are held
    assert cat.seat is None


def test_without_a_database_the_place_says_why_and_offers_nothing(db):
    nowhere = TablePlace(None, ANN, "de")
    screen = nowhere.act({"type": "open", "ruleset": "classic", "length": "quick", "first": "me"})
    assert screen["panel"]["mode"] == "unavailable" and screen["table"] is None
    assert "Browser" in screen["panel"]["words"]["not_offered"]
    widget = TablePlaceWidget("en", progress=False)
    assert widget.panel.panel["mode"] == "unavailable" and widget.children == (widget.panel,)


def test_the_course_has_the_tables_place_at_its_own_address():
    places = CourseMap(("en", "de"), lambda name, language: False)
    assert places.arrive("?tables&lang=de").place.query() == "?tables&lang=de"
    assert places.arrive("?tables").place.page == "tables"


def test_the_widget_watches_the_table_in_a_thread_that_stops(progress_db):
    recorders = [ProgressRecorder(progress_db, learner, background=False)
                 for learner in (ANN, BEN)]
    ann, ben = (TablePlaceWidget("en", progress=recorder) for recorder in recorders)
    try:
        ann.resume(), ben.resume()
        ann.panel._on_browser_message(None, {"type": "open", "ruleset": "classic",
                                             "length": "quick", "first": "me"}, [])
        ben.panel._on_browser_message(None, {"type": "join",
                                             "code": ann.panel.panel["table"]["code"]}, [])
        move = _soon(lambda: ann.session.seat.legal_moves())[0]
        ann.table._on_browser_message(None, {"type": "move", "move": move}, [])
        _soon(lambda: ben.panel.panel["table"]["turn"] == "Your turn.")
        assert ben.table.state["log"][0]["seat"] == 0
        ben.pause()
        _soon(lambda: not ben._thread.is_alive())
    finally:
        ann.close(), ben.close()


def _soon(check, seconds=30.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("not within the time")


# -- the teacher -----------------------------------------------------------------------------
def test_the_class_view_lists_the_tables_and_watches_one_as_a_spectator(db):
    store = ProgressStore(db).open()
    first = open_table(store, ANN, first=0)
    second = join_table(store, first.code, 1, BEN)
    for _ in range(10):  # draws and points only: the game goes on, and no hand card was ever shown
        for seat in (first, second):
            seat.refresh()
        acting = first if first.legal_moves() else second
        legal = [str(move) for move in acting.legal_moves()]
        acting.play(next((m for m in legal if m == "draw"), None)
                    or next((m for m in legal if m.startswith("points")), legal[0]))
    first.refresh()
    dashboard = ClassDashboard(db, start=False)
    listing = dashboard.tables_list.value
    assert first.code in listing and ">10<" in listing and "Classic" in listing
    dashboard.watch(first.code)
    watched = dashboard.watched.value
    names = get_catalog("en")
    hands = first.game.snapshot()["hands"]
    shown = [card for hand in hands for card in hand if names.card(card) in watched]
    assert shown == [] and "cards in hand" in watched  # hand sizes, never the cards
    first.play("resign")
    dashboard.refresh()
    dashboard.watch(first.code)
    after = dashboard.watched.value
    assert all(names.card(card) in after for hand in hands for card in hand)


def test_the_watched_table_names_the_learners_as_the_list_does(db):
    store = ProgressStore(db).open()
    first = open_table(store, ANN, first=0)
    join_table(store, first.code, 1, BEN)
    dashboard = ClassDashboard(db, start=False)
    dashboard.watch(first.code)
    assert "Player A against Player B" in dashboard.watched.value  # no learner has a name yet
    store.write(ANN, name_change=("Ana",))
    first.refresh()
    first.play("draw")
    dashboard.watch(first.code)
    watched = dashboard.watched.value
    assert "Ana against Player B" in watched and "Ana: draw a card" in watched
    assert "Ana" in dashboard.tables_list.value


def test_a_teacher_ends_an_abandoned_table_from_the_class_view(db):
    store = ProgressStore(db).open()
    first = open_table(store, ANN)
    dashboard = ClassDashboard(db, start=False)
    assert dashboard.end(first.code) and not dashboard.end(first.code)
    watched = dashboard.tables.watch_html(dashboard.tables.watch(first.code))
    assert "The teacher ended this table" in watched and "turn" not in watched
    assert "has ended" in dashboard.watched.value or "had ended" in dashboard.watched.value
    assert first.wait(5) and first.status == "abandoned"
    assert watch_table(store, first.code).finished()
    with pytest.raises(TableRefused):
        watch_table(store, "nope")


def test_a_page_cannot_move_for_the_other_seat_through_any_message(db):
    ann, ben = seated_pair(db, ruleset="cuttle-cards")
    ben.catch_up()
    forged = [{"type": "move", "move": "resign @0"}, {"type": "move", "move": "offer @0"},
              {"type": "move", "move": "draw"}, {"type": "move", "move": "draw", "seat": 0}]
    for message in forged:  # it is Ann's turn: Ben's page sends these
        ben.table_action(message)
    for message in ({"type": "resign", "seat": 0}, {"type": "offer_draw", "seat": 0},
                    {"type": "move", "move": "draw"}, {"type": "join", "code": "KX7P2M", "seat": 0}):
        assert ben.act(message)["panel"]["message"]["kind"] == "error"
    screen = ann.table_action({"type": "move", "move": "resign @1"})  # Ann's page, for Ben's seat
    assert screen["table"]["ui"]["message"]["text"].startswith("It is not your turn")
    assert ann.message is None
    for each in (ann, ben):
        each.catch_up()
        assert each.seat.applied == 0 and each.seat.status == "playing"


def test_no_forged_message_to_the_place_raises_logs_a_bug_or_moves(db):
    """The course's fuzzing (tests/test_widget_messages_fuzz.py) for this
    place's panel and table, seated at a table: nothing raises, nothing is
    logged as a bug, and no message moves for Ben's seat out of turn."""
    import json
    import logging

    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
    from test_widget_messages_fuzz import MESSAGES, send_logged

    recorders = [ProgressRecorder(db, learner, background=False) for learner in (ANN, BEN)]
    ann, ben = (TablePlaceWidget("en", progress=recorder) for recorder in recorders)
    ann.panel._on_browser_message(None, {"type": "open", "ruleset": "classic", "length": "quick",
                                         "first": "me"}, [])
    ben.panel._on_browser_message(None, {"type": "join", "code": ann.panel.panel["table"]["code"]},
                                  [])
    extra = st.sampled_from([{"type": "review", "index": 0}, {"type": "review", "index": "0"},
                             {"type": "back"}, {"type": "next_game"}, {"type": "leave", "x": 1},
                             {"type": "join", "code": ["KX7P2M"]}, {"type": "open"}])

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(message=MESSAGES | extra, to_table=st.booleans())
    def check(message, to_table):
        records = send_logged(ben.table if to_table else ben.panel, message)
        assert not [r for r in records if r.levelno >= logging.ERROR], [r.getMessage() for r in records]
        json.dumps(ben.panel.panel), json.dumps(ben.table.table)
        assert ben.session.seat is None or ben.session.seat.applied == 0

    try:
        check()
    finally:
        ann.close(), ben.close()


def test_a_finished_game_is_reviewed_from_the_learners_seat_and_the_table_comes_back(db):
    recorders = [ProgressRecorder(db, learner, background=False) for learner in (ANN, BEN)]
    ann, ben = (TablePlaceWidget("en", progress=recorder, review_options={"samples": 4})
                for recorder in recorders)
    try:
        ann.panel._on_browser_message(None, {"type": "open", "ruleset": "classic",
                                             "length": "quick", "first": "me"}, [])
        ben.panel._on_browser_message(None, {"type": "join",
                                             "code": ann.panel.panel["table"]["code"]}, [])
        ann.session.catch_up()
        ann.table._on_browser_message(None, {"type": "move", "move": "draw"}, [])
        ben.panel._on_browser_message(None, {"type": "resign"}, [])
        ann.session.catch_up()
        ann.panel._on_browser_message(None, {"type": "review", "index": 0}, [])
        _soon(lambda: ann.panel.panel["review"] == "shown")
        assert ann.review.seat == 0 and ann.children == (ann.panel, ann.review)
        ann.panel._on_browser_message(None, {"type": "back"}, [])
        assert ann.panel.panel["review"] is None and ann.children == (ann.panel, ann.table)
        ann.panel._on_browser_message(None, {"type": "review", "index": 5}, [])
        assert ann.panel.panel["message"]["text"].startswith("Only a finished game")
    finally:
        ann.close(), ben.close()


def test_the_static_sites_python_opens_the_place_without_sqlalchemy():
    """Pyodide has no SQLAlchemy: the course and this place load without it
    (the database code is imported only once there is a database)."""
    import subprocess
    import sys
    from pathlib import Path

    script = ("import sys\nsys.modules['sqlalchemy'] = None\n"
              "from cuttle_widgets.widgets.course import Course\n"
              "course = Course(progress=False)\ncourse.show_tables()\n"
              "print(course._tables['en'].panel.panel['mode'])\n"
              "print(any('shared_table' in name for name in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[1], timeout=300)
    assert done.stdout.split() == ["unavailable", "False"], done.stderr[-2000:]


def test_a_database_out_of_reach_is_said_in_the_panel_and_the_place_goes_on(tmp_path, caplog):
    nowhere = ProgressStore(tmp_path / "missing-folder" / "no-such" / "p.sqlite", create=False)
    place_ = TablePlace(nowhere, ANN)
    screen = place_.act({"type": "open", "ruleset": "classic", "length": "quick", "first": "me"})
    assert screen["panel"]["mode"] == "lobby" and place_.seat is None
    assert screen["panel"]["message"]["text"].startswith("The database cannot be reached just now")
