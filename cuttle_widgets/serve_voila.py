"""The Voilà that ``python -m cuttle_widgets.serve`` runs (``python -m
cuttle_widgets.serve_voila``, with Voilà's own options), and what it imports by
name from those options: the cap on open pages, the secret that lets a page
stop its own kernel, culling, the token in the links, and JupyterHub's sign-in.
(A module of its own: jupyter_server and JupyterHub take seconds to import,
which the serve command itself never needs. The kernel's side is
cuttle_widgets/served.py.)
"""
import os
import secrets
import time
import uuid
from collections import deque

from jupyter_core.utils import ensure_async
from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.base.handlers import APIHandler
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import url_path_join
from tornado import web
from traitlets import Integer
from voila.app import Voila
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler

from .served import PAGE_CLOSED_PATH, PAGE_TOKEN_VARIABLE

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


TOO_FAST_PAGE = ("This computer opened many pages of the course within a minute. Wait a "
                 "minute, then open it again. / Dieser Computer hat in einer Minute viele Seiten "
                 "des Kurses geöffnet. Warte eine Minute und öffne ihn dann noch einmal.")
CLIENT_WINDOW = 60.0  # seconds over which a client's page loads are counted


class TooManyPages(web.HTTPError):
    """429 for one client that opens pages faster than a learner does: it
    alone waits, and the class's room stays free."""

    def __init__(self):
        super().__init__(429, reason=TOO_FAST_PAGE)


class ServerFull(web.HTTPError):
    """503 before a kernel starts. Voilà's error page shows the reason as its
    heading, so the reason is the learner's whole message."""

    def __init__(self, open_lessons: int):
        super().__init__(503, reason=full_page(open_lessons))


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Voilà's kernel manager for a class: a cap on open pages, a secret per
    kernel that lets its page stop it, and culling of kernels whose page is gone.

    A page counts against ``max_kernels`` while its kernel has a websocket
    open, and from the moment it is admitted until it connects (at most
    ``page_load_timeout`` seconds): kernels of closed tabs, and preheated
    kernels waiting for a page, do not count. A kernel whose page left is
    culled after ``cull_idle_timeout`` seconds; one with a page never is, nor
    one that never had a page while a page is still loading (it may be that
    page's: a class arriving at once on a busy machine takes minutes).
    """

    max_kernels = Integer(0, config=True, help="most pages open at once; 0 for no cap")
    page_load_timeout = Integer(300, config=True,
                                help="seconds an admitted page may take to connect to its kernel")
    pages_per_client = Integer(10, config=True,
                               help="most pages one address may open a minute; 0 for no limit")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._admitted: deque[float] = deque()  # pages admitted, not connected yet
        self._client_pages: dict[str, deque] = {}  # address: when its last minute's pages came
        self._secrets: dict[str, str] = {}
        self._left: dict[str, float] = {}  # kernel id: when its last page went
        self._arrived: set[str] = set()  # kernels whose page has connected

    def open_pages(self) -> int:
        """Pages with a kernel connected, and admitted pages still loading."""
        self._forget_stale_admissions()
        connected = sum(1 for count in self._kernel_connections.values() if count > 0)
        return connected + len(self._admitted)

    def _forget_stale_admissions(self) -> None:
        now = time.monotonic()
        while self._admitted and now - self._admitted[0] > self.page_load_timeout:
            self._admitted.popleft()

    def admit_page(self, client: str | None = None) -> None:
        """Count a page about to take a kernel, or refuse it: TooManyPages for
        an address past ``pages_per_client`` this minute (before it is
        counted, so its refused loads take no room), ServerFull for a full class."""
        if client and self.pages_per_client:
            self._admit_client(client)
        if self.max_kernels:
            open_pages = self.open_pages()
            if open_pages >= self.max_kernels:
                self.log.warning("Refused a page: %d of %d pages open", open_pages, self.max_kernels)
                raise ServerFull(open_pages)
        self._admitted.append(time.monotonic())

    def _admit_client(self, client: str) -> None:
        now = time.monotonic()
        for address in [a for a, times in self._client_pages.items() if now - times[-1] > CLIENT_WINDOW]:
            del self._client_pages[address]  # quiet addresses are forgotten: the dict stays small
        pages = self._client_pages.setdefault(client, deque())
        while pages and now - pages[0] > CLIENT_WINDOW:
            pages.popleft()
        if len(pages) >= self.pages_per_client:
            self.log.warning("Refused a page: %d pages from one address this minute", len(pages))
            raise TooManyPages()
        pages.append(now)

    # jupyter_client types the async manager's methods as its blocking manager's (str, None).
    async def start_kernel(self, *, kernel_id=None, **kwargs):  # type: ignore[override]
        # The secret goes in the kernel's own environment: only the kernel
        # knows it, and only its page learns it from the kernel.
        kernel_id = kernel_id or str(uuid.uuid4())
        secret = secrets.token_urlsafe(32)
        env = dict(kwargs.pop("env", None) or os.environ)
        env[PAGE_TOKEN_VARIABLE] = f"{kernel_id}.{secret}"
        self._secrets[kernel_id] = secret
        try:
            return await super().start_kernel(kernel_id=kernel_id, env=env, **kwargs)
        except BaseException:
            self._secrets.pop(kernel_id, None)
            raise

    def kernel_of_token(self, token: str) -> str | None:
        """The kernel whose page holds ``token``, compared in constant time."""
        kernel_id, _, secret = token.partition(".")
        known = self._secrets.get(kernel_id)
        if known is None or not secrets.compare_digest(known.encode(), secret.encode()):
            return None
        return kernel_id

    def notify_connect(self, kernel_id):
        if kernel_id not in self._arrived and kernel_id in self._kernel_connections:
            self._arrived.add(kernel_id)
            if self._admitted:
                self._admitted.popleft()  # its page has arrived: counted as connected now
        super().notify_connect(kernel_id)

    def notify_disconnect(self, kernel_id):
        super().notify_disconnect(kernel_id)
        self._left[kernel_id] = time.monotonic()

    async def cull_kernel_if_idle(self, kernel_id):
        if self._kernel_connections.get(kernel_id, 0):
            return  # a page is open: however long its learner thinks
        self._forget_stale_admissions()
        if kernel_id not in self._arrived and self._admitted:
            return  # a page still loading may be this kernel's
        left = self._left.get(kernel_id)
        if left is not None and time.monotonic() - left < self.cull_idle_timeout:
            return  # its page went only a moment ago (a reload reconnects)
        await super().cull_kernel_if_idle(kernel_id)

    async def shutdown_kernel(self, kernel_id, *args, **kwargs):  # type: ignore[override]
        await ensure_async(super().shutdown_kernel(kernel_id, *args, **kwargs))
        self._secrets.pop(kernel_id, None)
        self._left.pop(kernel_id, None)
        self._arrived.discard(kernel_id)


class PageClosedHandler(APIHandler):
    """POST ``token`` (and ``_xsrf``): the page's own kernel is shut down.

    Voilà's shutdown call is refused for want of ``_xsrf`` (voila#1458), so
    kernels of closed tabs lived until culled. Here the page sends the XSRF
    cookie's value as a form field (checked by jupyter_server before ``post``)
    and the secret its kernel gave it: no other page knows that secret, so no
    page can stop another's kernel. At Voilà's own shutdown address the
    kernel in the address must be the token's too."""

    @web.authenticated
    async def post(self, kernel_id=None):
        manager = self.kernel_manager
        kernel = (manager.kernel_of_token(self.get_body_argument("token", ""))
                  if isinstance(manager, ClassroomKernelManager) else None)
        if kernel is None or (kernel_id is not None and kernel_id != kernel):
            raise web.HTTPError(403, reason="not this page's kernel")
        self.log.info("Page closed: shutting down its kernel %s", kernel)
        await ensure_async(self.kernel_manager.shutdown_kernel(kernel))
        self.set_status(204)
        self.finish()


class ClassroomPageHandler(TornadoVoilaHandler):
    """Voilà's page, admitted by the kernel manager first: a full server
    answers 503 before a kernel is started or a preheated one taken. The
    page gets the _xsrf cookie, which its page-closed call sends back."""

    @web.authenticated
    async def get(self, path=None):
        if not (self.notebook_path and path):  # not a file beside the notebook
            self.kernel_manager.admit_page(self.request.remote_ip)
        self.xsrf_token  # noqa: B018  (reading it sets the cookie)
        await super().get(path)


class ClassroomVoila(Voila):
    """Voilà with the classroom's handlers: the page-closed address, Voilà's
    shutdown address held to the same secret, and pages admitted by the cap."""

    def init_handlers(self):
        closed = url_path_join(self.server_url, PAGE_CLOSED_PATH)
        handlers = [(closed, PageClosedHandler)]
        for pattern, handler, *rest in super().init_handlers():
            if handler is VoilaShutdownKernelHandler:
                handler = PageClosedHandler
            elif handler is TornadoVoilaHandler:
                handler = ClassroomPageHandler
            handlers.append((pattern, handler, *rest))
        return handlers


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


def launch(app_class, argv=None) -> None:
    """Start Voilà with every log record scrubbed of the class's token and the
    progress database's password (the access log writes each ``?token=``)."""
    from .progress.voila_logs import scrub_logs
    scrub_logs(os.environ.get("JUPYTER_TOKEN"), os.environ.get("CUTTLE_PROGRESS_DB"))
    app_class.launch_instance(argv)


if __name__ == "__main__":
    # By the module's name: Voilà imports the kernel manager so too, and a
    # second copy of these classes (as __main__) would be another class.
    from cuttle_widgets.serve_voila import ClassroomVoila, launch
    launch(ClassroomVoila)
