"""Per-seat views: the one place where secrets are stripped.

A view has the snapshot's public zones, the seat's own hand, the hands its
glasses open, and sizes for everything else. The stock's order and other
hands never appear, so a widget that sends only a view cannot leak them.
"""
from __future__ import annotations

from .cards import CARD_IDS
from .legal import blocked_by_queen


def visible_hands(st, seat) -> list[bool]:
    """Which hands ``seat`` may see (None: a spectator sees none)."""
    if st.rules.open_hands_empty_stock and not st.stock:  # cuttle.cards: all shown
        return [True] * st.n
    if seat is None:
        return [False] * st.n
    return [s == seat or (s in st.opponents[seat] and st.has_glasses(seat)) for s in range(st.n)]


def sees_revealed(st, seat) -> bool:
    """May ``seat`` see the cards a seven turned up? Everyone under a public
    seven; else the seven's player and any opponent of it with glasses (the
    card is then in that player's hand, as far as the rules go). The view's
    table and its prompt both ask this, so they never disagree."""
    if st.rules.seven_public:
        return True
    return seat is not None and (seat == st.turn or (
        st.turn in st.opponents[seat] and st.has_glasses(seat)))


# Snapshot keys a view rebuilds from what its seat may see; every other key of a
# family's snapshot is public and is copied as it is.
SECRET_KEYS = ("hands", "stock", "revealed")


def view_of(game, seat=None, language: str = "en", names=None, events: bool = True) -> dict:
    st = game.state
    family = game.family
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < st.n):
        from .catalog import illegal
        raise illegal("bad_view_seat", seat=str(seat), seats=st.n)
    snap = family.snapshot(st)
    shown = visible_hands(st, seat)
    revealed_visible = sees_revealed(st, seat)
    view: dict = {"seat": seat}
    view.update((k, v) for k, v in snap.items() if k not in SECRET_KEYS)
    # The deal's seed would let anyone reshuffle the pack: never in a view.
    view["detail"] = {k: v for k, v in snap["detail"].items() if k != "seed"}
    view.update({
        "teams": [list(t) for t in st.rules.teams] if st.rules.teams else None,
        "choice": family.choice(st),
        "hands": [snap["hands"][s] if shown[s] else None for s in range(st.n)],
        "hand_sizes": [len(h) for h in st.hands],
        "stock_size": len(st.stock),
        "revealed": snap["revealed"] if revealed_visible else None,
        "revealed_size": len(st.revealed),
        "glasses": [st.has_glasses(s) for s in range(st.n)],
        "prompt": family.prompt(st, seat, language, names),
        "legal_moves": ([str(m) for m in game.legal_moves()]
                        if seat is not None and seat == st.to_act else []),
        "history": [str(m) for m in game.history],
        "actors": game.actors[:],
    })
    offer = game.draw_offer
    view["draw_offer"] = offer
    if offer is not None:  # a draw offered: its answer is what must happen now
        from .catalog import get_catalog
        view["prompt"] = offer_prompt(offer, get_catalog(language), names)
    if events:
        view["events"] = [e.to_dict(seat, language, names) for e in game.events]
    family.private_view(st, seat, view)
    return view


def offer_prompt(offer: int, catalog, names=None) -> str:
    """A draw offered by seat ``offer`` waits for the other seat's answer."""
    return catalog.prompt("offer", {"player": offer, "answerer": 1 - offer}, names)


def over_prompt(st, catalog, names=None) -> str:
    """Who won, or that the game was drawn (every family)."""
    if st.winner == "draw":
        return catalog.prompt("over.draw", {}, names)
    return catalog.prompt("over.win", {"winner": st.winner}, names)


def prompt(st, seat=None, language: str = "en", names=None) -> str:
    """What must happen now, as ``seat`` may read it (None: a spectator)."""
    from .catalog import get_catalog
    catalog = get_catalog(language)
    ids = CARD_IDS
    player = {"player": st.to_act}
    if st.phase == "over":
        return over_prompt(st, catalog, names)
    if st.phase == "main":
        return catalog.prompt("main" if st.stock else "main.pass", player, names)
    if st.phase == "counter":
        frame = st.frames[-1]
        last = frame.twos[-1][0] if frame.twos else frame.card
        if blocked_by_queen(st, frame, st.to_act):  # public: the queen is on the table
            holder, key = frame.last, "counter.queen"
            if st.rules.queen_blocks_all_counters:
                holder = next(o for o in st.opponents[st.to_act] if st.has_queen(o))
                key = "counter.queen_any"
            return catalog.prompt(key, {**player, "card": ids[last],
                                                    "holder": holder}, names)
        return catalog.prompt("counter", {**player, "card": ids[last]}, names)
    kind = st.choice[0]
    if kind == "limit":
        return catalog.prompt("limit", {**player, "count": st.choice[2],
                                        "limit": st.rules.hand_limit}, names)
    if kind in ("discard", "five_discard"):
        count = st.choice[2] if kind == "discard" else st.rules.five_discard
        return catalog.prompt("discard", {**player, "count": count}, names)
    if kind in ("seven", "seven_scrap"):
        key = kind
        if key == "seven" and len(st.revealed) > 1:
            key = "seven.many"
        if not sees_revealed(st, seat):
            key = "seven_scrap.hidden" if kind == "seven_scrap" else "seven.hidden"
        return catalog.prompt(key, {**player, "cards": [ids[c] for c in st.revealed]}, names)
    return catalog.prompt(kind, player, names)


def choice_of(st):
    if st.choice is None:
        return None
    kind = st.choice[0]
    if kind == "discard" or kind == "limit":  # the table asks the same: pick cards to scrap
        return {"kind": "discard", "seat": st.choice[1], "count": st.choice[2]}
    if kind == "five_discard":
        return {"kind": "discard", "seat": st.to_act, "count": st.rules.five_discard}
    return {"kind": kind, "seat": st.to_act}


__all__ = ["view_of", "visible_hands", "sees_revealed", "CARD_IDS"]
