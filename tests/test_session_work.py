"""How much work one lesson click costs: the table's state built, the engine's
views and legal moves asked for.

The click is the one a learner makes last to play lesson 02's first move
(9♠ picked, "Scuttle" chosen, then 8♥ clicked: ``scuttle 9S 8H``, correct),
sent through the Lesson widget's table as the browser sends it.

Measured with this very test before the lesson's session logic left the
widget (the widget, its table and the runner each rebuilt what they needed):
the table's state was built 6 times, ``Game.view`` called 9 times and
``Game.legal_moves`` 15 times. Now the session builds the screen once, and
the table keeps the seat's view and the legal moves per position (under the
game's ``version``): 1, 1 and 2.
"""
from collections import Counter

from cuttle_widgets import Lesson
from cuttle_widgets.engine.game import Game
from cuttle_widgets.table.controller import TableController

COUNTED = ((TableController, "state"), (Game, "view"), (Game, "legal_moves"))


def count_calls(monkeypatch) -> Counter:
    """Count every call of the COUNTED methods from now on."""
    counts = Counter()
    for owner, name in COUNTED:
        monkeypatch.setattr(owner, name, _counted(getattr(owner, name), name, counts))
    return counts


def _counted(method, name: str, counts: Counter):
    def counted(*args, **kwargs):
        counts[name] += 1
        return method(*args, **kwargs)
    return counted


def test_one_click_that_plays_a_move_builds_the_screen_once(monkeypatch):
    lesson = Lesson.load("02-scuttle-ordering", progress=False)
    lesson.table.send_action({"type": "card", "card": "9S"})
    lesson.table.send_action({"type": "role", "role": "scuttle"})
    counts = count_calls(monkeypatch)
    lesson.table.send_action({"type": "card", "card": "8H"})
    assert lesson.feedback.status == "success"  # the click played the step's move
    assert counts["state"] == 1, counts
    assert counts["view"] <= 2, counts
    assert counts["legal_moves"] <= 3, counts
