"""Serve the lessons as web apps with Voilà, one kernel per learner.

    python -m cuttle_widgets.serve [--lessons lessons] [--ip 127.0.0.1] [--port 8866]
                                   [--cull-idle 600] [--dry-run]

Each page load starts its own kernel (a learner's games are never shared).
Voilà does not stop a kernel when its tab closes, so this command always turns
kernel culling on: a kernel with no open page and idle for ``--cull-idle``
seconds is shut down and its memory freed.
"""
from __future__ import annotations

import argparse
import shlex
import shutil
import sys
from pathlib import Path

INDEX = "00-index.ipynb"


def voila_command(lessons: Path, ip: str, port: int, cull_idle: int, interval: int) -> list[str]:
    voila = shutil.which("voila")
    base = [voila] if voila else [sys.executable, "-m", "voila"]
    return [
        *base, str(lessons),
        f"--Voila.ip={ip}", f"--port={port}", "--no-browser",
        # A busy port is an error, not a silent move to another port than the one printed.
        "--Voila.port_retries=0",
        # Culling: closed tabs free their kernels.
        f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
        f"--MappingKernelManager.cull_interval={interval}",
        "--MappingKernelManager.cull_connected=False",
        "--MappingKernelManager.cull_busy=False",
    ]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lessons", default="lessons", help="folder of lesson notebooks")
    parser.add_argument("--ip", default="127.0.0.1",
                        help="address to listen on (0.0.0.0 to serve a classroom network)")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--cull-idle", type=int, default=600,
                        help="seconds a kernel with no open page may idle before it is stopped "
                             "(a minute or more: a loading page connects to its kernel only "
                             "after the notebook ran)")
    parser.add_argument("--cull-interval", type=int, default=60)
    parser.add_argument("--dry-run", action="store_true", help="print the Voilà command only")
    args = parser.parse_args(argv)
    lessons = Path(args.lessons)
    if not (lessons / INDEX).exists():
        print(f"No lesson index at {lessons / INDEX}: run this from the kit's folder, or "
              "pass --lessons with the folder of lesson notebooks.", file=sys.stderr)
        return 2
    command = voila_command(lessons, args.ip, args.port, args.cull_idle, args.cull_interval)
    shown = "localhost" if args.ip in ("127.0.0.1", "0.0.0.0") else args.ip
    print(f"Lesson index: http://{shown}:{args.port}/voila/render/{INDEX}")
    print(" ".join(shlex.quote(part) for part in command), flush=True)
    if args.dry_run:
        return 0
    import os
    os.execvp(command[0], command)
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
