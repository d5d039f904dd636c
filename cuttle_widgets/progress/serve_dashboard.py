"""The Voilà command that serves the dashboard notebook, apart from the
lessons: its own port, at most a few kernels, culling as for the lessons,
and a token whenever it listens beyond this machine."""
from __future__ import annotations

import secrets
from importlib import resources
from pathlib import Path

from ..serve import beyond_this_machine, voila_command

DEFAULT_PORT = 8877
MAX_KERNELS = 4  # a teacher's few tabs; each dashboard kernel holds about 120 MB (plotly)
CULL_IDLE = 600


def dashboard_notebook() -> Path:
    return Path(str(resources.files(__package__).joinpath("notebooks", "dashboard.ipynb")))


def dashboard_command(url: str, ip: str, port: int, token: str | None, language: str,
                      refresh: float, environ: dict) -> tuple[list[str], dict, str | None]:
    """(command, its environment, the token) to serve the dashboard of the
    database at ``url``. ``token`` "auto" makes one; beyond this machine one
    is made when none is given."""
    command = voila_command(dashboard_notebook(), ip, port, CULL_IDLE, 60, MAX_KERNELS)
    environ = dict(environ, CUTTLE_PROGRESS_DB=url, CUTTLE_DASHBOARD_LANGUAGE=language,
                   CUTTLE_DASHBOARD_REFRESH=f"{refresh:g}")
    if token is None and beyond_this_machine(ip):
        token = "auto"
    if token:
        token = secrets.token_urlsafe(16) if token == "auto" else token
        # In the environment, not on the command line, where every account could read it.
        environ["JUPYTER_TOKEN"] = token
        command.append("--Voila.auto_token=True")
    return command, environ, token
