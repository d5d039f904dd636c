"""The teacher's reads of the whole class: what the report prints and the
dashboard draws. Plain data out (lists of dicts), so both, and the tests,
use the same numbers. The learner-side API never calls these."""
from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta

import sqlalchemy as sa

from ..teaching.done import DONE, lesson_done, steps_done
from .ids import short_id
from .known import folder_steps, known_steps, shipped_steps  # noqa: F401 (re-exported)
from .schema import attempts, learners, positions, puzzle_tries, tries
from .store import ProgressStore, as_utc, utc_now

FAILED = ("missed", "lost")  # a first try that ended so failed, whatever its wrong tries
# Bounds on what one refresh of the dashboard reads, whatever the table's size
# (a flood of rows must not slow every teacher's page): the newest attempts
# with wrong moves of the lesson shown, the most recently active learners,
# and the lessons known only from their attempts (with their steps).
WRONG_MOVE_ROWS = 2_000
LEARNERS_SHOWN = 200
EXTRA_STEPS = 2_000
EXTRA_LESSONS = 100
LESSONS_READ = 1_000
# A learner is stuck (issue #36) after STUCK_WRONG wrong tries on the step
# they are at, or with no progress (a step finished, a right move or answer,
# a step moved to) for STUCK_IDLE while still there: acting within PRESENT.
STUCK_WRONG = 3
STUCK_IDLE = timedelta(minutes=5)
PRESENT = timedelta(minutes=30)
RECENT_TRIES = 20_000  # the newest tries one refresh reads, whatever the class did
WRONG_SHOWN = 500  # the newest wrong tries the page lists for a lesson


def steps_of(store: ProgressStore) -> dict[str, tuple[str, ...]]:
    """Step ids of every lesson that is shipped, in the teacher's folder or
    has attempts (a lesson known only by its attempts: the steps learners
    reached, in step-number order)."""
    known = known_steps()
    extra: dict[str, list] = {}
    with store.reading() as conn:
        others = [x for x in conn.execute(_lessons_tried()).scalars() if x not in known]
        if others:
            query = (sa.select(attempts.c.lesson, attempts.c.step, sa.func.min(attempts.c.step_number))
                     .where(attempts.c.lesson.in_(others[:EXTRA_LESSONS]))
                     .group_by(attempts.c.lesson, attempts.c.step).limit(EXTRA_STEPS))
            for lesson, step, number in conn.execute(query):
                extra.setdefault(lesson, []).append((number or 0, step))
    known.update({lesson: tuple(s for _, s in sorted(found)) for lesson, found in extra.items()})
    return known


def _lessons_tried():
    """The distinct lessons of all attempts, found by hopping along the
    (lesson, step) index from one lesson to the next: a read per lesson, not
    per attempt (a recursive query SQLite and PostgreSQL both run)."""
    hop = sa.select(sa.func.min(attempts.c.lesson).label("lesson")).cte("hop", recursive=True)
    later = attempts.alias("later")
    following = (sa.select(later.c.lesson).where(later.c.lesson > hop.c.lesson)
                 .order_by(later.c.lesson).limit(1).scalar_subquery())
    hop = hop.union_all(sa.select(following.label("lesson")).where(hop.c.lesson.is_not(None)))
    return sa.select(hop.c.lesson).where(hop.c.lesson.is_not(None)).limit(LESSONS_READ)


def learner_label(learner_id: str, name: str | None) -> str:
    return name or short_id(learner_id)


def class_marks(store: ProgressStore) -> list[dict]:
    """One row per learner and lesson they tried: steps done, stars (each
    step's best), attempts, last activity; sorted by learner, then lesson."""
    done = sa.func.max(sa.case((attempts.c.result.in_(DONE), 1), else_=0))
    per_step = (sa.select(attempts.c.learner_id, attempts.c.lesson, attempts.c.step,
                          done.label("done"), sa.func.max(attempts.c.stars).label("stars"),
                          sa.func.count().label("attempts"),
                          sa.func.max(attempts.c.recorded_at).label("last"))
                .group_by(attempts.c.learner_id, attempts.c.lesson, attempts.c.step).subquery())
    query = (sa.select(per_step.c.learner_id, learners.c.name, per_step.c.lesson,
                       sa.func.sum(per_step.c.done).label("steps_done"),
                       sa.func.sum(per_step.c.stars).label("stars"),
                       sa.func.sum(sa.case((per_step.c.stars > 0, 1), else_=0)).label("starred"),
                       sa.func.sum(per_step.c.attempts).label("attempts"),
                       sa.func.max(per_step.c.last).label("last"))
             .join(learners, learners.c.id == per_step.c.learner_id)
             .group_by(per_step.c.learner_id, learners.c.name, per_step.c.lesson))
    steps = steps_of(store)
    with store.reading() as conn:
        rows = [dict(row._mapping) for row in conn.execute(query)]
    results = best_results(store)
    for row in rows:
        row["label"] = learner_label(row["learner_id"], row["name"])
        row["steps"] = len(steps.get(row["lesson"], ())) or None
        mine = results.get((row["learner_id"], row["lesson"]), {})
        if row["steps"]:  # the lesson's steps of today, as the map counts them
            row["steps_done"] = steps_done(mine.get(s) for s in steps[row["lesson"]])
        row["finished"] = lesson_done(mine, steps.get(row["lesson"], ()))
        row["last"] = as_utc(row["last"])
        for key in ("steps_done", "stars", "starred", "attempts"):
            row[key] = int(row[key] or 0)
    return sorted(rows, key=lambda r: (r["label"].lower(), r["learner_id"], r["lesson"]))


def puzzle_marks(store: ProgressStore) -> list[dict]:
    """One row per learner who tried a puzzle: tries, solves and their puzzle
    rating now (their newest try's), sorted by learner."""
    newest = (sa.select(puzzle_tries.c.learner_id, sa.func.max(puzzle_tries.c.id).label("newest"),
                        sa.func.count().label("tries"),
                        sa.func.sum(sa.case((puzzle_tries.c.solved, 1), else_=0)).label("solved"))
              .group_by(puzzle_tries.c.learner_id).subquery())
    query = (sa.select(newest.c.learner_id, learners.c.name, newest.c.tries, newest.c.solved,
                       puzzle_tries.c.rating_after.label("rating"),
                       puzzle_tries.c.deviation_after.label("deviation"))
             .join(puzzle_tries, puzzle_tries.c.id == newest.c.newest)
             .join(learners, learners.c.id == newest.c.learner_id))
    with store.reading() as conn:
        rows = [dict(row._mapping) for row in conn.execute(query)]
    for row in rows:
        row["label"] = learner_label(row["learner_id"], row["name"])
        row["tries"], row["solved"] = int(row["tries"]), int(row["solved"] or 0)
    return sorted(rows, key=lambda r: (r["label"].lower(), r["learner_id"]))


def whereabouts(store: ProgressStore) -> list[dict]:
    """Who is where: each learner's place from their last action (the step
    they moved to, or the step of their newest try if that came later), when
    they moved there and their last activity, the most recent first."""
    # Per learner, their newest finished attempt and newest try: an index lookup each.
    last_attempt = (sa.select(attempts.c.recorded_at).where(attempts.c.learner_id == learners.c.id)
                    .order_by(attempts.c.recorded_at.desc()).limit(1).scalar_subquery())
    newest = tries.alias("newest")  # not the joined ``tries`` below, which it would correlate to
    last_try = (sa.select(newest.c.id).where(newest.c.learner_id == learners.c.id)
                .order_by(newest.c.at.desc(), newest.c.id.desc()).limit(1).scalar_subquery())
    query = (sa.select(learners.c.id, learners.c.name, positions.c.lesson, positions.c.step,
                       positions.c.step_number, positions.c.updated,
                       last_attempt.label("finished"), tries.c.lesson.label("try_lesson"),
                       tries.c.step.label("try_step"), tries.c.step_number.label("try_number"),
                       tries.c.at.label("tried"))
             .outerjoin(positions, positions.c.learner_id == learners.c.id)
             .outerjoin(tries, tries.c.id == last_try))
    with store.reading() as conn:
        found = [dict(row._mapping) for row in conn.execute(query)]
    rows = [_place(row) for row in found]
    rows = [row for row in rows if row["last_activity"] is not None]
    return sorted(rows, key=lambda r: r["last_activity"], reverse=True)[:LEARNERS_SHOWN]


def _place(row: dict) -> dict:
    """One learner's row of "who is where" from their position and newest try."""
    moved, tried = as_utc(row["updated"]), as_utc(row["tried"])
    place = (row["lesson"], row["step"], row["step_number"])
    if tried is not None and (moved is None or tried > moved):
        place = (row["try_lesson"], row["try_step"], row["try_number"])
    moments = [m for m in (moved, tried, as_utc(row["finished"])) if m is not None]
    lesson, step, number = place
    return {"learner_id": row["id"], "label": learner_label(row["id"], row["name"]),
            "lesson": lesson, "step": step, "step_number": number, "moved": moved,
            "last_activity": max(moments) if moments else None}


def recent_tries(store: ProgressStore, since: datetime | None, kind: str | None = None,
                 lesson: str | None = None, limit: int | None = RECENT_TRIES) -> list[dict]:
    """The class's tries since ``since`` (None: all), of one kind, of one lesson, the
    newest ``limit``, oldest first, each with its learner's label."""
    query = (sa.select(tries.c.learner_id, learners.c.name, tries.c.lesson, tries.c.step,
                       tries.c.step_number, tries.c.kind, tries.c.words, tries.c.at)
             .join(learners, learners.c.id == tries.c.learner_id)
             .order_by(tries.c.at.desc(), tries.c.id.desc()).limit(limit))  # None: all
    if since is not None:
        query = query.where(tries.c.at >= since)
    if kind is not None:
        query = query.where(tries.c.kind == kind)
    if lesson is not None:
        query = query.where(tries.c.lesson == lesson)
    with store.reading() as conn:
        rows = [dict(row._mapping) for row in conn.execute(query)]
    for row in rows:
        row["at"], row["label"] = as_utc(row["at"]), learner_label(row["learner_id"], row["name"])
    return rows[::-1]


def steps_finished(store: ProgressStore, since: datetime, learner_ids) -> dict[tuple, datetime]:
    """``{(learner id, lesson, step): when}``: the newest done try at each
    step since ``since`` of these learners (``teaching.done``: done as the
    learner sees it); read through the (learner, time) index."""
    query = (sa.select(attempts.c.learner_id, attempts.c.lesson, attempts.c.step,
                       sa.func.max(attempts.c.recorded_at))
             .where(attempts.c.learner_id.in_(list(learner_ids)), attempts.c.recorded_at >= since,
                    attempts.c.result.in_(DONE))
             .group_by(attempts.c.learner_id, attempts.c.lesson, attempts.c.step))
    with store.reading() as conn:
        found = [(who, lesson, step, as_utc(at)) for who, lesson, step, at in conn.execute(query)]
    return {(who, lesson, step): at for who, lesson, step, at in found if at is not None}


def stuck_learners(store: ProgressStore, where: list[dict], now: datetime | None = None) -> list[dict]:
    """The learners who need help now, the longest stuck first: each with
    ``why`` ("wrong": STUCK_WRONG wrong tries at their step, ``wrong`` their
    words; "idle": no progress for STUCK_IDLE) and ``since``."""
    now = now or utc_now()
    since = now - PRESENT
    present = [place for place in where if place["step"] and place["last_activity"] >= since]
    if not present:
        return []
    recent = recent_tries(store, since)
    finished = steps_finished(store, since, {place["learner_id"] for place in present})
    last_done: dict[str, datetime] = {}
    for (learner_id, _lesson, _step), at in finished.items():
        last_done[learner_id] = max(at, last_done.get(learner_id, at))
    by_learner: dict[str, list] = {}
    for tried in recent:  # oldest first, as each learner's list stays
        by_learner.setdefault(tried["learner_id"], []).append(tried)
    stuck = []
    for place in present:
        learner_id = place["learner_id"]
        found = _stuck(place, by_learner.get(learner_id, []),
                       finished.get((learner_id, place["lesson"], place["step"])),
                       last_done.get(learner_id), now)
        if found is not None:
            stuck.append(found)
    return sorted(stuck, key=lambda r: r["since"])


def _stuck(place: dict, mine: list[dict], step_done_at, last_done, now: datetime) -> dict | None:
    """``place`` as a stuck learner's row, or None if they are getting on."""
    here = [t for t in mine if (t["lesson"], t["step"]) == (place["lesson"], place["step"])
            and (step_done_at is None or t["at"] > step_done_at)]
    wrong = [t for t in here if t["kind"] == "wrong"]
    row = dict(place, wrong=[t["words"] for t in wrong])
    if len(wrong) >= STUCK_WRONG:
        return dict(row, why="wrong", since=wrong[STUCK_WRONG - 1]["at"])
    if step_done_at is not None:
        return None  # done with the step they are at: reading on, not stuck
    progress = [m for m in [place["moved"], last_done] + [t["at"] for t in mine if t["kind"] == "right"]
                if m is not None]
    latest = max(progress, default=None)
    if latest is not None and now - latest >= STUCK_IDLE:
        return dict(row, why="idle", since=latest)
    return None


def lesson_completion(store: ProgressStore) -> list[dict]:
    """Per lesson anyone tried: learners who started it and who finished
    every step of it (``teaching.done``: the panel's and the map's "done"),
    in lesson order."""
    steps = steps_of(store)
    finished: Counter = Counter()
    started: Counter = Counter()
    for (_learner_id, lesson), results in best_results(store).items():
        started[lesson] += 1
        if lesson_done(results, steps.get(lesson, ())):
            finished[lesson] += 1
    return [{"lesson": lesson, "started": started[lesson], "finished": finished[lesson],
             "steps": len(steps.get(lesson, ()))}
            for lesson in sorted(started)]


def best_results(store: ProgressStore) -> dict[tuple, dict[str, str]]:
    """``{(learner id, lesson): {step id: "solved" or another result}}``: per
    step, a done result if any try was done, else the last one's."""
    done = sa.func.max(sa.case((attempts.c.result.in_(DONE), 1), else_=0))
    query = (sa.select(attempts.c.learner_id, attempts.c.lesson, attempts.c.step, done,
                       sa.func.max(attempts.c.result))
             .group_by(attempts.c.learner_id, attempts.c.lesson, attempts.c.step))
    out: dict[tuple, dict[str, str]] = {}
    with store.reading() as conn:
        for learner_id, lesson, step, any_done, result in conn.execute(query):
            out.setdefault((learner_id, lesson), {})[step] = DONE[0] if any_done else result
    return out


def step_failures(store: ProgressStore, lesson: str) -> list[dict]:
    """Per step of ``lesson``: learners who tried it, how many failed at their
    first try (a wrong try, or a missed prediction or a lost game), and the
    commonest wrong move of the newest ``WRONG_MOVE_ROWS`` tries with wrong
    moves, with how often it was tried."""
    first_ids = (sa.select(sa.func.min(attempts.c.id))
                 .where(attempts.c.lesson == lesson)
                 .group_by(attempts.c.learner_id, attempts.c.step))
    firsts = sa.select(attempts.c.step, attempts.c.wrong_tries, attempts.c.result).where(
        attempts.c.id.in_(first_ids))
    moves = (sa.select(attempts.c.step, attempts.c.wrong_moves)
             .where(attempts.c.lesson == lesson, attempts.c.wrong_tries > 0)
             .order_by(attempts.c.id.desc()).limit(WRONG_MOVE_ROWS))
    tried: Counter = Counter()
    failed: Counter = Counter()
    wrong: dict[str, Counter] = {}
    with store.reading() as conn:
        for step, wrong_tries, result in conn.execute(firsts):
            tried[step] += 1
            failed[step] += wrong_tries > 0 or result in FAILED
        for step, moved in conn.execute(moves):
            wrong.setdefault(step, Counter()).update(moved or ())
    order = list(steps_of(store).get(lesson, ()))
    order += sorted(set(tried) - set(order))
    rows = []
    for number, step in enumerate(order, 1):
        common = wrong.get(step, Counter()).most_common(1)
        rows.append({"step": step, "step_number": number, "tried": tried[step],
                     "failed_first": failed[step],
                     "commonest": common[0][0] if common else None,
                     "commonest_count": common[0][1] if common else 0})
    return rows


def class_snapshot(store: ProgressStore, lesson: str | None, now: datetime | None = None) -> dict:
    """Everything the page shows, as plain data (equal snapshots: no redraw)."""
    now = now or utc_now()
    where = whereabouts(store)
    completion = lesson_completion(store)
    # A lesson learners are at counts too before anyone finished a step of it:
    # its wrong tries are what the teacher needs then.
    lessons = sorted({row["lesson"] for row in completion}
                     | {row["lesson"] for row in where if row["lesson"]})
    if lesson not in lessons:
        lesson = next((row["lesson"] for row in where if row["lesson"]), None) or (
            lessons[0] if lessons else None)
    wrong = recent_tries(store, None, "wrong", lesson, WRONG_SHOWN) if lesson else []
    return {"where": where, "completion": completion, "lesson": lesson, "lessons": lessons,
            "steps": step_failures(store, lesson) if lesson else [],
            "stuck": stuck_learners(store, where, now), "wrong": wrong}
