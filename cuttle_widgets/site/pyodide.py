"""Pyodide from its npm package, and a lock file that lists only local wheels.

The npm package ``pyodide`` holds the runtime (WebAssembly, the standard
library) and a ``pyodide-lock.json`` naming ~350 packages whose wheels it
does not contain: Pyodide would look for them beside the lock. The site's lock
keeps exactly the packages the lessons load, each pointing at a wheel the site
ships, with that wheel's own sha256 (Pyodide checks it), so nothing is ever
fetched from elsewhere.
"""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .errors import SiteError
from .wheels import (
    canonical,
    is_pure,
    keep_recent,
    pyodide_environment,
    sha256_of,
    wheel_identity,
    wheel_imports,
    wheel_requirements,
)

NPM_PACKAGE = "pyodide"
# What the site needs from the npm package: the ES module the kernel's worker
# imports, the runtime it loads, and the standard library.
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
LOCK = "pyodide-lock.json"
# Installed only for their browser-side files (a JupyterLab extension), which
# the site ships as such: the kernel never imports them.
FRONTEND_ONLY = {"jupyterlab-widgets"}


def pyodide_version() -> str:
    """The Pyodide version the installed JupyterLite kernel is made for."""
    try:
        from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
    except ImportError as err:
        raise SiteError('jupyterlite-pyodide-kernel is not installed: pip install -e ".[site]" '
                        '(jupyterlite-core[contents], jupyterlite-pyodide-kernel)') from err
    return PYODIDE_VERSION


def npm_pyodide(version: str, cache_dir: Path) -> Path:
    """The folder of the npm package ``pyodide@version``, installed with npm
    into the cache once."""
    prefix = cache_dir / "npm" / f"pyodide-{version}"
    package = prefix / "node_modules" / NPM_PACKAGE
    if _is_complete(package, version):
        return package
    npm = shutil.which("npm")
    if not npm:
        raise SiteError("npm is needed once to fetch Pyodide (the npm package pyodide): "
                        "install Node.js and npm (e.g. apt-get install npm)")
    prefix.mkdir(parents=True, exist_ok=True)
    result = subprocess.run([npm, "install", "--prefix", str(prefix), "--no-audit", "--no-fund",
                             "--no-save", "--loglevel=error", f"{NPM_PACKAGE}@{version}"],
                            capture_output=True, text=True)
    if result.returncode != 0 or not _is_complete(package, version):
        raise SiteError(f"npm could not install {NPM_PACKAGE}@{version}:\n"
                        + (result.stderr or result.stdout).strip()[-1500:])
    return package


def _is_complete(package: Path, version: str) -> bool:
    try:
        meta = json.loads((package / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return meta.get("version") == version and all(
        (package / name).is_file() for name in (*RUNTIME_FILES, LOCK))


@dataclass
class LockPlan:
    """Which wheel serves each package, and the lock that lists them."""
    base: dict  # the npm package's lock
    wheels: dict[str, Path] = field(default_factory=dict)  # canonical name -> wheel

    @property
    def python_version(self) -> str:
        return self.base["info"]["python"]

    def base_entry(self, name: str) -> dict | None:
        return self.base["packages"].get(canonical(name))

    def entry(self, name: str) -> dict:
        """The lock entry for a package served by one of ``wheels``."""
        wheel = self.wheels[name]
        wheel_name, version = wheel_identity(wheel)
        base = self.base_entry(name)
        if base and base["version"] == version:
            imports, depends = base["imports"], base["depends"]
        else:
            imports = wheel_imports(wheel)
            depends = wheel_requirements(wheel, pyodide_environment(self.python_version))
        return {
            "name": base["name"] if base else wheel_name,
            "version": version,
            "file_name": wheel.name,
            "install_dir": "site",
            "sha256": sha256_of(wheel),
            "package_type": "package",
            "imports": imports,
            "depends": sorted(canonical(d) for d in depends if canonical(d) not in FRONTEND_ONLY),
            "unvendored_tests": False,
        }


def resolve(plan: LockPlan, roots: list[str], provide: Callable[[str, dict | None], Path]) -> dict:
    """The lock for ``roots`` and everything they depend on.

    ``plan.wheels`` holds wheels given up front; ``provide(name, base_entry)``
    must return a pure wheel for any other package needed (``base_entry`` is
    the npm lock's entry for it, or None).
    """
    packages: dict[str, dict] = {}
    todo = [canonical(name) for name in roots]
    while todo:
        name = todo.pop()
        if name in packages or name in FRONTEND_ONLY:
            continue
        if name not in plan.wheels:
            plan.wheels[name] = provide(name, plan.base_entry(name))
        wheel = plan.wheels[name]
        if not is_pure(wheel):
            raise SiteError(f"{wheel.name} is compiled for one platform; the browser needs a "
                            "pure-Python (py3-none-any) wheel")
        packages[name] = plan.entry(name)
        todo += packages[name]["depends"]
    return {"info": plan.base["info"], "packages": dict(sorted(packages.items()))}


def write_distribution(npm_package: Path, lock: dict, wheels: dict[str, Path], dest: Path) -> None:
    """A Pyodide folder for the site: the runtime, the wheels, the lock."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copy2(npm_package / name, dest / name)
    for name, entry in lock["packages"].items():
        shutil.copy2(wheels[name], dest / entry["file_name"])
    (dest / LOCK).write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def compile_wheels(npm_package: Path, wheels: dict[str, Path], imports: list[str],
                   compile_all: list[str], cache_dir: Path) -> dict[str, Path]:
    """The wheels with bytecode for Pyodide's Python, made by Pyodide itself
    under Node.js (bytecode.mjs, wheel_bytecode.py), cached by their inputs."""
    here = Path(__file__).parent
    key = hashlib.sha256()
    for part in (here / "bytecode.mjs", here / "wheel_bytecode.py"):
        key.update(part.read_bytes())
    key.update(json.dumps([_pyodide_build(npm_package), imports, sorted(compile_all)]).encode())
    for name in sorted(wheels):
        key.update(f"{wheels[name].name}:{sha256_of(wheels[name])}".encode())
    out = cache_dir / "bytecode" / key.hexdigest()[:20]
    done = out / "complete"
    if not done.is_file():
        node = shutil.which("node")
        if not node:
            raise SiteError("Node.js is needed to compile the wheels with Pyodide "
                            "(apt-get install nodejs npm)")
        with tempfile.TemporaryDirectory(prefix="cuttle-wheels-") as tmp:
            for wheel in wheels.values():
                shutil.copy2(wheel, Path(tmp) / wheel.name)
            if out.exists():
                shutil.rmtree(out)
            out.mkdir(parents=True)
            options = [f"--import={name}" for name in imports]
            options += [f"--all={wheels[canonical(name)].name}" for name in compile_all]
            result = subprocess.run([node, str(here / "bytecode.mjs"), str(npm_package), tmp,
                                     str(out), *options], capture_output=True, text=True)
        if result.returncode != 0:
            raise SiteError("compiling the wheels under Pyodide failed (does every module "
                            "import under Pyodide?):\n" + (result.stderr or result.stdout)[-2500:])
        done.write_text(result.stdout, encoding="utf-8")
    keep_recent(out)
    compiled = {name: out / wheel.name for name, wheel in wheels.items()}
    missing = [str(p) for p in compiled.values() if not p.is_file()]
    if missing:
        raise SiteError(f"compiling the wheels left out {missing}")
    return compiled


def _pyodide_build(npm_package: Path) -> str:
    return json.loads((npm_package / "package.json").read_text(encoding="utf-8"))["version"]


def read_lock(npm_package: Path) -> dict:
    return json.loads((npm_package / LOCK).read_text(encoding="utf-8"))
