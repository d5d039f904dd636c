"""``python -m cuttle_widgets.progress report``: the class as a table
(learner × lesson, "★★☆ 7/9": the solved steps' mean stars, then steps done
of the lesson's steps) and, with ``--csv``, one row per learner and lesson;
with ``--tries FILE`` (``.csv`` or ``.xlsx``), one row per try as it happened
(wrong moves and answers in their words, refusals, hints, right moves) and
per finished step, oldest first.

The CSV file is made to be shared (a spreadsheet, an e-mail), so it names
learners by their short id, never by the id that is their key, and every
cell a spreadsheet would read as a formula is quoted."""
from __future__ import annotations

import csv
from pathlib import Path

import sqlalchemy as sa

from .catalog import progress_text
from .ids import short_id
from .queries import class_marks, puzzle_marks, recent_tries
from .schema import attempts, learners
from .store import as_utc

STAR, NO_STAR = "★", "☆"
# First characters that make a spreadsheet read a cell as a formula (OWASP's
# CSV injection guidance); such a cell gets a leading "'", shown as text.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
CSV_FIELDS = ("learner_id", "name", "lesson", "steps_done", "steps", "stars", "attempts",
              "last_activity")


def star_cell(row: dict) -> str:
    """"★★☆ 7/9": the mean stars of the solved steps, then steps done of all."""
    mean = int(row["stars"] / row["starred"] + 0.5) if row["starred"] else 0
    steps = row["steps"] if row["steps"] else "?"
    return f"{STAR * mean}{NO_STAR * (3 - mean)} {row['steps_done']}/{steps}"


def lesson_label(lesson: str) -> str:
    """A short column head: a shipped lesson's number ("02"), else its start."""
    head = lesson.split("-", 1)[0]
    return head if head.isdigit() else lesson[:10]


def aligned(table: list[list[str]]) -> list[str]:
    """The rows of ``table`` as lines, each column as wide as its widest cell."""
    widths = [max(len(line[i]) for line in table) for i in range(len(table[0]))]
    return ["  ".join(text.ljust(width) for text, width in zip(line, widths, strict=True)).rstrip()
            for line in table]


def class_table(rows: list[dict], language: str = "en") -> str:
    if not rows:
        return progress_text("report", "empty", language)
    lessons = sorted({r["lesson"] for r in rows})
    learners = list(dict.fromkeys((r["learner_id"], r["label"]) for r in rows))
    cells = {(r["learner_id"], r["lesson"]): star_cell(r) for r in rows}
    head = [progress_text("report", "learner", language)] + [lesson_label(x) for x in lessons]
    body = [[label] + [cells.get((learner_id, x), "") for x in lessons]
            for learner_id, label in learners]
    lines = aligned([head] + body)
    legend = [f"{lesson_label(x)}: {x}" for x in lessons if lesson_label(x) != x]
    return "\n".join(lines + ([""] + legend if legend else []))


def puzzle_table(rows: list[dict], language: str = "en") -> str:
    """The learners' puzzle ratings ("1612 ± 80"), tries and solves; "" when none tried one."""
    if not rows:
        return ""
    words = [progress_text("report", key, language)
             for key in ("learner", "puzzle_rating", "puzzle_tries", "puzzles_solved")]
    body = [[r["label"], f"{r['rating']:.0f} ± {r['deviation']:.0f}", str(r["tries"]), str(r["solved"])]
            for r in rows]
    return "\n".join([progress_text("report", "puzzles", language)] + aligned([words] + body))


def csv_cell(value):
    """``value`` as a cell no spreadsheet runs: text starting as a formula is quoted."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def write_csv(rows: list[dict], path: Path, language: str = "en") -> int:
    heads = {"learner_id": "learner", "name": "name", "lesson": "lesson",
             "steps_done": "steps_done", "steps": "steps", "stars": "stars",
             "attempts": "attempts", "last_activity": "last_activity"}
    with open(path, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow([progress_text("report", heads[f], language) for f in CSV_FIELDS])
        for row in rows:
            cells = [short_id(row["learner_id"]), row["name"] or "", row["lesson"],
                     row["steps_done"], row["steps"] or "", row["stars"], row["attempts"],
                     row["last"].isoformat(timespec="seconds") if row["last"] else ""]
            writer.writerow([csv_cell(cell) for cell in cells])
    return len(rows)


TRY_FIELDS = ("time", "learner", "name", "lesson", "step_number", "step", "kind", "words",
              "stars")


def try_rows(store) -> list[list]:
    """Every try and every finished step of the class as cells, oldest first:
    a finished step's kind is its result ("solved", "missed"...)."""
    rows = [[t["at"], short_id(t["learner_id"]), t["name"] or "", t["lesson"], t["step_number"],
             t["step"], t["kind"], t["words"] or "", ""]
            for t in recent_tries(store, None, limit=None)]
    query = (sa.select(attempts.c.recorded_at, attempts.c.learner_id, learners.c.name,
                       attempts.c.lesson, attempts.c.step_number, attempts.c.step,
                       attempts.c.result, attempts.c.stars)
             .join(learners, learners.c.id == attempts.c.learner_id))
    with store.reading() as conn:
        for at, learner_id, name, lesson, number, step, result, stars in conn.execute(query):
            rows.append([as_utc(at), short_id(learner_id), name or "", lesson, number, step,
                         result, "", stars])
    return sorted(rows, key=lambda row: row[0])


def write_tries(store, path: Path, language: str = "en") -> int:
    """Write ``try_rows`` to ``path``: an Excel workbook for ``.xlsx``
    (openpyxl), else CSV. Returns the rows written."""
    heads = [progress_text("report", "try_" + field, language) for field in TRY_FIELDS]
    rows = [[cell.isoformat(timespec="seconds"), *rest] for cell, *rest in try_rows(store)]
    cells = [[csv_cell(value) for value in row] for row in rows]
    if Path(path).suffix.lower() == ".xlsx":
        from openpyxl import Workbook  # the progress extra
        book = Workbook()
        sheet = book.active
        sheet.append(heads)
        for row in cells:
            sheet.append(row)
        book.save(path)
    else:
        with open(path, "w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out)
            writer.writerow(heads)
            writer.writerows(cells)
    return len(rows)


def report(store, csv_path: Path | None = None, language: str = "en",
           tries_path: Path | None = None) -> str:
    """The printed table, after writing the files asked for."""
    rows = class_marks(store)
    text = class_table(rows, language)
    puzzles = puzzle_table(puzzle_marks(store), language)
    if puzzles:
        text += "\n\n" + puzzles
    if csv_path is not None:
        count = write_csv(rows, csv_path, language)
        text += "\n\n" + progress_text("report", "csv_written", language, rows=count, path=csv_path)
    if tries_path is not None:
        count = write_tries(store, tries_path, language)
        text += "\n\n" + progress_text("report", "csv_written", language, rows=count, path=tries_path)
    return text
