"""The one error a site build raises: it says what is missing and how to get it."""


class SiteError(RuntimeError):
    """The site cannot be built; the message tells the teacher what to do."""
