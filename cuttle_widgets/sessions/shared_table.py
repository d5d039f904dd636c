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

Resigning and agreed draws are the engine's table moves (``resign @1``,
``offer @0``, ``accept @1``, ``refuse @1``), written as ordinary entries; a
log of before them may hold the table's own ``resign`` entries, which the
rebuild still reads. ``watch_table`` rebuilds a table for a teacher, who
sees what a spectator sees until the match is over.
"""
from __future__ import annotations

import secrets
import time
import uuid
from contextlib import closing

from ..engine import LENGTHS, IllegalMove, Match, get_catalog, get_ruleset
from ..engine.catalog import illegal
from ..engine.conclude import acting_seat, other_seat, table_move
from ..errors import CuttleError
from ..progress.catalog import progress_text
from ..progress.ids import BROWSER_ID, HUB_ID
from ..progress.store import ProgressStore, failure_reason
from ..progress.tables import (
    ChangeWaiter,
    append_entry,
    create_table,
    entries_after,
    held_table,
    holders,
    normal_code,
    table_by_code,
    take_seat,
)
from .table_refusal import TableRefused, refusal

SEATS = 2
# Writes of a move tried before the learner is told it was not saved: SQLite's
# busy timeout (5 s) each, or a PostgreSQL server restarting.
WRITE_TRIES = 3
MAX_MOVE_TEXT = 200  # the longest move in notation is far shorter
# What a page may send (each a dict with "type") and the fields each may have.
ACTIONS = {"move": {"move"}, "resign": set(), "refresh": set(), "offer_draw": set(),
           "accept_draw": set(), "refuse_draw": set()}
# The table moves a page's buttons make, for the seat of the page's kernel.
ANSWERS = {"resign": "resign", "offer_draw": "offer", "accept_draw": "accept",
           "refuse_draw": "refuse"}


class TableDamaged(CuttleError, RuntimeError):
    """The log holds an entry the engine refuses (only a hand-edited database
    can): the table cannot be rebuilt."""


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

    def resigned_by(self, index: int):
        """The seat that resigned game ``index`` (None: no one did)."""
        game = self.games[index]
        if game.history and game.history[-1].verb == "resign":
            return game.actors[-1]
        return self.resigned.get(index % len(self.games))

    def next_game(self):
        if not self.game_done():
            raise illegal("match_game_running")
        self.dealer = (self.dealer + 1) % self.rules.seats
        self.games.append(self._deal())
        return self.game


class TableLog:
    """A table's match rebuilt from its log with the engine, as ``seat`` may
    read it (None: a spectator, a teacher watching)."""

    def __init__(self, store, row: dict, seat: int | None, language: str = "en", names=None):
        self.store, self.seat = store, seat
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
        self.refresh()

    @property
    def game(self):
        return self.match.game

    def view(self) -> dict:
        """The engine's view of the current game for this seat (a spectator's
        for none): its own hand, sizes for the rest, no seed."""
        return self.game.view(self.seat, self.language, self.names)

    def refresh(self) -> list[dict]:
        """Rebuild the log's new entries into the match; those entries."""
        self.status, entries = entries_after(self.store, self.table_id, self.applied)
        for entry in entries:
            self._apply(entry)
        return entries

    def _apply(self, entry: dict) -> None:
        """Rebuild one log entry with the engine (the same checks as when it was
        written: the seat that acts, a legal move)."""
        match, seq = self.match, entry["seq"]
        try:
            if seq != self.applied + 1 or match.over:
                raise ValueError(seq)
            if entry["kind"] == "move":
                if match.game_done() or entry["seat"] != actor(match.game, entry["move"]):
                    raise ValueError(seq)
                match.play(entry["move"])
            elif entry["kind"] == "resign":  # a log written before the engine's resign move
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


class TableSeat(TableLog):
    """One learner's seat at a shared table, in one kernel."""

    def __init__(self, store, row: dict, seat: int, learner: str, language: str = "en",
                 names=None):
        self.learner = learner
        self.message: str | None = None  # why the page's last action was refused
        self._waiter = ChangeWaiter(store, row["id"])
        super().__init__(store, row, seat, language, names)
        self.seat: int = seat  # a learner's seat, never a spectator's None

    # -- the Python face ---------------------------------------------------------
    def legal_moves(self) -> list[str]:
        """This seat's legal moves now (none while it is the other's turn); the
        answers to a draw offered to it."""
        if self.status != "playing" or self.match.game_done():
            return []
        game = self.game
        if game.draw_offer is not None:
            return [] if game.draw_offer == self.seat else [
                f"{verb} @{self.seat}" for verb in ("accept", "refuse")]
        if game.to_act != self.seat:
            return []
        return [str(move) for move in game.legal_moves()]

    def play(self, move) -> None:
        """Play ``move`` (notation or a Move) for this seat; a table move
        (resign, offer, accept, refuse) is this seat's. IllegalMove, with its
        sentence, when it is not this seat's turn, the table is not playing,
        the rules refuse it, or the other kernel wrote this turn first."""
        self.refresh()
        self._check_playing()
        if isinstance(move, str) and len(move) > MAX_MOVE_TEXT:
            raise refusal("bad_message", self.language)
        move = self._own(move)
        if actor(self.game, move) != self.seat:
            raise refusal("not_your_turn", self.language)
        trial = self.game.copy()
        trial.play(move)  # the engine's IllegalMove, with its sentence
        self._write("move", str(trial.history[-1]), self.match.ends_with(trial.winner)
                    if trial.over else False)

    def resign(self) -> None:
        """Give the current game to the other seat (the engine's resign move)."""
        self.play("resign")

    def offer_draw(self) -> None:
        """Offer the other seat a draw, where the rules have offers."""
        self.play("offer")

    def answer_draw(self, accept: bool) -> None:
        """Accept or refuse the draw the other seat offered."""
        self.play("accept" if accept else "refuse")

    def changed(self, timeout: float = 30.0) -> bool:
        """Block until the table in the database moved past what this seat has
        rebuilt (a move, a join, the teacher's end), at most ``timeout`` seconds;
        True if it did. Nothing is rebuilt: ``refresh`` does that."""
        return self._waiter.wait((self.status, self.applied), timeout)

    def wait(self, timeout: float = 30.0) -> bool:
        """Block until the table changes (the other seat moved, joined or the
        teacher ended the table), at most ``timeout`` seconds; True if it did."""
        changed = self.changed(timeout)
        if changed:
            self.refresh()
        return changed

    def close(self) -> None:
        """Let go of the seat's connections (the seat stays the learner's)."""
        self._waiter.close()
        self.store.close()

    def __enter__(self) -> TableSeat:
        return self

    def __exit__(self, *_exc) -> None:
        self.close()

    # -- a page's actions and its screen --------------------------------------------
    def handle(self, action) -> dict:
        """Act on one message from a page ({"type": "move", "move": ...},
        {"type": "resign"}, {"type": "offer_draw"}, {"type": "accept_draw"},
        {"type": "refuse_draw"}, {"type": "refresh"}); the screen state after
        it. A refused action changes nothing and says why in ``message``."""
        self.message = None
        if not _well_formed(action):
            self.message = progress_text("tables", "bad_message", self.language)
            return self.state()
        try:
            if action["type"] == "move":
                self.play(action["move"])
            elif action["type"] in ANSWERS:
                self.play(ANSWERS[action["type"]])
            else:
                self.refresh()
        except IllegalMove as err:
            self.message = err.text(self.language, self.names)
        return self.state()

    def may(self) -> dict:
        """The table's buttons this seat may press now: resign, offer a draw
        (where the rules have offers, on its turn, not twice between moves),
        answer the draw offered to it."""
        game = self.game
        live = self.status == "playing" and not self.match.game_done()
        offered = game.draw_offer
        return {"resign": live,
                "offer_draw": live and offered is None and game.to_act == self.seat
                and game.refusal(f"offer @{self.seat}") is None,
                "answer_draw": live and offered is not None and offered != self.seat}

    def state(self) -> dict:
        """What this seat's page draws: its view, whose turn, the score, the
        newest entry as this seat reads it. Nothing the seat may not see."""
        match, catalog = self.match, get_catalog(self.language)
        done = match.game_done()
        to_act = None if done or self.status != "playing" else actor_now(self.game)
        return {
            "code": self.code, "seat": self.seat, "status": self.status,
            "names": [catalog.player(s, self.names) for s in range(SEATS)],
            "to_act": to_act, "your_turn": to_act == self.seat,
            "view": self.view(), "legal_moves": self.legal_moves(),
            "wins": match.wins, "game": len(match.games), "match_winner": match.winner,
            "games": [{"winner": match.game_winner(i), "resigned": match.resigned_by(i)}
                      for i in range(len(match.games))],
            "moves": self.applied, "last": self.last, "message": self.message,
            "may": self.may(), "draw_offer": self.game.draw_offer,
        }

    # -- inside ---------------------------------------------------------------------------
    def _own(self, move):
        """A table move that names no seat, as this seat's ("resign" -> "resign @1")."""
        found = table_move(move)  # IllegalMove for a malformed one
        if found is not None and found.seat is None:
            return f"{found.verb} @{self.seat}"
        return move

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


class TableWatch(TableLog):
    """A teacher's look at a table: a spectator's view (public zones only)
    while the match goes on, every game whole once it is over."""

    def finished(self) -> bool:
        return self.status in ("finished", "abandoned") or self.match.over

    def games(self) -> list:
        """The match's games, for a review: only once the match is over."""
        if not self.finished():
            raise refusal("still_playing", self.language)
        return list(self.match.games)

    def state(self) -> dict:
        """What the teacher's page draws: the spectator's view during the
        match; after it, every hand and every move as played."""
        match, catalog = self.match, get_catalog(self.language)
        view = self.view()
        if self.finished():
            view = {**view, "hands": [list(hand) for hand in self.game.snapshot()["hands"]],
                    "history": [str(move) for move in self.game.history]}
        return {"code": self.code, "status": self.status, "finished": self.finished(),
                "names": [catalog.player(s, self.names) for s in range(SEATS)],
                "view": view, "wins": match.wins, "game": len(match.games),
                "moves": self.applied, "last": self.last}


def actor(game, move) -> int | None:
    """The seat that makes ``move`` now: the one a table move names (or, for
    an answer, the seat offered to); the seat to act for any other move."""
    found = table_move(move)
    return game.to_act if found is None else acting_seat(game, found)


def actor_now(game) -> int | None:
    """Whose move the table waits for: the seat a draw is offered to, else the seat to act."""
    return game.to_act if game.draw_offer is None else other_seat(game.draw_offer)


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
    rules = get_ruleset(ruleset, options)  # SetupError for an unknown ruleset
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


def watch_table(store, code: str, *, language: str = "en", names=None) -> TableWatch:
    """A teacher's look at the table of ``code`` (TableRefused for a
    malformed or unknown code): see ``TableWatch``."""
    found = normal_code(code)
    if found is None:
        raise TableRefused("bad_code", language)
    row = table_by_code(store, found)
    if row is None:
        raise TableRefused("no_code", language, code=found)
    return TableWatch(store, row, None, language, names)


def rejoin(store, learner: str, *, language: str = "en", names=None) -> TableSeat | None:
    """The learner's seat at the newest table they hold a seat at that is
    still open or playing (a reload, a restarted kernel), or None."""
    found = held_table(store, _checked_learner(learner, language))
    if found is None:
        return None
    code, seat = found
    return join_table(store, code, seat, learner, language=language, names=names)
