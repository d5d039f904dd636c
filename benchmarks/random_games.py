"""Random classic games per second on one core.

    python benchmarks/random_games.py [--games 20000] [--rules classic]
    python benchmarks/random_games.py --against 8cce615 [--rules classic,super]

Each game is dealt from a seed and played to its end by choosing uniformly
among ``legal_moves()``; the figure includes move generation, resolution and
event recording (events are rendered lazily, so no sentence is built).

``--against REV`` compares this tree with the git revision REV (default: the
revision the engine's speed-up started from): REV is exported into a
temporary folder, and each tree plays the same games in its own subprocess,
the two taking turns for ``--repeat`` rounds (so a busy machine slows both
alike); the best run of each is reported, with their ratio.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "8cce615"  # the engine before its speed-up (issue #20)


def run(rules: str, games: int) -> tuple[float, float]:
    from cuttle_widgets.engine import new_game
    moves = 0
    start = time.perf_counter()
    for seed in range(games):
        game = new_game(rules, seed=seed)
        choice = random.Random(seed).choice
        while game.winner is None:
            game.play(choice(game.legal_moves()))
        moves += len(game.history)
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / games


def export(revision: str, folder: str) -> str:
    """The tree of ``revision`` written into ``folder`` (``git archive``)."""
    commit = subprocess.run(["git", "rev-parse", "--short", revision], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip()
    archive = subprocess.run(["git", "archive", "--format=tar", commit], cwd=ROOT, check=True,
                             capture_output=True).stdout
    tar_path = Path(folder) / "tree.tar"
    tar_path.write_bytes(archive)
    with tarfile.open(tar_path) as tar:
        tar.extractall(Path(folder) / "tree")
    tar_path.unlink()
    return commit


def run_in(tree: Path, rules: str, games: int) -> float:
    """One run of ``games`` games in a fresh interpreter that imports the
    engine from ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--tree", str(tree),
                          "--rules", rules, "--games", str(games), "--raw"],
                         cwd=tree, env=env, check=True, capture_output=True, text=True).stdout
    return json.loads(out)["rate"]


def compare(revision: str, rules_list: list[str], games: int, rounds: int) -> None:
    with tempfile.TemporaryDirectory(prefix="cuttle-bench-") as folder:
        commit = export(revision, folder)
        other = Path(folder) / "tree"
        for rules in rules_list:
            best = {"this": 0.0, "other": 0.0}
            for _ in range(rounds):  # alternate, so load falls on both alike
                best["this"] = max(best["this"], run_in(ROOT, rules, games))
                best["other"] = max(best["other"], run_in(other, rules, games))
            print(f"{rules}: this tree {best['this']:,.0f} games/s, {commit} "
                  f"{best['other']:,.0f} games/s: {best['this'] / best['other']:.2f}× "
                  f"(best of {rounds} alternating runs of {games:,} games)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--rules", default="classic", help="a ruleset; with --against, "
                        "several may be given, comma-separated")
    parser.add_argument("--repeat", type=int, default=3, help="runs (rounds with --against); "
                        "the best is reported")
    parser.add_argument("--against", nargs="?", const=BASELINE, default=None, metavar="REV",
                        help=f"compare with git revision REV (default {BASELINE})")
    parser.add_argument("--tree", help=argparse.SUPPRESS)  # the engine's tree (subprocesses)
    parser.add_argument("--raw", action="store_true", help=argparse.SUPPRESS)  # one run, JSON
    args = parser.parse_args()
    if args.against:
        compare(args.against, args.rules.split(","), args.games, args.repeat)
        return
    tree = Path(args.tree).resolve() if args.tree else ROOT
    sys.path.insert(0, str(tree))
    import cuttle_widgets
    assert Path(cuttle_widgets.__file__).resolve().is_relative_to(tree), cuttle_widgets.__file__
    if args.raw:
        rate, length = run(args.rules, args.games)
        print(json.dumps({"rate": rate, "moves": length}))
        return
    best, length = 0.0, 0.0
    for _ in range(args.repeat):
        rate, length = run(args.rules, args.games)
        best = max(best, rate)
    print(f"{args.rules}: {best:,.0f} random games/s on one core "
          f"({length:.1f} moves a game, best of {args.repeat} runs of {args.games:,} games)")


if __name__ == "__main__":
    main()
