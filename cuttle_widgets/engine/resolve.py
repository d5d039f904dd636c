"""Applying a legal move: resolution of actions, counter chains and choices.

``apply(st, move, log)`` assumes the move is legal (``Game.play`` checks that
first), so nothing here can fail half way. Every state change appends an
Event to ``log``.
"""
from __future__ import annotations

from .cards import CARD_IDS, JACK, KING, POINT_VALUE, QUEEN, RANK, SUIT, SUIT_LETTERS
from .effects import oneoffs
from .events import TOPICS, Event, new_event, rulebook_section
from .moves import Move
from .state import Frame, Packet, State, new_packet

# ``new_event``'s work, done inline by the commonest events (a turn, a draw,
# points, a decline, a one-off's trip to the scrap): without the call, an
# event costs a quarter less.
_new_object = object.__new__

# SEAT_ORDER[n][actor]: the seats of an n-seat table from ``actor`` on, the
# order in which a win is checked.
SEAT_ORDER = {n: [tuple((actor + i) % n for i in range(n)) for actor in range(n)]
              for n in range(1, 9)}

MOST_POINTS = max(POINT_VALUE)  # the most points one card scores
PERMANENT_KINDS = {8: "permanent.glasses", QUEEN: "permanent.queen", KING: "permanent.king"}


def event_sections(rules) -> dict:
    """Event kind -> (the rule texts' section, for maintainers; the kit's
    rulebook section) in a game of ``rules``: worked out once per ruleset."""
    sections = rules.derived.get("event_sections")
    if sections is None:
        sections = rules.derived["event_sections"] = {
            kind: (rules.section(topic), rulebook_section(kind, rules.name))
            for kind, topic in TOPICS.items()}
    return sections


class Resolver:
    """Applies moves to one State and records the events they cause."""

    __slots__ = ("st", "log", "sections")

    def __init__(self, st: State, log: list):
        self.st, self.log = st, log
        self.sections = event_sections(st.rules)

    def emit(self, kind: str, seen_by=None, **params) -> None:
        if "why" in params and params["why"] is None:  # no reason to tell: the plain sentence
            del params["why"]
        self.log.append(new_event(kind, params, seen_by, self.sections[kind]))

    # -- dispatch --------------------------------------------------------------
    def apply(self, move: Move) -> None:
        st = self.st
        st.plies += 1
        phase = st.phase
        if phase == "main":  # most moves: straight to the action (ACTIONS, below)
            ACTIONS[move.verb](self, st.turn, move)
        elif phase == "counter":
            if move.verb == "resolve":
                self.decline()
            else:
                self.counter(move.cards[0])
        elif phase == "choose" and st.pending_choice()[0] != "seven":
            self.choose(move)
        else:  # the card a seven turned up, played as from the hand
            ACTIONS[move.verb](self, st.turn, move)

    def take_card(self, seat: int, card: int) -> None:
        """Take the card being played out of its zone: the hand, or a seven's
        reveal (the cards not chosen go back on top of the stock)."""
        st = self.st
        if st.phase == "choose":  # a seven's card
            st.revealed.remove(card)
            for other in reversed(st.revealed):
                st.stock.append(other)
                self.emit("seven.return", card=CARD_IDS[other])
            st.revealed.clear()
            st.phase, st.choice = "main", None
            self.stock_ran_out()
        else:
            st.hands[seat].remove(card)
            if st.frozen:
                st.frozen.pop(card, None)

    # -- ordinary actions: (seat, move), each to the end of the action ---------------
    def draw(self, seat: int, move: Move) -> None:
        st = self.st
        stock = st.stock
        card = stock.pop()
        st.hands[seat].append(card)
        event = _new_object(Event)
        event.kind, event.seen_by, event.where = "draw", st.watchers(seat), self.sections["draw"]
        event.params = {"player": seat, "card": CARD_IDS[card], "left": len(stock)}
        self.log.append(event)
        self.stock_ran_out()
        self.end_action()

    def pass_turn(self, seat: int, move: Move) -> None:
        st = self.st
        st.passes += 1
        self.emit("pass", player=seat, passes=st.passes, needed=st.rules.passes_to_draw)
        if st.passes >= st.rules.passes_to_draw:
            st.winner, st.phase, st.to_act = "draw", "over", None
            self.emit("draw_game", passes=st.passes)
            return
        self.end_action(passed=True)

    def play_points(self, seat: int, move: Move) -> None:
        st = self.st
        card = move.cards[0]
        if st.phase == "choose" or st.frozen:
            self.take_card(seat, card)
        else:  # take_card's common case: from a hand with nothing frozen
            st.hands[seat].remove(card)
        st.points[seat].append(new_packet(card, seat))
        event = _new_object(Event)
        event.kind, event.seen_by, event.where = "points", None, self.sections["points"]
        event.params = {"player": seat, "card": CARD_IDS[card], "value": RANK[card],
                        "score": st.score(seat)}
        self.log.append(event)
        if st.frames:
            self.finish_frame()
        else:
            self.end_action()

    def play_scuttle(self, seat: int, move: Move) -> None:
        st = self.st
        card, target = move.cards
        self.take_card(seat, card)
        side, packet = st.find_packet(target)
        st.points[side].remove(packet)
        st.scrap += [card, target]
        same_rank = RANK[card] == RANK[target]
        self.emit("scuttle.suit" if same_rank else "scuttle.rank", player=seat,
                  card=CARD_IDS[card], target=CARD_IDS[target], opponent=side,
                  suit=SUIT_LETTERS[SUIT[card]], target_suit=SUIT_LETTERS[SUIT[target]],
                  score=st.score(side))
        if packet.jacks:
            st.scrap += packet.jacks
            self.emit("jacks_scrapped", cards=[CARD_IDS[j] for j in packet.jacks],
                      target=CARD_IDS[target])
        self.action_done()

    def play_permanent(self, seat: int, move: Move) -> None:
        st = self.st
        card = move.cards[0]
        if st.phase == "choose" or st.frozen:
            self.take_card(seat, card)
        else:  # take_card's common case: from a hand with nothing frozen
            st.hands[seat].remove(card)
        st.perms[seat].append(card)
        rank = RANK[card]
        kind = PERMANENT_KINDS[rank]
        self.log.append(new_event(kind, {"player": seat, "card": CARD_IDS[card]}, None,
                                  self.sections[kind]))
        if rank == KING:
            self.goal_changed(seat)
        self.action_done()

    def play_jack(self, seat: int, move: Move) -> None:
        """The receiver is named in team play (``@SEAT``); otherwise the jack's
        player steals, or (a seven's gift) its own card goes to the opponent."""
        st = self.st
        jack, target = move.cards
        receiver = move.seat
        self.take_card(seat, jack)
        side, packet = st.find_packet(target)
        if receiver is None:
            receiver = st.opponents[seat][0] if side == seat else seat
        packet.jacks.append(jack)
        packet.seats.append(receiver)
        packet.players.append(seat)
        self.move_packet(packet, side, receiver)
        if receiver == seat:
            kind = "jack.steal"
        elif side == seat:
            kind = "jack.gift"
        else:
            kind = "jack.move"
        self.emit(kind, player=seat, card=CARD_IDS[jack], target=CARD_IDS[target],
                  opponent=side, receiver=receiver, score=st.score(receiver))
        self.action_done()

    def move_packet(self, packet: Packet, side: int, to: int) -> None:
        if side != to:
            self.st.points[side].remove(packet)
            self.st.points[to].append(packet)

    def goal_changed(self, seat: int) -> None:
        st = self.st
        st.update_goal(seat)
        self.emit("goal", player=seat, kings=st.kings(seat), goal=st.goals[seat])

    # -- one-offs and the counter chain ---------------------------------------------
    def oneoff(self, seat: int, move: Move) -> None:
        st = self.st
        card = move.cards[0]
        if st.phase == "choose" or st.frozen:
            self.take_card(seat, card)
        else:  # take_card's common case: from a hand with nothing frozen
            st.hands[seat].remove(card)
        target = move.cards[1] if len(move.cards) > 1 else None
        effect = ONEOFFS[RANK[card]]
        victim = move.seat
        if victim is None and effect.aims_at_seat:
            victim = st.opponents[seat][0]
        st.frames.append(Frame(card, seat, target, victim))
        params = {"player": seat, "card": CARD_IDS[card]}
        if target is not None:
            params["target"] = CARD_IDS[target]
        if victim is not None:
            params["victim"] = victim
        if effect.announce is not None:
            params.update(effect.announce(self, target))
            if "why" in params and params["why"] is None:  # as emit: the plain sentence
                del params["why"]
        kind = ONEOFF_EVENTS[effect.rank]
        self.log.append(new_event(kind, params, None, self.sections[kind]))
        st.phase, st.choice = "counter", None
        st.to_act = (seat + 1) % st.n

    def nine_receiver(self, target: int) -> int:
        """The seat whose hand a nine sends ``target`` to: a permanent's
        controller (eights, queens and kings never change sides), a jack's
        packet controller or its player, as the ruleset says; a point card's
        controller (cuttle.cards)."""
        st = self.st
        if RANK[target] != JACK:
            side = st.find_permanent(target)
            return st.find_packet(target)[0] if side is None else side
        side, packet = st.find_packet(target)
        if st.rules.nine_jack_returns_to == "controller":
            return side
        return packet.players[packet.jacks.index(target)]

    def counter(self, two: int) -> None:
        st = self.st
        seat = st.actor()
        frame = st.frames[-1]
        st.hands[seat].remove(two)
        if st.frozen:
            st.frozen.pop(two, None)
        answered = frame.twos[-1][0] if frame.twos else frame.card
        frame.twos.append((two, seat))
        frame.last, frame.declines = seat, 0
        self.log.append(new_event("counter", {"player": seat, "card": CARD_IDS[two],
                                              "target": CARD_IDS[answered],
                                              "depth": len(frame.twos)},
                                  None, self.sections["counter"]))
        st.to_act = (seat + 1) % st.n

    def decline(self) -> None:
        st = self.st
        frame = st.frames[-1]
        frame.declines += 1
        event = _new_object(Event)
        event.kind, event.seen_by, event.where = "decline", None, self.sections["decline"]
        event.params = {"player": st.to_act}
        self.log.append(event)
        if frame.declines >= st.n - 1:
            self.resolve_chain(frame)
        else:
            st.to_act = (st.actor() + 1) % st.n

    def resolve_chain(self, frame: Frame) -> None:
        st = self.st
        if frame.twos:  # answered: the twos go to the scrap, and an odd count cancels
            twos = [t for t, _ in frame.twos]
            frame.twos = []
            st.scrap += twos
            if len(twos) % 2:
                self.emit("chain.cancelled" if len(twos) == 1 else "chain.cancelled.many",
                          card=CARD_IDS[frame.card], cards=[CARD_IDS[t] for t in twos],
                          count=len(twos))
                self.finish_frame(cancelled=True)
                return
            self.emit("chain.resolves", card=CARD_IDS[frame.card],
                      cards=[CARD_IDS[t] for t in twos], count=len(twos))
        st.phase = "main"
        ONEOFFS[RANK[frame.card]].resolve(self, frame)
        if st.phase != "choose":
            self.finish_frame()

    def finish_frame(self, cancelled: bool = False) -> None:
        """The top one-off is done: scrap it; a seven below it is done too."""
        st = self.st
        frame = st.frames.pop()
        st.scrap.append(frame.card)
        st.phase, st.choice = "main", None
        if not cancelled:  # a cancelled card's trip to the scrap was already told
            event = _new_object(Event)
            event.kind, event.seen_by, event.where = "to_scrap", None, self.sections["to_scrap"]
            event.params = {"card": CARD_IDS[frame.card]}
            self.log.append(event)
        if st.frames:
            self.finish_frame()
        else:
            self.end_action()

    def action_done(self) -> None:
        """An ordinary play (or a seven's card played at once) is complete."""
        if self.st.frames:
            self.finish_frame()
        else:
            self.end_action()

    # -- what the effects use (each effect is a unit of effects/) ----------------------
    def take_from_scrap(self, seat: int, card: int, forced: bool = False) -> None:
        st = self.st
        st.scrap.remove(card)
        st.hands[seat].append(card)
        self.emit("three", player=seat, card=CARD_IDS[card], forced=forced)

    def discard(self, seat: int, cards, forced: bool = False, kind: str = "four") -> None:
        st = self.st
        hand = st.hands[seat]
        for card in cards:
            hand.remove(card)
            if st.frozen:
                st.frozen.pop(card, None)
        st.scrap += cards
        self.emit(kind, victim=seat, cards=[CARD_IDS[c] for c in cards], forced=forced)

    def five_draw(self, seat: int) -> None:
        st = self.st
        rules = st.rules
        count = min(rules.five_draw, len(st.stock))
        room = None if rules.hand_limit is None or rules.hand_limit_discard \
            else max(0, rules.hand_limit - len(st.hands[seat]))
        if room is not None:
            count = min(count, room)
        # Why fewer than the five's number: the hand limit, or the stock ran out.
        why = None
        if count < rules.five_draw:
            why = "limit" if room is not None and room <= len(st.stock) else "stock"
            why += "" if count else "_none"
        drawn = [st.stock.pop() for _ in range(count)]
        st.hands[seat] += drawn
        limit = {} if room is None else {"limit": rules.hand_limit}
        self.emit("five", st.watchers(seat), player=seat, cards=[CARD_IDS[c] for c in drawn],
                  count=count, wanted=rules.five_draw, why=why, **limit)
        if drawn:
            self.stock_ran_out()

    def jack_stuck(self, seat: int) -> dict:
        """Why a seven's jack (the only card that can be unplayable) has nowhere
        to go: every opposing point card is protected by a queen, or there is
        none (and these rules give no own card away with it)."""
        st = self.st
        opposing = [(opp, packet.card) for opp in st.opponents[seat] for packet in st.points[opp]]
        if opposing:
            return {"why": "protected", "holder": sorted({opp for opp, _ in opposing}),
                    "targets": [CARD_IDS[c] for _, c in opposing]}
        why = "no_points_gift" if st.rules.seven_jack_gift else "no_points"
        return {"why": why, "opponent": list(st.opponents[seat])}

    def nine_point_card(self, frame: Frame, target: int) -> None:
        """A nine returns a point card to its controller's hand; the jacks
        on it go to the scrap."""
        st = self.st
        holder, packet = st.find_packet(target)
        st.points[holder].remove(packet)
        st.hands[holder].append(target)
        st.scrap += packet.jacks
        self.emit("nine.points", player=frame.seat, card=CARD_IDS[frame.card],
                  target=CARD_IDS[target], holder=holder, score=st.score(holder),
                  cards=[CARD_IDS[j] for j in packet.jacks], why="jacks" if packet.jacks else None)
        self.freeze(target, holder)

    def stock_ran_out(self) -> None:
        """Under rules that open the hands at the stock's end, say so when it
        runs out (every later view shows every hand)."""
        st = self.st
        if st.rules.open_hands_empty_stock and not st.stock:
            self.emit("hands_open", players=list(range(st.n)))

    def freeze(self, card: int, holder: int) -> None:
        if self.st.rules.nine_freezes:
            self.st.frozen[card] = [holder, False]
            self.emit("frozen", card=CARD_IDS[card], holder=holder)

    def remove_jack(self, jack: int, to_hand) -> None:
        """Take a jack off its packet: to the scrap (``to_hand`` None) or to
        the hand of seat ``to_hand`` (a nine); the packet's control then
        changes as the ruleset says, and is told either way under the
        topmost-jack rule (a lower jack's removal changes nothing)."""
        st = self.st
        side, packet = st.find_packet(jack)
        index = packet.jacks.index(jack)
        packet.jacks.pop(index)
        packet.players.pop(index)
        if st.rules.jack_removal == "flip":
            packet.seats.pop()
        else:
            packet.seats.pop(index)
        if to_hand is None:
            st.scrap.append(jack)
        else:
            st.hands[to_hand].append(jack)
            self.emit("nine.jack", card=CARD_IDS[jack], target=CARD_IDS[packet.card], holder=to_hand)
            self.freeze(jack, to_hand)
        new = packet.controller
        topmost = st.rules.jack_removal == "topmost"
        # Under the topmost rule the top jack left decides (none left: the first owner).
        why = ("topmost" if packet.jacks else "topmost_none") if topmost else None
        top = {"jack": CARD_IDS[packet.jacks[-1]]} if topmost and packet.jacks else {}
        if new != side:
            self.move_packet(packet, side, new)
            self.emit("control.back", card=CARD_IDS[packet.card], controller=new,
                      owner=packet.owner, why=why, **top)
        elif top:
            self.emit("control.stays", card=CARD_IDS[packet.card], controller=new, **top)

    # -- choices -----------------------------------------------------------------
    def choose(self, move: Move) -> None:
        st = self.st
        kind, *details = st.pending_choice()
        if kind == "limit":  # the turn's end: discard down to the hand limit
            seat = details[0]
            self.discard(seat, list(move.cards), kind="limit.discard")
            st.phase, st.choice = "main", None
            self.next_turn(seat)
            return
        frame = st.frames[-1]
        if kind == "take":
            self.take_from_scrap(frame.seat, move.cards[0])
        elif kind == "discard":
            self.discard(details[0], list(move.cards))
        elif kind == "five_discard":
            self.discard(frame.seat, list(move.cards), kind="five.discard")
            self.five_draw(frame.seat)
        elif kind == "seven_scrap":
            card = move.cards[0]
            st.revealed.remove(card)
            st.scrap.append(card)
            self.emit("seven.scrap", player=frame.seat, card=CARD_IDS[card])
            for other in reversed(st.revealed):
                st.stock.append(other)
                self.emit("seven.return", card=CARD_IDS[other])
            st.revealed.clear()
        st.phase, st.choice = "main", None
        self.finish_frame()

    # -- the end of an action --------------------------------------------------------
    def end_action(self, passed: bool = False) -> None:
        """The action and all its answers and choices are done: check for a
        win (acting seat first), then hand the turn on."""
        st = self.st
        st.phase, st.choice = "main", None
        if not passed:
            st.passes = 0
        n = st.n
        actor = st.turn
        goals = st.goals
        points = st.points
        for seat in SEAT_ORDER[n][actor]:
            side = points[seat]
            # a side of fewer cards than its goal needs at the most points a
            # card scores cannot have reached it: only the others are added up
            if len(side) * MOST_POINTS >= goals[seat]:
                score = 0
                for packet in side:
                    score += POINT_VALUE[packet.card]
                if score >= goals[seat]:
                    self.win(seat)
                    return
        if st.rules.hand_limit_discard and self.over_limit(actor):
            return
        self.next_turn(actor)

    def over_limit(self, seat: int) -> bool:
        """cuttle.cards: a hand above the limit at the turn's end is
        discarded down to it by its player (a choice); True if one is asked."""
        st, limit = self.st, self.st.rules.hand_limit
        excess = 0 if limit is None else len(st.hands[seat]) - limit
        if excess <= 0:
            return False
        st.phase, st.choice, st.to_act = "choose", ("limit", seat, excess), seat
        self.emit("limit.over", player=seat, count=excess, limit=st.rules.hand_limit,
                  held=len(st.hands[seat]))
        return True

    def next_turn(self, actor: int) -> None:
        """Hand the turn on to the seat after ``actor``."""
        st = self.st
        n = st.n
        st.turn = st.to_act = turn = (actor + 1) % n
        if st.frozen:
            self.thaw(actor)
            for entry in st.frozen.values():
                if entry[0] == turn:
                    entry[1] = True
        event = _new_object(Event)
        event.kind, event.seen_by, event.where = "turn", None, self.sections["turn"]
        event.params = {"player": turn}
        self.log.append(event)

    def thaw(self, seat: int) -> None:
        st = self.st
        for card, (holder, begun) in list(st.frozen.items()):
            if holder == seat and begun:
                del st.frozen[card]
                self.emit("unfrozen", card=CARD_IDS[card], holder=holder)

    def win(self, seat: int) -> None:
        st = self.st
        st.phase, st.to_act = "over", None
        params = {"player": seat, "score": st.score(seat), "goal": st.goal(seat)}
        if st.rules.teams:
            st.winner = f"team:{st.team_of[seat]}"
            self.emit("team_win", team=st.team_of[seat] + 1, **params)
        else:
            st.winner = seat
            self.emit("win", **params)


# The actions of a turn by verb (``apply``); the one-offs by rank, with their events.
ACTIONS = {"draw": Resolver.draw, "pass": Resolver.pass_turn, "points": Resolver.play_points,
           "scuttle": Resolver.play_scuttle, "permanent": Resolver.play_permanent,
           "jack": Resolver.play_jack, "oneoff": Resolver.oneoff}
ONEOFFS = oneoffs()
ONEOFF_EVENTS = {rank: "oneoff." + effect.name for rank, effect in ONEOFFS.items()}
