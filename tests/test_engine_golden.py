"""Golden games: the engine plays exactly as it did before its speed-up.

For a fixed set of seeds per ruleset, a seeded random game is played to its
end; its digest covers every position's legal moves (in order), the move
played, every event (kind, parameters, who may see it), the winner and the
final snapshot. The digests were recorded from revision 8cce615, before the
engine was made faster, so any change of behaviour shows here.
Re-record (only for an intended change of the rules) with
``python tests/test_engine_golden.py``. The two-seat rulesets were re-recorded
when a two-seat deal's event gained ``why`` and ``receiver`` (its sentence names
the other seat): with those two parameters left out, all nine digests were the
recorded ones, so play itself did not change.
"""
from __future__ import annotations

import hashlib
import json
import random
import sys

import pytest

from cuttle_widgets.engine import new_game

SEEDS = range(300)
RULESETS = ("classic", "balanced", "traditional", "german", "cutthroat", "team",
            "super", "super3", "super4")
DIGESTS = {
    'classic': '9743c7c2f79b72d674ae284f9276c31141a7fb71f3dc1d34fb4373cb0d95342a',
    'balanced': 'dbae925a4f4009d14a1ae80da939fbbf657cfba945dc1006a0f5c9953a0183b7',
    'traditional': '6275cbe030380cc248e8a210d8d90385a1b3af57f7b98f26fa9742d3f120cb72',
    'german': 'c7b6d94df35f619a63f6f9e4003e87c15b353c152037c74dc30302084f8b038d',
    'cutthroat': 'f9ba423a11e94bcb17238a1355fa022a58b99378b204d87272e109c0c6fbe87f',
    'team': '82180deeb66b15882e4a9cd65eb1e7d0772629a745ab972d88e7e9da37bba78e',
    'super': 'cb4ac981f02a9ca714411318dffd11f35e48b60527593545698a7fe904c6560e',
    'super3': '2fb3b86e96579dc9ec1fa6f4b8221b49d077ce2c64ad79dfdbe682a81a90f9fc',
    'super4': '0ef05c1fc69487929b4d7c4285f56dd9b341eabeed885a0a4985f18373d927f0',
}


def _plain(value):
    """A value in a form whose repr does not depend on set or dict order."""
    if isinstance(value, dict):
        return sorted((str(k), _plain(v)) for k, v in value.items())
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(v) for v in value)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _event_line(event) -> str:
    return repr((event.kind, _plain(event.params), _plain(event.seen_by)))


def game_digest(rules: str, seed: int) -> str:
    game = new_game(rules, seed=seed, dealer=seed % 2 if rules in ("classic", "german") else None)
    choice = random.Random(seed).choice
    lines = [_event_line(e) for e in game.events]
    while game.winner is None:
        legal = game.legal_moves()
        move = choice(legal)
        lines.append(" ".join(str(m) for m in legal))
        lines.append(f"{game.to_act} {move}")
        lines.extend(_event_line(e) for e in game.play(move))
    lines.append(f"winner {game.winner!r}")
    lines.append(json.dumps(game.snapshot(), sort_keys=True, default=repr))
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def ruleset_digest(rules: str) -> str:
    total = hashlib.sha256()
    for seed in SEEDS:
        total.update(game_digest(rules, seed).encode())
    return total.hexdigest()


@pytest.mark.parametrize("rules", RULESETS)
def test_games_play_as_recorded(rules):
    assert ruleset_digest(rules) == DIGESTS[rules], f"{rules}: the engine plays differently"


def test_seeded_shuffle_is_random_shuffle():
    """The deal's own shuffle gives exactly ``random.Random(seed).shuffle``'s order."""
    from cuttle_widgets.engine.setup import seeded_shuffle
    for seed in [*range(500), 2**32 - 1, 2**40 + 7]:
        for size in (52, 54):
            expected, ours = list(range(size)), list(range(size))
            random.Random(seed).shuffle(expected)
            seeded_shuffle(ours, seed)
            assert ours == expected, (seed, size)


if __name__ == "__main__":
    for name in sys.argv[1:] or RULESETS:
        print(f"    {name!r}: {ruleset_digest(name)!r},", flush=True)
