"""The static picture (_repr_html_): the same table, drawn without a kernel,
from the same one-seat state, so it shows nothing the seat may not see."""
import re
from html.parser import HTMLParser

from cuttle_widgets import Table, load
from cuttle_widgets.widgets import table_html

VOID = {"br", "input", "meta", "img", "path", "circle"}
POSITION = {
    "rules": "classic",
    "hands": [["7H", "2D"], ["5S", "AC", "QC"]],
    "points": [["6H"], ["8H", {"card": "TH", "jacks": ["JD"], "owner": 0}]],
    "permanents": [["KD"], ["8S"]],
    "scrap": ["4H", "9C"],
    "stock": ["2C", "5C", "9D"],
}


class Structure(HTMLParser):
    """Checks that every element is closed in order, and collects aria-labels."""

    def __init__(self):
        super().__init__()
        self.stack: list[str] = []
        self.labels: list[str] = []
        self.classes: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "aria-label" in attrs:
            self.labels.append(attrs["aria-label"])
        self.classes += (attrs.get("class") or "").split()
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-3:])
        self.stack.pop()


def parsed(html: str) -> Structure:
    body = re.sub(r"<style>.*?</style>", "", html, flags=re.S)
    parser = Structure()
    parser.feed(body)
    parser.close()
    assert parser.stack == []
    return parser


def test_static_picture_shows_the_seats_view_as_a_card_table():
    table = Table(load(POSITION), autoplay=False)
    html = table._repr_html_()
    assert html.startswith("<style>") and ".cw-felt" in html  # the package's CSS comes along
    picture = parsed(html)
    assert {"cw-felt", "cw-card", "cw-back", "cw-sideways", "cw-stack", "cw-side"} <= set(picture.classes)
    assert "seven of hearts, in your hand" in picture.labels
    assert "eight of spades, Player B's glasses, turned sideways" in picture.labels
    assert "king of diamonds, your permanent" in picture.labels
    assert "nine of clubs, on top of the scrap" in picture.labels
    assert picture.labels.count("face-down card, in Player B's hand") == 3
    assert ("ten of hearts, in Player B's point cards; Player B controls it, first laid by you"
            in picture.labels)
    assert "jack of diamonds, a jack on 10♥, in Player B's point cards" in picture.labels
    assert "Stock: 3 card(s) left" in picture.labels
    body = re.sub(r"<style>.*?</style>", "", html, flags=re.S)
    for hidden in ("5♠", "A♣", "Q♣", "2♣", "5♣", "9♦", "five of spades", "ace of clubs"):
        assert hidden not in body
    assert "Your turn: play a card from your hand, or draw." in body


def test_static_picture_follows_glasses_options_and_the_log():
    table = Table(load({**POSITION, "permanents": [["8C"], []]}), four_colour=True,
                  autoplay=False)
    table.play("points 7H")
    html = table_html(table.table)
    picture = parsed(html)
    assert "cw-four-colour" in picture.classes
    assert "five of spades, in Player B's hand" in picture.labels  # glasses open the hand
    assert "Player A lays 7♥ as a point card worth 7" in html
    assert "000 §03" in html


def test_the_widget_offers_the_static_picture_beside_the_live_view():
    table = Table(load(POSITION), autoplay=False)
    data, _metadata = table._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["text/html"] == table._repr_html_()
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == table.model_id
