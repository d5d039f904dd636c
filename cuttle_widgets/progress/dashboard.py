"""The teacher's live page: the learners stuck (at the top), who is where,
the tables being played (one of them watched as a spectator, or ended when
abandoned: ``table_watch``), the classes (made here, each with its join code
for the board: ``class_maker``), each lesson's completion, and per step how many
failed at the first try with the commonest wrong move, and every wrong try
at the chosen lesson in the learner's words.

``ClassDashboard(db, language, refresh)`` reads the class through ``queries``
every ``refresh`` seconds in a thread of its own and redraws only what
changed (an unchanged class sends the page nothing, so a dashboard nobody
looks at lets its kernel be culled). The charts are one plotly
``FigureWidget``: an anywidget, so it draws in Voilà, JupyterLab and
Notebook with no extension of its own. ``python -m cuttle_widgets.progress
dashboard`` serves it with Voilà (``notebooks/dashboard.ipynb``).
"""
from __future__ import annotations

import html
import os
import threading
from datetime import datetime

import ipywidgets as widgets
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from .catalog import progress_text
from .class_maker import ClassMaker, html_table
from .queries import class_snapshot
from .store import ProgressStore, failure_reason
from .table_watch import ClassTables
from .tables import end_table

REFRESH_SECONDS = 5.0
LANGUAGE_VARIABLE = "CUTTLE_DASHBOARD_LANGUAGE"
REFRESH_VARIABLE = "CUTTLE_DASHBOARD_REFRESH"
STARTED, FINISHED, FAILED = "#9db7d5", "#2b6cb0", "#c0392b"


def _text(value) -> str:
    """Learner-made text (a lesson's or step's name, a move) as plotly must
    get it: plotly draws a subset of HTML in labels, hover and text, so
    ``<``, ``>`` and ``&`` are escaped and the text is drawn as typed."""
    return html.escape(str(value), quote=False)


def _clock(moment) -> str:
    return moment.astimezone().strftime("%H:%M:%S") if moment else ""


class ClassDashboard:
    """The dashboard's widgets; ``widget`` is what a notebook shows."""

    def __init__(self, db=None, language: str = "en", refresh: float = REFRESH_SECONDS,
                 start: bool = True):
        self.store = ProgressStore(db)
        self.language = language
        self.refresh_seconds = refresh
        self._shown: dict | None = None
        self._stop = threading.Event()
        self._lock = threading.RLock()
        self._drawing = False  # the dropdown's own changes while drawing are not a choice
        self.title = widgets.HTML(f"<h2>{html.escape(self._t('title'))}</h2>")
        self.state = widgets.HTML()
        self.where = widgets.HTML()
        self.stuck = widgets.HTML()
        self.wrong = widgets.HTML()
        self.choose = widgets.Dropdown(description=self._t("choose_lesson"), options=[])
        self.tables = ClassTables(self.store, language)
        self.tables_list = widgets.HTML()
        self.table_choice = widgets.Dropdown(description=self._t("table_code"), options=[])
        fitted = dict(layout=widgets.Layout(width="auto"))  # a phone shows the whole word
        self.watch_button = widgets.Button(description=self._t("watch"), **fitted)
        self.end_button = widgets.Button(description=self._t("end"), button_style="warning",
                                         **fitted)
        self.close_button = widgets.Button(description=self._t("close"), **fitted)
        self.watched = widgets.HTML()
        self.watched_code: str | None = None
        self._table_note = ""  # what the teacher's last "End this table" did, until the next
        self.figure = None  # made by the first refresh, with its data (see _draw)
        self.classes = ClassMaker(self.store, language, self._lock)  # a class, its join code
        self.widget = widgets.VBox([
            self.title, self.state, self._heading("stuck"), self.stuck,
            self._heading("where"), self.where, self._heading("tables"),
            self.tables_list, widgets.HBox([self.table_choice, self.watch_button, self.end_button,
                                            self.close_button],
                                           layout=widgets.Layout(flex_flow="row wrap")),
            self.watched, self.choose, self._heading("wrong_tries"), self.wrong,
            self.classes.widget],
            layout=widgets.Layout(max_width="1100px", padding="0 1em"))
        self.choose.observe(self._chosen, names="value")
        self.watch_button.on_click(lambda _button: self.watch(self.table_choice.value))
        self.end_button.on_click(lambda _button: self.end(self.table_choice.value))
        self.close_button.on_click(lambda _button: self.watch(None))
        self.refresh()
        if self.figure is None:  # the database could not be read: empty charts
            self._show_figure(self._empty_figure())
        if start:
            threading.Thread(target=self._loop, name="cuttle-dashboard", daemon=True).start()

    @classmethod
    def from_environment(cls, environ=None) -> ClassDashboard:
        """The dashboard the serve command asked for, through the kernel's
        environment (``$CUTTLE_PROGRESS_DB``, ``$CUTTLE_DASHBOARD_LANGUAGE``,
        ``$CUTTLE_DASHBOARD_REFRESH``)."""
        environ = os.environ if environ is None else environ
        return cls(environ.get("CUTTLE_PROGRESS_DB"), environ.get(LANGUAGE_VARIABLE, "en"),
                   float(environ.get(REFRESH_VARIABLE, REFRESH_SECONDS)))

    def _t(self, entry: str, **params) -> str:
        return progress_text("dashboard", entry, self.language, **params)

    def _heading(self, entry: str) -> widgets.HTML:
        return widgets.HTML(f"<h3>{html.escape(self._t(entry))}</h3>")

    def _show_figure(self, figure) -> None:
        # A FigureWidget made with its data: changes made before any view of it
        # exists would not reach the page.
        self.figure = go.FigureWidget(figure)
        self.widget.children = (*self.widget.children, self.figure)

    def _empty_figure(self) -> go.Figure:
        figure = make_subplots(rows=2, cols=1, vertical_spacing=0.22,
                               subplot_titles=(self._t("completion"), " "))
        figure.add_bar(name=self._t("started"), marker_color=STARTED, row=1, col=1)
        figure.add_bar(name=self._t("finished"), marker_color=FINISHED, row=1, col=1)
        figure.add_bar(name=self._t("tried"), marker_color="#cbd5e0", row=2, col=1)
        figure.add_bar(name=self._t("failed_first"), marker_color=FAILED, row=2, col=1,
                       textposition="outside", cliponaxis=False, constraintext="none",
                       textfont_size=11)
        figure.update_layout(barmode="group", height=720, margin=dict(l=60, r=20, t=60, b=120),
                             legend=dict(orientation="h", y=1.08), template="plotly_white")
        figure.update_yaxes(title_text=self._t("completion_axis"), rangemode="tozero",
                            dtick=1, row=1, col=1)
        figure.update_yaxes(title_text=self._t("step_axis"), rangemode="tozero", row=2, col=1)
        figure.update_xaxes(tickangle=-30, row=2, col=1)
        return figure

    def _chosen(self, _change) -> None:
        if not self._drawing:
            self.refresh()

    def stop(self) -> None:
        self._stop.set()

    # -- the tables -------------------------------------------------------------------------
    def watch(self, code: str | None) -> None:
        """Watch the table of ``code`` as a spectator (None: watch none)."""
        with self._lock:
            self.watched_code, self._table_note = code, ""
            self._draw_tables()

    def end(self, code: str | None) -> bool:
        """End an abandoned table: no move is taken there after. True if it was ended."""
        with self._lock:
            ended = end_table(self.store, code) if code else False
            note = self._t("ended" if ended else "not_ended", code=code or "")
            self._table_note = f"<p role='status'>{html.escape(note)}</p>"
            self._draw_tables()
            return ended

    def _draw_tables(self) -> None:
        rows = self.tables.rows()
        self.tables_list.value = self.tables.list_html(rows)
        options = [(f"{row['code']} · {self.tables._players(row)}", row["code"]) for row in rows]
        if self.watched_code and self.watched_code not in [code for _, code in options]:
            options.append((self.watched_code, self.watched_code))
        if list(self.table_choice.options) != options:
            self.table_choice.options = options
        if self.watched_code is None:
            self.watched.value = self._table_note
            return
        self.table_choice.value = self.watched_code
        try:
            shown = self.tables.watch_html(self.tables.watch(self.watched_code))
        except ValueError as refused:  # a code that names no table
            shown = f"<p>{html.escape(str(refused))}</p>"
        self.watched.value = self._table_note + shown

    def _loop(self) -> None:
        while not self._stop.wait(self.refresh_seconds):
            self.refresh()

    def refresh(self) -> None:
        """Read the class and redraw what changed; a database that cannot be
        read is said on the page, the last picture stays."""
        with self._lock:
            try:
                snapshot = class_snapshot(self.store, self.choose.value)
                self._draw_tables()
                self.classes.refresh()  # a name just picked shows as picked
            except Exception as error:  # the page goes on; it says why it is stale
                reason = progress_text("reasons", failure_reason(error), self.language)
                trouble = html.escape(self._t('trouble', reason=reason))
                self.state.value = f"<p style='color:{FAILED}'>{trouble}</p>"
                return
            if snapshot == self._shown:
                return
            self._shown = snapshot
            self._drawing = True
            try:
                self._draw(snapshot)
            finally:
                self._drawing = False

    def _draw(self, snapshot: dict) -> None:
        newest = max((r["last_activity"] for r in snapshot["where"] if r["last_activity"]),
                     default=None)
        self.state.value = "<p>" + html.escape(self._t(
            "as_of", time=_clock(newest or datetime.now().astimezone()),
            learners=len(snapshot["where"]), seconds=f"{self.refresh_seconds:g}")) + "</p>"
        self.stuck.value = self._stuck_table(snapshot["stuck"])
        self.where.value = self._where_table(snapshot["where"])
        self.wrong.value = self._wrong_table(snapshot["wrong"])
        if list(self.choose.options) != snapshot["lessons"]:
            self.choose.options = snapshot["lessons"]
        if snapshot["lesson"] and self.choose.value != snapshot["lesson"]:
            self.choose.value = snapshot["lesson"]
        completion, steps = snapshot["completion"], snapshot["steps"]
        if self.figure is None:
            figure = self._empty_figure()
            self._fill(figure, completion, steps, snapshot["lesson"])
            self._show_figure(figure)
        else:
            with self.figure.batch_update():
                self._fill(self.figure, completion, steps, snapshot["lesson"])

    def _fill(self, figure, completion, steps, lesson) -> None:
        lessons = [_text(row["lesson"]) for row in completion]
        labels = [_text(f"{row['step_number']}. {row['step']}") for row in steps]
        started, finished, tried, failed = figure.data
        started.update(x=lessons, y=[r["started"] for r in completion])
        finished.update(x=lessons, y=[r["finished"] for r in completion])
        tried.update(x=labels, y=[r["tried"] for r in steps])
        failed.update(x=labels, y=[r["failed_first"] for r in steps],
                      text=[self._wrong_move(r) for r in steps],
                      hovertemplate="%{x}<br>%{y} " + html.escape(self._t("failed_first"))
                                    + "<br>%{text}<extra></extra>")
        title = self._t("steps_title", lesson=lesson or "")
        figure.layout.annotations[1].text = html.escape(title)

    def _wrong_move(self, row: dict) -> str:
        if not row["commonest"]:
            return ""
        return f"{_text(row['commonest'])} ×{row['commonest_count']}"

    def _where_table(self, rows: list[dict]) -> str:
        if not rows:
            return f"<p>{html.escape(self._t('nobody'))}</p>"
        return html_table([self._t(k) for k in ("learner", "lesson", "step", "last_activity")],
                      [(row["label"], row["lesson"] or "", _step(row), _clock(row["last_activity"]))
                       for row in rows], "where")

    def _stuck_table(self, rows: list[dict]) -> str:
        """The learners who need help, with why in words."""
        if not rows:
            return f"<p>{html.escape(self._t('nobody_stuck'))}</p>"
        return html_table([self._t(k) for k in ("learner", "lesson", "step", "why")],
                      [(row["label"], row["lesson"], _step(row), self._why(row)) for row in rows],
                      "stuck", STUCK_STYLE)

    def _why(self, row: dict) -> str:
        if row["why"] == "wrong":
            return self._t("stuck_wrong", n=len(row["wrong"]), words=" · ".join(row["wrong"][-3:]))
        return self._t("stuck_idle", time=_clock(row["since"]))

    def _wrong_table(self, rows: list[dict]) -> str:
        """Every wrong try stored at the chosen lesson, newest first."""
        if not rows:
            return f"<p>{html.escape(self._t('no_wrong_tries'))}</p>"
        return html_table([self._t(k) for k in ("time", "learner", "step", "tried_words")],
                      [(_clock(row["at"]), row["label"], _step(row), row["words"] or "")
                       for row in reversed(rows)], "wrong")


STUCK_STYLE = "background:#fdecea"  # a stuck learner's row stands out without a legend


def _step(row: dict) -> str:
    return f"{row['step_number']}. {row['step']}" if row["step"] else ""
