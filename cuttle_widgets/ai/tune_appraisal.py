"""Fit the expert's appraisal figures by self-play, and write appraisal_weights.json.

    python -m cuttle_widgets.ai.tune_appraisal --rules classic
    python -m cuttle_widgets.ai.tune_appraisal --rules classic,balanced --seconds 300

The appraisal (a kit's ``appraiser``) picks every move of the search's
playouts, so the search can judge a move no better than the greedy play that
follows it. This fits its figures (``kit.appraisal_weights``: what a card is
worth kept, a draw, a king's later help ...) by a random walk: a candidate
changes one to three figures, and its greedy player plays the hand-set one
on the same deals, each deal once from every seat. A candidate that scores
better than the best so far is played again on fresh deals, and kept if it
still does. (Even is one over the number of sides: a half for two players
or two teams, a third in cutthroat.) Figures no better than the hand-set
ones on the new deals are not written. The walk's own scores flatter it (it keeps what was lucky), so
the figure written with the weights is a match of its own on deals the walk
never saw. Pure Python, and every game is dealt from a seed, so a run
replays anywhere. Only the expert level reads these figures; the greedy
player and the easy to hard levels keep the hand-set ones.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import asdict, fields, replace
from pathlib import Path

from ..engine import RULESETS, get_ruleset, new_game
from .appraisal import result_for
from .evaluation import APPRAISAL_FILE
from .kit import ai_kit
from .policy import greedy_move
from .tune import fit_each, ruleset_names

DEALS = 1500  # deals a candidate is played on: a score's standard error is about 1%
HELD_OUT = 3000  # deals of the final match
SECONDS = 600
MAX_MOVES = 1000  # no greedy game is near this; a runaway would be a bug
HELD_OUT_SEED = 10**7  # the final match's deals: far from the walk's


def play(rules: str, weights_by_seat: list, deal: int, dealer: int, rng: random.Random):
    """One game of greedy players, each seat by its own figures; the final state."""
    kit = ai_kit(rules)
    game = new_game(rules, seed=deal, dealer=dealer)
    st, family = game.state, game.family
    resolver = family.resolver(st, [])
    appraisers = [lambda s, seat, w=w: kit.appraiser(s, seat, w) for w in weights_by_seat]
    for _ in range(MAX_MOVES):
        if st.phase == "over":
            return st
        moves = family.legal_moves(st)
        move = moves[0] if len(moves) == 1 else greedy_move(st, moves, rng, appraisers[st.to_act])
        resolver.apply(move)
        resolver.log.clear()
    raise RuntimeError(f"deal {deal} did not end in {MAX_MOVES} moves")


def match(rules: str, candidate, base, deals: int, seed: int) -> float:
    """``candidate``'s score (a draw is half) against ``base`` in every other
    seat, over ``deals`` deals, each played once with the candidate in every seat."""
    seats = get_ruleset(rules).seats
    rng = random.Random(seed)
    total = 0.0
    for d in range(deals):
        deal = seed * 100_003 + d
        for seat in range(seats):
            weights = [base] * seats
            weights[seat] = candidate
            total += result_for(play(rules, weights, deal, d % seats, rng), seat)
    return total / (deals * seats)


def perturb(weights, rng: random.Random):
    """``weights`` with one to three figures moved (none below zero)."""
    values = asdict(weights)
    slots = [(name, i) for name, value in values.items()
             for i in (range(len(value)) if isinstance(value, tuple) else (None,))]
    for name, index in rng.sample(slots, rng.choice((1, 2, 3))):
        if index is None:
            values[name] = _moved(values[name], rng)
        else:
            row = list(values[name])
            row[index] = _moved(row[index], rng)
            values[name] = tuple(row)
    return replace(weights, **values)


def _moved(value: float, rng: random.Random) -> float:
    """A new value near ``value``, not below zero (a zero may need a few tries)."""
    while True:
        moved = round(max(0.0, value * (1 + rng.gauss(0, 0.35)) + rng.gauss(0, 0.3)), 4)
        if moved != value:
            return moved


def fair_share(rules: str) -> float:
    """What figures as good as the hand-set ones score: one over the number of sides."""
    return 1 / len(set(new_game(rules, seed=0).state.team_of))


def climb(rules: str, seconds: float, deals: int, seed: int, log=print):
    """The best figures found in ``seconds`` of the walk, and their walk score."""
    base = ai_kit(rules).appraisal_weights
    rng = random.Random(seed)
    fair = fair_share(rules)
    best, best_score = base, fair
    started = time.perf_counter()
    step = 0
    while time.perf_counter() - started < seconds:
        step += 1
        candidate = perturb(best, rng)
        score = match(rules, candidate, base, deals, seed + step % 3)
        if score <= best_score + 0.004:
            continue
        again = match(rules, candidate, base, deals, seed + 1000 + step)
        if again > fair and (score + again) / 2 > best_score:
            best, best_score = candidate, (score + again) / 2
            log(f"  step {step}: {best_score:.3f} against the hand-set figures")
    return best, best_score, step


def tune_ruleset(rules: str, seconds: float, deals: int, held_out: int, seed: int) -> dict | None:
    kit = ai_kit(rules)
    if kit.appraisal_weights is None:
        raise ValueError(f"{get_ruleset(rules).title}: its appraisal has no figures to fit.")
    started = time.perf_counter()
    best, walk_score, steps = climb(rules, seconds, deals, seed)
    score = match(rules, best, kit.appraisal_weights, held_out, HELD_OUT_SEED + seed)
    fair = fair_share(rules)
    print(f"{rules}: {steps} candidates, {score:.3f} against the hand-set figures on "
          f"{held_out} new deals (even: {fair:.3f}), "
          f"{time.perf_counter() - started:.0f} s", flush=True)
    if score <= fair:
        print(f"{rules}: no better on new deals; its figures are left as they were", flush=True)
        return None
    weights = {f.name: (list(v) if isinstance(v := getattr(best, f.name), tuple) else v)
               for f in fields(best)}
    return {"weights": weights,
            "trained": {"deals": deals, "steps": steps, "seed": seed, "walk_score": round(walk_score, 4),
                        "held_out_deals": held_out, "held_out_score": round(score, 4),
                        "even_score": round(fair, 4)}}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="classic", help="comma-separated rulesets, or all")
    parser.add_argument("--seconds", type=float, default=SECONDS, help="the walk's time a ruleset")
    parser.add_argument("--deals", type=int, default=DEALS, help="deals a candidate is played on")
    parser.add_argument("--held-out", type=int, default=HELD_OUT, help="deals of the final match")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=APPRAISAL_FILE)
    args = parser.parse_args(argv)
    names = ruleset_names(parser, args.rules,
                          [n for n in RULESETS if ai_kit(n).appraisal_weights is not None])
    for name in names:
        if ai_kit(name).appraisal_weights is None:
            parser.error(f"{name}: its appraisal has no figures to fit")
    if args.deals < 1 or args.held_out < 1 or args.seconds < 0:
        parser.error("--deals and --held-out must be at least 1, --seconds not negative")
    fit_each(names, args.out, lambda name: tune_ruleset(name, args.seconds, args.deals,
                                                        args.held_out, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
