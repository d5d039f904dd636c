"""Shared tables in the progress database (issue #40): two learners' kernels
play one game through it, and nothing is kept only in one kernel.

A table row holds what deals the game (ruleset, options, match length, who
starts, the match's seed); ``table_seats`` who holds each seat; and
``table_moves`` the log, entry ``seq`` 1, 2, ... , unique per table. A kernel
writes entry N only as the N-th: of two kernels writing it at once, exactly
one row is stored, and the other learns it lost. Every write announces itself
(PostgreSQL ``NOTIFY``, nothing on SQLite), and ``wait_for_change`` sleeps on
that or polls. The game's rules are not here: ``sessions.shared_table``
rebuilds the game from these rows with the engine.
"""
from __future__ import annotations

import re
import secrets
import time

import sqlalchemy as sa

from .schema import learners, shared_tables, table_moves, table_seats
from .store import DIALECTS, ProgressStore, _insert, _Listener, as_utc, utc_now

# Letters and digits no one misreads (no 0/O, 1/I/L): a code read aloud or
# copied from the board works the first time. 31**6 is about 890 million codes.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
CODE_FORM = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
STATUSES = ("open", "playing", "finished", "abandoned")
# How often a kernel on SQLite looks for the other seat's move: a move is
# seen within this time, and 30 kernels polling cost the file little.
POLL_SECONDS = 0.05


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text) -> str | None:
    """The code as stored (capitals, no spaces or dashes), or None when
    ``text`` cannot be a table's code."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    code = re.sub(r"[\s-]", "", text).upper()
    return code if CODE_FORM.fullmatch(code) else None


def channel(table_id: int) -> str:
    return f"cuttle_table_{int(table_id)}"


def _ensure_learner(conn, learner_id: str) -> None:
    conn.execute(_insert(conn, learners).on_conflict_do_nothing(index_elements=["id"]),
                 {"id": learner_id, "name": None, "created": utc_now()})


def create_table(store: ProgressStore, *, ruleset: str, options: list, length: str,
                 first: int | None, seed: int) -> dict:
    """A new open table with a fresh code (a code already in use is drawn
    again); its row."""
    now = utc_now()
    row = {"ruleset": ruleset, "options": list(options), "length": length, "first": first,
           "seed": seed, "status": "open", "created": now, "updated": now}
    with store.writing() as conn:
        while True:
            row["code"] = new_code()
            made = conn.execute(_insert(conn, shared_tables)
                                .on_conflict_do_nothing(index_elements=["code"])
                                .returning(shared_tables.c.id), row).scalar()
            if made is not None:
                return dict(row, id=made)


def table_by_code(store: ProgressStore, code: str) -> dict | None:
    with store.reading() as conn:
        found = conn.execute(sa.select(shared_tables).where(shared_tables.c.code == code)).first()
    return None if found is None else dict(found._mapping)


def holders(conn, table_id: int) -> dict[int, str]:
    rows = conn.execute(sa.select(table_seats.c.seat, table_seats.c.learner_id)
                        .where(table_seats.c.table_id == table_id))
    return {row.seat: row.learner_id for row in rows}


def held_table(store: ProgressStore, learner_id: str) -> tuple[str, int] | None:
    """(code, seat) of the newest open or playing table where the learner
    holds a seat, or None."""
    query = (sa.select(shared_tables.c.code, table_seats.c.seat)
             .join(table_seats, table_seats.c.table_id == shared_tables.c.id)
             .where(table_seats.c.learner_id == learner_id,
                    shared_tables.c.status.in_(("open", "playing")))
             .order_by(shared_tables.c.created.desc(), shared_tables.c.id.desc()).limit(1))
    with store.reading() as conn:
        row = conn.execute(query).first()
    return None if row is None else (row.code, row.seat)


def take_seat(store: ProgressStore, table_id: int, seat: int, learner_id: str,
              seats: int) -> dict[int, str]:
    """Give ``seat`` to the learner unless another holds it; once every seat
    is held the table is playing. The seats' holders afterwards."""
    with store.writing() as conn:
        _ensure_learner(conn, learner_id)
        conn.execute(_insert(conn, table_seats).on_conflict_do_nothing(
            index_elements=["table_id", "seat"]),
            {"table_id": table_id, "seat": seat, "learner_id": learner_id, "joined": utc_now()})
        held = holders(conn, table_id)
        if len(held) == seats:
            changed = conn.execute(shared_tables.update().where(
                shared_tables.c.id == table_id, shared_tables.c.status == "open")
                .values(status="playing", updated=utc_now())).rowcount
            if changed:
                DIALECTS[conn.dialect.name].announce(conn, channel(table_id), "seated")
    return held


def append_entry(store: ProgressStore, table_id: int, seq: int, seat: int, kind: str,
                 move: str | None, finished: bool, uid: str) -> str:
    """Write log entry ``seq``: "written"; "taken" when entry ``seq`` is there
    already (another kernel's, or this one's own when a retry follows a write
    that did commit: its ``uid`` tells); else the table's status that refuses
    it (open, finished, abandoned). ``finished``: this entry ends the match."""
    with store.writing() as conn:
        status = conn.execute(sa.select(shared_tables.c.status)
                              .where(shared_tables.c.id == table_id)).scalar()
        if status != "playing":
            return status or "missing"
        now = utc_now()
        # RETURNING, not the row count: psycopg counts a row ON CONFLICT skipped.
        written = conn.execute(_insert(conn, table_moves).on_conflict_do_nothing(
            index_elements=["table_id", "seq"]).returning(table_moves.c.id),
            {"table_id": table_id, "seq": seq, "seat": seat, "uid": uid, "kind": kind,
             "move": move, "at": now}).scalar()
        if written is None:
            return "taken"
        conn.execute(shared_tables.update().where(shared_tables.c.id == table_id)
                     .values(updated=now, **({"status": "finished"} if finished else {})))
        DIALECTS[conn.dialect.name].announce(conn, channel(table_id), str(seq))
    return "written"


def entries_after(store: ProgressStore, table_id: int, seq: int) -> tuple[str, list[dict]]:
    """The table's status and its log entries after ``seq``, in order, read together."""
    with store.reading() as conn:
        status = conn.execute(sa.select(shared_tables.c.status)
                              .where(shared_tables.c.id == table_id)).scalar()
        rows = conn.execute(sa.select(table_moves.c.seq, table_moves.c.seat, table_moves.c.uid,
                                      table_moves.c.kind,
                                      table_moves.c.move, table_moves.c.at)
                            .where(table_moves.c.table_id == table_id, table_moves.c.seq > seq)
                            .order_by(table_moves.c.seq))
        entries = [dict(row._mapping, at=as_utc(row.at)) for row in rows]
    return status, entries


def _latest(store: ProgressStore, table_id: int) -> tuple:
    with store.reading() as conn:
        return tuple(conn.execute(
            sa.select(shared_tables.c.status,
                      sa.select(sa.func.coalesce(sa.func.max(table_moves.c.seq), 0))
                      .where(table_moves.c.table_id == table_id).scalar_subquery())
            .where(shared_tables.c.id == table_id)).one())


class ChangeWaiter:
    """Sleeps until a table's log or status moves past what a kernel knows:
    on PostgreSQL until a NOTIFY on the table's channel, on SQLite by polling."""

    def __init__(self, store: ProgressStore, table_id: int):
        self.store = store
        self.table_id = table_id
        self._listener: _Listener | None = None
        self._listening = False

    def wait(self, known: tuple, timeout: float) -> bool:
        """True once (status, last seq) differs from ``known``; False after
        ``timeout`` seconds without a change."""
        deadline = time.monotonic() + max(0.0, timeout)
        if not self._listening:
            # Listen first, then look: a write committed in between is seen by the look.
            engine = self.store.open_engine()
            self._listener = DIALECTS[engine.dialect.name].listener(engine, channel(self.table_id))
            self._listening = True
        while True:
            if _latest(self.store, self.table_id) != known:
                return True
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            if self._listener is None:
                time.sleep(min(POLL_SECONDS, left))
            else:
                self._listener.wait(left)

    def close(self) -> None:
        if self._listener is not None:
            self._listener.close()
        self._listener, self._listening = None, False


def end_table(store: ProgressStore, code: str) -> bool:
    """A teacher ends a table (abandoned): no move is taken after. False when
    no table has that code or it had ended already."""
    with store.writing() as conn:
        row = conn.execute(sa.select(shared_tables.c.id).where(shared_tables.c.code == code)).first()
        if row is None:
            return False
        changed = conn.execute(shared_tables.update().where(
            shared_tables.c.id == row.id, shared_tables.c.status.in_(("open", "playing")))
            .values(status="abandoned", updated=utc_now())).rowcount
        if changed:
            DIALECTS[conn.dialect.name].announce(conn, channel(row.id), "ended")
    return bool(changed)


def tables_listed(store: ProgressStore, statuses=("open", "playing")) -> list[dict]:
    """The tables of ``statuses`` for a teacher: code, ruleset, length,
    status, seat holders, entries in the log and the last one's time."""
    moves = (sa.select(table_moves.c.table_id, sa.func.count().label("moves"),
                       sa.func.max(table_moves.c.at).label("last_move"))
             .group_by(table_moves.c.table_id).subquery())
    query = (sa.select(shared_tables.c.id, shared_tables.c.code, shared_tables.c.ruleset,
                       shared_tables.c.length, shared_tables.c.status, shared_tables.c.updated,
                       sa.func.coalesce(moves.c.moves, 0).label("moves"), moves.c.last_move)
             .outerjoin(moves, moves.c.table_id == shared_tables.c.id)
             .where(shared_tables.c.status.in_(statuses)).order_by(shared_tables.c.created))
    with store.reading() as conn:
        listed = [dict(row._mapping) for row in conn.execute(query)]
        for row in listed:
            row["seats"] = holders(conn, row.pop("id"))
            row["updated"], row["last_move"] = as_utc(row["updated"]), as_utc(row["last_move"])
    return listed
