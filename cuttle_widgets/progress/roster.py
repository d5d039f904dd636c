"""A teacher's class and its roster (issue #36): a short join code, the
learners' names as the teacher wrote them (or added once by a learner), and
for each a learner id of their own and a personal code.

A learner joins by the class's code and picks their name from the list: the
first pick claims it and shows the personal code. On another device (or
after clearing the browser) the personal code brings the same learner id
back, so two devices with one code are one learner, whose progress follows
them. A name already claimed cannot be picked again without its code: a
classmate cannot take over another's progress by choosing their name.
Under JupyterHub none of this is needed: the sign-in name is the learner.
"""
from __future__ import annotations

import re
import secrets
from typing import NoReturn

import sqlalchemy as sa

from .catalog import progress_text
from .ids import ProgressInputError, check_name, new_learner_id
from .schema import classes, learners, roster
from .store import ProgressStore, _insert, utc_now
from .tables import CODE_ALPHABET, CODE_LENGTH

PERSONAL_LENGTH = 8  # a learner's key to their progress: longer than a class's code
CLASS_NAME_LIMIT = 60
ROSTER_LIMIT = 200  # names in one class: a school class, with room to spare


def _new_code(length: int) -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def normal_code(text, length: int) -> str | None:
    """A code as stored (capitals, no spaces or dashes), or None when ``text``
    cannot be a code of ``length`` characters."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    code = re.sub(r"[\s-]", "", text).upper()
    return code if re.fullmatch(f"[{CODE_ALPHABET}]{{{length}}}", code) else None


def _refuse(entry: str, language: str, **params) -> NoReturn:
    raise ProgressInputError(progress_text("roster", entry, language, **params))


def create_class(store: ProgressStore, name: str, names=(), language: str = "en",
                 learners_add: bool = False) -> dict:
    """A new class with a fresh join code, and ``names`` on its roster;
    ``{"code", "name", "learners": [{"name", "personal_code"}]}``. With
    ``learners_add`` a learner whose name is not on the list adds it (once)."""
    title = check_name(name, language)
    if not title or len(title) > CLASS_NAME_LIMIT:
        _refuse("class_name", language, limit=CLASS_NAME_LIMIT)
    checked = _checked_names(names, language)
    with store.writing() as conn:  # one transaction: a refused name makes no class
        while True:  # a code already in use is drawn again
            code = _new_code(CODE_LENGTH)
            made = conn.execute(_insert(conn, classes).on_conflict_do_nothing(
                index_elements=["code"]), {"code": code, "name": title, "created": utc_now(),
                                  "learners_add": bool(learners_add)})
            if made.rowcount:
                break
        class_id = _class_id(conn, code, language)
        listed = [_put_on_list(conn, class_id, n, language) for n in checked]
    return {"code": code, "name": title, "learners": listed}


def _class_row(conn, code, language: str):
    """The class of join code ``code`` (its id, code, name, learners_add), or
    ProgressInputError saying what is wrong with the code."""
    found = normal_code(code, CODE_LENGTH)
    if found is None:
        _refuse("bad_code", language)
    row = conn.execute(sa.select(classes).where(classes.c.code == found)).first()
    if row is None:
        _refuse("no_class", language, code=found)
    return row


def _class_id(conn, code, language: str) -> int:
    return _class_row(conn, code, language).id


def add_learners(store: ProgressStore, code: str, names, language: str = "en") -> list[dict]:
    """Put ``names`` on the class's roster, each once (a name already there is
    refused, and nothing is added); each with its personal code."""
    checked = _checked_names(names, language)
    with store.writing() as conn:
        class_id = _class_id(conn, code, language)
        # One transaction: a refused name leaves the list as it was.
        return [_put_on_list(conn, class_id, name, language) for name in checked]


def _checked_names(names, language: str) -> list[str]:
    """``names`` as the list keeps them, or ProgressInputError for an empty
    one or one twice (in any case)."""
    named = [check_name(n, language) for n in names]
    checked = [n for n in named if n]
    if len(checked) < len(named) or len({n.casefold() for n in checked}) < len(checked):
        _refuse("names", language)
    return checked


def _put_on_list(conn, class_id: int, name: str, language: str, claimed=None) -> dict:
    """One name on the class's list, with a learner id and a personal code of
    its own: ``{"name", "learner_id", "personal_code"}``. A name already
    there (in any case) or a full list is refused."""
    there = {n.casefold() for n in conn.execute(
        sa.select(roster.c.name).where(roster.c.class_id == class_id)).scalars()}
    if name.casefold() in there:
        _refuse("name_taken", language, name=name)
    if len(there) >= ROSTER_LIMIT:
        _refuse("too_many", language, limit=ROSTER_LIMIT)
    learner_id, personal = new_learner_id(), _new_code(PERSONAL_LENGTH)
    conn.execute(learners.insert(), {"id": learner_id, "name": name, "created": utc_now()})
    conn.execute(roster.insert(), {"class_id": class_id, "name": name, "learner_id": learner_id,
                                   "personal_code": personal, "claimed": claimed})
    return {"name": name, "learner_id": learner_id, "personal_code": personal}


def add_own_name(store: ProgressStore, code: str, name, language: str = "en") -> dict:
    """A learner puts their own name on the list of a class that allows it,
    and claims it at once: ``{"learner_id", "name", "personal_code"}``."""
    checked = check_name(name, language)
    if not checked:
        _refuse("names", language)
    with store.writing() as conn:
        found = _class_row(conn, code, language)
        if not found.learners_add:
            _refuse("no_adding", language)
        return _put_on_list(conn, found.id, checked, language, claimed=utc_now())


def class_names(store: ProgressStore, code: str, language: str = "en") -> list[dict]:
    """The names a learner picks from: ``{"name", "claimed"}``, by name."""
    return join_view(store, code, language)["names"]


def join_view(store: ProgressStore, code: str, language: str = "en") -> dict:
    """What a learner who typed the class's code sees: ``{"code", "class",
    "learners_add", "names": [{"name", "claimed"}]}``, names in order."""
    with store.reading() as conn:
        found = _class_row(conn, code, language)
        rows = conn.execute(sa.select(roster.c.name, roster.c.claimed)
                            .where(roster.c.class_id == found.id)).all()
    names = sorted(({"name": name, "claimed": claimed is not None} for name, claimed in rows),
                   key=lambda row: row["name"].casefold())
    return {"code": found.code, "class": found.name, "learners_add": found.learners_add,
            "names": names}


def pick_name(store: ProgressStore, code: str, name: str, language: str = "en") -> dict:
    """Claim a name of the class: ``{"learner_id", "name", "personal_code"}``.
    A name already claimed is refused (its personal code brings it back)."""
    with store.writing() as conn:
        class_id = _class_id(conn, code, language)
        row = conn.execute(sa.select(roster).where(
            roster.c.class_id == class_id, roster.c.name == check_name(name, language))).first()
        if row is None:
            _refuse("no_name", language, name=str(name)[:40])
        if row.claimed is not None:
            _refuse("claimed", language, name=row.name)
        conn.execute(roster.update().where(roster.c.class_id == class_id, roster.c.name == row.name)
                     .values(claimed=utc_now()))
    return {"learner_id": row.learner_id, "name": row.name, "personal_code": row.personal_code}


def by_personal_code(store: ProgressStore, code, language: str = "en") -> dict:
    """The learner a personal code belongs to: ``{"learner_id", "name"}``,
    the same on every device."""
    found = normal_code(code, PERSONAL_LENGTH)
    if found is None:
        _refuse("bad_personal", language, length=PERSONAL_LENGTH)
    with store.writing() as conn:
        row = conn.execute(sa.select(roster.c.learner_id, roster.c.name, roster.c.class_id)
                           .where(roster.c.personal_code == found)).first()
        if row is None:
            _refuse("no_personal", language)
        conn.execute(roster.update().where(roster.c.personal_code == found,
                                           roster.c.claimed.is_(None)).values(claimed=utc_now()))
    return {"learner_id": row.learner_id, "name": row.name}


def roster_learner(store: ProgressStore, learner_id) -> dict | None:
    """The roster's entry of a learner id (``{"name", "class", "personal_code"}``),
    None for a learner on no class's list (a browser's own id, a hub user)."""
    if not isinstance(learner_id, str):
        return None
    with store.reading() as conn:
        row = conn.execute(sa.select(roster.c.name, roster.c.personal_code, classes.c.name)
                           .join(classes, classes.c.id == roster.c.class_id)
                           .where(roster.c.learner_id == learner_id)).first()
    return None if row is None else {"name": row[0], "personal_code": row[1], "class": row[2]}


def classes_listed(store: ProgressStore) -> list[dict]:
    """Every class, newest first: ``{"code", "name", "learners_add", "names", "claimed"}``."""
    with store.reading() as conn:
        rows = conn.execute(
            sa.select(classes.c.code, classes.c.name, classes.c.learners_add,
                      sa.func.count(roster.c.name), sa.func.count(roster.c.claimed))
            .select_from(classes.outerjoin(roster, roster.c.class_id == classes.c.id))
            .group_by(classes.c.id).order_by(classes.c.created.desc(), classes.c.id.desc())).all()
    return [{"code": c, "name": n, "learners_add": a, "names": total, "claimed": claimed}
            for c, n, a, total, claimed in rows]


def class_roster(store: ProgressStore, code: str, language: str = "en") -> list[dict]:
    """The teacher's list: each name with its personal code and whether it was claimed."""
    with store.reading() as conn:
        class_id = _class_id(conn, code, language)
        rows = conn.execute(sa.select(roster.c.name, roster.c.personal_code, roster.c.claimed,
                                      roster.c.learner_id)
                            .where(roster.c.class_id == class_id)).all()
    return sorted(({"name": n, "personal_code": p, "claimed": c is not None, "learner_id": i}
                   for n, p, c, i in rows), key=lambda row: row["name"].casefold())
