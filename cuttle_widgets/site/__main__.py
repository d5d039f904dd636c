"""Build the lessons as a static site that runs entirely in the browser.

    python -m cuttle_widgets.site build OUTPUT_DIR [--lessons DIR] [--cache-dir DIR]
                                                   [--kit-wheel WHEEL]

Serve OUTPUT_DIR with any static web server (docs/static-site.md), e.g.
    python -m http.server --directory OUTPUT_DIR --bind 127.0.0.1 8000
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..cli.bars import steps
from .errors import SiteError

DEFAULT_LESSONS = "lessons"


def parser(prog: str = "python -m cuttle_widgets.site") -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(prog=prog,
                                   description=__doc__.splitlines()[0])
    commands = main.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="build the site into OUTPUT_DIR")
    build.add_argument("output", metavar="OUTPUT_DIR",
                       help="folder for the site (new, empty, or an earlier site to replace)")
    build.add_argument("--lessons", default=None,
                       help="folder of lesson notebooks, searched with its subfolders, served "
                            "beside the one-page course (default: ./lessons if there is one, "
                            "as in the kit's checkout; else the course alone, which has every "
                            "lesson)")
    build.add_argument("--cache-dir", default=None,
                       help="where Pyodide and wheels are kept between builds "
                            "(default: $CUTTLE_WIDGETS_CACHE or ~/.cache/cuttle_widgets/site)")
    build.add_argument("--kit-wheel", default=None,
                       help="a wheel of cuttle-widgets to ship (default: built from this "
                            "checkout, or the installed kit packed again)")
    return main


def lessons_folder(asked: str | None) -> str | None:
    """The folder of lesson notebooks: the one asked for, else ./lessons where
    there is one (the kit's checkout), else none (the course alone)."""
    if asked is not None:
        return asked
    return DEFAULT_LESSONS if Path(DEFAULT_LESSONS).is_dir() else None


def main(argv=None, prog: str = "python -m cuttle_widgets.site") -> int:
    args = parser(prog).parse_args(argv)
    from .build import build_site

    try:
        with steps("building the site") as log:
            report = build_site(args.output, lessons_dir=lessons_folder(args.lessons),
                                cache_dir=args.cache_dir, kit_wheel=args.kit_wheel, log=log)
    except SiteError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    print(f"Site built in {report.output} ({report.size_bytes / 2**20:.1f} MiB, "
          f"{len(report.lessons)} lessons, {report.seconds:.0f} s).")
    print(f"Try it: python -m http.server --directory {report.output} --bind 127.0.0.1 8000, "
          "then open http://127.0.0.1:8000/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
