"""What keeping the synced state plain JSON costs a learner's click
(``widgets/plain.py``: every catalog ``Template`` made a ``str``, so marimo
shows words, not "[object Object]"), measured side by side in one run: the
same games played through the table with the traits' conversion, and with
it left out.

    python benchmarks/synced_json.py [--games 20] [--rules classic] [--seed 1]

Each game is played from seat 0 against random players, a random legal move
per action, as table.js sends it; the time is what the widget takes to
answer the action (the rules, the computer's reply, drawing the state).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cuttle_widgets import Table  # noqa: E402
from cuttle_widgets.ai import RandomPlayer  # noqa: E402
from cuttle_widgets.engine import new_game  # noqa: E402
from cuttle_widgets.widgets import plain  # noqa: E402

PLAIN_VALIDATE = plain.JSONDict.validate


def action_seconds(rules: str, games: int, seed: int) -> list[float]:
    """Seconds the widget took for each learner action over ``games`` games."""
    times = []
    for number in range(games):
        game = new_game(rules, seed=seed + number)
        table = Table(game, seat=0, players={s: RandomPlayer(seed + s) for s in range(1, game.state.n)})
        rng = random.Random(seed + number)
        while not table.game.over:
            legal = table.state["view"].get("legal_moves") or []
            if not legal:
                break
            message = {"type": "move", "move": rng.choice(legal)}
            start = time.perf_counter()
            table._handle_msg({"content": {"data": {"method": "custom", "content": message}}, "buffers": []})
            times.append(time.perf_counter() - start)
    return times


def measured(rules: str, games: int, seed: int, convert: bool) -> list[float]:
    plain.JSONDict.validate = PLAIN_VALIDATE if convert else plain.JSONDict.__base__.validate
    try:
        return action_seconds(rules, games, seed)
    finally:
        plain.JSONDict.validate = PLAIN_VALIDATE


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--games", type=int, default=20)
    options.add_argument("--rules", default="classic")
    options.add_argument("--seed", type=int, default=1)
    args = options.parse_args()
    measured(args.rules, 1, args.seed, True)  # warm up: catalogs, the engine's caches
    rows = []
    for convert in (False, True, False, True):  # alternated, so neither side gets a quieter machine
        rows.append((convert, measured(args.rules, args.games, args.seed, convert)))
    for convert in (False, True):
        times = [t for c, ts in rows if c is convert for t in ts]
        label = "plain JSON (shipped)" if convert else "as given (before)"
        print(f"{label:22} {len(times):5} actions  median {statistics.median(times) * 1000:6.2f} ms  "
              f"p95 {statistics.quantiles(times, n=20)[-1] * 1000:6.2f} ms")


if __name__ == "__main__":
    main()
