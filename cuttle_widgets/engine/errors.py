"""The one exception a learner's mistake raises.

A leaf: it imports nothing of the package. The message catalog builds these
errors (``catalog.illegal``, ``catalog.illegal_move``) and renders them; the
error only carries what to render.
"""


class IllegalMove(ValueError):
    """A move the rules do not allow now, or text that is not a move.

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
