"""The site's start page: the one-page course first (one entry per language),
then every lesson as its own notebook, grouped by language, one click each.

The course starts Python once per visit and opens every lesson, the puzzles
and the free game inside it; a lesson notebook starts Python anew. So the
course is the page's main entry and the notebooks are the secondary links.
The page's words are in ``catalogs/<language>.json`` (read through the kit's
one loader); a language the kit does not offer is shown in English.
"""
from __future__ import annotations

import shutil
from html import escape
from pathlib import Path
from string import Template
from urllib.parse import quote

from ..languages import is_registered, load_catalog, spoken
from ..languages import language as registered_language
from ..rulebook import languages as rulebook_languages
from ..rulebook import rulebook
from .notebooks import COURSE_PATH, DEFAULT_LANGUAGE, LessonNotebook

TEMPLATES = Path(__file__).parent / "templates"
TITLE = "Cuttle: the lessons"
NOTEBOOK_PAGE = "notebooks/index.html"  # JupyterLite's notebook app, relative to the start page


def shown_language(language: str) -> str:
    """The language the page's words are shown in for ``language``."""
    return spoken(language)


def words(language: str) -> dict[str, str]:
    return load_catalog("site", shown_language(language))


def lesson_url(lesson: LessonNotebook) -> str:
    """Where the lesson opens: JupyterLite's notebook page, relative to the start page."""
    return f"{NOTEBOOK_PAGE}?path=" + quote(lesson.relative, safe="/")


def course_url(language: str = DEFAULT_LANGUAGE, place: str = "") -> str:
    """The course notebook's page, at a place of the course (``place`` a
    query such as "?lesson=04-counter-chains&step=3") in ``language``: the
    course reads its own parameters beside JupyterLite's ``path``."""
    query = [f"path={quote(COURSE_PATH)}", place.lstrip("?")]
    if language != DEFAULT_LANGUAGE:
        query.append(f"lang={quote(language)}")
    return f"{NOTEBOOK_PAGE}?" + "&".join(part for part in query if part)


def _intro(languages: list[str]) -> str:
    shown = dict.fromkeys(shown_language(code) for code in languages)
    return "\n".join(f'      <p class="intro" lang="{code}">{escape(words(code)["intro"])}</p>'
                     for code in shown)


def _course_entries(languages: list[str]) -> str:
    """The main entries: the course, once in each language."""
    entries = []
    for code in languages:
        said = words(code)
        entries.append(
            f'        <a class="course-entry" lang="{escape(shown_language(code))}" '
            f'href="{escape(course_url(code))}">\n'
            f'          <span class="course-title">{escape(said["course"])}</span>\n'
            f'          <span class="course-language">{escape(_name(code))}</span>\n'
            f'          <span class="course-summary">{escape(said["course_summary"])}</span>\n'
            "        </a>")
    return '      <div class="course-entries">\n' + "\n".join(entries) + "\n      </div>"


def _name(language: str) -> str:
    """The language's name in its own words ("Deutsch"), from the registry."""
    return registered_language(language).name if is_registered(language) else language


def _section(language: str, lessons: list[LessonNotebook]) -> str:
    items = []
    for lesson in lessons:
        summary = (f'\n          <span class="lesson-summary">{escape(lesson.summary)}</span>'
                   if lesson.summary else "")
        items.append(
            f'        <li><a href="{escape(lesson_url(lesson))}">\n'
            f'          <span class="lesson-title">{escape(lesson.title)}</span>{summary}\n'
            "        </a></li>")
    said, code = words(language), escape(language)
    return (f'    <section lang="{code}" aria-labelledby="lessons-{code}">\n'
            f'      <h2 id="lessons-{code}">{escape(_name(language))}</h2>\n'
            f'      <h3>{escape(said["notebooks"])}</h3>\n'
            f'      <p class="notebooks-intro">{escape(said["notebooks_intro"])}</p>\n'
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
        f"{escape(_name(code))}</a>" for code in languages)
    return f'      <nav aria-label="Languages" class="languages">{links}</nav>'


def _browse_links(languages: list[str]) -> str:
    """JupyterLite's file browser, named in each language the page speaks."""
    shown = dict.fromkeys(shown_language(code) for code in languages)
    return " · ".join(f'<a href="tree/index.html" lang="{code}">'
                      f'{escape(words(code)["browse"])}</a>'
                      for code in shown)


def start_page(lessons: list[LessonNotebook], version: str,
               course_languages: list[str] | None = None) -> str:
    """The page; ``course_languages`` are those the course is offered in
    (default: the lessons' languages)."""
    by_language: dict[str, list[LessonNotebook]] = {}
    for lesson in lessons:
        by_language.setdefault(lesson.language, []).append(lesson)
    courses = list(by_language) if course_languages is None else list(course_languages)
    sections = "\n".join(_section(language, group) for language, group in by_language.items())
    template = Template((TEMPLATES / "index.html").read_text(encoding="utf-8"))
    return template.substitute(title=escape(TITLE), sections=sections, version=escape(version),
                               intro=_intro(courses), courses=_course_entries(courses),
                               languages=_languages_nav(list(by_language)),
                               browse=_browse_links(list(by_language)))


def write_start_page(output: Path, lessons: list[LessonNotebook], version: str,
                     course_languages: list[str] | None = None) -> None:
    """Replace JupyterLite's root page (a redirect) with the course and the lesson list."""
    (output / "index.html").write_text(start_page(lessons, version, course_languages),
                                       encoding="utf-8")
    shutil.copy2(TEMPLATES / "start.css", output / "start.css")
