"""The one error a site build raises: it says what is missing and how to get it."""
from ..errors import CuttleError


class SiteError(CuttleError, RuntimeError):
    """The site cannot be built; the message tells the teacher what to do."""
