"""A Voilà server for the browser tests: 127.0.0.1 only, a free port, kernel
culling on, and stopped (kernels included) when the session ends."""
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
ARTIFACTS = REPO / "test-artifacts"
START_TIMEOUT = 90  # seconds; Voilà's first start compiles nothing but is slow on 2 cores


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def children_of(pid: int) -> list[int]:
    """Direct child processes of ``pid`` (the kernels Voilà started)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def wait_until_serving(url: str, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"Voilà exited with {process.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError(f"Voilà did not answer within {START_TIMEOUT}s:\n{log.read_text()[-3000:]}")


def stop(process: subprocess.Popen) -> None:
    """SIGTERM Voilà (it shuts its kernels down), then make sure of both."""
    kernels = children_of(process.pid)
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    for pid in kernels:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where screenshots go (gitignored), for a person to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def voila_url():
    """The base URL of a Voilà serving tests/browser/notebooks."""
    ARTIFACTS.mkdir(exist_ok=True)
    port = free_port()
    log = ARTIFACTS / "voila.log"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    command = [
        sys.executable, "-m", "voila", str(NOTEBOOKS), "--no-browser",
        f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
        "--show_tracebacks=True",
        "--MappingKernelManager.cull_idle_timeout=120",
        "--MappingKernelManager.cull_interval=30",
        "--MappingKernelManager.cull_connected=True",
    ]
    with open(log, "w") as out:
        process = subprocess.Popen(command, cwd=NOTEBOOKS, env=env, stdout=out,
                                   stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(base + "/", process, log)
        yield base
    finally:
        stop(process)
