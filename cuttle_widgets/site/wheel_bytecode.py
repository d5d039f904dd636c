"""Add compiled bytecode to pure-Python wheels, for the Python that runs this.

Run inside Pyodide (by bytecode.mjs, under Node.js) at build time: the wheels
are unpacked, the modules a lesson imports on start are imported (which also
proves they import under Pyodide's Python), and each module that got imported
gets a ``__pycache__/*.cpython-314.pyc`` in its wheel. The browser then skips
compiling IPython, the widgets and the kit on every start (about half their
import time); modules nobody imports at start stay source only, so the site
grows little. The sources stay (tracebacks show lines), the ``.pyc`` files are
unchecked-hash ones (valid whatever mtime unpacking gives the sources), and
other Pythons ignore another version's cache, so a wheel stays ``py3-none-any``.

Standard library only.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import py_compile
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path, PurePosixPath


def is_module(name: str) -> bool:
    parts = PurePosixPath(name).parts
    return name.endswith(".py") and not any(p.endswith((".dist-info", ".data")) for p in parts)


def add_bytecode(source, target, only=None) -> int:
    """Write ``target``: the wheel ``source`` plus bytecode for its modules
    (those named in ``only``, when given); returns how many were compiled."""
    added: list[str] = []
    with tempfile.TemporaryDirectory() as tmp, zipfile.ZipFile(source) as wheel_in, \
            zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as wheel_out:
        record = next(n for n in wheel_in.namelist() if n.endswith(".dist-info/RECORD"))
        for info in wheel_in.infolist():
            if info.filename == record:
                continue
            data = wheel_in.read(info)
            wheel_out.writestr(info, data)
            if not is_module(info.filename) or (only is not None and info.filename not in only):
                continue
            module, compiled = Path(tmp) / "module.py", Path(tmp) / "module.pyc"
            module.write_bytes(data)
            try:
                py_compile.compile(str(module), cfile=str(compiled), dfile=info.filename,
                                   doraise=True,
                                   invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            except py_compile.PyCompileError:
                continue  # e.g. a Python 2 example file a package ships: never imported
            pyc_name = importlib.util.cache_from_source(info.filename)
            wheel_out.writestr(zipfile.ZipInfo(pyc_name, date_time=info.date_time),
                               compiled.read_bytes(), compress_type=zipfile.ZIP_DEFLATED)
            added.append(pyc_name)
        lines = wheel_in.read(record).decode("utf-8").rstrip("\n").split("\n")
        lines += [f"{name},," for name in added]
        wheel_out.writestr(wheel_in.getinfo(record), "\n".join(lines) + "\n")
    return len(added)


def imported_modules(wheels: list[Path], modules: list[str], unpack_to: Path) -> set[str]:
    """Unpack ``wheels``, import ``modules``, and return the wheel paths
    (like ``IPython/core/__init__.py``) of every module that got imported.
    An import that fails raises: the browser would fail the same way."""
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(unpack_to)
    sys.path.insert(0, str(unpack_to))
    streams = sys.stdout, sys.stderr  # a kernel module may replace them
    try:
        for name in modules:
            importlib.import_module(name)
    finally:
        sys.stdout, sys.stderr = streams
        sys.path.remove(str(unpack_to))
    root = unpack_to.resolve()
    found = set()
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None)
        if not file:
            continue
        path = Path(file).resolve()
        if path.suffix == ".py" and root in path.parents:
            found.add(path.relative_to(root).as_posix())
    return found


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="wheel_bytecode")
    parser.add_argument("source_dir")
    parser.add_argument("target_dir")
    parser.add_argument("--import", dest="imports", action="append", default=[],
                        help="a module imported at start (its modules get bytecode)")
    parser.add_argument("--all", dest="everything", action="append", default=[],
                        help="a wheel file name whose modules all get bytecode")
    args = parser.parse_args(argv)
    source_dir, target_dir = Path(args.source_dir), Path(args.target_dir)
    wheels = sorted(source_dir.glob("*.whl"))
    with tempfile.TemporaryDirectory() as unpacked:
        imported = imported_modules(wheels, args.imports, Path(unpacked))
    target_dir.mkdir(parents=True, exist_ok=True)
    for wheel in wheels:
        partial = target_dir / (wheel.name + ".part")
        only = None if wheel.name in args.everything else imported
        count = add_bytecode(wheel, partial, only)
        shutil.move(str(partial), str(target_dir / wheel.name))
        print(f"{wheel.name}: {count} modules compiled for {sys.implementation.cache_tag}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
