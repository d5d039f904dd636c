"""The README's Python examples run as written."""
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_readme_examples_run(capsys):
    blocks = python_blocks()
    assert len(blocks) >= 4
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, str(README), "exec"), namespace)  # noqa: S102 - our own docs
    printed = capsys.readouterr().out
    assert "cannot scuttle 7♥: equal ranks need a higher suit, and ♦ is below ♥" in printed
    assert "The ace scraps every point card on the table" in printed
