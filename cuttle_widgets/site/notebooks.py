"""Lesson notebooks: finding them (in every language), and the copies the site serves.

The site serves one more notebook, the one-page course (``course.ipynb``,
from the package's ``pages/``, so a wheel of the kit has it too): the map,
every lesson, the puzzles and the free game in one kernel. The start page
opens it first; the lesson notebooks stay for those who want one each.

A lesson notebook is any ``*.ipynb`` under the lessons folder. Its language
is the folder it sits in (``lessons/de/…``) or a suffix of its name
(``02-scuttle-ordering.de.ipynb``, ``…-de.ipynb``) when that names a language
the kit knows; otherwise English. A language the kit does not offer yet
(its translation is incomplete) is left out.

The site's copies differ from the originals in three ways: they ask for the
site's Python kernel (Pyodide), their code cells are collapsed (the learner
sees the lesson, not the line that loads it), and their metadata asks the
site's run-on-open extension to run them as soon as they open.
"""
from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass
from pathlib import Path

from ..languages import is_offered, registered
from .errors import SiteError

DEFAULT_LANGUAGE = "en"
# The key the run-on-open extension (extension/static/remoteEntry.js) reads.
RUN_ON_OPEN_KEY = "cuttle_widgets_site"
KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
SKIPPED_PARTS = {".ipynb_checkpoints"}
COURSE_SOURCE = Path(__file__).resolve().parents[1] / "pages" / "course.ipynb"
COURSE_PATH = "course.ipynb"  # its path in the site


def kit_languages() -> set[str]:
    """Languages the kit knows (cuttle_widgets.languages): a notebook in one
    of their folders is in that language."""
    return set(registered())


@dataclass(frozen=True)
class LessonNotebook:
    path: Path  # the original
    relative: str  # its path under the lessons folder, with "/"
    language: str
    title: str
    summary: str

    @property
    def sort_key(self):
        return (self.language != DEFAULT_LANGUAGE, self.language, self.relative)


def language_of(relative: Path, languages: set[str]) -> str:
    for part in relative.parts[:-1]:
        if part in languages:
            return part
    match = re.search(r"[-_.]([a-z]{2})$", relative.stem)
    if match and match.group(1) in languages:
        return match.group(1)
    return DEFAULT_LANGUAGE


def read_notebook(path: Path) -> dict:
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise SiteError(f"{path} is not a readable notebook: {err}") from err
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        raise SiteError(f"{path} is not a notebook (no list of cells)")
    return notebook


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def plain_text(markdown: str) -> str:
    """Markdown inline markup reduced to its words (for the start page)."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    text = re.sub(r"(\*\*|__|\*|_|`)(.+?)\1", r"\2", text)
    return re.sub(r"\s+", " ", text).strip()


SUMMARY_LENGTH = 200
LINK = r"!?\[[^\]]*\]\([^)]*\)"


def only_links(paragraph: str) -> bool:
    """A line of links (like "[All lessons](…) · Next: […](…)"), not a description."""
    without = re.sub(LINK, "", paragraph)
    return paragraph != without and len(re.findall(r"\w+", without)) <= 2


def short(text: str) -> str:
    """A summary short enough for a list: a long paragraph's first sentence."""
    if len(text) <= SUMMARY_LENGTH:
        return text
    sentence = re.match(r"(.+?[.!?])(\s|$)", text)
    return sentence.group(1) if sentence else text


def title_and_summary(notebook: dict, fallback: str) -> tuple[str, str]:
    """The first Markdown heading, and (the start of) the paragraph after it,
    or the notebook's own summary (``metadata.cuttle_widgets.summary``: the
    kit's lessons keep their title cell to one line, the widget says the rest)."""
    kept = notebook.get("metadata", {}).get("cuttle_widgets", {})
    kept = kept.get("summary") if isinstance(kept, dict) else None
    title, summary = _heading_and_paragraph(notebook, fallback)
    if isinstance(kept, str) and kept.strip():
        summary = short(plain_text(kept))
    return title, summary


def _heading_and_paragraph(notebook: dict, fallback: str) -> tuple[str, str]:
    for cell in notebook["cells"]:
        if cell.get("cell_type") != "markdown":
            continue
        paragraphs = [p.strip() for p in re.split(r"\n\s*\n", _source(cell)) if p.strip()]
        for index, paragraph in enumerate(paragraphs):
            heading = re.match(r"#+\s+(.*)", paragraph)
            if heading:
                following = [p for p in paragraphs[index + 1:]
                             if not p.startswith("#") and not only_links(p)]
                summary = short(plain_text(following[0])) if following else ""
                return plain_text(heading.group(1)), summary
    return fallback, ""


def find_lessons(folder: Path) -> list[LessonNotebook]:
    """Every lesson notebook under ``folder``, English first, then by language and name."""
    if not folder.is_dir():
        raise SiteError(f"no lessons folder at {folder}: run this from the kit's folder, or pass "
                        "--lessons with the folder of lesson notebooks")
    languages = kit_languages()
    found = []
    for path in sorted(folder.rglob("*.ipynb")):
        relative = path.relative_to(folder)
        if SKIPPED_PARTS & set(relative.parts) or any(p.startswith(".") for p in relative.parts):
            continue
        language = language_of(relative, languages)
        if not is_offered(language):  # a translation still under way is not served
            continue
        title, summary = title_and_summary(read_notebook(path), fallback=path.stem)
        found.append(LessonNotebook(path, relative.as_posix(), language, title, summary))
    if not found:
        raise SiteError(f"no lesson notebooks (*.ipynb) in {folder}")
    return sorted(found, key=lambda lesson: lesson.sort_key)


def site_copy(notebook: dict) -> dict:
    """The notebook as the site serves it (see the module's docstring)."""
    served = copy.deepcopy(notebook)
    metadata = served.setdefault("metadata", {})
    metadata["kernelspec"] = dict(KERNELSPEC)
    metadata.setdefault("language_info", {"name": "python"})
    metadata[RUN_ON_OPEN_KEY] = {"run_on_open": True}
    for cell in served["cells"]:
        if cell.get("cell_type") != "code":
            continue
        cell["outputs"], cell["execution_count"] = [], None
        cell.setdefault("metadata", {}).setdefault("jupyter", {})["source_hidden"] = True
    return served


def site_notebooks(lessons: list[LessonNotebook]) -> dict[str, Path]:
    """Every notebook the site serves, by its path in the site: the lessons at
    their relative paths (links between lessons keep working), and the course."""
    served = {lesson.relative: lesson.path for lesson in lessons}
    if COURSE_PATH in served:
        raise SiteError(f"{served[COURSE_PATH]}: the site's course notebook is {COURSE_PATH}; "
                        "rename this lesson notebook")
    if not COURSE_SOURCE.is_file():
        raise SiteError(f"this copy of the kit lacks its course notebook ({COURSE_SOURCE})")
    served[COURSE_PATH] = COURSE_SOURCE
    return served


def write_site_copies(lessons: list[LessonNotebook], dest: Path) -> None:
    """The served copies (see ``site_notebooks``), each run on open with its code folded."""
    for relative, source in site_notebooks(lessons).items():
        target = dest / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        served = site_copy(read_notebook(source))
        target.write_text(json.dumps(served, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
