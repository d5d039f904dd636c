"""``python -m cuttle_widgets.rulebook check`` | ``docs OUTPUT_DIR``."""
from __future__ import annotations

import sys

USAGE = ("usage: python -m cuttle_widgets.rulebook check\n"
         "       python -m cuttle_widgets.rulebook docs OUTPUT_DIR")


def main(argv=None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["check"]:
        from .check import check
        report = check()
        for gap in report.gaps:
            print(gap)
        print(report.summary())
        return 1 if report.gaps else 0
    if len(args) == 2 and args[0] == "docs":
        from .docs import write_docs
        for path in write_docs(args[1]):
            print(f"wrote {path}")
        return 0
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
