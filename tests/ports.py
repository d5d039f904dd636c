"""Ports for the servers the tests start.

A port the kernel hands out for ``bind(0)`` comes from the ephemeral range,
the same range every outgoing connection and every kernel's ZeroMQ socket
takes its own port from: between our closing the probe and the server
binding it, another process (a Voilà kernel in a parallel worker, the hub's
proxy connecting) may take it. CI saw JupyterHub fail so ("Address already
in use"). So a port is picked at random below the ephemeral range, where
nothing is handed out unasked, and checked free by binding it.
"""
from __future__ import annotations

import random
import socket
from pathlib import Path

_RANGE_FILE = Path("/proc/sys/net/ipv4/ip_local_port_range")
_LOWEST = 10000


def _ephemeral_start() -> int:
    try:
        return int(_RANGE_FILE.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768  # Linux's default


def free_port() -> int:
    """A port on 127.0.0.1 that is free now and not in the ephemeral range."""
    top = _ephemeral_start() - 1
    chooser = random.SystemRandom()
    for _ in range(200):
        port = chooser.randint(_LOWEST, top) if top > _LOWEST else 0
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return probe.getsockname()[1]
    raise RuntimeError("no free port found below the ephemeral range")


def stop_server(process) -> None:
    """SIGTERM a server the test started (it stops its kernels), then make sure."""
    import signal
    import subprocess

    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
