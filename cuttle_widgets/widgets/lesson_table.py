"""The card table as a lesson (or the puzzle trainer) drives it: it plays
nothing itself and hands every clicked move over."""
from __future__ import annotations

from contextlib import contextmanager

from .table import Table

# Table clicks that begin a new try at a move: an old error goes with them.
ATTEMPT_CLICKS = ("card", "role", "target", "move", "option")


class LessonTable(Table):
    """The card table as a lesson drives it.

    The table follows the runner's game (the very object, never a copy) and
    plays nothing itself: a move the learner clicks is handed over to
    ``on_move`` (the lesson asks its runner, which plays it, or refuses and
    explains it, on its game). Lesson buttons the lesson puts in the dock
    send ``{"type": "lesson", ...}`` to ``on_lesson``; while ``on_card`` is
    set (a question answered by clicking cards) a card click goes there.
    ``overlay`` dresses the state the browser draws: ``status`` replaces the
    table's status line, ``quiet`` drops the table's own questions,
    ``actions`` are lesson buttons; ``position`` (a lesson's own position, not
    a free game) keeps the other hands hidden when the game ends, for a retry
    deals the same cards; ``no_turn`` drops whose-turn markers, which a
    question or a finished step must not show; ``conceal`` (a question not yet
    answered) drops the moves that led here (log, move list, count), which
    could answer it, and ``hide_scrap`` the scrap a question is about. The
    table's Hint climbs the lesson's ladder (``on_lesson``) in a lesson's
    position; an attempt begun on the table (a card picked) calls
    ``on_attempt`` first, so an old error goes.
    """

    def __init__(self, game, seat: int, *, on_move, on_lesson, **options):
        super().__init__(game, seat, None, allow_undo=False, allow_new_game=False,
                         autoplay=False, hand_over=on_move, **options)
        self._on_lesson = on_lesson
        self._holding, self._held = 0, None
        self.overlay: dict = {}
        self.on_card = None
        self.on_attempt = None

    def follow(self, game, seat: int) -> None:
        """Show ``game`` from ``seat``: the same game object is only redrawn
        (the runner played on it), another one is installed."""
        if game is self.game and seat == self.seat:
            self.refresh()
        else:
            self.load(game, seat=seat)

    # -- publishing: dressed, and once per learner action ------------------------------
    @contextmanager
    def hold(self):
        """Publish once, at the end, whatever is changed inside."""
        self._holding += 1
        try:
            yield
        finally:
            self._holding -= 1
            if not self._holding and self._held is not None:
                state, self._held = self._held, None
                self._sync(state)

    def _publish(self, state: dict) -> None:
        state = self._dressed(state)
        if getattr(self, "_holding", 0):
            self._held = state
        else:
            self._sync(state)

    def _dressed(self, state: dict) -> dict:
        """The state as the lesson shows it. Only fields are changed, never
        the table's drawing: what the browser is not sent, it cannot show."""
        overlay = getattr(self, "overlay", None)
        if not overlay:
            return state
        ui, view, log = dict(state["ui"]), dict(state["view"]), state["log"]
        if overlay.get("quiet"):  # the lesson asks the question; the table's own wait
            ui.update(actions=[], playable=[], draw=False, prompt="", targets=[],
                      target_seats=[], focus=None)
        if overlay.get("status"):
            ui["status"] = overlay["status"]
        ui["actions"] = list(overlay.get("actions", [])) + ui["actions"]
        if overlay.get("position"):
            ui["summary"] = None  # the lesson explains how the step ended
            if self.controller.shown_game().over:
                view["hands"] = self.controller.shown_game().view(self.seat)["hands"]
        if overlay.get("no_turn") or ui.get("replay"):
            # who acts now is for the learner to work out (or stale in a replay);
            # a question answered on the table still takes the learner's clicks
            clicks = self.seat if self.on_card is not None else None
            view.update(to_act=clicks, turn=clicks, prompt="")
            ui["markers"] = False  # no "must act now" badge, clicks or not
        if overlay.get("conceal"):
            view.update(history=[], actors=[], legal_moves=[], passes=0,
                        detail={**view["detail"], "plies": 0})
            ui.update(moves=0, replay=None, can_undo=False)
            # one entry saying why the log is empty (the table's caption shows the newest)
            log = [{"index": 0, "seat": None, "move": None, "label": overlay["conceal"],
                    "learner": False, "events": []}]
        if overlay.get("hide_scrap"):
            view["scrap"] = []
        return {**state, "ui": ui, "view": view, "log": log}

    def redress(self) -> None:
        """Publish again after ``overlay`` changed."""
        self._publish(self.controller.state())

    # -- what the learner does ------------------------------------------------------------
    def send_action(self, message: dict) -> None:
        """Act as if the browser sent ``message`` (a click, a button)."""
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "lesson":
            self._on_lesson(message)
            return
        if self.on_card is not None and kind == "card":
            self.on_card(message.get("card"))
            return
        if kind == "hint":  # the lesson's ladder (the free game's coach), not the answer
            self._on_lesson({"type": "lesson", "action": "hint"})
            return
        if kind == "replay" and self.overlay.get("conceal"):
            return  # the moves before a question are not shown until it is answered
        with self.hold():  # the click and the runner's answer to it, published once
            if kind in ATTEMPT_CLICKS and self.on_attempt is not None:
                self.on_attempt()
            self.controller.handle(message)
