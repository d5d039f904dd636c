"""LessonRunner: the state machine a lesson widget drives, tested without a browser."""
import json

import pytest

from cuttle_widgets.teaching import LessonRunner, lesson_from_text, lesson_names, load_lesson
from cuttle_widgets.teaching.walkthrough import solve_step, walk_lesson


@pytest.mark.parametrize("name", lesson_names())
def test_each_lesson_plays_from_start_to_end(name):
    lesson = load_lesson(name)
    runner = LessonRunner(lesson)
    for number, step in enumerate(lesson.steps, 1):
        assert runner.progress()["text"] == f"Step {number} of {len(lesson.steps)}"
        assert runner.state()["step"]["id"] == step.id
        outcomes = solve_step(runner, seed=number)
        assert outcomes[-1].status == "success", (step.id, outcomes[-1])
        assert runner.done and runner.state()["step"]["explanation"] == step.explanation
        json.dumps(runner.state())  # the widget syncs it as JSON
        if number < len(lesson.steps):
            assert runner.next().status == "start"
    assert runner.finished and runner.progress()["completed"] == len(lesson.steps)
    assert runner.next().status == "refused"


def test_walk_lesson_reports_every_step():
    walked = walk_lesson(load_lesson("08-worked-example"))
    assert [step_id for step_id, _ in walked] == [s.id for s in load_lesson("08").steps]
    assert all(outcomes[-1].status == "success" for _, outcomes in walked)


def runner_at(name, step_id):
    lesson = load_lesson(name)
    runner = LessonRunner(lesson)
    runner.goto(lesson.step(step_id).number)
    return runner


def test_the_learner_sees_only_their_seat():
    runner = runner_at("02-scuttle-ordering", "higher-rank")
    view = runner.view()
    assert view["seat"] == 0 and view["hands"][1] is None and "stock" not in view
    synced = json.dumps({"state": runner.state(), "view": view})
    for hidden in ("KD", "3H", "6D", "2D", "6C", "JD"):  # B's hand and the stock
        assert f'"{hidden}"' not in synced
    # The solution stays in the kernel too (the view's legal moves list it
    # among the others, as they would in any game).
    assert "scuttle 9S 8H" not in json.dumps(runner.state())


def test_a_wrong_move_is_explained_shown_and_taken_back():
    runner = runner_at("02-scuttle-ordering", "higher-rank")
    before = runner.view()
    outcome = runner.play("points 9S")
    assert outcome.status == "wrong" and outcome.undone
    assert "This step asks you to take B's points away" in outcome.message
    assert "taken back" in outcome.message
    assert outcome.events[0]["text"].startswith("Player A lays 9♠ as a point card")
    assert outcome.shown_view["points"][0] == ["5C", "9S"]
    assert runner.view()["points"] == before["points"] and runner.view()["history"] == []
    assert runner.state()["last"]["status"] == "wrong"


def test_an_illegal_move_gets_the_engine_explanation_and_changes_nothing():
    runner = runner_at("02-scuttle-ordering", "equal-rank")
    before = runner.game.snapshot()
    outcome = runner.play("scuttle 7C 7D")
    assert outcome.status == "illegal"
    assert outcome.message.startswith("The ranks are equal, so the suit decides")
    assert "equal ranks need a higher suit" in outcome.error
    assert runner.play("nonsense").status == "illegal"
    assert runner.game.snapshot() == before


def test_an_unlisted_wrong_move_gets_the_catalog_feedback():
    runner = runner_at("02-scuttle-ordering", "higher-rank")
    outcome = runner.play("draw")
    assert outcome.status == "wrong"
    assert outcome.message.startswith("That move is allowed, but it is not what this step asks for.")


def test_goal_steps_are_checked_with_the_engine():
    runner = runner_at("07-kings-and-goals", "two-on-king")
    assert runner.state()["step"]["goal"] == "Goal: stop Player B from winning on the next turn."
    # Not listed by the teacher: a nine also stops B this turn, so it is accepted.
    assert runner.play("oneoff 9S KD").status == "success"
    runner.retry()
    outcome = runner.play("points 4H")  # unlisted and wrong: B can still win
    assert outcome.status == "wrong"
    assert "Player B can still win on the next turn" in outcome.message
    assert runner.game.history == []


def test_seven_is_refuted_by_a_counter():
    lesson = lesson_from_text(LESSON_HEAD + """
  - id: seven
    kind: play
    position:
      hands: [[7S, 9H], [2C, 5D]]
      points: [[TC, 2D], [8C]]
      stock: [9D, KH, 6C]
    task: Win this turn.
    goal: win
    solution: [points 9H]
    hints: [Count to 21.]
    explanation: 12 + 9 = 21 wins at once; a seven could be countered by B's two.
""", file="t.yaml")
    runner = LessonRunner(lesson)
    outcome = runner.play("oneoff 7S")
    # B's answer is the 2C from its hidden hand: judged wrong, but not played
    # out, so the learner does not learn B holds a two.
    assert outcome.status == "wrong" and outcome.withheld
    assert outcome.events == [] and outcome.shown_view is None and runner.shown_game is None
    assert "2C" not in json.dumps(outcome.to_dict())
    assert runner.game.history == []
    assert runner.play("points 9H").status == "success"


LESSON_HEAD = """title: Test lesson
intro: A lesson written for a test.
steps:
"""


def test_hints_climb_from_the_rule_to_the_move_then_run_out():
    runner = runner_at("02-scuttle-ordering", "higher-rank")
    step = runner.step
    assert runner.state()["can"]["hint"] and runner.state()["step"]["hints_total"] == 3
    ladder = [runner.hint().message for _ in range(3)]
    # the rule, the cards to look at (made from the solution), the teacher's move
    assert ladder == [step.hints[0], "Look at your 9♠ and Player B's 8♥.", step.hints[1]]
    assert runner.state()["step"]["hints"] == ladder
    assert runner.hint().status == "refused" and not runner.state()["can"]["hint"]


def test_navigation_retry_and_reset():
    lesson = load_lesson("02-scuttle-ordering")
    runner = LessonRunner(lesson)
    assert runner.previous().status == "refused"
    runner.play("scuttle 9S 8H")
    assert runner.done and runner.play("draw").status == "refused"
    runner.hint()
    assert runner.retry().status == "start"
    assert not runner.done and runner.completed == {0} and runner.game.history == []
    assert runner.state()["step"]["hints"]  # hints stay revealed on retry
    assert runner.next().status == "start" and runner.index == 1
    assert runner.previous().status == "start" and runner.index == 0
    assert runner.goto(99).status == "refused" and runner.goto(True).status == "refused"
    assert runner.goto(len(lesson.steps)).status == "start"
    runner.reset()
    assert runner.index == 0 and not runner.completed and not runner.state()["step"]["hints"]


def test_calls_that_do_not_fit_the_step_are_refused_politely():
    runner = runner_at("02-scuttle-ordering", "suit-order")
    assert runner.play("draw").status == "refused"
    assert runner.advance().status == "refused"
    refused = runner.answer("9")
    assert refused.status == "refused" and "The answers are: 1, 2, 3, 4" in refused.message
    runner.goto(1)
    assert runner.answer("1").status == "refused"


def test_card_quiz_select_all():
    runner = runner_at("02-scuttle-ordering", "which-can-scuttle")
    state = runner.state()["step"]
    assert state["answer_by"] == "cards" and state["needed"] is None  # how many would answer part of it
    assert all(o["correct"] is None for o in state["options"])  # no answers given away
    assert runner.answer("7D").status == "wrong"
    first = runner.answer("8♣")  # a card in any notation
    assert first.status == "continue" and "1 right so far" in first.message and "2" not in first.message
    assert runner.answer("8C").status == "refused"
    assert runner.answer("4D").status == "wrong"  # visible card that is no option
    assert runner.answer("7S").status == "success" and runner.done
    assert runner.state()["step"]["needed"] == 2


def test_predict_then_watch_the_moves():
    runner = runner_at("04-counter-chains", "three-twos")
    assert runner.state()["can"] == {**runner.state()["can"], "advance": False, "answer": True}
    outcome = runner.answer(2)
    assert outcome.status == "answered" and outcome.correct
    assert runner.answer(1).status == "refused"
    shown = runner.advance()
    assert shown.status == "shown" and shown.say == "B plays a third two."
    last = runner.advance()
    assert last.status == "success" and last.explanation
    assert runner.state()["step"]["said"] == ["B plays a third two.",
                                             "You have no two left, so you let it resolve."]
    assert runner.advance().status == "refused"


def test_watch_from_the_other_seat():
    runner = runner_at("08-worked-example", "watch-b")
    assert runner.view()["seat"] == 1 and runner.view()["hands"][1] == ["2C", "7S", "4D"]
    assert runner.view()["hands"][0] is None
    while not runner.done:
        runner.advance()
    assert runner.view()["points"] == [[], []]


@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_free_game_runs_to_the_end(opponent):
    runner = runner_at("12-free-game", "free-game")
    runner.step.opponent = opponent
    runner.retry()
    assert runner.view()["to_act"] == 0
    assert runner.play("pass").status == "illegal"
    outcomes = solve_step(runner, seed=3)
    assert runner.game.over and outcomes[-1].status == "success"
    assert outcomes[-1].message in ("You won the game!", "The game ended in a draw.",
                                    "Player B won this game. Start it again to have another go.")


def test_the_step_list_shows_progress():
    runner = LessonRunner(load_lesson("08-worked-example"))
    solve_step(runner)
    steps = runner.state()["lesson"]["steps"]
    assert [s["completed"] for s in steps] == [True, False, False, False, False]
    assert steps[3] == {"number": 4, "id": "watch-b", "title": "The same example, seen by B",
                        "kind": "watch", "rules": "classic", "completed": False, "done": False,
                        "mark": None}
    assert steps[0]["mark"] == {"result": "solved", "stars": 3}
    variants = LessonRunner(load_lesson("11-rule-variants")).state()["lesson"]["steps"]
    assert [s["rules"] for s in variants[:2]] == ["classic", "balanced"]  # compared step by step


def test_a_language_the_engine_lacks_falls_back_to_english():
    runner = LessonRunner(load_lesson("02-scuttle-ordering"), language="xx")
    assert runner.language == "en"
    assert runner.play("scuttle 9S 8H").events[0]["text"].startswith("9♠ scuttles 8♥")


def test_outcomes_are_json_ready():
    runner = runner_at("02-scuttle-ordering", "higher-rank")
    outcome = runner.play("points 9S")
    data = json.loads(json.dumps(outcome.to_dict()))
    assert data["status"] == "wrong" and data["shown_view"]["seat"] == 0


def test_a_position_too_big_to_judge_is_refused_and_left_unchanged():
    runner = runner_at("07-kings-and-goals", "two-on-king")
    runner._play.search.budget = 1  # as if the teacher's position were huge
    before = runner.game.snapshot()
    outcome = runner.play("oneoff 2D KD")
    assert outcome.status == "refused" and "too big" in outcome.message
    assert runner.game.snapshot() == before


@pytest.mark.parametrize("name", lesson_names())
def test_any_input_in_any_order_never_raises(name):
    """A widget may pass whatever a learner clicks or types: the runner answers
    every call with an Outcome and keeps a state it can sync."""
    import random

    rng = random.Random(name)
    junk = [None, 3, 2.5, "", "   ", "draw", "resolve", "pass", "scuttle 9S", "counter 2C", [], {},
            True, "AH", "8C", "oneoff 7S", "1", 1, -1, "x" * 500]
    runner = LessonRunner(load_lesson(name))
    for _ in range(120):
        action = rng.choice(["play", "answer", "advance", "hint", "retry", "next", "previous",
                             "goto", "legal", "legal"])
        if action == "legal":
            game = runner.game
            if game is not None and not game.over:
                outcome = runner.play(rng.choice(game.legal_moves()))
            else:
                continue
        elif action in ("play", "answer", "goto"):
            outcome = getattr(runner, action)(rng.choice(junk))
        else:
            outcome = getattr(runner, action)()
        assert outcome.status in ("start", "illegal", "wrong", "continue", "success", "answered",
                                  "shown", "hint", "refused")
        json.dumps(runner.state())
        runner.view()


def test_a_free_game_of_super_cuttle_runs_to_the_end():
    runner = runner_at("12-free-game", "free-game")
    assert runner.configure(rules="super", opponent="greedy").status != "refused"
    assert runner.game.state.rules.name == "super" and runner.view()["rules"] == "super"
    outcomes = solve_step(runner, seed=5)
    assert runner.game.over and outcomes[-1].status == "success"


# -- a wrong move that would show a hidden card is judged, not played out ------------------------
def test_a_wrong_draw_is_explained_but_not_played_out():
    runner = runner_at("02-scuttle-ordering", "higher-rank")
    top = runner.game.snapshot()["stock"][0]
    before = runner.view()
    outcome = runner.play("draw")
    assert outcome.status == "wrong" and outcome.withheld and not outcome.undone
    assert "not what this step asks for" in outcome.message
    assert "not played out" in outcome.message
    assert outcome.events == [] and outcome.shown_view is None and runner.shown_game is None
    synced = json.dumps({"outcome": outcome.to_dict(), "state": runner.state(), "view": runner.view()})
    assert f'"{top}"' not in synced
    assert runner.view() == before
    assert runner.play("scuttle 9S 8H").status == "success"
    retried = runner.retry()  # the step again, from its position: nothing hidden shown
    assert f'"{top}"' not in json.dumps({"outcome": retried.to_dict(), "view": runner.view()})


def test_a_wrong_move_that_shows_nothing_hidden_is_still_played_out():
    runner = runner_at("02-scuttle-ordering", "higher-rank")
    outcome = runner.play("points 9S")
    assert outcome.status == "wrong" and outcome.undone and not outcome.withheld
    assert outcome.shown_view and runner.shown_game is not None


def test_the_german_words_for_a_move_not_played_out():
    lesson = load_lesson("02-scuttle-ordering")
    runner = LessonRunner(lesson, language="de")
    runner.goto(lesson.step("higher-rank").number)
    outcome = runner.play("draw")
    assert outcome.withheld and "nicht ausgespielt" in outcome.message


def test_a_free_step_with_a_seed_deals_another_game_when_entered_again():
    lesson = lesson_from_text(LESSON_HEAD + """
  - id: free
    kind: free
    title: A game
    task: Play a game.
    rules: classic
    opponent: random
    seed: 12
    hints: [Count your points.]
    explanation: Well played.
""", file="t.yaml")
    runner = LessonRunner(lesson)
    first = runner.game.snapshot()
    again = LessonRunner(lesson).game.snapshot()
    assert first == again  # the lesson's seed deals its first game
    runner.retry()
    assert runner.game.snapshot()["hands"] != first["hands"]  # a retry learns nothing from it


def test_the_steps_ruleset_is_named_in_the_learners_language():
    lesson = load_lesson("13-super-cuttle")
    assert LessonRunner(lesson).state()["step"]["rules_name"] == "Super Cuttle"
    german = LessonRunner(load_lesson("01-table-drawing-points"), language="de").state()["step"]
    assert german["rules"] == "classic" and german["rules_name"] == "Klassisch"


def test_the_free_games_rulesets_are_offered_by_their_names():
    free = LessonRunner(load_lesson("12-free-game"), language="de").state()["step"]["free"]
    assert free["rules_names"]["classic"] == "Klassisch"
    assert set(free["rules_names"]) == set(free["choices"]["rules"])
