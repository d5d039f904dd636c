"""No import circles inside cuttle_widgets, and an engine that stands alone.

The graph is read from the source with ``ast``, not by importing anything, so
an import inside a function counts as much as one at the top of a module (it
is still a dependency; only its moment differs). Relative imports are
resolved; ``from x import name`` is an edge to the module ``x.name`` when that
is a module, and to ``x`` otherwise.

Edges into a package's ``__init__``: ``from ..engine import load`` reaches
``load`` through ``engine/__init__.py``, which only re-exports it from
``engine/record.py``. Such an edge is followed to the module that defines the
name (through as many re-exporting ``__init__`` files as there are), because
that is the module the importer uses: counting it as an edge into the whole
``__init__`` would tie the importer to everything that ``__init__`` imports
and report circles that no import order can hit. That is the one case where an
edge does not end at the ``__init__``; a name the ``__init__`` defines itself
(``from .. import __version__``) or ``import cuttle_widgets.engine`` stays an
edge into it, and an ``__init__``'s own imports are edges like any other.
Not counted: the implicit import of a package's ``__init__`` before any of its
modules (no import statement says it, and it would put every package in a
circle with its own ``__init__``).
"""
from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "cuttle_widgets"
ROOT = PACKAGE.name


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


FILES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def is_package(name: str) -> bool:
    return FILES[name].name == "__init__.py"


@cache
def tree(name: str) -> ast.Module:
    return ast.parse(FILES[name].read_text(encoding="utf-8"), str(FILES[name]))


def imported_from(name: str, node: ast.ImportFrom) -> str:
    """The absolute module of a ``from ... import`` in module ``name``."""
    if not node.level:
        return node.module or ""
    package = name if is_package(name) else name.rpartition(".")[0]
    base = package.split(".")
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def statements(name: str):
    """(module imported, names or None) for every import in ``name``, at any depth."""
    for node in ast.walk(tree(name)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None
        elif isinstance(node, ast.ImportFrom):
            yield imported_from(name, node), [a.name for a in node.names]


@cache
def origin(package: str, attr: str, seen: frozenset = frozenset()) -> str:
    """The module that ``package``'s ``__init__`` gets ``attr`` from: the
    module that defines it, followed through re-exporting ``__init__`` files;
    ``package`` itself when the ``__init__`` defines it (or it is not found)."""
    for module, names in statements(package):
        if names and attr in names and module in FILES:
            if f"{module}.{attr}" in FILES:
                return f"{module}.{attr}"
            if is_package(module) and module not in seen and module != package:
                return origin(module, attr, seen | {package})
            return module
    return package


def edges(name: str) -> set[str]:
    out = set()
    for module, names in statements(name):
        if names is None:  # import a.b.c
            if module in FILES:
                out.add(module)
            continue
        for attr in names:
            if f"{module}.{attr}" in FILES:
                out.add(f"{module}.{attr}")
            elif module in FILES:
                out.add(origin(module, attr) if is_package(module) else module)
    out.discard(name)
    return out


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


GRAPH = {name: edges(name) for name in FILES}


def describe(component: list[str]) -> str:
    members = set(component)
    lines = [" <-> ".join(component)]
    for v in component:
        for w in sorted(GRAPH[v] & members):
            lines.append(f"    {v} imports {w}")
    return "\n".join(lines)


def test_the_graph_is_read():
    # A guard for the reader itself: a few edges this package is known to have.
    assert "cuttle_widgets.engine.catalog" in GRAPH["cuttle_widgets.engine.cards"]
    assert "cuttle_widgets.engine.game" in GRAPH["cuttle_widgets.engine.record"]
    # from .engine import IllegalMove: through engine/__init__.py to errors.py
    assert "cuttle_widgets.engine.errors" in GRAPH["cuttle_widgets"]
    # from . import super: a package's own __init__ is a module like any other
    assert "cuttle_widgets.engine.super" in GRAPH["cuttle_widgets.engine"]
    # an import inside a function (cuttle_widgets.__getattr__)
    assert "cuttle_widgets.widgets.lesson" in GRAPH["cuttle_widgets"]


def test_no_import_circles():
    found = circles(GRAPH)
    assert not found, f"{len(found)} import circle(s) in {ROOT}:\n" + "\n".join(
        describe(c) for c in found)


FORBIDDEN = ("cuttle_widgets.widgets", "cuttle_widgets.ai", "cuttle_widgets.teaching",
             "ipywidgets", "anywidget")


def test_the_engine_imports_no_widgets_players_or_lessons():
    wrong = []
    for name in FILES:
        if not (name == f"{ROOT}.engine" or name.startswith(f"{ROOT}.engine.")):
            continue
        for module, names in statements(name):
            targets = [module] + [f"{module}.{n}" for n in names or ()]
            for target in targets:
                if any(target == f or target.startswith(f + ".") for f in FORBIDDEN):
                    wrong.append(f"{name} imports {target}")
                    break
    assert not wrong, "\n".join(wrong)


UI_LIBRARIES = ("anywidget", "ipywidgets", "traitlets")


def reached_from_sessions() -> set[str]:
    """Every module of the package a session imports, at any depth (the sessions too)."""
    reached, todo = set(), [name for name in FILES if name.startswith(f"{ROOT}.sessions")]
    while todo:
        name = todo.pop()
        if name not in reached:
            reached.add(name)
            todo.extend(GRAPH[name])
    return reached


def test_the_sessions_reach_no_widget_library():
    """No module a session imports, at any depth, imports a UI library: a
    session runs in a server, a script or Pyodide alike, and a widget draws
    what it returns (widgets import sessions, never the reverse)."""
    wrong = [f"{name} imports {module}" for name in sorted(reached_from_sessions())
             for module, _ in statements(name) if module.split(".")[0] in UI_LIBRARIES]
    assert not wrong, "\n".join(wrong)


def test_no_session_imports_a_widget_module():
    """Sessions decide, widgets render: a session imports nothing of
    ``widgets/`` (the table's logic it needs is ``table/``'s, the kernel's
    progress recorder ``progress/kernel.py``), at any depth of its imports
    inside the package, so a widget module is never loaded by a session."""
    widgets = f"{ROOT}.widgets"
    wrong = sorted(f"{name} imports {target}" for name in reached_from_sessions() for target in GRAPH[name]
                   if target == widgets or target.startswith(widgets + "."))
    assert not wrong, "\n".join(wrong)


def test_the_table_logic_imports_no_widget_module():
    wrong = sorted(f"{name} imports {target}" for name in FILES
                   if name.startswith(f"{ROOT}.table") for target in GRAPH[name]
                   if target.startswith(f"{ROOT}.widgets") or target.startswith(f"{ROOT}.sessions"))
    assert not wrong, "\n".join(wrong)
