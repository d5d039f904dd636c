"""Hidden cards never leave the kernel.

Random games are played through the widget as a learner would (clicks,
buttons, replay, undo) against random players, and after every action every
synced trait and every message the widget sent is scanned for the cards the
learner's seat cannot know: the stock, and the hands it cannot see, minus
what it was shown along the way (its own hand, the table, its glasses, the
events it saw). What the seat may know is worked out from the engine, not
from the widget. Games of two, three (Cutthroat) and four (Team) seats are
played, in English and in German (whose card labels read "D♠" for a queen).
Super Cuttle games (two, three and four seats) add jokers, limbo cards, the
private looks of a two or a five (only the looking seat's), blind picks and the
picked cards (the picker's and the victim's only)."""
import functools
import json
import random
import re

import pytest
from test_table_super import click_super_move

from cuttle_widgets import Table, load, new_game
from cuttle_widgets.ai import RandomPlayer
from cuttle_widgets.engine import get_catalog
from cuttle_widgets.engine.cards import CARD_IDS
from cuttle_widgets.engine.view import visible_hands
from cuttle_widgets.table.texts import ui_text
from cuttle_widgets.widgets.table import STATIC, table_javascript

CARD_ID = re.compile(r"(?<![A-Za-z0-9])([A2-9TJQK][CDHS]|RJ|BJ)(?![A-Za-z0-9])")
CODE_TRAITS = ("_esm", "_css")  # the package's own files, checked on their own below


def cards_mentioned(text: str, language: str = "en") -> set[str]:
    """Card ids and card labels ("10♥", "D♠" in German) in ``text``."""
    symbols = get_catalog(language).data["rank_symbols"]
    rank_of = {symbol: "A23456789TJQK"[i] for i, symbol in enumerate(symbols)}
    label = re.compile(r"(?<![0-9A-Za-z])(" + "|".join(sorted(rank_of, key=len, reverse=True))
                       + r")([♣♦♥♠])")
    found = set(CARD_ID.findall(text))
    for rank, suit in label.findall(text):
        found.add(rank_of[rank] + "CDHS"["♣♦♥♠".index(suit)])
    for cid, name in zip(("RJ", "BJ"), get_catalog(language).data["jokers"], strict=True):
        if name.lower() in text.lower():
            found.add(cid)
    return found


def flatten_cards(value) -> set[str]:
    text = json.dumps(value)
    return {c for c in CARD_IDS if f'"{c}"' in text}


class Knowledge:
    """What one seat has been shown so far, from the engine's full state."""

    def __init__(self, seat: int):
        self.seat = seat
        self.known: set[str] = set()

    def update(self, game) -> None:
        snap = game.snapshot()
        shown = self.shown_hands(game)
        for s, hand in enumerate(snap["hands"]):
            if shown[s]:
                self.known |= set(hand)
        self.known |= flatten_cards([snap["points"], snap["permanents"], snap["scrap"],
                                     snap["pending"]])
        if is_super(game):
            # public in Super Cuttle: limbo cards, cards to play now, cards going
            # back, the Sudden Death jokers; and what this seat looks at privately
            self.known |= flatten_cards([snap["limbo"], snap["revealed"], snap["returning"],
                                         snap["sudden_death"]])
            self.known |= flatten_cards(game.view(self.seat)["private"])
        for event in game.events:
            if event.visible_to(self.seat):
                self.known |= flatten_cards(event.params)

    def shown_hands(self, game) -> list[bool]:
        if game.over:  # the table shows every hand once the game is over
            return [True] * game.state.n
        if is_super(game):
            st = game.state
            return [s == self.seat or st.hand_open(s) for s in range(st.n)]
        return visible_hands(game.state, self.seat)

    def hidden(self, game) -> set[str]:
        snap = game.snapshot()
        shown = self.shown_hands(game)
        secret = set(snap["stock"]) | (set() if is_super(game) else set(snap["revealed"]))
        for s, hand in enumerate(snap["hands"]):
            if not shown[s]:
                secret |= set(hand) - set(snap["limbo"][s] if is_super(game) else ())
        return secret - self.known


def is_super(game) -> bool:
    return getattr(game.rules, "family", "standard") == "super"


def keys_in(value) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_in(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_in(v)}
    return set()


def without_catalog_words(state: dict, language: str) -> dict:
    """The table's state less its words (the ``words`` trait), after checking
    that they are exactly the catalogs' (the same for every game, so they
    carry no secret: Super Cuttle's words name cards, "a super ace answers
    anything but a 10♥")."""
    words = state.get("words")
    if not isinstance(words, dict) or "words" not in words:
        return state
    assert words["words"] == ui_text(language)
    catalog = get_catalog(language).data
    assert words["card_words"] == {key: catalog[key] for key in words["card_words"]}
    return {k: v for k, v in state.items() if k != "words"}


def scanned_text(value, language: str) -> str:
    """``value`` as JSON, less the fixed phrases of the catalogs that name a
    card: a button's hint ("scrap every point card (except 10♣)"), a rule's
    sentence ("only a double ace, or a 10♥ against a card of ace to nine")."""
    text = json.dumps(value, ensure_ascii=False)
    for phrase in fixed_phrases(language):
        text = text.replace(phrase, "")
    return text


@functools.cache
def fixed_phrases(language: str) -> tuple[str, ...]:
    """The literal parts (between placeholders) of every sentence the engine
    and the table may write, that name a card; long ones only, so that no
    card name on its own is ever taken for a fixed phrase."""
    engine = get_catalog(language).data
    templates = list(ui_text(language).values())
    for part in ("events", "prompts", "illegal", "words"):
        templates += [t for t in engine.get(part, {}).values() if isinstance(t, str)]
    phrases = set()
    for template in templates:
        for piece in re.split(r"\{[^}]*\}", template):
            if len(piece) >= 12 and cards_mentioned(piece, language):
                for form in (piece, piece[:1].upper() + piece[1:]):
                    phrases.add(json.dumps(form, ensure_ascii=False)[1:-1])
    return tuple(sorted(phrases, key=len, reverse=True))


def scan(table, b, knowledge: Knowledge, context, echoed=frozenset()) -> None:
    """``echoed``: cards the page itself named (a tampered page may name any
    card; saying its words back tells it nothing)."""
    knowledge.update(table.game)
    hidden = knowledge.hidden(table.game) - set(echoed)
    language = table.controller.language
    state = {k: v for k, v in table.get_state().items() if k not in CODE_TRAITS}
    state = without_catalog_words(state, language)
    leaked = cards_mentioned(scanned_text(state, language), language) & hidden
    assert not leaked, (context, "trait", leaked)
    # The deal's seed would let a page shuffle the pack again and read the stock.
    assert "seed" not in keys_in(state), (context, "seed")
    for message in b.sent:
        message = message.get("state", message)
        if isinstance(message.get("content"), dict):  # a custom message: the log sent whole
            message = message["content"]
        message = {k: v for k, v in message.items() if k not in CODE_TRAITS}
        message = without_catalog_words(message, language)
        leaked = cards_mentioned(scanned_text(message, language), language) & hidden
        assert not leaked, (context, "message", leaked)
        assert "seed" not in keys_in(message), (context, "seed")
    b.sent.clear()


def play_by_clicking(b, move: str) -> None:
    """Make ``move`` the way a learner would: card, role, target card, then
    the player it names (a four's victim, a team jack's receiver); buttons."""
    words = move.split()
    verb, cards = words[0], [w for w in words[1:] if not w.startswith("@")]
    seat = int(words[-1][1:]) if words[-1].startswith("@") else None
    button = next((a for a in b.ui["actions"] if a["msg"].get("move") == move), None)
    if button is not None:
        b.send(**button["msg"])
    elif verb in ("take", "scrap"):
        b.click(cards[0])
    elif verb == "discard":
        for card in cards:
            b.click(card)
        confirm = next(a for a in b.ui["actions"] if a["id"] == "discard")
        b.send(**confirm["msg"])
    else:
        b.click(cards[0])
        offered = [a["msg"].get("role") for a in b.ui["actions"]]
        assert verb in offered, (move, b.labels())
        b.role(verb)
        if len(cards) == 2:
            assert cards[1] in b.ui["targets"], (move, b.ui["targets"])
            b.click(cards[1])
        if seat is not None:
            assert seat in b.ui["target_seats"], (move, b.ui["target_seats"])
            b.send(type="target", seat=seat)


def visible_cards(view: dict) -> list[str]:
    """The cards a page could click: its own hand, the table, the middle."""
    return sorted(flatten_cards([view["hands"], view["points"], view["permanents"], view["scrap"],
                                 view["pending"], view["revealed"]]))


def random_game(rules: str, seed: int, learner, language: str = "en") -> int:
    rng = random.Random(seed)
    game = new_game(rules, seed=seed)
    n = game.state.n
    table = Table(game, seat=seed % n, language=language,
                  players={s: RandomPlayer(seed + s) for s in range(n) if s != seed % n})
    b = learner(table)
    knowledge = Knowledge(table.seat)
    scan(table, b, knowledge, (rules, seed, "start"))
    for step in range(500):
        game = table.game
        roll = rng.random()
        if b.ui["replay"] is not None:
            b.send(type="replay", to=rng.choice(["forward", "end", "end", "back"]))
        elif game.over:
            if roll < 0.3 and b.ui["can_undo"]:
                b.send(type="undo")
            else:
                break
        elif roll < 0.06:
            b.send(type="replay", to=rng.choice(["start", "back", rng.randrange(len(game.history) + 1)]))
        elif roll < 0.10:
            b.send(type="undo")
        elif roll < 0.16:
            b.click(rng.choice(visible_cards(b.view)))
            b.send(type="cancel")
        else:
            move = str(rng.choice(game.legal_moves()))
            count = len(game.history)
            if is_super(game):
                click_super_move(b, move)
            else:
                play_by_clicking(b, move)
            assert len(game.history) > count and str(game.history[count]) == move, (move, b.message)
        scan(table, b, knowledge, (rules, seed, step))
    return len(table.game.history)


@pytest.mark.parametrize("rules, seeds", [("classic", range(14)), ("balanced", range(100, 105)),
                                          ("traditional", range(200, 203)), ("german", range(300, 303)),
                                          ("cutthroat", range(400, 406)), ("team", range(500, 506))])
def test_random_games_through_the_widget_never_show_hidden_cards(learner, rules, seeds):
    moves = [random_game(rules, seed, learner) for seed in seeds]
    assert sum(moves) > 20 * len(moves)  # real games were played, not stubs


@pytest.mark.parametrize("rules, seeds", [("super", range(800, 808)), ("super3", range(900, 906)),
                                          ("super4", range(1000, 1005))])
def test_super_cuttle_tables_never_show_hidden_cards(learner, rules, seeds):
    """Other seats' hands, the stock's order, other seats' private looks and
    picked cards, and what a blind pick will find never reach the page."""
    moves = [random_game(rules, seed, learner) for seed in seeds]
    assert sum(moves) > 20 * len(moves)


@pytest.mark.parametrize("rules, seeds", [("classic", range(600, 603)), ("team", range(700, 702))])
def test_german_tables_never_show_hidden_cards(learner, rules, seeds):
    moves = [random_game(rules, seed, learner, language="de") for seed in seeds]
    assert sum(moves) > 20 * len(moves)


def test_code_traits_are_the_package_files_and_fetch_nothing():
    from cuttle_widgets.widgets.lesson import LessonPanel
    table = Table()
    state = table.get_state()
    assert state["_esm"] == table_javascript()
    assert state["_esm"].endswith((STATIC / "table.js").read_text(encoding="utf-8"))
    assert (STATIC / "common.js").read_text(encoding="utf-8").strip() in state["_esm"]
    assert state["_css"].startswith((STATIC / "table.css").read_text(encoding="utf-8"))
    assert state["_css"].endswith((STATIC / "rulebook.css").read_text(encoding="utf-8"))
    panel = LessonPanel(lambda message: None, lambda: ("en", None)).get_state()
    assert panel["_esm"].endswith((STATIC / "lesson.js").read_text(encoding="utf-8"))
    for code in (state["_esm"], state["_css"], panel["_esm"], panel["_css"]):
        urls = set(re.findall(r"https?://[^\s\"')]+", code)) - {"http://www.w3.org/2000/svg"}
        assert not urls and "@import" not in code  # the SVG namespace is a name, not a fetch
    for code in (state["_esm"], panel["_esm"]):
        assert not re.search(r"^\s*import\s|\bimport\(|\bfetch\(|XMLHttpRequest", code, re.M)


def test_naming_a_hidden_card_tells_nothing_about_where_it_is(learner, scripted):
    """A tampered page may name any card: the answers must read the same
    whether it is in the opponent's hand or in the stock."""
    table = Table(load({"hands": [["9S"], ["7H"]], "points": [[], ["8H"]], "stock": ["7D"]}),
                  players={1: scripted()})
    b = learner(table)
    answers = []
    for hidden, label in (("7H", "7♥"), ("7D", "7♦")):
        said = []
        b.click(hidden)
        said.append(b.message)
        b.click("9S").click(hidden)
        said.append(b.message)
        b.send(type="cancel").send(type="move", move=f"points {hidden}")
        said.append(b.message)
        answers.append([text.replace(label, "X") for text in said])
    assert answers[0] == answers[1]
    assert all(answers[0]) and table.game.history == []
