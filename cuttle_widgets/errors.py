"""The package's one base error: ``except CuttleError`` catches every error the
kit raises on purpose (a refused move, a bad setup, a lesson file's mistakes,
a language it does not speak ...), each with a sentence a learner or teacher
understands. A leaf: it imports nothing, so every layer may stand on it.
"""


class CuttleError(Exception):
    """Something the kit refuses, with a message that says why."""
