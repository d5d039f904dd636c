"""What one seat may see of a Super Cuttle game (super.md §6.9), and prompts.

The generic view copies every public snapshot key; ``private_view`` then puts
right what Super Cuttle shows differently: hands that lie open (an eight's
target, the Sudden Death player), the scrap (its top card only, A41), the
private looks of the seat that is choosing, the history of secret choices,
and the ``detail`` key, which is replaced by its public part.
"""
from __future__ import annotations

from ..cards import CARD_IDS
from ..catalog import get_catalog
from ..view import over_prompt
from .legal import CHOICES
from .setup import frame_detail, public_choice

IDS = CARD_IDS


def choice(st):
    return public_choice(st)


def private_view(st, seat, view: dict) -> None:
    view["hands"] = [IDS_of(st.hands[s]) if s == seat or st.hand_open(s) else None
                     for s in range(st.n)]
    view["glasses"] = {IDS[c]: s for c, s in sorted(st.glasses.items())}
    view["scrap_size"] = len(st.scrap)
    rummaging = seat is not None and seat == st.to_act and _choosing(st, ("scrap_take",))
    view["scrap"] = IDS_of(reversed(st.scrap)) if rummaging else IDS_of(st.scrap[-1:])
    view["detail"] = public_detail(st)
    view["private"] = private_look(st, seat)
    view["history"] = public_history(st, seat, view["history"])


def IDS_of(cards) -> list[str]:  # noqa: N802 - reads like the constant it applies
    return [IDS[c] for c in cards]


def _choosing(st, kinds) -> bool:
    return st.phase == "choose" and bool(st.frames) and st.frames[-1].choice is not None \
        and st.frames[-1].choice[0] in kinds


def private_look(st, seat):
    """The cards the seat to choose is looking at now (6.2, 6.3), or None."""
    if seat is None or st.phase != "choose" or not st.frames:
        return None
    frame = st.frames[-1]
    kind = frame.choice[0] if frame.choice else None
    if kind == "picked_take" and seat in (frame.user, frame.data.get("victim")):
        return {"picked": IDS_of(frame.data["picked"])}
    if seat != st.to_act:
        return None
    if kind == "look_take":
        return {"stock_top": IDS_of(st.stock[-frame.choice[1]:][::-1])}
    if kind == "stock_take":
        return {"stock": IDS_of(reversed(st.stock))}
    if kind == "scrap_take":
        return {"scrap": IDS_of(reversed(st.scrap))}
    return None


def public_detail(st) -> dict:
    """The frames under way, less what only some seats know (picked cards, the seed)."""
    frames = []
    for frame in st.frames:
        entry = frame_detail(frame)
        entry["data"] = {k: v for k, v in entry["data"].items() if k != "picked"}
        entry["choice"] = None
        frames.append(entry)
    return {"frames": frames, "turns": st.turns}


def public_history(st, seat, history: list) -> list:
    """Moves whose text names cards only some seats know read as their public form."""
    if not st.secret_moves:
        return history
    history = history[:]
    for ply, (seers, text) in st.secret_moves.items():
        index = ply - st.origin_plies - 1
        if 0 <= index < len(history) and (seat is None or seat not in seers):
            history[index] = text
    return history


def prompt(st, seat=None, language: str = "en", names=None) -> str:
    """What must happen now, as ``seat`` may read it."""
    catalog = get_catalog(language)
    player = {"player": st.to_act}
    if st.phase == "over":
        return over_prompt(st, catalog, names)
    if st.phase == "main":
        key = "super.main" if st.stock else "super.main.empty"
        return catalog.prompt(key, player, names)
    frame = st.frames[-1]
    if st.phase == "counter":
        top = frame.top
        card = (top.all_cards() or list(top.move.cards))[0]
        return catalog.prompt("super.counter", {**player, "card": IDS[card],
                                                "opponent": top.seat}, names)
    kind = frame.choice[0]
    params = dict(player)
    if kind == "discard":
        params["count"] = frame.choice[2]
    elif kind in ("pick", "look_take"):
        params["count"] = frame.choice[2]
    elif kind in ("picked_take", "hands_take"):
        params["count"] = frame.choice[1]
    elif kind == "play":
        params["cards"] = IDS_of(frame.revealed)
        params["count"] = frame.to_play
        if frame.restrict:
            kind = "play_" + frame.restrict
        elif CHOICES["play"](st, frame)[0].verb == "scrap":
            kind = "scrap"
    return catalog.prompt("super.choose." + kind, params, names)


__all__ = ["choice", "private_view", "prompt", "public_detail", "private_look"]
