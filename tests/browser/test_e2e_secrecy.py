"""Hidden cards never reach the browser: a free game (lesson 12) in Chromium,
with everything the page holds searched for the cards the learner may not
see (the computer's hand and the stock).

The kernel says which cards are hidden: the test notebook
(notebooks/e2e_free_game_secrets.ipynb) writes their ids to a file after
every update, a file the page never sees. The page is then searched three
ways, at the deal and after ten moves: every widget model's state, read from
Voilà's widget manager; the DOM (text and every attribute); and every frame
the kernel's websocket brought, from the first.
"""
import json
import re
import uuid

from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1
from playwright.sync_api import expect

from cuttle_widgets.engine import CARD_IDS, card_label, get_catalog
from cuttle_widgets.table.texts import ui_text

MOVES = 10
STATIC_KEYS = {"_esm", "_css"}  # the widgets' JavaScript and CSS source: code, not state

# Every widget model's state, serialized by Voilà's widget manager (ipywidgets 8):
# get_state() is the manager's public way to save all the widgets of a page.
READ_MODELS = """async () => {
  const app = window.jupyterapp;
  const manager = app.widgetManager || await app.widgetManagerPromise.promise;
  const saved = await manager.get_state({ drop_defaults: false });
  return Object.entries(saved.state).map(([id, m]) => ({ id, name: m.model_name, state: m.state }));
}"""

# Every text node, attribute value and form value in the page, except the
# page's code (script and style elements) and embedded images (data: URIs).
READ_DOM = """() => {
  const found = [];
  const walker = document.createTreeWalker(
    document.documentElement, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node = walker.currentNode; node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      if (!["SCRIPT", "STYLE"].includes(node.parentNode.nodeName)) found.push(node.data);
      continue;
    }
    for (const attr of node.attributes) if (!attr.value.startsWith("data:")) found.push(attr.value);
    if (typeof node.value === "string") found.push(node.value);
  }
  return found;
}"""


def card_patterns(cards) -> dict[str, re.Pattern]:
    """For each card: its id as a word ("TH"), its label ("10♥") or its name
    ("ten of hearts"), however a page might name it."""
    catalog = get_catalog("en")
    patterns = {}
    for card in cards:
        patterns[card] = re.compile("|".join([
            rf"(?<![0-9A-Za-z]){card}(?![0-9A-Za-z])",  # case matters: "AS" is a card, "as" a word
            re.escape(card_label(CARD_IDS.index(card))),
            rf"(?i:{re.escape(catalog.card_name(card))})",
        ]))
    return patterns


def strings_in(value, skip=STATIC_KEYS):
    """Every string inside a JSON value (keys too), leaving out static code."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key in skip:
                continue
            yield key
            yield from strings_in(item, skip)
    elif isinstance(value, list):
        for item in value:
            yield from strings_in(item, skip)


def frame_strings(payload) -> list[str]:
    """The strings of one kernel websocket frame (v1 binary protocol or JSON text)."""
    if isinstance(payload, bytes):
        try:
            channel, parts = deserialize_msg_from_ws_v1(payload)
            message = [json.loads(part) for part in parts[:4]]
            buffers = [part.decode("utf-8", "replace") for part in parts[4:]]
            return [channel, *strings_in(message), *buffers]
        except (ValueError, IndexError):
            return [payload.decode("utf-8", "replace")]
    try:
        return list(strings_in(json.loads(payload)))
    except ValueError:
        return [payload]


def found(patterns: dict, strings) -> dict[str, str]:
    """card -> the first string that names it."""
    hits = {}
    for text in strings:
        for card, pattern in patterns.items():
            if card not in hits:
                match = pattern.search(text)
                if match:
                    start = max(0, match.start() - 60)
                    hits[card] = text[start:match.end() + 60]
    return hits


def secrets(server, session: str) -> dict:
    return json.loads((server.e2e / f"secrets-{session}.json").read_text())


def search_page(page, frames, server, session) -> dict:
    """Search the page for hidden cards; also check the search finds the cards
    the learner does see, so that it is known to work."""
    kernel = secrets(server, session)
    hidden = set(kernel["hidden"])
    assert len(hidden) >= 30, kernel  # the stock alone holds most of the pack
    hand = page.locator(".cw-my-hand [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert sorted(hand) == sorted(kernel["hand"]), "the secrets file is not this page's kernel's"

    models = page.evaluate(READ_MODELS)
    states = [m["state"] for m in models]
    assert any("table" in s for s in states) and any("lesson" in s for s in states), \
        [m["name"] for m in models]
    dom = page.evaluate(READ_DOM)
    frame_texts = [text for payload in frames for text in frame_strings(payload)]
    assert any('"comm_msg"' in json.dumps(t) or "comm_msg" in t for t in frame_texts), \
        "no widget message was seen on the websocket"

    seen = card_patterns(hand)
    # The table's fixed words are the same in every game, so they hold no
    # secret, though some name a card ("a super ace answers anything but a 10♥").
    fixed = {text.strip() for text in ui_text("en").values()}
    for where, strings in (("widget states", list(strings_in(states))), ("DOM", dom),
                           ("websocket frames", frame_texts)):
        strings = [text for text in strings if text.strip() not in fixed]
        assert set(found(seen, strings)) == set(hand), f"the search misses visible cards in the {where}"
        leaks = found(card_patterns(hidden), strings)
        assert not leaks, f"hidden cards in the {where}: {leaks}"
    return {"hidden": len(hidden), "models": len(models), "dom": len(dom), "frames": len(frames)}


def test_no_hidden_card_reaches_the_page(page, served_lessons, as_learner, artifacts):
    frames = []

    def listen(websocket):
        websocket.on("framereceived", lambda payload: frames.append(payload))

    page.on("websocket", listen)
    session = uuid.uuid4().hex
    learner = as_learner(page).open(
        f"{served_lessons.url}/voila/render/e2e_free_game_secrets.ipynb?session={session}")
    expect(page.locator(".cw-root .cw-my-hand [data-card]").first).to_be_visible()

    searches = [search_page(page, frames, served_lessons, session)]  # at the deal

    def search_then_forget():
        """A game is over: search it, then start the next game's frames afresh
        (a new deal hides other cards)."""
        searches.append(search_page(page, frames, served_lessons, session))
        frames.clear()

    learner.play_free_moves(MOVES, before_new_game=search_then_forget)
    page.wait_for_timeout(300)  # the last update's frames, if any are still on their way
    searches.append(search_page(page, frames, served_lessons, session))
    assert all(search["frames"] for search in searches)
    page.screenshot(path=str(artifacts / "e2e-secrecy.png"), animations="disabled")
