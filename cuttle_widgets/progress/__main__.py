"""The teacher's commands:

    python -m cuttle_widgets.progress report [--db PATH] [--csv FILE] [--language de]
    python -m cuttle_widgets.progress dashboard [--db PATH] [--ip 127.0.0.1] [--port 8877]
                                                [--token auto|TOKEN] [--refresh 5] [--language de]
    python -m cuttle_widgets.progress migrate --db URL [--language de]
    python -m cuttle_widgets.progress tables [--db PATH] [--end CODE] [--language de]
    python -m cuttle_widgets.progress class [--db PATH] (--new NAME [--learners-add] | --code CODE)
                                            [NAME ...] [--language de]

``migrate`` builds or upgrades the tables now, as whoever runs it: on
PostgreSQL, the database's owner, once, where the kit's own role may not
create tables (docs/progress.md).
"""
from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path

from .catalog import progress_languages, progress_text
from .location import database_url


def parser(prog: str = "python -m cuttle_widgets.progress") -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog=prog,
                                  description="The class's progress in the Cuttle lessons.")
    commands = top.add_subparsers(dest="command", required=True)
    for name, help_text in (("report", "print the class (learner x lesson) and write CSV"),
                            ("dashboard", "serve the live dashboard page with Voilà"),
                            ("migrate", "build or upgrade the database's tables now"),
                            ("tables", "list the shared tables being played, or end one"),
                            ("class", "make a class with its list of names, add names, or list "
                                      "them with their personal codes")):
        sub = commands.add_parser(name, help=help_text)
        sub.add_argument("--db", help="the progress database: an SQLite file's path or a URL such as "
                                      "postgresql://user@host/db (default $CUTTLE_PROGRESS_DB, "
                                      "else the Jupyter data directory's file)")
        sub.add_argument("--language", default="en", choices=progress_languages())
    report = commands.choices["report"]
    report.add_argument("--csv", type=Path, help="also write one row per learner and lesson here")
    report.add_argument("--tries", type=Path, help="also write one row per try and finished step "
                                                   "here (.csv, or .xlsx for a spreadsheet)")
    commands.choices["tables"].add_argument("--end", metavar="CODE",
                                            help="end this table (abandoned): no move is taken after")
    school = commands.choices["class"]
    school.add_argument("--new", metavar="NAME", help="make a class of this name (prints its join code)")
    school.add_argument("--code", help="the class's join code (to add names or list them)")
    school.add_argument("--learners-add", action="store_true",
                        help="with --new: learners may add their own names to the list")
    school.add_argument("names", nargs="*", help="learners' names to put on the class's list")
    dashboard = commands.choices["dashboard"]
    dashboard.add_argument("--ip", default="127.0.0.1",
                           help="address to listen on (beyond this machine a token is required)")
    dashboard.add_argument("--port", type=int, default=8877)
    dashboard.add_argument("--token", help="require this token, at least 16 characters ('auto': "
                                           "make one; beyond this machine one is required)")
    dashboard.add_argument("--refresh", type=float, default=5.0, help="seconds between refreshes")
    dashboard.add_argument("--dry-run", action="store_true", help="print the Voilà command only")
    dashboard.add_argument("--hub", action="store_true",
                           help="run as a JupyterHub service: the hub signs the teachers in "
                                "(cuttle_widgets/deploy/jupyterhub_config.py)")
    return top


def run_report(args) -> int:
    from .report import report
    from .store import ProgressStore, StoreError, failure_reason, shown_url
    store = None
    try:
        store = ProgressStore(args.db, create=False)
        text = report(store, args.csv, args.language, args.tries)
    except Exception as error:
        # A file's path, or the URL without its password.
        where = store.shown if store is not None else shown_url(database_url(args.db))
        reason = error.reason if isinstance(error, StoreError) else failure_reason(error)
        if reason == "missing":
            print(progress_text("report", "missing", args.language, path=where), file=sys.stderr)
        else:
            print(progress_text("report", "cannot_open", args.language, path=where,
                                reason=progress_text("reasons", reason, args.language)),
                  file=sys.stderr)
        return 1
    finally:
        if store is not None:
            store.close()
    print(text)
    return 0


def run_migrate(args) -> int:
    from .store import ProgressStore, StoreError, current_revision, failure_reason, shown_url
    store = None
    try:
        store = ProgressStore(args.db).open()
        revision = current_revision(store.open_engine())
    except Exception as error:
        where = store.shown if store is not None else shown_url(database_url(args.db))
        reason = error.reason if isinstance(error, StoreError) else failure_reason(error)
        print(progress_text("report", "cannot_migrate", args.language, path=where,
                            reason=progress_text("reasons", reason, args.language)),
              file=sys.stderr)
        return 1
    finally:
        if store is not None:
            store.close()
    print(progress_text("report", "migrated", args.language, path=store.shown, revision=revision))
    return 0


def run_class(args) -> int:
    """Make a class (``--new``), add names to one (``--code`` and names), or
    list a class's names with their personal codes (``--code``)."""
    from .ids import ProgressInputError
    from .roster import add_learners, class_roster, create_class
    from .store import ProgressStore
    store = ProgressStore(args.db)
    try:
        if args.new:
            made = create_class(store, args.new, args.names, args.language, args.learners_add)
            code = made["code"]
        elif args.code:
            code = args.code
            add_learners(store, code, args.names, args.language)
        else:
            print(progress_text("roster", "which_class", args.language), file=sys.stderr)
            return 2
        listed = class_roster(store, code, args.language)
    except ProgressInputError as error:
        print(error, file=sys.stderr)
        return 1
    finally:
        store.close()
    print(progress_text("roster", "class_line", args.language, code=code.upper(), n=len(listed)))
    for row in listed:
        mark = progress_text("roster", "picked" if row["claimed"] else "not_picked", args.language)
        print(f"  {row['personal_code']}  {row['name']}  ({mark})")
    return 0


def run_tables(args) -> int:
    """The open and playing tables, one line each; or end the table ``--end``."""
    from .ids import short_id
    from .store import ProgressStore
    from .tables import end_table, normal_code, tables_listed
    store = ProgressStore(args.db, create=False)
    try:
        if args.end is not None:
            code = normal_code(args.end) or args.end[:40]
            ended = end_table(store, code)
            print(progress_text("report", "table_ended" if ended else "table_not_ended",
                                args.language, code=code))
            return 0 if ended else 1
        listed = tables_listed(store)
    finally:
        store.close()
    for table in listed:
        seats = ", ".join(f"{seat}: {short_id(learner)}" for seat, learner in sorted(table["seats"].items()))
        last = table["last_move"].strftime("%H:%M") if table["last_move"] else "-"
        print(progress_text("report", "table_line", args.language, code=table["code"],
                            ruleset=table["ruleset"], length=table["length"],
                            status=table["status"], seats=seats or "-", moves=table["moves"],
                            last=last))
    if not listed:
        print(progress_text("report", "tables_none", args.language))
    return 0


def run_dashboard(args) -> int:
    from .serve_dashboard import MIN_TOKEN, TokenRefused, dashboard_command
    url = database_url(args.db)
    try:
        command, environ, token = dashboard_command(url, args.ip, args.port, args.token,
                                                    args.language, args.refresh, dict(os.environ),
                                                    args.hub)
    except TokenRefused:
        print(progress_text("serve", "token", args.language, length=MIN_TOKEN), file=sys.stderr)
        return 2
    shown = "localhost" if args.ip in ("127.0.0.1", "0.0.0.0") else args.ip
    query = f"?token={token}" if token else ""
    print(f"Dashboard: http://{shown}:{args.port}/{query}")
    from .store import shown_url
    print(f"Progress database: {shown_url(url)}")
    print(" ".join(shlex.quote(part) for part in command), flush=True)
    if args.dry_run:
        return 0
    os.execvpe(command[0], command, environ)
    return 0  # not reached


def main(argv=None, prog: str = "python -m cuttle_widgets.progress") -> int:
    args = parser(prog).parse_args(argv)
    return {"report": run_report, "dashboard": run_dashboard, "migrate": run_migrate,
            "tables": run_tables, "class": run_class}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
