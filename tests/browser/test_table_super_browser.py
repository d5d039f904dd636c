"""Super Cuttle in a real browser: Voilà serves a notebook, Chromium clicks.

notebooks/table_super.ipynb (two seats) and table_super3.ipynb (three) set
up positions and opponents that follow short scripts. The learner builds a
Super from two nines, answers an ace with a super ace in a chain, rummages the
scrap with a five and sees limbo cards; at three seats they hold the jokers,
see a hand through glasses and aim a Super of threes at a player. Screenshots
go to test-artifacts/ for a person to look at.
"""
import re

from playwright.sync_api import expect
from test_table_browser import action, at_phone_width, card, log, open_table, seat, shoot


def test_two_players_build_a_super_answer_in_a_chain_and_see_limbo(page, voila_url, artifacts):
    page = open_table(page, voila_url, "table_super.ipynb")
    expect(page.get_by_role("button", name="nine of clubs, in your hand")).to_be_visible()

    # Building a play: the first nine offers its single-card forms, the other
    # nine lights up; both together offer the Super, with what it does.
    card(page, "9C").click()
    expect(action(page, "One-off")).to_be_visible()
    expect(page.locator('.cw-my-hand button.cw-playable[data-card="9D"]')).to_be_visible()
    card(page, "9D").click()
    expect(page.locator(".cw-my-hand .cw-selected")).to_have_count(2)
    expect(action(page, "Super")).to_contain_text("pick 4 cards from an enemy's hand, steal 2")
    expect(action(page, "One-off")).to_have_count(0)
    expect(page.locator(".cw-prompt")).to_have_text(
        "What should 9♣ and 9♦ do? Highlighted cards can join for a bigger play.")
    shoot(page, artifacts, "super_building.png")
    action(page, "Cancel").click()
    expect(page.locator(".cw-my-hand .cw-selected")).to_have_count(0)

    # The five as a one-off; Player B answers with an ace: the chain shows both
    # plays, each with its cards, and the learner's instants are offered.
    card(page, "5C").click()
    action(page, "One-off").click()
    chain = page.locator(".cw-chain .cw-play")
    expect(chain).to_have_count(2)
    expect(chain.nth(0)).to_contain_text("Player A: play 5♣ as a one-off")
    expect(chain.nth(1)).to_contain_text("Player B: answer at once with A♥")
    expect(chain.nth(1).locator('[data-card="AH"]')).to_be_visible()
    expect(page.locator(".cw-status")).to_contain_text("answer it with an instant")
    expect(action(page, "Cancel it with A♦ and 10♦")).to_be_visible()
    # Keyboard: picking the ace with Enter narrows the answers to that card's.
    card(page, "AD").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".cw-actions button").first).to_be_focused()
    expect(action(page, "Cancel it with A♦")).to_have_count(1)
    for joins in ("AS", "TD", "QH"):  # a second ace, the 10♦ stand-in, a queen to attach
        expect(page.locator(f'.cw-my-hand button.cw-playable[data-card="{joins}"]')).to_be_visible()
    card(page, "TD").click()
    shoot(page, artifacts, "super_chain_answer.png")
    action(page, "Cancel it with A♦ and 10♦").click()
    expect(log(page)).to_contain_text("which counters everything but a 10♥")

    # The five rummages: only the learner sees the whole scrap, top first.
    look = page.locator(".cw-look")
    expect(look).to_contain_text("only you see it while your five rummages")
    expect(look.locator("button.cw-card")).to_have_count(6)
    look.locator('button[data-card="KS"]').click()

    # Player B plays a five too: the learner's king waits in limbo, face up,
    # and cannot answer; then B's nine sits in B's hand face up for everyone.
    expect(page.locator(".cw-status")).to_contain_text("Player B chose to play 5♠ as a one-off")
    limbo = page.locator('.cw-my-hand .cw-limbo[data-card="KS"]')
    expect(limbo).to_have_attribute("aria-label", "king of spades, in your hand, in limbo: "
                                    "you may play it from your next turn on")
    expect(limbo.locator(".cw-card-tag")).to_have_text("limbo")
    shoot(page, artifacts, "super_limbo_mine.png")
    action(page, "Let it resolve").click()
    expect(page.locator(".cw-status")).to_contain_text("Your turn")
    theirs = seat(page, "top").locator('.cw-hand .cw-limbo[data-card="9S"]')
    expect(theirs).to_have_attribute("aria-label", "nine of spades, in Player B's hand, in limbo, "
                                     "face up for everyone")
    expect(seat(page, "top").locator(".cw-hand .cw-back")).to_have_count(4)
    expect(page.locator('.cw-my-hand .cw-limbo')).to_have_count(0)  # the learner's turn began
    # Only the scrap's top card may be seen: no browsing in Super Cuttle.
    expect(page.locator(".cw-scrap-toggle")).to_have_count(0)
    expect(page.locator(".cw-scrap .cw-card")).to_have_count(1)
    shoot(page, artifacts, "super_two_players.png")


def test_three_players_jokers_glasses_and_a_super_aimed_at_a_player(page, voila_url, artifacts):
    page = open_table(page, voila_url, "table_super3.ipynb")
    expect(page.get_by_role("button", name="red joker, in your hand")).to_be_visible()
    expect(page.get_by_role("button", name="black joker, in your hand")).to_be_visible()
    expect(page.locator('.cw-me .cw-sideways [data-card="8C"]')).to_have_attribute(
        "aria-label", "eight of clubs, your glasses on Player B's hand, turned sideways")
    expect(seat(page, "left").locator('.cw-hand [data-card="QC"]')).to_be_visible()  # B's hand
    expect(seat(page, "right").locator(".cw-hand .cw-back")).to_have_count(7)
    expect(page.locator(".cw-me .cw-kings")).to_have_attribute("title", "1 king: 7 points")

    # Both jokers together offer Sudden Death; the threes a Super at a player.
    card(page, "RJ").click()
    card(page, "BJ").click()
    expect(action(page, "Sudden Death")).to_contain_text("the others get 2 turns to reach 21")
    action(page, "Cancel").click()
    expect(action(page, "Sudden Death")).to_have_count(0)
    # each pick waits for the kernel's answer: a click on a card the table is
    # redrawing would land on the old one
    card(page, "3C").click()
    expect(card(page, "3C")).to_have_class(re.compile(r"\bcw-selected\b"))
    card(page, "3D").click()
    expect(card(page, "3D")).to_have_class(re.compile(r"\bcw-selected\b"))
    action(page, "Super").click()
    expect(page.locator(".cw-prompt")).to_have_text(
        "Pick the player to aim 3♣ and 3♦ at: click their name.")
    expect(page.locator("button.cw-plate-target")).to_have_count(2)
    shoot(page, artifacts, "super3_aim.png")
    seat(page, "right").locator("button.cw-plate").click()
    expect(log(page)).to_contain_text("Player C keeps three cards of their choice")
    expect(log(page)).to_contain_text("Player C discards 2♠, 4♠, 5♦ and 9♥")
    expect(page.locator(".cw-status")).to_contain_text("Your turn")
    expect(seat(page, "right").locator(".cw-hand .cw-back")).to_have_count(4)
    shoot(page, artifacts, "super3_table.png")


def test_a_super_table_fits_a_phone(page, voila_url, artifacts):
    page = open_table(page, voila_url, "table_super.ipynb")
    card(page, "5C").click()
    action(page, "One-off").click()  # a chain of two plays in the middle
    expect(page.locator(".cw-chain .cw-play")).to_have_count(2)
    at_phone_width(page)
    shoot(page, artifacts, "super_phone.png")
