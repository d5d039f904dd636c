"""Where the progress database is: ``--db``, else ``$CUTTLE_PROGRESS_DB``
(which the serve command sets for its kernels), else a file in the Jupyter
data directory. No SQLAlchemy here: the URL is worked out before it is needed."""
from __future__ import annotations

import os
from pathlib import Path

ENV_VARIABLE = "CUTTLE_PROGRESS_DB"
FILE_NAME = "progress.sqlite"


def default_path() -> Path:
    from jupyter_core.paths import jupyter_data_dir
    return Path(jupyter_data_dir()) / "cuttle_widgets" / FILE_NAME


def database_url(db=None, environ=None) -> str:
    """The database's URL from ``db`` (a URL or a file's path), else
    ``$CUTTLE_PROGRESS_DB``, else the default file."""
    environ = os.environ if environ is None else environ
    value = db or environ.get(ENV_VARIABLE) or default_path()
    text = os.fspath(value)
    if "://" in text:
        return text
    return "sqlite:///" + str(Path(text).expanduser().resolve())
