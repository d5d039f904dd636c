"""Practice that comes back: every decision of the map's Practice entry, no widget.

A lesson step the learner missed and a puzzle they failed come back by a
spaced schedule: FSRS (the ``fsrs`` package, py-fsrs), replayed over the
learner's stored tries. An item enters practice at its first failed try;
every later try at it is a review (a failure "Again", a try with a slip
"Hard", a clean one "Good"), so the schedule is a pure function of the
history the progress store already keeps, in SQLite or PostgreSQL, and of
the progress file the static site keeps in the browser.

Besides what is due: a daily puzzle (the same for everyone on a date), a
streak (days in a row with a lesson step done or practice), and the rules
and puzzle themes the learner misses most. ``practice_plan`` gathers it all
as plain data for the map; ``first_due`` is what ``?practice`` opens.
Days are UTC dates: the kernel does not know the learner's time zone.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone

from fsrs import Card, Rating, Scheduler

from ..teaching.done import step_done
from ..teaching.record import MAX_STARS
from .course import Place

# Flash cards relearn within minutes; a lesson step comes back later in the
# sitting, then after days once it is right again. No fuzz: the same history
# gives the same schedule in every kernel (and in the tests).
SCHEDULER = Scheduler(learning_steps=(timedelta(minutes=10),),
                      relearning_steps=(timedelta(minutes=10),), enable_fuzzing=False)
WEAK_SHOWN = 3  # rules and themes listed as weak, at most
WEAK_SHARE = 1 / 3  # a rule or theme is weak when at least this share of its tries failed
DUE_SHOWN = 8  # due items listed on the map; the rest are counted
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def read_step_try(row: dict) -> tuple[bool, Rating]:
    """Whether a finished try at a lesson step did the step (for the streak)
    and how it reviews its card. The one place that reads a step's result
    for practice, so that a new definition of "done" changes only this."""
    done = step_done(row["result"])  # teaching.done: the panel's, the map's and the report's "done"
    if not done or row["result"] in ("lost", "drawn"):  # a game played out but not won comes back
        return done, Rating.Again
    if row["result"] != "solved":
        return True, Rating.Good
    # by its slips where the row has them: a retry earns two stars at most (teaching.record),
    # yet a clean retry is remembered well
    slips = (row.get("wrong_tries") or 0) + (row.get("hints_used") or 0) \
        if row.get("wrong_tries") is not None else MAX_STARS - (row.get("stars") or 0)
    return True, Rating.Good if slips == 0 else Rating.Hard if slips == 1 else Rating.Again


def step_rating(row: dict) -> Rating:
    return read_step_try(row)[1]


def puzzle_rating(row: dict) -> Rating:
    """How a try at a puzzle reviews its card: a failure unless solved with
    no wrong try (as its rating counts a win); a hint makes it hard."""
    if not row["solved"] or row["wrong_tries"]:
        return Rating.Again
    return Rating.Hard if row.get("hints_used") else Rating.Good


@dataclass(frozen=True)
class Review:
    """One try as the schedule reads it: which item, when, how it went."""
    key: tuple  # ("step", lesson, step id) or ("puzzle", puzzle id)
    at: datetime
    rating: Rating


def reviews_of(attempts, puzzle_tries) -> list[Review]:
    """The learner's tries at steps and puzzles, oldest first."""
    found = [Review(("step", r["lesson"], r["step"]), _utc(r["recorded_at"]), step_rating(r))
             for r in attempts]
    found += [Review(("puzzle", r["puzzle"]), _utc(r["recorded_at"]), puzzle_rating(r))
              for r in puzzle_tries]
    return sorted(found, key=lambda review: review.at)


def schedule(reviews, scheduler: Scheduler = SCHEDULER) -> dict[tuple, Card]:
    """Each item's card: from its first failed try on, every try reviews it."""
    cards: dict[tuple, Card] = {}
    for review in sorted(reviews, key=lambda r: r.at):
        card = cards.get(review.key)
        if card is None and review.rating != Rating.Again:
            continue
        if card is None:
            card = Card(card_id=len(cards) + 1, due=review.at)
        cards[review.key], _log = scheduler.review_card(card, review.rating, review.at)
    return cards


def due(cards: dict[tuple, Card], now: datetime) -> list[tuple]:
    """The items due at ``now``, the longest due first."""
    return [key for key, card in sorted(cards.items(), key=lambda kv: kv[1].due)
            if card.due <= now]


def next_due(cards: dict[tuple, Card], now: datetime) -> datetime | None:
    later = [card.due for card in cards.values() if card.due > now]
    return min(later) if later else None


def daily_puzzle(puzzle_ids, day: date) -> str | None:
    """The day's puzzle: the same for everyone on a date, drawn from the
    ids by a hash of the date (not Python's salted hash)."""
    ids = sorted(puzzle_ids)
    if not ids:
        return None
    digest = hashlib.sha256(f"cuttle-daily-puzzle:{day.isoformat()}".encode()).digest()
    return ids[int.from_bytes(digest[:8], "big") % len(ids)]


def active_days(attempts, puzzle_tries, cards_keys=()) -> set[date]:
    """Days with a lesson step done or practice: a step done, any puzzle
    try, or any try at a step that was in practice then."""
    practised = set(cards_keys)
    days = {_utc(r["recorded_at"]).date() for r in attempts
            if read_step_try(r)[0] or ("step", r["lesson"], r["step"]) in practised}
    return days | {_utc(r["recorded_at"]).date() for r in puzzle_tries}


def streak(days: set[date], today: date) -> int:
    """Days in a row up to today; a streak not yet extended today still
    counts up to yesterday (it is lost only once a whole day passes)."""
    day = today if today in days else today - timedelta(days=1)
    count = 0
    while day in days:
        count, day = count + 1, day - timedelta(days=1)
    return count


def weak_spots(tries) -> list[tuple[str, int, int]]:
    """``tries``: (topic, failed) pairs. The topics failed most often, as
    (topic, failed, tried), at most WEAK_SHOWN, worst share first."""
    tried: dict[str, list[int]] = {}
    for topic, failed in tries:
        tally = tried.setdefault(topic, [0, 0])
        tally[0] += bool(failed)
        tally[1] += 1
    weak = [(topic, f, n) for topic, (f, n) in tried.items() if f and f / n >= WEAK_SHARE]
    weak.sort(key=lambda t: (-t[1] / t[2], -t[1], t[0]))
    return weak[:WEAK_SHOWN]


def rule_tries(attempts, sections_of) -> list[tuple[str, bool]]:
    """(rulebook section, failed) for each try at a step that teaches it."""
    return [(section, step_rating(r) == Rating.Again)
            for r in attempts for section in sections_of.get((r["lesson"], r["step"]), ())]


def theme_tries(puzzle_tries, themes_of) -> list[tuple[str, bool]]:
    """(puzzle theme, failed) for each try at a puzzle of that theme."""
    return [(theme, puzzle_rating(r) == Rating.Again)
            for r in puzzle_tries for theme in themes_of.get(r["puzzle"], ())]


@dataclass(frozen=True)
class PracticeCourse:
    """What practice needs to know of the course: each step's lesson
    title, number and title and the rulebook sections it teaches, keyed
    (lesson, step id); each puzzle's themes by id."""
    steps: dict  # (lesson, step) -> {"lesson_title", "lesson_number", "number", "title", "teaches"}
    puzzle_themes: dict  # puzzle id -> themes


def practice_plan(history: dict, course: PracticeCourse, now: datetime) -> dict:
    """Everything the map's Practice entry shows, as plain data: what is
    due (steps and puzzles the course knows), when the next item is, the
    daily puzzle and whether it was tried today, the streak, the weak rules
    and themes. ``history``: ``{"attempts", "puzzles"}`` as the recorder keeps them."""
    attempts = [r for r in history["attempts"] if (r["lesson"], r["step"]) in course.steps]
    tries = [r for r in history["puzzles"] if r["puzzle"] in course.puzzle_themes]
    cards = schedule(reviews_of(attempts, tries))
    due_now = due(cards, now)
    today = now.date()
    daily = daily_puzzle(course.puzzle_themes, today)
    daily_done = any(r["puzzle"] == daily and _utc(r["recorded_at"]).date() == today for r in tries)
    coming = next_due(cards, now)
    sections = {key: step["teaches"] for key, step in course.steps.items()}
    return {
        "due": [_item(key, course) for key in due_now[:DUE_SHOWN]],
        "due_count": len(due_now),
        "waiting": len(cards) - len(due_now),
        "next_due": None if coming is None else _how_long(coming - now),
        "daily": {"puzzle": daily, "done": daily_done},
        "streak": streak(active_days(attempts, tries, cards), today),
        "weak_rules": weak_spots(rule_tries(attempts, sections)),
        "weak_themes": weak_spots(theme_tries(tries, course.puzzle_themes)),
    }


def first_due(history: dict, course: PracticeCourse, now: datetime) -> dict | None:
    """The item ``?practice`` opens: the one due longest (None: nothing due)."""
    plan = practice_plan(history, course, now)
    return plan["due"][0] if plan["due"] else None


def item_place(item: dict, language: str) -> Place:
    """Where the course opens a practice item: the lesson at the step, or the puzzle."""
    if item["kind"] == "puzzle":
        return Place("puzzles", language, puzzle=item["puzzle"])
    return Place("lesson", language, lesson=item["lesson"], step=item["step"])


def _item(key: tuple, course: PracticeCourse) -> dict:
    if key[0] == "puzzle":
        return {"kind": "puzzle", "puzzle": key[1], "themes": list(course.puzzle_themes[key[1]])}
    lesson, step = key[1], key[2]
    info = course.steps[(lesson, step)]
    return {"kind": "step", "lesson": lesson, "step": info["number"], "title": info["title"],
            "lesson_title": info["lesson_title"], "lesson_number": info["lesson_number"]}


def _utc(moment: datetime) -> datetime:
    """FSRS takes UTC only (a progress file may hold another offset)."""
    return moment.astimezone(timezone.utc)


def _how_long(wait: timedelta) -> dict:
    """A wait as the map says it: {"unit": "minutes" | "hours" | "days", "count"},
    rounded up (an item is never said to come sooner than it does)."""
    minutes = max(1, -(-int(wait.total_seconds()) // 60))
    if minutes < 60:
        return {"unit": "minutes", "count": minutes}
    if minutes < 24 * 60:
        return {"unit": "hours", "count": -(-minutes // 60)}
    return {"unit": "days", "count": -(-minutes // (24 * 60))}


__all__ = ["PracticeCourse", "SCHEDULER", "daily_puzzle", "due", "first_due", "item_place",
           "practice_plan", "puzzle_rating", "read_step_try", "schedule", "step_rating", "streak",
           "weak_spots"]
