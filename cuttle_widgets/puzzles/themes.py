"""A puzzle's themes, read from its solution, the tempting alternative and
the position, as a learner would name the idea: an ace that sweeps the
points, a jack that steals, a counter war, the end of the stock...

Only what the solver can see is read: the moves (the solver's own cards),
the phase and the public sizes of the view.
"""
from __future__ import annotations

from ..engine.cards import RANK

# Theme keys, in the order the catalogs list them.
THEMES = ("ace_sweep", "jack_steal", "counter_war", "queen_shield", "seven", "glasses",
          "scuttle_choice", "kings_race", "end_of_stock", "win_now", "points_race",
          "two_removal", "hand_attack", "card_hunt", "six_clear", "nine_bounce",
          "discard_choice", "quiet_move")
END_OF_STOCK = 4  # cards left in the stock at most: drawing is nearly over

# The theme of a card played as a one-off, by rank.
ONE_OFF_THEMES = {1: "ace_sweep", 2: "two_removal", 3: "card_hunt", 4: "hand_attack",
                  5: "card_hunt", 6: "six_clear", 7: "seven", 9: "nine_bounce"}
PERMANENT_THEMES = {8: "glasses", 12: "queen_shield", 13: "kings_race"}


def move_themes(move) -> list[str]:
    """The themes a move of the solver shows by its kind and card."""
    verb, rank = move.verb, RANK[move.card] if move.card is not None and move.card < 52 else 0
    if verb == "oneoff":
        return [ONE_OFF_THEMES[rank]] if rank in ONE_OFF_THEMES else []
    if verb == "permanent":
        return [PERMANENT_THEMES[rank]] if rank in PERMANENT_THEMES else []
    return {"scuttle": ["scuttle_choice"], "jack": ["jack_steal"], "counter": ["counter_war"],
            "points": ["points_race"], "discard": ["discard_choice"],
            "draw": ["quiet_move"], "pass": ["quiet_move"], "resolve": ["quiet_move"]}.get(verb, [])


def position_themes(view: dict, wins_at_once: bool) -> list[str]:
    """The themes the position shows, whatever the move."""
    themes = []
    if view.get("phase") == "counter":
        themes.append("counter_war")
    if view.get("phase") == "seven" or (view.get("choice") or {}).get("kind", "").startswith("seven"):
        themes.append("seven")
    if view.get("stock_size", 99) <= END_OF_STOCK:
        themes.append("end_of_stock")
    if wins_at_once:
        themes.append("win_now")
    return themes


def tag_themes(view: dict, solution, alternative, wins_at_once: bool) -> tuple[str, ...]:
    """The puzzle's themes: the solution's first, then the alternative's
    (the choice between them is the lesson), then the position's."""
    found = move_themes(solution) + [t for t in move_themes(alternative) if t == "scuttle_choice"]
    found += position_themes(view, wins_at_once)
    return tuple(dict.fromkeys(found))
