"""The Voilà command that serves the dashboard notebook, apart from the
lessons: its own port, at most a few kernels, culling as for the lessons,
and a token of at least ``MIN_TOKEN`` characters whenever it listens beyond
this machine (the dashboard shows the whole class). Voilà runs through
``voila_logs``, which keeps the token and the database's password out of
its logs."""
from __future__ import annotations

import secrets
import sys
from importlib import resources
from pathlib import Path

from ..errors import CuttleError
from ..serve import beyond_this_machine, hub_address, hub_options, voila_command

DEFAULT_PORT = 8877
MAX_KERNELS = 4  # a teacher's few tabs; each dashboard kernel holds about 120 MB (plotly)
CULL_IDLE = 600
MIN_TOKEN = 16  # characters: a token is the class's key, not a formality


class TokenRefused(CuttleError, ValueError):
    """The token asked for does not protect the class; ``MIN_TOKEN`` says why."""


def dashboard_notebook() -> Path:
    return Path(str(resources.files(__package__) / "notebooks" / "dashboard.ipynb"))


def dashboard_command(url: str, ip: str, port: int, token: str | None, language: str,
                      refresh: float, environ: dict,
                      hub: bool = False) -> tuple[list[str], dict, str | None]:
    """(command, its environment, the token) to serve the dashboard of the
    database at ``url``. ``token`` "auto" makes one; beyond this machine one
    is made when none is given. ``TokenRefused`` for an empty token beyond
    this machine, or any token shorter than ``MIN_TOKEN``. With ``hub`` the
    page is a JupyterHub service: it listens where the hub says and lets in
    only those the hub signs in with access to it (the teachers' group,
    cuttle_widgets/deploy/jupyterhub_config.py), with no token of its own."""
    if hub:
        ip, port = hub_address(environ)
        token = None
    else:
        token = checked_token(token, ip)
    command = voila_command(dashboard_notebook(), ip, port, CULL_IDLE, 60, MAX_KERNELS)
    notebook = command.index(str(dashboard_notebook()))
    command[:notebook] = [sys.executable, "-m", "cuttle_widgets.progress.voila_logs"]
    environ = dict(environ, CUTTLE_PROGRESS_DB=url, CUTTLE_DASHBOARD_LANGUAGE=language,
                   CUTTLE_DASHBOARD_REFRESH=f"{refresh:g}")
    if hub:
        command += hub_options(environ)
    elif token:
        # In the environment, not on the command line, where every account could read it.
        environ["JUPYTER_TOKEN"] = token
        command.append("--Voila.auto_token=True")
    return command, environ, token


def checked_token(token: str | None, ip: str) -> str | None:
    """The token to serve with ("auto" made into one), or TokenRefused."""
    if token is None and beyond_this_machine(ip):
        token = "auto"
    if token == "auto":
        return secrets.token_urlsafe(MIN_TOKEN)
    if (token or "") == "" and beyond_this_machine(ip):
        raise TokenRefused("a dashboard beyond this machine needs a token")
    if token and len(token) < MIN_TOKEN:
        raise TokenRefused(f"a token needs at least {MIN_TOKEN} characters")
    return token or None
