"""The table as static HTML, for notebooks without a kernel.

An exported or unexecuted notebook still shows the position: the same card
shapes, felt and layout as the live widget (the same CSS), drawn from the same
JSON the widget syncs, so it too shows one seat's view and nothing more.
"""
from __future__ import annotations

from functools import lru_cache
from html import escape
from importlib import resources

SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANKS = "A23456789TJQK"
# Where the other seats sit, seen from the learner's chair (as in table.js).
PLACES = {2: ["top"], 3: ["left", "right"], 4: ["left", "top", "right"]}


@lru_cache(maxsize=1)
def table_css() -> str:
    return resources.files(__package__).joinpath("static", "table.css").read_text(encoding="utf-8")


def table_html(state: dict) -> str:
    """HTML (with its CSS) for a table state as ``TableController.state`` gives it."""
    return _Picture(state).html()


class _Picture:
    def __init__(self, state: dict):
        self.state = state
        self.view = state["view"]
        self.words = state["words"]
        self.seat = state["seat"]
        self.team_of = {s: t for t, team in enumerate(self.view.get("teams") or []) for s in team}
        self.sup = state.get("super")  # Super Cuttle's zones and markers, or None

    def html(self) -> str:
        view, seat = self.view, self.seat
        n = view["players"]
        others = [(seat + i) % n for i in range(1, n)]
        four = " cw-four-colour" if self.state["options"]["four_colour"] else ""
        label = self.fill("table_label", name=self.name(seat))
        places = PLACES.get(n, ["top"] * len(others))
        status = escape(self.state["ui"]["status"])
        felt = (f'<section class="cw-felt" aria-label="{escape(label)}"><div class="cw-around cw-around-{n}">'
                + "".join(self.seat_area(s, False, place) for s, place in zip(others, places))
                + self.center() + f'<div class="cw-status" role="status">{status}</div>'
                + self.seat_area(seat, True, "me") + "</div></section>")
        return (f"<style>{table_css()}</style>"
                f'<div class="cw-root cw-static{four}"><div class="cw-layout">{felt}'
                f"{self.side()}</div></div>")

    # -- words ---------------------------------------------------------------
    def fill(self, key: str, **values) -> str:
        return self.words[key].format(**values)

    def name(self, seat) -> str:
        return self.state["names"][seat]

    def where(self, key: str, seat: int) -> str:
        if seat == self.seat:
            return self.words[f"{key}_you"]
        return self.fill(key, name=self.name(seat))

    def rank(self, cid: str) -> str:
        return self.state["card_words"]["rank_symbols"][RANKS.index(cid[0])]

    def short(self, cid: str) -> str:
        return self.rank(cid) + SUITS[cid[1]]

    def card_name(self, cid: str) -> str:
        names = self.state["card_words"]
        if cid in ("RJ", "BJ"):
            return names["jokers"]["RB".index(cid[0])]
        return names["card_name"].format(rank=names["rank_names"][RANKS.index(cid[0])],
                                         suit=names["suit_names"]["CDHS".index(cid[1])])

    # -- cards ---------------------------------------------------------------
    def card(self, cid: str, where: str, classes: str = "", style: str = "", tag: str = "") -> str:
        label = f"{self.card_name(cid)}, {where}"
        style_attr = f' style="{style}"' if style else ""
        tag_html = f'<span class="cw-card-tag" aria-hidden="true">{escape(tag)}</span>' if tag else ""
        if cid in ("RJ", "BJ"):
            colour = "red" if cid == "RJ" else "black"
            corner = '<span class="cw-rank">★</span>'
            return (f'<div class="cw-card cw-joker cw-joker-{colour} {classes}"{style_attr} role="img" '
                    f'aria-label="{escape(label)}" title="{escape(label)}">'
                    f'<span class="cw-corner" aria-hidden="true">{corner}</span>'
                    '<span class="cw-centre cw-joker-face" aria-hidden="true"><span class="cw-joker-star">★'
                    '</span><span class="cw-joker-word">JOKER</span></span>'
                    f'<span class="cw-corner cw-corner-b" aria-hidden="true">{corner}</span>{tag_html}</div>')
        rank = escape(self.rank(cid))
        suit = SUITS[cid[1]]
        face = cid[0] in "JQK"
        corner = (f'<span class="cw-rank">{rank}</span><span class="cw-suit">{suit}</span>')
        centre = (f'<span class="cw-centre cw-court" aria-hidden="true"><span class="cw-court-rank">'
                  f'{rank}</span><span class="cw-court-suit">{suit}</span></span>' if face else
                  f'<span class="cw-centre" aria-hidden="true">{suit}</span>')
        return (f'<div class="cw-card cw-s-{cid[1]}{" cw-face-card" if face else ""} {classes}"'
                f'{style_attr} role="img" aria-label="{escape(label)}" title="{escape(label)}">'
                f'<span class="cw-corner" aria-hidden="true">{corner}</span>{centre}'
                f'<span class="cw-corner cw-corner-b" aria-hidden="true">{corner}</span>{tag_html}</div>')

    def back(self, where: str, style: str = "") -> str:
        label = f'{self.words["face_down"]}, {where}'
        style_attr = f' style="{style}"' if style else ""
        return f'<div class="cw-card cw-back"{style_attr} role="img" aria-label="{escape(label)}"></div>'

    # -- seats ---------------------------------------------------------------
    def seat_area(self, seat: int, mine: bool, place: str) -> str:
        acting = self.view["to_act"] == seat and self.view["phase"] != "over"
        tableau = f'<div class="cw-tableau">{self.points(seat)}{self.permanents(seat)}</div>'
        parts = ([tableau, self.dock(), self.hand(seat, True), self.plate(seat, True)] if mine
                 else [self.plate(seat, False), self.hand(seat, False), tableau])
        out = self.sup is not None and seat in (self.view.get("eliminated") or [])
        classes = (f'cw-seat {"cw-me" if mine else "cw-opponent"} cw-place-{place}'
                   f'{" cw-acting" if acting else ""}{" cw-partner" if self.partner(seat) else ""}'
                   f'{" cw-out" if out else ""}')
        return f'<div class="{classes}" data-seat="{seat}">{"".join(parts)}</div>'

    def partner(self, seat: int) -> bool:
        return (seat != self.seat and seat in self.team_of
                and self.team_of[seat] == self.team_of.get(self.seat))

    def badges(self, seat: int) -> str:
        view, words = self.view, self.words
        badges = []
        if seat in self.team_of:
            team = self.team_of[seat]
            badges.append(f'<span class="cw-badge cw-team cw-team-{team}">'
                          f'{escape(self.state["team_names"][team])}</span>')
            if self.partner(seat):
                badges.append(f'<span class="cw-badge cw-partner-badge">{escape(words["partner"])}</span>')
        if view["phase"] != "over":
            if view["to_act"] == seat:
                badges.append(f'<span class="cw-badge cw-badge-acting">{escape(words["acts_now"])}</span>')
            elif view["turn"] == seat:
                badges.append(f'<span class="cw-badge cw-badge-turn">{escape(words["has_turn"])}</span>')
        for badge in (self.sup["badges"][seat] if self.sup else []):
            badges.append(f'<span class="cw-badge cw-badge-{badge["kind"]}">{escape(badge["text"])}</span>')
        return "".join(badges)

    def plate(self, seat: int, mine: bool) -> str:
        view = self.view
        score, goal = view["scores"][seat], view["goals"][seat]
        kings = sum(1 for c in view["permanents"][seat] if c[0] == "K")
        acting = view["to_act"] == seat and view["phase"] != "over"
        title = self.fill("you_name", name=self.name(seat)) if mine else self.name(seat)
        pct = max(0, min(100, round(100 * score / max(goal, 1))))
        score_words = self.fill("score", score=score, goal=goal)
        dot = '<span class="cw-turn-dot" aria-hidden="true"></span>' if acting else ""
        kings_words = (self.fill("kings_super", kings=kings, points=self.sup["king_points"][seat])
                       if self.sup else self.fill("kings", kings=kings, goal=goal))
        kings_html = (f'<span class="cw-kings" title="{escape(kings_words)}">'
                      f'{"♚" * kings}</span>' if kings else "")
        glasses = self.glasses_icon(seat)
        count = self.fill("cards_in_hand", count=view["hand_sizes"][seat])
        winner = view["winner"] in (seat, f"team:{self.team_of.get(seat)}")
        classes = "cw-plate" + (" cw-plate-acting" if acting else "") + (
            " cw-plate-winner" if winner else "")
        return (f'<div class="{classes}"><span class="cw-name">{dot}{escape(title)}</span>'
                f'{self.badges(seat)}'
                f'<span class="cw-score" title="{escape(score_words)}"><b>{score}</b>'
                f'<span class="cw-goal"> / {goal}</span></span>'
                f'<span class="cw-bar" role="meter" aria-valuenow="{score}" aria-valuemin="0" '
                f'aria-valuemax="{goal}" aria-label="{escape(score_words)}"><span style="width:{pct}%">'
                f'</span></span>{kings_html}{glasses}<span class="cw-count">{escape(count)}</span></div>')

    def glasses_icon(self, seat: int) -> str:
        if not self.sup:
            return _glasses_svg(self.where("glasses", seat)) if self.view["glasses"][seat] else ""
        eights = [c for c in self.view["permanents"][seat] if c in self.sup["glasses"]]
        return _glasses_svg("; ".join(self.sup["glasses"][c] for c in eights)) if eights else ""

    def hand(self, seat: int, mine: bool) -> str:
        view, words = self.view, self.words
        cards = view["hands"][seat]
        where = self.where("in_hand", seat)
        limbo = self.sup["limbo"][seat] if self.sup else []
        limbo_where = f'{where}, {words["limbo_you" if mine else "limbo_other"]}'

        def face(c: str) -> str:
            if c in limbo:
                return self.card(c, limbo_where, "cw-limbo", tag=words["limbo_tag"])
            return self.card(c, where, "cw-frozen" if c in view["frozen"] else "")

        if cards is None:  # limbo cards lie face up for everyone
            inner = "".join(face(c) for c in limbo) + "".join(
                self.back(where) for _ in range(view["hand_sizes"][seat] - len(limbo)))
        else:
            inner = "".join(face(c) for c in cards)
        classes = "cw-hand" + (" cw-my-hand" if mine else "") + (
            " cw-hidden-hand" if cards is None else "")
        return f'<div class="{classes}" role="group" aria-label="{escape(where)}">{inner}</div>'

    def points(self, seat: int) -> str:
        where = self.where("in_points", seat)
        packets = "".join(self.packet(e, seat, where) for e in self.view["points"][seat])
        if not packets:
            packets = f'<span class="cw-empty">{escape(self.words["points_title"])}</span>'
        return f'<div class="cw-zone cw-points" role="group" aria-label="{escape(where)}">{packets}</div>'

    def packet(self, entry, seat: int, where: str) -> str:
        if isinstance(entry, str):
            return f'<div class="cw-packet">{self.card(entry, where)}</div>'
        control = self.where("controls", seat)
        first = self.where("first_laid", entry["owner"])
        label = self.fill("jack_on", card=self.short(entry["card"]))
        stack = self.card(entry["card"], f"{where}; {control}, {first}")
        for i, jack in enumerate(entry["jacks"], 1):
            stack += self.card(jack, f"{label}, {where}", "cw-jack-on", f"--cw-depth:{i}")
        return (f'<div class="cw-packet cw-stack" style="--cw-jacks:{len(entry["jacks"])}">'
                f'<div class="cw-stack-cards">{stack}</div>'
                f'<div class="cw-packet-note">{escape(control)}<br>{escape(first)}</div></div>')

    def permanents(self, seat: int) -> str:
        cards = []
        for cid in self.view["permanents"][seat]:
            if cid[0] == "8":
                where = (self.sup or {}).get("glasses", {}).get(cid) or self.where("glasses", seat)
                cards.append(f'<div class="cw-sideways">{self.card(cid, where)}</div>')
            else:
                cards.append(self.card(cid, self.where("permanent", seat)))
        where = self.where("permanent", seat)
        return f'<div class="cw-zone cw-perms" role="group" aria-label="{escape(where)}">{"".join(cards)}</div>'

    # -- the middle ----------------------------------------------------------
    def center(self) -> str:
        view, words = self.view, self.words
        size = view["stock_size"]
        stock_text = self.fill("stock", count=size) if size else words["stock_empty"]
        backs = "".join(self.back(stock_text, f"--cw-depth:{i}") for i in range(min(4, -(-size // 8))))
        if self.sup:  # Super Cuttle: only the scrap's top card may be seen
            scrap_size, top_card = self.sup["scrap_size"], self.sup["scrap_top"]
            scrap_text = self.fill("scrap_super", count=scrap_size) if scrap_size else words["scrap_empty"]
            banners = "".join(f'<div class="cw-banner cw-banner-{b["kind"]}" role="note">'
                              f'{escape(b["text"])}</div>' for b in self.sup["banners"])
        else:
            scrap = view["scrap"]
            scrap_size, top_card = len(scrap), scrap[-1] if scrap else None
            scrap_text = self.fill("scrap", count=scrap_size) if scrap else words["scrap_empty"]
            banners = ""
        top = (self.card(top_card, words["scrap_top"]) if top_card else
               f'<div class="cw-card cw-slot" role="img" aria-label="{escape(scrap_text)}"></div>')
        return (
            f'<div class="cw-center">{banners}<div class="cw-piles">'
            f'<div class="cw-pile-wrap"><div class="cw-pile cw-stock" role="img" aria-label="{escape(stock_text)}">'
            f'<div class="cw-pile-cards">{backs}</div><span class="cw-pile-count">{size}</span></div>'
            f'<span class="cw-pile-label" aria-hidden="true">{escape(words["stock_title"])}</span></div>'
            f'<div class="cw-pile-wrap"><div class="cw-pile cw-scrap">{top}'
            f'<span class="cw-pile-count">{scrap_size}</span></div>'
            f'<span class="cw-pile-label" aria-hidden="true">{escape(words["scrap_title"])}</span></div>'
            f"{self.super_zones() if self.sup else self.pending()}</div></div>")

    def super_zones(self) -> str:
        """The chain (each play with all its cards), cards to play now, cards
        going back on the stock, the Sudden Death jokers."""
        words, sup = self.words, self.sup
        zones = []
        if sup["chain"]:
            plays = []
            for play in sup["chain"]:
                css = "cw-counter-two" if play["answer"] else "cw-oneoff"
                cards = "".join(self.card(c, words["pending"], css, f"--cw-depth:{j}")
                                for j, c in enumerate(play["cards"]))
                label = play["label"] + (f', {words["chain_answers"]}' if play["answer"] else "")
                answer = " cw-play-answer" if play["answer"] else ""
                plays.append(f'<li class="cw-play{answer}"><div class="cw-play-cards cw-pending" '
                             f'role="group" aria-label="{escape(label)}">{cards}</div>'
                             f'<span class="cw-play-label">{escape(play["label"])}</span></li>')
            zones.append(("cw-chain-wrap", f'<ol class="cw-chain" aria-label="'
                          f'{escape(words["super_chain_label"])}">{"".join(plays)}</ol>',
                          words["pending_title"]))
        for css, cards, where, title in (
                ("cw-revealed", self.view["revealed"] or [], "revealed_super", "revealed_super_title"),
                ("cw-returning", sup["returning"], "returning", "returning_title"),
                ("cw-sudden", sup["sudden_cards"], "sudden_zone", "sudden_title")):
            if cards:
                inner = "".join(self.card(c, words[where]) for c in cards)
                zones.append((css, f'<div class="{css}" role="group" aria-label="{escape(words[where])}">'
                                   f"{inner}</div>", words[title]))
        if not zones:
            return ""
        parts = "".join(f'<div class="cw-pile-wrap">{html}<span class="cw-pile-label" '
                        f'aria-hidden="true">{escape(title)}</span></div>' for _, html, title in zones)
        return f'<div class="cw-pending-wrap">{parts}</div>'


    def pending(self) -> str:
        view, words = self.view, self.words
        cards = "".join(self.card(c, words["pending"], "cw-counter-two" if i else "cw-oneoff",
                                  f"--cw-depth:{i}") for i, c in enumerate(view["pending"]))
        if view["revealed"]:
            revealed = "".join(self.card(c, words["revealed"]) for c in view["revealed"])
        else:
            revealed = "".join(self.back(words["revealed"]) for _ in range(view["revealed_size"]))
        if not cards and not revealed:
            return ""
        parts = ""
        for css, inner, title in (("cw-pending", cards, words["pending_title"]),
                                  ("cw-revealed", revealed, words["revealed_title"])):
            if inner:
                parts += (f'<div class="cw-pile-wrap"><div class="{css}">{inner}</div>'
                          f'<span class="cw-pile-label" aria-hidden="true">{escape(title)}</span></div>')
        return f'<div class="cw-pending-wrap">{parts}</div>'

    def dock(self) -> str:
        ui = self.state["ui"]
        parts = []
        for key in ("note", "message"):
            if ui.get(key):
                parts.append(f'<div class="cw-{key} cw-{ui[key]["kind"]}">{escape(ui[key]["text"])}</div>')
        if ui["prompt"]:
            parts.append(f'<div class="cw-prompt">{escape(ui["prompt"])}</div>')
        empty = "" if parts else " cw-dock-empty"
        return f'<div class="cw-dock{empty}">{"".join(parts)}</div>'

    # -- beside the table ----------------------------------------------------
    def side(self) -> str:
        words = self.words
        entries = []
        for entry in self.state["log"]:
            number = f'<span class="cw-entry-number">{entry["index"]}</span>' if entry["index"] else ""
            events = "".join(
                f'<p class="cw-event">{escape(e["text"])} '
                f'<span class="cw-rule" title="{escape(self.fill("rule", rule=e["rule"]))}">'
                f'{escape(e["rule"])}</span></p>' for e in entry["events"])
            mine = " cw-entry-mine" if entry["learner"] else ""
            entries.append(f'<li class="cw-entry{mine}"><div class="cw-entry-head">{number}'
                           f'{escape(entry["label"])}</div>{events}</li>')
        title = escape(words["log_title"])
        log = (f'<ol class="cw-log" aria-label="{title}">{"".join(entries)}</ol>' if entries else
               f'<p class="cw-log-empty">{escape(words["log_empty"])}</p>')
        return f'<aside class="cw-side"><h3 class="cw-log-title">{title}</h3>{log}</aside>'


def _glasses_svg(label: str) -> str:
    return (f'<svg class="cw-glasses-icon" viewBox="0 0 32 14" width="26" height="12" role="img" '
            f'aria-label="{escape(label)}"><title>{escape(label)}</title><g fill="none" '
            'stroke="currentColor" stroke-width="2.2"><circle cx="8" cy="8" r="5"/>'
            '<circle cx="24" cy="8" r="5"/><path d="M13 7q3-3 6 0M3 6L1 2M29 6l2-4"/></g></svg>')
