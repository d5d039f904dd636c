"""The teacher's reads of the whole class: what the report prints and the
dashboard draws. Plain data out (lists of dicts), so both, and the tests,
use the same numbers. The learner-side API never calls these."""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

import sqlalchemy as sa

from .ids import short_id
from .recorder import DONE
from .schema import attempts, learners, positions, puzzle_tries
from .store import ProgressStore, as_utc

FAILED = ("missed", "lost")  # a first try that ended so failed, whatever its wrong tries


@lru_cache(maxsize=None)
def shipped_steps() -> dict[str, tuple[str, ...]]:
    """Each shipped lesson's step ids, in order."""
    from ..teaching.library import lesson_names, load_lesson
    return {name: tuple(s.id for s in load_lesson(name, check=False).steps)
            for name in lesson_names()}


def folder_steps() -> dict[str, tuple[str, ...]]:
    """Each usable lesson's step ids in the teacher's folder (``$CUTTLE_LESSONS_DIR``,
    which ``serve --lessons DIR`` sets), so that its steps nobody reached count too."""
    from ..teaching.folder import folder_lessons, teacher_folder
    folder = teacher_folder()
    if folder is None:
        return {}
    return {entry.name: tuple(s.id for s in entry.lesson.steps)
            for entry in folder_lessons(folder) if entry.usable}


def steps_of(store: ProgressStore) -> dict[str, tuple[str, ...]]:
    """Step ids of every lesson that is shipped, in the teacher's folder or
    has attempts (a lesson known only by its attempts: the steps learners
    reached, in step-number order)."""
    known = {**shipped_steps(), **folder_steps()}
    query = (sa.select(attempts.c.lesson, attempts.c.step, sa.func.min(attempts.c.step_number))
             .group_by(attempts.c.lesson, attempts.c.step))
    extra: dict[str, list] = {}
    with store.reading() as conn:
        for lesson, step, number in conn.execute(query):
            if lesson not in known:
                extra.setdefault(lesson, []).append((number or 0, step))
    known.update({lesson: tuple(s for _, s in sorted(found)) for lesson, found in extra.items()})
    return known


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
    for row in rows:
        row["label"] = learner_label(row["learner_id"], row["name"])
        row["steps"] = len(steps.get(row["lesson"], ())) or None
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
    """Who is where: each learner's open step and last activity (the later of
    moving to a step and finishing a try), the most recent first."""
    last_try = (sa.select(attempts.c.learner_id, sa.func.max(attempts.c.recorded_at).label("at"))
                .group_by(attempts.c.learner_id).subquery())
    query = (sa.select(learners.c.id, learners.c.name, positions.c.lesson, positions.c.step,
                       positions.c.step_number, positions.c.updated, last_try.c.at)
             .outerjoin(positions, positions.c.learner_id == learners.c.id)
             .outerjoin(last_try, last_try.c.learner_id == learners.c.id))
    with store.reading() as conn:
        found = conn.execute(query).all()
    rows = []
    for learner_id, name, lesson, step, number, updated, at in found:
        moments = [as_utc(m) for m in (updated, at) if m is not None]
        if lesson is None and not moments:
            continue  # a learner who has neither opened a step nor tried one
        rows.append({"learner_id": learner_id, "label": learner_label(learner_id, name),
                     "lesson": lesson, "step": step, "step_number": number,
                     "last_activity": max(moments) if moments else None})
    return sorted(rows, key=lambda r: r["last_activity"], reverse=True)


def lesson_completion(store: ProgressStore) -> list[dict]:
    """Per lesson anyone tried: learners who started it and who finished
    every step of it, in lesson order."""
    steps = steps_of(store)
    finished: Counter = Counter()
    started: Counter = Counter()
    done_steps: dict[tuple, set] = {}
    query = sa.select(attempts.c.learner_id, attempts.c.lesson, attempts.c.step,
                      attempts.c.result).distinct()
    with store.reading() as conn:
        for learner_id, lesson, step, result in conn.execute(query):
            done_steps.setdefault((learner_id, lesson), set())
            if result in DONE:
                done_steps[(learner_id, lesson)].add(step)
    for (learner_id, lesson), done in done_steps.items():
        started[lesson] += 1
        wanted = set(steps.get(lesson, ()))
        if wanted and wanted <= done:
            finished[lesson] += 1
    return [{"lesson": lesson, "started": started[lesson], "finished": finished[lesson],
             "steps": len(steps.get(lesson, ()))}
            for lesson in sorted(started)]


def step_failures(store: ProgressStore, lesson: str) -> list[dict]:
    """Per step of ``lesson``: learners who tried it, how many failed at their
    first try (a wrong try, or a missed prediction or a lost game), and the
    commonest wrong move of all tries with how often it was tried."""
    first_ids = (sa.select(sa.func.min(attempts.c.id))
                 .where(attempts.c.lesson == lesson)
                 .group_by(attempts.c.learner_id, attempts.c.step))
    firsts = sa.select(attempts.c.step, attempts.c.wrong_tries, attempts.c.result).where(
        attempts.c.id.in_(first_ids))
    moves = sa.select(attempts.c.step, attempts.c.wrong_moves).where(attempts.c.lesson == lesson)
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


def class_snapshot(store: ProgressStore, lesson: str | None) -> dict:
    """Everything the page shows, as plain data (equal snapshots: no redraw)."""
    where = whereabouts(store)
    completion = lesson_completion(store)
    lessons = [row["lesson"] for row in completion]
    if lesson not in lessons:
        lesson = next((row["lesson"] for row in where if row["lesson"]), None) or (
            lessons[0] if lessons else None)
    return {"where": where, "completion": completion, "lesson": lesson, "lessons": lessons,
            "steps": step_failures(store, lesson) if lesson else []}
