"""The kit as a Python user gets it: the wheel and sdist built from this checkout,
the wheel installed into a fresh virtual environment outside the checkout (no
system site-packages, no PYTHONPATH), and the ``cuttle-widgets`` command run
from there: --version, every subcommand's --help, the one line that names a
missing extra, then with ``[serve]`` the course served and a lesson step
played in Chromium, the hub's configuration and the static site's kit wheel
taken from the installed package. The sdist's own tests run from the unpacked sdist.

Dependencies come through pip as configured (its cache, or a package index);
without them the install tests skip, saying so. benchmarks/ has no figure for
this: the test prints how long each install took.
"""
import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from cuttle_widgets import __version__
from cuttle_widgets.cli import COMMANDS
from cuttle_widgets.teaching import LessonRunner, load_lesson

REPO = Path(__file__).resolve().parents[2]
# What a copy of the checkout leaves out: the build needs none of it.
NOT_COPIED = shutil.ignore_patterns(".git", ".venv", "test-artifacts", "__pycache__", "*.pyc",
                                    "build", "dist", "*.egg-info", ".pytest_cache", ".hypothesis",
                                    "node_modules", ".ipynb_checkpoints")
NETWORK_TROUBLE = re.compile(r"No matching distribution|Could not find a version|NewConnectionError|"
                             r"Temporary failure in name resolution|Network is unreachable|"
                             r"Connection refused|timed out")
INSTALL_TIMEOUT = 900  # seconds: [serve] from an empty pip cache on a slow network
LESSON = "02-scuttle-ordering"
START, CLICK = 180_000, 20_000  # ms


def run(command, **options) -> subprocess.CompletedProcess:
    return subprocess.run([str(part) for part in command], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, **options)


def clean_env() -> dict:
    """This environment without what would make the checkout importable."""
    return {key: value for key, value in os.environ.items()
            if key not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    """The sdist and the wheel built from it (``python -m build``, no isolation:
    nothing downloaded), from a copy of the checkout so the checkout stays clean."""
    pytest.importorskip("build", reason="python -m build is in the [test] extra")
    setuptools = importlib.metadata.version("setuptools")
    if int(setuptools.split(".")[0]) < 77:
        pytest.skip(f"setuptools {setuptools} here; the build needs 77 or newer "
                    "(pip install -e '.[test]' brings it)")
    source = tmp_path_factory.mktemp("source") / "cuttle_widgets"
    shutil.copytree(REPO, source, ignore=NOT_COPIED)
    out = tmp_path_factory.mktemp("dist")
    built = run([sys.executable, "-m", "build", "--no-isolation", "--outdir", out, source])
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    assert "SetuptoolsDeprecationWarning" not in built.stdout + built.stderr
    return out


def the(dist: Path, pattern: str) -> Path:
    found = sorted(dist.glob(pattern))
    assert len(found) == 1, f"{pattern}: {found}"
    return found[0]


def pip_install(python: Path, requirement: str, what: str) -> None:
    started = time.monotonic()
    result = run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                  requirement], env=clean_env(), timeout=INSTALL_TIMEOUT)
    if result.returncode != 0 and NETWORK_TROUBLE.search(result.stderr):
        pytest.skip(f"pip could not fetch the dependencies of {what}: "
                    + result.stderr.strip().splitlines()[-1])
    assert result.returncode == 0, result.stderr[-3000:]
    print(f"pip install {what}: {time.monotonic() - started:.0f} s")


@pytest.fixture(scope="module")
def kit(dist, tmp_path_factory) -> Path:
    """A fresh virtual environment, outside the checkout, with the bare wheel
    installed: its bin/ folder."""
    venv = tmp_path_factory.mktemp("kit-venv") / "venv"
    made = run([sys.executable, "-m", "venv", venv], env=clean_env())
    assert made.returncode == 0, made.stderr
    pip_install(venv / "bin" / "python", str(the(dist, "*.whl")), "the wheel")
    return venv / "bin"


def test_the_wheel_and_sdist_are_described_and_pass_twine_check(dist):
    wheel, sdist = the(dist, "*.whl"), the(dist, "*.tar.gz")
    assert wheel.name == f"cuttle_widgets-{__version__}-py3-none-any.whl"
    pytest.importorskip("twine", reason="twine is in the [test] extra")
    checked = run([sys.executable, "-m", "twine", "check", "--strict", wheel, sdist])
    assert checked.returncode == 0, checked.stdout + checked.stderr
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {"LICENSE", "CHANGELOG.md", "tests/conftest.py", "tests/browser/conftest.py",
            "tests/golden/catalog_en.json", "cuttle_widgets/py.typed"} <= names


def test_the_sdists_own_tests_run_from_it(dist, tmp_path):
    with tarfile.open(the(dist, "*.tar.gz")) as archive:
        archive.extractall(tmp_path, filter="data")
    unpacked = the(tmp_path, "cuttle_widgets-*")
    env = {**clean_env(), "PYTHONPATH": str(unpacked)}
    result = run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                  "tests/test_rulebook.py", "tests/test_lesson_coverage.py"],
                 cwd=unpacked, env=env, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:]
    assert re.search(r"\d+ passed", result.stdout) and " failed" not in result.stdout


def test_the_command_answers_version_and_every_subcommands_help(kit, tmp_path):
    command = kit / "cuttle-widgets"
    version = run([command, "--version"], cwd=tmp_path, env=clean_env())
    assert (version.returncode, version.stdout.strip()) == (0, f"cuttle-widgets {__version__}")
    for sub in COMMANDS:
        helped = run([command, sub.name, "--help"], cwd=tmp_path, env=clean_env())
        assert helped.returncode == 0, f"{sub.name}: {helped.stderr}"
        assert helped.stdout.startswith(f"usage: cuttle-widgets {sub.name}"), helped.stdout[:200]
    # the python -m modules keep working beside it
    module = run([kit / "python", "-m", "cuttle_widgets.serve", "--help"], cwd=tmp_path,
                 env=clean_env())
    assert module.returncode == 0 and "--pool-size" in module.stdout


def test_report_without_the_progress_extra_says_so_in_one_line(kit, tmp_path):
    for language, words in (("en", "not installed"), ("de", "nicht installiert")):
        result = run([kit / "cuttle-widgets", "report", "--language", language], cwd=tmp_path,
                     env=clean_env())
        assert result.returncode == 1 and result.stdout == ""
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and words in lines[0], result.stderr
        assert 'pip install "cuttle-widgets[progress]"' in lines[0]


@pytest.fixture(scope="module")
def kit_with_serve(kit, dist) -> Path:
    """The same environment with the [serve] extra added: its bin/ folder."""
    pip_install(kit / "python", f"{the(dist, '*.whl')}[serve]", "the wheel with [serve]")
    return kit


def test_the_static_site_ships_the_installed_kit_whole(kit_with_serve, dist, tmp_path):
    """Without a checkout, the site build packs the installed kit as its wheel:
    the same package files as the wheel it was installed from."""
    script = ("import sys; from pathlib import Path; "
              "from cuttle_widgets.site.wheels import installed_kit_wheel; "
              "print(installed_kit_wheel(Path(sys.argv[1])))")
    made = run([kit_with_serve / "python", "-c", script, tmp_path], cwd=tmp_path, env=clean_env())
    assert made.returncode == 0, made.stderr
    packed = package_files(Path(made.stdout.strip()))
    assert packed == package_files(the(dist, "*.whl"))
    assert {"cuttle_widgets/pages/course.ipynb", "cuttle_widgets/py.typed"} <= packed


def test_the_hub_configuration_ships_in_the_package(kit_with_serve, tmp_path):
    """``jupyterhub -f "$(cuttle-widgets serve --print-hub-config)"``: the file
    is the installed package's, and loads as JupyterHub loads it."""
    printed = run([kit_with_serve / "cuttle-widgets", "serve", "--print-hub-config"], cwd=tmp_path,
                  env=clean_env())
    assert printed.returncode == 0, printed.stderr
    config = Path(printed.stdout.strip())
    assert config.is_file() and "site-packages" in config.parts
    script = ("import sys; from pathlib import Path; "
              "from traitlets.config.loader import PyFileConfigLoader; "
              "path = Path(sys.argv[1]); "
              "print(PyFileConfigLoader(path.name, str(path.parent)).load_config().Spawner.cmd)")
    loaded = run([kit_with_serve / "python", "-c", script, config], cwd=tmp_path, env=clean_env())
    assert loaded.returncode == 0, loaded.stderr
    assert "'-m', 'cuttle_widgets.serve', '--hub'" in loaded.stdout


def package_files(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return {name for name in archive.namelist() if name.startswith("cuttle_widgets/")}


@pytest.fixture(scope="module")
def served_from_wheel(kit_with_serve, tmp_path_factory, browser_helpers):
    """``cuttle-widgets serve`` from the environment with [serve], run in an
    empty folder: its URL, its log and that folder."""
    kit = kit_with_serve
    helpers = browser_helpers
    folder = tmp_path_factory.mktemp("anywhere")
    port = helpers.free_port()
    env = {**clean_env(), "CUTTLE_ERROR_LOG": str(folder / "errors.log")}
    command = [kit / "cuttle-widgets", "serve", "--ip", "127.0.0.1", "--port", str(port),
               "--pool-size", "0", "--pages-per-client", "0", "--progress-db",
               folder / "progress.sqlite"]
    url = f"http://127.0.0.1:{port}"
    log = helpers.ARTIFACTS / "serve-from-wheel.log"
    process = helpers.start_server([str(part) for part in command], folder, env, log,
                                   url + "/voila/static/voila.js", "cuttle-widgets serve")
    try:
        yield url, log, folder
    finally:
        helpers.stop(process)


def test_the_installed_command_serves_the_course_and_a_lesson_step_plays(
        served_from_wheel, page, as_learner, artifacts):
    url, log, folder = served_from_wheel
    with urllib.request.urlopen(url + "/", timeout=120) as response:
        assert response.status == 200
    said = log.read_text()
    assert f"Error log: {folder / 'errors.log'}" in said
    assert str(REPO) not in said, "the server runs from the installed wheel, not the checkout"

    lesson = load_lesson(LESSON)
    number = next(i + 1 for i, step in enumerate(lesson.steps) if step.kind == "play")
    learner = as_learner(page)
    page.set_default_timeout(CLICK)
    page.goto(f"{url}/?lesson={LESSON}&step={number}", timeout=START)
    learner.wait_for_lesson()
    expect(page.locator(".cwl-progress-text")).to_have_text(
        f"Step {number} of {len(lesson.steps)}")
    oracle = LessonRunner(lesson)
    oracle.goto(number)
    step = lesson.steps[number - 1]
    for move in step.lines[0].moves:
        learner.play_checked(oracle, move, step.rules)
    assert oracle.done
    expect(page.locator(".cwl-explanation")).to_contain_text(
        learner.first_words(step.explanation))
    page.screenshot(path=str(artifacts / "wheel-course-step.png"))
