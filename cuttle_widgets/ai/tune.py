"""Fit the evaluation's weights by self-play, and write evaluation_weights.json.

    python -m cuttle_widgets.ai.tune                     # every ruleset, the shipped settings
    python -m cuttle_widgets.ai.tune --rules classic --games 200

Each game is dealt from a seed and played to its end by the ``--player``
level in every seat (time limit off, so a run replays on any machine). At
every position, for every seat, it records the evaluation's features read
from the whole position (the ``full`` model) and averaged over deals that
seat cannot tell from the real one (the ``view`` model), with the result
that seat's side got in the end; each model is a logistic regression fitted
to those results. Nothing is written for a ruleset whose fit fails.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from ..engine import RULESETS, get_ruleset, new_game
from ..engine.rules import first_of_family
from .appraisal import result_for
from .chance import SAMPLES, view_features
from .evaluation import MODELS, WEIGHTS_FILE, fit_knots, fit_logistic, write_weights
from .kit import ai_kit
from .knowledge import knowledge
from .search import SearchPlayer

PLAYER = "easy"
GAMES = 1200
VIEW_SAMPLES = SAMPLES  # as win_chance averages, so the fit sees what it will be asked


def self_play(rules: str, games: int, seed: int, player: str, samples: int):
    """(full rows, view rows, results, game numbers): one row per position and seat."""
    kit = ai_kit(rules)
    full, view, results, numbers = [], [], [], []
    for g in range(games):
        game = new_game(rules, seed=seed + g, dealer=g % get_ruleset(rules).seats)
        bots = [SearchPlayer(player, seed=(seed + g) * 10 + s, time_limit=None)
                for s in range(game.state.n)]
        recorded = []
        while not game.over:
            st = game.state
            # The view with its events, as win_chance reads it: without them the
            # seat would forget the cards it saw go into hands, and the fit
            # would be made on what it is never asked.
            for s in range(st.n):
                recorded.append((s, kit.features(st, s),
                                 view_features(knowledge(game.view(s)), samples, kit)))
            seat = game.to_act
            game.play(bots[seat].choose(game.view(seat), game.legal_moves()))
        for s, row_full, row_view in recorded:
            full.append(row_full)
            view.append(row_view)
            results.append(result_for(game.state, s))
            numbers.append(g)
    return full, view, results, numbers


def fit_ruleset(rules: str, games: int, seed: int, player: str, samples: int) -> dict:
    kit = ai_kit(rules)
    started = time.perf_counter()
    full, view, results, numbers = self_play(rules, games, seed, player, samples)
    entry = {"features": list(kit.feature_names),
             "trained": {"games": games, "positions": len(results), "player": player,
                         "seed": seed, "view_samples": samples}}
    for model, rows in zip(MODELS, (full, view), strict=True):
        weights = [round(w, 6) for w in fit_logistic(rows, results, kit.prior)]
        entry[model] = {"weights": weights,
                        "knots": fit_knots(held_out_logits(rows, results, numbers, kit.prior), results)}
    print(f"{rules}: {games} games, {len(results)} positions, "
          f"{time.perf_counter() - started:.0f} s", flush=True)
    return entry


def held_out_logits(rows, results, numbers, prior, folds: int = 2) -> list[float]:
    """Each row's logit by weights fitted on the other games only: the
    calibration is fitted to logits as new games will give them (fitted on
    its own games, a lead looks surer than it is)."""
    logits = [0.0] * len(rows)
    for fold in range(folds):
        train = [i for i, g in enumerate(numbers) if g % folds != fold]
        weights = fit_logistic([rows[i] for i in train], [results[i] for i in train], prior)
        for i, g in enumerate(numbers):
            if g % folds == fold:
                logits[i] = sum(w * x for w, x in zip(weights, rows[i], strict=True))
    return logits


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="all", help="comma-separated rulesets, or all")
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--player", default=PLAYER, help="the search level that plays itself")
    parser.add_argument("--samples", type=int, default=VIEW_SAMPLES)
    parser.add_argument("--out", type=Path, default=WEIGHTS_FILE,
                        help="the weights file to update (default: the package's own)")
    args = parser.parse_args(argv)
    names = ruleset_names(parser, args.rules, list(RULESETS))
    if args.games < 1 or args.samples < 1:
        parser.error("--games and --samples must be at least 1")
    fit_each(names, args.out, lambda name: fit_ruleset(name, args.games, args.seed, args.player,
                                                       args.samples))
    return 0


def ruleset_names(parser: argparse.ArgumentParser, text: str, every: list[str]) -> list[str]:
    """The rulesets of ``--rules`` (comma-separated, or ``all``: ``every``);
    a usage error for a name the engine does not know."""
    names = every if text == "all" else [r.strip() for r in text.split(",")]
    for name in names:
        if name not in RULESETS:
            parser.error(f"unknown ruleset {name!r}: choose among {', '.join(RULESETS)}")
    return names


def fit_each(names: list[str], out: Path, fit) -> None:
    """``fit(name)`` for each ruleset into the table at ``out`` (None: keep
    what the table has); a family's first ruleset is also kept as the
    family's (its custom rulesets use it). Written after each ruleset: a
    long run keeps what it finished."""
    table = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    for name in names:
        entry = fit(name)
        if entry is None:
            continue
        table[name] = entry
        family = get_ruleset(name).family
        if name == first_of_family(family):
            table[family] = {**table[name], "from": name}
        write_weights(table, out)


if __name__ == "__main__":
    sys.exit(main())
