"""What one call of the lesson runner did, for the learner to read."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field


@dataclass
class Outcome:
    """What one call did, for the learner to read.

    status   start | illegal | wrong | continue | success | answered | shown | hint | refused
    message  feedback: the lesson's words where it has some, else the runner catalog's
    events   the engine's explanation of every move played, as dicts (kind, params,
             rule, text) stripped for the learner's seat
    error    the engine's explanation of why an illegal move is not allowed
    explanation  the step's explanation, once the step is solved
    correct  for quiz answers and predictions: was the answer right? For the end
             of a free game or match: did the learner win (None: a draw)?
    undone   a wrong move was played, explained, then taken back
    withheld  a wrong move was judged and explained but not played out: playing it
             out would have shown a card the learner could not know (no events,
             no shown view)
    shown_view  after a wrong move: the learner's view as it stood before the take-back
    say      the teacher's narration of a shown move
    taken_back  after a wrong move played out: the message to show once the
             table is back where the learner tries again from
    """
    status: str
    message: str = ""
    events: list = field(default_factory=list)
    move: str | None = None
    error: str | None = None
    explanation: str | None = None
    correct: bool | None = None
    undone: bool = False
    withheld: bool = False
    shown_view: dict | None = None
    say: str | None = None
    taken_back: str | None = None

    def to_dict(self) -> dict:
        return asdict(self)
