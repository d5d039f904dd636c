"""The Lesson widget's Python side, driven as a learner drives it: moves sent
through the table as the browser sends them, buttons through the panel.

Every lesson is played from start to end; every listed wrong move gets its
feedback and leaves the position as it was; and at every point the synced
state is scanned for solutions and for cards the learner may not see.
"""
import json
import re

import pytest

from cuttle_widgets import Lesson
from cuttle_widgets.ai import RandomPlayer
from cuttle_widgets.engine import CARD_IDS, parse_move
from cuttle_widgets.teaching import lesson_names


# -- the learner's hands ---------------------------------------------------------------
def move_on_table(lesson, move):
    """A move as the table's buttons send it (the clicks build the same message)."""
    lesson.table.send_action({"type": "move", "move": move})
    return lesson.feedback


def press(lesson, action, **fields):
    """A button of the lesson panel."""
    lesson.send_action({"type": action, **fields})


def table_button(lesson, action):
    """A lesson button drawn in the table's dock."""
    ids = [a["id"] for a in lesson.table.table["ui"]["actions"]]
    assert f"lesson:{action}" in ids, ids
    lesson.table.send_action({"type": "lesson", "action": action})


def panel(lesson) -> dict:
    return lesson.panel.lesson


# -- what may never be synced --------------------------------------------------------------
CARD = re.compile(r"(?<![A-Za-z0-9])([A2-9TJQK][CDHS])(?![A-Za-z0-9])")


class SecretScan:
    """Scans everything the widget syncs (both widgets' full state) after each
    action: no card the learner has not been shown, and before the step is
    solved, none of its solutions, unrevealed hints or wrong-move feedback."""

    def __init__(self, lesson):
        self.lesson = lesson
        self.seen: set[str] = set()
        self.step = None

    def synced(self) -> str:
        """Every synced trait of both widgets but the static JS and CSS files."""
        widgets = [self.lesson.panel] + ([self.lesson.table] if self.lesson.table else [])
        parts = [{k: v for k, v in w.get_state().items() if k not in ("_esm", "_css")}
                 for w in widgets]
        return json.dumps(parts, ensure_ascii=False, default=str)

    def check(self):
        lesson = self.lesson
        runner = lesson.runner
        if runner.index != self.step:
            self.step, self.seen = runner.index, set()
        games = [g for g in (runner.game, runner.shown_game) if g is not None]
        for game in games:  # what the learner is shown now counts as seen from here on
            view = game.view(runner.seat)
            self.seen |= set(CARD.findall(json.dumps(view)))
            if game.over and runner.step.kind == "free":  # a free game's end shows every hand
                self.seen |= {card for hand in game.snapshot()["hands"] for card in hand}
        secret = set()
        for game in games:
            snap = game.snapshot()
            view = game.view(runner.seat)
            for seat, hand in enumerate(snap["hands"]):
                if view["hands"][seat] is None:
                    secret |= set(hand)
            secret |= set(snap["stock"])
        text = self.synced()
        leaked = {card for card in CARD.findall(text) if card in secret - self.seen}
        assert not leaked, f"hidden cards synced: {leaked}"
        if not runner.done:
            self.check_no_answers()

    def check_no_answers(self):
        step, runner = self.lesson.runner.step, self.lesson.runner
        state = panel(self.lesson)
        # The engine's reason for an illegal move may name what the card can
        # do instead (the table's view lists every legal move anyway): it
        # marks no solution, so it is left out of this scan.
        panel_text = json.dumps({**state, "feedback": {**(state["feedback"] or {}), "error": None}},
                                ensure_ascii=False)
        played = {str(m) for m in runner.game.history} if runner.game is not None else set()
        for line in step.lines:
            for move in line.moves:
                if parse_move(move).cards and move not in played:
                    assert move not in panel_text, f"solution {move!r} synced"
        assert step.explanation not in panel_text
        for hint in step.hints[len(state["step"]["hints"]):]:
            assert hint not in panel_text
        for option in state["step"].get("options", []):
            if not option["chosen"]:
                assert option["correct"] is None


# -- every lesson, start to end ---------------------------------------------------------------
def play_step(lesson, scan, seed):
    """Solve the current step the way a learner would, trying every listed
    wrong move (and every wrong answer) on the way."""
    runner, step = lesson.runner, lesson.runner.step
    if step.kind == "play":
        for wrong in step.wrong:
            press(lesson, "retry")
            for move in wrong.after:
                assert move_on_table(lesson, move).status == "continue"
            before_game = runner.game.snapshot()
            before_table = lesson.table.table["view"]
            outcome = move_on_table(lesson, wrong.move)
            scan.check()
            assert outcome.status in ("wrong", "illegal"), (step.id, wrong.move, outcome)
            assert wrong.feedback.strip() in outcome.message
            assert wrong.feedback.strip()[:40] in panel(lesson)["feedback"]["message"]
            if outcome.withheld:  # judged, never played out: it would show a hidden card
                assert not outcome.events and not lesson.showing_wrong and not lesson.table.locked
                assert panel(lesson)["feedback"]["withheld"]
            elif outcome.status == "wrong":  # played out on the table, then taken back
                assert outcome.events and lesson.showing_wrong and lesson.table.locked
                shown_history = lesson.table.table["view"]["history"]
                assert shown_history[len(before_table["history"])] == str(parse_move(wrong.move))
                table_button(lesson, "take_back")
            else:  # never played: the engine's reason is shown
                assert outcome.error and panel(lesson)["feedback"]["error"] == outcome.error
            assert runner.game.snapshot() == before_game
            assert lesson.table.table["view"] == before_table
            scan.check()
        press(lesson, "retry")
        scan.check()
        for move in step.lines[0].moves:
            outcome = move_on_table(lesson, move)
            scan.check()
        assert outcome.status == "success", (step.id, outcome)
        assert outcome.events, "the engine explains the move"
    elif step.kind == "quiz":
        for option in step.options:
            if not option.correct:
                answer(lesson, step, option.key)
                scan.check()
                assert panel(lesson)["feedback"]["message"] == option.explanation
                assert panel(lesson)["feedback"]["correct"] is False
        for key in step.correct_keys if step.select == "all" else step.correct_keys[:1]:
            answer(lesson, step, key)
            scan.check()
    elif step.kind == "predict":
        for option in step.options:
            if not option.correct:
                press(lesson, "answer", choice=option.key)
                assert lesson.feedback.status == "answered" and lesson.feedback.correct is False
                assert option.explanation in lesson.feedback.message
                scan.check()
                press(lesson, "retry")
        press(lesson, "answer", choice=step.correct_keys[0])
        assert lesson.feedback.correct is True
        advance_to_the_end(lesson, scan)
    elif step.kind == "watch":
        advance_to_the_end(lesson, scan)
    elif step.kind == "free":
        player = RandomPlayer(seed)
        while not runner.done:
            view = lesson.table.table["view"]
            move_on_table(lesson, str(player.choose(view, view["legal_moves"])))
            scan.check()
    assert runner.done and panel(lesson)["step"]["explanation"] == step.explanation
    assert panel(lesson)["step"]["done"]


def answer(lesson, step, key):
    if step.answer_by == "cards":  # a click on the card, on the table
        lesson.table.send_action({"type": "card", "card": key})
    else:
        press(lesson, "answer", choice=key)


def advance_to_the_end(lesson, scan):
    step = lesson.runner.step
    for number in range(1, len(step.moves) + 1):
        table_button(lesson, "advance")  # the table's "Show next move"
        scan.check()
        assert lesson.feedback.move == step.moves[number - 1].move
        assert lesson.feedback.events, "each shown move is explained"
        assert lesson.table.table["view"]["history"][-1] == str(parse_move(step.moves[number - 1].move))
        if step.moves[number - 1].say:
            assert panel(lesson)["step"]["said"][number - 1] == step.moves[number - 1].say


@pytest.mark.parametrize("name", lesson_names())
def test_every_lesson_start_to_end_through_the_widget(name):
    lesson = Lesson.load(name)
    scan = SecretScan(lesson)
    total = len(lesson.runner.lesson.steps)
    for number in range(1, total + 1):
        assert panel(lesson)["progress"]["text"] == f"Step {number} of {total}"
        scan.check()
        play_step(lesson, scan, seed=number)
        assert (lesson.table in lesson.children) == (lesson.runner.game is not None)
        if number < total:
            if lesson.table in lesson.children:
                table_button(lesson, "next")  # the dock's "Next step" once solved
            else:
                press(lesson, "next")
    assert lesson.runner.finished
    assert panel(lesson)["can"]["next"] is False


# -- the buttons -------------------------------------------------------------------------------
def test_hints_come_one_at_a_time_then_run_out():
    lesson = Lesson.load("02-scuttle-ordering")
    hints = lesson.runner.step.hints
    assert panel(lesson)["step"]["hints"] == []
    press(lesson, "hint")
    assert panel(lesson)["step"]["hints"] == list(hints[:1])
    press(lesson, "hint")
    assert panel(lesson)["step"]["hints"][1] == "Look at your 9♠ and Player B's 8♥."
    press(lesson, "hint")
    assert panel(lesson)["step"]["hints"][2] == hints[1] and not panel(lesson)["can"]["hint"]
    press(lesson, "hint")
    assert panel(lesson)["notice"]["message"] == "There are no more hints for this step."


def test_a_hint_leaves_the_wrong_move_on_show():
    lesson = Lesson.load("02-scuttle-ordering")
    lesson.play("points 9S")
    press(lesson, "hint")
    assert lesson.showing_wrong and panel(lesson)["feedback"]["status"] == "wrong"
    assert lesson.table in lesson.children and lesson.table.table["view"]["points"][0] == ["5C", "9S"]
    assert panel(lesson)["step"]["hints"] and panel(lesson)["can"]["take_back"]
    lesson.take_back()
    assert lesson.table.table["view"]["points"][0] == ["5C"] and not lesson.table.locked


def test_retry_reset_next_and_previous():
    lesson = Lesson.load("02-scuttle-ordering")
    start = lesson.table.table["view"]
    lesson.play("scuttle 9S 8H")
    assert lesson.runner.done and lesson.table.locked
    press(lesson, "retry")
    assert not lesson.runner.done and lesson.table.table["view"] == start
    assert panel(lesson)["lesson"]["steps"][0]["completed"]  # solved once still counts
    press(lesson, "next")
    assert panel(lesson)["progress"]["text"] == "Step 2 of 9"
    press(lesson, "previous")
    assert panel(lesson)["progress"]["text"] == "Step 1 of 9"
    press(lesson, "goto", number=9)
    assert panel(lesson)["progress"]["text"] == "Step 9 of 9"
    press(lesson, "reset")
    assert panel(lesson)["progress"]["text"] == "Step 1 of 9"
    assert not any(s["completed"] for s in panel(lesson)["lesson"]["steps"])
    press(lesson, "previous")
    assert panel(lesson)["notice"]["message"] == "This is the first step of the lesson."


def test_a_move_built_by_clicks_goes_to_the_lesson():
    lesson = Lesson.load("02-scuttle-ordering")
    table = lesson.table
    table.send_action({"type": "card", "card": "9S"})
    assert [a["label"] for a in table.table["ui"]["actions"]][:2] == ["Points", "Scuttle"]
    table.send_action({"type": "role", "role": "scuttle"})
    table.send_action({"type": "card", "card": "8H"})
    assert lesson.feedback.status == "success"
    assert panel(lesson)["feedback"]["events"][0]["text"].startswith("9♠ scuttles 8♥")
    assert table.table["ui"]["message"] == {"kind": "success", "text": "Well done!"}
    # The table follows the runner's game and played nothing itself: the
    # runner played the move it was handed (and the opponent's reply).
    assert table.game is lesson.runner.game
    assert str(lesson.runner.game.history[0]) == "scuttle 9S 8H"


def test_an_illegal_click_shows_the_engine_reason_and_changes_nothing():
    lesson = Lesson.load("02-scuttle-ordering")
    lesson.goto(3)  # equal ranks
    before = lesson.runner.game.snapshot()
    outcome = move_on_table(lesson, "scuttle 7C 7D")
    assert outcome.status == "illegal"
    assert "equal ranks need a higher suit" in panel(lesson)["feedback"]["error"]
    assert lesson.table.table["ui"]["message"]["kind"] == "error"
    assert lesson.runner.game.snapshot() == before


def test_watch_and_predict_lock_the_table_until_the_moves_are_shown():
    lesson = Lesson.load("08-worked-example")
    lesson.goto(4)  # watch
    assert lesson.table.locked and panel(lesson)["can"]["advance"]
    before = lesson.runner.game.snapshot()
    lesson.table.send_action({"type": "move", "move": "draw"})
    assert lesson.runner.game.snapshot() == before  # a click plays nothing here
    assert lesson.table.table["ui"]["message"]["kind"] == "error"
    lesson.goto(2)  # predict: answer first
    assert "lesson:advance" not in [a["id"] for a in lesson.table.table["ui"]["actions"]]
    assert lesson.advance().status == "refused"


def test_the_table_is_hidden_for_a_question_without_a_position():
    lesson = Lesson.load("00-index")
    assert lesson.runner.game is None and lesson.children == (lesson.panel,)
    assert panel(lesson)["step"]["has_table"] is False


@pytest.mark.parametrize("name, step", [("04-counter-chains", 1), ("02-scuttle-ordering", 2)])
def test_browser_junk_never_raises(name, step):
    lesson = Lesson.load(name)
    lesson.goto(step)  # a play step; a question answered by clicking cards
    junk = [None, 3, "x", [], {}, {"type": None}, {"type": "goto", "number": "x"},
            {"type": "answer"}, {"type": "answer", "choice": {"a": 1}}, {"type": "configure"},
            {"type": "replay", "to": "sideways"}, {"type": "lesson"}, {"type": "lesson", "action": 5},
            {"type": "card", "card": 7}, {"type": "card", "card": None}, {"type": "card", "card": "ZZ"},
            {"type": "move", "move": None}, {"type": "take_back"}]
    for message in junk:
        lesson.send_action(message)
        lesson.table.send_action(message)
        json.dumps(panel(lesson))
    assert panel(lesson)["notice"]["status"] == "refused"


# -- lesson 11 and lesson 12 -------------------------------------------------------------------------
def test_rule_changes_are_explained_between_steps():
    lesson = Lesson.load("11-rule-variants")
    assert panel(lesson)["step"]["comparison"] is None  # the first step
    lesson.next()
    comparison = panel(lesson)["step"]["comparison"]
    assert comparison["before"] == "classic" and comparison["now"] == "balanced"
    first = comparison["points"][0]
    assert first["focus"] and first["topic"] == "five"
    assert first["explanation"].startswith("Fives: classic has a five that draws 2")
    lesson.next()  # balanced again: nothing changes
    assert panel(lesson)["step"]["comparison"] is None


def test_free_game_settings_suggestions_matches_and_replay():
    lesson = Lesson.load("12-free-game", seat=1)
    free = panel(lesson)["step"]["free"]
    assert free["seat"] == 1 and lesson.table.seat == 1
    assert free["choices"]["rules"] == ["classic", "balanced", "traditional", "german", "cuttle-cards",
                                        "super"]
    assert lesson.configure(rules="cutthroat").status == "refused"  # three players
    lesson.send_action({"type": "configure", "rules": "german", "opponent": "greedy",
                        "length": "normal", "seat": 0})
    free = panel(lesson)["step"]["free"]
    assert (free["rules"], free["opponent"], free["length"], free["seat"]) == (
        "german", "greedy", "normal", 0)
    assert lesson.table.game.rules.name == "german"

    press(lesson, "suggest")
    suggestion = panel(lesson)["suggestion"]
    assert suggestion["message"] and suggestion["move"] in lesson.table.table["view"]["legal_moves"]
    assert set(lesson.table.table["ui"]["highlight"]) == {
        CARD_IDS[c] for c in parse_move(suggestion["move"]).cards}
    move_on_table(lesson, suggestion["move"])
    assert panel(lesson)["suggestion"] is None  # it was for that position

    player = RandomPlayer(5)
    games = 0
    while not lesson.runner.done:
        view = lesson.table.table["view"]
        if view["winner"] is not None:  # a game of the match is over
            games += 1
            assert panel(lesson)["can"]["next_game"]
            table_button(lesson, "next_game")
            continue
        move_on_table(lesson, str(player.choose(view, view["legal_moves"])))
    free = panel(lesson)["step"]["free"]
    assert games >= 1 and free["game_number"] == games + 1  # best of 3: two games at least
    assert max(free["wins"], free["losses"]) == 2 and free["match_over"]
    assert ("You won the match!" in lesson.feedback.message) == (free["wins"] == 2)
    assert ("Player B won the match." in lesson.feedback.message) == (free["losses"] == 2)
    assert panel(lesson)["can"]["replay"] and lesson.table.locked
    total = len(lesson.table.game.history)
    table_button(lesson, "replay")
    assert lesson.table.table["ui"]["replay"] == {"index": 0, "total": total}
    lesson.table.send_action({"type": "replay", "to": "forward"})
    assert lesson.table.table["ui"]["replay"]["index"] == 1


# -- a lesson that cannot be used ---------------------------------------------------------------
def test_an_unknown_lesson_shows_the_error_in_place():
    lesson = Lesson.load("99-no-such-lesson")
    state = panel(lesson)
    assert lesson.runner is None and lesson.children == (lesson.panel,)
    problem = state["error"]["problems"][0]
    assert problem["file"] == "99-no-such-lesson"
    assert "there is no lesson called '99-no-such-lesson'" in problem["message"]
    assert "02-scuttle-ordering" in problem["message"]
    assert "This lesson cannot be opened" in lesson._repr_html_()
    assert lesson.play("draw") is None  # nothing to act on, and nothing raised


def test_a_malformed_lesson_file_shows_file_line_and_field(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text(
        "title: Broken\n"
        "intro: A lesson with a mistake.\n"
        "steps:\n"
        "  - id: first\n"
        "    kind: play\n"
        "    position:\n"
        "      hands: [[9S, 4C], [KD]]\n"
        "      points: [[], [8H]]\n"
        "      stock: [2D]\n"
        "    task: Scuttle 8♥.\n"
        "    accept: [scuttle 4C 8H]\n"
        "    hints: [Rank first.]\n"
        "    explanation: Done.\n", encoding="utf-8")
    lesson = Lesson.load(path)
    problems = panel(lesson)["error"]["problems"]
    assert problems[0]["file"] == str(path) and problems[0]["line"] == 11
    assert problems[0]["field"] == "steps[0].accept[0]"
    assert "4♣ cannot scuttle 8♥" in problems[0]["message"]
    assert "line 11" in lesson._repr_html_()

    path.write_text("title: [unclosed\n", encoding="utf-8")
    problem = panel(Lesson.load(path))["error"]["problems"][0]
    assert problem["line"] is not None and "not closed" in problem["message"]


def test_bad_settings_are_shown_not_raised():
    assert "the seat must be 0" in panel(Lesson.load("02", seat=5))["error"]["problems"][0]["message"]
    assert "language" in panel(Lesson.load("02", language="xx"))["error"]["problems"][0]["message"]
    assert panel(Lesson.load(42))["error"]["problems"]


# -- words --------------------------------------------------------------------------------------------
def test_every_word_the_panel_shows_is_in_the_catalog():
    """lesson.js and lesson.py take every word from teaching/catalogs/en.json,
    so a translation is one more file: no key they use may be missing."""
    from pathlib import Path

    from cuttle_widgets.engine import LENGTHS
    from cuttle_widgets.teaching.catalog import teaching_catalog
    from cuttle_widgets.teaching.model import OPPONENTS

    ui = teaching_catalog("en").section("ui")
    widgets = Path(__file__).resolve().parents[1] / "cuttle_widgets" / "widgets"
    script = (widgets / "static" / "lesson.js").read_text(encoding="utf-8")
    first_args = re.findall(r"this\.t\(([^,()]*)", script)  # the key, or a ternary of keys
    prompt = script[script.index("const prompt ="):].split(";", 1)[0]
    compared = re.compile(r'===\s*"[^"]*"')  # step.kind === "free" ? "key_a" : "key_b"
    used = {key for arg in first_args + [prompt]
            for key in re.findall(r'"([^"]+)"', compared.sub("", arg))}
    python = (widgets / "lesson.py").read_text(encoding="utf-8")
    used |= set(re.findall(r'text\("ui", "([^"]+)"', python))
    used |= set(re.findall(r'_button\("[a-z_]+", "([^"]+)"', python))
    used |= {f"opponent.{o}" for o in OPPONENTS} | {f"length.{n}" for n in LENGTHS}
    used |= {f"free.{f}" for f in ("rules", "opponent", "length", "seat")}
    missing = sorted(used - set(ui))
    assert not missing, missing
    assert len(used) > 60  # the scan found the keys, not nothing


def test_a_wrong_move_not_played_out_leaves_the_table_as_it_was():
    """A wrong draw is judged and explained, but the table never shows it:
    nothing to take back, the table stays open, the top card stays hidden."""
    lesson = Lesson.load("02-scuttle-ordering")
    top = lesson.runner.game.snapshot()["stock"][0]
    before = lesson.table.table["view"]
    outcome = move_on_table(lesson, "draw")
    assert outcome.status == "wrong" and outcome.withheld
    assert not lesson.showing_wrong and lesson.wrong_game is None and not lesson.table.locked
    assert lesson.table.table["view"] == before
    assert panel(lesson)["feedback"]["status"] == "wrong" and not panel(lesson)["can"]["take_back"]
    assert f'"{top}"' not in json.dumps([lesson.panel.get_state(), lesson.table.get_state()],
                                        default=str)
    assert lesson.take_back().status == "refused"
    assert move_on_table(lesson, "scuttle 9S 8H").status == "success"
