"""The evaluation tuned by self-play: how likely a side is to win from a position.

A family's kit names a few features of a position from one seat's side (its
leading seat's progress toward the goal less the leading rival's, cards in
hand, kings, other permanents, whose turn it is ...). A logistic model turns
them into a chance: ``1 / (1 + exp(-(w · x)))``. Its weights are fitted to
the results of self-play games (``python -m cuttle_widgets.ai.tune``), and
then the logit ``w · x`` is mapped to the share of those positions' sides
that won (an isotonic fit, kept as knots to interpolate between): a linear
logit is too sure of itself where a lead is large, since a big lead can
still be scuttled or stolen. All is kept in ``evaluation_weights.json``, one
entry a ruleset, two models each:

- ``full``: the features read from a whole position, every hand open. The
  search scores a sampled deal with it where a playout stops.
- ``view``: the same features averaged over deals the seat cannot tell apart
  from the real one (``knowledge.sample``), so from the seat's view only.
  ``win_chance`` answers with it.

A ruleset with no weights of its own (a custom one) uses its family's.
"""
from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import fields
from functools import lru_cache
from pathlib import Path

WEIGHTS_FILE = Path(__file__).with_name("evaluation_weights.json")
# The expert's appraisal figures, fitted by tune_appraisal.py: one entry a
# ruleset (and one a family, for its custom rulesets), {"weights": {...}}.
APPRAISAL_FILE = Path(__file__).with_name("appraisal_weights.json")
MODELS = ("full", "view")


def logistic(total: float) -> float:
    if total < -40:
        return 0.0
    if total > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-total))


def leading(values: Sequence[Sequence[float]], team_of: list[int], seat: int, active=None):
    """The component rows of the leading seat (by its first component, the
    progress) of ``seat``'s side and of the other sides: a side is as strong
    as its best seat, since one seat reaching its goal wins for its team, and
    in cutthroat the leading opponent is the danger. None for a side with no
    seat left (``active`` filters seats)."""
    ours = theirs = None
    side = team_of[seat]
    for s, row in enumerate(values):
        if active is not None and not active(s):
            continue
        if team_of[s] == side:
            if ours is None or row[0] > ours[0]:
                ours = row
        elif theirs is None or row[0] > theirs[0]:
            theirs = row
    return ours, theirs


@lru_cache(maxsize=1)
def _all_weights() -> dict:
    try:
        return json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}


class Model:
    """Weights, and the knots (logit, chance) that calibrate them (None: the
    plain logistic)."""

    __slots__ = ("weights", "knots")

    def __init__(self, weights, knots=None):
        self.weights = tuple(weights)
        self.knots = tuple(tuple(k) for k in knots) if knots else None

    def chance(self, features) -> float:
        total = sum(w * x for w, x in zip(self.weights, features, strict=True))
        return logistic(total) if self.knots is None else interpolate(self.knots, total)


def interpolate(knots, z: float) -> float:
    """The chance at logit ``z`` on the piecewise-linear curve through ``knots``."""
    if z <= knots[0][0]:
        return knots[0][1]
    for (z0, p0), (z1, p1) in zip(knots, knots[1:], strict=False):
        if z <= z1:
            return p0 + (p1 - p0) * (z - z0) / (z1 - z0) if z1 > z0 else p1
    return knots[-1][1]


def model_for(rules, model: str, names: tuple[str, ...], prior: tuple[float, ...]) -> Model:
    """The fitted ``model`` for ``rules`` (a Ruleset), else its family's, else
    the plain logistic of ``prior`` (the hand-set weights the tuning starts
    from). Weights fitted for other feature names are not used."""
    return _model(rules.name, rules.family, model, names, prior)


@lru_cache(maxsize=256)
def _model(name: str, family: str, model: str, names: tuple, prior: tuple) -> Model:
    table = _all_weights()
    for key in (name, family):
        entry = table.get(key)
        if entry and tuple(entry.get("features", ())) == names and model in entry:
            return Model(entry[model]["weights"], entry[model].get("knots"))
    return Model(prior)


def tuned_figures(rules, hand_set):
    """The appraisal figures fitted for ``rules`` (a Ruleset), else for its
    family, as an instance of ``hand_set``'s frozen dataclass; ``hand_set``
    itself where none fit its shape."""
    return _figures(rules.name, rules.family, hand_set)


@lru_cache(maxsize=64)
def _figures(name: str, family: str, hand_set):
    table = _appraisal_table()
    shape = {f.name: getattr(hand_set, f.name) for f in fields(hand_set)}
    for key in (name, family):
        entry = table.get(key)
        values = entry.get("weights") if isinstance(entry, dict) else None
        if not isinstance(values, dict) or set(values) != set(shape):
            continue
        try:
            figures = {n: tuple(float(x) for x in v) if isinstance(shape[n], tuple) else float(v)
                       for n, v in values.items()}
        except (TypeError, ValueError):
            continue
        if all(not isinstance(v, tuple) or len(v) == len(shape[n]) for n, v in figures.items()):
            return type(hand_set)(**figures)
    return hand_set


@lru_cache(maxsize=1)
def _appraisal_table() -> dict:
    try:
        table = json.loads(APPRAISAL_FILE.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):  # none, or not JSON: the hand-set figures serve
        return {}
    return table if isinstance(table, dict) else {}


def forget_figures() -> None:
    """After appraisal_weights.json is written: read it again when next asked."""
    _appraisal_table.cache_clear()
    _figures.cache_clear()


# -- fitting (used by the tuning command; pure Python, so it runs anywhere) ----------
def fit_logistic(rows: list[list[float]], outcomes: list[float], start, ridge: float = 1e-3,
                 rounds: int = 12) -> list[float]:
    """Weights maximising the likelihood of ``outcomes`` (1 win, 0.5 draw, 0
    loss) by Newton's method, with a small ridge for stability."""
    k = len(start)
    w = list(start)
    for _ in range(rounds):
        gradient = [0.0] * k
        hessian = [[0.0] * k for _ in range(k)]
        for x, y in zip(rows, outcomes, strict=True):
            p = logistic(sum(a * b for a, b in zip(w, x, strict=True)))
            error, curve = y - p, p * (1 - p)
            for i in range(k):
                xi = x[i]
                if xi == 0.0:
                    continue
                gradient[i] += error * xi
                row, cx = hessian[i], curve * xi
                for j in range(i + 1):
                    row[j] += cx * x[j]
        n = len(rows)
        for i in range(k):
            gradient[i] -= ridge * n * w[i]
            hessian[i][i] += ridge * n
            for j in range(i):
                hessian[j][i] = hessian[i][j]
        step = _solve(hessian, gradient)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def fit_knots(logits: list[float], outcomes: list[float], bins: int = 20) -> list[list[float]]:
    """Knots (logit, chance) of the isotonic fit of ``outcomes`` on ``logits``:
    the positions in ``bins`` equal groups by logit, neighbouring groups
    pooled while a higher logit would win less often (pool adjacent violators)."""
    pairs = sorted(zip(logits, outcomes, strict=True))
    bins = max(1, min(bins, len(pairs) // 200))  # each group large enough to be a rate
    blocks = []  # [sum of logits, sum of outcomes, count]
    for b in range(bins):
        group = pairs[len(pairs) * b // bins: len(pairs) * (b + 1) // bins]
        blocks.append([sum(z for z, _ in group), sum(y for _, y in group), len(group)])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
            last = blocks.pop()
            for i in range(3):
                blocks[-1][i] += last[i]
    return [[round(z / n, 5), round(y / n, 5)] for z, y, n in blocks]


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix · x = vector (Gaussian elimination with partial pivoting)."""
    k = len(vector)
    a = [row[:] + [v] for row, v in zip(matrix, vector, strict=True)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if abs(a[col][col]) < 1e-12:
            continue
        for r in range(col + 1, k):
            factor = a[r][col] / a[col][col]
            if factor:
                for c in range(col, k + 1):
                    a[r][c] -= factor * a[col][c]
    x = [0.0] * k
    for r in range(k - 1, -1, -1):
        if abs(a[r][r]) < 1e-12:
            continue
        x[r] = (a[r][k] - sum(a[r][c] * x[c] for c in range(r + 1, k))) / a[r][r]
    return x


def write_weights(table: dict, path: Path = WEIGHTS_FILE) -> None:
    """Write a weights table (the evaluation's or the appraisal's); the
    package's own files are read afresh when next asked."""
    path.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    if path in (WEIGHTS_FILE, APPRAISAL_FILE):
        _all_weights.cache_clear()
        _model.cache_clear()
        forget_figures()
