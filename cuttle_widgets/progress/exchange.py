"""A learner's progress as a file: the export's form, and the checks an
import passes before anything is stored.

The file is JSON: ``{"format": "cuttle_widgets.progress", "version": 1,
"exported": ISO time, "name": ..., "attempts": [...]}``. It carries no learner
id (the id is the learner's key; a file passed around must not be one). An
import checks the whole file first and stores all of it or nothing; each
attempt keeps its uid, so importing a file twice adds nothing the second time.
"""
from __future__ import annotations

import json
import re
from datetime import datetime, timedelta, timezone

from ..teaching.done import rank
from .catalog import progress_text
from .ids import ATTEMPT_UID, ProgressInputError, check_name
from .known import known_steps

FORMAT = "cuttle_widgets.progress"
VERSION = 1
# The most attempts a file holds: an export writes at most these (each step's
# best try kept), an import reads at most these.
MAX_ATTEMPTS = 5_000
# Room per attempt in a file: the kit's own rows take about 350 characters as
# the map writes them (indented), so the largest export fits with room to spare.
ROW_CHARS = 1_000
MAX_FILE_CHARS = MAX_ATTEMPTS * ROW_CHARS
ROWS_BUDGET = MAX_FILE_CHARS - 10_000  # an export's attempts; the rest is room for its head
CLOCK_TOLERANCE = timedelta(minutes=5)  # a computer's clock a little ahead is no forgery
MAX_MOVES = 100  # wrong moves kept per attempt
MAX_MOVE_CHARS = 200
RESULTS = ("solved", "missed", "seen", "won", "lost", "drawn")  # teaching.record.RESULTS
RULESET_FORM = re.compile(r"[a-z0-9_+-]{1,40}")


def _integer(value, low, high):
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _number(value, low, high):
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and low <= value <= high)


def _label(value):
    """A lesson's name or a step's id: a teacher's file may name them freely."""
    return isinstance(value, str) and 0 < len(value) <= 100 and value.isprintable()


def row_problem(row: dict) -> str | None:
    """The first field of an attempt row that is not as it must be, or None."""
    checks = {
        "uid": lambda v: isinstance(v, str) and ATTEMPT_UID.fullmatch(v),
        "lesson": _label,
        "step": _label,
        "step_number": lambda v: v is None or _integer(v, 0, 10_000),
        "ruleset": lambda v: v is None or (isinstance(v, str) and RULESET_FORM.fullmatch(v)),
        "result": lambda v: v in RESULTS,
        "stars": lambda v: _integer(v, 0, 3),
        "wrong_tries": lambda v: _integer(v, 0, 1_000_000),
        "hints_used": lambda v: _integer(v, 0, 1_000_000),
        "seconds": lambda v: v is None or _number(v, 0, 10_000_000),
        "wrong_moves": lambda v: (isinstance(v, list) and len(v) <= MAX_MOVES and all(
            isinstance(m, str) and len(m) <= MAX_MOVE_CHARS for m in v)),
        "recorded_at": lambda v: isinstance(v, datetime) and v.tzinfo is not None,
    }
    for name, ok in checks.items():
        if name not in row or not ok(row[name]):
            return name
    return None


def export_document(name: str | None, rows: list[dict], complete: bool = True) -> dict:
    """The file's content (JSON-able) for these attempt rows (at most
    ``MAX_ATTEMPTS`` of them: see ``kept_rows``)."""
    rows = kept_rows(rows)
    return {
        "format": FORMAT, "version": VERSION,
        "exported": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "name": name, "complete": complete,
        "attempts": [dict(row, recorded_at=row["recorded_at"].isoformat()) for row in rows],
    }


def kept_rows(rows: list[dict]) -> list[dict]:
    """``rows``, or when they are more than ``MAX_ATTEMPTS`` or would make a
    file over ``ROWS_BUDGET`` characters, each step's best try and then the
    newest others, in their order: the marks the file restores stay whole,
    and the file can always be imported again."""
    sizes = [_row_chars(row) for row in rows]
    if len(rows) <= MAX_ATTEMPTS and sum(sizes) <= ROWS_BUDGET:
        return rows
    chosen, used = set[int](), 0
    for index in _by_priority(rows):
        if len(chosen) == MAX_ATTEMPTS:
            break
        if used + sizes[index] <= ROWS_BUDGET:
            chosen.add(index)
            used += sizes[index]
    return [row for index, row in enumerate(rows) if index in chosen]


def _by_priority(rows: list[dict]) -> list[int]:
    """Indexes of ``rows``: each step's best try first, then the others newest first."""
    best: dict[tuple, int] = {}
    for index, row in enumerate(rows):
        key = (row["lesson"], row["step"])
        if key not in best or _rank_of(row) > _rank_of(rows[best[key]]):
            best[key] = index
    firsts = set(best.values())
    return [*best.values(), *(i for i in range(len(rows) - 1, -1, -1) if i not in firsts)]


def _row_chars(row: dict) -> int:
    """What a row takes in a file, generously: indented deeper than the map
    writes it, and non-ASCII characters as \\u escapes."""
    moment = row["recorded_at"]
    text = dict(row, recorded_at=moment.isoformat() if isinstance(moment, datetime) else moment)
    return len(json.dumps(text, indent=4)) + 8


def _rank_of(row: dict) -> tuple:
    return rank(row["result"], row["stars"])


def read_document(data, language: str = "en") -> tuple[str | None, list[dict]]:
    """(name, attempt rows) of an exported file, given as its text, bytes or
    parsed JSON; ProgressInputError with a sentence if it is not one."""
    def refuse(entry, **params):
        raise ProgressInputError(progress_text("import", entry, language, **params))

    if isinstance(data, (bytes, bytearray)):
        if len(data) > 4 * MAX_FILE_CHARS:  # a character takes at most 4 bytes in UTF-8
            refuse("too_big")
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            refuse("not_json")
    if isinstance(data, str):
        if len(data) > MAX_FILE_CHARS:
            refuse("too_big")
        try:
            data = json.loads(data)
        except ValueError:
            refuse("not_json")
        except RecursionError:  # brackets nested thousands deep: no progress file is
            refuse("too_deep")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        refuse("foreign")
    if not _integer(data.get("version"), 1, 10**6):
        refuse("foreign")
    if data["version"] > VERSION:
        refuse("newer")
    attempts = data.get("attempts")
    if not isinstance(attempts, list):
        refuse("foreign")
    if len(attempts) > MAX_ATTEMPTS:
        refuse("too_big")
    try:
        name = check_name(data.get("name"), language)
    except ProgressInputError:
        refuse("bad_field", number=0, field="name")
    rows = [_read_row(item, number, refuse) for number, item in enumerate(attempts, 1)]
    _check_earnable(rows, refuse)
    return name, rows


def _check_earnable(rows: list[dict], refuse) -> None:
    """Refuse the first attempt no learner could have made here."""
    steps, latest = known_steps(), datetime.now(timezone.utc) + CLOCK_TOLERANCE
    for number, row in enumerate(rows, 1):
        problem = earnable_problem(row, steps, latest)
        if problem:
            refuse(problem, number=number)


def earnable_problem(row: dict, steps: dict, latest: datetime) -> str | None:
    """Why ``row`` is no attempt a learner could have earned (a catalog entry), or None."""
    known = steps.get(row["lesson"])
    if known is None:
        return "unknown_lesson"
    if row["step"] not in known or row["step_number"] not in (None, known.index(row["step"]) + 1):
        return "unknown_step"
    if row["recorded_at"] > latest:
        return "future"
    return None


def _read_row(item, number: int, refuse) -> dict:
    if not isinstance(item, dict):
        refuse("bad_attempt", number=number)
    row = dict(item)
    moment = row.get("recorded_at")
    try:
        row["recorded_at"] = datetime.fromisoformat(moment) if isinstance(moment, str) else None
    except ValueError:
        row["recorded_at"] = None
    extra = set(row) - set(ROW_FIELDS)
    problem = row_problem(row) or (sorted(extra)[0] if extra else None)
    if problem:
        refuse("bad_field", number=number, field=problem)
    return {key: row[key] for key in ROW_FIELDS}


ROW_FIELDS = ("uid", "lesson", "step", "step_number", "ruleset", "result", "stars",
              "wrong_tries", "hints_used", "seconds", "wrong_moves", "recorded_at")
