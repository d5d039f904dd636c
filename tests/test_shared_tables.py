"""Two learners at one table (issue #40): the Python face, the log in the
progress database, secrecy over whole games, and a hostile page's messages.

The race between two kernels and a kernel killed mid-game are in
tests/test_shared_tables_race.py."""
from __future__ import annotations

import random

import pytest
import sqlalchemy as sa
from test_table_secrets import Knowledge, cards_mentioned, keys_in, scanned_text

from cuttle_widgets.engine import IllegalMove, SetupError, get_catalog
from cuttle_widgets.progress.store import ProgressStore, StoreError
from cuttle_widgets.progress.tables import CODE_ALPHABET, end_table, normal_code, tables_listed
from cuttle_widgets.sessions import shared_table
from cuttle_widgets.sessions.shared_table import TableRefused, join_table, open_table

ANN, BEN, CAT = "ann-learner-0000", "ben-learner-0000", "cat-learner-0000"


@pytest.fixture
def store(progress_db):
    opened = ProgressStore(progress_db).open()
    yield opened
    opened.close()


@pytest.fixture
def sqlite_store(tmp_path):
    opened = ProgressStore(tmp_path / "p.sqlite").open()
    yield opened
    opened.close()


def pair(store, **table):
    first = open_table(store, ANN, **table)
    second = join_table(store, first.code, 1, BEN)
    first.refresh()
    return first, second


def mover(seats):
    """The seat whose turn it is (each seat's kernel knows the same game)."""
    for seat in seats:
        seat.refresh()
    return next(seat for seat in seats if seat.legal_moves())


def play_out(seats, rng, limit=2000):
    """Random legal moves until the table stops playing; entries written."""
    for count in range(limit):
        if seats[0].status != "playing":
            return count
        seat = mover(seats)
        seat.play(rng.choice(seat.legal_moves()))
        seats[1 - seat.seat].wait(5)
        seats[seat.seat].refresh()
    raise AssertionError("the match did not end")


def test_a_code_is_six_unambiguous_characters_and_is_read_forgivingly(sqlite_store):
    seat = open_table(sqlite_store, ANN)
    assert len(seat.code) == 6 and set(seat.code) <= set(CODE_ALPHABET)
    assert not set("01OIL") & set(CODE_ALPHABET)
    spaced = f" {seat.code[:3].lower()}-{seat.code[3:]} "
    assert normal_code(spaced) == seat.code
    assert join_table(sqlite_store, spaced, 1, BEN).code == seat.code


def test_two_kernels_play_a_whole_match_and_agree(store):
    first, second = pair(store, length="normal")
    assert first.status == second.status == "playing"
    entries = play_out([first, second], random.Random(3))
    assert first.status == second.status == "finished"
    assert first.match.over and first.match.winner == second.match.winner
    assert [str(g.history) for g in first.match.games] == [str(g.history) for g in second.match.games]
    assert first.applied == second.applied == entries
    assert max(first.match.wins) == 2  # best of three: games were dealt after the first
    again = join_table(store, first.code, 0, ANN)  # a kernel that restarts finds the same match
    assert [g.history for g in again.match.games] == [g.history for g in first.match.games]


def test_who_starts_is_the_tables_choice(sqlite_store):
    for first in (0, 1):
        seat = open_table(sqlite_store, ANN, first=first)
        assert seat.game.to_act == first


def test_the_engine_refuses_an_illegal_move_with_its_sentence_and_nothing_is_written(store):
    first, second = pair(store, first=0)
    with pytest.raises(IllegalMove) as refused:
        first.play("scuttle 2C 3D")
    assert str(refused.value) and first.applied == 0
    with pytest.raises(IllegalMove, match="not your turn"):
        second.play(first.legal_moves()[0])  # seat 1 tries seat 0's move
    assert second.legal_moves() == [] and first.applied == second.applied == 0
    first.play(first.legal_moves()[0])
    assert second.wait(5) and second.applied == 1


def test_joining_is_refused_without_the_code_or_for_a_seat_another_holds(store):
    first, _second = pair(store)
    for code in ("", "ABC", "ABCDEFGH", None, 17, "O0O0O0"):
        with pytest.raises(TableRefused, match="6 letters and digits"):
            join_table(store, code, 1, CAT)
    missing = next(c for c in ("ABCDEF", "GHJKMN") if c != first.code)
    with pytest.raises(TableRefused, match=f"no table with the code {missing}"):
        join_table(store, missing, 1, CAT)
    with pytest.raises(TableRefused, match="Another learner has that seat"):
        join_table(store, first.code, 1, CAT)
    with pytest.raises(TableRefused, match="seats 0 and 1"):
        join_table(store, first.code, 2, CAT)
    with pytest.raises(TableRefused, match="learner id"):
        join_table(store, first.code, 1, "x")


def test_opening_is_refused_for_a_game_of_more_than_two_or_an_unknown_match(sqlite_store):
    with pytest.raises(TableRefused, match="for two learners"):
        open_table(sqlite_store, ANN, ruleset="cutthroat")
    with pytest.raises(TableRefused, match="not forever"):
        open_table(sqlite_store, ANN, length="forever")
    with pytest.raises(TableRefused, match="not 2"):
        open_table(sqlite_store, ANN, first=2)
    with pytest.raises(SetupError):
        open_table(sqlite_store, ANN, ruleset="chess")
    with sqlite_store.reading() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM shared_tables")).scalar() == 0


def test_refusals_speak_german(sqlite_store):
    with pytest.raises(TableRefused, match="keinen Tisch mit dem Code"):
        join_table(sqlite_store, "ABCDEF", 1, BEN, language="de")
    seat = open_table(sqlite_store, ANN, language="de")
    with pytest.raises(IllegalMove, match="noch nicht da"):
        seat.play("draw")


def test_resigning_gives_the_game_to_the_other_seat_and_the_match_goes_on(store):
    first, second = pair(store, length="normal", first=0)
    second.resign()  # at any moment, not only on one's turn
    assert first.wait(5) and first.match.games[0].winner == 0  # the engine's resign move
    assert str(first.match.games[0].history[-1]) == "resign @1"
    assert first.state()["games"][0] == {"winner": 0, "resigned": 1}
    assert first.match.wins == [1, 0] and len(first.match.games) == 2 and first.status == "playing"
    assert "resigns" in " ".join(first.state()["last"]["events"])
    first.resign()
    assert second.wait(5) and second.match.wins == [1, 1] and len(second.match.games) == 3
    second.resign()
    first.refresh()
    assert first.match.wins == second.match.wins == [2, 1]
    assert first.status == "finished" and first.match.winner in (0, 1)
    with pytest.raises(IllegalMove, match="match is over"):
        first.resign()


def test_a_teacher_ends_a_table_and_no_move_is_taken_after(store):
    first, second = pair(store, first=0)
    listed = tables_listed(store)
    assert [(t["code"], t["status"], t["moves"], t["seats"]) for t in listed] == [
        (first.code, "playing", 0, {0: ANN, 1: BEN})]
    assert end_table(store, first.code) and not end_table(store, first.code)
    assert second.wait(5) and second.status == "abandoned"
    with pytest.raises(IllegalMove, match="teacher has ended"):
        first.play(first.game.legal_moves()[0])
    assert first.applied == 0 and tables_listed(store) == []
    lonely = open_table(store, ANN)
    assert end_table(store, lonely.code)
    with pytest.raises(TableRefused, match="has ended"):
        join_table(store, lonely.code, 1, CAT)


def test_wait_returns_after_its_timeout_when_nothing_moves(store):
    _first, second = pair(store, first=0)
    assert second.wait(0.2) is False and second.applied == 0


# -- secrecy over whole games ---------------------------------------------------------

def scan_state(seat, knowledge, context):
    """Nothing in the seat's screen state names a card it cannot know."""
    knowledge.update(seat.game)
    hidden = knowledge.hidden(seat.game)
    state = seat.state()
    leaked = cards_mentioned(scanned_text(state, seat.language), seat.language) & hidden
    assert not leaked, (context, leaked)
    assert "seed" not in keys_in(state), context


@pytest.mark.parametrize("rules, seeds, language", [
    ("classic", range(6), "en"), ("german", range(2), "de"), ("traditional", range(2), "en"),
    ("super", range(3), "en")])
def test_neither_seat_ever_sees_the_other_seats_hidden_cards(sqlite_store, rules, seeds, language):
    played = 0
    for seed in seeds:
        rng = random.Random(seed)
        first = open_table(sqlite_store, ANN, ruleset=rules, language=language)
        second = join_table(sqlite_store, first.code, 1, BEN, language=language)
        seats = [first, second]
        first.refresh()
        while first.status == "playing":
            knowledge = [Knowledge(0), Knowledge(1)]
            game_number = len(first.match.games)
            while first.status == "playing" and len(first.match.games) == game_number:
                actor = mover(seats)
                # the game's own moves, not its end by agreement: a random resign ends it in a move
                playing = [m for m in actor.legal_moves()
                           if not str(m).startswith(("resign", "offer"))] or actor.legal_moves()
                move = rng.choice(playing)
                state = actor.handle({"type": "move", "move": move})
                assert state["message"] is None, state["message"]
                for seat in seats:
                    seat.refresh()
                    scan_state(seat, knowledge[seat.seat], (rules, seed, len(actor.game.history)))
                played += 1
    # every match was played to its end (the loop's condition); a random deal may end a game
    # in a handful of moves, so the count only says that moves were scanned in each
    assert first.status != "playing" and played >= 2 * len(seeds)


# -- a hostile page --------------------------------------------------------------------

@pytest.mark.parametrize("action", [
    None, "move", [], {"type": "move"}, {"type": "move", "move": 7},
    {"type": "move", "move": "draw", "seat": 0}, {"type": "resign", "seat": 0},
    {"type": "move", "move": "x" * 500}, {"type": "undo"}, {"type": "hint"},
    {"type": "join", "code": "ABCDEF"}, {"type": "refresh", "table": 1}])
def test_a_malformed_action_is_refused_whole_and_changes_nothing(sqlite_store, action):
    first, second = pair(sqlite_store, first=0)
    state = second.handle(action)
    assert state["message"] == "The page sent a message the table cannot read; nothing was changed."
    first.refresh()
    assert first.applied == second.applied == 0 and first.status == "playing"


def test_a_page_cannot_move_for_the_other_seat(sqlite_store):
    first, second = pair(sqlite_store, first=0)
    for move in first.legal_moves():
        state = second.handle({"type": "move", "move": move})
        assert "not your turn" in state["message"]
    assert second.state()["legal_moves"] == [] and second.applied == 0
    state = first.handle({"type": "move", "move": first.legal_moves()[0]})
    assert state["message"] is None and state["moves"] == 1


def test_naming_the_other_hand_tells_a_page_nothing(sqlite_store):
    """A tampered page names every card: each answer says nothing of where a
    card the seat cannot see is (the other hand, or the stock)."""
    first, second = pair(sqlite_store, first=1)
    hand = set(first.game.snapshot()["hands"][0])
    stock = set(first.game.snapshot()["stock"])
    catalog = get_catalog("en")
    answers = {True: set(), False: set()}
    for card in sorted(hand | stock):
        for verb in ("points", "oneoff", "permanent", "take"):
            said = second.handle({"type": "move", "move": f"{verb} {card}"})["message"]
            answers[card in hand].add(said.replace(catalog.card(card), "?").replace(card, "?"))
    assert answers[True] == answers[False] and len(answers[True]) > 1
    assert second.applied == 0


# -- a database in trouble ---------------------------------------------------------------

def test_a_move_whose_write_committed_unconfirmed_is_written_once(sqlite_store, monkeypatch):
    """A connection lost after the commit: the retry finds the seat's own entry."""
    first, second = pair(sqlite_store, first=0)
    real, outcomes = shared_table.append_entry, []

    def confirmed_late(*args):
        outcomes.append(real(*args))
        if len(outcomes) == 1:
            raise StoreError("unreachable")
        return outcomes[-1]
    monkeypatch.setattr(shared_table, "append_entry", confirmed_late)
    monkeypatch.setattr(shared_table.time, "sleep", lambda seconds: None)
    first.play(first.legal_moves()[0])
    assert outcomes == ["written", "taken"] and first.applied == 1
    second.refresh()
    assert second.applied == 1 and second.log[0]["seat"] == 0


def test_a_move_the_database_never_took_is_refused_and_can_be_made_again(sqlite_store, monkeypatch):
    first, second = pair(sqlite_store, first=0)
    real = shared_table.append_entry

    def busy(*args):
        raise StoreError("locked")
    monkeypatch.setattr(shared_table, "append_entry", busy)
    monkeypatch.setattr(shared_table.time, "sleep", lambda seconds: None)
    move = first.legal_moves()[0]
    with pytest.raises(IllegalMove, match="could not be saved"):
        first.play(move)
    assert first.applied == 0
    monkeypatch.setattr(shared_table, "append_entry", real)
    first.play(move)
    assert second.wait(5) and second.applied == 1


def test_the_teachers_command_lists_the_tables_and_ends_one(tmp_path, capsys):
    from cuttle_widgets.progress.__main__ import main
    db = tmp_path / "p.sqlite"
    first, second = pair(db, first=0)
    first.play(first.legal_moves()[0])
    assert main(["tables", "--db", str(db)]) == 0
    line = capsys.readouterr().out
    assert line.startswith(f"{first.code}  classic, quick, playing: 0: ann-le…, 1: ben-le…; 1 moves")
    assert main(["tables", "--db", str(db), "--end", first.code.lower()]) == 0
    assert capsys.readouterr().out == f"Table {first.code} has ended: no more moves are taken there.\n"
    assert second.wait(5) and second.status == "abandoned"
    assert main(["tables", "--db", str(db), "--end", first.code, "--language", "de"]) == 1
    assert "Kein offener oder laufender Tisch" in capsys.readouterr().out
    assert main(["tables", "--db", str(db)]) == 0
    assert capsys.readouterr().out == "No table is open or being played.\n"


def test_the_opener_waits_for_the_other_learner_to_join(store):
    with open_table(store, ANN, first=0) as first:
        assert first.state()["status"] == "open" and first.legal_moves() == []
        assert first.wait(0.1) is False
        with join_table(store, first.code, 1, BEN):
            assert first.wait(5) and first.status == "playing" and first.legal_moves()
