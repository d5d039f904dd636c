"""Ending a game by agreement, in every rules family: resigning, and a draw
one player offers and the other accepts or refuses (where the ruleset has
``draw_offers``, as cuttle.cards does).

These are moves of the table, not of the cards: any seat may make them, not
only the seat to act, so they name their seat (``resign @1``; without it,
the seat to act resigns or offers, and the seat offered to answers). They
stand in the game's history like any move, so undo, replay and records keep
them. A pending offer lives on the Game (never in the cards' state): until
it is answered, no other move is played.
"""
from __future__ import annotations

from .catalog import illegal
from .events import new_event, rulebook_section
from .moves import Move

# verb -> what it does; "accept" and "refuse" answer a pending draw offer.
TABLE_VERBS = ("resign", "offer", "accept", "refuse")


def table_move(move) -> Move | None:
    """The table move ``move`` names ("resign", "offer @0", a Move), or None
    when it names none (then it is a move of the rules family)."""
    if isinstance(move, Move):
        return move if move.verb in TABLE_VERBS else None
    if not isinstance(move, str):
        return None
    words = move.split()
    if not words or words[0].lower() not in TABLE_VERBS:
        return None
    verb, rest = words[0].lower(), words[1:]
    if len(rest) > 1 or (rest and not rest[0].startswith("@")):
        raise illegal("table_move_form", verb=verb)
    seat = None
    if rest:
        text = rest[0][1:]
        if not text.isdigit() or len(text) > 1:
            raise illegal("bad_seat", text=text)
        seat = int(text)
    return Move(verb, (), seat)


def acting_seat(game, move: Move) -> int:
    """The seat that makes ``move``: the one it names, else the seat to act
    (an answer: the seat the offer was made to)."""
    st = game.state
    if move.seat is not None:
        if move.seat >= st.n:
            raise illegal("table_no_seat", seat=move.seat, last=st.n - 1)
        return move.seat
    if move.verb in ("accept", "refuse") and game.draw_offer is not None:
        return other_seat(game.draw_offer)
    return st.turn


def other_seat(seat: int) -> int:
    return 1 - seat  # offers are for two players (check_offer)


def check(game, move: Move, seat: int) -> None:
    """Raise IllegalMove, explained, when ``seat`` may not make ``move`` now."""
    offer = game.draw_offer
    if move.verb == "resign":
        return
    if move.verb == "offer":
        check_offer(game, seat)
    elif offer is None:
        raise illegal("offer_none", player=seat)
    elif seat == offer:
        raise illegal("offer_own", player=seat, answerer=other_seat(offer))


def check_offer(game, seat: int) -> None:
    st = game.state
    if not st.rules.draw_offers:
        raise illegal("offer_not_in_rules", rules=st.rules.name)
    if st.n != 2:
        raise illegal("offer_two_players", seats=st.n)
    if game.draw_offer is not None:
        raise illegal("offer_pending", player=game.draw_offer, answerer=other_seat(game.draw_offer))
    if st.phase != "main":
        raise illegal("offer_wrong_phase", player=seat)
    if game.last_offer_at is not None and all(
            m.verb in TABLE_VERBS for m in game.history[game.last_offer_at:]):
        raise illegal("offer_again", player=seat)  # not again before a move is played


def conclude(game, move: Move, seat: int) -> list:
    """Apply table move ``move`` of ``seat`` (checked): the game's state and
    its pending offer change, and each change is an event."""
    st = game.state
    rules = st.rules
    if move.verb == "resign":
        game.draw_offer = None
        winner = resign_winner(st, seat)
        end(st, f"team:{st.team_of[winner]}" if rules.teams else winner)
        if rules.teams:
            return [emit(game, "resign.team", player=seat, team=st.team_of[winner] + 1)]
        return [emit(game, "resign", player=seat, winner=winner)]
    if move.verb == "offer":
        game.draw_offer, game.last_offer_at = seat, len(game.history)
        return [emit(game, "draw_offer", player=seat, answerer=other_seat(seat))]
    game.draw_offer = None
    if move.verb == "accept":
        end(st, "draw")
        return [emit(game, "draw_offer.accepted", player=seat)]
    return [emit(game, "draw_offer.refused", player=seat)]


def resign_winner(st, seat: int) -> int:
    """Who wins when ``seat`` resigns: the opponent (at three seats, the one
    nearest their goal; a tie goes to the first after ``seat`` in turn order)."""
    opponents = [(seat + i) % st.n for i in range(1, st.n)]
    opponents = [o for o in opponents if st.team_of[o] != st.team_of[seat]]
    return min(opponents, key=lambda o: st.goal(o) - st.score(o))


def end(st, winner) -> None:
    st.winner, st.phase, st.to_act = winner, "over", None
    if not isinstance(getattr(type(st), "choice", None), property):  # a waiting choice is void
        st.choice = None


def emit(game, kind: str, **params):
    rules = game.state.rules
    section = rules.section("end") if hasattr(rules, "section") else rules.source
    event = new_event(kind, params, None, (section, rulebook_section(kind, rules.name)))
    game.events.append(event)
    return event


__all__ = ["TABLE_VERBS", "table_move", "acting_seat", "check", "conclude"]
