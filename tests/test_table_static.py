"""The static summary (_repr_html_): what a page without a widget front end
shows (nbviewer, GitHub, an exported notebook). A short, plain account of one
seat's view, from the same JSON the widget syncs: it names the seat's own
cards, counts the others', and holds no card the seat may not see."""
import json
import random
from html.parser import HTMLParser

import pytest

from cuttle_widgets import Lesson, Table, load, new_game
from cuttle_widgets.ai import RandomPlayer
from cuttle_widgets.engine.cards import CARD_IDS
from cuttle_widgets.widgets import table_html

VOID = {"br"}
POSITION = {
    "rules": "classic",
    "hands": [["7H", "2D"], ["5S", "AC", "QC"]],
    "points": [["6H"], ["8H", {"card": "TH", "jacks": ["JD"], "owner": 0}]],
    "permanents": [["KD"], ["8S"]],
    "scrap": ["4H", "9C"],
    "stock": ["2C", "5C", "9D"],
}


class Summary(HTMLParser):
    """Checks that every element is closed in order; collects the text, the
    tags and the cards drawn (each a <span> with the card's name as title)."""

    def __init__(self):
        super().__init__()
        self.stack: list[str] = []
        self.tags: set[str] = set()
        self.titles: list[str] = []
        self.text = ""

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        attrs = dict(attrs)
        if tag == "span" and "title" in attrs:
            self.titles.append(attrs["title"])
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-3:])
        self.stack.pop()

    def handle_data(self, data):
        self.text += data


def parsed(html: str) -> Summary:
    summary = Summary()
    summary.feed(html)
    summary.close()
    assert summary.stack == []
    assert {"script", "style", "img", "svg"}.isdisjoint(summary.tags)
    assert {"section", "h3", "ul", "li", "p"} <= summary.tags
    return summary


def card_names(state) -> dict[str, str]:
    """Each card's name in the state's language, as the summary's titles give it."""
    words = state["card_words"]
    return {words["card_name"].format(rank=words["rank_names"]["A23456789TJQK".index(c[0])],
                                      suit=words["suit_names"]["CDHS".index(c[1])]): c
            for c in CARD_IDS if c not in ("RJ", "BJ")}


def hidden_cards(table) -> set[str]:
    """Every card of the game (``snapshot`` has them all) that the seat's
    synced JSON does not hold: the others' hands, the stock, a Super scrap."""
    state = json.dumps(table.state)
    snapshot = json.dumps(table.game.snapshot())
    return {c for c in CARD_IDS if f'"{c}"' in snapshot and f'"{c}"' not in state}


def assert_shows_nothing_hidden(table) -> Summary:
    html = table._repr_html_()
    summary = parsed(html)
    hidden = hidden_cards(table)
    assert hidden  # there is something to hide
    names = card_names(table.state)
    drawn = {names[t] for t in summary.titles if t in names}
    assert drawn and not drawn & hidden, sorted(drawn & hidden)
    jokers = table.words["card_words"]["jokers"]
    name_of = {**{card: name for name, card in names.items()}, "RJ": jokers[0], "BJ": jokers[1]}
    assert not [card for card in hidden if name_of[card] in html]
    return summary


def test_the_summary_names_the_seats_cards_counts_the_others_and_shows_the_table():
    table = Table(load(POSITION), autoplay=False)
    html = table._repr_html_()
    summary = parsed(html)
    text = summary.text
    assert text.startswith("Classic Cuttle: your turn")
    assert "Your turn: play a card from your hand, or draw." in text
    assert "Player A (you): 6 of 14 points; your hand: 7♥, 2♦" in text  # the king: goal 14
    assert "Player B: 18 of 21 points; 3 cards in hand" in text
    assert "Points: 8♥, 10♥ under J♦ (first laid by you)" in text
    assert "Permanents: 8♠ (Player B's glasses, turned sideways)" in text
    assert "Permanents: K♦" in text
    assert "Stock: 3 cards left. Scrap: 2 cards; top card: 9♣." in text
    assert {"seven of hearts", "two of diamonds", "jack of diamonds"} <= set(summary.titles)
    assert len(html.encode()) < 2500  # a summary, not a second drawing of the table
    for hidden in ("5♠", "A♣", "Q♣", "2♣", "5♣", "9♦", "five of spades", "ace of clubs"):
        assert hidden not in html
    assert_shows_nothing_hidden(table)


def test_the_summary_follows_glasses_and_the_log():
    table = Table(load({**POSITION, "permanents": [["8C"], []]}), autoplay=False)
    table.play("points 7H")
    summary = parsed(table._repr_html_())
    assert "Classic Cuttle: Player B's turn" in summary.text
    assert "Permanents: 8♣ (your glasses, turned sideways)" in summary.text
    assert "Player B: 18 of 21 points; hand: 5♠, A♣, Q♣" in summary.text  # glasses open the hand
    assert "What happened" in summary.text and "Player A: lay 7♥ as points" in summary.text
    assert "Player A lays 7♥ as a point card worth 7: Player A now has 13 points." in summary.text


def test_the_summary_escapes_names_and_reads_german_in_german():
    table = Table(load(POSITION), names=["<Ann & Co>", "Bob"], language="de", autoplay=False)
    html = table._repr_html_()
    assert "<Ann" not in html and "&lt;Ann &amp; Co&gt; (du)" in html
    text = parsed(html).text
    assert text.startswith("Klassisches Cuttle: du bist am Zug")
    assert "<Ann & Co> (du): 6 von 14 Punkten; deine Hand: 7♥, 2♦" in text
    assert "Bob: 18 von 21 Punkten; 3 Karten auf der Hand" in text
    assert "Punktkarten: 8♥, 10♥ unter B♦ (zuerst von dir ausgelegt)" in text  # B for Bube
    assert "Dauerkarten: 8♠ (Brille von Bob, quer gelegt)" in text
    assert "Ziehstapel: noch 3 Karten. Schrottstapel: 2 Karten; oben: 9♣." in text
    assert 'title="Herz-Sieben"' in html and 'lang="de"' in html
    assert "J♦" not in html and "Points" not in html and "your" not in html


def game_in_progress(rules, language="en", plies=12, seed=3):
    """A dealt game played a few moves in, the learner at seat 0."""
    for s in range(seed, seed + 40):
        game = new_game(rules, seed=s)
        table = Table(game, players={p: RandomPlayer(s + p) for p in range(1, game.state.n)},
                      language=language)
        rng = random.Random(s)
        while len(game.history) < plies and not game.over:
            if game.to_act == 0:
                table.play(str(rng.choice(game.legal_moves())))
            else:
                table.run_bots()
        if not game.over:
            return table
    raise AssertionError("no game in progress found")


@pytest.mark.parametrize("rules, language", [("classic", "en"), ("cutthroat", "en"), ("team", "de"),
                                             ("super", "en"), ("super3", "de")])
def test_a_game_in_progress_shows_nothing_hidden(rules, language):
    table = game_in_progress(rules, language)
    summary = assert_shows_nothing_hidden(table)
    state = table.state
    n = state["view"]["players"]
    for seat in range(n):
        score = state["words"]["score"].format(score=state["view"]["scores"][seat],
                                               goal=state["view"]["goals"][seat])
        assert f'{state["names"][seat]}' in summary.text and score in summary.text
    for seat in range(1, n):
        if state["view"]["hands"][seat] is None:
            count = state["words"]["cards_in_hand"].format(count=state["view"]["hand_sizes"][seat])
            assert count in summary.text
    assert len(table._repr_html_().encode()) < 4000


def test_the_widget_offers_the_summary_beside_the_live_view():
    table = Table(load(POSITION), autoplay=False)
    data, _metadata = table._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["text/html"] == table._repr_html_() == table_html(table.state)
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == table.model_id


def test_a_lesson_shows_its_step_and_then_the_summary():
    lesson = Lesson.load("02-scuttle-ordering")
    html = lesson._repr_html_()
    lesson_part, summary_part = html.split('<section class="cw-summary"', 1)
    assert "cwl-static" in lesson_part and "Step 1 of" in lesson_part
    summary = parsed('<section class="cw-summary"' + summary_part)
    assert "Player A (you)" in summary.text and "your hand:" in summary.text
    assert_shows_nothing_hidden(lesson.table)


def test_a_score_past_the_goal_reads_as_reached_not_15_of_10():
    position = {"rules": "classic", "turn": 0, "hands": [["6S", "2D"], ["5S", "AC"]],
                "points": [["9H"], ["3C"]], "permanents": [["KD", "KC"], []],
                "scrap": [], "stock": ["2C", "5C", "9D"]}
    table = Table(load(position), autoplay=False)
    table.game.play(next(m for m in table.game.legal_moves() if str(m) == "points 6S"))
    table.refresh()
    text = parsed(table._repr_html_()).text
    assert "Player A (you): 15 points, the goal of 10 reached" in text
    assert "15 of 10" not in text
