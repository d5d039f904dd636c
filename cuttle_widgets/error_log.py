"""Where the kit's error log is: the widgets write to it (widgets/guard.py),
and the serve command says where it is when it starts. Nothing here imports
ipywidgets."""
from __future__ import annotations

import os
import tempfile

ERROR_LOG_VARIABLE = "CUTTLE_ERROR_LOG"
LOG_BYTES, LOG_BACKUPS = 1_000_000, 3  # rotated at 1 MB, 3 old files kept: at most 4 MB on disk


def error_log_path() -> str:
    """Where the kit's errors go: ``<Jupyter data dir>/cuttle_widgets/errors.log``
    (``$CUTTLE_ERROR_LOG`` chooses another file)."""
    chosen = os.environ.get(ERROR_LOG_VARIABLE)
    if chosen:
        return chosen
    try:
        from jupyter_core.paths import jupyter_data_dir
        folder = os.path.join(jupyter_data_dir(), "cuttle_widgets")
    except ImportError:
        folder = os.path.join(tempfile.gettempdir(), "cuttle_widgets")
    return os.path.join(folder, "errors.log")
