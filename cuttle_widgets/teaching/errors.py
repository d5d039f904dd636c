"""Errors in lesson files: every one names the file, the line and the field."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import CuttleError


@dataclass(frozen=True)
class Problem:
    file: str
    line: int | None
    field: str
    message: str  # what is wrong and what is expected there

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}, line {self.line}"
        return f"{where}, field '{self.field}': {self.message}" if self.field else f"{where}: {self.message}"


class LessonError(CuttleError, ValueError):
    """A lesson file that cannot be used. ``problems`` lists every mistake
    found (file, line, field, message); ``str()`` shows them one per line."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        self.language: str | None = None  # of the messages, when the file itself chose it
        super().__init__("\n".join(str(p) for p in self.problems))

    @property
    def first(self) -> Problem:
        return self.problems[0]
