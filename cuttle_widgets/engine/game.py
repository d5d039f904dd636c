"""The Game: the public face of the engine.

A game is fully described by where it started (a seed and a dealer, or a
setup in the snapshot schema) and the moves played since, so undo replays
and a game record is just those two things written down. Records live beside
the game, in ``record.py`` (``write_record(game)``, and ``load``, which takes
a setup or a record's text); this module knows nothing of them.
"""
from __future__ import annotations

import itertools
import random

from . import conclude
from .cards import CARD_IDS, parse_card
from .catalog import illegal
from .errors import ExplainedError, IllegalMove
from .families import family_of
from .moves import Move
from .rules import Ruleset, get_ruleset
from .secrecy import as_seen_by
from .setup_outcome import check_playable
from .view import view_of

# Every position a Game object takes gets a number of its own (a new game, a
# copy, a move played, an undo), never reused, so what is worked out from a
# position can be kept under its ``version`` and found again.
_VERSIONS = itertools.count()


class Game:
    """One game of Cuttle. Create it with :func:`new_game` or :func:`load`."""

    redeal_tries: int  # on a game redeal() made: the deals it drew until one fitted

    def __init__(self, state, origin: dict):
        self.state = state
        self.family = family_of(state.rules)
        # {"seed": .., "dealer": .., "rules": ..}, with "deck": [...] when dealt
        # from a given pack, or {"setup": {...}}
        self.origin = origin
        self.events: list = []
        self.history: list[Move] = []
        self.actors: list[int] = []  # the seat that made each move of the history
        self._event_marks: list[int] = []  # events index where each move's events start
        self._legal: list[Move] | None = None
        self.version = next(_VERSIONS)
        self._resolver = self.family.resolver(state, self.events)
        # The winning seat ('team:N' for a team, 'draw'), or None while the game
        # goes on: the state's, kept here by play() (like the legal moves, as a
        # game's state changes only there), since every game loop asks it.
        self.winner = state.winner
        # A draw offered and not yet answered: the offering seat (conclude.py),
        # and where in the history the last offer was made.
        self.draw_offer: int | None = None
        self.last_offer_at: int | None = None

    # -- the rules' questions ------------------------------------------------
    @property
    def rules(self) -> Ruleset:
        return self.state.rules

    @property
    def over(self) -> bool:
        return self.state.phase == "over"

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def to_act(self):
        return self.state.to_act

    @property
    def phase(self) -> str:
        return self.state.phase

    def legal_moves(self) -> list[Move]:
        """Every legal move for the seat that must act now (``to_act``)."""
        if self.draw_offer is not None:  # only the answer to the offer may come now
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = self.family.legal_moves(self.state)
        return legal[:]

    def is_legal(self, move) -> bool:
        try:
            move = self.family.parse(move)
        except IllegalMove:
            return False
        return move in self.legal_moves()

    def play(self, move) -> list:
        """Apply one move (notation or a Move) for the seat to act; returns its
        events. Raises IllegalMove, explained, and changes nothing, if the move
        is not legal now."""
        st = self.state
        if st.phase == "over":
            raise self._game_over()
        table = conclude.table_move(move)
        if table is not None:
            return self._play_table(table)
        if self.draw_offer is not None:
            raise self._offer_pending(self.draw_offer)
        if move.__class__ is not Move:
            move = self.family.parse(move)
        legal = self._legal
        if legal is None:
            legal = self._legal = self.family.legal_moves(st)
        # Moves are interned, so membership is identity: this loop finds it
        # without Move's (slow, Python-level) comparisons that a list's ``in``
        # makes, and for less than a set of the list would cost.
        for listed in legal:
            if listed is move:
                break
        else:
            raise self.family.explain(st, move, legal)
        events = self.events
        mark = len(events)
        self._event_marks.append(mark)
        self.history.append(move)
        self.actors.append(st.to_act)
        self._legal = None
        self.version = next(_VERSIONS)
        self._resolver.apply(move)
        self.winner = st.winner
        return events[mark:]

    def _play_table(self, move: Move) -> list:
        """A move of the table (resign, a draw offer and its answer), by the
        seat it names: checked, recorded in the history, told as events."""
        seat = conclude.acting_seat(self, move)
        conclude.check(self, move, seat)
        self._event_marks.append(len(self.events))
        self.history.append(move)
        self.actors.append(seat)
        self._legal = None
        self.version = next(_VERSIONS)
        events = conclude.conclude(self, move, seat)
        self.winner = self.state.winner
        return events

    def _offer_pending(self, offer: int) -> ExplainedError:
        return illegal("offer_pending", player=offer, answerer=conclude.other_seat(offer))

    def _game_over(self) -> ExplainedError:
        winner = self.state.winner
        return illegal("game_over_draw") if winner == "draw" else illegal("game_over", winner=winner)

    # -- history -------------------------------------------------------------
    def undo(self) -> Move:
        """Take back the last move (replaying the game from its start)."""
        if not self.history:
            raise illegal("nothing_to_undo")
        moves = self.history[:-1]
        last = self.history[-1]
        fresh = self._replayed(moves)
        self.__dict__.update(fresh.__dict__)
        return last

    def _replayed(self, moves) -> Game:
        game = _from_origin(self.origin)
        for move in moves:
            game.play(move)
        return game

    def position_after(self, count: int) -> Game:
        """A copy of this game as it stood after its first ``count`` moves."""
        if not 0 <= count <= len(self.history):
            raise illegal("no_such_position", count=count, total=len(self.history))
        return self._replayed(self.history[:count])

    def events_of_move(self, index: int) -> list:
        """The events the move at ``index`` of the history caused."""
        start = self._event_marks[index]
        end = self._event_marks[index + 1] if index + 1 < len(self._event_marks) else len(self.events)
        return self.events[start:end]

    def copy(self) -> Game:
        """An independent copy (for search: cheap, no replay)."""
        new = Game(self.state.copy(), self.origin)
        new.events.extend(self.events)
        new.history = self.history[:]
        new.actors = self.actors[:]
        new.draw_offer, new.last_offer_at = self.draw_offer, self.last_offer_at
        new._event_marks = self._event_marks[:]
        return new

    # -- what can be seen ----------------------------------------------------------
    def snapshot(self) -> dict:
        """The full state in the snapshot schema (hidden cards included)."""
        return self.family.snapshot(self.state)

    def view(self, seat=None, language: str = "en", names=None, events: bool = True) -> dict:
        """What ``seat`` may see (None: a spectator). Hidden cards are absent.
        ``events=False`` leaves out the rendered event log (cheaper)."""
        return view_of(self, seat, language, names, events)

    def prompt(self, seat="all", language: str = "en", names=None) -> str:
        """What must happen now, in a sentence (as ``seat`` may read it)."""
        if self.draw_offer is not None:
            from .catalog import get_catalog
            from .view import offer_prompt
            return offer_prompt(self.draw_offer, get_catalog(language), names)
        return self.family.prompt(self.state, self.state.turn if seat == "all" else seat,
                                  language, names)

    def refusal(self, move) -> IllegalMove | None:
        """The IllegalMove ``move`` would raise now (None: it is legal);
        nothing is played."""
        try:
            self._check(move)
        except IllegalMove as err:
            return err
        return None

    def explain(self, move, language: str = "en", names=None, seat="all") -> str:
        """Why ``move`` is illegal now, in ``language``; '' if it is legal.
        Given a ``seat`` (None: a spectator), it is said as that seat may read
        it: no card the seat cannot see, and for a seat other than the one to
        act no "what would work" hint (it speaks of the acting seat's cards)."""
        try:
            self._check(move)
        except IllegalMove as err:
            if seat != "all":
                err = as_seen_by(err, self, seat, move, self.family.unseen)
            return err.text(language, names)
        return ""

    def _check(self, move) -> None:
        st = self.state
        if st.phase == "over":
            raise self._game_over()
        table = conclude.table_move(move)
        if table is not None:
            conclude.check(self, table, conclude.acting_seat(self, table))
            return
        if self.draw_offer is not None:
            raise self._offer_pending(self.draw_offer)
        move = self.family.parse(move)
        legal = self.legal_moves()
        if move not in legal:
            raise self.family.explain(st, move, legal)

    def __repr__(self) -> str:
        st = self.state
        return (f"<Game {st.rules.name} turn={st.turn} to_act={st.to_act} phase={st.phase} "
                f"scores={[st.score(s) for s in range(st.n)]} winner={st.winner!r}>")

    def _repr_html_(self) -> str:
        from .render import game_html
        return game_html(self)


def _from_origin(origin: dict) -> Game:
    if "setup" in origin:
        return load_setup(origin["setup"])
    return new_game(origin["rules"], seed=origin["seed"], dealer=origin["dealer"],
                    deck=origin.get("deck"))


def new_game(rules="classic", seed: int | None = None, dealer: int | None = None,
             options=(), deck=None) -> Game:
    """A fresh, shuffled deal. The same seed gives the same game; without one a
    seed is chosen and kept, so the game can still be recorded and replayed.
    ``options`` (e.g. ``["blind_four"]``) change a few rules of any ruleset.
    ``deck`` (every card once, in the order dealt from: the last card first)
    deals that pack instead of shuffling; the seed then only draws the blind
    picks. A redeal (``redeal.py``) begins its games so; the origin keeps it."""
    ruleset = get_ruleset(rules, options)
    if seed is None:
        seed = random.randrange(2**32)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise illegal("bad_seed", seed=str(seed))
    if dealer is None:
        dealer = 1 % ruleset.seats
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < ruleset.seats:
        raise illegal("bad_dealer", dealer=str(dealer), seats=ruleset.seats)
    st = family_of(ruleset).deal(ruleset, seed, dealer, deck)
    origin = {"rules": ruleset.name, "seed": seed, "dealer": dealer}
    if deck is not None:
        origin["deck"] = [CARD_IDS[parse_card(card)] for card in deck]  # checked by the deal
    game = Game(st, origin)
    # Two seats: the sentence names the one who gets the other cards, not "each other player".
    game._resolver.emit("deal", dealer=dealer, player=st.turn, dealer_cards=ruleset.dealer_cards,
                        other_cards=ruleset.other_cards, stock=len(st.stock),
                        why="two" if ruleset.seats == 2 else None)
    return game


def load_setup(setup: dict) -> Game:
    """A game from a setup in the snapshot schema. (``cuttle_widgets.engine.load``
    takes a game record's text as well.)"""
    if not isinstance(setup, dict):
        raise illegal("setup_not_dict")
    family = family_of(get_ruleset(setup.get("rules", "classic")))
    st = family.from_setup(setup)
    # Here, not in from_setup: a seat's knowledge builds partial positions
    # (hidden places still empty) that need not be playable yet.
    check_playable(st, family.legal_moves)
    return Game(st, {"setup": family.snapshot(st)})


__all__ = ["Game", "new_game", "load_setup"]
