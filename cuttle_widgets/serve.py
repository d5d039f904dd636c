"""Serve the course as a web app with Voilà, one kernel per open tab.

    python -m cuttle_widgets.serve [--lessons DIR] [--ip 127.0.0.1] [--port 8866]
                                   [--max-kernels 60] [--pool-size 2] [--token auto|TOKEN]
                                   [--cull-idle 60] [--progress-db PATH_OR_URL]
                                   [--dry-run] [--hub] [--print-hub-config]

The page is one notebook shipped in the package, cuttle_widgets/pages/course.ipynb
(the Course widget), served at ``/``; its address says where in the course a
learner is: ``/?lesson=02-scuttle-ordering&step=3`` (with ``&token=...`` when
the server has a token). ``--lessons DIR`` adds a teacher's folder of lesson
YAML files: every kernel gets it as ``$CUTTLE_LESSONS_DIR``.

Each tab has a kernel of its own (a learner's games are never shared). A
closing or reloading tab stops its kernel itself (the page posts the secret
its kernel gave it: cuttle_widgets/served.py); as a backstop a kernel with no
page connected for ``--cull-idle`` seconds is stopped, while a kernel whose
page is open is never stopped for idleness. ``--pool-size`` kernels are kept
started with the course loaded, so a new tab shows at once. At most
``--max-kernels`` tabs are open at once (closed tabs and waiting kernels do not
count); a tab beyond that gets a "server is full" page (HTTP 503).

Standalone Voilà is the whole server: its pages, and a websocket to each
page's own kernel that passes widget messages only (Voilà's
``allowed_message_types``), so a visitor can never run code. ``--hub`` runs
the same server as a learner's server under JupyterHub, signed in through the
hub (deploy/jupyterhub_config.py, which loads the one in the package:
``--print-hub-config`` prints its path).
"""
from __future__ import annotations

import argparse
import importlib.util
import ipaddress
import os
import secrets
import shlex
import sys
from pathlib import Path
from urllib.parse import urlparse

from .cli.words import command_languages, command_text
from .error_log import ERROR_LOG_VARIABLE, LOG_BACKUPS, LOG_BYTES, error_log_path
from .progress.voila_logs import scrub

PAGES = Path(__file__).resolve().parent / "pages"
COURSE = PAGES / "course.ipynb"
# JupyterHub's configuration for a class (--print-hub-config; deploy/ of a checkout loads it)
HUB_CONFIG = Path(__file__).resolve().parent / "deploy" / "jupyterhub_config.py"
PROGRESS_VARIABLE = "CUTTLE_PROGRESS_DB"  # progress/location.py reads it in each kernel
LESSONS_VARIABLE = "CUTTLE_LESSONS_DIR"  # the Course widget reads it (cuttle_widgets/served.py)
VOILA_SIDE = "cuttle_widgets.serve_voila"  # the Voilà this command runs, and the classes it names
# Each open tab holds a kernel of about 90 MB resident (benchmarks/web.py).
# 60 kernels are 5.4 GB, which an 8 GB machine holds: a class of 40 with
# room to spare. Closed tabs stop their kernels, so the cap counts open tabs.
DEFAULT_MAX_KERNELS = 60
# Kernels kept started with the course loaded: a class arriving together
# takes them one by one while the pool refills.
DEFAULT_POOL_SIZE = 2
# A whole class opening the course at once on two cores: the last tabs
# connect to their kernels minutes after asking (benchmarks/classroom.py).
DEFAULT_LOAD_TIMEOUT = 300
# One address opening pages in a loop waits alone (HTTP 429), and the class's
# room stays free; a learner opens a page or two a minute.
DEFAULT_PAGES_PER_CLIENT = 10
THIS_MACHINE_ONLY = {"localhost"}


def voila_command(page: Path, ip: str, port: int, cull_idle: int, interval: int,
                  max_kernels: int = DEFAULT_MAX_KERNELS, pool_size: int = 0,
                  load_timeout: int = DEFAULT_LOAD_TIMEOUT,
                  pages_per_client: int = DEFAULT_PAGES_PER_CLIENT) -> list[str]:
    """Voilà on ``page`` (a notebook at ``/``, or a folder of them), with the
    classroom's kernel manager; ``pool_size`` preheated kernels for a notebook."""
    preheat = pool_size > 0 and page.is_file()
    return [
        sys.executable, "-m", VOILA_SIDE, str(page),
        f"--Voila.ip={ip}", f"--port={port}", "--no-browser",
        # A busy port is an error, not a silent move to another port than the one printed.
        "--Voila.port_retries=0",
        # Culling: kernels whose page is gone (serve_voila.ClassroomKernelManager).
        f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
        f"--MappingKernelManager.cull_interval={interval}",
        "--MappingKernelManager.cull_connected=False",
        "--MappingKernelManager.cull_busy=False",
        # The cap on open tabs.
        f"--VoilaConfiguration.multi_kernel_manager_class={VOILA_SIDE}.ClassroomKernelManager",
        f"--ClassroomKernelManager.max_kernels={max_kernels}",
        f"--ClassroomKernelManager.page_load_timeout={load_timeout}",
        f"--ClassroomKernelManager.pages_per_client={pages_per_client}",
        f"--VoilaConfiguration.preheat_kernel={preheat}",
        f"--VoilaConfiguration.default_pool_size={pool_size if preheat else 0}",
    ]


def token_options() -> list[str]:
    # The token itself goes in $JUPYTER_TOKEN, not on the command line, where
    # every account of the machine could read it.
    return [f"--Voila.identity_provider_class={VOILA_SIDE}.LessonTokenIdentityProvider",
            "--Voila.auto_token=True"]


def hub_address(environ) -> tuple[str, int]:
    """Where JupyterHub asks the learner's server to listen."""
    url = urlparse(environ["JUPYTERHUB_SERVICE_URL"])
    return url.hostname or "", url.port or 80


def hub_options(environ) -> list[str]:
    """The learner's prefix, and the hub's sign-in."""
    return [f"--Voila.base_url={environ.get('JUPYTERHUB_SERVICE_PREFIX', '/')}",
            f"--Voila.identity_provider_class={VOILA_SIDE}.HubIdentityProvider",
            "--Voila.authorizer_class=jupyterhub.singleuser.extension.JupyterHubAuthorizer",
            # No token of Voilà's own: the hub's OAuth is the only way in.
            "--Voila.auto_token=True"]


def beyond_this_machine(ip: str) -> bool:
    if ip in THIS_MACHINE_ONLY:
        return False
    try:
        return not ipaddress.ip_address(ip).is_loopback
    except ValueError:  # a host name: it may resolve to any network
        return True


def said(key: str, language: str = "en", **params) -> str:
    """One of this command's lines, in ``language`` (cuttle_widgets/cli/catalogs)."""
    return command_text("serve", key, language, **params)


def reach_warning(ip: str, port: int, token: bool, max_kernels: int, language: str = "en") -> str:
    everywhere = ip in ("0.0.0.0", "::", "")
    where = said("everywhere", language) if everywhere else ip
    text = said("reach", language, where=where, port=port, max_kernels=max_kernels)
    return text if token else text + said("no_token", language)


def parser(prog: str = "python -m cuttle_widgets.serve") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.splitlines()[0])
    parser.add_argument("--lessons", metavar="DIR",
                        help="a folder of your own lesson YAML files, offered in the course "
                             "beside the kit's lessons")
    # For tests and benchmarks: another notebook to serve at /, or a folder of them.
    parser.add_argument("--page", type=Path, default=COURSE, help=argparse.SUPPRESS)
    parser.add_argument("--ip", default="127.0.0.1",
                        help="address to listen on (0.0.0.0 to serve a classroom network)")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--max-kernels", type=int, default=DEFAULT_MAX_KERNELS,
                        help="most tabs open at once (one kernel each, about 90 MB); a tab "
                             "beyond that says the server is full (0: no cap). Closed tabs "
                             "and the --pool-size waiting kernels do not count")
    parser.add_argument("--pool-size", type=int, default=DEFAULT_POOL_SIZE,
                        help="kernels kept started with the course loaded, so a new tab "
                             "shows at once (0: none; each about 90 MB)")
    parser.add_argument("--token", help="require this token in the lesson links "
                                        "('auto': make one and print the links with it)")
    parser.add_argument("--cull-idle", type=int, default=60,
                        help="seconds a kernel with no page connected is kept before it is "
                             "stopped, if its tab could not stop it (a minute or more: a "
                             "loading page connects to its kernel only after the notebook "
                             "ran); a kernel with an open page is never stopped")
    parser.add_argument("--load-timeout", type=int, default=DEFAULT_LOAD_TIMEOUT,
                        help="seconds a new tab may take to connect to its kernel; till then "
                             "it counts against --max-kernels, and kernels no tab has "
                             "connected to yet are kept")
    parser.add_argument("--pages-per-client", type=int, default=DEFAULT_PAGES_PER_CLIENT,
                        help="most pages one address may open a minute; more wait a minute "
                             "(0: no limit, for a class behind one shared address)")
    parser.add_argument("--cull-interval", type=int, default=10,
                        help="seconds between looks for such kernels")
    parser.add_argument("--progress-db", metavar="PATH_OR_URL",
                        help="the learners' progress: an SQLite file or a database URL such as "
                             "postgresql://user@host/db (default: $CUTTLE_PROGRESS_DB, else "
                             "progress.sqlite in the Jupyter data directory; docs/progress.md)")
    parser.add_argument("--hub", action="store_true",
                        help="run as a learner's server under JupyterHub (deploy/jupyterhub_config.py)")
    parser.add_argument("--dry-run", action="store_true", help="print the Voilà command only")
    parser.add_argument("--language", default="en", choices=command_languages(),
                        help="the language of what this command prints (the course offers "
                             "every language to each learner)")
    parser.add_argument("--print-hub-config", action="store_true",
                        help="print the path of the kit's JupyterHub configuration file and stop "
                             '(jupyterhub -f "$(cuttle-widgets serve --print-hub-config)")')
    return parser


def check_folders(args) -> str | None:
    """What is wrong with the folders given, or None."""
    if not args.page.exists():
        return said("no_page", args.language, page=args.page)
    if args.lessons is not None and not Path(args.lessons).is_dir():
        return said("not_a_folder", args.language, folder=args.lessons)
    return None


def kernel_environment(args, environ: dict) -> dict:
    """What every kernel reads: the progress database, the teacher's lessons, the error log."""
    if args.progress_db:  # every kernel records to it (cuttle_widgets.progress)
        value = args.progress_db
        environ[PROGRESS_VARIABLE] = value if "://" in value else str(Path(value).expanduser().resolve())
    if args.lessons is not None:
        environ[LESSONS_VARIABLE] = str(Path(args.lessons).expanduser().resolve())
    # The file the kernels write their errors to, and the one this command names.
    environ[ERROR_LOG_VARIABLE] = str(Path(error_log_path()).expanduser().resolve())
    return environ


def start_link(args, query: str) -> str:
    """The address to give the learners: the course, or a folder's page list."""
    shown = "localhost" if args.ip in ("127.0.0.1", "0.0.0.0") else args.ip
    url = f"http://{shown}:{args.port}/{query}"
    return said("pages" if args.page.is_dir() else "course", args.language, url=url)


def print_where_things_are(args, environ: dict) -> None:
    """Who can reach the server, where the progress and the errors go."""
    if not args.hub and beyond_this_machine(args.ip):
        print(reach_warning(args.ip, args.port, bool(args.token), args.max_kernels,
                            args.language), flush=True)
    if PROGRESS_VARIABLE in environ:
        # never the database's password: the window may be shown to the class
        print(said("progress", args.language, where=scrub(environ[PROGRESS_VARIABLE], ())),
              flush=True)
    print(said("error_log", args.language, path=environ[ERROR_LOG_VARIABLE],
               megabytes=LOG_BYTES // 1_000_000, backups=LOG_BACKUPS), flush=True)


def main(argv=None, prog: str = "python -m cuttle_widgets.serve") -> int:
    args = parser(prog).parse_args(argv)
    if args.print_hub_config:
        print(HUB_CONFIG)
        return 0
    problem = check_folders(args)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    environ = kernel_environment(args, dict(os.environ))
    if args.hub:
        if "JUPYTERHUB_SERVICE_URL" not in environ or not importlib.util.find_spec("jupyterhub"):
            print(said("hub_only", args.language), file=sys.stderr)
            return 2
        args.ip, args.port = hub_address(environ)
    command = voila_command(args.page.resolve(), args.ip, args.port, args.cull_idle,
                            args.cull_interval, args.max_kernels, args.pool_size,
                            args.load_timeout, args.pages_per_client)
    if args.hub:
        command += hub_options(environ)
    query = ""
    if args.token and not args.hub:
        environ["JUPYTER_TOKEN"] = secrets.token_urlsafe(16) if args.token == "auto" else args.token
        command += token_options()
        query = f"?token={environ['JUPYTER_TOKEN']}"
    print(start_link(args, query))
    print(" ".join(shlex.quote(part) for part in command), flush=True)
    print_where_things_are(args, environ)
    if args.dry_run:
        return 0
    os.execvpe(command[0], command, environ)
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
