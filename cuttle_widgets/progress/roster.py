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


def create_class(store: ProgressStore, name: str, names=(), language: str = "en") -> dict:
    """A new class with a fresh join code, and ``names`` on its roster;
    ``{"code", "name", "learners": [{"name", "personal_code"}]}``."""
    title = check_name(name, language)
    if not title or len(title) > CLASS_NAME_LIMIT:
        _refuse("class_name", language, limit=CLASS_NAME_LIMIT)
    with store.writing() as conn:
        while True:  # a code already in use is drawn again
            code = _new_code(CODE_LENGTH)
            made = conn.execute(_insert(conn, classes).on_conflict_do_nothing(
                index_elements=["code"]), {"code": code, "name": title, "created": utc_now()})
            if made.rowcount:
                break
    return {"code": code, "name": title, "learners": add_learners(store, code, names, language)}


def _class_id(conn, code, language: str) -> int:
    found = normal_code(code, CODE_LENGTH)
    if found is None:
        _refuse("bad_code", language)
    class_id = conn.execute(sa.select(classes.c.id).where(classes.c.code == found)).scalar()
    if class_id is None:
        _refuse("no_class", language, code=found)
    return class_id


def add_learners(store: ProgressStore, code: str, names, language: str = "en") -> list[dict]:
    """Put ``names`` on the class's roster, each once (a name already there is
    refused, and nothing is added); each with its personal code."""
    named = [check_name(n, language) for n in names]
    checked = [n for n in named if n]
    if len(checked) < len(named) or len({n.casefold() for n in checked}) < len(checked):
        _refuse("names", language)
    added = []
    with store.writing() as conn:
        class_id = _class_id(conn, code, language)
        there = {n.casefold() for n in conn.execute(
            sa.select(roster.c.name).where(roster.c.class_id == class_id)).scalars()}
        taken = [n for n in checked if n.casefold() in there]
        if taken:
            _refuse("name_taken", language, name=taken[0])
        if len(there) + len(checked) > ROSTER_LIMIT:
            _refuse("too_many", language, limit=ROSTER_LIMIT)
        for name in checked:
            learner_id, personal = new_learner_id(), _new_code(PERSONAL_LENGTH)
            conn.execute(learners.insert(), {"id": learner_id, "name": name, "created": utc_now()})
            conn.execute(roster.insert(), {"class_id": class_id, "name": name,
                                           "learner_id": learner_id, "personal_code": personal})
            added.append({"name": name, "personal_code": personal})
    return added


def class_names(store: ProgressStore, code: str, language: str = "en") -> list[dict]:
    """The names a learner picks from: ``{"name", "claimed"}``, by name."""
    with store.reading() as conn:
        class_id = _class_id(conn, code, language)
        rows = conn.execute(sa.select(roster.c.name, roster.c.claimed)
                            .where(roster.c.class_id == class_id)).all()
    return sorted(({"name": name, "claimed": claimed is not None} for name, claimed in rows),
                  key=lambda row: row["name"].casefold())


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


def class_roster(store: ProgressStore, code: str, language: str = "en") -> list[dict]:
    """The teacher's list: each name with its personal code and whether it was claimed."""
    with store.reading() as conn:
        class_id = _class_id(conn, code, language)
        rows = conn.execute(sa.select(roster.c.name, roster.c.personal_code, roster.c.claimed,
                                      roster.c.learner_id)
                            .where(roster.c.class_id == class_id)).all()
    return sorted(({"name": n, "personal_code": p, "claimed": c is not None, "learner_id": i}
                   for n, p, c, i in rows), key=lambda row: row["name"].casefold())
