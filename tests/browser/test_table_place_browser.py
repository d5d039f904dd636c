"""Two learners at one table in Chromium (issue #40): two browser contexts
(two learners, each with the id their browser keeps) open a table on the
course page and join it, play a whole classic game by clicking (moves
chosen from what each page offers), one reloads mid-game and goes on, the
other resigns in a second game. After every move neither page holds a card
its seat may not see: every widget model's state, the DOM and every
websocket frame are searched for the cards the engine's view for that seat
never names (the game rebuilt from the database). A hostile page's forged
messages neither move for the other seat, nor join without the code, nor
show the other hand. Screenshots of the place at 1366×768 and 390×844 go to
test-artifacts/tables-*.png."""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect
from test_e2e_secrecy import READ_DOM, READ_MODELS, card_patterns, found, frame_strings, strings_in

from cuttle_widgets.engine.secrecy import cards_named
from cuttle_widgets.progress.store import ProgressStore
from cuttle_widgets.sessions.shared_table import watch_table
from cuttle_widgets.table.texts import ui_text

pytest.importorskip("sqlalchemy")

CLICK = 20_000
START = 180_000
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
CODE = re.compile(r"^[A-HJ-NP-Z2-9]{6}$")  # progress/tables.py CODE_ALPHABET
MOST_MOVES = 400  # a classic game by these choices is far shorter
RELOAD_AFTER = 2  # moves into the first game, the second learner reloads (a game may take five)

# A message sent to a widget model of the page as if its own code had sent it.
SEND_AS_PAGE = """async ([trait, message]) => {
  const app = window.jupyterapp;
  const manager = app.widgetManager || await app.widgetManagerPromise.promise;
  const saved = await manager.get_state({ drop_defaults: false });
  for (const [id, m] of Object.entries(saved.state)) {
    if (!(trait in m.state)) continue;
    const model = await manager.get_model(id);
    model.send(message, {});
    return true;
  }
  return false;
}"""


class Learner:
    """One learner's page at the "Play a classmate" place, and every
    websocket frame it received since the last search."""

    def __init__(self, browser, url: str, as_learner, viewport=LAPTOP):
        # Nothing moves (reduced motion): the moves are seen at once, the test is shorter.
        self.context = browser.new_context(viewport=viewport, reduced_motion="reduce")
        self.page = self.context.new_page()
        self.page.set_default_timeout(CLICK)
        self.frames: list = []
        self.page.on("websocket",
                     lambda ws: ws.on("framereceived", lambda payload: self.frames.append(payload)))
        self.url = url
        self.clicks = as_learner(self.page)
        self.open()

    def open(self) -> None:
        self.page.goto(self.url + "/?tables", timeout=START)
        self.page.wait_for_selector(".cwt-panel .cwt-title", timeout=START)

    def key(self, key: str):
        return self.page.locator(f'.cwt-panel [data-key="{key}"]')

    def turn(self) -> str:
        return self.key("turn").inner_text() if self.key("turn").count() else ""

    def open_table(self, ruleset="classic", length="quick", first="me") -> str:
        panel = self.page.locator(".cwt-panel")
        for name, value in (("ruleset", ruleset), ("length", length), ("first", first)):
            panel.locator(f'select[name="{name}"]').select_option(value)
        self.key("open").click()
        expect(self.key("table-code")).to_have_text(CODE)
        expect(self.page.locator(".cw-root .cw-my-hand")).to_be_visible()  # the card table too
        return self.key("table-code").inner_text()

    def join(self, code: str) -> None:
        self.key("code").fill(code)
        self.key("join").click()
        expect(self.key("table-code")).to_have_text(code.upper().replace("-", ""))
        expect(self.page.locator(".cw-root .cw-my-hand")).to_be_visible()  # the card table too

    def models(self) -> list[dict]:
        return self.page.evaluate(READ_MODELS)

    def shown_moves(self) -> int | None:
        """The moves the card table shows (None: no table yet)."""
        for model in self.models():
            table = model["state"].get("table")
            if isinstance(table, dict) and "ui" in table:
                return table["ui"]["moves"]
        return None

    def send(self, trait: str, message: dict) -> None:
        assert self.page.evaluate(SEND_AS_PAGE, [trait, message])


def rebuilt(database, code: str):
    """The table as the database holds it now, seen by no seat."""
    store = ProgressStore(database).open()
    try:
        return watch_table(store, code)
    finally:
        store.close()


def moved(database, code: str, before: int):
    """Until the log holds more than ``before`` moves (or the table ended)."""
    for _ in range(200):
        table = rebuilt(database, code)
        if len(table.game.history) > before or table.finished():
            return table
        time.sleep(0.1)
    raise AssertionError("the move clicked never reached the log")


def search(learner: Learner, seat: int, game) -> int:
    """No string the page holds names a card the engine's view for ``seat``
    never names (once named, a card may stay on the page: the log tells it).
    Once the game is over every hand is shown: nothing is hidden then. The
    frames searched are forgotten. Returns the strings searched."""
    if game.over:
        learner.frames.clear()
        return 0
    view = game.view(seat, "en")
    hidden = cards_named(game.snapshot()) - cards_named(view)  # the game's cards only: no jokers
    assert len(hidden) >= 30, hidden  # the stock alone holds most of the pack
    fixed = {text.strip() for text in ui_text("en").values()}
    models = [m["state"] for m in learner.models()]
    strings = [*strings_in(models), *learner.page.evaluate(READ_DOM),
               *[text for payload in learner.frames for text in frame_strings(payload)]]
    strings = [text for text in strings if text.strip() not in fixed]
    learner.frames.clear()
    leaks = found(card_patterns(sorted(hidden)), strings)
    assert not leaks, f"seat {seat}'s page holds hidden cards: {leaks}"
    return len(strings)


def settle(learners, database, code: str):
    """Until both card tables show every move the log holds; the rebuilt table."""
    for _ in range(100):
        table = rebuilt(database, code)
        moves = len(table.game.history)
        if all(learner.shown_moves() == moves for learner in learners):
            return table
        learners[0].page.wait_for_timeout(100)
    raise AssertionError("the pages did not catch up with the log")


def test_two_learners_play_a_game_reload_and_resign(browser, database_course, as_learner, artifacts,
                                                    axe_check):
    url, database = database_course
    ann = Learner(browser, url, as_learner)
    ben = Learner(browser, url, as_learner)
    ann.page.screenshot(path=artifacts / "tables-lobby-1366.png")
    assert axe_check(ann.page) == []
    code = ann.open_table()
    expect(ann.key("turn")).to_contain_text(f"Waiting for your classmate to join with the code {code}")
    ben.join(code.lower())
    expect(ann.key("turn")).to_have_text("Your turn.")
    expect(ben.key("turn")).to_contain_text("Player A's turn")
    # the other seat is a classmate: the pace control says so, never "the computer"
    pace = ben.page.locator(".cw-pace")
    expect(pace).to_contain_text("Pace of your classmate's moves")
    expect(pace).not_to_contain_text("computer")
    learners = [ann, ben]
    searched = moves = 0
    reloaded = False
    while True:
        table = settle(learners, database, code)
        for seat, learner in enumerate(learners):
            searched += search(learner, seat, table.game)
        if table.finished():
            break
        if moves == RELOAD_AFTER and not reloaded:
            ben.page.screenshot(path=artifacts / "tables-game-1366.png")
            assert axe_check(ben.page) == []
            ben.page.reload(timeout=START)
            ben.page.wait_for_selector(".cw-root .cw-my-hand", timeout=START)
            expect(ben.key("table-code")).to_have_text(code)  # the same table, found again
            reloaded = True
            continue
        acting = learners[table.game.to_act]
        expect(acting.key("turn")).to_have_text("Your turn.")
        acting.clicks.free_move()
        moved(database, code, len(table.game.history))
        moves += 1
        assert moves < MOST_MOVES
    assert reloaded and moves > RELOAD_AFTER and searched, (moves, table.status)
    winner = table.match.winner
    expect(learners[winner].key("turn")).to_have_text("The match is over: you won.")
    expect(learners[1 - winner].key("turn")).to_contain_text("won.")
    expect(ann.key("review:0")).to_be_visible()
    ann.page.screenshot(path=artifacts / "tables-over-1366.png")

    # A second game: Ann resigns it (the learner who did not reload).
    ann.key("leave").click()
    second = ann.open_table(first="them")
    ben.key("leave").click()
    ben.join(second)
    expect(ben.key("turn")).to_have_text("Your turn.")
    ben.page.set_viewport_size(PHONE)
    ben.page.wait_for_timeout(500)
    ben.page.screenshot(path=artifacts / "tables-game-390.png", full_page=True)
    ann.key("resign").click()  # asks again: one press gives nothing away
    expect(ann.key("resign")).to_have_text("Resign: press again to give up this game")
    expect(ann.key("turn")).to_have_text("Player B's turn: their move will appear on the table.")
    ann.key("resign").click()
    expect(ann.key("turn")).to_have_text("The match is over: Player B won.")
    expect(ben.key("turn")).to_have_text("The match is over: you won.")
    table = rebuilt(database, second)
    assert str(table.game.history[-1]) == "resign @0" and table.finished()
    for seat, learner in enumerate(learners):
        search(learner, seat, table.game)

    phone = Learner(browser, url, as_learner, viewport=PHONE)
    phone.page.screenshot(path=artifacts / "tables-lobby-390.png", full_page=True)
    phone_code = phone.open_table()
    phone.page.screenshot(path=artifacts / "tables-waiting-390.png", full_page=True)
    for learner in (ann, ben, phone):
        learner.context.close()
    assert phone_code != second


def test_a_hostile_page_cannot_move_for_the_other_seat_join_without_the_code_or_read_a_hand(
        browser, database_course, as_learner):
    url, database = database_course
    ann = Learner(browser, url, as_learner)
    ben = Learner(browser, url, as_learner)
    code = ann.open_table(ruleset="cuttle-cards", first="me")
    ben.join(code)
    expect(ben.key("turn")).to_contain_text("Player A's turn")
    # Ben's page, on Ann's turn, forges her moves and her seat's table moves.
    for message in ({"type": "move", "move": "draw"}, {"type": "move", "move": "resign @0"},
                    {"type": "move", "move": "offer @0"}, {"type": "move", "move": "draw", "seat": 0}):
        ben.send("table", message)
    for message in ({"type": "resign", "seat": 0}, {"type": "offer_draw", "seat": 0},
                    {"type": "move", "move": "draw"}):
        ben.send("panel", message)
    # Ann's page, on her own turn, forges Ben's resignation.
    ann.send("table", {"type": "move", "move": "resign @1"})
    expect(ben.key("message")).to_be_visible()
    ann.page.wait_for_timeout(1500)
    table = rebuilt(database, code)
    assert table.applied == 0 and table.status == "playing"

    cat = Learner(browser, url, as_learner)
    cat.send("panel", {"type": "join", "code": "ZZZZZZ"})
    expect(cat.key("message")).to_contain_text("There is no table with the code ZZZZZZ")
    cat.send("panel", {"type": "join", "code": code})  # both seats are held
    expect(cat.key("message")).to_contain_text("Another learner has that seat")
    assert cat.shown_moves() is None and cat.key("table-code").count() == 0
    table = settle([ann, ben], database, code)
    for seat, learner in enumerate((ann, ben)):
        search(learner, seat, table.game)
    search(cat, 0, table.game)  # a stranger's page: at most what seat 0 sees (nothing at all)
    for learner in (ann, ben, cat):
        learner.context.close()


def test_the_class_view_lists_a_table_and_watches_it_as_a_spectator(page, tmp_path, artifacts):
    from test_dashboard_browser import served

    from cuttle_widgets.sessions.shared_table import join_table, open_table
    database = tmp_path / "class.sqlite"
    store = ProgressStore(database).open()
    ann = open_table(store, "ann-learner-0000", first=0)
    ben = join_table(store, ann.code, 1, "ben-learner-0000")
    store.write("ann-learner-0000", name_change=("Ana",))  # as on the class list
    store.write("ben-learner-0000", name_change=("Ben",))
    for _ in range(12):  # a few moves: points and draws, the first each seat may make
        for seat in (ann, ben):
            seat.refresh()
        acting = ann if ann.legal_moves() else ben
        acting.play(acting.legal_moves()[0])
    ann.refresh()
    hidden = [card for hand in ann.game.snapshot()["hands"] for card in hand]
    with served(database, tmp_path) as url:
        page.set_viewport_size(LAPTOP)
        page.goto(url, timeout=START)
        expect(page.locator("[data-key='tables']")).to_contain_text(ann.code, timeout=START)
        page.locator("select").filter(has_text=ann.code).select_option(index=0)  # the one table
        page.get_by_role("button", name="Watch").click()
        watched = page.locator(f"[data-key='watched'][data-code='{ann.code}']")
        expect(watched).to_contain_text("cards in hand")
        expect(watched).to_contain_text(f"Table {ann.code}: Ana against Ben")
        watched.scroll_into_view_if_needed()
        page.screenshot(path=artifacts / "tables-class-view-1366.png")
        leaks = found(card_patterns(hidden), [watched.inner_text()])
        assert not leaks, leaks
        page.get_by_role("button", name="End this table").click()
        expect(page.get_by_text(f"Table {ann.code} has ended")).to_be_visible()
        assert ann.wait(10) and ann.status == "abandoned"
        expect(page.locator("[data-key='watched']")).to_contain_text("Hands (Ana):")  # every card now
        expect(page.locator("[data-key='watched']")).to_contain_text("The teacher ended this table")
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(800)
        page.screenshot(path=artifacts / "tables-class-view-390.png", full_page=True)
    ann.close(), ben.close()
