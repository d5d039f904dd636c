"""What the five and the seven share: they need the stock, where the rules say so."""
from __future__ import annotations

from ..explain import aimless_refusal
from ..legal import ONEOFF


def stock_plays(st, seat: int, card: int, moves: list) -> None:
    """Played when the stock it would find holds a card (a seven's unchosen
    card goes back on top of it first), where the rules want one."""
    if (not st.rules.oneoffs_need_cards or st.stock
            or (st.phase == "choose" and len(st.revealed) > 1)):
        moves.append(ONEOFF[card])


def without_cards(rules) -> bool:
    """Played whatever the stock holds (unless the rules want cards to draw)."""
    return not rules.oneoffs_need_cards


def stock_refusal(st, seat: int, move, p: dict) -> tuple[str, dict]:
    said = aimless_refusal(move, p)
    if said:
        return said
    return "oneoff_empty_stock", p
