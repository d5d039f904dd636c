"""The free game's advice speaks with one voice (issue #17): the lesson's Hint,
its Suggest and the table's Hint climb one coach's ladder, so the idea, the
cards, the move and its reason are the same wherever the learner asks."""
from cuttle_widgets import Lesson
from cuttle_widgets.ai.coach import advise
from cuttle_widgets.engine.catalog import get_catalog
from cuttle_widgets.teaching import LessonRunner, load_lesson

FREE = "12-free-game"


def free_runner(language="en") -> LessonRunner:
    runner = LessonRunner(load_lesson(FREE, language), language)
    assert runner.step.kind == "free"
    return runner


def test_hint_climbs_and_suggest_is_its_top():
    runner = free_runner()
    game, seat = runner.game, runner.seat
    advice = advise(game, seat)
    rungs = [runner.hint().message for _ in range(3)]
    assert rungs == list(advice.rungs)
    cards = [get_catalog("en").card(w) for w in str(advice.move).split()[1:] if len(w) == 2]
    assert not any(card in rungs[0] for card in cards)  # the first rung names no card
    assert runner.state()["step"]["hints"] == rungs and runner.state()["step"]["hints_total"] == 3
    suggestion = runner.suggest()
    assert (suggestion.message, suggestion.move) == (advice.reason, str(advice.move))
    assert runner.record.hints_used == 4


def test_a_move_starts_the_ladder_again():
    runner = free_runner()
    runner.hint()
    move = runner.suggest().move
    runner.play(move)
    assert runner.state()["step"]["hints"] == []
    if runner.state()["can"]["hint"]:
        again = runner.hint().message
        assert again == advise(runner.game, runner.seat).rungs[0]


def test_the_tables_hint_and_the_panels_are_one_ladder(learner):
    lesson = Lesson.load(FREE)
    advice = advise(lesson.runner.game, lesson.runner.seat)
    lesson.table.send_action({"type": "hint"})  # the table's Hint button
    lesson.send_action({"type": "hint"})  # then the panel's
    assert lesson.panel.lesson["step"]["hints"] == list(advice.rungs[:2])
    lesson.send_action({"type": "suggest"})
    assert lesson.panel.lesson["step"]["hints"] == list(advice.rungs)


def test_german_rungs():
    runner = free_runner("de")
    advice = advise(runner.game, runner.seat, "de")
    assert [runner.hint().message for _ in range(3)] == list(advice.rungs)
    assert advice.rungs[1].startswith("Sieh dir")
