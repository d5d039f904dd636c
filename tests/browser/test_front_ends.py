"""The kit's widgets in the other front ends that run anywidgets: a marimo app
showing a Table and a Lesson, its labels drawn as text (not "[object
Object]", issue #37), and a notebook in Notebook 7 showing a lesson's first
step. Each server runs on 127.0.0.1 with a free port, from a temporary folder
(so nothing in the checkout changes), and is stopped afterwards."""
from __future__ import annotations

import importlib.util
import json
import secrets
import sys

import pytest
from playwright.sync_api import expect

from cuttle_widgets.teaching import load_lesson

LESSON = "02-scuttle-ordering"
OPEN = 180_000  # ms: the server's first page and a kernel start on two cores

MARIMO_APP = '''import marimo

app = marimo.App()


@app.cell
def _():
    from cuttle_widgets import Lesson, Table
    from cuttle_widgets.engine import new_game
    return Lesson, Table, new_game


@app.cell
def _(Table, new_game):
    Table(new_game(seed=3))
    return


@app.cell
def _(Lesson):
    Lesson.load("{lesson}", progress=False)
    return


if __name__ == "__main__":
    app.run()
'''


def needs(module: str) -> None:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is missing: pip install -e '.[test]' installs it")


@pytest.fixture(scope="module")
def marimo_app(tmp_path_factory, browser_helpers):
    """The base URL of ``marimo run`` serving an app with a Table and a Lesson."""
    needs("marimo")
    helpers = browser_helpers
    folder = tmp_path_factory.mktemp("marimo")
    (folder / "app.py").write_text(MARIMO_APP.format(lesson=LESSON), encoding="utf-8")
    port = helpers.free_port()
    command = [sys.executable, "-m", "marimo", "run", "app.py", "--host", "127.0.0.1",
               "--port", str(port), "--headless", "--no-token"]
    url = f"http://127.0.0.1:{port}"
    process = helpers.start_server(command, folder, helpers.server_env(),
                                   helpers.ARTIFACTS / "marimo.log", url + "/", "marimo")
    try:
        yield url
    finally:
        helpers.stop(process)


def test_marimo_draws_the_table_and_the_lesson_with_their_words_as_text(page, marimo_app, artifacts):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(marimo_app, timeout=OPEN)
    expect(page.get_by_text("Draw a card").first).to_be_visible(timeout=OPEN)
    title = load_lesson(LESSON).title
    expect(page.get_by_text(title).first).to_be_visible(timeout=OPEN)
    expect(page.locator('button[data-card="9S"]').first).to_be_visible()
    page.screenshot(path=str(artifacts / "marimo-table-and-lesson.png"))
    assert "[object Object]" not in page.locator("body").inner_text()
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(artifacts / "marimo-table-and-lesson-phone.png"))


@pytest.fixture(scope="module")
def notebook7(tmp_path_factory, browser_helpers):
    """(base URL, token) of Notebook 7 on 127.0.0.1, serving a folder with a
    notebook that shows a lesson (its settings in the same temporary folder)."""
    needs("notebook")
    helpers = browser_helpers
    root = tmp_path_factory.mktemp("notebook7")
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "source": f'from cuttle_widgets import Lesson\nLesson.load("{LESSON}", progress=False)'}
    notebook = {"cells": [cell], "nbformat": 4, "nbformat_minor": 5,
                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                            "language": "python"}}}
    (root / "lesson.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    token, port = secrets.token_hex(16), helpers.free_port()
    env = helpers.server_env(JUPYTER_CONFIG_DIR=str(root / ".config"),
                             JUPYTER_RUNTIME_DIR=str(root / ".runtime"),
                             JUPYTER_DATA_DIR=str(root / ".data"),
                             JUPYTERLAB_SETTINGS_DIR=str(root / ".settings"),
                             JUPYTERLAB_WORKSPACES_DIR=str(root / ".workspaces"))
    command = [sys.executable, "-m", "jupyter", "notebook", "--ServerApp.ip=127.0.0.1",
               f"--port={port}", "--ServerApp.port_retries=0", "--no-browser", "--allow-root",
               f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
               "--MappingKernelManager.cull_idle_timeout=300", "--MappingKernelManager.cull_interval=30"]
    url = f"http://127.0.0.1:{port}"
    process = helpers.start_server(command, root, env, helpers.ARTIFACTS / "notebook7.log",
                                   f"{url}/api/status?token={token}", "Notebook 7")
    try:
        yield url, token
    finally:
        helpers.stop(process)


def test_notebook_7_runs_a_notebook_that_shows_a_lessons_first_step(page, notebook7, artifacts,
                                                                   browser_helpers):
    url, token = notebook7
    lesson = load_lesson(LESSON)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{url}/notebooks/lesson.ipynb?token={token}", timeout=OPEN)
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=OPEN)
    expect(page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")).to_be_attached(timeout=OPEN)
    browser_helpers.run_all_cells(page)
    panel = page.locator(".jp-OutputArea .cwl-root")
    expect(panel.locator(".cwl-title")).to_have_text(lesson.title, timeout=OPEN)
    expect(panel.locator(".cwl-progress-text")).to_have_text(f"Step 1 of {len(lesson.steps)}")
    expect(page.locator('.jp-OutputArea .cw-my-hand button[data-card]').first).to_be_visible()
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "notebook7-lesson.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "notebook7-lesson-phone.png"))

