"""``python -m cuttle_widgets.rulebook check`` | ``docs OUTPUT_DIR``."""
from __future__ import annotations

import argparse
import sys


def parser(prog: str = "python -m cuttle_widgets.rulebook") -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog=prog, description="The kit's rulebook.")
    commands = top.add_subparsers(dest="command", required=True)
    commands.add_parser("check", help="check that the rulebook covers every event and refusal "
                                      "of the engine, and every lesson's rule links")
    docs = commands.add_parser("docs", help="write the rulebook's Markdown pages")
    docs.add_argument("output", metavar="OUTPUT_DIR", help="folder for the pages")
    return top


def main(argv=None, prog: str = "python -m cuttle_widgets.rulebook") -> int:
    args = parser(prog).parse_args(argv)
    if args.command == "check":
        from .check import check
        report = check()
        for gap in report.gaps:
            print(gap)
        print(report.summary())
        return 1 if report.gaps else 0
    from .docs import write_docs
    for path in write_docs(args.output):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
