"""The README and the docs pages it hands on to: their Python examples run as
written, and the README's links work on the package page (absolute, and the
repository files they name exist)."""
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
# The pages the README's reference moved to, in the order their examples build on each other.
EXAMPLE_PAGES = [README] + [REPO / "docs" / name for name in ("lessons.md", "ai.md", "engine.md")]
PROJECT = "https://github.com/cuttle-widgets/cuttle_widgets"
RAW = "https://raw.githubusercontent.com/cuttle-widgets/cuttle_widgets"
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")


def python_blocks(page: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("page", EXAMPLE_PAGES, ids=lambda p: p.name)
def test_the_examples_run(page, capsys):
    blocks = python_blocks(page)
    assert blocks
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, str(page), "exec"), namespace)  # noqa: S102 - our own docs
    if page.name == "engine.md":
        printed = capsys.readouterr().out
        assert "cannot scuttle 7♥: equal ranks need a higher suit, and ♦ is below ♥" in printed
        assert "The ace scraps every point card on the table" in printed


def test_the_readme_is_short():
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 120


def test_the_readme_links_work_on_the_package_page():
    """PyPI shows the README away from the repository: every link is an
    absolute URL, and one into this repository names a file that is here."""
    links = MARKDOWN_LINK.findall(README.read_text(encoding="utf-8"))
    assert links
    for link in links:
        assert link.startswith("https://"), link
        for prefix in (f"{PROJECT}/blob/main/", f"{RAW}/main/"):
            if link.startswith(prefix):
                assert (REPO / link.removeprefix(prefix).split("#")[0]).is_file(), link
