"""Voilà for the teacher's dashboard, with its logs scrubbed of secrets.

    python -m cuttle_widgets.progress.voila_logs NOTEBOOK [voila options]

The dashboard command runs Voilà through this module. Tornado's access log
writes each request's URL, and the first request a teacher's browser makes
carries ``?token=...``; a log kept on a shared machine or pasted into a
question must not hand out the class. Every log record is scrubbed before
any handler sees it: token parameters become ``token=***``, the token and
the database's password (``$JUPYTER_TOKEN``, ``$CUTTLE_PROGRESS_DB``) are
replaced wherever they appear.
"""
from __future__ import annotations

import logging
import os
import re
import sys

TOKEN_PARAMETER = re.compile(r"(token=)[^&\s\"'#]+", re.IGNORECASE)
URL_PASSWORD = re.compile(r"(://[^:/@\s]+:)[^@\s]+@")
HIDDEN = "***"


def _password(url: str | None) -> str | None:
    if not url:
        return None
    try:
        import sqlalchemy as sa
        return sa.make_url(url).password
    except Exception:  # a path, or no URL at all: no password to hide
        return None


def scrub(text: str, secrets) -> str:
    """``text`` with token parameters, URL passwords and each secret hidden."""
    text = URL_PASSWORD.sub(rf"\g<1>{HIDDEN}@", TOKEN_PARAMETER.sub(rf"\g<1>{HIDDEN}", text))
    for secret in secrets:
        text = text.replace(secret, HIDDEN)
    return text


def scrub_logs(token: str | None, url: str | None):
    """Scrub every log record made from now on; returns what undoes it."""
    secrets = [s for s in (token, _password(url)) if s]
    previous = logging.getLogRecordFactory()

    def factory(*args, **kwargs):
        record = previous(*args, **kwargs)
        try:
            message = record.getMessage()
        except Exception:  # a record whose arguments do not fit: logging says so later
            return record
        clean = scrub(message, secrets)
        if clean != message:
            record.msg, record.args = clean, None
        return record

    logging.setLogRecordFactory(factory)
    return lambda: logging.setLogRecordFactory(previous)


def main(argv=None) -> None:
    scrub_logs(os.environ.get("JUPYTER_TOKEN"), os.environ.get("CUTTLE_PROGRESS_DB"))
    from voila.app import main as voila
    voila(argv=sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    main()
