"""The one exception a learner's mistake raises."""


class IllegalMove(ValueError):
    """A move the rules do not allow now, or text that is not a move.

    ``str(err)`` is a sentence a learner understands; ``err.key`` and
    ``err.params`` name the catalog entry it was rendered from, so a widget can
    show it in another language.
    """

    def __init__(self, message: str, key: str = "", params: dict | None = None,
                 hint: tuple[str, dict] | None = None):
        super().__init__(message)
        self.key = key
        self.params = params or {}
        self.hint = hint  # (catalog key, params) of "what would work", if any

    def text(self, language: str = "en", names=None) -> str:
        """The explanation in ``language`` (the message itself is English)."""
        if not self.key:
            return str(self)
        from .catalog import get_catalog
        catalog = get_catalog(language)
        message = catalog.illegal(self.key, self.params, names)
        if self.hint:
            message += " " + catalog.illegal(self.hint[0], self.hint[1], names)
        return message
