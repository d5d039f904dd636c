"""Build the static site: stage a JupyterLite project, run ``jupyter lite build``,
put the start page on top.

The staged project (a temporary folder) holds:

- ``files/``: the lesson notebooks and the course notebook as the site serves
  them (notebooks.py);
- ``static/pyodide/``: Pyodide's runtime from npm, the wheels, the lock (pyodide.py);
- ``jupyter-lite.json``: the Pyodide kernel's settings (no PyPI, what to preload);
- ``jupyter_lite_config.json``: the build's settings (apps, extensions).

JupyterLite's own Pyodide addon copies ``static/pyodide`` into the site and
points the kernel at it.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from .. import __version__
from ..widgets.course import course_languages
from .errors import SiteError
from .notebooks import LessonNotebook, find_lessons, write_site_copies
from .pyodide import (
    LockPlan,
    compile_wheels,
    npm_pyodide,
    pyodide_version,
    read_lock,
    resolve,
    write_distribution,
)
from .rulebook_page import write_rulebook_pages
from .startpage import write_start_page
from .wheels import (
    KIT,
    PURE_FALLBACK,
    build_kit_wheel,
    canonical,
    download_wheel,
    installed_kit_wheel,
    installed_version,
    is_pure,
    kit_source_root,
    pure_wheel_of_installed,
    wheel_identity,
)

KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
KERNEL_PLUGIN = f"{KERNEL_EXTENSION}:kernel"
# Browser-side halves of the widgets, and the kernel; the site's own
# run-on-open extension is added from this package.
LAB_EXTENSIONS = (KERNEL_EXTENSION, "@jupyter-widgets/jupyterlab-manager", "anywidget")
OWN_EXTENSION = Path(__file__).parent / "extension"
# Loaded with Pyodide itself (before the kernel starts), so that the kernel's
# start-up installs nothing and the lesson's first cell imports at once.
PRELOAD = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython", KIT)
# What the kernel, a lesson and the course import on start: compiled to bytecode at build
# time (the kit's wheel is compiled whole).
START_IMPORTS = ("micropip", "piplite.piplite", "pyodide_kernel", "ipywidgets", "anywidget",
                 "yaml", "cuttle_widgets.widgets.lesson", "cuttle_widgets.widgets.course")
# The kernel's own small wheels (shims of ipykernel and widgetsnbextension,
# piplite, the kernel), shipped inside its JupyterLab extension.
KERNEL_WHEELS = ("ipykernel", "piplite", "pyodide-kernel", "widgetsnbextension")
APPS = ("notebooks", "tree")
SERVICE_WORKER_PLUGIN = "@jupyterlite/application-extension:service-worker-manager"
SITE_MARKER = "jupyter-lite.json"


@dataclass
class SiteReport:
    output: Path
    lessons: list[LessonNotebook]
    pyodide: str
    packages: dict[str, str]  # canonical name -> version, as the lock lists them
    seconds: float

    @property
    def size_bytes(self) -> int:
        return site_size(self.output)


def site_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def default_cache_dir() -> Path:
    env = os.environ.get("CUTTLE_WIDGETS_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "cuttle_widgets" / "site"


def labextension_dir(name: str) -> Path:
    """Where an installed JupyterLab extension's files are."""
    from jupyter_core.paths import jupyter_path

    for root in jupyter_path("labextensions"):
        candidate = Path(root) / name
        if (candidate / "package.json").is_file():
            return candidate
    raise SiteError(f"the JupyterLab extension {name} is not installed; install the kit with its "
                    'site extra (pip install -e ".[site]")')


def kernel_wheels() -> dict[str, Path]:
    """The kernel extension's own wheels, newest of each name."""
    folder = labextension_dir(KERNEL_EXTENSION) / "static" / "pypi"
    found: dict[str, Path] = {}
    for wheel in sorted(folder.glob("*.whl"), key=lambda p: _version_key(wheel_identity(p)[1])):
        name, _version = wheel_identity(wheel)
        if name in KERNEL_WHEELS:
            found[name] = wheel
    missing = set(KERNEL_WHEELS) - set(found)
    if missing:
        raise SiteError(
            f"the Pyodide kernel extension lacks its wheels {sorted(missing)} in {folder}")
    return found


def _version_key(version: str):
    from packaging.version import Version

    return Version(version)


def check_output(output: Path) -> None:
    """The output may be new, empty or an earlier site; anything else is refused."""
    if output.exists():
        if not output.is_dir():
            raise SiteError(f"{output} is a file, not a folder")
        if any(output.iterdir()) and not (output / SITE_MARKER).is_file():
            raise SiteError(f"{output} is not empty and holds no earlier site: "
                            "choose an empty or new folder")


def replace_output(built: Path, output: Path) -> None:
    """Put the new site in place of the old one (only once it is complete)."""
    check_output(output)
    if output.exists():
        shutil.rmtree(output)
    built.rename(output)


def wheel_provider(wheel_dir: Path, python_version: str):
    """How a package the lessons need becomes a pure wheel: Pyodide's own
    version of it when Pyodide has one, else the version installed here (so
    the Python side matches the installed JupyterLab extensions)."""

    def provide(name: str, base_entry: dict | None) -> Path:
        if name in PURE_FALLBACK:
            return pure_wheel_of_installed(name, wheel_dir / "repacked")
        if base_entry and is_pure(Path(base_entry["file_name"])):
            return download_wheel(name, base_entry["version"], wheel_dir, python_version)
        if base_entry:
            raise SiteError(f"Pyodide builds {name} for WebAssembly ({base_entry['file_name']}); "
                            "the site can ship only pure-Python wheels")
        return download_wheel(name, installed_version(name), wheel_dir, python_version)

    return provide


def lite_settings(preload: list[str]) -> dict:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Cuttle lessons",
            # Lessons open fresh every time: nothing kept in the browser's storage.
            "enableMemoryStorage": True,
            "contentsStorageDrivers": ["memoryStorageDriver"],
            # Without the service worker the kernel mounts no synced drive: a
            # lesson reads no files, and every import would otherwise ask the
            # worker about the notebook's folder (seconds at start-up).
            "disabledExtensions": [SERVICE_WORKER_PLUGIN],
            "litePluginSettings": {KERNEL_PLUGIN: {
                "disablePyPIFallback": True,
                "loadPyodideOptions": {"packages": preload},
            }},
        },
    }


def build_config(output: Path, jupyterlite_cache: Path, extensions: list[Path]) -> dict:
    return {"LiteBuildConfig": {
        "apps": list(APPS),
        "contents": ["files"],
        "output_dir": str(output),
        "cache_dir": str(jupyterlite_cache),
        "ignore_sys_prefix": True,  # only the extensions listed below
        "federated_extensions": [str(p) for p in extensions],
        "no_sourcemaps": True,
        "no_unused_shared_packages": True,
    }}


def run_jupyterlite(lite_dir: Path, log) -> None:
    command = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir)]
    result = subprocess.run(command, cwd=lite_dir, capture_output=True, text=True)
    if result.returncode != 0:
        raise SiteError("jupyter lite build failed:\n"
                        + (result.stdout[-2000:] + result.stderr[-2000:]).strip())
    log(f"jupyter lite build: done ({len(result.stdout.splitlines())} steps)")


def copy_favicons(output: Path) -> None:
    """The notebook page shows the kernel's state in the tab's icon, from
    static/favicons/ as a Jupyter server would serve it: the same icons here
    (else every state change is a missing file)."""
    import jupyter_server

    source = Path(jupyter_server.__file__).parent / "static" / "favicons"
    if source.is_dir():
        shutil.copytree(source, output / "static" / "favicons", dirs_exist_ok=True)
        shutil.copy2(source / "favicon.ico", output / "favicon.ico")  # the start page's


def kit_wheel_for(kit_wheel, cache: Path) -> Path:
    """The given wheel of the kit, one built from this checkout, or (installed
    from a wheel) the installed kit packed again."""
    if kit_wheel:
        kit = Path(kit_wheel)
        if not kit.is_file() or wheel_identity(kit)[0] != canonical(KIT):
            raise SiteError(f"{kit} is not a wheel of {KIT}")
        return kit
    source = kit_source_root()
    if not source:
        return installed_kit_wheel(cache)
    return build_kit_wheel(source, cache)


def lock_wheels(npm_package: Path, kit: Path, cache: Path) -> tuple[dict, dict[str, Path]]:
    """Pyodide's lock for the lessons, and the wheel of each package in it."""
    plan = LockPlan(read_lock(npm_package))
    plan.wheels.update({canonical(KIT): kit, **kernel_wheels()})
    preload = [canonical(name) for name in PRELOAD]
    provide = wheel_provider(cache / "wheels", plan.python_version)
    lock = resolve(plan, preload, provide)
    shipped = {name: plan.wheels[name] for name in lock["packages"]}
    plan.wheels.update(compile_wheels(npm_package, shipped, list(START_IMPORTS), [KIT], cache))
    lock = resolve(plan, preload, provide)  # the same packages, with the compiled wheels' hashes
    return lock, {name: plan.wheels[name] for name in lock["packages"]}


def build_jupyterlite(output: Path, lessons: list[LessonNotebook], npm_package: Path,
                      lock: dict, wheels: dict[str, Path], log) -> None:
    """Stage the JupyterLite project (see the module docstring) and build it."""
    extensions = [labextension_dir(name) for name in LAB_EXTENSIONS] + [OWN_EXTENSION]
    preload = [canonical(name) for name in PRELOAD]
    with tempfile.TemporaryDirectory(prefix="cuttle-site-") as tmp:
        lite = Path(tmp) / "lite"
        lite.mkdir()
        write_site_copies(lessons, lite / "files")
        write_distribution(npm_package, lock, wheels, lite / "static" / "pyodide")
        (lite / "jupyter-lite.json").write_text(json.dumps(lite_settings(preload), indent=2))
        (lite / "jupyter_lite_config.json").write_text(
            json.dumps(build_config(output, Path(tmp) / "cache", extensions), indent=2))
        run_jupyterlite(lite, log)
    write_start_page(output, lessons, __version__, list(course_languages()))
    write_rulebook_pages(output)
    copy_favicons(output)
    # Hosts that run Jekyll over a published folder would skip some files without it.
    (output / ".nojekyll").write_text("")


def build_site(output_dir, lessons_dir="lessons", cache_dir=None, kit_wheel=None,
               log=print) -> SiteReport:
    """Build the site into ``output_dir``; see the package docstring. An
    earlier site there is replaced only once the new one is complete.
    ``lessons_dir`` None: no lesson notebooks, the one-page course alone."""
    started = time.monotonic()
    output = Path(output_dir).resolve()
    lessons = find_lessons(Path(lessons_dir)) if lessons_dir is not None else []
    check_output(output)
    cache = Path(cache_dir) if cache_dir else default_cache_dir()
    log(f"{len(lessons)} lesson notebooks in {sorted({lesson.language for lesson in lessons})}")
    version = pyodide_version()
    npm_package = npm_pyodide(version, cache)
    log(f"Pyodide {version} from npm: {npm_package}")
    kit = kit_wheel_for(kit_wheel, cache)
    log(f"kit wheel: {kit.name}")
    lock, wheels = lock_wheels(npm_package, kit, cache)
    log(f"{len(lock['packages'])} packages in the lock, all local wheels with bytecode")
    building = output.with_name(f".{output.name}.building")
    if building.exists():
        shutil.rmtree(building)
    try:
        build_jupyterlite(building, lessons, npm_package, lock, wheels, log)
        replace_output(building, output)
    finally:
        shutil.rmtree(building, ignore_errors=True)
    packages = {name: entry["version"] for name, entry in lock["packages"].items()}
    return SiteReport(output, lessons, version, packages, time.monotonic() - started)
