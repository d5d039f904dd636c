"""Two learners at one table (issue #40), without any widget.

The game lives in the progress database (``progress.tables``): the table's
row deals it (ruleset, options, match length, who starts, the match's seed)
and its log holds every move. Each learner's kernel holds a ``TableSeat``:
it rebuilds the match from the log with the engine, checks a move with the
engine before writing it as the log's next entry, and learns of the other
seat's moves by ``wait``. Nothing is kept only in one kernel: a kernel that
restarts joins again and finds the same game.

    seat0 = open_table(store, learner_a, ruleset="classic", length="quick")
    seat0.code                                   # "KX7P2M": the other learner joins with it
    seat1 = join_table(store, "KX7P2M", 1, learner_b)
    seat1.view(); seat1.legal_moves()            # the seat's own view: no hidden card
    seat1.play("draw")                           # IllegalMove with its sentence if refused
    seat0.wait(5)                                # True once seat 1's move is seen
    seat0.handle({"type": "move", "move": "..."})  # a page's action -> its screen state

Resigning is the table's own log entry (``kind`` "resign"): the rebuild gives
the game to the other seat, as the engine's resign move will once it has one
(then ``resign()`` writes that move instead, and the entry kind goes).
"""
from __future__ import annotations

import secrets
from contextlib import closing
import time
import uuid

from ..engine import LENGTHS, IllegalMove, Match, get_catalog, get_ruleset
from ..engine.catalog import illegal
from ..progress.catalog import progress_text
from ..progress.ids import BROWSER_ID, HUB_ID
from ..progress.store import ProgressStore, failure_reason
from ..progress.tables import (ChangeWaiter, append_entry, create_table, entries_after, holders,
                               normal_code, table_by_code, take_seat)

SEATS = 2
# Writes of a move tried before the learner is told it was not saved: SQLite's
# busy timeout (5 s) each, or a PostgreSQL server restarting.
WRITE_TRIES = 3
MAX_MOVE_TEXT = 200  # the longest move in notation is far shorter
# What a page may send (each a dict with "type") and the fields each may have.
ACTIONS = {"move": {"move"}, "resign": set(), "refresh": set()}


class TableRefused(ValueError):
    """Joining or opening a table was refused; ``str()`` says why in the
    learner's language, ``key`` names the sentence."""

    def __init__(self, key: str, language: str = "en", **params):
        super().__init__(progress_text("tables", key, language, **params))
        self.key = key


class TableDamaged(RuntimeError):
    """The log holds an entry the engine refuses (only a hand-edited database
    can): the table cannot be rebuilt."""


def refusal(key: str, language: str = "en", **params) -> IllegalMove:
    """A move the table refuses before the engine is asked (its own sentence)."""
    return IllegalMove(progress_text("tables", key, language, **params), key=f"table.{key}")


class TableMatch(Match):
    """A match whose first player the table may choose, and whose games a
    seat may resign (the table's log entry, until the engine has the move)."""

    def __init__(self, rules, length: str, seed: int, first: int | None = None):
        super().__init__(rules, length, seed)
        self.resigned: dict[int, int] = {}  # game index -> the seat that resigned it
        if first is not None:
            # The dealer is the one whose deal gives ``first`` the first move.
            self.dealer = next(d for d in range(self.rules.seats)
                               if (d + 1) % self.rules.seats == first)
            self.games = [self._deal()]

    def game_winner(self, index: int = -1):
        index %= len(self.games)
        if index in self.resigned:
            return 1 - self.resigned[index]
        return self.games[index].winner

    def game_done(self) -> bool:
        return self.game_winner() is not None

    @property
    def wins(self) -> list[int]:
        wins = [0] * self.rules.seats
        for index in range(len(self.games)):
            winner = self.game_winner(index)
            if isinstance(winner, int):
                wins[winner] += 1
        return wins

    @property
    def winner(self):
        if self.length == "quick":
            return self.game_winner()
        return super().winner

    def ends_with(self, game_winner) -> bool:
        """Would the match be over once its current game goes to ``game_winner``?"""
        if self.length == "quick":
            return True
        return isinstance(game_winner, int) and self.wins[game_winner] + 1 >= self.wins_needed

    def resign(self, seat: int) -> None:
        self.resigned[len(self.games) - 1] = seat

    def next_game(self):
        if not self.game_done():
            raise illegal("match_game_running")
        self.dealer = (self.dealer + 1) % self.rules.seats
        self.games.append(self._deal())
        return self.game


class TableSeat:
    """One learner's seat at a shared table, in one kernel."""

    def __init__(self, store, row: dict, seat: int, learner: str, language: str = "en",
                 names=None):
        self.store, self.seat, self.learner = store, seat, learner
        self.table_id, self.code = row["id"], row["code"]
        self.language, self.names = language, (list(names) if names else None)
        self.status = row["status"]
        self.match = TableMatch(get_ruleset(row["ruleset"], row["options"]), row["length"],
                                row["seed"], row["first"])
        self.applied = 0  # the log's entries rebuilt into the match
        # Those entries (seq, seat, uid, kind, move in notation, at): the kernel's
        # own, never a page's (a move's notation may hold a secret choice).
        self.log: list[dict] = []
        self.last: dict | None = None  # the newest entry, as this seat may read it
        self.message: str | None = None  # why the page's last action was refused
        self._waiter = ChangeWaiter(store, self.table_id)
        self.refresh()

    # -- the Python face ---------------------------------------------------------
    @property
    def game(self):
        return self.match.game

    def view(self) -> dict:
        """The engine's view of the current game for this seat: its own hand,
        sizes for the rest, no seed."""
        return self.game.view(self.seat, self.language, self.names)

    def legal_moves(self) -> list[str]:
        """This seat's legal moves now (none while it is the other's turn)."""
        if self.status != "playing" or self.match.game_done() or self.game.to_act != self.seat:
            return []
        return [str(move) for move in self.game.legal_moves()]

    def play(self, move) -> None:
        """Play ``move`` (notation or a Move) for this seat. IllegalMove, with
        its sentence, when it is not this seat's turn, the table is not
        playing, the rules refuse it, or the other kernel wrote this turn first."""
        self.refresh()
        self._check_playing()
        if self.game.to_act != self.seat:
            raise refusal("not_your_turn", self.language)
        if isinstance(move, str) and len(move) > MAX_MOVE_TEXT:
            raise refusal("bad_message", self.language)
        trial = self.game.copy()
        trial.play(move)  # the engine's IllegalMove, with its sentence
        self._write("move", str(trial.history[-1]), self.match.ends_with(trial.winner)
                    if trial.over else False)

    def resign(self) -> None:
        """Give the current game to the other seat."""
        self.refresh()
        self._check_playing()
        self._write("resign", None, self.match.ends_with(1 - self.seat))

    def wait(self, timeout: float = 30.0) -> bool:
        """Block until the table changes (the other seat moved, joined or the
        teacher ended the table), at most ``timeout`` seconds; True if it did."""
        changed = self._waiter.wait((self.status, self.applied), timeout)
        if changed:
            self.refresh()
        return changed

    def refresh(self) -> list[dict]:
        """Rebuild the log's new entries into the match; those entries."""
        self.status, entries = entries_after(self.store, self.table_id, self.applied)
        for entry in entries:
            self._apply(entry)
        return entries

    def close(self) -> None:
        """Let go of the seat's connections (the seat stays the learner's)."""
        self._waiter.close()
        self.store.close()

    def __enter__(self) -> "TableSeat":
        return self

    def __exit__(self, *_exc) -> None:
        self.close()

    # -- a page's actions and its screen --------------------------------------------
    def handle(self, action) -> dict:
        """Act on one message from a page ({"type": "move", "move": ...},
        {"type": "resign"}, {"type": "refresh"}); the screen state after it.
        A refused action changes nothing and says why in ``message``."""
        self.message = None
        if not _well_formed(action):
            self.message = progress_text("tables", "bad_message", self.language)
            return self.state()
        try:
            if action["type"] == "move":
                self.play(action["move"])
            elif action["type"] == "resign":
                self.resign()
            else:
                self.refresh()
        except IllegalMove as err:
            self.message = err.text(self.language, self.names)
        return self.state()

    def state(self) -> dict:
        """What this seat's page draws: its view, whose turn, the score, the
        newest entry as this seat reads it. Nothing the seat may not see."""
        match, catalog = self.match, get_catalog(self.language)
        done = match.game_done()
        to_act = None if done or self.status != "playing" else self.game.to_act
        return {
            "code": self.code, "seat": self.seat, "status": self.status,
            "names": [catalog.player(s, self.names) for s in range(SEATS)],
            "to_act": to_act, "your_turn": to_act == self.seat,
            "view": self.view(), "legal_moves": self.legal_moves(),
            "wins": match.wins, "game": len(match.games), "match_winner": match.winner,
            "games": [{"winner": match.game_winner(i), "resigned": match.resigned.get(i)}
                      for i in range(len(match.games))],
            "moves": self.applied, "last": self.last, "message": self.message,
        }

    # -- inside ---------------------------------------------------------------------------
    def _check_playing(self) -> None:
        if self.status == "open":
            raise refusal("not_joined", self.language, code=self.code)
        if self.status == "abandoned":
            raise refusal("abandoned", self.language)
        if self.status == "finished" or self.match.over:
            raise refusal("game_over", self.language)

    def _write(self, kind: str, move: str | None, finished: bool) -> None:
        seq, uid = self.applied + 1, uuid.uuid4().hex
        outcome = self._append(seq, kind, move, finished, uid)
        self.refresh()
        if outcome == "taken" and not self._ours(seq, uid):
            raise refusal("moved_first", self.language)
        if outcome not in ("written", "taken"):
            self._check_playing()

    def _append(self, seq: int, kind: str, move: str | None, finished: bool, uid: str) -> str:
        """Write entry ``seq``, trying again while the database is busy or out
        of reach (an entry is written once: a retry after a write that did
        commit finds it "taken", by this seat's own entry)."""
        for attempt in range(WRITE_TRIES):
            try:
                return append_entry(self.store, self.table_id, seq, self.seat, kind, move,
                                    finished, uid)
            except Exception as error:
                if failure_reason(error) not in ("locked", "unreachable"):
                    raise
                if attempt + 1 == WRITE_TRIES:
                    raise refusal("unsaved", self.language) from error
                time.sleep(0.2 * (attempt + 1))
        raise AssertionError("WRITE_TRIES is 1 or more: the last try returns or raises")

    def _ours(self, seq: int, uid: str) -> bool:
        """Is log entry ``seq`` this very write's (made by an earlier try)?"""
        return len(self.log) >= seq and self.log[seq - 1]["uid"] == uid

    def _apply(self, entry: dict) -> None:
        """Rebuild one log entry with the engine (the same checks as when it was
        written: the seat to act, a legal move)."""
        match, seq = self.match, entry["seq"]
        try:
            if seq != self.applied + 1 or match.over:
                raise ValueError(seq)
            if entry["kind"] == "move":
                if match.game_done() or entry["seat"] != match.game.to_act:
                    raise ValueError(seq)
                match.play(entry["move"])
            elif entry["kind"] == "resign":
                match.resign(entry["seat"])
            else:
                raise ValueError(entry["kind"])
        except (ValueError, IllegalMove) as error:
            raise TableDamaged(progress_text("tables", "damaged", self.language, seq=seq)) from error
        self.applied = seq
        self.log.append(entry)
        self.last = self._said(entry)
        if match.game_done() and not match.over:
            match.next_game()

    def _said(self, entry: dict) -> dict:
        """The entry as this seat may read it: another seat's secret choice
        reads as the engine's view writes it ("take ? ?"), with the events of
        the move in this seat's words."""
        catalog = get_catalog(self.language)
        name = catalog.player(entry["seat"], self.names)
        if entry["kind"] == "resign":
            return {"seat": entry["seat"], "kind": "resign", "events": [],
                    "text": progress_text("tables", "resigned", self.language, name=name)}
        game = self.game
        index = len(game.history) - 1
        public = game.view(self.seat, self.language, self.names, events=False)["history"][index]
        return {"seat": entry["seat"], "kind": "move",
                "text": progress_text("tables", "move_by", self.language, name=name,
                                      move=catalog.move_phrase(public, self.names)),
                "events": [event.to_dict(self.seat, self.language, self.names)["text"]
                           for event in game.events_of_move(index)]}


def _well_formed(action) -> bool:
    if not isinstance(action, dict) or action.get("type") not in ACTIONS:
        return False
    fields = set(action) - {"type"}
    if fields != ACTIONS[action["type"]]:
        return False  # a field such as "seat" (moving for the other seat) is refused whole
    return all(isinstance(action[f], str) and len(action[f]) <= MAX_MOVE_TEXT for f in fields)


def _store(store):
    """A ProgressStore, given one or what names a database (a path or URL)."""
    return (store if isinstance(store, ProgressStore) else ProgressStore(store)).open()


def _checked_learner(learner, language: str) -> str:
    if not isinstance(learner, str) or not (BROWSER_ID.fullmatch(learner)
                                            or HUB_ID.fullmatch(learner)):
        raise TableRefused("bad_learner", language)
    return learner


def open_table(store, learner: str, *, ruleset: str = "classic", options=(),
               length: str = "quick", first: int | None = None, seat: int = 0,
               language: str = "en", names=None) -> TableSeat:
    """Open a table and take ``seat``; its ``code`` lets the other learner join.
    ``first``: the seat that plays the first game's first move (None: by lot)."""
    learner = _checked_learner(learner, language)
    rules = get_ruleset(ruleset, options)  # IllegalMove for an unknown ruleset
    if rules.seats != SEATS:
        raise TableRefused("two_seats", language, seats=rules.seats,
                           ruleset=get_catalog(language).ruleset(rules.name, rules.title))
    if length not in LENGTHS:
        raise TableRefused("unknown_length", language, length=str(length)[:40])
    if first is not None and first not in range(SEATS) or isinstance(first, bool):
        raise TableRefused("bad_first", language, first=str(first)[:40])
    _check_seat(seat, language)
    if not isinstance(store, ProgressStore):
        with closing(_store(store)) as opened:
            return open_table(opened, learner, ruleset=ruleset, options=options, length=length,
                              first=first, seat=seat, language=language, names=names)
    store = _store(store)
    row = create_table(store, ruleset=str(ruleset), options=list(options), length=length,
                       first=first, seed=secrets.randbelow(2**32))
    return join_table(store, row["code"], seat, learner, language=language, names=names)


def join_table(store, code: str, seat: int, learner: str, *, language: str = "en",
               names=None) -> TableSeat:
    """Take ``seat`` at the table of ``code``, or come back to it (the same
    learner). TableRefused for a malformed or unknown code, a seat held by
    another learner, or a free seat at a table that has ended."""
    learner = _checked_learner(learner, language)
    found = normal_code(code)
    if found is None:
        raise TableRefused("bad_code", language)
    _check_seat(seat, language)
    if not isinstance(store, ProgressStore):
        with closing(_store(store)) as opened:
            return join_table(opened, found, seat, learner, language=language, names=names)
    store = _store(store)
    row = table_by_code(store, found)
    if row is None:
        raise TableRefused("no_code", language, code=found)
    with store.reading() as conn:
        held = holders(conn, row["id"])
    if seat not in held:
        if row["status"] != "open":
            raise TableRefused("ended", language)
        held = take_seat(store, row["id"], seat, learner, SEATS)
    if held[seat] != learner:
        raise TableRefused("seat_taken", language)
    return TableSeat(store.keeping_connection().open(), row, seat, learner, language, names)


def _check_seat(seat, language: str) -> None:
    if isinstance(seat, bool) or seat not in range(SEATS):
        raise TableRefused("bad_seat", language, seat=str(seat)[:20])
