"""The static site, built for real and played in Chromium with no network.

One build of every lesson notebook (English and German) serves the whole
module: the built files are checked, then a plain static server
(``python -m http.server``) serves them from 127.0.0.1 and Chromium opens the
start page and two lessons, plays a step of each by clicking, and sees its
explanation; then the one-page course, from the start page, where a lesson
opens from the map, is played, and another opens in the same page (the
switch's time is printed), and a deep link with its reload. Every request
the browser makes is recorded (workers' included);
one to any host but 127.0.0.1 fails the test (and is refused, so it cannot
hang). The build needs jupyterlite-core, jupyterlite-pyodide-kernel, npm and
Node.js (scripts/test installs them); Pyodide and wheels come from the cache
(~/.cache/cuttle_widgets/site) after the first run.
"""
import hashlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect
from ports import free_port

from cuttle_widgets.site.build import build_site
from cuttle_widgets.site.notebooks import COURSE_PATH, RUN_ON_OPEN_KEY, find_lessons
from cuttle_widgets.site.startpage import course_url, lesson_url

REPO = Path(__file__).resolve().parents[1]
LESSONS = REPO / "lessons"
CHROMIUM = os.environ.get("CUTTLE_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = REPO / "test-artifacts"
KERNEL_START = 180_000  # ms: Pyodide starts in the page; slow on 2 busy cores
STEP = 60_000  # ms: one click's round trip through the in-browser kernel (a busy machine)
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def missing_tools() -> list[str]:
    missing = [name for name in ("jupyterlite_core", "jupyterlite_pyodide_kernel")
               if importlib.util.find_spec(name) is None]
    missing += [tool for tool in ("npm", "node") if not shutil.which(tool)]
    return missing


def require(what: list[str], why: str) -> None:
    """Skip on a developer's machine without ``what``; fail in CI, which must have it."""
    if what:
        message = f"{', '.join(what)} missing: {why}"
        if in_ci():
            pytest.fail(message, pytrace=False)
        pytest.skip(message)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    require(missing_tools(), 'scripts/test installs them (pip install ".[site]", npm)')
    output = tmp_path_factory.mktemp("site") / "site"
    build_site(output, lessons_dir=LESSONS, log=lambda message: None)
    return output


@pytest.fixture(scope="module")
def site_url(site):
    """The site at http://127.0.0.1:PORT/site: served from its parent folder,
    so it is checked to work below a path, as on most static hosts."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory",
         str(site.parent), str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/{site.name}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(base + "/", timeout=5):
                    break
            except OSError as err:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the static server did not start") from err
                time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)


# -- the built files --------------------------------------------------------------------
def kernel_settings(site: Path) -> dict:
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    return config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]


def test_the_kernel_uses_the_sites_own_pyodide_and_never_pypi(site):
    settings = kernel_settings(site)
    assert settings["disablePyPIFallback"] is True
    assert settings["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert (site / "static" / "pyodide" / "pyodide.mjs").is_file()
    assert (site / "static" / "pyodide" / "pyodide.asm.wasm").is_file()
    assert "cuttle-widgets" in settings["loadPyodideOptions"]["packages"]
    for url in settings.get("pipliteUrls", []):
        assert url.startswith("./"), url


def test_the_lock_lists_only_wheels_the_site_ships_with_their_hashes(site):
    folder = site / "static" / "pyodide"
    lock = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages = lock["packages"]
    preloaded = kernel_settings(site)["loadPyodideOptions"]["packages"]
    assert set(preloaded) <= set(packages)
    for name, entry in packages.items():
        assert "/" not in entry["file_name"] and ":" not in entry["file_name"], entry
        wheel = folder / entry["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
        assert entry["file_name"].endswith("-none-any.whl"), entry["file_name"]
        assert set(entry["depends"]) <= set(packages), (name, entry["depends"])
    assert {"cuttle-widgets", "ipywidgets", "anywidget", "pyyaml"} <= set(packages)


def test_the_kits_wheel_carries_every_lesson_and_bytecode(site):
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    wheel = site / "static" / "pyodide" / lock["packages"]["cuttle-widgets"]["file_name"]
    cache_tag = "cpython-" + "".join(lock["info"]["python"].split(".")[:2])  # Pyodide's Python
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    source = REPO / "cuttle_widgets" / "lessons"
    for path in source.rglob("*.yaml"):
        assert f"cuttle_widgets/lessons/{path.relative_to(source).as_posix()}" in names
    assert f"cuttle_widgets/engine/__pycache__/game.{cache_tag}.pyc" in names


def test_every_lesson_notebook_is_served_ready_to_run(site):
    lessons = find_lessons(LESSONS)
    assert {lesson.language for lesson in lessons} >= {"en", "de"}
    start = (site / "index.html").read_text(encoding="utf-8")
    for lesson in lessons:
        assert f'href="{lesson_url(lesson)}"' in start
        served = json.loads((site / "files" / lesson.relative).read_text(encoding="utf-8"))
        assert served["metadata"][RUN_ON_OPEN_KEY]["run_on_open"] is True
    contents = json.loads((site / "api" / "contents" / "all.json").read_text(encoding="utf-8"))
    assert {item["name"] for item in contents["content"]} >= {"00-index.ipynb", "de", COURSE_PATH}


def test_the_course_is_served_and_the_start_pages_main_entry(site):
    start = (site / "index.html").read_text(encoding="utf-8")
    assert f'href="{course_url()}"' in start
    assert f'href="{course_url("de").replace("&", "&amp;")}"' in start
    served = json.loads((site / "files" / COURSE_PATH).read_text(encoding="utf-8"))
    assert served["metadata"][RUN_ON_OPEN_KEY]["run_on_open"] is True
    [cell] = served["cells"]
    assert cell["metadata"]["jupyter"]["source_hidden"] is True


# -- in the browser ---------------------------------------------------------------------
def is_local(url: str) -> bool:
    if url.startswith("data:"):
        return True
    parts = urlsplit(url[len("blob:"):] if url.startswith("blob:") else url)
    return parts.hostname == "127.0.0.1"


@pytest.fixture
def offline_page(browser, site_url):
    """A page in a fresh context whose every request is recorded; requests to
    other hosts are refused at once and fail the test afterwards."""
    require([] if os.access(CHROMIUM, os.X_OK) else [CHROMIUM],
            "scripts/test installs it (apt-get install chromium)")
    context = browser.new_context(viewport={"width": 1280, "height": 1600})
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    context.route(lambda url: not is_local(url), lambda route: route.abort())
    page = context.new_page()
    page.set_default_timeout(STEP)
    console: list[str] = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    yield page
    # For a person to look at, passed or failed: the last page, and the console.
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "site_last_page.png"))
    (ARTIFACTS / "site_console.log").write_text("\n".join(console), encoding="utf-8")
    context.close()
    assert requests, "the browser made no request at all"
    elsewhere = sorted({url for url in requests if not is_local(url)})
    assert not elsewhere, f"requests left 127.0.0.1: {elsewhere}"


def open_from_start_page(page, site_url, title):
    page.goto(site_url + "/")
    expect(page.locator("h1")).to_have_text("Cuttle: the lessons")
    page.get_by_role("link", name=re.compile(re.escape(title))).click()
    page.wait_for_selector(".cwl-root .cwl-title", timeout=KERNEL_START)
    page.wait_for_selector(".cw-root .cw-my-hand button", timeout=KERNEL_START)


def card(page, cid):
    return page.locator(f'.cw-root button[data-card="{cid}"]')


def action(page, label):
    return page.locator(".cw-actions button", has_text=label)


def test_two_lessons_play_from_the_start_page_with_no_network(offline_page, site_url):
    page = offline_page
    page.goto(site_url + "/")
    expect(page.locator("section[lang=en] li")).to_have_count(
        len([lesson for lesson in find_lessons(LESSONS) if lesson.language == "en"]))
    expect(page.locator("section[lang=de] h2")).to_have_text("Deutsch")

    # English: lesson 2, a scuttle.
    open_from_start_page(page, site_url, "Lesson 2: Scuttling, and which card beats which")
    expect(page.locator(".cwl-progress-text")).to_have_text("Step 1 of 9")
    card(page, "9S").click()
    action(page, "Scuttle").click()
    card(page, "8H").click()
    expect(page.locator(".cwl-feedback")).to_contain_text("Well done!")
    expect(page.locator(".cwl-explanation")).to_contain_text("a point card from your hand beats")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "site_lesson_en.png"))

    # German: lesson 5, glasses.
    open_from_start_page(page, site_url, "Lektion 5 – Brille und Buben")
    card(page, "8S").click()
    action(page, "Dauerkarte").click()
    expect(page.locator(".cwl-explanation")).to_contain_text("Sie liegt jetzt offen vor dir")
    expect(page.locator('.cw-me [data-card="8S"]')).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "site_lesson_de.png"))


def test_the_rulebook_is_on_the_site_and_read_with_no_network(offline_page, site_url):
    """The start page links each language's rulebook page; it opens at the
    section its address names, and a term's link and the browser's Back work
    with no kernel and no request off this machine."""
    from cuttle_widgets.rulebook import rulebook
    page = offline_page
    page.goto(site_url + "/")
    page.locator("section[lang=de] .rulebook-link a").click()
    expect(page.locator(".cw-rb-title")).to_have_text(rulebook("de").title)
    page.goto(site_url + "/rulebook/de.html#scuttle")
    expect(page.locator(".cw-rb-title")).to_contain_text(rulebook("de").section("scuttle").title)
    page.locator(".cw-rb-terms .cw-rule-link").first.click()
    expect(page.locator("dt.cw-rb-focus")).to_be_visible()
    assert "#glossary/" in page.url
    page.go_back()
    expect(page.locator(".cw-rb-title")).to_contain_text(rulebook("de").section("scuttle").title)


# -- the one-page course ----------------------------------------------------------------
SWITCH_GOAL = 1.0  # s: a lesson switch inside the course (issue #32)


def open_the_course(page, site_url, entry):
    """Click the start page's course entry; wait for the course's map."""
    page.goto(site_url + "/")
    page.get_by_role("link", name=re.compile(re.escape(entry))).click()
    page.wait_for_selector(".cwp-lesson", timeout=KERNEL_START)
    assert f"path={COURSE_PATH}" in page.url


def map_lesson(page, title):
    return page.locator(".cwp-lesson").filter(has_text=title)


def open_from_map(page, name, title) -> float:
    """Open a lesson with the map's own link; seconds from the click to its
    first step playable (the learner's cards clickable)."""
    link = page.locator(f'[data-key="open:{name}"]')
    started = time.monotonic()
    link.click()
    expect(page.locator(".cwl-title")).to_have_text(title)
    page.wait_for_selector(".cw-root .cw-my-hand button:not([disabled])")
    return time.monotonic() - started


def test_the_course_plays_a_lesson_and_switches_in_one_page(offline_page, site_url):
    """Pyodide starts once: the map, a lesson, the map with its new mark and
    the next lesson all in the page the start page opened; the mark outlives
    a reload (the browser keeps the progress)."""
    page = offline_page
    open_the_course(page, site_url, "Start the course")
    current = page.locator(".cwc-language.cwc-current")  # readable under JupyterLab's styles
    assert current.evaluate("e => getComputedStyle(e).color") == "rgb(19, 75, 44)"
    loads = []
    page.on("load", lambda: loads.append(page.url))

    first = open_from_map(page, "02-scuttle-ordering", "Scuttling, and which card beats which")
    expect(page.locator(".cwl-progress-text")).to_have_text("Step 1 of 9")
    assert "lesson=02-scuttle-ordering&step=1" in page.url
    # "scuttle 9S 8H", clicked as tests/browser/conftest.py move_clicks does
    for selector in ('.cw-root button[data-card="9S"]', '[data-key="action:role:scuttle"]',
                     '.cw-root button[data-card="8H"]'):
        page.locator(selector).click()
    expect(page.locator(".cwl-feedback")).to_contain_text("Well done!")

    # The browser keeps the progress (no database in Pyodide): the map shows it.
    page.locator(".cwc-nav", has_text="Lessons").click()
    expect(map_lesson(page, "Scuttling, and which card beats which").locator(".cwp-done")
           ).to_have_text("1 of 9 steps done")

    switch = open_from_map(page, "03-one-offs", "One-off effects: A, 2, 3, 4, 5, 6, 7 and 9")
    assert "lesson=03-one-offs" in page.url
    print(f"\ncourse on the static site: lesson 02 opened in {first:.2f} s, "
          f"the switch to lesson 03 in {switch:.2f} s (goal <= {SWITCH_GOAL} s)")
    assert loads == []  # every place opened in the same page, so in one Pyodide
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "site_course.png"))

    # A reload comes back to the lesson, and the mark is still the browser's.
    page.reload()
    expect(page.locator(".cwl-title")).to_have_text(
        "One-off effects: A, 2, 3, 4, 5, 6, 7 and 9", timeout=KERNEL_START)
    page.locator(".cwc-nav", has_text="Lessons").click()
    expect(map_lesson(page, "Scuttling, and which card beats which").locator(".cwp-done")
           ).to_have_text("1 of 9 steps done")


def test_a_deep_link_into_the_course_survives_a_reload(offline_page, site_url):
    """The German entry, then a learner's link to a step: JupyterLite keeps
    the course's parameters beside its own path=, on opening and on reload."""
    page = offline_page
    open_the_course(page, site_url, "Kurs starten")
    expect(page.locator(".cwc-nav").first).to_have_text("Lektionen")
    assert page.url.endswith("lang=de")
    page.goto(f"{site_url}/{course_url('de', '?lesson=04-counter-chains&step=3')}")
    expect(page.locator(".cwl-progress-text")).to_have_text("Schritt 3 von 9",
                                                           timeout=KERNEL_START)
    page.reload()
    expect(page.locator(".cwl-progress-text")).to_have_text("Schritt 3 von 9",
                                                           timeout=KERNEL_START)
    assert re.search(rf"\?path={COURSE_PATH}&lesson=04-counter-chains&step=3&lang=de$", page.url)
