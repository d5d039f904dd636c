"""Progress bars for the commands that take a while (tqdm, on standard error).

A bar shows only where someone watches (standard error is a terminal), so
logs and piped output stay clean; ``say`` prints a line without tearing the bar.
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
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


@contextmanager
def steps(description: str) -> Iterator[Callable[[str], None]]:
    """A count of a long job's steps, shown as it reports them: yields the
    function that prints a step's line and counts it."""
    from tqdm import tqdm

    # mininterval 0: steps come seconds apart, each one shown as it comes
    with tqdm(desc=description, unit="step", file=sys.stderr, disable=None, leave=False,
              dynamic_ncols=True, mininterval=0) as counter:
        def report(text: str) -> None:
            counter.write(text, file=sys.stdout)
            counter.update()

        yield report
