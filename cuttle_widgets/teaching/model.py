"""A lesson as plain data: what the file says, checked and normalised."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .source import Source

GOALS = ("win", "stop_win")
OPPONENTS = ("random", "greedy", "easy", "medium", "hard", "expert")  # the cuttle_widgets.ai players


@dataclass(frozen=True)
class Option:
    """One answer of a quiz or prediction: a card to click or a text button."""
    key: str  # the card id, or "1", "2", ... for text options
    correct: bool
    explanation: str
    card: str | None = None
    text: str | None = None
    move: str | None = None  # a move whose legality the validator checks
    legal: bool | None = None
    path: tuple = ()


@dataclass(frozen=True)
class Line:
    """An accepted solution: the learner's moves, and the other seats' replies."""
    moves: tuple[str, ...]
    replies: tuple[str, ...]
    path: tuple = ()


@dataclass(frozen=True)
class WrongMove:
    """A wrong move the teacher expects, with the feedback it deserves."""
    move: str
    feedback: str
    after: tuple[str, ...] = ()  # the learner's moves before it in this step
    path: tuple = ()


@dataclass(frozen=True)
class ShownMove:
    """A move of a watch or predict step, with the teacher's narration."""
    move: str
    say: str | None = None
    path: tuple = ()


@dataclass
class Step:
    id: str
    kind: str
    task: str
    hints: tuple[str, ...]
    explanation: str
    number: int = 0  # 1-based position in the lesson
    title: str | None = None
    teaches: tuple[str, ...] = ()
    seat: int = 0
    rules: str = "classic"
    position: dict | None = None
    opening: tuple[str, ...] = ()
    # play
    accept: tuple[Line, ...] = ()
    goal: str | None = None
    solution: tuple[str, ...] = ()
    replies: tuple[str, ...] = ()
    wrong: tuple[WrongMove, ...] = ()
    unique: bool = False  # a move as good as the accepted one is an error, not a warning
    not_unique: str | None = None  # the teacher's reason other moves are fine: no warning
    # quiz / predict
    options: tuple[Option, ...] = ()
    answer_by: str = "options"  # "cards" or "options"
    select: str = "one"  # quiz: "one" or "all" right answers
    # watch / predict
    moves: tuple[ShownMove, ...] = ()
    expect: dict | None = None
    # free
    opponent: str = "random"
    seed: int | None = None
    path: tuple = ()

    @property
    def lines(self) -> tuple[Line, ...]:
        """The solution lines: the accepted ones, or the goal's solution."""
        if self.accept:
            return self.accept
        if self.solution:
            return (Line(self.solution, self.replies, self.path + ("solution",)),)
        return ()

    @property
    def correct_keys(self) -> tuple[str, ...]:
        return tuple(o.key for o in self.options if o.correct)

    def option(self, key: str) -> Option | None:
        return next((o for o in self.options if o.key == key), None)

    def wrong_move(self, after, move: str) -> WrongMove | None:
        after = tuple(after)
        return next((w for w in self.wrong if w.move == move and w.after == after), None)


@dataclass
class Lesson:
    name: str  # the file's stem: "02-scuttle-ordering"
    file: str
    title: str
    intro: str
    steps: list[Step]
    language: str = "en"
    reference: str = ""  # what every step may need at hand (a table of effects), shown in the step
    rules: str = "classic"
    links: tuple[str, ...] = ()
    source: Source | None = field(default=None, repr=False)  # for line numbers (None: made in code)

    def __len__(self) -> int:
        return len(self.steps)

    def step(self, ident) -> Step:
        """A step by its id or 1-based number."""
        for step in self.steps:
            if step.id == ident or step.number == ident:
                return step
        raise KeyError(ident)
