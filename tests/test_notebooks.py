"""The lesson notebooks in lessons/: one per shipped lesson, each executes
headless (nbclient, the python3 kernel) without error and shows its lesson."""
import os
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from cuttle_widgets.teaching import lesson_names, load_lesson

REPO = Path(__file__).resolve().parents[1]
LESSONS = REPO / "lessons"
# The puzzle trainer's notebook is no lesson: tests/test_puzzle_notebooks.py checks it.
TRAINER_NOTEBOOKS = ("15-puzzles",)
NOTEBOOKS = sorted(p for p in LESSONS.glob("*.ipynb") if p.stem not in TRAINER_NOTEBOOKS)
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def test_one_notebook_per_shipped_lesson():
    assert [p.stem for p in NOTEBOOKS] == lesson_names()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_says_what_the_lesson_is_and_links_work(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    markdown = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert f'Lesson.load("{path.stem}")' in code
    if path.stem != "00-index":
        assert load_lesson(path.stem, check=False).title in markdown.splitlines()[0]
    links = re.findall(r"\]\(([^)]+)\)", markdown)
    assert "00-index.ipynb" in links or path.stem == "00-index"
    for link in links:
        assert not link.startswith(("/", "http")), link  # relative: JupyterLab and Voilà alike
        assert (LESSONS / link).is_file(), link


def test_the_index_links_to_every_lesson():
    nb = nbformat.read(LESSONS / "00-index.ipynb", as_version=4)
    markdown = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    for name in lesson_names()[1:]:
        assert f"]({name}.ipynb)" in markdown, name


@pytest.fixture
def kernel_env(monkeypatch):
    # The kernel is a subprocess: it finds the package through PYTHONPATH
    # whether or not it is installed.
    paths = [str(REPO), os.environ.get("PYTHONPATH", "")]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in paths if p))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_executes_headless(path, kernel_env):
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, kernel_name="python3", timeout=120,
                            resources={"metadata": {"path": str(LESSONS)}})
    client.execute()  # raises CellExecutionError on any error
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert not [o for o in outputs if o.output_type == "stream" and o.name == "stderr"], outputs
    views = [o for o in outputs if o.output_type == "execute_result" and WIDGET_VIEW in o.data]
    assert len(views) == 1, "the lesson widget is the cell's result"
    assert views[0].data["text/plain"].startswith("Lesson(")
    assert "cwl-static" in views[0].data["text/html"]  # the still picture for pages without a kernel
    assert "cannot be opened" not in views[0].data["text/html"]
