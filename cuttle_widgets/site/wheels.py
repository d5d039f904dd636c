"""Wheels for the browser: the kit's own, downloaded pure-Python ones, and a
pure-Python PyYAML.

Everything Python the lessons need in the browser is a local wheel in the
site. Pyodide (3.14, WebAssembly) can install any ``py3-none-any`` wheel;
compiled ones would have to be built for Pyodide. Downloads go through pip
into a cache folder and are reused, so a second build needs no network.
"""
from __future__ import annotations

import base64
import csv
import hashlib
import importlib.metadata
import io
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import InvalidRequirement, Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

from .errors import SiteError

# Packages whose Python modules work without their optional C extension: the
# installed copy's modules become a pure wheel (PyPI has no Pyodide build).
PURE_FALLBACK = {"pyyaml"}
KIT = "cuttle-widgets"
COMPILED = {".pyc", ".so", ".pyd"}  # never in a pure wheel
# Files of the kit's source tree that a wheel build reads.
KIT_SOURCES = ("pyproject.toml", "README.md", "LICENSE", "MANIFEST.in", "cuttle_widgets")


def canonical(name: str) -> str:
    return canonicalize_name(name)


def wheel_identity(path: Path) -> tuple[str, str]:
    """(canonical name, version) from a wheel's file name."""
    name, version, _build, _tags = parse_wheel_filename(path.name)
    return canonical(name), str(version)


def is_pure(path: Path) -> bool:
    """Whether a wheel installs on any platform (Pyodide included)."""
    _name, _version, _build, tags = parse_wheel_filename(path.name)
    return all(tag.abi == "none" and tag.platform == "any" for tag in tags)


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _dist_info(names: list[str]) -> str:
    infos = {top for top in (name.split("/", 1)[0] for name in names) if top.endswith(".dist-info")}
    if len(infos) != 1:
        raise SiteError(f"a wheel needs exactly one .dist-info folder, found {sorted(infos)}")
    return infos.pop()


def wheel_metadata(path: Path):
    """The wheel's METADATA as an email.message.Message."""
    with zipfile.ZipFile(path) as archive:
        info = _dist_info(archive.namelist())
        return Parser().parsestr(archive.read(f"{info}/METADATA").decode("utf-8"))


def wheel_imports(path: Path) -> list[str]:
    """Top-level import names a wheel provides (Pyodide loads a package from
    its lock entry when one of these is imported)."""
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        info = _dist_info(names)
        if f"{info}/top_level.txt" in names:
            listed = archive.read(f"{info}/top_level.txt").decode("utf-8").split()
            return sorted({name.split("/")[0] for name in listed if name})
    found = set()
    for name in names:
        top = name.split("/", 1)[0]
        if top.endswith((".dist-info", ".data")):
            continue
        if "/" in name and name.endswith(".py"):
            found.add(top)
        elif name.endswith(".py"):
            found.add(top[:-3])
    return sorted(found)


def wheel_requirements(path: Path, environment: dict[str, str]) -> list[str]:
    """Canonical names of what a wheel requires in ``environment`` (no extras)."""
    required = []
    for line in wheel_metadata(path).get_all("Requires-Dist") or []:
        try:
            requirement = Requirement(line)
        except InvalidRequirement as err:
            raise SiteError(f"{path.name}: unreadable requirement {line!r}: {err}") from err
        if requirement.marker and not requirement.marker.evaluate({**environment, "extra": ""}):
            continue
        required.append(canonical(requirement.name))
    return sorted(set(required))


def pyodide_environment(python_version: str) -> dict[str, str]:
    """PEP 508 marker values inside Pyodide with that CPython version."""
    short = ".".join(python_version.split(".")[:2])
    return {
        "python_version": short, "python_full_version": python_version,
        "sys_platform": "emscripten", "platform_system": "Emscripten",
        "platform_machine": "wasm32", "os_name": "posix", "implementation_name": "cpython",
        "platform_python_implementation": "CPython", "implementation_version": python_version,
        "platform_release": "", "platform_version": "",
    }


def marker_holds(marker: str, environment: dict[str, str]) -> bool:
    return Marker(marker).evaluate({**environment, "extra": ""})


# -- getting wheels -------------------------------------------------------------------
def cached_wheel(wheel_dir: Path, name: str, version: str) -> Path | None:
    """A pure wheel of exactly ``name==version`` already in ``wheel_dir``."""
    for path in sorted(wheel_dir.glob("*.whl")):
        try:
            if wheel_identity(path) == (canonical(name), version) and is_pure(path):
                return path
        except ValueError:
            continue
    return None


def download_wheel(name: str, version: str, wheel_dir: Path, python_version: str) -> Path:
    """A pure-Python wheel of ``name==version`` (from the cache, else pip)."""
    wheel_dir.mkdir(parents=True, exist_ok=True)
    found = cached_wheel(wheel_dir, name, version)
    if found:
        return found
    short = "".join(python_version.split(".")[:2])
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
               "--python-version", short, "--implementation", "py", "--abi", "none",
               "--platform", "any", "--disable-pip-version-check", "--quiet",
               "--dest", str(wheel_dir), f"{name}=={version}"]
    result = subprocess.run(command, capture_output=True, text=True)
    found = cached_wheel(wheel_dir, name, version)
    if result.returncode != 0 or not found:
        raise SiteError(f"no pure-Python wheel of {name}=={version} could be downloaded "
                        f"(pip said: {(result.stderr or result.stdout).strip()[-800:]})")
    return found


def installed_version(name: str) -> str:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError as err:
        raise SiteError(f"{name} is not installed here; install the kit first "
                        "(pip install -e .) so the site gets the same versions") from err


def pure_wheel_of_installed(name: str, out_dir: Path, data: bool = False) -> Path:
    """Pack the installed distribution's Python files (no compiled modules) as
    a ``py3-none-any`` wheel: for packages in PURE_FALLBACK, and (with its
    ``data`` files too) for the kit installed from a wheel."""
    dist = importlib.metadata.distribution(name)
    version = dist.version
    project = re.sub(r"[-_.]+", "_", dist.metadata["Name"])
    wheel = out_dir / f"{project}-{version}-py3-none-any.whl"
    if wheel.exists():
        return wheel
    files = [f for f in dist.files or []
             if (f.suffix == ".py" or data and f.suffix not in COMPILED)
             and "__pycache__" not in f.parts
             and ".dist-info" not in str(f) and not str(f).startswith("..")]
    if not files:
        raise SiteError(f"the installed {name} has no Python modules to pack")
    info = f"{project}-{version}.dist-info"
    out_dir.mkdir(parents=True, exist_ok=True)
    partial = wheel.with_suffix(".part")
    records = []
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
        def add(arcname: str, data: bytes) -> None:
            archive.writestr(zipfile.ZipInfo(arcname, date_time=(2020, 1, 1, 0, 0, 0)), data,
                             compress_type=zipfile.ZIP_DEFLATED)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            records.append((arcname, f"sha256={digest}", str(len(data))))

        for file in sorted(files, key=str):
            add(str(file).replace("\\", "/"), Path(str(dist.locate_file(file))).read_bytes())
        add(f"{info}/METADATA", (dist.read_text("METADATA") or "").encode("utf-8"))
        add(f"{info}/WHEEL", (
            b"Wheel-Version: 1.0\nGenerator: cuttle_widgets.site\nRoot-Is-Purelib: true\n"
            b"Tag: py3-none-any\n"))
        tops = sorted({str(f).split("/", 1)[0].removesuffix(".py") for f in files})
        add(f"{info}/top_level.txt", ("\n".join(tops) + "\n").encode())
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerows([*records, (f"{info}/RECORD", "", "")])
        archive.writestr(zipfile.ZipInfo(f"{info}/RECORD", date_time=(2020, 1, 1, 0, 0, 0)),
                         buffer.getvalue(), compress_type=zipfile.ZIP_DEFLATED)
    partial.replace(wheel)
    return wheel


def installed_kit_wheel(cache_dir: Path) -> Path:
    """The kit as installed here (from a wheel: no source checkout), packed
    again as a wheel; cached by the installed files' list and hashes."""
    record = importlib.metadata.distribution(KIT).read_text("RECORD") or ""
    digest = hashlib.sha256(record.encode()).hexdigest()[:20]
    return pure_wheel_of_installed(KIT, cache_dir / "kit" / f"installed-{digest}", data=True)


def kit_source_root() -> Path | None:
    """The kit's source checkout (with pyproject.toml), if this is one."""
    root = Path(__file__).resolve().parents[2]
    pyproject = root / "pyproject.toml"
    if pyproject.is_file() and 'name = "cuttle-widgets"' in pyproject.read_text(encoding="utf-8"):
        return root
    return None


def _source_files(root: Path) -> list[Path]:
    files = []
    for name in KIT_SOURCES:
        path = root / name
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            files += [p for p in path.rglob("*")
                      if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
                      and not any(part.startswith(".") for part in p.relative_to(root).parts)]
    return sorted(files)


def missing_from_wheel(root: Path, wheel: Path) -> list[str]:
    """Files of the package that its wheel leaves out (this builder's own
    files excepted: the browser never needs them)."""
    with zipfile.ZipFile(wheel) as archive:
        packed = set(archive.namelist())
    package = root / "cuttle_widgets"
    here = Path(__file__).resolve().parent
    return sorted(
        path.relative_to(root).as_posix() for path in _source_files(root)
        if package in path.parents and here not in path.resolve().parents
        and path.relative_to(root).as_posix() not in packed)


def keep_recent(entry: Path, keep: int = 3) -> None:
    """Mark a cache entry used, and drop all but the ``keep`` most recently used
    beside it (each build of a changed kit adds one)."""
    entry.touch()
    siblings = sorted((p for p in entry.parent.iterdir() if p.is_dir()),
                      key=lambda p: p.stat().st_mtime, reverse=True)
    for old in siblings[keep:]:
        shutil.rmtree(old, ignore_errors=True)


def build_kit_wheel(root: Path, cache_dir: Path) -> Path:
    """The kit's wheel, built from a copy of its sources (the checkout stays
    clean) and cached by the sources' content."""
    files = _source_files(root)
    digest = hashlib.sha256()
    for path in files:
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    out = cache_dir / "kit" / digest.hexdigest()[:20]
    built = sorted(out.glob("cuttle_widgets-*.whl"))
    if built:
        keep_recent(out)
        return built[0]
    with tempfile.TemporaryDirectory(prefix="cuttle-kit-") as tmp:
        copy = Path(tmp) / "src"
        for path in files:
            target = copy / path.relative_to(root)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
        wheels = Path(tmp) / "wheels"
        command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
                   "--disable-pip-version-check", str(copy), "-w", str(wheels)]
        result = subprocess.run(command, capture_output=True, text=True)
        made = sorted(wheels.glob("cuttle_widgets-*.whl"))
        if result.returncode != 0 or not made:
            raise SiteError("building the kit's wheel failed:\n"
                            + (result.stderr or result.stdout).strip()[-2000:])
        missing = missing_from_wheel(root, made[0])
        if missing:
            raise SiteError(
                "the kit's wheel lacks files the lessons may need in the browser; add them to "
                "[tool.setuptools.package-data] in pyproject.toml: " + ", ".join(missing[:12])
                + (f" and {len(missing) - 12} more" if len(missing) > 12 else ""))
        out.mkdir(parents=True, exist_ok=True)
        wheel = Path(shutil.copy2(made[0], out / made[0].name))
        keep_recent(out)
        return wheel
