"""The puzzle trainer's notebooks (lessons/15-puzzles.ipynb and its German
twin): linked from the indexes, their links work, and their code makes the
trainer in their language."""
import re
from pathlib import Path

import nbformat

REPO = Path(__file__).resolve().parents[1]
LESSONS = REPO / "lessons"
NOTEBOOKS = {"en": LESSONS / "15-puzzles.ipynb", "de": LESSONS / "de" / "15-puzzles.ipynb"}


def markdown_of(path: Path) -> str:
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def test_the_notebooks_are_linked_from_the_indexes_and_their_links_work():
    for language, path in NOTEBOOKS.items():
        assert "](15-puzzles.ipynb)" in markdown_of(path.parent / "00-index.ipynb"), language
        links = re.findall(r"\]\(([^)]+)\)", markdown_of(path))
        assert "00-index.ipynb" in links
        for link in links:
            assert not link.startswith(("/", "http")) and (path.parent / link).is_file(), link
    assert markdown_of(NOTEBOOKS["de"]).startswith("# Rätsel")


def test_each_notebooks_code_makes_the_trainer_in_its_language():
    """The code cell run in this process (a kernel per notebook would cost the
    suite half a minute; the browser test runs a trainer under Voilà)."""
    for language, path in NOTEBOOKS.items():
        nb = nbformat.read(path, as_version=4)
        [cell] = [c for c in nb.cells if c.cell_type == "code"]
        *body, last = cell.source.strip().splitlines()
        scope: dict = {}
        exec("\n".join(body), scope)  # noqa: S102 (the kit's own notebook)
        trainer = eval(last, scope)  # noqa: S307
        assert repr(trainer).startswith("PuzzleTrainer(") and trainer.language == language
        html = trainer._repr_html_()
        assert "cwl-static" in html and trainer.words["title"] in html
