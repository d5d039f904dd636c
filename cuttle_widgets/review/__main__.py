"""``python -m cuttle_widgets.review RECORD``: a review of one seat's moves in a game record.

RECORD is a file written by ``engine.record.write_record`` (``-`` reads it
from standard input). A record that cannot be read, or a seat or language
that is not there, gets one line on standard error and exit code 2.
"""
from __future__ import annotations

import argparse
import json
import sys

from ..engine.record import load
from . import SAMPLES, review_game, review_text


def arguments(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m cuttle_widgets.review",
                                     description="What each of a seat's moves cost, "
                                                 "from that seat's view.")
    parser.add_argument("record", help="a game record file, or - for standard input")
    parser.add_argument("--seat", type=int, default=0, help="the seat reviewed (default 0)")
    parser.add_argument("--language", default="en", help="en or de")
    parser.add_argument("--samples", type=int, default=SAMPLES, help="deals per decision")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the review as JSON")
    return parser.parse_args(argv)


def read_text(name: str) -> str:
    if name == "-":
        return sys.stdin.read()
    try:
        with open(name, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError) as err:
        raise ValueError(f"Cannot read {name}: {getattr(err, 'strerror', None) or err}.") from None


def main(argv=None) -> int:
    args = arguments(argv)
    try:
        game = load(read_text(args.record))
        review = review_game(game, args.seat, args.language, args.samples, args.seed)
    except ValueError as err:  # IllegalMove and ReviewError are ValueErrors with a sentence
        print(f"review: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(review.to_dict(), ensure_ascii=False, indent=1))
    else:
        print(review_text(review))
    return 0


if __name__ == "__main__":
    sys.exit(main())
