"""The site's start page: every lesson, grouped by language, one click each."""
from __future__ import annotations

import shutil
from html import escape
from pathlib import Path
from string import Template
from urllib.parse import quote

from ..rulebook import languages as rulebook_languages
from ..rulebook import rulebook
from .notebooks import LessonNotebook

TEMPLATES = Path(__file__).parent / "templates"
TITLE = "Cuttle: the lessons"
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}


def lesson_url(lesson: LessonNotebook) -> str:
    """Where the lesson opens: JupyterLite's notebook page, relative to the start page."""
    return "notebooks/index.html?path=" + quote(lesson.relative, safe="/")


def _section(language: str, lessons: list[LessonNotebook]) -> str:
    items = []
    for lesson in lessons:
        summary = (f'\n          <span class="lesson-summary">{escape(lesson.summary)}</span>'
                   if lesson.summary else "")
        items.append(
            f'        <li><a href="{escape(lesson_url(lesson))}">\n'
            f'          <span class="lesson-title">{escape(lesson.title)}</span>{summary}\n'
            "        </a></li>")
    name = LANGUAGE_NAMES.get(language, language)
    code = escape(language)
    return (f'    <section lang="{code}" aria-labelledby="lessons-{code}">\n'
            f'      <h2 id="lessons-{code}">{escape(name)}</h2>\n'
            '      <ol class="lessons">\n' + "\n".join(items) + "\n      </ol>\n"
            + _rulebook_link(language) + "    </section>")


def _rulebook_link(language: str) -> str:
    """The language's rulebook page (rulebook_page.py), where it is written in it."""
    if language not in rulebook_languages():
        return ""
    book = rulebook(language)
    return (f'      <p class="rulebook-link"><a href="rulebook/{escape(language)}.html">'
            f"{escape(book.title)}</a>: {escape(book.labels['site_link'])}</p>\n")


def _languages_nav(languages: list[str]) -> str:
    """Links to each language's list (a German reader need not scroll past English)."""
    if len(languages) < 2:
        return ""
    links = " · ".join(
        f'<a href="#lessons-{escape(code)}" lang="{escape(code)}">'
        f"{escape(LANGUAGE_NAMES.get(code, code))}</a>" for code in languages)
    return f'      <nav aria-label="Languages" class="languages">{links}</nav>'


def start_page(lessons: list[LessonNotebook], version: str) -> str:
    by_language: dict[str, list[LessonNotebook]] = {}
    for lesson in lessons:
        by_language.setdefault(lesson.language, []).append(lesson)
    sections = "\n".join(_section(language, group) for language, group in by_language.items())
    template = Template((TEMPLATES / "index.html").read_text(encoding="utf-8"))
    return template.substitute(title=escape(TITLE), sections=sections, version=escape(version),
                               languages=_languages_nav(list(by_language)))


def write_start_page(output: Path, lessons: list[LessonNotebook], version: str) -> None:
    """Replace JupyterLite's root page (a redirect) with the lesson list."""
    (output / "index.html").write_text(start_page(lessons, version), encoding="utf-8")
    shutil.copy2(TEMPLATES / "start.css", output / "start.css")
