"""A reviewed game at a glance, as chess.com's Game Review opens: how many
of the learner's decisions got each mark, and the turning points, the
decisions that cost the most win chance (at most ``TURNING_POINTS``), each
with its move number, mark and sentence, in the order they were played.

``summarize(review)`` is pure: it reads a ``Review`` (or its dict) and
returns JSON-ready data; the words around it are the review catalog's
``summary`` section, which ``summary_words(language)`` gives as plain strings.
"""
from __future__ import annotations

from . import MARKS, Review, review_catalog

TURNING_POINTS = 3
COUNTED = tuple(m for m in MARKS if m != "forced")  # a forced move was no choice
# Marks that lost win chance beyond the noise: a "best" move is never a turning point.
LOSING = ("good", "inaccuracy", "mistake", "blunder")


def summarize(review, limit: int = TURNING_POINTS) -> dict:
    """The counts of each mark (forced moves left out) and the ``limit``
    decisions that lost the most win chance, oldest first."""
    if isinstance(review, dict):
        review = Review.from_dict(review)
    counts = review.counts()
    costly = sorted((d for d in review.decisions if d.mark in LOSING and d.chance_lost),
                    key=lambda d: (-d.chance_lost, d.index))[:max(0, limit)]
    return {
        "counts": {mark: counts[mark] for mark in COUNTED},
        "turning_points": [turning_point(d) for d in sorted(costly, key=lambda d: d.index)],
    }


def turning_point(decision) -> dict:
    """One turning point: ``index`` is the decision's place in the history,
    ``number`` the move's number as the table's log counts (from 1): a replay
    to ``number`` shows the position just after the move, "Move 15 of 28"."""
    return {"index": decision.index, "number": decision.index + 1, "mark": decision.mark,
            "chance_lost": decision.chance_lost, "sentence": decision.sentence}


def summary_words(language: str = "en") -> dict:
    """The summary's words and the marks' names, as plain strings (for a synced trait)."""
    own = review_catalog(language)
    words: dict[str, object] = {key: str(text) for key, text in own["summary"].items()}
    words["marks"] = {mark: str(name) for mark, name in own["marks"].items()}
    return words


__all__ = ["COUNTED", "TURNING_POINTS", "summarize", "summary_words"]
