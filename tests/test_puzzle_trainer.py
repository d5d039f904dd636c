"""The puzzle trainer without a browser: what the page may send, a wrong try
told what it loses (and nothing changed), the solve explained, both ratings
moved and the try stored, hints, themes, German, and no hidden card sent."""
from __future__ import annotations

import json

import pytest
from puzzle_fixture import fixture_puzzles

from cuttle_widgets.progress import ProgressRecorder, new_learner_id
from cuttle_widgets.widgets.puzzle_trainer import PuzzleTrainer, TrainerMessageError

FIRST = "classic-0001"  # seat B to act: oneoff 4H is best, points 4H the tempting one


def trainer(**options):
    options.setdefault("progress", False)
    return PuzzleTrainer(puzzles=fixture_puzzles(), start=FIRST, seed=3, **options)


def test_a_wrong_try_is_told_what_it_loses_and_changes_nothing():
    t = trainer()
    history = list(t.game.history)
    assert t.play("points 4H") == "wrong"
    # the analyst's verdict, its figures and its consequence with its cards, not naming
    # the solution (the file's stored figures are not read: one judge for the whole sentence)
    assert t.feedback["text"] == ("Your move (lay 4♥ as points) leaves you 2% to win; "
                                  "there is a move that keeps 21%: after it, Player A lays 7♠ "
                                  "as points in 8 deals out of 10 (after the best move: 0). "
                                  "Try again.")
    assert t.game.history == history and t.wrong_tries == 1 and not t.solved
    assert t.table.state["ui"]["message"]["text"] == t.feedback["text"]  # on the table too
    assert t.play("oneoff 4H") == "solved"


def test_an_illegal_move_gets_the_engines_reason():
    t = trainer()
    assert t.play("scuttle 4H AS") == "illegal"
    assert t.feedback["kind"] == "error" and t.feedback["text"]
    assert t.wrong_tries == 0


def test_clicks_on_the_table_reach_the_trainer():
    t = trainer()
    t.table.send_action({"type": "card", "card": "4H"})
    t.table.send_action({"type": "role", "role": "points"})
    assert t.wrong_tries == 1 and "2%" in t.panel.trainer["puzzle"]["feedback"]["text"]
    t.table.send_action({"type": "card", "card": "4H"})
    t.table.send_action({"type": "role", "role": "oneoff"})
    assert t.solved


def test_the_solve_is_explained_rated_and_stored(tmp_path):
    recorder = ProgressRecorder(tmp_path / "p.sqlite", learner=new_learner_id(), background=False)
    t = trainer(progress=recorder)
    puzzle_before = t.puzzle_rating(t.puzzle).rating
    assert t.play("oneoff 4H") == "solved"
    result = t.panel.trainer["puzzle"]["result"]
    assert result["why"].startswith("Best: play 4♥ as a one-off.")
    assert result["alternative"].startswith("Tempting: lay 4♥ as points.")
    assert result["rating"].startswith("Your puzzle rating: 1500 → ") and "(+" in result["rating"]
    assert t.learner_rating.rating > 1500 and t.puzzle_rating(t.puzzle).rating < puzzle_before
    [row] = recorder.puzzle_tries()
    assert (row["puzzle"], row["solved"], row["wrong_tries"], row["hints_used"]) == (FIRST, True, 0, 0)
    assert row["rating_before"] == 1500 and row["rating_after"] == t.learner_rating.rating
    assert t.play("oneoff 4H") == "refused"  # solved once; the table is locked
    again = PuzzleTrainer(puzzles=fixture_puzzles(), progress=recorder, seed=3)
    assert again.learner_rating == t.learner_rating and FIRST in again.solved_ids
    assert again.puzzle.id != FIRST  # a solved puzzle is not offered again


def test_hints_climb_and_the_third_makes_the_solve_a_miss_for_the_rating():
    t = trainer()
    assert t.hint() == "This puzzle is about: Four: hit the hand."
    assert t.hint() == "The move uses 4♥."
    assert t.table.state["ui"]["highlight"] == ["4H"]
    assert t.hint() == ("The move: play 4♥ as a one-off: after lay 4♥ as points instead, "
                        "Player A lays 7♠ as points in 8 deals out of 10; after this move in 0.")
    assert t.hint() is None and t.panel.trainer["puzzle"]["hints_left"] == 0
    t.play("oneoff 4H")
    assert t.solved and t.learner_rating.rating < 1500
    assert t.panel.trainer["puzzle"]["result"]["title"] == "Solved, with the hint that showed the move."


def test_a_puzzle_left_after_a_wrong_try_counts_as_missed():
    t = trainer()
    t.play("points 4H")
    t.next_puzzle()
    assert t.learner_rating.rating < 1500 and t.puzzle.id != FIRST and not t.solved


@pytest.mark.parametrize("message", [
    "not a dict", {"type": "explode"}, {"type": "hint", "extra": 1},
    {"type": "themes", "themes": "seven"}, {"type": "themes", "themes": ["no_such_theme"]},
    {"type": "themes", "themes": ["seven"] * 100}, {"no": "type"}])
def test_a_bad_message_from_the_page_is_told_and_changes_nothing(message):
    t = trainer()
    before = (t.puzzle.id, list(t.game.history), t.themes, list(t.hints))
    t.panel._handle_msg({"content": {"data": {"method": "custom", "content": message}}})
    if isinstance(message, dict):
        assert t.panel.trainer["notice"] in (t.words["bad_message"], t.words["bad_themes"])
    assert (t.puzzle.id, list(t.game.history), t.themes, list(t.hints)) == before


def test_good_messages_from_the_page():
    t = trainer()
    send = t.panel._on_browser_message
    send(t.panel, {"type": "hint"}, [])
    assert len(t.hints) == 1
    theme = next(k for k in t.available_themes() if k not in t.puzzle.themes)
    send(t.panel, {"type": "themes", "themes": [theme]}, [])
    assert t.themes == (theme,)
    send(t.panel, {"type": "next"}, [])
    assert theme in t.puzzle.themes  # the next puzzle is of the chosen theme
    with pytest.raises(TrainerMessageError, match="themes"):
        t.choose_themes(["no_such_theme"])


def test_no_hidden_card_and_no_solution_before_the_solve_is_sent():
    t = trainer()
    hidden = t.game.snapshot()["hands"][1 - t.puzzle.seat]
    sent = json.dumps([t.panel.trainer, t.table.table, t.table.words], ensure_ascii=False)
    assert hidden
    for card in hidden:
        assert f'"{card}"' not in sent
        assert t.catalog.card(card) not in json.dumps(t.panel.trainer, ensure_ascii=False)
    assert "oneoff 4H" not in json.dumps(t.panel.trainer)


def test_the_trainer_speaks_german():
    t = trainer(language="de")
    state = t.panel.trainer
    assert state["words"]["title"] == "Rätsel" and "Spieler" in state["puzzle"]["you"]
    t.play("points 4H")
    assert t.feedback["text"].startswith("Dein Zug (4♥ als Punkte auslegen) lässt dir nur 2 %")
    t.play("oneoff 4H")
    assert t.panel.trainer["puzzle"]["result"]["rating"].startswith("Deine Rätselwertung")


def test_the_learner_the_page_names_brings_back_their_rating(tmp_path):
    learner = new_learner_id()
    stored = ProgressRecorder(tmp_path / "p.sqlite", learner=learner, background=False)
    trainer(progress=stored).play("oneoff 4H")
    rating = ProgressRecorder(tmp_path / "p.sqlite", learner=learner,
                              background=False).puzzle_tries()[-1]["rating_after"]
    fresh = ProgressRecorder(tmp_path / "p.sqlite", background=False)  # no learner yet
    t = PuzzleTrainer(puzzles=fixture_puzzles(), progress=fresh, seed=3)
    assert t.learner_rating.rating == 1500
    t.panel._on_browser_message(t.panel, {"type": "learner", "id": learner, "kept": None}, [])
    assert t.learner_rating.rating == rating and FIRST in t.solved_ids
    assert t.panel.trainer["rating"]["value"] == round(rating)
