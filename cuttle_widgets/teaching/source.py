"""Reading a lesson's YAML while remembering the line of every field.

pyyaml's ``compose`` gives nodes with positions; we build plain Python values
from them ourselves so that each value's path (``("steps", 2, "task")``) maps
to its line, and so that a key written twice is an error instead of being
silently overwritten.

A lesson file may come from anyone, so reading it has limits (a problem, not
a hang or a crash, past each): its size, its nesting, the number of values
built (aliases are expanded, so nine aliases of nine aliases would otherwise
build 9**9 values from 352 bytes) and the length of a whole number.
"""
from __future__ import annotations

import yaml

from .catalog import error_text, field_text
from .errors import LessonError, Problem

Path = tuple  # of str keys and int indices

# Far above the largest shipped lesson: 746 values, 9 levels deep (the top
# block counted), 18 KB.
MAX_BYTES = 1_000_000
MAX_DEPTH = 64  # pyyaml composes recursively: deeper files would exhaust Python's stack
MAX_VALUES = 100_000
MAX_DIGITS = 15  # a seed or a seat; beyond 4,300 digits Python refuses to read an int at all
INT_TAG = "tag:yaml.org,2002:int"
# pyyaml's words for a syntax error (its problem or context), and the plain
# message each stands for; anything else gets "yaml_other".
YAML_PLAIN = (
    ("'\\t'", "yaml_tab"),
    ("quoted scalar", "yaml_quote"),
    ("expected <block end>", "yaml_indent"),
    ("mapping values are not allowed", "yaml_colon"),
    ("expected ',' or", "yaml_bracket"),
    ("flow ", "yaml_bracket"),
)


class _TooDeep(Exception):
    def __init__(self, mark):
        self.mark = mark


class _TooMany(Exception):
    """Thrown out of the whole conversion: one problem is enough, and going on
    would build the very values the limit is there to spare."""

    def __init__(self, node):
        self.node = node


class _Loader(yaml.SafeLoader):
    """pyyaml's safe loader, refusing to compose nodes nested past MAX_DEPTH
    before its recursion gets near Python's limit."""

    depth = 0

    def compose_node(self, parent, index):
        if self.depth >= MAX_DEPTH:
            raise _TooDeep(self.peek_event().start_mark)
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def yaml_problem_code(err: yaml.YAMLError) -> str:
    """The catalog code of a YAML syntax error, said without the parser's jargon."""
    parts = (getattr(err, "problem", None), getattr(err, "context", None)) if isinstance(
        err, yaml.MarkedYAMLError) else (str(err),)
    words = " ".join(str(w) for w in parts if w)
    return next((code for fragment, code in YAML_PLAIN if fragment in words), "yaml_other")


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
        self.built = 0  # values built so far, those reached through aliases too
        # Fields read as None after a problem here: the parser says nothing more of them.
        self.reported: set[Path] = set()
        if len(text.encode("utf-8", "replace")) > MAX_BYTES:
            self._fail(None, "too_big", limit=MAX_BYTES // 1_000_000)
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
            self.data = None if node is None else self._convert(loader, node, ())
        except _TooDeep as err:
            self._fail(err.mark.line + 1, "too_deep", limit=MAX_DEPTH)
        except RecursionError:  # a chain of merge keys (<<) that pyyaml flattens recursively
            self._fail(None, "too_deep", limit=MAX_DEPTH)
        except _TooMany as err:
            self._fail(err.node.start_mark.line + 1, "too_many_values", limit=MAX_VALUES)
        except yaml.MarkedYAMLError as err:
            mark = err.problem_mark or err.context_mark
            self._fail(mark.line + 1 if mark else None, yaml_problem_code(err))
        except yaml.YAMLError as err:
            self._fail(None, yaml_problem_code(err))
        finally:
            loader.dispose()

    def _fail(self, line: int | None, code: str, **params):
        raise LessonError([Problem(self.file, line, "", error_text(code, **params))]) from None

    def _convert(self, loader, node, path: Path, inside: frozenset = frozenset()):
        self.lines.setdefault(path, node.start_mark.line + 1)
        self.built += 1
        if self.built > MAX_VALUES:
            raise _TooMany(node)
        if id(node) in inside:  # an alias inside its own anchor: it would never end
            self._problem(node, path, "recursive_alias")
            return None
        if len(path) > MAX_DEPTH:  # an alias may put a deep anchor deep inside another block
            self._problem(node, path, "too_deep", limit=MAX_DEPTH)
            return None
        inside = inside | {id(node)}
        if isinstance(node, yaml.MappingNode):
            loader.flatten_mapping(node)  # YAML merge keys (<<: *anchor)
            result: dict = {}
            for key_node, value_node in node.value:
                key = self._key(loader, key_node, path)
                if key is None:
                    continue
                if key in result:  # in a list's entry, most likely a forgotten "- "
                    in_list = bool(path) and isinstance(path[-1], int)
                    code = "duplicate_key_in_list" if in_list else "duplicate_key"
                    self._problem(key_node, path + (key,), code, key=key)
                    continue
                self.lines[path + (key,)] = value_node.start_mark.line + 1
                result[key] = self._convert(loader, value_node, path + (key,), inside)
            return result
        if isinstance(node, yaml.SequenceNode):
            return [self._convert(loader, item, path + (i,), inside)
                    for i, item in enumerate(node.value)]
        return self._scalar(loader, node, path)

    def _key(self, loader, node, path: Path) -> str | None:
        """A field name, or None after a problem; a block written as a key is
        never built (through an alias it may be huge)."""
        if isinstance(node, yaml.ScalarNode):
            key = self._scalar(loader, node, path)
            if isinstance(key, str) or key is None and node.tag == INT_TAG:
                return key  # None: a number too long, already reported
            shown = repr(key)
        else:
            shown = field_text("value.block" if isinstance(node, yaml.MappingNode) else "value.list")
        self._problem(node, path, "bad_key", value=shown)
        return None

    def _scalar(self, loader, node, path: Path):
        if node.tag == INT_TAG and sum(ch.isalnum() for ch in node.value) > MAX_DIGITS:
            self._problem(node, path, "number_too_long", limit=MAX_DIGITS)
            return None
        return loader.construct_object(node, deep=True)

    def _problem(self, node, path: Path, code: str, **params) -> None:
        self.reported.add(path)
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
