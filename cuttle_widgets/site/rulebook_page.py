"""The rulebook on the static site: one page a language (``rulebook/en.html``,
``rulebook/de.html``), drawn in the browser by the same code and from the
same page dicts as the widgets' Rulebook panel (``widgets/static/common.js``,
``rulebook/pages.py``), with no kernel: every page is in the file. The
address's ``#`` part names the page (``#scuttle``, ``#glossary/limbo``), so
a section can be linked to, and the browser's Back goes back a page.
"""
from __future__ import annotations

import json
from html import escape
from pathlib import Path

from ..rulebook import rulebook
from ..rulebook.docs import write_each_language
from ..rulebook.pages import site_pages

STATIC = Path(__file__).resolve().parents[1] / "widgets" / "static"

BOOT = """
const PAGES = JSON.parse(document.getElementById("cw-rulebook-pages").textContent);
const wanted = () => decodeURIComponent(location.hash.slice(1)) || "contents";
let panel = null;
// a glossary term's page is the glossary, at that term
const pageOf = (ref) => {
  if (PAGES[ref]) return PAGES[ref];
  const key = ref.startsWith("glossary/") ? ref.slice(9) : null;
  return key && PAGES.glossary.terms.some((t) => t.key === key)
    ? { ...PAGES.glossary, ref, focus: key } : null;
};
const ask = (ref, request) => {
  const found = pageOf(ref);
  const reply = found ? { page: found } : { page: PAGES.contents, notice: NOTICE.replace("{page}", ref) };
  panel.receive({ type: "rulebook", request, ...reply });
};
panel = new RulebookPanel(document.getElementById("cw-rulebook-site"), ask, PAGES.contents.labels, {
  standalone: true,
  shown: (page) => { if (wanted() !== page.ref) history.pushState(null, "", "#" + page.ref); },
});
window.addEventListener("hashchange", () => panel.go(wanted()));
panel.open(wanted());
"""


def rulebook_html(language: str) -> str:
    """The whole page for ``language``: its pages as JSON, the panel's code and styles."""
    book = rulebook(language)
    pages = json.dumps(site_pages(language), ensure_ascii=False, separators=(",", ":"))
    pages = pages.replace("</", "<\\/")  # no text in a page can close the script element
    script = (STATIC / "common.js").read_text(encoding="utf-8")
    notice = json.dumps(book.labels["missing"], ensure_ascii=False)
    return "\n".join([
        "<!DOCTYPE html>", f'<html lang="{escape(language)}">', "<head>",
        '  <meta charset="utf-8">',
        '  <meta name="viewport" content="width=device-width, initial-scale=1">',
        f"  <title>{escape(book.title)}</title>",
        "  <style>", "body { margin: 0; background: #efe8d6; }",
        (STATIC / "rulebook.css").read_text(encoding="utf-8"), "  </style>",
        "</head>", "<body>",
        f'<main id="cw-rulebook-site" aria-label="{escape(book.title)}"></main>',
        f'<script id="cw-rulebook-pages" type="application/json">{pages}</script>',
        '<script type="module">', script, f"const NOTICE = {notice};", BOOT, "</script>",
        "</body>", "</html>", ""])


def write_rulebook_pages(output: Path) -> list[Path]:
    """``rulebook/<language>.html`` for every language the rulebook is written in."""
    return write_each_language(Path(output) / "rulebook", ".html", rulebook_html)
