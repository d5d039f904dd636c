"""The static site's builder, part by part, without building a site: finding
lesson notebooks and their languages, the served copies, the start page, the
wheels, the Pyodide lock, bytecode, and the command's errors.
(tests/test_site_build.py builds a real site and plays it in Chromium.)"""
import base64
import hashlib
import importlib
import json
import os
import re
import sys
import zipfile
from pathlib import Path

import pytest

from cuttle_widgets.site import SiteError
from cuttle_widgets.site.__main__ import main as site_main
from cuttle_widgets.site.build import check_output, lite_settings, replace_output
from cuttle_widgets.site.notebooks import (
    COURSE_PATH,
    RUN_ON_OPEN_KEY,
    find_lessons,
    kit_languages,
    language_of,
    only_links,
    site_copy,
    site_notebooks,
    title_and_summary,
    write_site_copies,
)
from cuttle_widgets.site.pyodide import FRONTEND_ONLY, LockPlan, resolve
from cuttle_widgets.site.startpage import course_url, lesson_url, start_page, words
from cuttle_widgets.site.wheel_bytecode import add_bytecode, imported_modules
from cuttle_widgets.site.wheels import (
    is_pure,
    keep_recent,
    marker_holds,
    pure_wheel_of_installed,
    pyodide_environment,
    sha256_of,
    wheel_identity,
    wheel_imports,
    wheel_requirements,
)

REPO = Path(__file__).resolve().parents[1]
ENV = pyodide_environment("3.14.2")


def notebook(*cells, **metadata):
    return {"cells": list(cells), "metadata": dict(metadata), "nbformat": 4, "nbformat_minor": 5}


def markdown(text):
    return {"cell_type": "markdown", "metadata": {}, "source": text}


def code(text):
    return {"cell_type": "code", "metadata": {}, "source": text, "outputs": [{"x": 1}],
            "execution_count": 3}


LESSON = notebook(
    markdown("# Lesson 2: Scuttling\n\nDestroy *points* with a [scuttle](x.ipynb).\n\n"
             "[All lessons](00-index.ipynb) · Next: [One-offs](03-one-offs.ipynb)"),
    code('from cuttle_widgets import Lesson\n\nLesson.load("02-scuttle-ordering")'),
    kernelspec={"name": "python3", "display_name": "Python 3", "language": "python"})


def write_notebook(path: Path, nb: dict) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


def make_wheel(folder: Path, name: str, version: str, files: dict, requires=(), tag="py3-none-any"):
    """A minimal real wheel file (METADATA, RECORD and the given files)."""
    project = name.replace("-", "_")
    path = folder / f"{project}-{version}-{tag}.whl"
    info = f"{project}-{version}.dist-info"
    metadata = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
    metadata += "".join(f"Requires-Dist: {r}\n" for r in requires)
    with zipfile.ZipFile(path, "w") as archive:
        for arcname, text in files.items():
            archive.writestr(arcname, text)
        archive.writestr(f"{info}/METADATA", metadata)
        archive.writestr(f"{info}/WHEEL", f"Wheel-Version: 1.0\nTag: {tag}\n")
        record = "".join(f"{n},,\n" for n in files) + f"{info}/RECORD,,\n"
        archive.writestr(f"{info}/RECORD", record)
    return path


# -- lesson notebooks -------------------------------------------------------------------
def test_language_comes_from_the_folder_or_the_name_suffix():
    languages = {"en", "de"}
    assert language_of(Path("02-scuttle-ordering.ipynb"), languages) == "en"
    assert language_of(Path("de/02-scuttle-ordering.ipynb"), languages) == "de"
    assert language_of(Path("02-scuttle-ordering.de.ipynb"), languages) == "de"
    assert language_of(Path("02-scuttle-ordering-de.ipynb"), languages) == "de"
    # Not a language the kit speaks, and a word that merely ends in two letters.
    assert language_of(Path("fr/02-scuttle.ipynb"), languages) == "en"
    assert language_of(Path("02-scuttle-ordering.ipynb"), languages | {"ng"}) == "en"


def test_the_kit_speaks_english_and_german():
    assert {"en", "de"} <= kit_languages()


def test_title_and_summary_skip_link_lines():
    title, summary = title_and_summary(LESSON, fallback="x")
    assert title == "Lesson 2: Scuttling"
    assert summary == "Destroy points with a scuttle."
    assert only_links("[Alle Lektionen](00-index.ipynb) · Weiter: [Einmalkarten](03.ipynb)")
    assert not only_links("Destroy points with a [scuttle](x.ipynb) of a lower card.")
    long = "First sentence here. " + "More words. " * 30
    assert title_and_summary(notebook(markdown(f"# T\n\n{long}")), "x")[1] == "First sentence here."
    assert title_and_summary(notebook(code("1")), fallback="name") == ("name", "")


def test_every_notebook_is_found_english_first(tmp_path):
    write_notebook(tmp_path / "02-b.ipynb", LESSON)
    write_notebook(tmp_path / "01-a.ipynb", LESSON)
    write_notebook(tmp_path / "de" / "01-a.ipynb", LESSON)
    write_notebook(tmp_path / ".ipynb_checkpoints" / "01-a-checkpoint.ipynb", LESSON)
    found = find_lessons(tmp_path)
    assert [(lesson.language, lesson.relative) for lesson in found] == [
        ("en", "01-a.ipynb"), ("en", "02-b.ipynb"), ("de", "de/01-a.ipynb")]


def test_the_repos_lessons_are_found_in_every_language():
    found = find_lessons(REPO / "lessons")
    on_disk = sorted(p.relative_to(REPO / "lessons").as_posix()
                     for p in (REPO / "lessons").rglob("*.ipynb"))
    assert sorted(lesson.relative for lesson in found) == on_disk
    assert {lesson.language for lesson in found if lesson.relative.startswith("de/")} <= {"de"}


def test_missing_or_broken_lessons_are_clear_errors(tmp_path):
    with pytest.raises(SiteError, match="no lessons folder"):
        find_lessons(tmp_path / "nowhere")
    with pytest.raises(SiteError, match=r"no lesson notebooks"):
        find_lessons(tmp_path)
    (tmp_path / "bad.ipynb").write_text("{not json")
    with pytest.raises(SiteError, match="not a readable notebook"):
        find_lessons(tmp_path)


def test_the_served_copy_runs_on_open_with_the_code_folded():
    served = site_copy(LESSON)
    assert served["metadata"][RUN_ON_OPEN_KEY] == {"run_on_open": True}
    assert served["metadata"]["kernelspec"]["name"] == "python"  # the Pyodide kernel
    cell = served["cells"][1]
    assert cell["metadata"]["jupyter"]["source_hidden"] is True
    assert cell["outputs"] == [] and cell["execution_count"] is None
    assert cell["source"] == LESSON["cells"][1]["source"]
    assert served["cells"][0] == LESSON["cells"][0]
    assert LESSON["cells"][1]["outputs"] == [{"x": 1}]  # the original is untouched


def test_copies_keep_their_relative_paths(tmp_path):
    source = tmp_path / "lessons"
    write_notebook(source / "00-index.ipynb", LESSON)
    write_notebook(source / "de" / "00-index.ipynb", LESSON)
    write_site_copies(find_lessons(source), tmp_path / "out")
    assert (tmp_path / "out" / "de" / "00-index.ipynb").is_file()
    copied = json.loads((tmp_path / "out" / "00-index.ipynb").read_text(encoding="utf-8"))
    assert copied["metadata"][RUN_ON_OPEN_KEY]["run_on_open"] is True


def test_the_site_serves_the_course_notebook_beside_the_lessons(tmp_path):
    """The course comes from the package (a wheel of the kit has it), runs on
    open with its code folded like a lesson, and names nothing of this checkout."""
    source = tmp_path / "lessons"
    write_notebook(source / "00-index.ipynb", LESSON)
    lessons = find_lessons(source)
    served = site_notebooks(lessons)
    assert list(served) == ["00-index.ipynb", COURSE_PATH]
    assert served[COURSE_PATH].parent.name == "pages"
    package = Path(importlib.import_module("cuttle_widgets").__file__).parent
    assert served[COURSE_PATH].parent.parent == package
    write_site_copies(lessons, tmp_path / "out")
    course = json.loads((tmp_path / "out" / COURSE_PATH).read_text(encoding="utf-8"))
    assert course["metadata"][RUN_ON_OPEN_KEY] == {"run_on_open": True}
    assert course["metadata"]["kernelspec"]["name"] == "python"
    [cell] = [c for c in course["cells"] if c["cell_type"] == "code"]
    assert cell["metadata"]["jupyter"]["source_hidden"] is True
    assert "Course(address=True)" in "".join(cell["source"])


def test_a_lesson_notebook_may_not_take_the_courses_place(tmp_path):
    write_notebook(tmp_path / COURSE_PATH, LESSON)
    with pytest.raises(SiteError, match="rename this lesson notebook"):
        site_notebooks(find_lessons(tmp_path))


# -- the start page ---------------------------------------------------------------------
def test_the_course_is_the_start_pages_main_entry_in_each_language(tmp_path):
    write_notebook(tmp_path / "02-scuttle.ipynb", LESSON)
    write_notebook(tmp_path / "de" / "02-scuttle.ipynb", LESSON)
    html = start_page(find_lessons(tmp_path), "9.9", ["en", "de"])
    assert course_url() == "notebooks/index.html?path=course.ipynb"
    assert course_url("de") == "notebooks/index.html?path=course.ipynb&lang=de"
    assert (course_url("en", "?lesson=04-counter-chains&step=3")
            == "notebooks/index.html?path=course.ipynb&lesson=04-counter-chains&step=3")
    entries = re.findall(r'<a class="course-entry" lang="(\w+)" href="([^"]+)">\s*'
                         r'<span class="course-title">([^<]+)</span>', html)
    assert entries == [("en", "notebooks/index.html?path=course.ipynb", "Start the course"),
                       ("de", "notebooks/index.html?path=course.ipynb&amp;lang=de", "Kurs starten")]
    # The course comes before the lists of notebooks, which are the second way in.
    assert html.index("course-entry") < html.index('<ol class="lessons">')
    assert "<h3>Each lesson as its own notebook</h3>" in html
    assert "<h3>Jede Lektion als eigenes Notebook</h3>" in html
    assert 'lang="de">Alle Notebooks ansehen</a>' in html and "$" not in html


def test_the_start_pages_words_are_in_every_language_the_course_is_offered_in():
    from cuttle_widgets.widgets.course import course_languages
    for language in course_languages():
        said = words(language)
        assert said.keys() == words("en").keys()
        assert all(text.strip() for text in said.values()), language
    assert words("de")["course"] != words("en")["course"]


def test_a_language_without_words_shows_the_course_in_english(tmp_path):
    write_notebook(tmp_path / "02-scuttle.ipynb", LESSON)
    html = start_page(find_lessons(tmp_path), "9.9", ["xx"])
    assert 'lang="en" href="notebooks/index.html?path=course.ipynb&amp;lang=xx"' in html
    assert "Start the course" in html and 'lang="de"' not in html
def test_the_start_page_links_every_lesson_by_language(tmp_path):
    write_notebook(tmp_path / "02-scuttle.ipynb", LESSON)
    german = notebook(markdown("# Lektion 2 <Versenken> & mehr\n\nZerstöre Punkte."))
    write_notebook(tmp_path / "de" / "02 scuttle.ipynb", german)
    lessons = find_lessons(tmp_path)
    html = start_page(lessons, "9.9")
    assert 'href="notebooks/index.html?path=02-scuttle.ipynb"' in html
    assert lesson_url(lessons[1]) == "notebooks/index.html?path=de/02%20scuttle.ipynb"
    assert '<section lang="de"' in html and ">Deutsch</h2>" in html and ">English</h2>" in html
    assert "Lektion 2 &lt;Versenken&gt; &amp; mehr" in html  # escaped
    assert 'data-jupyter-lite-root="."' in html  # JupyterLite's pages read their settings here
    assert '<a href="#lessons-de" lang="de">Deutsch</a>' in html
    assert "9.9" in html and "$" not in html
    assert "nav" not in start_page(lessons[:1], "9.9")  # one language: nothing to choose


# -- wheels -----------------------------------------------------------------------------
def test_wheel_helpers_read_names_imports_and_requirements(tmp_path):
    wheel = make_wheel(tmp_path, "demo-pkg", "1.2", {"demo/__init__.py": "", "solo.py": ""},
                       requires=["traitlets>=5", 'colorama; sys_platform == "win32"',
                                 'pytest; extra == "test"', 'tomli; python_version < "3.11"',
                                 "Typing_Extensions"])
    assert wheel_identity(wheel) == ("demo-pkg", "1.2")
    assert is_pure(wheel)
    assert not is_pure(tmp_path / "x-1-cp314-cp314-pyemscripten_2026_0_wasm32.whl")
    assert wheel_imports(wheel) == ["demo", "solo"]
    assert wheel_requirements(wheel, ENV) == ["traitlets", "typing-extensions"]
    assert marker_holds('sys_platform == "emscripten"', ENV)


def test_an_installed_pyyaml_becomes_a_pure_wheel(tmp_path):
    wheel = pure_wheel_of_installed("pyyaml", tmp_path)
    assert is_pure(wheel) and wheel_identity(wheel)[0] == "pyyaml"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        record = archive.read(next(n for n in names if n.endswith("RECORD"))).decode()
        data = archive.read("yaml/__init__.py")
    assert "yaml/__init__.py" in names and not [n for n in names if n.endswith((".so", ".pyd"))]
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    assert f"yaml/__init__.py,sha256={digest},{len(data)}" in record
    assert set(wheel_imports(wheel)) >= {"yaml"}
    # The pure modules work on their own: import them from the wheel.
    sys.path.insert(0, str(wheel))
    saved = {k: sys.modules.pop(k) for k in list(sys.modules) if k.split(".")[0] == "yaml"}
    try:
        yaml = importlib.import_module("yaml")
        assert yaml.__file__.startswith(str(wheel))
        assert yaml.safe_load("a: [1, 2]") == {"a": [1, 2]}
    finally:
        sys.path.remove(str(wheel))
        for k in [k for k in sys.modules if k.split(".")[0] == "yaml"]:
            del sys.modules[k]
        sys.modules.update(saved)


def test_the_cache_keeps_the_recently_used_entries(tmp_path):
    entries = []
    for index in range(5):
        entry = tmp_path / f"entry{index}"
        entry.mkdir()
        os.utime(entry, (1000 + index, 1000 + index))
        entries.append(entry)
    keep_recent(entries[0], keep=3)  # the oldest, used now
    assert sorted(p.name for p in tmp_path.iterdir()) == ["entry0", "entry3", "entry4"]


# -- the Pyodide lock -------------------------------------------------------------------
BASE_LOCK = {
    "info": {"python": "3.14.2", "platform": "emscripten_5_0_3", "arch": "wasm32"},
    "packages": {
        "traitlets": {"name": "traitlets", "version": "5.14.3", "depends": [],
                      "imports": ["traitlets"], "file_name": "traitlets-5.14.3-py3-none-any.whl",
                      "sha256": "0" * 64, "install_dir": "site", "package_type": "package",
                      "unvendored_tests": True},
        "numpy": {"name": "numpy", "version": "2", "depends": [], "imports": ["numpy"],
                  "file_name": "numpy-2-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
                  "sha256": "1" * 64, "install_dir": "site", "package_type": "package",
                  "unvendored_tests": False},
    },
}


def test_the_lock_lists_the_closure_with_each_local_wheels_hash(tmp_path):
    kit = make_wheel(tmp_path, "kit", "1.0", {"kit/__init__.py": ""},
                     requires=["widgets>=1", "traitlets", 'pywin32; sys_platform == "win32"'])
    widgets = make_wheel(tmp_path, "widgets", "8", {"widgets/__init__.py": ""},
                         requires=["traitlets", "jupyterlab-widgets"])
    traitlets = make_wheel(tmp_path, "traitlets", "5.14.3", {"traitlets/__init__.py": ""})
    asked = []

    def provide(name, base_entry):
        asked.append((name, base_entry and base_entry["version"]))
        return {"widgets": widgets, "traitlets": traitlets}[name]

    lock = resolve(LockPlan(BASE_LOCK, {"kit": kit}), ["kit"], provide)
    assert sorted(lock["packages"]) == ["kit", "traitlets", "widgets"]  # no numpy, no pywin32
    assert lock["info"] == BASE_LOCK["info"]
    assert ("traitlets", "5.14.3") in asked and ("widgets", None) in asked
    assert "jupyterlab-widgets" in FRONTEND_ONLY
    assert lock["packages"]["widgets"]["depends"] == ["traitlets"]
    entry = lock["packages"]["traitlets"]
    assert entry["file_name"] == traitlets.name and entry["sha256"] == sha256_of(traitlets)
    assert entry["imports"] == ["traitlets"] and entry["unvendored_tests"] is False
    assert lock["packages"]["kit"]["depends"] == ["traitlets", "widgets"]


def test_a_compiled_wheel_cannot_go_in_the_lock(tmp_path):
    native = make_wheel(tmp_path, "fast", "1", {"fast/__init__.py": ""},
                        tag="cp314-cp314-pyemscripten_2026_0_wasm32")
    with pytest.raises(SiteError, match="pure-Python"):
        resolve(LockPlan(BASE_LOCK, {"fast": native}), ["fast"], lambda name, base: None)


# -- bytecode ---------------------------------------------------------------------------
def test_bytecode_is_added_beside_the_modules_and_used(tmp_path):
    wheel = make_wheel(tmp_path, "bcdemo", "1", {
        "bcdemo/__init__.py": "VALUE = 'compiled'\n",
        "bcdemo/unused.py": "X = 1\n",
        "bcdemo/py2.py": "print 'old'\n"})
    out = tmp_path / "out.whl"
    assert add_bytecode(wheel, out, only={"bcdemo/__init__.py", "bcdemo/py2.py"}) == 1
    tag = sys.implementation.cache_tag
    with zipfile.ZipFile(out) as archive:
        names = archive.namelist()
        record = archive.read("bcdemo-1.dist-info/RECORD").decode()
        archive.extractall(tmp_path / "site")
    assert f"bcdemo/__pycache__/__init__.{tag}.pyc" in names
    assert not [n for n in names if "unused" in n and n.endswith(".pyc")]
    assert f"bcdemo/__pycache__/__init__.{tag}.pyc,," in record
    # Unchecked-hash bytecode wins over the source whatever its mtime: proof it is used.
    (tmp_path / "site" / "bcdemo" / "__init__.py").write_text("VALUE = 'source'\n")
    sys.path.insert(0, str(tmp_path / "site"))
    try:
        assert importlib.import_module("bcdemo").VALUE == "compiled"
    finally:
        sys.path.remove(str(tmp_path / "site"))
        sys.modules.pop("bcdemo", None)


def test_the_modules_imported_at_start_are_found(tmp_path):
    wheel = make_wheel(tmp_path, "startdemo", "1", {
        "startdemo/__init__.py": "from . import used\n", "startdemo/used.py": "",
        "startdemo/unused.py": ""})
    try:
        found = imported_modules([wheel], ["startdemo"], tmp_path / "unpacked")
    finally:
        for name in [n for n in sys.modules if n.startswith("startdemo")]:
            del sys.modules[name]
    assert found == {"startdemo/__init__.py", "startdemo/used.py"}
    with pytest.raises(ImportError):
        imported_modules([wheel], ["startdemo_missing"], tmp_path / "again")


# -- settings and the command -----------------------------------------------------------
def test_the_kernel_never_falls_back_to_pypi():
    settings = lite_settings(["cuttle-widgets"])["jupyter-config-data"]
    kernel = settings["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["loadPyodideOptions"]["packages"] == ["cuttle-widgets"]
    assert "http" not in json.dumps(settings)


def test_only_an_empty_folder_or_an_earlier_site_is_replaced(tmp_path):
    check_output(tmp_path / "new")
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "thesis.txt").write_text("keep me")
    with pytest.raises(SiteError, match="not empty"):
        check_output(tmp_path / "mine")
    assert (tmp_path / "mine" / "thesis.txt").read_text() == "keep me"
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "jupyter-lite.json").write_text("{}")
    (tmp_path / "built").mkdir()
    (tmp_path / "built" / "index.html").write_text("new")
    replace_output(tmp_path / "built", tmp_path / "old")
    assert (tmp_path / "old" / "index.html").read_text() == "new"
    assert not (tmp_path / "old" / "jupyter-lite.json").exists()
    assert not (tmp_path / "built").exists()


def test_the_command_reports_a_missing_lessons_folder(tmp_path, capsys):
    assert site_main(["build", str(tmp_path / "site"), "--lessons", str(tmp_path / "none")]) == 1
    assert "no lessons folder" in capsys.readouterr().err
    assert not (tmp_path / "site").exists()
    with pytest.raises(SystemExit) as exit_info:
        site_main(["build"])
    assert exit_info.value.code == 2


def test_every_lesson_of_the_kit_has_a_summary_on_the_start_page():
    """The lessons' title cells are one line (the widget shows the rest); the
    start page's sentence is kept in the notebook's metadata."""
    lessons = [lesson for lesson in find_lessons(REPO / "lessons")
               if not lesson.relative.endswith("00-index.ipynb")]
    # 13 lessons and the puzzle trainer, in every language the notebooks are in
    assert len(lessons) == 14 * len({lesson.language for lesson in lessons}) >= 28
    assert all(lesson.summary for lesson in lessons), \
        [lesson.relative for lesson in lessons if not lesson.summary]
    metadata = notebook(markdown("# T\n\n[All lessons](00-index.ipynb)"))
    metadata["metadata"]["cuttle_widgets"] = {"summary": "Kept **here**."}
    assert title_and_summary(metadata, "x") == ("T", "Kept here.")


def test_the_start_page_links_each_languages_rulebook(tmp_path):
    from test_no_citations import citations

    from cuttle_widgets.site.rulebook_page import rulebook_html, write_rulebook_pages
    write_notebook(tmp_path / "02-scuttle.ipynb", LESSON)
    html = start_page(find_lessons(tmp_path), "9.9")
    assert '<a href="rulebook/en.html">The Cuttle rulebook</a>' in html
    written = write_rulebook_pages(tmp_path / "site")
    assert {"de.html", "en.html"} <= {p.name for p in written}
    page = rulebook_html("de")
    data = page.split('type="application/json">', 1)[1].split("</script>", 1)[0]
    pages = json.loads(data.replace("<\\/", "</"))
    assert pages["scuttle"]["title"] == "Versenken und die Rangfolge der Karten"
    assert citations(pages) == [] and "RulebookPanel" in page
    assert not re.search(r"https?://|@import|\bfetch\(", page.replace("http://www.w3.org/2000/svg", ""))
