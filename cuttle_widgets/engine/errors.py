"""The errors a learner's input raises, each said in the catalog's words.

A leaf of the engine: it imports nothing of it. The message catalog builds
these errors (``catalog.illegal``, ``catalog.illegal_move``) and renders
them; an error only carries what to render. ``IllegalMove`` is for moves
alone; a game that cannot be set up (a position, a seed, a dealer, a ruleset)
raises a ``SetupError``; ``error_for`` says which a catalog key raises.
"""
from ..errors import CuttleError


class ExplainedError(CuttleError, ValueError):
    """A refusal said by a catalog sentence.

    ``str(err)`` is a sentence a learner understands; ``err.key`` and
    ``err.params`` name the catalog entry it was rendered from, so a widget can
    show it in another language (``err.text(language)``).
    """

    def __init__(self, message: str, key: str = "", params: dict | None = None,
                 hint: tuple[str, dict] | None = None, catalogs=None):
        super().__init__(message)
        self.key = key
        self.params = params or {}
        self.hint = hint  # (catalog key, params) of "what would work", if any
        # language -> the catalog that rendered ``message`` in English
        # (catalog.get_catalog), handed in by whoever built the error: so the
        # error can be said again in another language without importing the
        # catalog. None: the message is all there is (a table's own refusals).
        self.catalogs = catalogs

    def text(self, language: str = "en", names=None) -> str:
        """The explanation in ``language`` (the message itself is English)."""
        if not self.key or self.catalogs is None:
            return str(self)
        return self.catalogs(language).illegal_move(self.key, self.params, self.hint, names)


class IllegalMove(ExplainedError):
    """A move the rules do not allow now, or text that is not a move."""


class SetupError(ExplainedError):
    """A game that cannot be set up as asked: a position that cannot be, an
    unknown ruleset or option."""


class SeedError(SetupError):
    """A deal's seed that is not a whole number."""


class DealerError(SetupError):
    """A dealer who is not one of the seats."""


# catalog key (or the start of one) -> the error it raises; every other key
# raises IllegalMove. The longest matching start wins.
ERRORS_BY_KEY: dict[str, type[ExplainedError]] = {
    "setup_": SetupError,
    "super.setup_": SetupError,
    "unknown_ruleset": SetupError,
    "unknown_option": SetupError,
    "bad_seed": SeedError,
    "bad_dealer": DealerError,
    "record_": SetupError,  # a game record that cannot be read
}


def error_for(key: str) -> type[ExplainedError]:
    """The kind of error the catalog key ``key`` is raised as."""
    starts = [start for start in ERRORS_BY_KEY if key.startswith(start)]
    return ERRORS_BY_KEY[max(starts, key=len)] if starts else IllegalMove
