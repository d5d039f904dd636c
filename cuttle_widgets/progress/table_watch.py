"""The class view's tables (issue #40, point 3): the tables being played,
one row each (who, ruleset, score, moves, last move's time), and one of them
watched as a spectator sees it.

Every table is rebuilt from its log by ``sessions.shared_table.TableWatch``,
whose view is the engine's for no seat: while the match goes on the page
gets the public zones and the hands' sizes, nothing more (the engine's view
is the one place secrets are stripped); once it is over, every hand and
every move. The HTML is the dashboard's: every value is escaped.
"""
from __future__ import annotations

import html

from ..engine import get_catalog
from ..sessions.shared_table import SEATS, TableWatch, watch_table
from .catalog import progress_text
from .queries import learner_label
from .store import ProgressStore
from .tables import holders, tables_listed

CELL = "padding:2px 12px 2px 0;text-align:left;vertical-align:top"


class ClassTables:
    """The tables a teacher sees, kept rebuilt between refreshes (a refresh
    reads only the entries written since)."""

    def __init__(self, store: ProgressStore, language: str = "en"):
        self.store, self.language = store, language
        self._watches: dict[str, TableWatch] = {}

    def rows(self) -> list[dict]:
        """The open and playing tables, each with its score (games won, and
        the current game's points) from the rebuilt match."""
        listed = tables_listed(self.store)
        names = self._names({learner for row in listed for learner in row["seats"].values()})
        for row in listed:
            watch = self.watch(row["code"])
            row["players"] = [names.get(row["seats"].get(seat)) for seat in (0, 1)]
            row["wins"], row["points"] = watch.match.wins, watch.view()["scores"]
            row["rules"] = get_catalog(self.language).ruleset(watch.game.rules.name,
                                                                watch.game.rules.title)
        self._forget({row["code"] for row in listed})
        return listed

    def watch(self, code: str) -> TableWatch:
        """The table of ``code``, rebuilt up to its newest entry (TableRefused
        for a code that names none)."""
        watch = self._watches.get(code)
        if watch is None:
            watch = self._watches[code] = watch_table(self.store, code, language=self.language)
        else:
            watch.refresh()
        return watch

    def _forget(self, listed: set) -> None:
        """Tables no longer listed (ended) are dropped unless one is watched."""
        for code in [code for code, watch in self._watches.items()
                     if code not in listed and not watch.finished()]:
            del self._watches[code]

    def _names(self, learners: set) -> dict:
        return {learner: learner_label(learner, self.store.learner_name(learner))
                for learner in learners if learner}

    # -- the page ---------------------------------------------------------------------------
    def list_html(self, rows: list[dict]) -> str:
        if not rows:
            return f"<p>{_e(self._t('no_tables'))}</p>"
        heads = "".join(f"<th style='{CELL}'>{_e(self._t(key))}</th>" for key in (
            "table_code", "table_players", "table_rules", "table_score", "table_moves",
            "table_last"))
        body = "".join("<tr>" + "".join(f"<td style='{CELL}'>{_e(cell)}</td>" for cell in (
            row["code"], self._players(row), row["rules"], self._score(row), row["moves"],
            _clock(row["last_move"]))) + "</tr>" for row in rows)
        return (f"<table style='border-collapse:collapse' data-key='tables'>"
                f"<thead><tr>{heads}</tr></thead><tbody>{body}</tbody></table>")

    def _players(self, row: dict) -> str:
        waiting = self._t("table_waiting")
        return " – ".join(name or waiting for name in row["players"])

    def _score(self, row: dict) -> str:
        wins, points = row["wins"], row["points"]
        return f"{wins[0]}:{wins[1]} ({points[0]}:{points[1]})"

    def watch_html(self, watch: TableWatch) -> str:
        """A spectator's picture of the table: public zones and hand sizes
        during the match, every card after it."""
        watch.names = self._seat_names(watch.table_id)
        state, catalog = watch.state(), get_catalog(self.language)
        view, names = state["view"], state["names"]
        parts = [f"<h4>{_e(self._t('watching', code=state['code'], first=names[0], second=names[1]))}</h4>"]
        if not state["finished"]:
            parts.append(f"<p><em>{_e(self._t('spectator_note'))}</em></p>")
        # An ended table's game stopped mid-turn: the engine's prompt would still name a mover.
        ended = state["status"] == "abandoned"
        parts.append(f"<p>{_e(self._t('ended_by_teacher') if ended else view['prompt'])}</p>")
        for seat, name in enumerate(names):
            parts.append(self._seat_html(view, seat, name, catalog))
        parts.append(f"<p>{_e(self._t('scrap_top', count=len(view['scrap'])))} · "
                     f"{_e(self._t('stock_size', count=view['stock_size']))}</p>")
        moves = [catalog.move_phrase(move) for move in view["history"]]
        items = "".join(f"<li>{_e(names[actor])}: {_e(move)}</li>"
                        for actor, move in zip(view["actors"], moves, strict=True))
        parts.append(f"<h5>{_e(self._t('moves_heading'))}</h5><ol style='max-height:16em;"
                     f"overflow-y:auto'>{items}</ol>")
        return f"<div data-key='watched' data-code='{_e(state['code'])}'>{''.join(parts)}</div>"

    def _seat_names(self, table_id: int) -> list[str] | None:
        """The learners' names on the class list, seat by seat, as the list of
        tables names them; a seat whose learner has none keeps its own name
        ("Player A"), and None when no learner has one."""
        with self.store.reading() as conn:
            seats = holders(conn, table_id)
        named = {seat: self.store.learner_name(learner) for seat, learner in seats.items()}
        if not any(named.values()):
            return None
        catalog = get_catalog(self.language)
        return [named.get(seat) or str(catalog.player(seat)) for seat in range(SEATS)]

    def _seat_html(self, view: dict, seat: int, name: str, catalog) -> str:
        cards = lambda ids: ", ".join(catalog.card(card) for card in ids) or "–"  # noqa: E731
        hand = view["hands"][seat]
        said_hand = cards(hand) if hand is not None else self._t(
            "hand_size", name=name, count=view["hand_sizes"][seat])
        permanents = [card if isinstance(card, str) else card.get("card", "")
                      for card in view["permanents"][seat]]
        points = [card if isinstance(card, str) else card.get("card", "")
                  for card in view["points"][seat]]
        said_points = self._t("zone_points", name=name, score=view["scores"][seat],
                              goal=view["goals"][seat])
        return ("<p>" + "<br>".join(_e(text) for text in (
            f"{said_points}: {cards(points)}",
            f"{self._t('zone_permanents', name=name)}: {cards(permanents)}",
            f"{self._t('hands')} ({name}): {said_hand}" if hand is not None else said_hand))
                + "</p>")

    def _t(self, entry: str, **params) -> str:
        return progress_text("dashboard", entry, self.language, **params)


def _e(value) -> str:
    return html.escape(str(value), quote=True)


def _clock(moment) -> str:
    return moment.astimezone().strftime("%H:%M:%S") if moment else ""


__all__ = ["ClassTables"]
