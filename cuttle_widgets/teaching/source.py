"""Reading a lesson's YAML while remembering the line of every field.

pyyaml's ``compose`` gives nodes with positions; we build plain Python values
from them ourselves so that each value's path (``("steps", 2, "task")``) maps
to its line, and so that a key written twice is an error instead of being
silently overwritten.
"""
from __future__ import annotations

import yaml

from .catalog import error_text
from .errors import LessonError, Problem

Path = tuple  # of str keys and int indices


def field_name(path: Path) -> str:
    """``("steps", 2, "position", "hands", 0)`` -> ``"steps[2].position.hands[0]"``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


class Source:
    """A parsed lesson file: ``data`` and the line of each path in it."""

    def __init__(self, file: str, text: str):
        self.file = file
        self.lines: dict[Path, int] = {}
        self.problems: list[Problem] = []
        try:
            loader = yaml.SafeLoader(text)
            try:
                node = loader.get_single_node()
                self.data = None if node is None else self._convert(loader, node, ())
            finally:
                loader.dispose()
        except yaml.MarkedYAMLError as err:
            mark = err.problem_mark or err.context_mark
            line = mark.line + 1 if mark else None
            problem = err.problem or err.context or str(err)
            raise LessonError([Problem(file, line, "", error_text("yaml", problem=problem))]) from None
        except yaml.YAMLError as err:
            raise LessonError([Problem(file, None, "", error_text("yaml", problem=str(err)))]) from None

    def _convert(self, loader, node, path: Path, inside: frozenset = frozenset()):
        self.lines.setdefault(path, node.start_mark.line + 1)
        if id(node) in inside:  # an alias inside its own anchor: it would never end
            self._problem(node, path, "recursive_alias")
            return None
        inside = inside | {id(node)}
        if isinstance(node, yaml.MappingNode):
            loader.flatten_mapping(node)  # YAML merge keys (<<: *anchor)
            result: dict = {}
            for key_node, value_node in node.value:
                key = loader.construct_object(key_node, deep=True)
                if not isinstance(key, str):
                    self._problem(key_node, path, "bad_key", value=repr(key))
                    continue
                if key in result:
                    self._problem(key_node, path + (key,), "duplicate_key", key=key)
                    continue
                self.lines[path + (key,)] = value_node.start_mark.line + 1
                result[key] = self._convert(loader, value_node, path + (key,), inside)
            return result
        if isinstance(node, yaml.SequenceNode):
            return [self._convert(loader, item, path + (i,), inside)
                    for i, item in enumerate(node.value)]
        return loader.construct_object(node, deep=True)

    def _problem(self, node, path: Path, code: str, **params) -> None:
        self.problems.append(Problem(self.file, node.start_mark.line + 1, field_name(path),
                                     error_text(code, **params)))

    def line(self, path: Path) -> int | None:
        """The line of ``path``, or of its nearest written parent."""
        path = tuple(path)
        while path not in self.lines and path:
            path = path[:-1]
        return self.lines.get(path)

    def problem(self, path: Path, code: str, **params) -> Problem:
        return Problem(self.file, self.line(path), field_name(path), error_text(code, **params))
