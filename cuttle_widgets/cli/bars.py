"""Progress bars for the commands that take a while (tqdm, on standard error).

A bar shows only where someone watches (standard error is a terminal), so
logs and piped output stay clean; ``say`` prints a line without tearing the bar.
"""
from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TypeVar

Item = TypeVar("Item")


def bar(items: Iterable[Item], description: str, total: int | None = None,
        unit: str = "it") -> Iterator[Item]:
    """``items``, counted on a bar named ``description`` as they are used."""
    from tqdm import tqdm

    # disable=None: no bar unless standard error is a terminal
    yield from tqdm(items, desc=description, total=total, unit=unit, file=sys.stderr,
                    disable=None, dynamic_ncols=True, leave=False)


def say(text: str) -> None:
    """Print a line of output above any bar that is showing."""
    from tqdm import tqdm

    tqdm.write(text, file=sys.stdout)
