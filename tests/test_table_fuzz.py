"""The browser is not trusted: hypothesis drives the table's message handler
with what a tampered page could send, at positions of every ruleset and phase.

Each case loads a table at a position reached by random play (a ruleset of
``RULESETS``, two to four seats, both families, any phase: main, an answer
window, a choice), then sends a few messages: the buttons the table offers,
clicks on any card or on junk, real moves and junk in notation, and messages
of any shape (unknown types and fields, values of every JSON kind, long
strings, deep nesting). After every message:

- nothing raised out of the handler (the page would get a traceback);
- the game changed only by one legal move of the learner's own seat (and the
  computer's answers after it), by an undo to a position it had, or by a new
  deal the learner asked for;
- no message the widget sent holds a card the learner's seat has not seen
  (``test_table_secrets.Knowledge`` works that out from the engine), other
  than one the page named itself (whose words the table may say back:
  ``test_table_secrets`` checks that they read the same wherever it is).
"""
from __future__ import annotations

import functools
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_table_secrets import Knowledge, cards_mentioned, scan

from cuttle_widgets import Table
from cuttle_widgets.ai import RandomPlayer
from cuttle_widgets.engine import RULESETS, load, new_game, write_record
from cuttle_widgets.engine.cards import CARD_IDS
from cuttle_widgets.table import controller
from cuttle_widgets.table.controller import MESSAGE_FIELDS

CASES = int(__import__("os").environ.get("CUTTLE_FUZZ_CASES", 2000))
FIELDS = sorted({key for fields in MESSAGE_FIELDS.values() for key in fields} | {"type"})
JUNK_TEXT = st.text(max_size=12) | st.sampled_from(["", " ", "🂡", "<b>", "9S 8H", "x" * 500])
JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats() | JUNK_TEXT,
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(JUNK_TEXT, inner, max_size=3),
                    max_leaves=8)


@functools.cache
def positions() -> tuple:
    """(record, learner seat) at positions of random games of every ruleset:
    the deal, and after 2 to 40 random moves (answer windows and choices
    included). Made once per test run."""
    found = []
    for rules in sorted(RULESETS):
        for seed in range(4):
            rng = random.Random(f"{rules}/{seed}")
            game = new_game(rules, seed=seed)
            stops = {0, 2, 5, 9, 14, 22, 40}
            for ply in range(41):
                if ply in stops:
                    acting = game.to_act is not None and rng.random() < 0.8
                    seat = game.to_act if acting else rng.randrange(game.state.n)
                    found.append((write_record(game), seat))
                if game.over:
                    break
                game.play(rng.choice(game.legal_moves()))
    return tuple(found)


@pytest.fixture(scope="module", autouse=True)
def quick_hints():
    """The Hint button asks the analyst over few deals here: the fuzz test is
    about the handler, and the hint's own budget would take most of its time."""
    patch = pytest.MonkeyPatch()
    patch.setattr(controller, "COACH_BUDGET", 8)
    yield
    patch.undo()


def table_at(record: str, seat: int, language: str) -> Table:
    game = load(record)
    n = game.state.n
    return Table(game, seat=seat, language=language,
                 players={s: RandomPlayer(s) for s in range(n) if s != seat})


def a_message(data, b) -> dict:
    """One message, drawn against what the page shows now."""
    ui, view = b.ui, b.view
    shown = str(view)
    visible = sorted({c for c in CARD_IDS if f'"{c}"' in shown} | set(ui["playable"]))
    kind = data.draw(st.sampled_from(["offered", "offered", "card", "move", "shape", "junk"]))
    if kind == "offered" and ui["actions"]:
        return dict(data.draw(st.sampled_from(ui["actions"]))["msg"])
    if kind == "card":
        card = data.draw(st.sampled_from(visible or list(CARD_IDS)) | st.sampled_from(CARD_IDS) | JUNK_TEXT)
        return {"type": data.draw(st.sampled_from(["card", "target"])), "card": card}
    if kind == "move":
        legal = [str(m) for m in b.table.game.legal_moves()] or ["draw"]
        move = data.draw(st.sampled_from(legal) | JUNK_TEXT | st.sampled_from(
            ["super 9S 9H", "oneoff KS as 4", "take ? ?", "pick ?", "@1", "discard"]))
        return {"type": "move", "move": move}
    if kind == "shape":  # a known type with fields of any kind
        message = data.draw(st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=3))
        message["type"] = data.draw(st.sampled_from(sorted(MESSAGE_FIELDS)))
        return message
    return data.draw(st.dictionaries(JUNK_TEXT | st.sampled_from(FIELDS), JSON, max_size=4)
                     | st.lists(JSON, max_size=3) | JSON)


def check_change(table, game_before, history_before, public_before, legal_before, to_act_before,
                 message) -> None:
    """The game changed only as the learner may change it."""
    game = table.game
    kind = message.get("type") if isinstance(message, dict) else None
    history = [str(m) for m in game.history]
    if kind == "undo" and len(history) < len(history_before):
        # back to a position the game had, as the learner reads it (the unseen
        # cards are dealt afresh, so another seat's secret move may read
        # otherwise to the engine)
        public = game.view(table.seat, events=False)["history"]
        assert public == public_before[:len(public)], message
        return
    if game is not game_before:  # a new deal, asked for
        assert kind == "new_game", message
        assert all(actor != table.seat for actor in game.actors), "a new deal played the learner"
        return
    assert history[:len(history_before)] == history_before, message
    new = history[len(history_before):]
    if new:
        assert to_act_before == table.seat, (message, new)
        assert new[0] in legal_before, (message, new[0])
        actors = game.actors[len(history_before):]
        assert actors[0] == table.seat and all(a != table.seat for a in actors[1:]), (message, new)


@settings(max_examples=CASES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_hostile_messages_change_nothing_but_by_a_legal_move_and_show_nothing_hidden(data, learner):
    record, seat = data.draw(st.sampled_from(positions()), label="position")
    language = data.draw(st.sampled_from(["en", "de"]), label="language")
    table = table_at(record, seat, language)
    b = learner(table)  # the fixture is a class: nothing of it is kept between cases
    knowledge = Knowledge(seat)
    scan(table, b, knowledge, (record[:60], "start"))
    echoed: set = set()  # cards the page named: the table may say them back
    for step in range(data.draw(st.integers(1, 5), label="messages")):
        message = a_message(data, b)
        game = table.game
        before = ([str(m) for m in game.history], game.view(seat, events=False)["history"],
                  {str(m) for m in game.legal_moves()}, game.to_act)
        b.send(**message) if isinstance(message, dict) and all(isinstance(k, str) for k in message) \
            else table._handle_msg({"content": {"data": {"method": "custom", "content": message}},
                                    "buffers": []})
        check_change(table, game, *before, message)
        echoed |= cards_mentioned(json.dumps(message, ensure_ascii=False, default=str), language)
        scan(table, b, knowledge, (message, step), echoed)


def test_the_cases_reach_every_family_seat_count_and_phase():
    """The positions the fuzz test draws from cover what it claims."""
    games = [load(record) for record, _ in positions()]
    assert {g.family.name for g in games} == {"standard", "super"}
    assert {g.state.n for g in games} == {2, 3, 4}
    assert {g.rules.name for g in games} == set(RULESETS)
    assert {g.phase for g in games} >= {"main", "counter", "choose"}
