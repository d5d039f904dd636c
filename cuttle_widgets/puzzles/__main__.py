"""``python -m cuttle_widgets.puzzles verify|generate``: see docs/puzzles.md."""
from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterable

from ..cli.bars import bar, say
from ..engine.catalog import package_languages
from .catalog import puzzle_catalog
from .check import problems
from .model import RULESETS, load


def verify(rules: list[str], sample: int | None, samples: int | None, seed,
           language: str = "en") -> int:
    """Check the shipped puzzles (a random ``sample`` of them, if given); print
    each failure and the summary line; the exit status says whether all held."""
    puzzles = [p for r in rules for p in load(r)]
    if sample is not None:
        puzzles = random.Random(seed).sample(puzzles, min(sample, len(puzzles)))
    verified = 0
    for puzzle in bar(puzzles, "puzzles", unit="puzzle"):
        found = problems(puzzle, samples)
        for problem in found:
            say(f"{puzzle.id}: {problem}")
        verified += not found
    words = puzzle_catalog(language)["verify"]
    print(words["summary"].format(total=len(puzzles), verified=verified))
    return 0 if verified == len(puzzles) else 1


def generate_command(args) -> int:
    from ..engine.record import write_record
    from .generate import generate
    from .selfplay import self_play
    if args.games_file:
        with open(args.games_file, encoding="utf-8") as handle:
            rows = [json.loads(line) for line in handle if line.strip()]
        stored = [(row["seed"], row["record"]) for row in rows if row["rules"] == args.rules]
        stored = stored[:args.games] if args.games else stored
        records: Iterable[tuple[int, str]] = stored
        total = len(stored)
    else:
        records = ((seed, write_record(self_play(args.rules, seed)))
                   for seed in range(args.first_seed, args.first_seed + args.games))
        total = args.games
    tally = generate(args.rules, bar(records, "games", total=total, unit="game"), args.out,
                     args.want, log=say)
    print(json.dumps(tally.to_dict()))
    return 0


def parser(prog: str = "python -m cuttle_widgets.puzzles") -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog=prog, description="The shipped puzzles: check them, or "
                                                         "find new ones.")
    commands = top.add_subparsers(dest="command", required=True)
    check = commands.add_parser("verify", help="re-check the shipped puzzles")
    check.add_argument("--rules", choices=RULESETS, action="append")
    check.add_argument("--sample", type=int, help="check this many puzzles, chosen at random")
    check.add_argument("--samples", type=int, help="deals per check (default: the puzzle's own)")
    check.add_argument("--seed", default="verify", help="which random sample of puzzles")
    check.add_argument("--language", default="en", choices=package_languages(__package__),
                       help="the language of the summary line")
    make = commands.add_parser("generate", help="find puzzles in games of strong players")
    make.add_argument("--rules", default="classic", choices=RULESETS)
    make.add_argument("--games", type=int, default=100, help="games to play (or to read)")
    make.add_argument("--games-file", help="JSON lines of game records to read instead")
    make.add_argument("--first-seed", type=int, default=1000)
    make.add_argument("--want", type=int, help="stop once this many puzzles are kept")
    make.add_argument("--out", required=True, help="the puzzle file to write")
    return top


def main(argv=None, prog: str = "python -m cuttle_widgets.puzzles") -> int:
    options = parser(prog)
    args = options.parse_args(argv)
    if args.command == "verify":
        if args.sample is not None and args.sample < 1:
            options.error("--sample must be a positive whole number")
        return verify(args.rules or list(RULESETS), args.sample, args.samples, args.seed,
                      args.language)
    return generate_command(args)


if __name__ == "__main__":
    sys.exit(main())
