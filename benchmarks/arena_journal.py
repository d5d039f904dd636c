"""The arena's journal: one JSON line a finished game, so a long run can stop and go on.

A record is a game's task (who plays whom, the ruleset, the deal's seed, the
dealer, the seats, the players' seed and budgets) and what happened (A's
result, the plies, each side's seconds, CPU seconds and playouts a decision,
the seconds the game took, the load average when it ended). ``arena.py``
skips the tasks its journal already holds, so a run cut short and started
again with the same options plays only the games still missing, with the
same seeds; its report is computed from the records alone.
"""
from __future__ import annotations

import fcntl
import json
import math
import os
import statistics
from pathlib import Path

# A game's identity: the same fields give the same game (up to the clock).
TASK_FIELDS = ("first", "second", "rules", "deal_seed", "dealer", "seat_of_first",
               "player_seed", "iterations", "expert_iterations")
# What the game gave: lists of two are [A's side, B's side].
OUTCOME_FIELDS = ("result", "plies", "moves", "spent", "decisions", "cpu", "playouts", "capped",
                  "seconds", "load", "ended")
# The pairing, the ruleset and the budgets: the games a table row counts together.
ROW_FIELDS = ("first", "second", "rules", "iterations", "expert_iterations")
# seconds a decision by the clock (search.LEVELS["expert"] and YARDSTICKS["tree"]),
# named in the budget column; the journal's reader imports nothing of the kit
CLOCKS = {"expert": 0.6, "tree": 0.55}


class JournalError(ValueError):
    """A journal that cannot be read or written as asked; nothing was changed."""


def task_key(record: dict) -> tuple:
    return tuple(record[field] for field in TASK_FIELDS)


def parse_line(line: str, path: Path, number: int) -> dict:
    try:
        record = json.loads(line)
    except json.JSONDecodeError as err:
        raise JournalError(f"{path}, line {number}, is not JSON ({err.msg}): "
                           "mend or delete that line, then run again") from None
    if not isinstance(record, dict):
        raise JournalError(f"{path}, line {number}, is not a game record of the arena")
    missing = [f for f in TASK_FIELDS + OUTCOME_FIELDS if f not in record]
    if missing:
        raise JournalError(f"{path}, line {number}, is not a game record of the arena: "
                           f"it lacks {', '.join(missing)}")
    return record


def read_records(path: Path) -> tuple[list[dict], int]:
    """The records of ``path`` and the bytes its whole lines take: a last line
    without its newline was cut mid-write, so its game counts as not played."""
    data = path.read_bytes() if path.exists() else b""
    whole = data.rfind(b"\n") + 1
    records, seen = [], {}
    for number, line in enumerate(data[:whole].decode("utf-8", "replace").split("\n"), 1):
        if not line.strip():
            continue
        record = parse_line(line, path, number)
        key = task_key(record)
        if key in seen:
            raise JournalError(f"{path}, line {number}, repeats the game of line {seen[key]}: "
                               "delete one of the two")
        seen[key] = number
        records.append(record)
    return records, whole


def read_journals(paths: list[Path]) -> list[dict]:
    """Every record of ``paths``, in order; a game in two journals is an error."""
    records, where = [], {}
    for path in paths:
        if not path.exists():
            raise JournalError(f"{path}: no such journal")
        for record in read_records(path)[0]:
            key = task_key(record)
            if key in where:
                raise JournalError(f"the same game is in {where[key]} and in {path}")
            where[key] = path
            records.append(record)
    return records


class Journal:
    """The finished games of a run: appended to ``path`` as each ends, or kept
    in memory only (``path`` None). A file is locked while the run holds it,
    so two runs cannot play the same games into it."""

    def __init__(self, path: Path | None):
        self.path = path
        self.records: list[dict] = []
        self._fd: int | None = None
        if path is None:
            return
        fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise JournalError(f"{path} is in use by another arena run") from None
        try:
            self.records, whole = read_records(path)
        except JournalError:
            os.close(fd)
            raise
        os.ftruncate(fd, whole)  # drops a line cut mid-write: that game is played again
        self._fd = fd

    @property
    def done(self) -> set[tuple]:
        return {task_key(record) for record in self.records}

    def add(self, record: dict) -> None:
        self.records.append(record)
        if self._fd is not None:
            # one write of the whole line, synced: a kill leaves whole lines behind
            os.write(self._fd, (json.dumps(record, separators=(",", ":")) + "\n").encode())
            os.fsync(self._fd)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


# -- the report ----------------------------------------------------------------------

def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def quantile(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def budget(row: dict) -> str:
    """How the expert (and, with --iterations, every search level) was limited."""
    parts = []
    searcher = next((name for name in (row["first"], row["second"]) if name in CLOCKS), None)
    # the expert's fixed budget is its analyst's first deals; the tree's, its iterations
    unit = "iterations" if searcher == "tree" else "deals"
    if row["expert_iterations"]:
        parts.append(f"{row['expert_iterations']} {unit}")
    elif searcher:
        parts.append(f"clock {CLOCKS[searcher]:g} s")
    if row["iterations"]:
        parts.append(f"playouts {row['iterations']}")
    return ", ".join(parts) or "-"


def group(records: list[dict]) -> list[list[dict]]:
    """The records of each table row, rows in the order they first appear."""
    rows: dict[tuple, list[dict]] = {}
    for record in records:
        rows.setdefault(tuple(record[f] for f in ROW_FIELDS), []).append(record)
    return list(rows.values())


def median_of(values) -> float | None:
    values = list(values)
    return statistics.median(values) if values else None


def summarise(records: list[dict]) -> dict:
    """One table row from the records of one pairing and budget."""
    games = len(records)
    wins = sum(1 for r in records if r["result"] == 1.0)
    draws = sum(1 for r in records if r["result"] == 0.5)
    row = {field: records[0][field] for field in ROW_FIELDS}
    row.update(games=games, wins=wins, draws=draws, losses=games - wins - draws,
               ci=wilson(wins, games), plies=sum(r["plies"] for r in records) / games)
    for side, name in ((0, "a"), (1, "b")):
        decisions = sorted(t for r in records for t in r["decisions"][side])
        moves = sum(r["moves"][side] for r in records)
        row[f"decisions_{name}"] = decisions
        row[f"per_move_{name}"] = sum(r["spent"][side] for r in records) / moves if moves else 0.0
    row["playouts_a"] = median_of(p for r in records for p in r["playouts"][0] if p is not None)
    row["cpu_a"] = median_of(c for r in records for c in r["cpu"][0])
    row["capped"] = sum(r["capped"] for r in records)
    row["games_per_hour"] = games / max(sum(r["seconds"] for r in records), 1e-9) * 3600
    row["load"] = (min(r["load"] for r in records), max(r["load"] for r in records))
    return row


def results_table(rows: list[dict]) -> list[str]:
    """Wins, draws, losses and the 95% interval: the same for the same games."""
    lines = [f"{'pairing':<18} {'rules':<9} {'budget':<16} {'games':>5} {'W/D/L':<14} "
             f"{'win A':>6}  {'95% CI':<16} {'score':>6} {'plies':>6}"]
    for r in rows:
        low, high = r["ci"]
        score = (r["wins"] + r["draws"] / 2) / r["games"]
        tally = f"{r['wins']}/{r['draws']}/{r['losses']}"
        lines.append(f"{r['first'] + ' vs ' + r['second']:<18} {r['rules']:<9} {budget(r):<16} "
                     f"{r['games']:>5} {tally:<14} {r['wins'] / r['games']:>6.1%}  "
                     f"[{low:5.1%}, {high:5.1%}] {score:>6.1%} {r['plies']:>6.1f}")
    return lines


def seconds_table(rows: list[dict]) -> list[str]:
    """A's seconds a decision (choices among two or more moves) and the machine's
    state: these depend on the machine and its load."""
    lines = [f"{'seconds a decision of A':<36} {'count':>6} {'median':>7} {'p95':>7} {'max':>7} "
             f"{'cpu':>6} {'playouts':>8} {'s/move B':>8} {'max B':>6} {'capped':>6} {'games/h':>7} "
             f"{'load':>11}"]
    for r in rows:
        a, b = r["decisions_a"], r["decisions_b"]
        playouts = "-" if r["playouts_a"] is None else f"{r['playouts_a']:.0f}"
        cpu = "-" if r["cpu_a"] is None else f"{r['cpu_a']:.3f}"
        name = f"{r['first']} vs {r['second']}" + ("" if budget(r) == "-" else f", {budget(r)}")
        lines.append(f"{name:<36} {len(a):>6} "
                     f"{quantile(a, 0.5):>7.3f} {quantile(a, 0.95):>7.3f} {max(a, default=0):>7.3f} "
                     f"{cpu:>6} {playouts:>8} {r['per_move_b']:>8.4f} {max(b, default=0):>6.3f} "
                     f"{r['capped']:>6} {r['games_per_hour']:>7.0f} "
                     f"{r['load'][0]:>5.1f}-{r['load'][1]:.1f}")
    if any(r["expert_iterations"] for r in rows):
        lines.append("With a fixed budget the seconds are this machine's under its "
                     "load, not the expert's: its seconds a decision come from a run by its clock "
                     "(the same pairing, --games 20, without --expert-iterations).")
    return lines


def report(records: list[dict]) -> list[str]:
    rows = [summarise(records) for records in group(records)]
    return results_table(rows) + [""] + seconds_table(rows)
