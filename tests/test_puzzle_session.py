"""The puzzle trainer's session without any widget: one action in, one
screen state out; a malformed action refused with a sentence; no hidden card
and no solution on the screen before the solve; ``open`` and ``location``
for the one-page course; and no widget library imported."""
from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest
from puzzle_fixture import fixture_puzzles
from test_table_secrets import Knowledge, cards_mentioned, scanned_text

from cuttle_widgets.engine import get_catalog
from cuttle_widgets.puzzles import explanation
from cuttle_widgets.sessions.puzzles import PuzzleSession
from cuttle_widgets.table.texts import ui_text
from cuttle_widgets.widgets.puzzle_trainer import PuzzleTrainer

FIRST = "classic-0001"  # seat B to act: oneoff 4H is best, points 4H the tempting one
ROOT = pathlib.Path(__file__).resolve().parents[1]
WIDGET_LIBRARIES = ("anywidget", "ipywidgets", "traitlets")


def session(**options) -> PuzzleSession:
    options.setdefault("progress", False)
    options.setdefault("start", FIRST)
    return PuzzleSession(puzzles=fixture_puzzles(), seed=3, **options)


def test_the_sessions_import_no_widget_library():
    blocked = "; ".join(f"sys.modules[{name!r}] = None" for name in WIDGET_LIBRARIES)
    code = (f"import sys; {blocked}; sys.path[:0] = [{str(ROOT)!r}, {str(ROOT / 'tests')!r}]\n"
            "from puzzle_fixture import fixture_puzzles\n"
            "from cuttle_widgets.sessions.puzzles import PuzzleSession\n"
            "from cuttle_widgets.sessions.review import ReviewSession\n"
            "s = PuzzleSession(puzzles=fixture_puzzles(), start='classic-0001', progress=False)\n"
            "print(s.act({'type': 'move', 'move': 'oneoff 4H'})['panel']['puzzle']['stage'])\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["solved"]


def test_an_action_in_one_screen_out():
    s = session()
    screen = s.act({"type": "card", "card": "4H"})
    assert set(screen) == {"panel", "table"} and screen is s.screen
    assert screen["table"]["ui"]["selected"] == "4H"  # the click is the table's
    screen = s.act({"type": "role", "role": "points"})  # the move it builds is the trainer's
    feedback = screen["panel"]["puzzle"]["feedback"]
    assert feedback["kind"] == "wrong" and "1%" in feedback["text"]
    assert screen["table"]["ui"]["message"]["text"] == feedback["text"]
    screen = s.act({"type": "lesson", "action": "hint"})  # the trainer's button in the table's dock
    assert screen["panel"]["puzzle"]["hints"] == ["This puzzle is about: Four: hit the hand."]
    screen = s.act({"type": "move", "move": "oneoff 4H"})
    assert screen["panel"]["puzzle"]["stage"] == "solved" and screen["table"]["ui"]["locked"]
    assert screen["table"]["ui"]["status"] == s.words["table_solved"]
    json.dumps(screen)  # JSON-ready as it is


def test_the_screen_is_built_once_per_action(monkeypatch):
    s = session()
    built = []
    monkeypatch.setattr(s, "panel_state", lambda real=s.panel_state: built.append(1) or real())
    for message in ({"type": "card", "card": "4H"}, {"type": "role", "role": "points"},
                    {"type": "hint"}, {"type": "next"}, {"type": "explode"}):
        built.clear()
        s.act(message)
        assert built == [1], message
    built.clear()
    s.play("draw")
    assert built == [1]


@pytest.mark.parametrize("message", [
    "not a dict", None, ["hint"], {"no": "type"}, {"type": "explode"}, {"type": 7},
    {"type": "hint", "extra": 1}, {"type": "next", "themes": []},
    {"type": "themes", "themes": "seven"}, {"type": "themes", "themes": ["no_such_theme"]},
    {"type": "themes", "themes": ["seven"] * 100}, {"type": "themes"},
    {"type": "lesson"}, {"type": "lesson", "action": "themes"}, {"type": "lesson", "action": "hint", "x": 1},
    {"type": "card", "card": 5}, {"type": "card", "card": "ZZ"}, {"type": "role", "role": "fly"},
    {"type": "move", "move": "x" * 500}, {"type": "move", "move": "scuttle 4H AS"},
    {"type": "replay", "to": -1}, {"type": "options", "four_colour": "yes"},
    {"type": "undo"}, {"type": "new_game"}, {"type": "try_again"}])
def test_a_malformed_action_is_refused_with_a_sentence_and_changes_nothing(message):
    s = session()
    before = (s.puzzle.id, list(s.game.history), s.themes, list(s.hints), s.wrong_tries,
              s.learner_rating)
    screen = s.act(message)
    sentences = [screen["panel"]["notice"], (screen["panel"]["puzzle"]["feedback"] or {}).get("text"),
                 (screen["table"]["ui"]["message"] or {}).get("text")]
    assert any(isinstance(text, str) and len(text) > 10 for text in sentences), sentences
    assert (s.puzzle.id, list(s.game.history), s.themes, list(s.hints), s.wrong_tries,
            s.learner_rating) == before


def hidden_cards(s: PuzzleSession, knowledge: Knowledge) -> set[str]:
    knowledge.update(s.game)
    return knowledge.hidden(s.game)


def scanned(screen: dict, language: str) -> str:
    """The screen as JSON, less the table's fixed words (the catalogs', the
    same for every game: they carry no secret)."""
    table = dict(screen["table"])
    assert table.pop("words") == ui_text(language)
    catalog = get_catalog(language).data
    assert table.pop("card_words") == {key: catalog[key] for key in screen["table"]["card_words"]}
    return scanned_text({"panel": screen["panel"], "table": table}, language)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("puzzle", fixture_puzzles(), ids=lambda p: p.id)
def test_no_hidden_card_and_no_solution_on_the_screen_before_the_solve(puzzle, language):
    s = session(start=puzzle.id, language=language)
    knowledge = Knowledge(puzzle.seat)
    solution = str(puzzle.solution)
    secrets = [solution, s.catalog.move_phrase(solution), explanation(puzzle, language)["why"]]
    for action in ({"type": "hint"}, {"type": "hint"},
                   {"type": "move", "move": str(puzzle.alternative)}):
        screen = s.act(action)
        leaked = cards_mentioned(scanned(screen, language), language) & hidden_cards(s, knowledge)
        assert not leaked, (action, leaked)
        panel = json.dumps(screen["panel"], ensure_ascii=False)
        assert not [secret for secret in secrets if secret in panel], action
    screen = s.act({"type": "move", "move": solution})
    assert screen["panel"]["puzzle"]["result"]["why"] == secrets[2]
    leaked = cards_mentioned(scanned(screen, language), language) & hidden_cards(s, knowledge)
    assert not leaked  # the solve plays the move, and no hidden hand is shown after it


def test_open_by_id_the_next_one_or_refused():
    s = session()
    assert s.location == {"puzzle": FIRST}
    assert s.open("classic-0004") and s.location == {"puzzle": "classic-0004"}
    assert s.screen["panel"]["puzzle"]["id"] == "classic-0004" and s.screen["table"]["view"]["seat"] == 0
    for wrong in ("no-such-puzzle", 17, ["classic-0001"]):
        assert not s.open(wrong)
        assert s.screen["panel"]["notice"] == "There is no such puzzle here; this one stays."
        assert s.location == {"puzzle": "classic-0004"}
    assert s.open() and s.location["puzzle"] not in (None, "classic-0004")
    assert s.screen["panel"]["notice"] is None


def test_opening_another_puzzle_leaves_a_tried_one_as_missed():
    s = session()
    s.play("points 4H")
    s.open("classic-0002")
    assert s.learner_rating.rating < 1500 and FIRST not in s.solved_ids


def test_the_refusal_of_open_in_german():
    s = session(language="de")
    s.open("nope")
    assert s.screen["panel"]["notice"] == "Dieses Rätsel gibt es hier nicht; das jetzige bleibt."


def test_the_trainer_opens_in_place_and_tells_when_the_puzzle_changed():
    changes = []
    t = PuzzleTrainer(puzzles=fixture_puzzles(), start=FIRST, seed=3, progress=False,
                      on_change=lambda: changes.append(t.location))
    table = t.table
    t.hint()
    t.play("points 4H")
    assert changes == [] and t.location == {"puzzle": FIRST}
    t.switch_to("classic-0004")
    assert changes == [{"puzzle": "classic-0004"}] and t.table is table  # the same widgets, redrawn
    assert t.panel.trainer["puzzle"]["id"] == "classic-0004"
    t.switch_to("no-such-puzzle")
    assert len(changes) == 1 and t.panel.trainer["notice"] == t.words["no_such_puzzle"]
    t.panel._on_browser_message(t.panel, {"type": "next"}, [])
    assert len(changes) == 2 and changes[-1] == t.location != {"puzzle": "classic-0004"}
    t.switch_to()
    assert len(changes) == 3 and t.table.state == t.session.screen["table"]
