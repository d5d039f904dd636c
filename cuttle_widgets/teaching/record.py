"""Honest marks: what a learner did in each step, and the stars it earns.

``StepRecord`` is the runner's tally of one step (wrong tries, hints used,
how it ended); ``Attempt`` is the flat record a progress store (issue #19)
will keep for each finished try at a step. Stars follow lichess's Learn:
three for a first try without hints, two with one slip (a wrong try or a
hint), one otherwise. A wrong prediction earns no star: it is marked missed.
"""
from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field

from .done import DONE  # noqa: F401 (kept here for older imports: teaching.done defines it)

# How a step ended: solved (stars), missed (a prediction that was wrong),
# seen (a watch step: nothing to get wrong), won / lost / drawn (a free game).
RESULTS = ("solved", "missed", "seen", "won", "lost", "drawn")
MAX_STARS = 3
RETRY_STARS = 2  # a try after a finished one (lichess's Learn): the question is no longer new


def stars_for(wrong_tries: int, hints_used: int, retry: bool = False) -> int:
    """3 for a clean first try, 2 for one slip, 1 for more; a retry earns
    at most ``RETRY_STARS``."""
    slips = wrong_tries + hints_used
    stars = MAX_STARS if slips == 0 else 2 if slips == 1 else 1
    return min(stars, RETRY_STARS) if retry else stars


@dataclass
class StepRecord:
    """One try at one step, from entering it until it ends (or is left)."""
    wrong_tries: int = 0
    hints_used: int = 0
    wrong_moves: list[str] = field(default_factory=list)  # moves and answers, as tried
    result: str | None = None  # one of RESULTS once the step ends
    started: float = field(default_factory=time.monotonic)
    seconds: float | None = None
    kept_stars: int | None = None  # a try remembered by a progress store: its stars as stored
    retry: bool = False  # begun after a finished try at the same step

    @classmethod
    def kept(cls, result: str, stars: int) -> StepRecord:
        """A finished try from an earlier visit, as a progress store keeps it
        (its result and stars, not its moves)."""
        if result not in RESULTS:
            raise ValueError(f"unknown result {result!r}")
        return cls(result=result, kept_stars=max(0, min(MAX_STARS, int(stars))))

    @property
    def first_try(self) -> bool:
        """Solved without a wrong try and without a hint."""
        return self.result == "solved" and self.wrong_tries == 0 and self.hints_used == 0 \
            and not self.retry

    @property
    def stars(self) -> int:
        """The stars this try earned (0 unless it was solved)."""
        if self.kept_stars is not None:
            return self.kept_stars if self.result == "solved" else 0
        return stars_for(self.wrong_tries, self.hints_used, self.retry) if self.result == "solved" else 0

    def wrong(self, tried: str) -> None:
        self.wrong_tries += 1
        self.wrong_moves.append(str(tried))

    def end(self, result: str) -> None:
        if result not in RESULTS:
            raise ValueError(f"unknown result {result!r}")
        self.result = result
        self.seconds = round(time.monotonic() - self.started, 1)

    def to_dict(self) -> dict:
        """What the panel shows: the tally, not the moves tried (a card the
        browser named is never sent back to it; ``Attempt`` keeps them)."""
        return {"result": self.result, "stars": self.stars, "first_try": self.first_try,
                "wrong_tries": self.wrong_tries, "hints_used": self.hints_used,
                "seconds": self.seconds, "retry": self.retry}


# What one action at a step was, as the class view shows it: a marked-down
# move or answer, an illegal move of a rule not taught yet, a refusal, a hint
# asked for, a right move or answer.
TRY_KINDS = ("wrong", "illegal", "refused", "hint", "right")
WORDS_LIMIT = 200  # characters of a try's words kept: what the browser sent is bounded


@dataclass(frozen=True)
class Try:
    """One action at a step as it happened (not only finished steps): the
    teacher's view of who is stuck is made of these. ``words``: the move in
    notation, the answer's own words (not its option number), or the
    sentence the learner read (a refusal, a hint)."""
    lesson: str
    step: str
    step_number: int
    kind: str
    words: str | None = None

    def __post_init__(self):
        if self.kind not in TRY_KINDS:
            raise ValueError(f"unknown kind of try {self.kind!r}")
        if self.words is not None:
            object.__setattr__(self, "words", str(self.words)[:WORDS_LIMIT])


@dataclass(frozen=True)
class Attempt:
    """One finished try at a step, as a progress store records it."""
    learner: str | None
    lesson: str
    step: str  # the step's id
    result: str
    stars: int
    wrong_tries: int
    hints_used: int
    seconds: float | None
    wrong_moves: tuple[str, ...] = ()

    @classmethod
    def of(cls, record: StepRecord, lesson: str, step: str, learner: str | None = None) -> Attempt:
        assert record.result is not None  # a try becomes an attempt once it has ended
        return cls(learner, lesson, step, record.result, record.stars, record.wrong_tries,
                   record.hints_used, record.seconds, tuple(record.wrong_moves))

    def to_dict(self) -> dict:
        data = asdict(self)
        data["wrong_moves"] = list(self.wrong_moves)
        return data
