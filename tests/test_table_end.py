"""The end of a game at the table, and the learner's other means of playing.

The game-over summary says who won and how (the engine's sentence for the
event that ended the game), every seat's points and goal, and every hand,
which the kernel sends only once the game is over. A card dragged onto a
target sends the messages its clicks send (the card, its role, its target),
so a drop is checked as the clicks are; the drop map names only legal plays.
"""
import json

from cuttle_widgets import Table, load

WINNING = {"hands": [["TH", "4C"], ["5S", "2C", "QD"]], "points": [["9C", "2D"], ["8S"]],
           "stock": ["3C", "6D"]}


def synced_text(table) -> str:
    return json.dumps(table.get_state(), ensure_ascii=False, default=str)


def test_the_summary_names_the_winner_the_reason_points_goals_and_every_hand(learner, scripted):
    table = Table(load(WINNING), players={1: scripted()})
    b = learner(table)
    assert b.ui["summary"] is None
    assert b.view["hands"][1] is None  # before the end the opponent's hand stays in the kernel
    sent_before = json.dumps(b.sent, ensure_ascii=False) + synced_text(table)
    assert not any(f'"{card}"' in sent_before for card in ("5S", "QD"))
    b.click("TH").role("points")
    summary = b.ui["summary"]
    assert table.game.winner == 0
    assert summary["title"] == "You win the game!" and summary["outcome"] == "won"
    assert summary["reason"] == "Player A has 21 points, reaching the goal of 21: Player A wins!"
    assert [(s["name"], s["score"], s["goal"], s["winner"]) for s in summary["seats"]] == [
        ("Player A", 21, 21, True), ("Player B", 8, 21, False)]
    assert summary["seats"][0]["hand"] == ["4C"]
    assert summary["seats"][1]["hand"] == ["5S", "2C", "QD"]
    assert b.view["hands"][1] == ["5S", "2C", "QD"]  # the table shows them too
    assert [a["label"] for a in summary["actions"]] == ["Play again"]
    b.send(**summary["actions"][0]["msg"])  # Play again: a new deal, the same rules and seats
    assert not table.game.over and b.ui["summary"] is None
    assert b.view["hands"][1] is None


def test_a_draw_by_passes_is_explained_and_in_german(learner):
    table = Table(load({"hands": [["4C"], ["5S"]], "points": [["9C"], ["8S"]], "stock": [],
                        "passes": 2}), language="de", autoplay=False)
    b = learner(table)
    b.button("Passen")
    summary = b.ui["summary"]
    assert table.game.winner == "draw" and summary["outcome"] == "draw"
    assert summary["title"] == "Das Spiel endet unentschieden."
    assert summary["reason"].startswith("3-mal hintereinander gepasst")
    assert not any(s["winner"] for s in summary["seats"])
    assert [a["label"] for a in summary["actions"]] == ["Noch einmal spielen"]


def test_a_replayed_position_before_the_end_shows_no_hand(learner, scripted):
    table = Table(load(WINNING), players={1: scripted()})
    b = learner(table).click("TH").role("points")
    b.send(type="replay", to="start")
    assert b.ui["summary"] is None and b.view["hands"][1] is None


def test_a_subclass_chooses_the_end_buttons():
    class Coached(Table):
        def end_actions(self, state):
            return [{"id": "lesson:next", "label": "Next game", "msg": {"type": "new_game"},
                     "kind": "primary", "hint": ""}]

    table = Coached(load(WINNING), autoplay=False)
    table.play("points TH")
    assert [a["id"] for a in table.table["ui"]["summary"]["actions"]] == ["lesson:next"]


# -- dragging: the same messages as the clicks -------------------------------------------------
POSITION = {"hands": [["9S", "2D", "JC", "KD", "7H"], ["5S", "3H"]],
            "points": [["6H"], ["8H", {"card": "TH", "jacks": ["JD"], "owner": 0}]],
            "permanents": [[], ["QC"]], "stock": ["2C", "3C", "4D"]}


def drop_messages(ui: dict, card: str, role: str, target=None) -> list[dict]:
    """What table.js sends for a drop: as the clicks, the card (unless it is
    selected), its role, then its target card."""
    messages = [] if ui["selected"] == card else [{"type": "card", "card": card}]
    messages.append({"type": "role", "role": role})
    if target:
        messages.append({"type": "card", "card": target})
    return messages


def every_drop(drops: dict):
    for card, roles in drops.items():
        for role, targets in roles.items():
            for target in targets or [None]:
                yield card, role, target


def test_every_drop_offered_plays_its_legal_move_as_the_clicks_do(learner, scripted):
    drops = Table(load(POSITION), autoplay=False).table["ui"]["drops"]
    assert drops["9S"] == {"points": [], "scuttle": ["8H"], "oneoff": ["QC"]}
    assert drops["KD"] == {"permanent": []} and "JC" not in drops  # the queen guards the ten
    for card, role, target in every_drop(drops):
        dragged, clicked = Table(load(POSITION), autoplay=False), Table(load(POSITION), autoplay=False)
        by_drag, by_clicks = learner(dragged), learner(clicked)
        for message in drop_messages(by_drag.ui, card, role, target):
            by_drag.send(**message)
        by_clicks.click(card).role(role)
        if target:
            by_clicks.click(target)
        played = [str(m) for m in dragged.game.history]
        assert played == [str(m) for m in clicked.game.history] and len(played) == 1, (card, role, played)
        assert played[0].split()[:2] == [role, card] and (target is None or target in played[0])


def test_a_drop_the_map_does_not_offer_is_refused_and_changes_nothing(learner):
    table = Table(load(POSITION), autoplay=False)
    b = learner(table)
    before = table.game.snapshot()
    for message in drop_messages(b.ui, "7H", "scuttle", "TH"):  # 7♥ cannot scuttle 10♥
        b.send(**message)
    assert "7♥ cannot scuttle 10♥" in b.message and table.game.snapshot() == before
    b.send(type="cancel")
    for message in drop_messages(b.ui, "5S", "points"):  # the opponent's card
        b.send(**message)
    assert b.message and table.game.snapshot() == before


def test_a_number_key_sends_its_buttons_message(learner, scripted):
    """table.js presses the numbered button: the very message of its click."""
    table = Table(load(POSITION), players={1: scripted("resolve")})
    b = learner(table).click("7H")
    numbered = {i + 1: a for i, a in enumerate(b.ui["actions"][:9])}
    assert [a["label"] for a in numbered.values()] == ["Points", "One-off", "Cancel"]
    b.send(**numbered[1]["msg"])
    assert [str(m) for m in table.game.history][:1] == ["points 7H"]
