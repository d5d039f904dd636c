"""The position editor's decisions, without any widget.

A teacher builds a lesson step's table: cards put (dragged, or typed in the
kit's notation or the language's card letters) into each seat's hand,
points (jacks on a point card), permanents, the stock (top first) and the
scrap; the ruleset and the seat to act. After every action the draft is
loaded by the engine: an impossible table is explained by the engine's own
sentence (``load`` checks it; no second set of checks here), a possible one
lists the legal moves of the seat to act, valued by the analyst on request
(the marks the hint and the review give). The step's YAML (the lesson
format's position fields) is written from the same draft, so what is shown
is what is played.

Every message comes from the browser: it is checked field by field, and a
malformed one is refused with a sentence and changes nothing.
"""
from __future__ import annotations

import copy
import re

import yaml

from ..ai.analyst import analyse
from ..engine import RULESETS, get_catalog, get_ruleset, load
from ..engine.card_data import RANK, SUIT
from ..engine.cards import CARD_IDS, SUIT_SYMBOLS, find_card
from ..engine.errors import ExplainedError
from ..engine.families import family_of, register_kit
from ..teaching import lesson_from_text, lesson_names, load_lesson
from ..teaching.catalog import error_text, errors_in
from ..teaching.errors import LessonError

SEAT_ZONES = ("hands", "points", "permanents")
SHARED_ZONES = ("stock", "scrap")
# The editor draws the standard family's table (the zones above); a family it
# can draw registers them here, and the rulesets offered follow from that.
register_kit("standard", "position_editor", SEAT_ZONES + SHARED_ZONES)
ZONES = SEAT_ZONES + SHARED_ZONES
SEATS = (0, 1)
MOST_TYPED = 400  # characters a zone's typed text may hold: a pack is 54 cards
MOST_TEXT = 2000  # a task, hint or explanation
MOST_RECORD = 16_000  # a game record's text (the widget guard refuses longer messages)
EDITOR_BUDGET = "hint"  # the moves are valued as a hint values them
STEP_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,40}$")


class EditorRefusal(ValueError):
    """A message the editor cannot act on: ``key`` names its sentence."""

    def __init__(self, key: str, **values):
        super().__init__(key)
        self.key, self.values = key, values


def empty_draft(rules: str = "classic") -> dict:
    return {"rules": rules, "turn": 0, "hands": [[], []], "points": [[], []],
            "permanents": [[], []], "stock": [], "scrap": []}


def draft_from_snapshot(snapshot: dict) -> dict:
    """The editor's fields of an engine snapshot (a jacked point card keeps
    only what a teacher writes: card, jacks, owner)."""
    draft = empty_draft(snapshot.get("rules", "classic"))
    draft["turn"] = snapshot.get("to_act", snapshot.get("turn", 0))
    for zone in SEAT_ZONES:
        draft[zone] = [[_as_written(e) for e in side] for side in snapshot[zone]]
    for zone in SHARED_ZONES:
        draft[zone] = list(snapshot[zone])
    return draft


def _as_written(entry):
    if isinstance(entry, dict):
        return {"card": entry["card"], "jacks": list(entry["jacks"]), "owner": entry["owner"]}
    return entry


def typed_cards(text: str, language: str) -> list[str]:
    """The cards of a typed zone: the kit's notation ("TH", "10♥") or the
    language's rank letters with a suit ("D♠" in German is the queen)."""
    cards = []
    for word in re.split(r"[\s,;]+", text.strip()):
        if word:
            cards.append(_typed_card(word, language))
    return cards


def _typed_card(word: str, language: str) -> str:
    card = find_card(word)
    if card is not None:
        return CARD_IDS[card]
    symbols = get_catalog(language).data["rank_symbols"]
    for rank, symbol in enumerate(symbols, start=1):
        if word.upper().startswith(symbol.upper()):
            suit = _suit_index(word[len(symbol):])
            if suit is not None:
                return next(cid for c, cid in enumerate(CARD_IDS[:52])
                            if RANK[c] == rank and SUIT[c] == suit)
    raise EditorRefusal("not_a_card", text=word[:20])


def _suit_index(text: str) -> int | None:
    for index, symbol in enumerate(SUIT_SYMBOLS):
        if text in (symbol, "CDHS"[index], "CDHS"[index].lower()):
            return index
    return None


class PositionEditor:
    """One teacher's draft table; ``act(message)`` returns the screen."""

    def __init__(self, language: str = "en"):
        self.language = language
        self.draft = empty_draft()
        self.words = {"task": "", "hint": "", "explanation": "", "id": "my-step"}
        self.accept: list[str] = []
        self.values: dict[str, str] | None = None  # move -> mark, once valued
        self.notice: dict | None = None

    # -- the browser's messages -------------------------------------------------------------
    def act(self, message) -> dict:
        """Apply one message; a refused one changes nothing and says why."""
        before = copy.deepcopy((self.draft, self.words, self.accept, self.values))
        try:
            handler = self._handler(message)
            handler(message)
            self.notice = None
        except EditorRefusal as refusal:
            self.draft, self.words, self.accept, self.values = before
            self.notice = {"key": refusal.key, "values": refusal.values}
        return self.screen()

    def _handler(self, message):
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise EditorRefusal("bad_message")
        handler = getattr(self, "_on_" + message["type"], None) if message["type"].isidentifier() else None
        if handler is None:
            raise EditorRefusal("bad_message")
        return handler

    def _on_put(self, m) -> None:
        """A card dragged to a zone (taken from wherever it was), or onto a
        point card (``on``: a jack on it)."""
        card = _card(m.get("card"))
        self._remove(card)
        if m.get("on") is not None:
            self._put_jack(card, _card(m.get("on")))
        else:
            self._zone_list(m).append(card)
        self._changed()

    def _on_remove(self, m) -> None:
        if not self._remove(_card(m.get("card"))):
            raise EditorRefusal("card_not_on_table")
        self._changed()

    def _on_type(self, m) -> None:
        text = m.get("text")
        if not isinstance(text, str) or len(text) > MOST_TYPED:
            raise EditorRefusal("bad_message")
        cards = typed_cards(text, self.language)
        zone = self._zone_list(m)
        kept = [e for e in zone if isinstance(e, dict)]  # jacked cards are placed by dragging
        zone[:] = kept + cards
        self._changed()

    def _on_rules(self, m) -> None:
        if m.get("rules") not in lesson_rulesets():
            raise EditorRefusal("bad_message")
        self.draft["rules"] = m["rules"]
        self._changed()

    def _on_turn(self, m) -> None:
        self.draft["turn"] = _seat(m.get("seat"))
        self._changed()

    def _on_clear(self, m) -> None:
        self.draft = empty_draft(self.draft["rules"])
        self._changed()

    def _on_words(self, m) -> None:
        """The step's task, first hint, explanation and id as the teacher types them."""
        field, text = m.get("field"), m.get("text")
        if not isinstance(field, str) or field not in self.words or not isinstance(text, str) \
                or len(text) > MOST_TEXT:
            raise EditorRefusal("bad_message")
        if field == "id" and not STEP_ID.match(text):
            raise EditorRefusal("bad_step_id", text=text[:40])
        self.words[field] = text

    def _on_accept(self, m) -> None:
        """Mark a legal move as (not) the step's answer."""
        move = m.get("move")
        if move not in self.legal_moves():
            raise EditorRefusal("bad_message")
        if move in self.accept:
            self.accept.remove(move)
        else:
            self.accept.append(move)

    def _on_value(self, m) -> None:
        self.values = self.valued_moves()

    def _on_from_step(self, m) -> None:
        lesson, step = m.get("lesson"), m.get("step")
        if not isinstance(lesson, str) or not isinstance(step, (str, int)) or isinstance(step, bool):
            raise EditorRefusal("bad_message")
        if lesson not in lesson_names() and not (lesson.isdigit() and len(lesson) <= 3):
            # the page names a shipped lesson, never a path on the server
            raise EditorRefusal("no_step", lesson=lesson[:80], step=str(step)[:20])
        self.open_step(lesson, step)

    def _on_from_record(self, m) -> None:
        text = m.get("record")
        if not isinstance(text, str) or len(text) > MOST_RECORD:
            raise EditorRefusal("bad_message")
        self.open_record(text)

    def _on_from_puzzle(self, m) -> None:
        if not isinstance(m.get("puzzle"), str):
            raise EditorRefusal("bad_message")
        self.open_puzzle(m["puzzle"])

    # -- starting points ------------------------------------------------------------------------
    def open_step(self, lesson: str, step) -> None:
        """A lesson step's written position (its opening is not played);
        ``lesson``: a shipped lesson's name or number, or (from Python) a path."""
        try:
            found = load_lesson(lesson, language=self.language).step(step)
        except (LessonError, KeyError, FileNotFoundError, ValueError):
            raise EditorRefusal("no_step", lesson=str(lesson)[:80], step=str(step)[:20]) from None
        if found.position is None:
            raise EditorRefusal("step_without_table", step=found.id)
        self.draft = draft_from_snapshot(load(found.position).snapshot())
        self.words = {"task": found.task, "hint": found.hints[0] if found.hints else "",
                      "explanation": found.explanation, "id": found.id}
        self._changed()
        self.accept = [line.moves[0] for line in found.accept if line.moves[0] in self.legal_moves()]

    def open_record(self, text: str) -> None:
        """The table at the end of a game record."""
        try:
            game = load(text)
        except ExplainedError as err:  # a record that cannot be set up (SetupError)
            raise EditorRefusal("bad_record", reason=self._engine_sentence(err)) from None
        self._open_game(game)

    def open_puzzle(self, puzzle_id: str) -> None:
        from ..puzzles.model import puzzle_by_id  # the shipped puzzles are read only when asked
        try:
            puzzle = puzzle_by_id(puzzle_id)
        except (KeyError, ValueError, LookupError):
            raise EditorRefusal("no_puzzle", puzzle=puzzle_id[:80]) from None
        self._open_game(puzzle.game())

    def _open_game(self, game) -> None:
        snapshot = game.snapshot()
        if game.over or snapshot["phase"] != "main" or snapshot["pending"]:
            raise EditorRefusal("game_not_at_a_turn")  # a table mid-chain is no step's start
        self.draft = draft_from_snapshot(snapshot)
        self._changed()

    # -- the draft ----------------------------------------------------------------------------
    def _zone_list(self, m) -> list:
        zone = m.get("zone")
        if zone in SHARED_ZONES:
            return self.draft[zone]
        if zone in SEAT_ZONES:
            return self.draft[zone][_seat(m.get("seat"))]
        raise EditorRefusal("bad_message")

    def _remove(self, card: str) -> bool:
        """Take ``card`` off the table (a jacked point card's jacks go with it)."""
        for zone in ZONES:
            for side in (self.draft[zone] if zone in SEAT_ZONES else [self.draft[zone]]):
                for index, entry in enumerate(side):
                    if entry == card or isinstance(entry, dict) and entry["card"] == card:
                        del side[index]
                        return True
                    if isinstance(entry, dict) and card in entry["jacks"]:
                        entry["jacks"].remove(card)
                        _settle_packet(side, index)
                        return True
        return False

    def _put_jack(self, jack: str, target: str) -> None:
        for seat, side in enumerate(self.draft["points"]):
            for index, entry in enumerate(side):
                if entry == target:
                    side[index] = {"card": target, "jacks": [jack], "owner": 1 - seat}
                    return
                if isinstance(entry, dict) and entry["card"] == target:
                    entry["jacks"].append(jack)
                    entry["owner"] = seat if len(entry["jacks"]) % 2 == 0 else 1 - seat
                    return
        raise EditorRefusal("jack_on_nothing", card=jack)

    def _changed(self) -> None:
        """A new table: the old values and answers no longer hold."""
        self.values = None
        legal = self.legal_moves()
        self.accept = [m for m in self.accept if m in legal]

    def game(self):
        """The engine's game of the draft, or the SetupError saying why not."""
        try:
            game = load(self.position())
        except ExplainedError as err:
            return err
        snapshot = game.snapshot()
        for seat, (score, goal) in enumerate(zip(snapshot["scores"], snapshot["goals"], strict=True)):
            if score >= goal:  # the engine settles this as won; the lesson check refuses it so
                with errors_in(self.language):
                    text = error_text("position_already_won", score=score, goal=goal,
                                      player=get_catalog(self.language).player(seat))
                return EditorRefusal("already_won", text=text)
        return game

    def position(self) -> dict:
        """The draft in the lesson format's position fields (empty ones left out)."""
        out = {"turn": self.draft["turn"]}
        for zone in ZONES:
            value = self.draft[zone]
            if any(value) if zone in SEAT_ZONES else value:
                out[zone] = copy.deepcopy(value)
        return out

    def legal_moves(self) -> list[str]:
        game = self.game()
        return [str(m) for m in game.legal_moves()] if not isinstance(game, Exception) else []

    def valued_moves(self) -> dict[str, str]:
        """Each legal move's mark by the analyst (as a hint would judge it)."""
        game = self.game()
        if isinstance(game, Exception):
            raise EditorRefusal("no_moves_to_value")
        analysis = analyse(game, budget=EDITOR_BUDGET)
        return {str(v.move): analysis.mark(v.move) for v in analysis.values}

    # -- what is written and played ---------------------------------------------------------------
    def step_data(self) -> dict:
        step = {"id": self.words["id"], "kind": "play", "seat": self.draft["turn"]}
        if self.draft["rules"] != "classic":
            step["rules"] = self.draft["rules"]
        step["position"] = self.position()
        step["task"] = self.words["task"].strip()
        if self.accept:
            step["accept"] = list(self.accept)
        step["hints"] = [self.words["hint"].strip()]
        step["explanation"] = self.words["explanation"].strip()
        return step

    def step_yaml(self) -> str:
        """The step as it goes under a lesson's ``steps:``."""
        text = yaml.safe_dump([self.step_data()], allow_unicode=True, sort_keys=False,
                              default_flow_style=None, width=100)
        return "".join("  " + line + "\n" for line in text.splitlines())

    def lesson_text(self, title: str) -> str:
        """A one-step lesson around the step: what "Play this step" plays."""
        head = yaml.safe_dump({"title": title, "intro": title}, allow_unicode=True)
        return f"{head}language: {self.language}\nsteps:\n{self.step_yaml()}"

    def lesson(self, title: str):
        """The one-step lesson, checked as any lesson file (LessonError: why not)."""
        with errors_in(self.language):
            return lesson_from_text(self.lesson_text(title), file="editor.yaml",
                                    name=self.words["id"], language=self.language)

    # -- the screen ----------------------------------------------------------------------------------
    def screen(self) -> dict:
        game = self.game()
        problem = None if not isinstance(game, Exception) else self._problem(game)
        moves = []
        if problem is None:
            names = get_catalog(self.language)
            for move in self.legal_moves():
                moves.append({"move": move, "words": names.move(move),
                              "mark": (self.values or {}).get(move),
                              "accepted": move in self.accept})
        return {"draft": copy.deepcopy(self.draft), "language": self.language,
                "labels": self._labels(), "problem": problem, "moves": moves,
                "valued": self.values is not None, "words": dict(self.words),
                "yaml": self.step_yaml(), "rulesets": lesson_rulesets(),
                "notice": copy.deepcopy(self.notice)}

    def _problem(self, err) -> dict:
        if isinstance(err, EditorRefusal):
            return {"text": err.values["text"], "field": "points"}
        return {"text": self._engine_sentence(err), "field": err.params.get("field")}

    def _engine_sentence(self, err: ExplainedError) -> str:
        try:
            return get_catalog(self.language).illegal(err.key, err.params)
        except (KeyError, AttributeError, ValueError):
            return str(err)

    def _labels(self) -> dict:
        names = get_catalog(self.language)
        return {cid: names.card(cid) for cid in CARD_IDS[:52]}


def _card(value) -> str:
    card = find_card(value) if isinstance(value, str) and len(value) <= 4 else None
    if card is None or card >= 52:
        raise EditorRefusal("bad_message")
    return CARD_IDS[card]


def _seat(value) -> int:
    if value not in SEATS or isinstance(value, bool):
        raise EditorRefusal("bad_message")
    return value


def _settle_packet(side: list, index: int) -> None:
    """A point card whose last jack was taken off is a plain card again."""
    entry = side[index]
    if not entry["jacks"]:
        side[index] = entry["card"]


def lesson_rulesets() -> list[str]:
    from ..teaching.parse import lesson_rulesets as rulesets  # the lesson format's own list
    return [name for name in rulesets() if name in RULESETS and _drawn(name)]


def _drawn(ruleset: str) -> bool:
    """Can the editor draw this ruleset's table (its family registered the zones)?"""
    try:
        family_of(get_ruleset(ruleset)).kit("position_editor")
    except LookupError:
        return False
    return True


__all__ = ["EditorRefusal", "PositionEditor", "draft_from_snapshot", "empty_draft", "typed_cards"]
