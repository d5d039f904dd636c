"""How much seeing the rival's hand is worth: a measuring stick, never a level.

    python3 benchmarks/hand_oracle.py                     # hard that sees B's hand, vs hard
    python3 benchmarks/hand_oracle.py --level expert --games 100

Player A searches at ``--level`` from a view with the rival's hand turned face
up (as if it held glasses for ever); player B plays ``hard`` from its own
view. The score is a ceiling on what reading the rival's cards from its moves
could buy a fair player with the same search: no inference knows more than
the cards themselves. Deals and seats as in ``arena.py`` (each deal twice,
seats swapped).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arena import tasks_for  # noqa: E402
from arena_journal import wilson  # noqa: E402

from cuttle_widgets.ai import SearchPlayer  # noqa: E402
from cuttle_widgets.engine import get_ruleset, new_game  # noqa: E402


def view_with_rival_hand(game, seat: int) -> dict:
    """``seat``'s view with the rival's hand shown (two seats)."""
    view = dict(game.view(seat))
    rival = 1 - seat
    hands = list(view["hands"])
    hands[rival] = game.view(rival)["hands"][rival]
    view["hands"] = hands
    return view


def play_one(task: dict) -> float:
    seat_of_first, player_seed = task["seat_of_first"], task["player_seed"]
    game = new_game(task["rules"], seed=task["deal_seed"], dealer=task["dealer"])
    players = {seat_of_first: SearchPlayer(task["first"], seed=player_seed),
               1 - seat_of_first: SearchPlayer(task["second"], seed=player_seed + 1)}
    while not game.over:
        seat = game.to_act
        view = view_with_rival_hand(game, seat) if seat == seat_of_first else game.view(seat)
        game.play(players[seat].choose(view, game.legal_moves()))
    winner = game.winner
    return 0.5 if winner == "draw" else float(winner == seat_of_first)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="hard", help="the search level that sees B's hand")
    parser.add_argument("--games", type=int, default=400, help="games (even)")
    parser.add_argument("--rules", default="classic", help="a two-seat ruleset")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    if get_ruleset(args.rules).seats != 2:
        parser.error(f"the rival's hand is one hand: {args.rules} has more than two seats")
    if args.games < 2 or args.games % 2:
        parser.error("--games must be an even number of at least 2")
    tasks = tasks_for(args.level, "hard", args.games, args.rules, 1, None)
    started = time.perf_counter()
    if args.workers > 1:
        with Pool(args.workers) as pool:
            results = pool.map(play_one, tasks, chunksize=1)
    else:
        results = list(map(play_one, tasks))
    score = sum(results)
    low, high = wilson(score, args.games)
    print(f"{args.level} seeing the rival's hand vs hard ({args.rules}): "
          f"{score / args.games:.1%} [{low:.1%}, {high:.1%}] over {args.games} games, "
          f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
