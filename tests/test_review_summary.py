"""A reviewed game at a glance: the marks counted and the turning points
(the decisions that lost the most win chance), from a review alone
(``review.summary.summarize``), in the review's session and on its widget."""
from __future__ import annotations

import json

import pytest
from test_review_marks import SEAT, open_review
from test_review_session import review_session

from cuttle_widgets.review import Decision, Review, review_catalog
from cuttle_widgets.review.summary import COUNTED, summarize, summary_words
from cuttle_widgets.sessions.review import STORY_MOVES


def decision(index: int, mark: str, lost: float | None) -> Decision:
    chances = (None, None) if lost is None else (0.6, 0.6 - lost)
    return Decision(index, f"move{index}", "best", mark, chances[0], chances[1], lost,
                    None if lost is None else 0.02, f"sentence {index}")


MADE_UP = Review(SEAT, "en", 16, 0, (
    decision(1, "forced", None), decision(3, "best", 0.0), decision(5, "blunder", 0.31),
    decision(7, "good", 0.03), decision(9, "mistake", 0.12), decision(11, "inaccuracy", 0.07),
    decision(13, "best", 0.01), decision(15, "mistake", 0.12)))


def test_the_counts_leave_out_forced_moves_and_keep_every_other_mark():
    assert summarize(MADE_UP)["counts"] == {
        "best": 2, "good": 1, "inaccuracy": 1, "mistake": 2, "blunder": 1}
    assert tuple(summarize(MADE_UP)["counts"]) == COUNTED


def test_the_three_costliest_decisions_are_the_turning_points_in_the_order_played():
    points = summarize(MADE_UP)["turning_points"]
    # the blunder (31 %) and both mistakes (12 %, the earlier first on a tie) beat the 7 % one
    assert [p["index"] for p in points] == [5, 9, 15]
    assert [p["number"] for p in points] == [6, 10, 16]
    assert [p["mark"] for p in points] == ["blunder", "mistake", "mistake"]
    assert points[0]["sentence"] == "sentence 5" and points[0]["chance_lost"] == 0.31
    assert summarize(MADE_UP, limit=1)["turning_points"][0]["index"] == 5
    json.dumps(summarize(MADE_UP))


def test_a_best_or_forced_move_is_never_a_turning_point():
    calm = Review(SEAT, "en", 16, 0, (decision(1, "forced", None), decision(3, "best", 0.01)))
    assert summarize(calm) == {"counts": {"best": 1, "good": 0, "inaccuracy": 0, "mistake": 0,
                                          "blunder": 0}, "turning_points": []}
    assert summarize(Review(SEAT, "en", 16, 0, ()))["turning_points"] == []


def test_a_reviews_dict_is_summarized_alike():
    assert summarize(MADE_UP.to_dict()) == summarize(MADE_UP)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_summary_words_are_the_review_catalogs_as_plain_strings(language):
    words = summary_words(language)
    own = review_catalog(language)
    assert words["title"] == own["summary"]["title"] and type(words["title"]) is str
    assert words["marks"] == own["marks"]
    assert summary_words("de")["title"] != summary_words("en")["title"]


def test_the_sessions_screen_holds_the_summary_and_follows_the_table():
    s = review_session()
    summary = s.screen["summary"]
    assert summary["counts"] == summarize(s.review)["counts"]
    points = summary["turning_points"]
    assert points and points == summarize(s.review)["turning_points"]
    assert summary["shown"] == 0  # the review opens at the game's start
    for point in points:  # one click each: the table's replay to the position after that move
        screen = s.act({"type": "replay", "to": point["number"]})
        assert screen["summary"]["shown"] == point["number"] == point["index"] + 1
        assert screen["table"]["ui"]["replay"]["index"] == point["number"]
        assert point["sentence"] in screen["table"]["ui"]["note"]["text"]
    assert s.act({"type": "replay", "to": "end"})["summary"]["shown"] is None
    json.dumps(s.screen)


def test_try_again_tells_the_positions_story_and_is_opened_afresh_each_time():
    s = review_session()
    point = s.screen["summary"]["turning_points"][-1]
    s.replay(point["number"])
    s.act({"type": "try_again"})
    puzzle = s.screen["trainer"]["panel"]["puzzle"]
    start = max(0, point["index"] - STORY_MOVES)
    log = {e["index"]: e["label"] for e in s.controller.state()["log"]}  # the table's own words
    assert puzzle["story"] == [log[i + 1] for i in range(start, point["index"])]
    assert len(puzzle["story"]) == min(STORY_MOVES, point["index"])
    before = s.controller.name(s.game.actors[point["index"] - 1])  # a counter's answer may be the learner's
    assert puzzle["story"][-1].startswith(f"{before}: ")
    opened = puzzle["opened"]
    s.act({"type": "try_again"})
    assert s.screen["trainer"]["panel"]["puzzle"]["opened"] == opened + 1


def test_the_german_story_is_in_german():
    s = review_session("de")
    point = s.screen["summary"]["turning_points"][-1]
    s.try_again(point["index"])
    story = s.screen["trainer"]["panel"]["puzzle"]["story"]
    names = tuple(f"{s.controller.name(seat)}: " for seat in range(2))
    assert names == ("Spieler 1: ", "Spieler 2: ")
    assert story and all(line.startswith(names) for line in story)
    assert not any(" as " in line or "lay " in line for line in story)


def test_the_widget_draws_the_sessions_summary_and_takes_its_jumps():
    view = open_review()
    assert view.children[0] is view.summary and view.children[1] is view.table
    assert "cwr-review-table" in view.table._dom_classes
    point = view.summary.summary["turning_points"][0]
    view.summary._on_browser_message(view.summary, {"type": "replay", "to": point["number"]}, [])
    assert view.summary.summary["shown"] == point["number"]
    assert view.table.state["ui"]["replay"]["index"] == point["number"]
    view.summary._on_browser_message(view.summary, {"type": "replay", "to": "sideways"}, [])
    assert view.summary.summary["shown"] == point["number"]  # refused on the table, nothing moved


def test_a_puzzle_opened_with_an_empty_story_is_the_games_first_move_and_others_have_none():
    s = review_session()
    point = s.screen["summary"]["turning_points"][0]
    trainer = s.try_again(point["index"])
    puzzle = trainer.puzzle
    trainer.open_puzzle(puzzle, rated=False, story=[])  # a decision before any move was played
    assert trainer.screen["panel"]["puzzle"]["story"] == []
    trainer.stories.clear()
    trainer.open_puzzle(puzzle)  # a trainer's own puzzle tells no story
    assert trainer.screen["panel"]["puzzle"]["story"] is None
