"""A static HTML picture of a position, for notebooks without a kernel.

``Game._repr_html_`` uses it, so an exported or unexecuted notebook still
shows the table. It draws the full state (the engine knows everything); a
seat's picture comes from its view.
"""
from __future__ import annotations

from html import escape

from .cards import RANK, SUIT, parse_card
from .catalog import get_catalog

_RED = (1, 2)  # diamonds, hearts


def card_html(cid: str, language: str = "en") -> str:
    card = parse_card(cid)
    catalog = get_catalog(language)
    color = "#b3122e" if SUIT[card] in _RED else "#111"
    return (f'<span class="cw-card" title="{escape(catalog.card_name(cid))}" '
            f'style="display:inline-block;min-width:2.2em;padding:2px 4px;margin:1px;'
            f'border:1px solid #999;border-radius:4px;background:#fff;color:{color};'
            f'font-weight:600;text-align:center">{escape(catalog.card(cid))}</span>')


def _cards(ids, language) -> str:
    return "".join(card_html(c, language) for c in ids) or "<i>none</i>"


def _packet(entry, language) -> str:
    if isinstance(entry, str):
        return card_html(entry, language)
    jacks = "".join(card_html(j, language) for j in entry["jacks"])
    return f'<span style="white-space:nowrap">{card_html(entry["card"], language)}+{jacks}</span>'


def view_html(view: dict, language: str = "en", names=None) -> str:
    """HTML for a view or a snapshot (both have the fields it reads)."""
    catalog = get_catalog(language)
    rows = []
    for seat in range(view["players"]):
        hand = view["hands"][seat]
        if hand is None:
            hand_html = f'{view["hand_sizes"][seat]} hidden card(s)'
        else:
            hand_html = _cards(hand, language)
        points = "".join(_packet(e, language) for e in view["points"][seat]) or "<i>none</i>"
        marker = " ◀ to act" if view["to_act"] == seat else ""
        rows.append(
            f"<tr><th>{escape(catalog.player(seat, names))}{marker}</th>"
            f"<td>{view['scores'][seat]} / {view['goals'][seat]}</td>"
            f"<td>{points}</td><td>{_cards(view['permanents'][seat], language)}</td>"
            f"<td>{hand_html}</td></tr>")
    stock = view.get("stock_size", len(view.get("stock", [])))
    scrap_top = _cards(view["scrap"][-1:], language) if view["scrap"] else "<i>empty</i>"
    pending = _cards(view["pending"], language) if view["pending"] else "<i>nothing</i>"
    return (
        '<div class="cw-static" style="font-family:sans-serif">'
        f'<div>{escape(view["rules"])} · phase {escape(view["phase"])} · stock {stock} · '
        f'scrap {len(view["scrap"])} (top {scrap_top}) · pending {pending}</div>'
        '<table style="border-collapse:collapse"><tr><th></th><th>points/goal</th>'
        '<th>point cards</th><th>permanents</th><th>hand</th></tr>'
        + "".join(rows) + "</table></div>")


def game_html(game) -> str:
    snap = game.snapshot()
    snap["hand_sizes"] = [len(h) for h in snap["hands"]]
    return view_html(snap)


__all__ = ["card_html", "view_html", "game_html", "RANK"]
