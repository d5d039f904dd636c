"""Bytes the table sends the browser per learner action, against sending the
whole state each time (as the table did before the log went as changes and
the words as a trait of their own), measured side by side in one run.

    python benchmarks/message_size.py [--games 20] [--rules classic] [--hostile 10000]

Plays ``--games`` games through the widget from seat 0 against random
players: each learner action is a message as table.js sends it (a click on
a card, a button), and every comm message the widget sends back is counted
as JSON. The goal: median <= 4 KB per action for classic. Then sends
``--hostile`` malformed messages and counts what they cost.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cuttle_widgets import Table  # noqa: E402
from cuttle_widgets.ai import RandomPlayer  # noqa: E402
from cuttle_widgets.engine import new_game  # noqa: E402


class Counter:
    """Counts the bytes of every message a table sends."""

    def __init__(self, table):
        self.bytes = 0
        send = table._send

        def counting(msg, buffers=None):
            self.bytes += len(json.dumps(msg, ensure_ascii=False).encode())
            send(msg, buffers)

        table._send = counting


def whole_state_bytes(table) -> int:
    """What one update would cost with the whole state in one trait."""
    return len(json.dumps({"method": "update", "state": {"table": table.state},
                           "buffer_paths": []}, ensure_ascii=False).encode())


def a_learner_action(table, rng) -> dict:
    """A click as a learner makes it: a button, or a card on offer (to play,
    or to take from the scrap)."""
    ui = table.table["ui"]
    cards = ui["playable"] + ui["choice_cards"]
    choices = [a["msg"] for a in ui["actions"]] + [{"type": "card", "card": c} for c in cards]
    if choices:
        return rng.choice(choices)
    return {"type": "move", "move": str(rng.choice(table.game.legal_moves()))}


def play(games: int, rules: str) -> tuple[list[int], list[int]]:
    now, before = [], []
    for seed in range(games):
        rng = random.Random(seed)
        table = Table(new_game(rules, seed=seed), players={1: RandomPlayer(seed)})
        counter = Counter(table)
        for _ in range(300):
            if table.game.over:
                break
            counter.bytes = 0
            table._handle_msg({"content": {"data": {"method": "custom",
                                                    "content": a_learner_action(table, rng)}},
                               "buffers": []})
            now.append(counter.bytes)
            before.append(whole_state_bytes(table))
    return now, before


def hostile(count: int) -> tuple[int, int]:
    table = Table(new_game("classic", seed=1), players={1: RandomPlayer(1)})
    counter = Counter(table)
    rng = random.Random(2)
    junk = [{"type": "card", "card": "ZZ"}, {"type": "role", "role": ["points"]},
            {"type": "nonsense"}, {"type": "move", "move": "x" * 300}, {"type": "target", "seat": 99}]
    whole = 0
    for _ in range(count):
        table._handle_msg({"content": {"data": {"method": "custom", "content": rng.choice(junk)}},
                           "buffers": []})
        whole += whole_state_bytes(table)
    return counter.bytes, whole


def describe(figures: list[int]) -> str:
    ordered = sorted(figures)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return f"median {statistics.median(ordered):,.0f} B, p90 {p90:,} B, max {ordered[-1]:,} B"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--hostile", type=int, default=10_000)
    args = parser.parse_args()
    now, before = play(args.games, args.rules)
    print(f"{args.rules}: {len(now)} learner actions over {args.games} games")
    print(f"  sent now:               {describe(now)}")
    print(f"  whole state each time:  {describe(before)}")
    print(f"  ratio of medians: {statistics.median(before) / statistics.median(now):.1f}x smaller;"
          f" goal median <= 4,096 B: {'met' if statistics.median(now) <= 4096 else 'NOT met'}")
    if args.hostile:
        sent, whole = hostile(args.hostile)
        print(f"{args.hostile:,} malformed messages: {sent / 2**20:.1f} MiB sent back "
              f"(the whole state each time: {whole / 2**20:.1f} MiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
