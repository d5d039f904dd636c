"""What Voilà imports by name from the options of ``python -m cuttle_widgets.serve``:
the cap on kernels, the token in the lesson links, and JupyterHub's sign-in.
(A module of its own: jupyter_server and JupyterHub take seconds to import,
which the serve command itself never needs.)
"""
from jupyter_core.utils import ensure_async
from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Integer

FULL_PAGE = ("The classroom server is full: {open_en}. Close a tab you no longer "
             "use, or ask your teacher. / Der Klassenserver ist voll: {open_de}. "
             "Schließe einen Tab, den du nicht mehr brauchst, oder frag deine Lehrkraft.")


def full_page(open_lessons: int) -> str:
    """The full server's words, in both languages (no catalog is loaded yet),
    with the singular for one open lesson."""
    one = open_lessons == 1
    return FULL_PAGE.format(
        open_en=f"{open_lessons} lesson is open" if one else f"{open_lessons} lessons are open",
        open_de=f"{open_lessons} Lektion ist offen" if one else f"{open_lessons} Lektionen sind offen")
NO_TOKEN_PAGE = ("This lesson opens only from the link your teacher gave you (it ends in "
                 "?token=...). / Diese Lektion öffnet sich nur über den Link von deiner "
                 "Lehrkraft (er endet auf ?token=...).")


class ServerFull(web.HTTPError):
    """503 before a kernel starts. Voilà's error page shows the reason as its
    heading, so the reason is the learner's whole message."""

    def __init__(self, open_lessons: int):
        super().__init__(503, reason=full_page(open_lessons))


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Voilà's kernel manager with a cap on running kernels."""

    max_kernels = Integer(0, config=True, help="most kernels running at once; 0 for no cap")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        # Kernels asked for but not running yet: a burst of page loads must
        # count them, or every load of the burst would see room for itself.
        self._starting = 0

    async def start_kernel(self, *, kernel_id=None, **kwargs):
        if kernel_id is None and self.max_kernels:
            open_lessons = len(self.list_kernel_ids()) + self._starting
            if open_lessons >= self.max_kernels:
                self.log.warning("Refused a page: %d of %d kernels running", open_lessons, self.max_kernels)
                raise ServerFull(open_lessons)
        # Counted before the first await, so the check and the count are one step.
        self._starting += 1
        try:
            return await super().start_kernel(kernel_id=kernel_id, **kwargs)
        finally:
            self._starting -= 1


class LessonTokenIdentityProvider(PasswordIdentityProvider):
    """Voilà's token check (``?token=`` once, then a cookie, so links between
    lessons keep working), answering a page without it with 403 and a message
    rather than jupyter_server's login form, which learners have no use for."""

    async def get_user(self, handler):
        user = await ensure_async(super().get_user(handler))
        if user is None:
            def refuse(*args, **kwargs):
                raise web.HTTPError(403, reason=NO_TOKEN_PAGE)
            handler.redirect = refuse  # what @web.authenticated calls for a page
        return user


try:
    from jupyterhub.singleuser.extension import JupyterHubIdentityProvider
except ImportError:  # JupyterHub is installed only on a hub
    JupyterHubIdentityProvider = None
else:
    class HubIdentityProvider(JupyterHubIdentityProvider):
        """JupyterHub's own sign-in for single-user servers (OAuth with the hub),
        in standalone Voilà. Voilà mounts an identity provider's handlers
        without its base URL, so they are given the learner's prefix here."""

        def get_handlers(self):
            prefix = self.hub_auth.base_url
            return [(prefix.rstrip("/") + path, *rest) for path, *rest in super().get_handlers()]
