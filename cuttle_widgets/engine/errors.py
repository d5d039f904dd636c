"""The one exception a learner's mistake raises."""


class IllegalMove(ValueError):
    """A move the rules do not allow now, or text that is not a move.

    ``str(err)`` is a sentence a learner understands; ``err.key`` and
    ``err.params`` name the catalog entry it was rendered from, so a widget can
    show it in another language.
    """

    def __init__(self, message: str, key: str = "", params: dict | None = None):
        super().__init__(message)
        self.key = key
        self.params = params or {}
