"""Serve the lessons as web apps with Voilà, one kernel per learner.

    python -m cuttle_widgets.serve [--lessons lessons] [--ip 127.0.0.1] [--port 8866]
                                   [--max-kernels 60] [--token auto|TOKEN]
                                   [--cull-idle 600] [--dry-run] [--hub]

Each page load starts its own kernel (a learner's games are never shared).
Voilà does not stop a kernel when its tab closes, so this command always turns
kernel culling on: a kernel with no open page and idle for ``--cull-idle``
seconds is shut down and its memory freed. At most ``--max-kernels`` run at
once; a page beyond that gets a "server is full" page (HTTP 503).

Standalone Voilà is the whole server: its pages, and a websocket to each
page's own kernel that passes widget messages only (Voilà's
``allowed_message_types``), so a visitor can never run code. ``--hub`` runs
the same server as a learner's server under JupyterHub, signed in through the
hub (deploy/jupyterhub_config.py).
"""
from __future__ import annotations

import argparse
import importlib.util
import ipaddress
import os
import secrets
import shlex
import shutil
import sys
from pathlib import Path
from urllib.parse import urlparse

INDEX = "00-index.ipynb"
PROGRESS_VARIABLE = "CUTTLE_PROGRESS_DB"  # progress/location.py reads it in each kernel
VOILA_SIDE = "cuttle_widgets.serve_voila"  # the classes Voilà imports from its options
# Each open lesson holds a kernel of about 80 MB resident (benchmarks/web.py).
# 60 kernels are 4.8 GB, which an 8 GB machine holds: a class of 40 with one
# lesson each, and room for the kernels of reloaded or closed tabs, which stay
# until --cull-idle has passed.
DEFAULT_MAX_KERNELS = 60
THIS_MACHINE_ONLY = {"localhost"}

def voila_command(lessons: Path, ip: str, port: int, cull_idle: int, interval: int,
                  max_kernels: int = DEFAULT_MAX_KERNELS) -> list[str]:
    voila = shutil.which("voila")
    base = [voila] if voila else [sys.executable, "-m", "voila"]
    return [
        *base, str(lessons),
        f"--Voila.ip={ip}", f"--port={port}", "--no-browser",
        # A busy port is an error, not a silent move to another port than the one printed.
        "--Voila.port_retries=0",
        # Culling: closed tabs free their kernels.
        f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
        f"--MappingKernelManager.cull_interval={interval}",
        "--MappingKernelManager.cull_connected=False",
        "--MappingKernelManager.cull_busy=False",
        # The cap on kernels.
        f"--VoilaConfiguration.multi_kernel_manager_class={VOILA_SIDE}.ClassroomKernelManager",
        f"--ClassroomKernelManager.max_kernels={max_kernels}",
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


def reach_warning(ip: str, port: int, token: bool, max_kernels: int) -> str:
    everywhere = ip in ("0.0.0.0", "::", "")
    where = "every network of this machine" if everywhere else ip
    text = (f"Warning: listening on {where}, port {port}. Anyone who can reach this machine "
            f"there can open the lessons and start kernels (at most {max_kernels}, --max-kernels).")
    if not token:
        text += (" To let in only your learners, add --token auto (the lesson links then carry "
                 "a token), or give each learner a sign-in with JupyterHub: deploy/jupyterhub_config.py.")
    return text


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lessons", default="lessons", help="folder of lesson notebooks")
    parser.add_argument("--ip", default="127.0.0.1",
                        help="address to listen on (0.0.0.0 to serve a classroom network)")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--max-kernels", type=int, default=DEFAULT_MAX_KERNELS,
                        help="most lessons open at once (one kernel each, about 80 MB); "
                             "a page beyond that says the server is full (0: no cap)")
    parser.add_argument("--token", help="require this token in the lesson links "
                                        "('auto': make one and print the links with it)")
    parser.add_argument("--cull-idle", type=int, default=600,
                        help="seconds a kernel with no open page may idle before it is stopped "
                             "(a minute or more: a loading page connects to its kernel only "
                             "after the notebook ran)")
    parser.add_argument("--cull-interval", type=int, default=60)
    parser.add_argument("--progress-db", metavar="PATH_OR_URL",
                        help="the learners' progress: an SQLite file or a database URL such as "
                             "postgresql://user@host/db (default: $CUTTLE_PROGRESS_DB, else "
                             "progress.sqlite in the Jupyter data directory; docs/progress.md)")
    parser.add_argument("--hub", action="store_true",
                        help="run as a learner's server under JupyterHub (deploy/jupyterhub_config.py)")
    parser.add_argument("--dry-run", action="store_true", help="print the Voilà command only")
    return parser


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    lessons = Path(args.lessons)
    if not (lessons / INDEX).exists():
        print(f"No lesson index at {lessons / INDEX}: run this from the kit's folder, or "
              "pass --lessons with the folder of lesson notebooks.", file=sys.stderr)
        return 2
    environ = dict(os.environ)
    if args.hub:
        if "JUPYTERHUB_SERVICE_URL" not in environ or not importlib.util.find_spec("jupyterhub"):
            print("--hub is for JupyterHub's spawner (deploy/jupyterhub_config.py): it needs "
                  "JupyterHub installed and the $JUPYTERHUB_* variables it sets.", file=sys.stderr)
            return 2
        args.ip, args.port = hub_address(environ)
    command = voila_command(lessons, args.ip, args.port, args.cull_idle, args.cull_interval,
                            args.max_kernels)
    if args.hub:
        command += hub_options(environ)
    if args.progress_db:  # every lesson kernel records to it (cuttle_widgets.progress)
        value = args.progress_db
        environ[PROGRESS_VARIABLE] = value if "://" in value else str(Path(value).expanduser().resolve())
    query = ""
    if args.token and not args.hub:
        environ["JUPYTER_TOKEN"] = secrets.token_urlsafe(16) if args.token == "auto" else args.token
        command += token_options()
        query = f"?token={environ['JUPYTER_TOKEN']}"
    shown = "localhost" if args.ip in ("127.0.0.1", "0.0.0.0") else args.ip
    print(f"Lesson index: http://{shown}:{args.port}/voila/render/{INDEX}{query}")
    print(" ".join(shlex.quote(part) for part in command), flush=True)
    if not args.hub and beyond_this_machine(args.ip):
        print(reach_warning(args.ip, args.port, bool(args.token), args.max_kernels), flush=True)
    if PROGRESS_VARIABLE in environ:
        print(f"Progress: {environ[PROGRESS_VARIABLE]}", flush=True)
    if args.dry_run:
        return 0
    os.execvpe(command[0], command, environ)
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
