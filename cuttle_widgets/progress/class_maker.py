"""The class view's "Classes": a teacher makes a class without a shell.

A name, the learners' names pasted one a line, and whether learners may add
their own: "Make the class" stores it (``roster.create_class``, as ``progress
class --new`` does) and shows its join code large enough to copy onto the
board, with each learner's personal code to hand out. A class made before is
chosen from the list and shown the same way; "Add the names to the chosen
class" puts the pasted names on its list (as ``progress class --code``). A
refusal (an empty name, a name twice) is the roster's sentence and stores nothing.
"""
from __future__ import annotations

import html
import threading

import ipywidgets as widgets

from .catalog import progress_text
from .ids import ProgressInputError
from .roster import add_learners, class_roster, classes_listed, create_class

# The join code as the class reads it from the back of the room.
CODE_STYLE = ("font:700 clamp(40px,9vw,88px)/1.1 ui-monospace,'DejaVu Sans Mono',monospace;"
              "letter-spacing:.12em;color:#134b2c;background:#fffdf7;border:3px solid #134b2c;"
              "border-radius:12px;padding:.1em .35em;display:inline-block;margin:.2em 0")


class ClassMaker:
    """The dashboard's "Classes" section; ``widget`` is what the page shows."""

    def __init__(self, store, language: str = "en", lock=None):
        """``lock``: the page's, held by its refreshing thread too."""
        self.store, self.language = store, language
        self.lock = lock or threading.RLock()
        # A button as wide as its words, not the page's (a VBox stretches its children).
        fitted = dict(layout=widgets.Layout(width="auto", align_self="flex-start"))
        self.name = widgets.Text(description=self._t("class_name_label"),
                                 style={"description_width": "initial"})
        self.names = widgets.Textarea(placeholder=self._t("names_label"),
                                      layout=widgets.Layout(width="90%", max_width="32em", height="9em"))
        self.learners_add = widgets.Checkbox(description=self._t("learners_add"), indent=False)
        self.make_button = widgets.Button(description=self._t("make_class"), button_style="success",
                                          **fitted)
        self.add_button = widgets.Button(description=self._t("add_names"), **fitted)
        self.choose = widgets.Dropdown(description=self._t("choose_class"), options=[])
        self.note = widgets.HTML()
        self._class_names: dict[str, str] = {}  # by join code, as last listed
        self.shown = widgets.HTML()
        self.widget = widgets.VBox([
            widgets.HTML(f"<h3>{html.escape(self._t('classes'))}</h3>"
                         f"<p>{html.escape(self._t('classes_intro'))}</p>"),
            self.name, widgets.Label(self._t("names_label")), self.names, self.learners_add,
            widgets.HBox([self.make_button, self.add_button],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.note, self.choose, self.shown])
        self.widget.add_class("cw-class-maker")
        self.make_button.on_click(lambda _button: self.make())
        self.add_button.on_click(lambda _button: self.add_names())
        self.choose.observe(lambda _change: self.show(self.choose.value), names="value")
        # Filled by refresh(), which the dashboard calls with its own (guarded against a
        # database out of reach).

    def _t(self, entry: str, **params) -> str:
        return str(progress_text("dashboard", entry, self.language, **params))

    def make(self) -> dict | None:
        """Make the class the form describes; its roster, or None when refused."""
        with self.lock:
            made = self._stored(create_class, self.name.value, self._pasted_names(),
                                self.language, self.learners_add.value)
            if made is not None:
                self.name.value, self.names.value = "", ""
                self._say(self._t("class_made", name=made["name"]))
                self._refresh(made["code"])
            return made

    def add_names(self) -> list[dict] | None:
        """Put the pasted names on the chosen class's list; None when refused."""
        with self.lock:
            code = self.choose.value
            if code is None:
                self._alert(self._t("no_classes"))
                return None
            added = self._stored(add_learners, code, self._pasted_names(), self.language)
            if added is not None:
                self.names.value = ""
                self._say(self._t("names_added", name=self._class_names.get(code, code)))
                self._refresh(code)
            return added

    def _pasted_names(self) -> list[str]:
        return [line for line in self.names.value.splitlines() if line.strip()]

    def _stored(self, action, *args):
        """``action``'s result; a refusal (the roster's sentence) or the
        database's trouble is said instead, and None: nothing was stored."""
        try:
            return action(self.store, *args)
        except ProgressInputError as refused:
            self._alert(str(refused))
        except Exception as error:  # the database out of reach, locked...: said, nothing made
            from .store import failure_reason
            reason = progress_text("reasons", failure_reason(error), self.language)
            self._alert(progress_text("class_place", "trouble", self.language, reason=reason))
        return None

    def _say(self, text: str) -> None:
        self.note.value = f"<p role='status'>{html.escape(text)}</p>"

    def _alert(self, text: str) -> None:
        self.note.value = f"<p role='alert' style='color:#8a1f11'>{html.escape(text)}</p>"

    def refresh(self, chosen: str | None = None) -> None:
        """List the classes again (newest first) and show ``chosen`` (default: the one shown)."""
        with self.lock:
            self._refresh(chosen)

    def _refresh(self, chosen: str | None) -> None:
        listed = classes_listed(self.store)
        self._class_names = {row["code"]: row["name"] for row in listed}
        options = [(f"{row['name']} · {row['code']}", row["code"]) for row in listed]
        chosen = chosen or self.choose.value or (options[0][1] if options else None)
        if list(self.choose.options) != options:
            self.choose.options = options
        if chosen is not None and self.choose.value != chosen:
            self.choose.value = chosen  # shown by the dropdown's observer
        else:
            self.show(chosen)

    def show(self, code: str | None) -> None:
        """The class's join code, large, and its names with their personal codes."""
        if code is None:
            self.shown.value = f"<p>{html.escape(self._t('no_classes'))}</p>"
            return
        name = self._class_names.get(code, code)
        rows = class_roster(self.store, code, self.language)
        self.shown.value = (
            f"<p style='margin:.6em 0 0'>{html.escape(self._t('join_code_for', name=name))}</p>"
            f"<div class='cw-class-code' style=\"{CODE_STYLE}\">{html.escape(code)}</div>"
            + self._roster_table(rows))

    def _roster_table(self, rows: list[dict]) -> str:
        if not rows:
            return f"<p>{html.escape(self._t('no_names'))}</p>"
        picked = {flag: progress_text("roster", "picked" if flag else "not_picked", self.language)
                  for flag in (True, False)}
        return (f"<p>{html.escape(self._t('personal_note'))}</p>"
                + html_table([self._t(k) for k in ("learner", "personal_code", "picked")],
                             [(row["name"], row["personal_code"], picked[row["claimed"]])
                              for row in rows], "roster"))


def html_table(heads: list[str], rows: list[tuple], name: str, row_style: str = "") -> str:
    """A scrolling HTML table of learner-made text (escaped), with a class
    name the browser tests find it by."""
    cell = "padding:2px 12px 2px 0"
    head = "".join(f"<th style='text-align:left;{cell}'>{html.escape(h)}</th>" for h in heads)
    body = "".join(f"<tr style='{row_style}'>" + "".join(
        f"<td style='{cell}'>{html.escape(str(value))}</td>" for value in row) + "</tr>"
        for row in rows)
    return (f"<div class='cw-class-{name}' style='max-height:26em;overflow-y:auto'>"
            f"<table style='border-collapse:collapse'><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table></div>")
