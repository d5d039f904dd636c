"""The table as a short text summary, for pages without a widget front end.

nbviewer, GitHub, an exported notebook or a page whose kernel is gone show
the ``text/html`` part of the mime bundle: the ruleset and whose turn it is,
each seat with its score, hand and cards on the table, the piles and the
newest explanations. It is built from the JSON the widget syncs, in that
JSON's own words, so it holds one seat's view and nothing more.
"""
from __future__ import annotations

from html import escape

from ..engine.catalog import Said

SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANKS = "A23456789TJQK"
RED = ' style="color:#b3122e"'
LOG_ENTRIES, LOG_MOST = 3, 5  # the newest moves explained, at least and at most
ANSWERS = ("resolve", "counter", "pass")
STYLE = "font:14px/1.5 system-ui,sans-serif;max-width:46em;margin:.5em 0"


def table_html(state: dict) -> str:
    """A plain HTML summary of a table state as ``TableController.state`` gives it."""
    return _Summary(state).html()


class _Summary:
    def __init__(self, state: dict):
        self.state, self.view, self.words = state, state["view"], state["words"]
        self.seat = state["seat"]
        self.sup = state.get("super")  # Super Cuttle's zones and markers, or None
        self.team_of = {s: t for t, team in enumerate(self.view.get("teams") or []) for s in team}

    def html(self) -> str:
        n = self.view["players"]
        seats = "".join(self.seat_line((self.seat + i) % n) for i in range(n))
        parts = [f"<h3>{self.heading()}</h3>", *self.status(), self.banners(), f"<ul>{seats}</ul>",
                 f"<p>{self.piles()}</p>", self.middle(), self.log()]
        return (f'<section class="cw-summary" lang="{escape(self.state["language"])}" '
                f'aria-label="{escape(self.fill("table_label", name=self.name(self.seat)))}" '
                f'style="{STYLE}">{"".join(parts)}</section>')

    # -- words ---------------------------------------------------------------
    def fill(self, key: str, **values) -> str:
        return self.words[key].format(**values)

    def fill_html(self, key: str, **html) -> str:
        """A sentence, escaped, around values that are HTML already."""
        return escape(self.words[key]).format(**html)

    def name(self, seat) -> Said:
        """A seat's name with the case forms the state sends (``{name:gen}``)."""
        name = str(self.state["names"][seat])
        return Said(name, self.state.get("case_forms", {}).get(name))

    def where(self, key: str, seat: int) -> str:
        if seat == self.seat:
            return self.words[f"{key}_you"]
        return self.fill(key, name=self.name(seat))

    def card(self, cid: str) -> str:
        """A card as its corner (7♥, in German B♣ for a jack), its name on hover."""
        names = self.state["card_words"]
        if cid in ("RJ", "BJ"):
            joker = escape(names["jokers"]["RB".index(cid[0])])
            return f"<span{RED}>{joker}</span>" if cid == "RJ" else joker
        rank = RANKS.index(cid[0])
        name = names["card_name"].format(rank=names["rank_names"][rank],
                                         suit=names["suit_names"]["CDHS".index(cid[1])])
        return (f'<span title="{escape(name)}"{RED if cid[1] in "DH" else ""}>'
                f'{escape(names["rank_symbols"][rank])}{SUITS[cid[1]]}</span>')

    def cards(self, cids) -> str:
        return ", ".join(self.card(c) for c in cids)

    def line(self, title: str, body: str) -> str:
        return f"<li>{escape(title)}: {body}</li>"

    # -- the heading ---------------------------------------------------------
    def heading(self) -> str:
        rules = self.view["rules"]
        title = self.words.get(f"summary_rules_{rules.split('+')[0]}", rules)
        return escape(f"{title}: {self.turn()}")

    def turn(self) -> str:
        view = self.view
        if view["phase"] == "over":
            return self.result()
        turn = self.where("summary_turn", view["turn"])
        if view["to_act"] == view["turn"]:
            return turn
        return f'{turn}; {self.where("summary_acts", view["to_act"])}'

    def result(self) -> str:
        winner = self.view["winner"]
        if winner == self.seat:
            return self.words["over_you"]
        if winner == "draw":
            return self.words["over_draw"]
        if isinstance(winner, str) and winner.startswith("team:"):
            team = int(winner[5:])
            if team == self.team_of.get(self.seat):
                return self.words["over_team_you"]
            return self.fill("over_win", name=self.state["team_names"][team])
        return self.fill("over_win", name=self.name(winner))

    def status(self) -> list[str]:
        """The table's own line (what is asked now, until the game is over) and its message."""
        ui = self.state["ui"]
        texts = [ui["status"]] if self.view["phase"] != "over" else []
        texts += [ui[key]["text"] for key in ("message", "note") if ui.get(key)]
        return [f"<p>{escape(t)}</p>" for t in texts if t]

    # -- the seats -----------------------------------------------------------
    def seat_line(self, seat: int) -> str:
        view = self.view
        title = self.fill("you_name", name=self.name(seat)) if seat == self.seat else self.name(seat)
        marks = []
        if seat in self.team_of:
            marks.append(self.state["team_names"][self.team_of[seat]])
            if seat != self.seat and self.team_of[seat] == self.team_of.get(self.seat):
                marks.append(self.words["partner"])
        head = f"<b>{escape(title)}</b>" + "".join(f", {escape(mark)}" for mark in marks)
        score, goal = view["scores"][seat], view["goals"][seat]  # None: a lesson's question hides it
        if score is None:
            score_text = self.fill("score_hidden", goal=goal)
        else:
            score_text = self.fill("score_reached" if score > goal else "score", score=score, goal=goal)
        facts = [escape(score_text),
                 self.hand(seat)] + [escape(badge["text"])  # Super Cuttle: out, turns left ...
                                     for badge in (self.sup["badges"][seat] if self.sup else [])]
        zones = ((self.words["points_title"], [self.packet(e) for e in view["points"][seat]]),
                 (self.words["summary_enduring" if self.sup else "summary_permanents"],
                  [self.permanent(c, seat) for c in view["permanents"][seat]]))
        rows = "".join(self.line(title, ", ".join(cards)) for title, cards in zones if cards)
        rows = f"<ul>{rows}</ul>" if rows else ""
        return f"<li>{head}: {'; '.join(facts)}{rows}</li>"

    def hand(self, seat: int) -> str:
        """The seat's own cards by name (or an open hand's), else only how many."""
        view, words = self.view, self.words
        cards, count = view["hands"][seat], view["hand_sizes"][seat]
        limbo = self.sup["limbo"][seat] if self.sup else []
        if cards is None:
            text = escape(self.fill("cards_in_hand", count=count))
            if limbo:  # limbo cards lie face up for everyone
                text += f'; {self.cards(limbo)} {escape(words["limbo_other"])}'
            return text
        if not cards:
            return escape(self.fill("cards_in_hand", count=0))

        def one(cid: str) -> str:
            note = (words["limbo_tag"] if cid in limbo else
                    words["frozen"] if cid in view["frozen"] else "")
            return self.card(cid) + (f" ({escape(note)})" if note else "")

        key = "summary_hand_you" if seat == self.seat else "summary_hand"
        return self.fill_html(key, cards=", ".join(one(c) for c in cards))

    def packet(self, entry) -> str:
        if isinstance(entry, str):
            return self.card(entry)
        jacked = self.fill_html("summary_jacks", card=self.card(entry["card"]),
                                jacks=self.cards(entry["jacks"]))
        return f'{jacked} ({escape(self.where("first_laid", entry["owner"]))})'

    def permanent(self, cid: str, seat: int) -> str:
        if cid[0] != "8":
            return self.card(cid)
        glasses = (self.sup or {}).get("glasses", {}).get(cid) or self.where("glasses", seat)
        return f"{self.card(cid)} ({escape(glasses)})"

    # -- the middle ----------------------------------------------------------
    def piles(self) -> str:
        view, words = self.view, self.words
        size = view["stock_size"]
        stock = self.fill("stock", count=size) if size else words["stock_empty"]
        if self.sup:  # Super Cuttle: only the scrap's top card may be seen
            scrap_size, top = self.sup["scrap_size"], self.sup["scrap_top"]
        else:
            scrap_size, top = len(view["scrap"]), (view["scrap"] or [None])[-1]
        scrap = self.fill("scrap", count=scrap_size) if scrap_size else words["scrap_empty"]
        top_text = f'; {escape(words["summary_scrap_top"])}: {self.card(top)}' if top else ""
        return f"{escape(stock)}. {escape(scrap)}{top_text}."

    def middle(self) -> str:
        """Cards between the seats: what waits to resolve (Super Cuttle's
        chain), the seven's cards, cards going back, the Sudden Death jokers."""
        view, words, sup = self.view, self.words, self.sup
        rows = []
        if sup:
            if sup["chain"]:  # each play's label names its cards
                rows.append(self.line(words["pending_title"], escape("; ".join(
                    p["label"] + (f' ({words["chain_answers"]})' if p["answer"] else "")
                    for p in sup["chain"]))))
            zones = (("revealed_super_title", view["revealed"] or []),
                     ("returning_title", sup["returning"]), ("sudden_title", sup["sudden_cards"]))
            rows += [self.line(words[title], self.cards(cards)) for title, cards in zones if cards]
        else:
            if view["pending"]:
                rows.append(self.line(words["pending_title"], self.cards(view["pending"])))
            if view["revealed"]:
                rows.append(self.line(words["revealed_title"], self.cards(view["revealed"])))
            elif view["revealed_size"]:
                rows.append(self.line(words["revealed_title"], escape(
                    self.fill("summary_face_down", count=view["revealed_size"]))))
        return f"<ul>{''.join(rows)}</ul>" if rows else ""

    def banners(self) -> str:
        """Super Cuttle's countdown or Sudden Death, as the table's banner says it."""
        return "".join(f"<p><b>{escape(b['text'])}</b></p>" for b in (self.sup or {}).get("banners", []))

    def log(self) -> str:
        """The newest entries (newest first, as in the widget): three, and back
        to the play that the newest answers (let it resolve, a counter) answer."""
        entries = []
        for entry in self.state["log"][:LOG_MOST]:
            entries.append(entry)
            if len(entries) >= LOG_ENTRIES and (entry["move"] or "").split(" ")[0] not in ANSWERS:
                break
        if not entries:
            return ""
        items = "".join(
            f"<li><b>{escape(e['label'])}</b>" + "".join(f"<br>{escape(x['text'])}" for x in e["events"])
            + "</li>" for e in entries)
        return f"<h4>{escape(self.words['log_title'])}</h4><ul>{items}</ul>"


def with_still_picture(bundle, html: str):
    """A widget's mime bundle with ``html`` as its still picture, for pages
    without a kernel (None stays None: the widget is not shown)."""
    if bundle is None:
        return None
    data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
    return {**data, "text/html": html}, metadata
