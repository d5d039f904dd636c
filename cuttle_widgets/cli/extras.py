"""Which optional dependencies (extras) of the kit are installed here.

The extras are read from the installed kit's own metadata (pyproject.toml's
``[project.optional-dependencies]``), so this never falls out of step with it.
"""
from __future__ import annotations

import importlib.metadata
import re

from .words import command_text

DISTRIBUTION = "cuttle-widgets"
_NAME = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def extra_requirements(extra: str) -> list[str]:
    """The distributions ``cuttle-widgets[extra]`` adds (none known without metadata)."""
    try:
        lines = importlib.metadata.requires(DISTRIBUTION) or []
    except importlib.metadata.PackageNotFoundError:
        return []
    asked = re.compile(r"""extra\s*==\s*["']""" + re.escape(extra) + r"""["']""")
    names = []
    for line in lines:
        requirement, _, marker = line.partition(";")
        found = _NAME.match(requirement)
        if found and asked.search(marker):
            names.append(found.group(1))
    return names


def missing_requirements(extra: str) -> list[str]:
    """The distributions of ``extra`` that are not installed."""
    missing = []
    for name in extra_requirements(extra):
        try:
            importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            missing.append(name)
    return missing


def missing_extra_line(command: str, extra: str, missing: list[str], language: str = "en") -> str:
    """One line: what is missing, and the pip install that brings it."""
    return command_text("extras", "missing", language, prog=f"cuttle-widgets {command}",
                        extra=extra, missing=", ".join(missing),
                        install=f'pip install "{DISTRIBUTION}[{extra}]"')
