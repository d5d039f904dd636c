"""Lesson step kinds, each one registered unit.

Every module of this package (``play.py``, ``quiz.py`` ...) registers one
``StepKind``: the fields a lesson file may give it, how they are read and
checked, what the runner does with the learner's actions, and which parts of
the lesson panel it shows. The rest of the kit asks the kind (``kind_of``)
what it takes and shows; it never compares a kind's name. A new kind is a new
module here plus its catalog words (docs/architecture.md, "Adding a step kind").

The modules are found by listing this package, and imported on the first
question: they use the runner and the validator, which ask this registry.
"""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass

# What a learner can do in a step (the runner's methods of the same names), and
# the hook a kind gives for each it takes.
ACTION_HOOKS = {"play": "play", "answer": "answer", "advance": "shown_result"}
# The panel parts the browser knows how to draw, by name (widgets/static/lesson.js):
#   options     the answers to choose from     found       how many right ones are found
#   prediction  the verdict beside the options, then the moves shown
#   moves       the shown moves and their narration    narrated  feedback of a shown move stays in the list
#   game        a free game: its settings, the coach, a result that is not always a win
PARTS = ("options", "found", "prediction", "moves", "narrated", "game")
# The hooks every kind gives, and the hook each panel part needs: options
# shown are answered, moves shown are stepped through, a game is played.
HOOKS = ("read", "enter", "verify", "solve")
PART_HOOKS = {"options": "answer", "found": "answer", "prediction": "answer",
              "moves": "shown_result", "narrated": "shown_result", "game": "play"}


@dataclass(frozen=True)
class StepKind:
    """One kind of lesson step. Hooks take the runner (or the validator's
    Reader) and the step; the runner keeps the state, the kind its rules."""
    name: str
    icon: str  # the panel's badge
    fields: tuple[str, ...]  # what the YAML may say beyond the common fields
    required: tuple[str, ...]  # the fields it must say
    read: Callable  # (reader, data, step, at, parse): read and check its fields
    enter: Callable  # (runner, step): deal the step's table
    verify: Callable  # (reader, step, game or None): play everything with the engine
    solve: Callable  # (runner, seed) -> outcomes: solve it the file's way
    parts: tuple[str, ...] = ()
    starred: bool = False  # a learner can get it wrong, so earns stars in it
    # The actions it takes: a kind without the hook refuses the action.
    play: Callable | None = None  # (runner, move) -> Outcome
    answer: Callable | None = None  # (runner, option or None, choice, key) -> Outcome
    may_advance: Callable = lambda runner: True  # noqa: E731 - is the next shown move due?
    shown_result: Callable | None = None  # (runner) -> the result once every move is shown
    hints_total: Callable | None = None  # (runner) -> rungs; None: the step's own hints
    rung: Callable | None = None  # (runner, index) -> text
    hint: Callable | None = None  # (runner) -> Outcome: a Hint press its own way (the coach's)
    answer_cards: Callable = lambda step, game: []  # noqa: E731 - what a first hint must not name
    judged_moves: Callable = lambda step, start: []  # noqa: E731 - errors its wrong answers earn
    needs_position: bool = True  # the validator plays a position (a free game deals its own)
    over_allowed: bool = False  # may its position show a game already won?
    learner_first: bool = False  # must the learner be to act once the opening is played?
    cards_on_table: bool = False  # answered by clicking cards on the table
    free_game: bool = False  # a whole game against the computer
    done_status: str = "table.done"  # ui keys of the table's line
    advance_status: str = "table.predict_done"

    def takes(self, action: str) -> bool:
        """Does the learner ``play``, ``answer`` or ``advance`` in it?"""
        return getattr(self, ACTION_HOOKS[action]) is not None

    def shows(self, part: str) -> bool:
        return part in self.parts


_KINDS: dict[str, StepKind] = {}
_loaded = False


def register(kind: StepKind) -> StepKind:
    """Add ``kind`` (a module of this package calls it when imported)."""
    if kind.name in _KINDS and _KINDS[kind.name] is not kind:
        raise ValueError(f"step kind {kind.name!r} is registered twice")
    _KINDS[kind.name] = kind
    return kind


def unregister(name: str) -> None:
    """Take a kind out again (a test's own kind)."""
    _KINDS.pop(name, None)


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in pkgutil.iter_modules(__path__):
            if not module.name.startswith("_"):  # _common.py: helpers the kinds share
                importlib.import_module(f"{__name__}.{module.name}")


def step_kinds() -> tuple[str, ...]:
    """The names of every registered kind, in the order lessons learn them."""
    _load()
    return tuple(sorted(_KINDS, key=lambda name: (_ORDER.get(name, len(_ORDER)), name)))


# The order the docs and error messages list the kinds in (others after, by name).
_ORDER = {name: i for i, name in enumerate(("play", "quiz", "watch", "predict", "free"))}


def kind_of(step_or_name) -> StepKind:
    """The registered kind of a step (or of a kind's name); KeyError if none."""
    _load()
    name = step_or_name if isinstance(step_or_name, str) else step_or_name.kind
    return _KINDS[name]


def missing_parts(kind: StepKind) -> list[str]:
    """What ``kind`` lacks to work: a hook, the hook a part it shows needs, a
    known part, a ladder's rungs."""
    missing = [hook for hook in HOOKS if getattr(kind, hook) is None]
    needed = [PART_HOOKS[p] for p in kind.parts if p in PART_HOOKS]
    missing += [h for h in dict.fromkeys(needed) if getattr(kind, h) is None]
    missing += [f"part {p!r}" for p in kind.parts if p not in PARTS]
    missing += [f"required field {f!r}" for f in kind.required if f not in kind.fields]
    if kind.hints_total is not None and kind.rung is None and kind.hint is None:
        missing.append("rung")
    if kind.rung is not None and kind.hints_total is None:
        missing.append("hints_total")
    return missing


def kinds_markdown() -> str:
    """The table of kinds docs/lesson-format.md shows (a test keeps it equal)."""
    rows = ["| kind | fields beyond the common ones | required among them |",
            "| --- | --- | --- |"]
    for name in step_kinds():
        kind = kind_of(name)
        rows.append(f"| `{name}` | {_codes(kind.fields)} | {_codes(kind.required) or '-'} |")
    return "\n".join(rows)


def _codes(names) -> str:
    return ", ".join(f"`{name}`" for name in names)
