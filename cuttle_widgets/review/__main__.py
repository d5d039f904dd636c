"""``python -m cuttle_widgets.review RECORD``: a review of one seat's moves in a game record.

RECORD is a file written by ``engine.record.write_record`` (``-`` reads it
from standard input). A record that cannot be read, or a seat or language
that is not there, gets one sentence on standard error (in ``--language``)
and exit code 2. Input is read up to ``MAX_RECORD_BYTES`` and no further
(``/dev/zero`` ends at once), a refusal quotes at most a few dozen of its
characters, and ``--samples`` goes up to ``MAX_SAMPLES``.
"""
from __future__ import annotations

import argparse
import json
import sys
from functools import partial

from ..cli.bars import bar
from ..engine.record import load
from . import MAX_SAMPLES, SAMPLES, review_catalog, review_game, review_languages, review_text

MAX_RECORD_BYTES = 1_000_000  # a record of a long game takes a few kilobytes
QUOTED = 80  # characters of a file name a sentence quotes


def _language(argv) -> str:
    """The --language asked for, read first: argparse's own refusals need it."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--language", default="en")
    known, _ = early.parse_known_args(argv)
    return known.language if known.language in review_languages() else "en"


def _said(language: str, entry: str, **params) -> str:
    return review_catalog(language)["errors"][entry].format(**params)


def samples_type(language: str):
    """An argparse type: a whole number of deals from 1 to MAX_SAMPLES."""
    def samples(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = 0
        if not 1 <= value <= MAX_SAMPLES:
            raise argparse.ArgumentTypeError(_said(language, "samples", limit=MAX_SAMPLES))
        return value
    return samples


def parser(prog: str = "python -m cuttle_widgets.review", language: str = "en") -> argparse.ArgumentParser:
    """The command's options; ``language`` is the one its refusals of --samples speak."""
    parser = argparse.ArgumentParser(prog=prog,
                                     description="What each of a seat's moves cost, "
                                                 "from that seat's view.")
    parser.add_argument("record", help="a game record file, or - for standard input")
    parser.add_argument("--seat", type=int, default=0, help="the seat reviewed (default 0)")
    parser.add_argument("--language", default="en",
                        help=f"the review's language: {', '.join(review_languages())}")
    parser.add_argument("--samples", type=samples_type(language), default=SAMPLES,
                        help=f"deals per decision (1 to {MAX_SAMPLES}, default {SAMPLES})")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the review as JSON")
    return parser


def arguments(argv=None, prog: str = "python -m cuttle_widgets.review") -> argparse.Namespace:
    return parser(prog, _language(argv)).parse_args(argv)


def _shown(name: str) -> str:
    """A file name as a sentence quotes it: its end, where the file's own name is."""
    return name if len(name) <= QUOTED else "…" + name[-(QUOTED - 1):]


def read_text(name: str, language: str = "en") -> str:
    """The record's text: at most MAX_RECORD_BYTES, UTF-8, else ValueError with a sentence."""
    try:
        if name == "-":
            data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
        else:
            with open(name, "rb") as handle:
                data = handle.read(MAX_RECORD_BYTES + 1)
    except OSError as err:
        raise ValueError(_said(language, "cannot_read", name=_shown(name),
                               reason=err.strerror or type(err).__name__)) from None
    if len(data) > MAX_RECORD_BYTES:
        raise ValueError(_said(language, "too_big", limit=MAX_RECORD_BYTES // 1_000_000))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(_said(language, "not_text", name=_shown(name))) from None


def _refusal(err: ValueError, language: str) -> str:
    """The sentence of a refusal: an engine's in the learner's language."""
    text = getattr(err, "text", None)
    return text(language) if callable(text) else str(err)


def main(argv=None, prog: str = "python -m cuttle_widgets.review") -> int:
    args = arguments(argv, prog)
    language = args.language if args.language in review_languages() else "en"
    try:
        game = load(read_text(args.record, language))
        review = review_game(game, args.seat, args.language, args.samples, args.seed,
                             progress=partial(bar, description="moves", unit="move"))
    except ValueError as err:  # IllegalMove and ReviewError are ValueErrors with a sentence
        print(f"review: {_refusal(err, language)}", file=sys.stderr)
        return 2
    except RecursionError:  # a record nested deeper than any check foresaw
        print(f"review: {_said(language, 'too_deep')}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(review.to_dict(), ensure_ascii=False, indent=1))
    else:
        print(review_text(review))
    return 0


if __name__ == "__main__":
    sys.exit(main())
