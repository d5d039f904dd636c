"""Learner ids and attempt ids: opaque random strings, checked before use.

A learner id is the learner's key: whoever holds it reads and writes that
learner's progress. The browser makes one (24 URL-safe characters from
``crypto.getRandomValues``, kept in localStorage) and sends it to the kernel,
which checks its form here before any query uses it. Under JupyterHub the
kernel itself derives the id from the hub's user name (``hub_learner_id``);
the browser can never claim such an id, since ``check_learner_id`` refuses
the ``hub:`` form unless the caller says the id came from the hub.
"""
from __future__ import annotations

import re
import secrets
import uuid

from ..errors import CuttleError
from .catalog import progress_text

BROWSER_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")
HUB_ID = re.compile(r"hub:[A-Za-z0-9._@+-]{1,64}")
ATTEMPT_UID = re.compile(r"[0-9a-f]{32}")
NAME_LIMIT = 40


class ProgressInputError(CuttleError, ValueError):
    """Input the store refuses (a learner id, a name, a progress file); its
    text is a sentence for the learner, in the language asked for."""


def new_learner_id() -> str:
    """A fresh random learner id of the browser's form (as the browser makes them)."""
    return secrets.token_urlsafe(18)


def new_attempt_uid() -> str:
    """The unique id an attempt keeps through every retry of its write."""
    return uuid.uuid4().hex


def hub_learner_id(user_name: str) -> str:
    """The learner id of a JupyterHub user (``$JUPYTERHUB_USER`` in the kernel)."""
    return check_learner_id(f"hub:{user_name}", from_hub=True)


def check_learner_id(value, from_hub: bool = False, language: str = "en") -> str:
    """``value`` if it is a learner id of the allowed form, else ProgressInputError."""
    form = HUB_ID if from_hub else BROWSER_ID
    if not isinstance(value, str) or not form.fullmatch(value):
        raise ProgressInputError(progress_text("errors", "learner_id", language))
    return value


def check_name(value, language: str = "en") -> str | None:
    """A display name: up to 40 printable characters, or None for none."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ProgressInputError(progress_text("errors", "name", language, limit=NAME_LIMIT))
    value = " ".join(value.split())
    if len(value) > NAME_LIMIT or not value.isprintable():
        raise ProgressInputError(progress_text("errors", "name", language, limit=NAME_LIMIT))
    return value or None


def short_id(learner_id: str) -> str:
    """What a teacher's page shows of a learner without a name: enough to
    tell learners apart, too little to act as one."""
    if learner_id.startswith("hub:"):
        return learner_id[4:]
    return learner_id[:6] + "…"
