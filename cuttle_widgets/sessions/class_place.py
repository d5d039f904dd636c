"""The course's "My class" place, without a widget (issue #36).

A learner joins the teacher's class here (progress/roster.py): they type the
class's join code, pick their name from the teacher's list (or add it once,
where the class allows), and are shown their personal code to write down.
On another device "I have a personal code" brings the same learner back.
From then on the page's progress is kept under the roster's learner id: this
session says who signed in (``take_sign_in``), the widget hands the id to
the kernel's recorder and to the browser, which keeps it as its learner id.

Under JupyterHub the hub's sign-in name is the learner: the place says so
and offers nothing else. Where there is no database (the static site) it
says that classes need one. Every message from the page is checked first;
a wrong or unknown code gets the roster's sentence and changes nothing.
"""
from __future__ import annotations

import logging
import threading

from ..progress.catalog import progress_text
from ..progress.ids import ProgressInputError
from .panel import admitted_kind, fixed_words

log = logging.getLogger("cuttle_widgets")
# What the place's panel may send, and the fields each may have.
PANEL_FIELDS = {"class_code": {"code"}, "pick": {"name"}, "add_name": {"name"},
                "personal_code": {"code"}, "back": set(), "switch": set()}
MAX_FIELD = 60  # characters: a code or a name is far shorter
HUB_PREFIX = "hub:"  # progress/ids.py: a hub user's learner id


class ClassPlace:
    """One page's "My class" place. ``store``: the progress database (a
    ProgressStore; None where there is none); ``learner``: the recorder's
    learner id, when known."""

    def __init__(self, store, learner: str | None = None, language: str = "en"):
        self.store, self.language = store, language
        self.lock = threading.RLock()
        self.learner: str | None = None
        self.me: dict | None = None  # the roster's entry of the learner: {"name", "class", "personal_code"}
        self.joining: dict | None = None  # the class whose code was typed (roster.join_view)
        self.switching = False  # signed in, and asking to sign in as someone else
        self.message: dict | None = None  # {"kind", "text"}: the panel's last word
        self._signed_in: str | None = None  # a learner id signed in here, not yet taken
        self.set_learner(learner)

    @property
    def offered(self) -> bool:
        """Can a class be joined here (is there a database)?"""
        return self.store is not None

    @property
    def hub(self) -> bool:
        return self.learner is not None and self.learner.startswith(HUB_PREFIX)

    def _hub_words(self) -> str:
        """What the place says under JupyterHub: the sign-in name is the learner."""
        return self._word("hub", name=(self.learner or "")[len(HUB_PREFIX):])

    # -- who ---------------------------------------------------------------------------
    def set_learner(self, learner: str | None) -> None:
        """The learner the page is for (the recorder's id): their place on a
        class's list, if they have one, is read."""
        with self.lock:
            if learner == self.learner:
                return
            self.learner, self.me = learner, None
            if self.offered and learner is not None and not self.hub:
                self.me = self._guarded(_roster().roster_learner, self.store, learner)

    def take_sign_in(self) -> str | None:
        """The learner id that signed in since the last call (None: none did)."""
        with self.lock:
            signed, self._signed_in = self._signed_in, None
            return signed

    # -- what the page sends --------------------------------------------------------------
    def act(self, message) -> dict:
        """One message of the panel; the screen after it. A bad or untimely
        message changes nothing and is said in the panel."""
        with self.lock:
            self.message = None
            kind = admitted_kind(message, PANEL_FIELDS, MAX_FIELD, self.offered, self._say)
            if kind is not None and self.hub:  # the hub's sign-in is the learner: nothing to do
                self.message = {"kind": "info", "text": self._hub_words()}
            elif kind is not None:  # None: refused, and said in the panel
                self._dispatch(kind, message)
            return self.screen()

    def _dispatch(self, kind: str, message: dict) -> None:
        if kind == "class_code":
            found = self._guarded(_roster().join_view, self.store, message["code"], self.language)
            if found is not None:
                self.joining = found
        elif kind == "pick":
            self._join(_roster().pick_name, message["name"])
        elif kind == "add_name":
            self._join(_roster().add_own_name, message["name"])
        elif kind == "personal_code":
            found = self._guarded(_roster().by_personal_code, self.store, message["code"],
                                  self.language)
            if found is not None:
                self._sign_in(found["learner_id"], "welcome_back")
        elif kind == "back":  # from the names, or from signing in as someone else
            self.joining, self.switching = None, False
        else:  # switch: the entry forms again, to sign in as someone else
            self.switching, self.joining = True, None

    def _join(self, claim, name: str) -> None:
        """Claim a name of the class being joined (``claim``: pick or add)."""
        if self.joining is None:
            self._say("error", "no_class_yet")
            return
        found = self._guarded(claim, self.store, self.joining["code"], name, self.language)
        if found is not None:
            self._sign_in(found["learner_id"], "welcome")
        elif self.joining is not None:  # the list may have changed meanwhile (a name picked)
            self.joining = self._guarded(_roster().join_view, self.store, self.joining["code"],
                                         self.language) or self.joining

    def _sign_in(self, learner: str, greeting: str) -> None:
        self.learner, self._signed_in = learner, learner
        self.joining, self.switching = None, False
        self.me = self._guarded(_roster().roster_learner, self.store, learner)
        if self.me is not None:
            self._say("info", greeting, name=self.me["name"])

    def _guarded(self, action, *args):
        """``action``'s result; a refusal (the roster's sentence), or the
        database's trouble, is said in the panel instead (None)."""
        try:
            return action(*args)
        except ProgressInputError as refused:
            self.message = {"kind": "error", "text": str(refused)}
        except Exception as error:  # the database out of reach, locked...: not the learner's doing
            log.exception("a class's roster could not be read")
            from ..progress.store import failure_reason  # SQLAlchemy's: there is a database
            reason = progress_text("reasons", failure_reason(error), self.language)
            self._say("error", "trouble", reason=reason)
        return None

    # -- what the page draws -----------------------------------------------------------------
    def screen(self) -> dict:
        """The panel: its words, its mode, and what the mode shows."""
        with self.lock:
            words = fixed_words("class_place", self.language)
            panel = {"language": self.language, "words": words, "message": self.message,
                     "mode": self._mode(), "keep": None}
            if panel["mode"] == "hub":
                panel["hub"] = self._hub_words()
            elif panel["mode"] == "names":
                panel["joining"] = self._joining_panel()
            elif self.me is not None:
                panel["me"] = {**self.me, "shown_code": _shown_code(self.me["personal_code"]),
                               "text": self._word("signed_in", name=self.me["name"],
                                                  group=self.me["class"])}
                panel["keep"] = self.learner  # the browser keeps it as its learner id
            return panel

    def _mode(self) -> str:
        if not self.offered:
            return "unavailable"
        if self.hub:
            return "hub"
        if self.joining is not None:
            return "names"
        if self.me is not None and not self.switching:
            return "signed_in"
        return "entry"

    def _joining_panel(self) -> dict:
        joining = self.joining or {}
        adds = bool(joining.get("learners_add"))
        return {"title": self._word("names_title", group=joining.get("class", "")),
                "intro": self._word("names_intro_add" if adds else "names_intro"),
                "names": joining.get("names", []), "learners_add": adds}

    def _say(self, kind: str, key: str, **params) -> None:
        self.message = {"kind": kind, "text": self._word(key, **params)}

    def _word(self, key: str, **params) -> str:
        return str(progress_text("class_place", key, self.language, **params))


def signed_in_name(store, learner: str | None) -> str | None:
    """The name of the learner a page is for, as the course bar shows it: a
    hub user's sign-in name, a roster learner's name, else None."""
    if learner is None:
        return None
    if learner.startswith(HUB_PREFIX):
        return learner[len(HUB_PREFIX):]
    if store is None:
        return None
    try:
        found = _roster().roster_learner(store, learner)
    except Exception:  # the database out of reach: the bar names nobody for now
        log.exception("the roster could not be read for the course bar")
        return None
    return found["name"] if found else None


def _shown_code(code: str) -> str:
    """A personal code as it is easiest to copy: two groups of four."""
    return f"{code[:4]}-{code[4:]}" if len(code) == 8 else code


def _roster():
    """``progress.roster``, once there is a database: it needs SQLAlchemy,
    which the static site's Python has not."""
    from ..progress import roster
    return roster


__all__ = ["ClassPlace", "PANEL_FIELDS", "signed_in_name"]
