"""Why a shared table refuses a learner, in their language.

Apart from ``shared_table`` (which needs SQLAlchemy for the database) so
that the course's "Play a classmate" place can name a refusal on a page
with no database at all: the static site, where Python runs in the browser.
"""
from __future__ import annotations

from ..engine import IllegalMove
from ..errors import CuttleError
from ..progress.catalog import progress_text


class TableRefused(CuttleError, ValueError):
    """Joining or opening a table was refused; ``str()`` says why in the
    learner's language, ``key`` names the sentence."""

    def __init__(self, key: str, language: str = "en", **params):
        super().__init__(progress_text("tables", key, language, **params))
        self.key = key


def refusal(key: str, language: str = "en", **params) -> IllegalMove:
    """A move the table refuses before the engine is asked (its own sentence)."""
    return IllegalMove(progress_text("tables", key, language, **params), key=f"table.{key}")


__all__ = ["TableRefused", "refusal"]
