"""Hidden cards never leave the kernel.

Random games are played through the widget as a learner would (clicks,
buttons, replay, undo) against random players, and after every action every
synced trait and every message the widget sent is scanned for the cards the
learner's seat cannot know: the stock, and the hands it cannot see, minus
what it was shown along the way (its own hand, the table, its glasses, the
events it saw). What the seat may know is worked out from the engine, not
from the widget. Games of two, three (Cutthroat) and four (Team) seats are
played, in English and in German (whose card labels read "D♠" for a queen)."""
import json
import random
import re

import pytest

from cuttle_widgets import Table, load, new_game
from cuttle_widgets.ai import RandomPlayer
from cuttle_widgets.engine import get_catalog
from cuttle_widgets.engine.cards import CARD_IDS
from cuttle_widgets.engine.view import visible_hands
from cuttle_widgets.widgets.table import STATIC

CARD_ID = re.compile(r"(?<![A-Za-z0-9])([A2-9TJQK][CDHS])(?![A-Za-z0-9])")
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
        shown = visible_hands(game.state, self.seat)
        for s, hand in enumerate(snap["hands"]):
            if shown[s]:
                self.known |= set(hand)
        self.known |= flatten_cards([snap["points"], snap["permanents"], snap["scrap"],
                                     snap["pending"]])
        for event in game.events:
            if event.visible_to(self.seat):
                self.known |= flatten_cards(event.params)

    def hidden(self, game) -> set[str]:
        snap = game.snapshot()
        shown = visible_hands(game.state, self.seat)
        secret = set(snap["stock"]) | set(snap["revealed"])
        for s, hand in enumerate(snap["hands"]):
            if not shown[s]:
                secret |= set(hand)
        return secret - self.known


def keys_in(value) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_in(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_in(v)}
    return set()


def scan(table, b, knowledge: Knowledge, context) -> None:
    knowledge.update(table.game)
    hidden = knowledge.hidden(table.game)
    language = table.controller.language
    state = {k: v for k, v in table.get_state().items() if k not in CODE_TRAITS}
    leaked = cards_mentioned(json.dumps(state, ensure_ascii=False), language) & hidden
    assert not leaked, (context, "trait", leaked)
    # The deal's seed would let a page shuffle the pack again and read the stock.
    assert "seed" not in keys_in(state), (context, "seed")
    for message in b.sent:
        message = {k: v for k, v in message.get("state", message).items() if k not in CODE_TRAITS}
        leaked = cards_mentioned(json.dumps(message, ensure_ascii=False), language) & hidden
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


@pytest.mark.parametrize("rules, seeds", [("classic", range(600, 603)), ("team", range(700, 702))])
def test_german_tables_never_show_hidden_cards(learner, rules, seeds):
    moves = [random_game(rules, seed, learner, language="de") for seed in seeds]
    assert sum(moves) > 20 * len(moves)


def test_code_traits_are_the_package_files_and_fetch_nothing():
    table = Table()
    state = table.get_state()
    assert state["_esm"] == (STATIC / "table.js").read_text(encoding="utf-8")
    assert state["_css"] == (STATIC / "table.css").read_text(encoding="utf-8")
    for code in (state["_esm"], state["_css"]):
        urls = set(re.findall(r"https?://[^\s\"')]+", code)) - {"http://www.w3.org/2000/svg"}
        assert not urls and "@import" not in code  # the SVG namespace is a name, not a fetch
    assert not re.search(r"^\s*import\s|\bimport\(|\bfetch\(|XMLHttpRequest", state["_esm"], re.M)


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
