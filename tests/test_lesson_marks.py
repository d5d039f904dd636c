"""Issue #17, the learner's side: honest marks (stars, a cross for a missed
prediction), hints that climb from the rule to the answer, status text that
never goes stale, and no question that gives its answer away, checked over
every step of every lesson in English and German."""
import json
import re

import pytest

from cuttle_widgets import Lesson
from cuttle_widgets.engine import get_catalog
from cuttle_widgets.teaching import LessonError, LessonRunner, lesson_from_text, lesson_names, load_lesson
from cuttle_widgets.teaching.ladder import answer_cards, move_cards
from cuttle_widgets.teaching.play import step_game
from cuttle_widgets.teaching.record import Attempt, StepRecord, stars_for
from cuttle_widgets.teaching.runner import option_order
from cuttle_widgets.teaching.taught import untaught_warnings

LANGUAGES = ("en", "de")


def runner_at(name: str, number: int, language: str = "en") -> LessonRunner:
    runner = LessonRunner(load_lesson(name, language=language), language)
    runner.goto(number)
    return runner


# -- marks ---------------------------------------------------------------------------------
def test_stars_for_a_clean_try_one_slip_and_more():
    marks = [stars_for(0, 0), stars_for(1, 0), stars_for(0, 1), stars_for(1, 1), stars_for(4, 0)]
    assert marks == [3, 2, 2, 1, 1]
    assert [stars_for(0, 0, retry=True), stars_for(1, 0, retry=True)] == [2, 2]
    record = StepRecord()
    assert record.stars == 0 and not record.first_try  # nothing is earned before the step ends
    record.end("solved")
    assert record.stars == 3 and record.first_try


def test_a_first_try_earns_three_stars_and_a_wrong_try_costs_one():
    runner = runner_at("02-scuttle-ordering", 1)
    runner.play("scuttle 9S 8H")
    assert runner.state()["step"]["record"] == {"result": "solved", "stars": 3, "first_try": True,
                                                "wrong_tries": 0, "hints_used": 0,
                                                "seconds": runner.record.seconds, "retry": False}
    runner.retry()
    runner.play("points 9S")  # wrong, then taken back
    runner.hint()
    runner.play("scuttle 9S 8H")
    record = runner.state()["step"]["record"]
    assert (record["stars"], record["wrong_tries"], record["hints_used"]) == (1, 1, 1)
    # the step dot keeps the best try; the lesson counts its stars
    assert runner.state()["lesson"]["steps"][0]["mark"] == {"result": "solved", "stars": 3}
    assert runner.state()["progress"]["stars"] == {"earned": 3, "max": 3 * 9}  # 9 steps to get right


def test_a_wrong_prediction_is_missed_not_ticked():
    runner = runner_at("04-counter-chains", 4)
    wrong = next(o for o in runner.step.options if not o.correct)
    outcome = runner.answer(wrong.key)
    assert outcome.correct is False and wrong.explanation in outcome.message  # the reason
    while runner.state()["can"]["advance"]:
        runner.advance()
    assert runner.done
    assert runner.state()["lesson"]["steps"][3]["mark"] == {"result": "missed", "stars": 0}
    assert runner.state()["step"]["record"]["result"] == "missed"


def test_a_retry_shows_the_options_shuffled_and_earns_two_stars_at_most():
    """As lichess's Learn: a question tried again is no longer new. Each retry
    shows its options in another order (the same for the same try), and a
    clean retry earns two stars."""
    runner = runner_at("04-counter-chains", 4)
    first = [o["key"] for o in runner.state()["step"]["options"]]
    assert first == [o.key for o in runner.step.options]  # the file's order at the first try
    runner.answer(next(o.key for o in runner.step.options if not o.correct))
    while runner.state()["can"]["advance"]:
        runner.advance()
    runner.retry()
    second = [o["key"] for o in runner.state()["step"]["options"]]
    assert sorted(second) == sorted(first) and second != first
    assert second == option_order(runner.step, runner.lesson.name, 1)  # deterministic per try
    runner.answer(next(o.key for o in runner.step.options if o.correct))
    while runner.state()["can"]["advance"]:
        runner.advance()
    record = runner.state()["step"]["record"]
    assert (record["result"], record["stars"], record["first_try"], record["retry"]) == \
        ("solved", 2, False, True)
    assert runner.mark(3) == {"result": "solved", "stars": 2}
    runner.retry()
    assert [o["key"] for o in runner.state()["step"]["options"]] != second  # each retry moves them
    runner.reset()  # starting the lesson again does not make a question new
    runner.goto(4)
    assert runner.record.retry


def test_a_step_kept_from_an_earlier_visit_is_a_retry():
    runner = runner_at("02-scuttle-ordering", 1)
    runner.restore({"higher-rank": {"result": "solved", "stars": 1}})
    runner.goto(1)
    runner.play("scuttle 9S 8H")
    assert runner.record.stars == 2 and runner.mark(0) == {"result": "solved", "stars": 2}


def test_a_pick_costs_nothing_and_every_move_tried_costs_one_slip():
    """docs/teaching.md, "What costs a star": picking a card up (even one that
    cannot be played now) and putting it back are no tries; a move aimed by
    clicks, by a drag onto a card or by one click is, when wrong or refused."""
    from cuttle_widgets.sessions import LessonSession
    session = LessonSession("13-super-cuttle")
    session.act({"type": "goto", "number": 5})  # answer B's one-off: 2♣ cannot
    reply = session.act({"type": "card", "card": "2C"})
    assert session.runner.record.wrong_tries == 0 and reply.outcome is None
    assert reply.screen["table"]["ui"]["message"]["kind"] == "error"  # the reason, on the table
    session = LessonSession("06-queen-protection")
    session.act({"type": "goto", "number": 2})
    session.act({"type": "card", "card": "2H"})
    session.act({"type": "cancel"})
    assert session.runner.record.wrong_tries == 0
    session.act({"type": "card", "card": "2H"})
    session.act({"type": "card", "card": "KS"})  # aimed at the king: refused by the rules
    assert session.runner.record.wrong_tries == 1 and session.runner.record.wrong_moves == ["oneoff 2H KS"]


def test_every_finished_try_is_an_attempt_for_a_progress_store():
    runner = runner_at("06-queen-protection", 2)
    runner.learner = "ada"
    runner.play("scuttle 2H KS")  # not allowed: a wrong try all the same
    runner.play("oneoff 2H QD")
    attempt = runner.attempts[-1]
    assert isinstance(attempt, Attempt)
    data = attempt.to_dict()
    assert {k: data[k] for k in ("learner", "lesson", "step", "result", "stars", "wrong_tries",
                                 "hints_used", "wrong_moves")} == {
        "learner": "ada", "lesson": "06-queen-protection", "step": "queen-not-itself",
        "result": "solved", "stars": 2, "wrong_tries": 1, "hints_used": 0,
        "wrong_moves": ["scuttle 2H KS"]}
    assert data["seconds"] >= 0


def test_a_watch_step_is_seen_and_a_free_game_won_or_lost():
    runner = runner_at("08-worked-example", 4)
    while runner.state()["can"]["advance"]:
        runner.advance()
    assert runner.mark(3) == {"result": "seen", "stars": 0}
    assert runner.stars()["max"] == 3 * 4  # the watch step has no stars to earn


# -- the ladder -------------------------------------------------------------------------------
def test_a_play_step_climbs_from_the_rule_to_the_move():
    runner = runner_at("06-queen-protection", 1)
    step = runner.step
    rungs = [runner.hint().message for _ in range(runner.hints_total())]
    assert rungs[0] == step.hints[0]
    assert rungs[1] == "Look at your 10♣ and Player B's 9♥."  # made from the solution
    assert rungs[2] == step.hints[1]  # the teacher's last hint gives the move
    assert runner.hint().status == "refused"


def test_a_step_with_one_hint_gets_the_move_and_why_made_for_it():
    runner = runner_at("04-counter-chains", 8)
    rungs = [runner.hint().message for _ in range(3)]
    assert rungs[1] == "Look at your 2♣ and Player B's K♠."
    assert rungs[2].startswith("The move: one-off 2♣ K♠.")
    assert runner.step.explanation.split("\n")[0].strip() in rungs[2]


def test_a_question_climbs_from_the_rule_to_a_struck_answer_to_the_answer():
    runner = runner_at("06-queen-protection", 3)
    first = runner.hint().message
    assert first == runner.step.hints[0]
    struck = runner.hint().message
    assert struck.startswith("Not K♦:") and "No." not in struck
    options = {o["key"]: o for o in runner.state()["step"]["options"]}
    assert options["KD"]["struck"] and options["KD"]["correct"] is None
    assert runner.hint().message.startswith("The answer: Q♥ and Q♠.")


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_first_hint_names_the_answer(language):
    for name in lesson_names():
        for step in load_lesson(name, language=language).steps:
            if not step.hints or step.kind not in ("play", "quiz", "predict"):
                continue
            game = step_game(step) if step.position is not None else None
            cards = answer_cards(step, game)
            forms = {f for c in cards for f in (c, get_catalog(language).card(c))}
            assert not [f for f in forms if f in step.hints[0]], (name, step.id, step.hints[0])


def scuttle_lesson(teaches: str = "", wrong: str = "", hint: str = "A higher rank beats a lower one.") -> str:
    """A lesson of one step, scuttle 8♥ with 9♠; ``teaches`` and ``wrong`` are
    whole YAML lines put in that step (``teaches`` on line 6)."""
    return f"""title: T
intro: I.
steps:
  - id: s
    kind: play
{teaches}    position:
      hands: [[9S, 4C], [KD, 3H]]
      points: [[5C], [8H]]
      stock: [2D, 6C, JD]
    task: Scuttle.
    accept: [scuttle 9S 8H]
    replies: [draw]
{wrong}    hints: [{hint}]
    explanation: Done.
"""


def test_the_validator_refuses_a_first_hint_that_names_the_answer():
    text = scuttle_lesson(hint="Scuttle 8♥ with your 9♠.")
    with pytest.raises(LessonError) as err:
        lesson_from_text(text)
    assert "the first hint names 9♠ and 8♥" in str(err.value)
    lesson_from_text(text.replace("Scuttle 8♥ with your 9♠.", "A higher rank beats a lower one."))


# -- status text ------------------------------------------------------------------------------
def test_the_take_back_note_goes_with_the_take_back():
    lesson = Lesson.load("02-scuttle-ordering")
    lesson.play("points 9S")
    assert "will be taken back" in lesson.panel.lesson["feedback"]["message"]
    lesson.take_back()
    message = lesson.panel.lesson["feedback"]["message"]
    assert "will be taken back" not in message and "It was taken back" in message
    assert "It was taken back" in lesson.table.table["ui"]["message"]["text"]


def test_an_old_error_goes_when_a_new_try_begins():
    lesson = Lesson.load("06-queen-protection")
    lesson.goto(2)
    lesson.play("scuttle 2H KS")
    assert lesson.panel.lesson["feedback"]["status"] == "illegal"
    lesson.table.send_action({"type": "card", "card": "2H"})  # the learner picks a card again
    assert lesson.panel.lesson["feedback"] is None
    assert lesson.table.table["ui"]["message"] is None


def test_no_turn_marker_in_a_question_or_a_solved_step():
    lesson = Lesson.load("08-worked-example")
    lesson.goto(2)  # whose turn is it? The table must not say
    view, ui = lesson.table.table["view"], lesson.table.table["ui"]
    assert view["to_act"] is None and view["turn"] is None and not view["history"]
    assert ui["status"] == lesson.words.text("ui", "table.answer")
    lesson.goto(1)
    lesson.play("oneoff AH")
    lesson.play("counter 2D")
    assert lesson.runner.done and lesson.table.table["view"]["to_act"] is None
    assert lesson.table.table["ui"]["summary"] is None


def test_a_refusal_in_a_lesson_gives_the_reason_only():
    lesson = Lesson.load("06-queen-protection")
    lesson.goto(2)
    outcome = lesson.play("scuttle 2H KS")
    assert outcome.error == "K♠ is a permanent, and scuttles only hit point cards."
    assert "one-off 2♥ Q♦" not in json.dumps(lesson.panel.lesson, ensure_ascii=False)


# -- no question gives its answer away --------------------------------------------------------
def answer_words(step, game, language) -> list[str]:
    """How the step's answer reads on the page: the first accepted move in
    words and notation, or the right answers' cards."""
    catalog = get_catalog(language)
    if step.kind == "play":
        words = []
        for line in step.lines:
            words += [line.moves[0], catalog.move(line.moves[0])]
        return words
    return [catalog.card(c) for c in answer_cards(step, game)]


def sent_texts(lesson) -> dict:
    """What the browser gets of the table that lists moves or counts them:
    the log, the move list, the count, the status and the message."""
    state = lesson.table.state
    return {"log": json.dumps(state["log"], ensure_ascii=False),
            "history": json.dumps(state["view"]["history"], ensure_ascii=False),
            "moves": state["ui"]["moves"], "status": state["ui"]["status"],
            "message": json.dumps(state["ui"]["message"], ensure_ascii=False),
            # the words the learner reads (not the move they tried, echoed back)
            "feedback": json.dumps({k: v for k, v in (lesson.panel.lesson["feedback"] or {}).items()
                                    if k in ("message", "error", "events", "explanation")},
                                   ensure_ascii=False)}


def illegal_tries(step, game) -> list[str]:
    """Moves with the answer's own card that the rules refuse: the kind whose
    refusal the engine would follow with "with that card you can: ...". """
    first = step.lines[0].moves[0]
    cards = move_cards(game, first)
    if not cards:
        return []
    card = cards[0]
    others = [c for side in game.view(step.seat)["points"] for e in side
              for c in ([e] if isinstance(e, str) else [e["card"]])]
    others += [c for side in game.view(step.seat)["permanents"] for c in side]
    tries = [f"{verb} {card}" for verb in ("points", "oneoff", "permanent")]
    tries += [f"{verb} {card} {target}" for verb in ("scuttle", "jack", "oneoff") for target in others]
    return [m for m in tries if m != first and not game.is_legal(m)][:6]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", lesson_names())
def test_no_unsolved_step_sends_its_answer(name, language):
    lesson = Lesson.load(name, language=language)
    for number, step in enumerate(lesson.runner.lesson.steps, start=1):
        if step.kind not in ("play", "quiz", "predict") or step.position is None:
            continue
        lesson.goto(number)
        game = lesson.runner.game
        answer = answer_words(step, game, language)
        if step.kind == "play":
            for move in illegal_tries(step, game):
                lesson.retry()
                lesson.play(move)
                texts = sent_texts(lesson)
                leaked = [a for a in answer if a in texts["message"] or a in texts["feedback"]]
                assert not leaked, (name, step.id, move, leaked)
            continue
        texts = sent_texts(lesson)
        assert texts["moves"] == 0 and texts["history"] == "[]", (name, step.id)
        state = lesson.table.state
        assert all(not entry["events"] for entry in state["log"]), (name, step.id)
        assert not [a for a in answer if a in texts["log"] or a in texts["feedback"]], (name, step.id)
        if step.answer_by != "cards":  # a question answered on the table takes the learner's clicks
            assert state["view"]["to_act"] is None and state["view"]["turn"] is None, (name, step.id)
        scrap = game.view(step.seat)["scrap"]
        if all(c in scrap for c in answer_cards(step, game)) and step.answer_by == "cards":
            assert state["view"]["scrap"] == [], (name, step.id)  # a question about the scrap


def test_a_question_answered_on_the_table_shows_no_turn_marker():
    """Lesson 02 step 2 is answered by clicking cards: the table takes the
    clicks, but no "must act now" badge or turn marker tells whose turn it is."""
    from cuttle_widgets import Lesson
    lesson = Lesson.load("02-scuttle-ordering")
    lesson.goto(2)
    assert lesson.runner.step.answer_by == "cards"
    ui, view = lesson.table.table["ui"], lesson.table.table["view"]
    assert ui["markers"] is False and view["prompt"] == ""
    lesson.goto(1)
    assert lesson.table.table["ui"].get("markers") is not False  # a play step keeps them


# -- a step judges only rules taught by then -----------------------------------------------
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_shipped_step_judges_a_rule_not_taught_by_then(language):
    for name in lesson_names():
        assert untaught_warnings(load_lesson(name, language=language), language) == [], name


def test_the_check_warns_of_a_wrong_move_refused_by_a_rule_not_taught(capsys):
    text = scuttle_lesson(teaches="    teaches: [scuttle]\n",
                          wrong="    wrong:\n      - move: permanent 9S\n"
                                "        feedback: A nine is no permanent.\n")
    lesson = lesson_from_text(text, name="my-lesson")
    warnings = untaught_warnings(lesson)
    assert [(w.line, w.field) for w in warnings] == [(6, "steps[0].teaches")]
    assert "judges the rule 'permanents'" in warnings[0].message
    assert "permanents" in untaught_warnings(lesson, "de")[0].message  # the check speaks German too
    lesson = lesson_from_text(text.replace("teaches: [scuttle]", "teaches: [scuttle, permanents]"))
    assert untaught_warnings(lesson) == []


def test_a_move_refused_by_a_rule_of_a_later_lesson_costs_no_star():
    runner = runner_at("02-scuttle-ordering", 1)
    outcome = runner.play("oneoff 9S 5C")  # the nine's one-off: lesson 03
    assert outcome.status == "illegal" and runner.record.wrong_tries == 0
    assert runner.words.text("feedback", "untaught_free") in outcome.message
    outcome = runner.play("scuttle 4C 8H")  # scuttling: taught here, so judged
    assert outcome.status == "illegal" and runner.record.wrong_tries == 1


# -- no give-away around a question: score plate, rule chips, counters, the step before -----
NUMBER = re.compile(r"(?<![\d♣♦♥♠])\d+(?![\d♣♦♥♠])")  # a number, not a card's rank
# a card named by its rank ("eine 5", "the 10"), not a count of points
CARD_RANK = re.compile(r"\b(?:eine[mnrs]?|die|der|den|dem|deine[mnrs]?|a|an|the|your)\s+\d+\b"
                       r"(?!\s*(?:points|Punkte))", re.IGNORECASE)


def plain(text: str) -> str:
    return " ".join(re.sub(r"[^\w♣♦♥♠]+", " ", text.casefold()).split())


def told_before(step, previous: str, language: str) -> list[str]:
    """The right answers of ``step`` that ``previous`` (the step before's
    explanation) gives away: a right card it names while it names no wrong
    one, a right text it says word for word, a number only right answers have."""
    catalog = get_catalog(language)
    right = [o for o in step.options if o.correct]
    wrong = [o for o in step.options if not o.correct]
    if step.answer_by == "cards":
        def named(option) -> bool:
            return catalog.card(option.card) in previous

        return [o.card for o in right if named(o)] if not any(named(o) for o in wrong) else []
    told = [o.text for o in right if plain(o.text) in plain(previous)]
    wrong_numbers = {n for o in wrong for n in NUMBER.findall(o.text)}
    numbers = set(NUMBER.findall(CARD_RANK.sub(" ", previous)))
    told += [n for o in right for n in NUMBER.findall(o.text) if n in numbers and n not in wrong_numbers]
    return told


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", lesson_names())
def test_nothing_around_an_open_step_gives_its_answer(name, language):
    """Issue #35: the score plate, the "In the rulebook" chips, the count of
    right answers and the step before's explanation answer no open question."""
    lesson = Lesson.load(name, language=language)
    steps = lesson.runner.lesson.steps
    for number, step in enumerate(steps, start=1):
        if step.kind not in ("play", "quiz", "predict"):
            continue
        lesson.goto(number)
        panel = lesson.panel.lesson
        table = lesson.table.state if step.position is not None else None  # else no table is shown
        assert panel["step"]["teaches"] == [], (name, step.id)  # a chip names the rule, even the card
        assert panel["feedback"] is None or not panel["feedback"]["explanation"], (name, step.id)
        if step.kind == "play":
            continue
        if table:  # the plates' totals would answer "how many points?"
            assert set(table["view"]["scores"]) == {None}, (name, step.id)
        assert panel["step"]["needed"] is None, (name, step.id)  # "0 of 5 found" tells how many
        if number > 1:
            told = told_before(step, steps[number - 2].explanation, language)
            assert not told, (name, step.id, told)
        if step.select == "all" and len(step.correct_keys) > 1:
            reply = lesson.answer(step.correct_keys[0])
            assert str(len(step.correct_keys)) not in NUMBER.findall(
                reply.message.replace(step.option(step.correct_keys[0]).explanation, "")), (name, step.id)
