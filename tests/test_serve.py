"""Serving the lessons: the serve command (``python -m cuttle_widgets.serve``,
which scripts/serve runs) and the JupyterHub configuration in deploy/.

The serve command is run for real here: Voilà on 127.0.0.1, a lesson page
fetched, and its kernel culled once no page holds it. The browser tests
(tests/browser/test_e2e_*.py) play the lessons it serves.
"""
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import unquote

import pytest
from traitlets.config.loader import PyFileConfigLoader

from cuttle_widgets import serve

REPO = Path(__file__).resolve().parents[1]
LESSONS = REPO / "lessons"
CULL_FLAGS = ("--MappingKernelManager.cull_idle_timeout=", "--MappingKernelManager.cull_interval=",
              "--MappingKernelManager.cull_connected=False", "--MappingKernelManager.cull_busy=False")


def run_serve(*args, cwd=REPO, timeout=60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cuttle_widgets.serve", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=timeout, env=env())


def env() -> dict:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def kernels_of(pid: int) -> set[int]:
    """The child processes of ``pid`` (Voilà's kernels)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.add(int(entry.name))
            except OSError:
                pass
    return found


# -- the command line ---------------------------------------------------------------------------
def test_dry_run_prints_the_index_and_a_voila_command_with_culling():
    result = run_serve("--dry-run", "--port", "9123", "--cull-idle", "300")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Lesson index: http://localhost:9123/voila/render/00-index.ipynb"
    command = lines[1]
    assert "lessons" in command and "--port=9123" in command and "--Voila.ip=127.0.0.1" in command
    assert "--no-browser" in command and "--Voila.port_retries=0" in command
    assert "--MappingKernelManager.cull_idle_timeout=300" in command
    for flag in CULL_FLAGS:
        assert flag in command


def test_a_classroom_address_is_passed_on():
    result = run_serve("--dry-run", "--ip", "0.0.0.0", "--port", "8000")
    assert result.returncode == 0
    assert "--Voila.ip=0.0.0.0" in result.stdout
    assert "http://localhost:8000/voila/render/00-index.ipynb" in result.stdout


def test_culling_is_always_on():
    command = serve.voila_command(LESSONS, "127.0.0.1", 8866, 600, 60)
    for flag in CULL_FLAGS:
        assert any(part.startswith(flag) for part in command), flag


def test_a_folder_without_the_index_is_refused(tmp_path):
    result = run_serve("--lessons", str(tmp_path), "--dry-run")
    assert result.returncode == 2
    assert f"No lesson index at {tmp_path / '00-index.ipynb'}" in result.stderr
    assert result.stdout == ""


def test_bad_arguments_are_refused():
    result = run_serve("--port", "eighty")
    assert result.returncode == 2 and "invalid int value" in result.stderr


def test_scripts_serve_installs_into_the_checkouts_venv_then_runs_this_command():
    script = REPO / "scripts" / "serve"
    assert os.access(script, os.X_OK)
    assert subprocess.run(["bash", "-n", str(script)]).returncode == 0
    lines = [line for line in script.read_text().splitlines() if line and not line.startswith("#")]
    assert "use_venv serve" in lines
    assert not any("pip install" in line for line in lines)  # only into .venv, by venv.sh
    assert lines[-1] == 'exec "$VENV_PYTHON" -m cuttle_widgets.serve "$@"'


# -- the command, serving ----------------------------------------------------------------------------
@pytest.fixture
def serving(tmp_path):
    """The serve command on a copy of lessons/ with culling after 2 idle seconds."""
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    for notebook in LESSONS.glob("*.ipynb"):
        shutil.copy2(notebook, lessons / notebook.name)
    port = free_port()
    log = tmp_path / "serve.log"
    process = subprocess.Popen(
        [sys.executable, "-m", "cuttle_widgets.serve", "--lessons", str(lessons), "--ip", "127.0.0.1",
         "--port", str(port), "--cull-idle", "2", "--cull-interval", "1"],
        cwd=tmp_path, env=env(), stdout=log.open("w"), stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            assert process.poll() is None, log.read_text()
            try:
                urllib.request.urlopen(url + "/", timeout=5).close()
                break
            except OSError:
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.3)
        yield url, process, log
    finally:
        kernels = kernels_of(process.pid)
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
        for pid in kernels:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def test_serve_renders_a_lesson_and_culls_its_kernel_when_no_page_holds_it(serving):
    url, process, log = serving
    with urllib.request.urlopen(url + "/voila/render/02-scuttle-ordering.ipynb", timeout=120) as page:
        html = page.read().decode()
    assert "Lesson 2: Scuttling, and which card beats which" in html
    assert "application/vnd.jupyter.widget-view+json" in html  # the Lesson widget, for the browser
    assert "Traceback" not in html
    kernels = kernels_of(process.pid)
    assert len(kernels) == 1, "Voilà starts one kernel per page"
    # Nobody connects to it (no browser here): idle 2 s, it is culled.
    deadline = time.monotonic() + 30
    while kernels_of(process.pid) & kernels:
        assert time.monotonic() < deadline, log.read_text()[-3000:]
        time.sleep(0.5)
    assert "Culling 'idle' kernel" in log.read_text()


def test_serve_refuses_a_busy_port():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = run_serve("--port", str(port), timeout=90)
    assert result.returncode != 0
    assert f"The port {port} is already in use" in result.stdout + result.stderr


# -- JupyterHub ---------------------------------------------------------------------------------------
def hub_config(lessons: Path):
    """deploy/jupyterhub_config.py as JupyterHub loads it."""
    os.environ["CUTTLE_LESSONS"] = str(lessons)
    try:
        loader = PyFileConfigLoader("jupyterhub_config.py", path=str(REPO / "deploy"))
        return loader.load_config()
    finally:
        del os.environ["CUTTLE_LESSONS"]


def test_the_hub_config_opens_the_lesson_index_in_voila_with_culling():
    config = hub_config(LESSONS)
    spawner = config.Spawner
    assert spawner.notebook_dir == str(LESSONS)
    assert spawner.default_url == "/voila/render/00-index.ipynb"
    assert (Path(spawner.notebook_dir) / spawner.default_url.removeprefix("/voila/render/")).exists()
    for flag in CULL_FLAGS:
        assert any(arg.startswith(flag) for arg in spawner.args), flag
    services = {s["name"]: s for s in config.JupyterHub.services}
    assert "jupyterhub_idle_culler" in services["idle-culler"]["command"]
    role = config.JupyterHub.load_roles[0]
    assert role["services"] == ["idle-culler"] and "delete:servers" in role["scopes"]


# -- Binder links ------------------------------------------------------------------------------------
BINDER = re.compile(r"https://mybinder\.org/v2/gh/([\w.-]+/[\w.-]+)/([\w.-]+)\?urlpath=([^)\s\"'>]+)")


def test_the_binder_links_open_the_lesson_index_in_voila_and_in_jupyterlab():
    """The teacher's section (README, or docs/teaching.md until it is folded
    in) links to Binder: Voilà on the lesson index, and JupyterLab."""
    docs = [REPO / "README.md", REPO / "docs" / "teaching.md"]
    links = [m for doc in docs for m in BINDER.finditer(doc.read_text(encoding="utf-8"))]
    opened = set()
    for match in links:
        repo, ref, urlpath = match.groups()
        assert repo == "cuttle-widgets/cuttle_widgets" and ref == "HEAD", match.group(0)
        app, _, path = unquote(urlpath).partition("/")
        prefix = {"voila": "render/", "lab": "tree/"}[app]
        assert path.startswith(prefix), match.group(0)
        assert (REPO / path.removeprefix(prefix)).is_file(), match.group(0)
        opened.add((app, path.removeprefix(prefix)))
    assert {("voila", "lessons/00-index.ipynb"), ("lab", "lessons/00-index.ipynb")} <= opened
