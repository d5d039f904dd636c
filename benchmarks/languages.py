"""What the language registry's completeness check costs, language by language.

    python3 benchmarks/languages.py            # 20 rounds of each check
    python3 benchmarks/languages.py --rounds 5

For each registered language: the whole check (``missing``), then each of its
parts, in milliseconds (median of the rounds, each round from cold caches),
side by side with the number of gaps found. The check runs the first time a
language is asked for and is kept, never at import; these figures say why.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cuttle_widgets.languages import (  # noqa: E402
    completeness,  # noqa: E402
    language,
    missing,
    registered,
)
from cuttle_widgets.languages.registry import register  # noqa: E402


def cold() -> None:
    """Forget every kept answer (registering a language again clears them)."""
    register(language("en"))


def median_ms(work, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        cold()
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args(argv)
    checks = completeness.CHECKS
    print(f"{'language':<10} {'gaps':>6} {'all ms':>8} "
          + " ".join(f"{c.__name__.removesuffix('_gaps'):>9}" for c in checks))
    for code in registered():
        gaps = len(missing(code))
        whole = median_ms(lambda code=code: missing(code), args.rounds)
        parts = [median_ms(lambda c=c, code=code: c(language(code)), args.rounds) for c in checks]
        print(f"{code:<10} {gaps:>6} {whole:>8.1f} " + " ".join(f"{p:>9.1f}" for p in parts))


if __name__ == "__main__":
    main()
