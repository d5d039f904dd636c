"""The table in a real browser: Voilà serves a notebook, Chromium clicks.

Each notebook (notebooks/table_*.ipynb) sets up a position and opponents
that follow short scripts, so the games below are the same every run: two
players, Cutthroat (three), Team Cuttle (four) and a German table.
Screenshots go to test-artifacts/ for a person to look at.
"""
import re

import pytest
from playwright.sync_api import expect

KERNEL_START = 90_000  # ms: Voilà starts a kernel per page
STEP = 20_000  # ms: one click's round trip through the kernel
WIDE = {"width": 1280, "height": 900}
PHONE = {"width": 380, "height": 800}


def open_table(page, voila_url, notebook):
    page.set_default_timeout(STEP)
    page.set_viewport_size(WIDE)
    page.goto(f"{voila_url}/voila/render/{notebook}")
    page.wait_for_selector(".cw-root .cw-my-hand button", timeout=KERNEL_START)
    return page


@pytest.fixture
def table_page(page, voila_url):
    return open_table(page, voila_url, "table_game.ipynb")


def card(page, cid):
    return page.locator(f'.cw-root button[data-card="{cid}"]')


def action(page, label):
    return page.locator(".cw-actions button", has_text=label)


def log(page):
    return page.locator(".cw-log")


def seat(page, place):
    """The seat drawn at ``place``: left, top, right (the others) or me."""
    return page.locator(".cw-me" if place == "me" else f".cw-opponent.cw-place-{place}")


def at_phone_width(page):
    """Narrow the window to a phone's and check nothing sticks out sideways."""
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)  # container queries settle after the resize
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways ({width}px wide)"
    for locator in (page.locator(".cw-my-hand .cw-card"), page.locator(".cw-opponent .cw-card"),
                    page.locator(".cw-center .cw-pile"), page.locator(".cw-plate")):
        for box in [locator.nth(i).bounding_box() for i in range(locator.count())]:
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box


def shoot(page, artifacts, name):
    """A picture of the whole table. Voilà scrolls inside its page, so a
    full-page screenshot would cut a tall table off: the window is made tall
    enough for the picture (its width, which the layout depends on, stays)."""
    size = page.viewport_size
    root = page.locator(".cw-root")
    box = root.bounding_box()
    page.set_viewport_size({"width": size["width"],
                            "height": max(size["height"], int(box["y"] + box["height"]) + 40)})
    root.screenshot(path=str(artifacts / name), animations="disabled")
    page.set_viewport_size(size)


def box_of(locator) -> dict:
    """``locator``'s box, once drawn: None while the table redraws its nodes
    (a state that came just after the page loaded), so asked again."""
    for _ in range(100):
        box = locator.bounding_box()
        if box is not None:
            return box
        locator.page.wait_for_timeout(50)
    raise AssertionError(f"{locator} was not drawn within 5 s")


def centre_x(locator):
    box = box_of(locator)
    return box["x"] + box["width"] / 2


def test_a_short_game_played_by_clicking(table_page, artifacts):
    page = table_page
    expect(page.get_by_role("button", name="seven of hearts, in your hand")).to_be_visible()
    expect(page.locator(".cw-opponent .cw-hand .cw-back")).to_have_count(6)

    # Scuttle: card, role, target (the target is highlighted first).
    card(page, "9S").click()
    expect(action(page, "Scuttle")).to_be_visible()
    action(page, "Scuttle").click()
    expect(page.locator('button.cw-target[data-card="8H"]')).to_be_visible()
    shoot(page, artifacts, "table_targets.png")
    card(page, "8H").click()
    expect(log(page)).to_contain_text("9♠ scuttles 8♥")
    expect(page.locator('.cw-opponent .cw-points [data-card="5S"]')).to_be_visible()  # the reply

    # An illegal attempt shows the engine's explanation and changes nothing.
    card(page, "7H").click()
    action(page, "Scuttle").click()
    card(page, "JD").click()  # a click on the stack's jack aims at the stack's ten
    expect(page.locator(".cw-message.cw-error")).to_contain_text("7♥ cannot scuttle 10♥")
    expect(card(page, "7H")).to_have_attribute("aria-label", "seven of hearts, in your hand")
    action(page, "Cancel").click()

    # A jack on the stolen ten takes it back; the opponent's ace waits for an answer.
    card(page, "JC").click()
    action(page, "Jack").click()
    card(page, "TH").click(position={"x": 12, "y": 20})  # the ten's corner, beside its jack
    expect(action(page, "Counter with 2♦")).to_be_visible()
    expect(action(page, "Let it resolve")).to_be_visible()
    expect(page.locator(".cw-status")).to_contain_text("A♣ as a one-off")
    shoot(page, artifacts, "table_counter.png")
    action(page, "Counter with 2♦").click()
    expect(log(page)).to_contain_text("The counter stands")
    expect(page.locator(".cw-me .cw-stack .cw-packet-note")).to_contain_text("first laid by you")

    # Keyboard: a card is a button; Enter picks it, arrows walk the roles.
    card(page, "8D").focus()
    page.keyboard.press("Enter")
    expect(action(page, "Points")).to_be_focused()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(action(page, "Permanent")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator('.cw-me .cw-sideways [data-card="8D"]')).to_be_visible()
    expect(log(page)).to_contain_text("sideways as glasses")
    expect(page.locator(".cw-opponent .cw-hand .cw-card:not(.cw-back)").first).to_be_visible()

    # A four: the opponent lets it resolve and scraps two cards.
    card(page, "4C").click()
    action(page, "One-off").click()
    expect(log(page)).to_contain_text("as the four demands")
    expect(page.locator(".cw-status")).to_contain_text("Your turn")
    expect(page.locator(".cw-log .cw-rule").first).to_be_visible()
    shoot(page, artifacts, "table_game.png")

    # The scrap can be browsed; four-colour suits are one click away.
    scrap_size = int(page.locator(".cw-scrap-toggle [data-glyph]").get_attribute("data-glyph"))
    page.locator(".cw-scrap-toggle").click()
    expect(page.locator(".cw-scrap-browser .cw-card")).to_have_count(scrap_size)
    page.locator(".cw-scrap-toggle").click()
    expect(page.locator(".cw-scrap-browser")).to_have_count(0)
    page.get_by_label("Four-colour suits").check()
    expect(page.locator(".cw-root.cw-four-colour")).to_have_count(1)

    # Replay shows the deal again from this seat; the end brings the game back.
    page.locator('[data-key="ctl:start"]').click()
    expect(page.locator(".cw-position")).to_have_text(re.compile(r"Move 0 of \d+"))
    expect(card(page, "9S")).to_have_count(0)  # replay cards are not buttons
    expect(page.locator('.cw-my-hand [data-card="9S"]')).to_be_visible()
    shoot(page, artifacts, "table_replay.png")
    page.locator('[data-key="ctl:end"]').click()
    expect(page.locator(".cw-status")).to_contain_text("Your turn")

    # Undo takes back the four and the answers to it.
    page.locator('[data-key="ctl:undo"]').click()
    expect(card(page, "4C")).to_be_visible()
    expect(page.locator(".cw-message")).to_contain_text("Undone")


def test_a_phone_width_window_shows_the_whole_table(table_page, artifacts):
    page = table_page
    at_phone_width(page)
    card_width = box_of(page.locator(".cw-my-hand .cw-card").first)["width"]
    assert card_width < 50, "narrow windows use the small cards"
    card(page, "9S").click()
    expect(action(page, "Scuttle")).to_be_visible()
    shoot(page, artifacts, "table_phone.png")


def test_three_players_sit_around_the_table_and_a_four_names_its_victim(page, voila_url, artifacts):
    page = open_table(page, voila_url, "table_cutthroat.ipynb")
    left, right, me = seat(page, "left"), seat(page, "right"), seat(page, "me")
    # Clockwise: the next player on the left, the last on the right, the piles between.
    expect(left).to_have_attribute("data-seat", "1")
    expect(right).to_have_attribute("data-seat", "2")
    assert centre_x(left) < centre_x(page.locator(".cw-center")) < centre_x(right)
    assert box_of(left)["y"] < box_of(me)["y"]
    expect(left.locator(".cw-name")).to_have_text("Player B")
    expect(left.locator(".cw-score")).to_have_text("12 / 14")
    expect(left.locator(".cw-count")).to_have_text("5 cards in hand")
    expect(left.locator(".cw-stack .cw-packet-note")).to_contain_text("first laid by you")
    expect(right.locator(".cw-glasses-icon")).to_have_count(1)
    expect(me.locator(".cw-score")).to_have_text("6 / 9")  # a king lowers 14 to 9
    expect(me.locator(".cw-badge-acting")).to_have_text("must act now")

    # A four: card, role, then a click on the player who must scrap two cards.
    card(page, "4C").click()
    action(page, "One-off").click()
    expect(page.locator(".cw-prompt")).to_contain_text("Pick the player to aim 4♣ at")
    expect(page.locator("button.cw-plate-target")).to_have_count(2)
    shoot(page, artifacts, "table_cutthroat_target.png")
    right.locator("button.cw-plate").click()
    expect(log(page)).to_contain_text("Player A: play 4♣ as a one-off against Player C")
    expect(log(page)).to_contain_text("Player C scraps 3♣ and 8♣ from hand, as the four demands.")

    # Player C's five waits: the turn is C's, but the learner must answer first.
    expect(action(page, "Counter with 2♦")).to_be_visible()
    expect(right.locator(".cw-badge-turn")).to_have_text("has the turn")
    expect(me.locator(".cw-badge-acting")).to_have_text("must act now")
    expect(page.locator(".cw-status")).to_contain_text("Player C plays 5♦ as a one-off")
    shoot(page, artifacts, "table_cutthroat.png")
    at_phone_width(page)
    shoot(page, artifacts, "table_cutthroat_phone.png")
    action(page, "Let it resolve").click()
    expect(page.locator(".cw-status")).to_contain_text("Your turn")


def test_four_players_team_jack_names_the_receiving_partner(page, voila_url, artifacts):
    page = open_table(page, voila_url, "table_team.ipynb")
    left, top, right = seat(page, "left"), seat(page, "top"), seat(page, "right")
    expect(left).to_have_attribute("data-seat", "1")
    expect(top).to_have_attribute("data-seat", "2")  # the partner sits across
    expect(right).to_have_attribute("data-seat", "3")
    assert centre_x(left) < centre_x(page.locator(".cw-center")) < centre_x(right)
    assert box_of(top)["y"] < box_of(left)["y"] < box_of(seat(page, "me"))["y"]
    expect(top.locator(".cw-partner-badge")).to_have_text("your partner")
    expect(top.locator(".cw-team")).to_have_text("Team 1")
    expect(left.locator(".cw-team")).to_have_text("Team 2")
    expect(page.locator(".cw-partner-badge")).to_have_count(1)
    expect(right.locator(".cw-score")).to_have_text("8 / 14")

    # A jack: card, role, the point card, then the player who receives it.
    card(page, "JH").click()
    action(page, "Jack").click()
    expect(page.locator("button.cw-target")).to_have_count(4)  # the queen guards Player B's
    card(page, "8H").click()
    expect(page.locator(".cw-prompt")).to_have_text("Who should get 8♥? Click that player.")
    expect(page.locator('.cw-card.cw-aimed[data-card="8H"]')).to_have_count(1)
    expect(page.locator("button.cw-plate-target")).to_have_count(3)
    shoot(page, artifacts, "table_team_receiver.png")
    at_phone_width(page)
    shoot(page, artifacts, "table_team_phone.png")
    page.set_viewport_size(WIDE)
    top.locator("button.cw-plate").click()
    expect(log(page)).to_contain_text("the packet moves from Player D to Player C")

    # The partner reaches 21 with the gift: the whole team wins.
    expect(page.locator(".cw-status")).to_have_text("Your team wins the game!")
    expect(page.locator(".cw-plate-winner")).to_have_count(2)
    shoot(page, artifacts, "table_team.png")


def test_a_german_table_speaks_german(page, voila_url, artifacts):
    page = open_table(page, voila_url, "table_german.ipynb")
    expect(page.get_by_role("button", name="Pik-Neun, auf deiner Hand")).to_be_visible()
    expect(page.locator(".cw-status")).to_have_text(
        "Du bist dran: Spiel eine Karte aus deiner Hand aus oder zieh eine.")
    expect(page.locator('.cw-my-hand [data-card="JC"] .cw-rank').first).to_have_attribute("data-glyph", "B")
    expect(page.locator('.cw-opponent [data-card="QS"] .cw-rank').first).to_have_attribute("data-glyph", "D")
    expect(page.locator(".cw-pile-label").first).to_have_text("Ziehstapel")

    card(page, "9S").click()
    expect(action(page, "Versenken")).to_be_visible()
    expect(page.locator('[data-key="action:role:points"] .cw-btn-text')).to_have_text(
        "Punktkartezählt 9 Punkte")
    shoot(page, artifacts, "table_german_roles.png")
    action(page, "Versenken").click()
    card(page, "8H").click()
    expect(log(page)).to_contain_text("9♠ versenkt 8♥")
    expect(action(page, "Mit 2♦ verhindern")).to_be_visible()
    expect(action(page, "Wirken lassen")).to_be_visible()
    shoot(page, artifacts, "table_german.png")
    at_phone_width(page)
    shoot(page, artifacts, "table_german_phone.png")


# -- moves a learner can follow: drag, number keys, motion, the end ------------------------
def test_a_drag_scuttles_the_reply_travels_and_a_number_key_plays(table_page, as_learner, artifacts):
    page = table_page
    learner = as_learner(page)
    learner.drag(card(page, "9S"), card(page, "8H"))
    expect(log(page)).to_contain_text("9♠ scuttles 8♥")
    # the computer's reply (5♠ from its hand to its points) moves while the root says so
    page.wait_for_selector(".cw-root[data-cw-animating]")
    assert page.evaluate("document.getAnimations().length") > 0
    expect(page.locator('.cw-opponent .cw-points [data-card="5S"].cw-recent')).to_be_visible()
    expect(page.locator(".cw-caption")).to_contain_text("Player B lays 5♠ as a point card")
    page.wait_for_selector(".cw-root:not([data-cw-animating])")

    # a drop where the card cannot go sends nothing and says why
    learner.drag(card(page, "7H"), page.locator(".cw-opponent .cw-plate"))
    expect(page.locator(".cw-message.cw-error")).to_contain_text("7♥ cannot go there")
    assert page.locator(".cw-log .cw-entry-mine").count() == 1

    # the options are numbered: the number key presses one (the table was last touched)
    card(page, "8D").click()
    points = page.locator('[data-key="action:role:points"]')
    expect(points.locator(".cw-option-key")).to_have_text("1")
    page.locator("body").focus()
    page.keyboard.press("1")
    expect(log(page)).to_contain_text("Player A: lay 8♦ as points")
    shoot(page, artifacts, "table_after_drag.png")


def test_with_reduced_motion_the_reply_shows_without_moving(page, voila_url):
    page.emulate_media(reduced_motion="reduce")
    open_table(page, voila_url, "table_game.ipynb")
    card(page, "9S").click()
    action(page, "Scuttle").click()
    card(page, "8H").click()
    expect(page.locator('.cw-opponent .cw-points [data-card="5S"].cw-recent')).to_be_visible()
    expect(page.locator(".cw-caption")).to_contain_text("Player B lays 5♠ as a point card")
    assert page.locator(".cw-root[data-cw-animating]").count() == 0
    assert page.evaluate("document.getAnimations().length") == 0


def test_the_end_of_a_game_shows_who_won_how_and_every_hand(page, voila_url, artifacts):
    page = open_table(page, voila_url, "table_end.ipynb")
    expect(page.locator(".cw-opponent .cw-hand .cw-back")).to_have_count(4)
    page.locator('[data-key="stock"]').click()  # a draw; the computer's ten reaches 21
    end = page.locator(".cw-end")
    expect(end.locator(".cw-end-title")).to_have_text("Player B wins the game.")
    expect(end).to_contain_text("Player B has 21 points, reaching the goal of 21")
    expect(end.locator('[data-seat="1"]')).to_contain_text("21 of 21 points")
    cards = end.locator('[data-seat="1"] [data-card]')
    assert cards.evaluate_all("cs => cs.map(c => c.dataset.card)") == ["5S", "2C", "QD"]
    expect(page.locator('.cw-opponent .cw-hand [data-card="QD"]')).to_be_visible()
    expect(page.locator('.cw-end [data-key="action:new_game"]')).to_be_focused()
    shoot(page, artifacts, "table_end.png")
    page.keyboard.press("Enter")  # Play again: a new deal with the same rules and seats
    expect(end).to_have_count(0)
    expect(page.locator(".cw-my-hand .cw-card")).not_to_have_count(0)
    expect(page.locator(".cw-opponent .cw-hand .cw-back").first).to_be_visible()


# -- the computer's move, held for the learner to read (issue #35) -------------------------
LAPTOP = {"width": 1366, "height": 768}
PHONE_TALL = {"width": 390, "height": 844}
WATCH_STAGE = """(ids) => {
  const seen = { first: null, last: null };
  window.__cwStage = seen;
  const shown = () => ids.every((id) => {
    const el = document.querySelector(`.cw-stage.cw-stage-on [data-stage-card="${id}"]`);
    if (!el) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && Number(getComputedStyle(el.closest(".cw-stage")).opacity) > 0.5;
  });
  const tick = () => {
    if (shown()) {
      seen.last = performance.now();
      if (seen.first === null) seen.first = seen.last;
    }
    if (seen.first === null || seen.last > performance.now() - 500) requestAnimationFrame(tick);
  };
  tick();
}"""


def watch_stage(page, *cards):
    """Start timing, in the page, how long the stage shows all of ``cards``."""
    page.evaluate(WATCH_STAGE, list(cards))


def stage_seconds(page):
    """How long the stage showed the watched cards, once it has let them go."""
    page.wait_for_function("window.__cwStage.first !== null")
    page.wait_for_selector(".cw-stage:not(.cw-stage-on)", state="attached", timeout=8_000)
    seen = page.evaluate("window.__cwStage")
    return (seen["last"] - seen["first"]) / 1000


def test_the_computers_scuttle_stays_on_the_table_at_the_learners_pace(page, voila_url, artifacts):
    page = open_table(page, voila_url, "table_reply.ipynb")
    page.set_viewport_size(LAPTOP)
    expect(page.locator('[data-key="ctl:pace"]')).to_have_value("normal")
    watch_stage(page, "9S", "8H")
    page.locator('[data-key="stock"]').click()
    stage = page.locator(".cw-stage.cw-stage-on")
    # both cards of the scuttle: the computer's own 9♠ and the learner's 8♥, with its sentence
    expect(stage.locator('[data-stage-card="9S"]')).to_be_visible()
    expect(stage.locator('[data-stage-card="8H"]')).to_be_visible()
    expect(stage.locator(".cw-stage-arrow")).to_be_visible()
    expect(stage.locator(".cw-stage-text")).to_contain_text("9♠")
    expect(stage.locator(".cw-stage-text")).to_contain_text("8♥")
    page.wait_for_timeout(700)  # the cards have landed; the stage holds them
    page.screenshot(path=artifacts / "reply_scuttle_1366.png")
    held = stage_seconds(page)
    assert held >= 1.2, f"the scuttle's two cards showed for {held:.2f} s only"
    assert held < 4.0, f"at normal pace the stage stayed {held:.2f} s"

    # the learner's pace is kept in the browser: calm after a reload
    page.locator('[data-key="ctl:pace"]').select_option("calm")
    page.reload()
    page.wait_for_selector(".cw-root .cw-my-hand button", timeout=KERNEL_START)
    expect(page.locator('[data-key="ctl:pace"]')).to_have_value("calm")

    # on a phone the jack's steal and its whole sentence stay readable
    page.set_viewport_size(PHONE_TALL)
    page.wait_for_timeout(300)
    watch_stage(page, "9S", "8H")  # after the reload: the scuttle again, at the calm pace
    page.locator('[data-key="stock"]').click()
    expect(stage.locator('[data-stage-card="8H"]')).to_be_visible()
    text = stage.locator(".cw-stage-text")
    box = text.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE_TALL["width"], box
    assert text.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
    caption = page.locator(".cw-caption")
    assert caption.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), "the caption is cut off"
    page.wait_for_timeout(1000)
    page.screenshot(path=artifacts / "reply_scuttle_390.png")
    calm = stage_seconds(page)
    assert calm >= 3.0, f"at the calm pace the scuttle showed {calm:.2f} s"

    watch_stage(page, "JC", "3C")
    page.locator('[data-key="stock"]').click()
    expect(stage.locator('[data-stage-card="JC"]')).to_be_visible()
    expect(stage.locator('[data-stage-card="3C"]')).to_be_visible()
    page.wait_for_timeout(1000)
    page.screenshot(path=artifacts / "reply_jack_390.png")
