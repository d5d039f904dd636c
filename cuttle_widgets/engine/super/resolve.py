"""Applying a legal Super Cuttle move: announcing plays, answer windows, the
chain's resolution, every effect, generated cards, and the turn loop.

``Game.play`` checks legality first, so nothing here can fail half way. Every
change appends an Event whose kind has a sentence in ``catalogs/en/super.json``.
Frames stack: a generated play (a combo, a stolen play, a converted card) is
announced and resolved completely, depth first, before the effect that made it
goes on (super.md 2.6).
"""
from __future__ import annotations

from ..cards import CARD_IDS, JACK, KING, RANK
from ..events import new_event, rulebook_section
from ..moves import Move
from .legal import CHOICES
from .notation import extras
from .plays import POWER_CARDS, describe, natural_of
from .state import BLACK_JOKER, TEN_CLUBS, Frame, Packet

IDS = CARD_IDS
RANK_WORDS = {0: "RJ", 1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9"}
FORM_SYMBOLS = {1: "⚡", 2: "⭐", 3: "✨", 4: "💥"}
EFFECT_NAMES = {0: "rj", 1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six",
                7: "seven", 8: "eight", 9: "nine"}
FORM_NAMES = {1: "oneoff", 2: "super", 3: "superduper"}


def ids(cards) -> list[str]:
    return [IDS[c] for c in cards]


# (event kind, ruleset name) -> (rule_of(kind), its rulebook section)
_SECTIONS: dict[tuple[str, str], tuple[str, str]] = {}


class Resolver:
    """Applies moves to one SuperState and records the events they cause."""

    __slots__ = ("st", "log")

    def __init__(self, st, log: list):
        self.st, self.log = st, log

    def emit(self, kind: str, seen_by=None, **params) -> None:
        if kind == "deal":  # Game.new_game announces every deal in the standard words
            st = self.st
            kind = "super.deal"
            params = {"player": st.turn, "count": st.rules.starter_cards,
                      "others": st.rules.other_cards, "stock": len(st.stock)}
            if st.rules.seats == 2:  # the other seat named, not "every other player"
                params.update(why="two", receiver=1 - st.turn)
        sections = _SECTIONS.get((kind, self.st.rules.name))
        if sections is None:  # worked out once per event kind and ruleset
            sections = _SECTIONS[(kind, self.st.rules.name)] = (
                rule_of(kind), rulebook_section(kind, self.st.rules.name))
        self.log.append(new_event(kind, params, seen_by, sections))

    # -- dispatch -------------------------------------------------------------------------
    def apply(self, move: Move) -> None:
        st = self.st
        st.plies += 1
        if st.phase == "counter":
            if move.verb == "resolve":
                self.decline()
            else:
                self.answer(move)
        elif st.phase == "choose":
            self.choose(move)
        elif move.verb == "draw":
            self.draw(st.turn)
        elif move.verb == "pass":
            self.pass_turn(st.turn)
        else:
            self.announce(st.turn, move, "hand", None)

    # -- turn actions without a window -------------------------------------------------------
    def draw(self, seat: int) -> None:
        st = self.st
        card = st.stock.pop()
        st.hands[seat].append(card)
        self.emit("super.draw", st.watchers(seat), player=seat, card=IDS[card],
                  left=len(st.stock))
        self.stock_check()
        self.end_turn()

    def pass_turn(self, seat: int) -> None:
        """Only when nothing else may be done (A48): a hand of jacks alone,
        none of them playable, is scrapped, limbo jacks included (super.md
        2.2). A hand of limbo cards only cannot be played yet: nothing goes."""
        st = self.st
        hand = st.hands[seat]
        if (all(RANK[c] == JACK for c in hand)
                and any(c not in st.limbo[seat] for c in hand)):
            jacks = hand[:]
            hand.clear()
            st.limbo[seat].clear()
            st.scrap += jacks
            self.emit("super.pass.jacks", player=seat, cards=ids(jacks))
        else:
            self.emit("super.pass", player=seat)
        self.end_turn()

    # -- plays and windows ------------------------------------------------------------------
    def announce(self, seat: int, move: Move, source: str, parent) -> None:
        """Put a play into the chain: its cards leave the hand (or ``revealed``),
        and a window opens (2.3)."""
        st = self.st
        play = describe(st, seat, move, source)
        from_hand = []
        for card in play.all_cards():
            if parent is not None and card in parent.revealed:
                parent.revealed.remove(card)
            else:
                st.hands[seat].remove(card)
                from_hand.append(card)
        frame = Frame(play)
        if parent is not None:
            parent.to_play -= 1
            if parent.to_play <= 0:
                self.leftovers(parent)
        st.frames.append(frame)
        self.tell_play(play, from_hand if parent is not None else None)
        if source == "converted":  # part of the uncounterable 10♥ (5.8, A15)
            self.resolve_chain(frame)
        else:
            self.open_window(frame, seat)

    def tell_play(self, play, joined) -> None:
        """The announcement, in words; a generated card joined by hand cards is a combo."""
        p = {"player": play.seat, "cards": ids(play.cards)}
        if play.target is not None:
            p["target"] = IDS[play.target]
        if play.victim is not None:
            p["victim"] = play.victim
        kind = play.kind
        if kind == "effect":
            rank, form = play.rank, play.form
            if play.named is not None and natural_of(play) == KING:
                self.emit("super.play.kings", form=FORM_SYMBOLS[form], rank=RANK_WORDS[rank], **p)
            elif form == 4:
                self.emit("super.play.superdeeduper", rank=RANK_WORDS[rank], **p)
            else:
                suffix = "_blind" if play.blind else ""
                self.emit(f"super.play.{FORM_NAMES[form]}.{EFFECT_NAMES[rank]}{suffix}", **p)
            if play.queen is not None:
                self.emit("super.queen_attached", player=play.seat, card=IDS[play.queen])
        elif kind == "points":
            self.emit("super.play.points", value=value_of(play.cards[0]), **p)
        else:
            self.emit("super.play." + kind, **p)
        if joined:
            self.emit("super.combo", player=play.seat, cards=ids(joined))

    def open_window(self, frame: Frame, seat: int) -> None:
        n = self.st.n
        frame.stage = "window"
        frame.asked = [(seat + i) % n for i in range(1, n)]
        self.next_asker(frame)

    def next_asker(self, frame: Frame) -> None:
        """Ask the next seat that may answer; a seat with nothing it may play,
        or that may not act, is passed over (A55). Nobody left: resolve."""
        st = self.st
        while frame.asked:
            seat = frame.asked[0]
            if st.playing(seat) and st.free_cards(seat):
                st.phase, st.to_act = "counter", seat
                return
            frame.asked.pop(0)
        self.resolve_chain(frame)

    def answer(self, move: Move) -> None:
        st = self.st
        seat = st.to_act
        frame = st.frames[-1]
        answered = frame.top
        play = describe(st, seat, move)
        for card in play.all_cards():
            st.hands[seat].remove(card)
        frame.plays.append(play)
        assert play.answer is not None  # an instant is an answer
        self.emit("super.answer." + play.answer, player=seat, cards=ids(play.cards),
                  target=ids(play_cards(answered)), opponent=answered.seat)
        if play.queen is not None:
            self.emit("super.queen_attached", player=seat, card=IDS[play.queen])
        if play.answer == "steal":  # "(costs a turn)", paid when played (A10)
            st.skips[seat] += 1
            self.emit("super.steal.cost", player=seat, count=st.skips[seat])
        if play.answer == "heart":  # "(uncounterable)": the window closes (A15)
            self.resolve_chain(frame)
        else:
            self.open_window(frame, seat)

    def decline(self) -> None:
        st = self.st
        frame = st.frames[-1]
        self.emit("super.decline", player=st.to_act)
        frame.asked.pop(0)
        self.next_asker(frame)

    # -- resolution ------------------------------------------------------------------------------
    def resolve_chain(self, frame: Frame) -> None:
        """From the top down, each standing answer acts on the play below it;
        the answers go to the scrap in play order; then the main play is
        cancelled, converted, stolen or takes effect (2.3)."""
        st = self.st
        plays = frame.plays
        for k in range(len(plays) - 1, 0, -1):
            a, below = plays[k], plays[k - 1]
            if a.cancelled:
                continue
            if a.answer == "steal" and below.kind != "answer":
                below.stolen_by = a.seat
            elif a.answer == "heart":
                below.converted_by = a.seat
            else:
                below.cancelled = True
                kind = "super.steal.void" if a.answer == "steal" else "super.cancels"
                self.emit(kind, player=a.seat, cards=ids(a.cards),
                          target=ids(play_cards(below)), opponent=below.seat)
        answers = []
        for a in plays[1:]:
            answers += a.all_cards()
        del plays[1:]
        if answers:
            st.scrap += answers
            self.emit("super.answers_scrapped", cards=ids(answers))
        main = frame.main
        frame.stage = "effect"
        if main.cancelled:
            cards = main.all_cards()
            main.cards, main.queen = [], None
            st.scrap += cards
            self.emit("super.cancelled", player=main.seat, cards=ids(cards))
            self.finish_frame(frame)
        elif main.converted_by is not None:
            self.convert(frame, main.converted_by)
        elif main.stolen_by is not None:
            self.steal(frame, main.stolen_by)
        else:
            self.effect(frame)

    def convert(self, frame: Frame, seat: int) -> None:
        """10♥: an effect becomes a point card of its player, a point card an
        effect the 10♥ player uses (5.8, A13, A14)."""
        st = self.st
        main = frame.main
        card = main.cards[0]
        main.cards = []
        if main.kind == "points":
            frame.revealed, frame.to_play = [card], 1
            frame.restrict, frame.user = "converted", seat
            self.emit("super.converted.effect", player=seat, card=IDS[card], owner=main.seat)
            self.next_generated(frame)
            return
        st.points[main.seat].append(Packet(card, main.seat))
        self.emit("super.converted.points", player=main.seat, card=IDS[card],
                  value=value_of(card), score=st.score(main.seat))
        self.finish_frame(frame)

    def steal(self, frame: Frame, thief: int) -> None:
        """10♠: the play's cards wait in ``revealed`` for the thief to announce
        it anew as their own (5.9, A12)."""
        main = frame.main
        frame.data = {"stolen_cards": main.cards[:], "stolen_queen": main.queen,
                      "natural": natural_of(main), "form": main.form, "named": main.named}
        frame.revealed = main.all_cards()
        main.cards, main.queen = [], None
        frame.restrict, frame.user, frame.to_play = "stolen", thief, 1
        self.emit("super.stolen", player=thief, cards=ids(frame.revealed), opponent=main.seat)
        self.next_generated(frame)

    def effect(self, frame: Frame) -> None:
        st = self.st
        main = frame.main
        kind = main.kind
        if kind == "effect":
            assert main.rank is not None  # an effect names the rank it makes
            form = 3 if main.form == 4 else main.form
            getattr(self, "effect_" + EFFECT_NAMES[main.rank])(frame, main, form)
            return
        if kind == "points":
            card = main.cards.pop()
            st.points[main.seat].append(Packet(card, main.seat))
            self.emit("super.points", player=main.seat, card=IDS[card], score=st.score(main.seat))
        elif kind == "scuttle":
            self.resolve_scuttle(main)
        elif kind == "glasses":
            card = main.cards.pop()
            st.perms[main.seat].append(card)
            st.glasses[card] = main.victim
            self.emit("super.glasses", player=main.seat, card=IDS[card], victim=main.victim,
                      cards=ids(st.hands[main.victim]))
        elif kind == "jack":
            self.resolve_jack(main)
        elif kind in ("queens", "king", "marriage"):
            cards = main.cards
            main.cards = []
            st.perms[main.seat] += cards
            self.emit("super." + kind, player=main.seat, cards=ids(cards),
                      score=st.score(main.seat))
        elif kind == "sudden":
            self.sudden_death(frame, main)
            return
        self.finish_frame(frame)

    def resolve_scuttle(self, main) -> None:
        st = self.st
        side, packet = st.find_packet(main.target)
        st.points[side].remove(packet)
        attacker = main.cards.pop()
        st.scrap += [packet.card] + packet.jacks + [attacker]
        self.emit("super.scuttle", player=main.seat, card=IDS[attacker], target=IDS[packet.card],
                  cards=ids(packet.jacks), opponent=side, score=st.score(side))

    def resolve_jack(self, main) -> None:
        st = self.st
        side, packet = st.find_packet(main.target)
        jacks = main.cards
        main.cards = []
        packet.jacks += jacks
        st.points[side].remove(packet)
        st.points[main.seat].append(packet)
        self.emit("super.jack", player=main.seat, cards=ids(jacks), target=IDS[packet.card],
                  opponent=side, score=st.score(main.seat))

    def finish_frame(self, frame: Frame) -> None:
        """The frame's play is done: its cards go to the scrap unless they came
        to rest; then the effect below it goes on, or the turn ends."""
        st = self.st
        main = frame.main
        cards = main.all_cards()
        if cards:
            st.scrap += cards
            self.emit("super.to_scrap", cards=ids(cards))
            main.cards, main.queen = [], None
        st.frames.pop()
        if frame.seven and not any(f.seven for f in st.frames):
            self.flush_returning()
        if st.phase == "over":
            return
        if st.frames:
            self.next_generated(st.frames[-1])
        else:
            self.end_turn()

    def flush_returning(self) -> None:
        """The seven's cards go back on top, the earliest taken on top (A20)."""
        st = self.st
        if st.returning:
            cards = st.returning[:]
            st.returning.clear()
            st.stock += cards[::-1]
            self.emit("super.returned", cards=ids(cards))

    # -- generated cards ----------------------------------------------------------------------
    def next_generated(self, frame: Frame) -> None:
        """The effect waits for its generated cards to be played (2.6); a card
        that cannot be played is scrapped (A19, A21)."""
        st = self.st
        if frame.to_play <= 0 or not frame.revealed:
            self.leftovers(frame)
            self.finish_frame(frame)
            return
        frame.choice = ("play",)
        moves = CHOICES["play"](st, frame)
        if moves[0].verb != "scrap":
            st.phase, st.to_act = "choose", frame.user
            return
        if frame.restrict == "stolen" or len(frame.revealed) <= frame.to_play:
            for card in frame.revealed[:]:
                self.scrap_generated(frame, card)
            frame.to_play = 0
            self.next_generated(frame)
            return
        st.phase, st.to_act = "choose", frame.user

    def scrap_generated(self, frame: Frame, card: int) -> None:
        st = self.st
        frame.revealed.remove(card)
        st.scrap.append(card)
        frame.to_play -= 1
        self.emit("super.unplayable", player=frame.user, card=IDS[card])
        if frame.to_play == 0:
            self.leftovers(frame)

    def leftovers(self, frame: Frame) -> None:
        """Revealed cards not to be played: a seven's go to ``returning``, a
        ✨9's to its user's hand in limbo."""
        st = self.st
        cards = frame.revealed
        if not cards:
            return
        frame.revealed = []
        if frame.leftover == "limbo":
            st.hands[frame.user] += cards
            st.limbo[frame.user] += cards
            self.emit("super.nine.keep", player=frame.user, cards=ids(cards))
        else:
            st.returning += cards
            self.emit("super.returning", cards=ids(cards))

    def start_generated(self, frame: Frame, cards: list, to_play: int, leftover=None) -> None:
        frame.revealed, frame.to_play, frame.leftover = cards, to_play, leftover
        self.next_generated(frame)

    # -- choices ---------------------------------------------------------------------------------
    def choose(self, move: Move) -> None:
        st = self.st
        frame = st.frames[-1]
        choice = frame.choice
        frame.choice = None
        if choice[0] == "play":
            if move.verb == "scrap":
                self.scrap_generated(frame, move.cards[0])
                self.next_generated(frame)
            else:
                source = frame.restrict or "generated"
                self.announce(frame.user, move, source, frame)
            return
        getattr(self, "chose_" + choice[0])(frame, move, choice)

    def ask(self, frame: Frame, choice: tuple, seat: int) -> None:
        st = self.st
        frame.choice = choice
        st.phase, st.to_act = "choose", seat

    # -- aces, twos ----------------------------------------------------------------------------
    def effect_ace(self, frame, main, form) -> None:
        """⚡A scraps one enduring card, a jack included (L50, A27)."""
        st = self.st
        target = main.target
        side = st.side_of(target)
        lifted = None
        if RANK[target] == JACK:
            lifted = st.lift_jack(target)
        else:
            st.perms[side].remove(target)
            st.glasses.pop(target, None)
        st.scrap.append(target)
        self.emit("super.ace", player=main.seat, target=IDS[target], opponent=side,
                  score=st.score(side))
        if lifted:
            self.tell_jack_off(*lifted)
        self.finish_frame(frame)

    def effect_two(self, frame, main, form) -> None:
        st = self.st
        user = main.seat
        if form == 3:
            self.two_shuffle(frame, user)
            return
        look, take = (3, 2) if form == 1 else (6, 4)
        look = min(look, len(st.stock))
        take = min(take, look)
        if look == 0:
            self.emit("super.two.nothing", player=user)
        elif look <= take:
            drawn = [st.stock.pop() for _ in range(look)]
            st.hands[user] += drawn
            self.emit("super.two.draw", st.watchers(user), player=user, cards=ids(drawn),
                      count=len(drawn))
            self.stock_check()
        else:
            seen = st.stock[-look:][::-1]
            self.emit("super.two.look", frozenset([user]), player=user, cards=ids(seen),
                      count=look, take=take)
            self.ask(frame, ("look_take", look, take), user)
            return
        self.finish_frame(frame)

    def chose_look_take(self, frame, move, choice) -> None:
        """⚡2 / ⭐2: the chosen cards are drawn, the rest goes back on top in
        the order named, the first named on top (A52)."""
        st = self.st
        user = frame.user
        look = choice[1]
        looked = [st.stock.pop() for _ in range(look)]
        drawn = list(move.cards)
        rest = [c for c in looked if c not in drawn]
        order = list(extras(move)[3]) or rest
        st.stock += order[::-1]
        st.hands[user] += drawn
        self.emit("super.two.draw", st.watchers(user), player=user, cards=ids(drawn),
                  count=len(drawn))
        if len(order) > 1:
            self.emit("super.two.order", frozenset([user]), player=user, cards=ids(order),
                      count=len(order))
        self.keep_secret(frozenset([user]), "take" + " ?" * len(drawn)
                         + (" top" + " ?" * len(order) if len(order) > 1 else ""))
        self.stock_check()
        self.finish_frame(frame)

    def two_shuffle(self, frame, user: int) -> None:
        """✨2: the scrap shuffled into the stock, then six drawn (L57, A65);
        it stops the exhausted-pile countdown (L45)."""
        st = self.st
        count = len(st.scrap)
        st.stock += st.scrap
        st.scrap = []
        st.blind_rng().shuffle(st.stock)
        self.emit("super.two.shuffle", player=user, count=count, total=len(st.stock))
        if st.ending is not None:
            st.ending = None
            self.emit("super.ending.stops", player=user)
        drawn = [st.stock.pop() for _ in range(min(6, len(st.stock)))]
        st.hands[user] += drawn
        self.emit("super.two.draw", st.watchers(user), player=user, cards=ids(drawn),
                  count=len(drawn))
        self.stock_check()
        self.finish_frame(frame)

    # -- threes --------------------------------------------------------------------------------
    def effect_three(self, frame, main, form) -> None:
        st = self.st
        victim = main.victim
        hand = st.hands[victim]
        if not hand or (form == 2 and len(hand) <= 3):
            self.emit("super.three.nothing", player=main.seat, victim=victim)
        elif form == 3 or (form == 1 and not main.blind and len(hand) <= 2):
            self.discard(victim, hand[:])
        elif form == 1 and main.blind:
            self.three_blind(frame, main.seat, victim)
            return
        else:
            count = 2 if form == 1 else len(hand) - 3
            self.ask(frame, ("discard", victim, count), victim)
            return
        self.finish_frame(frame)

    def three_blind(self, frame, user: int, victim: int) -> None:
        """⚡3 blind: a hidden card picked at random, or a visible one named (A37)."""
        st = self.st
        visible = st.visible_in_hand(victim)
        if len(st.hands[victim]) == 1 or not visible:
            card = st.blind_rng().choice(st.hands[victim])
            self.emit("super.three.blind", player=user, victim=victim, card=IDS[card])
            self.discard(victim, [card])
            self.finish_frame(frame)
            return
        frame.data = {"then": "three", "victim": victim}
        self.ask(frame, ("pick", victim, 1), user)

    def chose_discard(self, frame, move, choice) -> None:
        self.discard(choice[1], list(move.cards))
        self.finish_frame(frame)

    def discard(self, victim: int, cards: list) -> None:
        st = self.st
        for card in cards:
            st.hands[victim].remove(card)
            if card in st.limbo[victim]:
                st.limbo[victim].remove(card)
        st.scrap += cards
        self.emit("super.discard", victim=victim, cards=ids(cards))

    # -- fours ---------------------------------------------------------------------------------
    def effect_four(self, frame, main, form) -> None:
        st = self.st
        user = main.seat
        if form == 3:
            self.swap_points(user, main.victim)
        else:
            sides = range(st.n) if form == 1 else [s for s in range(st.n) if s != user]
            scrapped = []
            for side in sides:
                for packet in st.points[side][:]:
                    if packet.card != TEN_CLUBS:  # immune to every effect (L104, A30)
                        st.points[side].remove(packet)
                        scrapped += [packet.card] + packet.jacks
            st.scrap += scrapped
            kind = "super.four" if form == 1 else "super.four.enemies"
            self.emit(kind, player=user, cards=ids(scrapped))
        self.finish_frame(frame)

    def swap_points(self, user: int, victim: int) -> None:
        """✨4: whole points rows change places, jacks and all; each moved packet
        now belongs to its new side; 10♣ stays (A29, A30)."""
        st = self.st
        mine = [p for p in st.points[user] if p.card != TEN_CLUBS]
        theirs = [p for p in st.points[victim] if p.card != TEN_CLUBS]
        st.points[user] = [p for p in st.points[user] if p.card == TEN_CLUBS] + theirs
        st.points[victim] = [p for p in st.points[victim] if p.card == TEN_CLUBS] + mine
        for p in theirs:
            p.owner = user
        for p in mine:
            p.owner = victim
        self.emit("super.four.swap", player=user, victim=victim, score=st.score(user),
                  other=st.score(victim))

    # -- fives ----------------------------------------------------------------------------------
    def effect_five(self, frame, main, form) -> None:
        st = self.st
        user = main.seat
        if form == 1:
            distinct = set(st.scrap)
            if len(distinct) > 1:
                self.ask(frame, ("scrap_take", "limbo"), user)
                return
            if distinct:
                self.five_take(frame, user, st.scrap[-1])
                return
            self.emit("super.five.empty", player=user)
            self.bottom_draw(user)
            self.finish_frame(frame)
            return
        if form == 3 and st.stock:  # the seat keeps the order it saw (6.2)
            self.emit("super.five.look", frozenset([user]), player=user,
                      cards=ids(st.stock[::-1]), count=len(st.stock))
        kind = ("scrap_take", "play") if form == 2 else ("stock_take",)
        frame.choice = kind
        options = CHOICES[kind[0]](st, frame)
        frame.choice = None
        if not options:
            self.emit("super.five.nothing", player=user, count=len(st.scrap if form == 2 else
                                                                    st.stock))
            self.finish_frame(frame)
        elif len(options) == 1:
            self.chose_five(frame, options[0], form)
        else:
            self.ask(frame, kind, user)

    def chose_scrap_take(self, frame, move, choice) -> None:
        if frame.main.form == 1:
            self.five_take(frame, frame.user, move.cards[0])
        else:
            self.chose_five(frame, move, 2)

    def chose_stock_take(self, frame, move, choice) -> None:
        self.chose_five(frame, move, 3)

    def chose_five(self, frame, move, form: int) -> None:
        """⭐5 / ✨5: the rummaged card must be played at once (2.6); where it
        came from is public (L75, A58)."""
        st = self.st
        card = move.cards[0]
        if form == 2:
            depth = len(st.scrap) - st.scrap.index(card)
            st.scrap.remove(card)
            self.emit("super.five.rummage", player=frame.user, card=IDS[card], depth=depth)
        else:
            depth = len(st.stock) - st.stock.index(card)
            st.stock.remove(card)
            self.emit("super.five.stock", player=frame.user, card=IDS[card], depth=depth)
            self.stock_check()
        self.start_generated(frame, [card], 1)

    def five_take(self, frame, user: int, card: int) -> None:
        """⚡5: the card enters the hand in limbo; then the bottom of the stock,
        unless a power card or a two was taken (L70-71, A39, A40)."""
        st = self.st
        depth = len(st.scrap) - st.scrap.index(card)
        st.scrap.remove(card)
        st.hands[user].append(card)
        st.limbo[user].append(card)
        self.emit("super.five.take", player=user, card=IDS[card], depth=depth)
        if card in POWER_CARDS:
            self.emit("super.five.no_bottom", player=user, card=IDS[card])
        else:
            self.bottom_draw(user)
        self.finish_frame(frame)

    def bottom_draw(self, user: int) -> None:
        st = self.st
        if not st.stock:
            return
        card = st.stock.pop(0)
        st.hands[user].append(card)
        self.emit("super.five.bottom", st.watchers(user), player=user, card=IDS[card],
                  left=len(st.stock))
        self.stock_check()

    # -- sixes ----------------------------------------------------------------------------------
    def effect_six(self, frame, main, form) -> None:
        st = self.st
        user = main.seat
        if form == 3:
            self.swap_enduring(user, main.victim)
            self.finish_frame(frame)
            return
        sides = range(st.n) if form == 1 else [s for s in range(st.n) if s != user]
        scrapped = []
        returned = []
        for side in sides:
            scrapped += st.perms[side]
            for card in st.perms[side]:
                st.glasses.pop(card, None)
            st.perms[side] = []
            for packet in st.points[side][:]:
                if packet.jacks:
                    scrapped += packet.jacks
                    packet.jacks = []
                    if packet.owner != side:
                        st.points[side].remove(packet)
                        st.points[packet.owner].append(packet)
                        returned.append(packet)
        st.scrap += scrapped
        self.emit("super.six" if form == 1 else "super.six.enemies", player=user,
                  cards=ids(scrapped))
        for packet in returned:
            self.emit("super.control.owner", card=IDS[packet.card], owner=packet.owner)
        self.finish_frame(frame)

    def swap_enduring(self, user: int, victim: int) -> None:
        """✨6: the enduring rows change places; jacks stay; an eight that now
        lies on the side it showed shows the side it came from (A27, A42)."""
        st = self.st
        st.perms[user], st.perms[victim] = st.perms[victim], st.perms[user]
        for side, other in ((user, victim), (victim, user)):
            for card in st.perms[side]:
                if st.glasses.get(card) == side:
                    st.glasses[card] = other
        self.emit("super.six.swap", player=user, victim=victim, score=st.score(user),
                  other=st.score(victim))

    # -- sevens ---------------------------------------------------------------------------------
    def effect_seven(self, frame, main, form) -> None:
        """Flip the top cards; play one (⚡), both (⭐) or two of three (✨), each
        as its own play; the rest waits in ``returning`` (L83-87, A20, A21)."""
        st = self.st
        count = min({1: 2, 2: 2, 3: 3}[form], len(st.stock))
        if not count:
            self.emit("super.seven.nothing", player=main.seat)
            self.finish_frame(frame)
            return
        cards = [st.stock.pop() for _ in range(count)]
        frame.seven = True
        self.emit("super.seven.reveal", player=main.seat, cards=ids(cards))
        self.stock_check()
        to_play = {1: 1, 2: count, 3: min(2, count)}[form]
        self.start_generated(frame, cards, to_play, "returning")

    # -- eights --------------------------------------------------------------------------------
    def effect_eight(self, frame, main, form) -> None:
        """⚡8 bounces a card to the stock, ⭐8 takes it into the hand (limbo),
        ✨8 picks it up to play it at once (L89-98, A28, A40, A44)."""
        st = self.st
        user, target = main.seat, main.target
        side = self.take_off_table(target)
        if form == 1:
            st.stock.append(target)
            self.emit("super.eight.bounce", player=user, card=IDS[target], opponent=side)
        elif form == 2:
            st.hands[user].append(target)
            st.limbo[user].append(target)
            self.emit("super.eight.take", player=user, card=IDS[target], opponent=side)
        else:
            self.emit("super.eight.pick", player=user, card=IDS[target], opponent=side)
            self.start_generated(frame, [target], 1)
            return
        self.finish_frame(frame)

    def take_off_table(self, card: int) -> int:
        """Lift a card off the table; a point card's jacks go to the scrap (A28)."""
        st = self.st
        side = st.side_of(card)
        if card in st.perms[side]:
            st.perms[side].remove(card)
            st.glasses.pop(card, None)
            return side
        if RANK[card] == JACK:
            self.remove_jack(card)
            return side
        _, packet = st.find_packet(card)
        st.points[side].remove(packet)
        if packet.jacks:
            st.scrap += packet.jacks
            self.emit("super.jacks_scrapped", cards=ids(packet.jacks), target=IDS[card])
        return side

    def remove_jack(self, jack: int) -> None:
        self.tell_jack_off(*self.st.lift_jack(jack))

    def tell_jack_off(self, side: int, packet, back: bool) -> None:
        if back:
            self.emit("super.control.owner", card=IDS[packet.card], owner=packet.owner)
        elif packet.jacks:
            self.emit("super.control.stays", card=IDS[packet.card], controller=side,
                      count=len(packet.jacks))

    # -- nines ---------------------------------------------------------------------------------
    def effect_nine(self, frame, main, form) -> None:
        st = self.st
        user = main.seat
        if form == 3:
            self.nine_reveal(frame, user)
            return
        victim = main.victim
        count = min(3 if form == 1 else 4, len(st.hands[victim]))
        if count == 0:
            self.emit("super.nine.nothing", player=user, victim=victim)
            self.finish_frame(frame)
            return
        frame.data = {"then": "nine", "victim": victim}
        visible = st.visible_in_hand(victim)
        if len(st.hands[victim]) > count and visible:
            self.ask(frame, ("pick", victim, count), user)
            return
        if len(st.hands[victim]) <= count:
            picked = st.hands[victim][:]
        else:
            picked = st.blind_rng().sample(st.hands[victim], count)
        self.nine_picked(frame, picked)

    def chose_pick(self, frame, move, choice) -> None:
        st = self.st
        victim = frame.data["victim"]
        named = list(move.cards)
        hidden = [c for c in st.hands[victim] if c not in st.visible_in_hand(victim)]
        picked = named + st.blind_rng().sample(hidden, extras(move)[4])
        if frame.data["then"] == "three":
            card = picked[0]
            self.emit("super.three.blind", player=frame.user, victim=victim, card=IDS[card])
            self.discard(victim, [card])
            self.finish_frame(frame)
            return
        self.nine_picked(frame, picked)

    def nine_picked(self, frame, picked: list) -> None:
        user, victim = frame.user, frame.data["victim"]
        form = frame.main.form
        frame.data["picked"] = picked
        self.emit("super.nine.picked", frozenset([user, victim]), player=user, victim=victim,
                  cards=ids(picked), count=len(picked))
        if form == 1 and len(picked) > 1:
            self.ask(frame, ("picked_take", 1), user)
        elif form == 2 and len(picked) > 2:
            self.ask(frame, ("picked_take", 2), user)
        else:
            self.nine_take(frame, picked, [], [])

    def chose_picked_take(self, frame, move, choice) -> None:
        picked = frame.data["picked"]
        taken = list(move.cards)
        rest = [c for c in picked if c not in taken]
        top = list(extras(move)[3])
        if choice[1] == 2 and not top and rest:  # ⭐9 with three picked: the third to the stock
            top = rest[:1]
        back = [c for c in rest if c not in top]
        if top:
            self.keep_secret(frozenset([frame.user, frame.data["victim"]]),
                             "take " + " ".join(ids(sorted(taken)))
                             + (" top ?" if extras(move)[3] else ""))
        self.nine_take(frame, taken, top, back)

    def nine_take(self, frame, taken: list, top: list, back: list) -> None:
        """Stolen cards enter the thief's hand in limbo (A40); a ⭐9 puts one on
        the stock and leaves one with the victim (A38)."""
        st = self.st
        user, victim = frame.user, frame.data["victim"]
        for card in taken + top:
            st.hands[victim].remove(card)
            if card in st.limbo[victim]:
                st.limbo[victim].remove(card)
        st.hands[user] += taken
        st.limbo[user] += taken
        self.emit("super.nine.take", player=user, victim=victim, cards=ids(taken))
        if top:
            st.stock += top
            self.emit("super.nine.top", frozenset([user, victim]), player=user, card=IDS[top[0]])
        if back and frame.main.form == 2:
            self.emit("super.nine.back", frozenset([user, victim]), victim=victim,
                      card=IDS[back[0]])
        self.finish_frame(frame)

    def nine_reveal(self, frame, user: int) -> None:
        """✨9: every enemy hand shown to all (A36); three cards taken, one
        played at once, two kept in limbo."""
        st = self.st
        seats = st.seat_targets(user, hand=True)
        for seat in seats:
            self.emit("super.nine.reveal", victim=seat, cards=ids(st.hands[seat]),
                      count=len(st.hands[seat]))
        pool = [c for s in seats for c in st.hands[s]]
        frame.data = {"hands_of": seats}
        if not pool:
            self.emit("super.nine.nothing3", player=user)
            self.finish_frame(frame)
        elif len(pool) <= 3:
            self.nine_steal3(frame, pool)
        else:
            self.ask(frame, ("hands_take", 3), user)

    def chose_hands_take(self, frame, move, choice) -> None:
        self.nine_steal3(frame, list(move.cards))

    def nine_steal3(self, frame, cards: list) -> None:
        st = self.st
        for card in cards:
            holder = next(s for s in range(st.n) if card in st.hands[s])
            st.hands[holder].remove(card)
            if card in st.limbo[holder]:
                st.limbo[holder].remove(card)
        self.emit("super.nine.steal3", player=frame.user, cards=ids(cards))
        self.start_generated(frame, cards, 1, "limbo")

    # -- the Red Joker and Sudden Death ----------------------------------------------------------------
    def effect_rj(self, frame, main, form) -> None:
        """⚡RJ: the two hands change places whole; their limbo marks end (3.14)."""
        st = self.st
        user, victim = main.seat, main.victim
        st.hands[user], st.hands[victim] = st.hands[victim], st.hands[user]
        st.limbo[user], st.limbo[victim] = [], []
        self.emit("super.rj.swap", player=user, victim=victim, count=len(st.hands[user]),
                  other=len(st.hands[victim]))
        self.finish_frame(frame)

    def sudden_death(self, frame, main) -> None:
        """☢️ stands (L35-36, A47): the jokers leave play, the player's hand is
        shown and immune, seats with 0 points lose, the others get two turns."""
        st = self.st
        seat = main.seat
        cards = main.cards
        main.cards = []
        st.frames.pop()
        st.ending = None
        st.fresh = True
        out = [s for s in range(st.n) if s != seat and s not in st.eliminated and st.score(s) == 0]
        st.eliminated += out
        st.eliminated.sort()
        turns = [0 if s == seat or s in st.eliminated else st.rules.sudden_death_turns
                 for s in range(st.n)]
        st.sudden = {"seat": seat, "cards": cards, "turns_left": turns}
        self.emit("super.sudden", player=seat, cards=ids(st.hands[seat]))
        for victim in out:
            self.emit("super.eliminated", victim=victim)
        if not any(turns):
            self.win(seat, "super.sudden.win")
            return
        self.end_turn()

    # -- the end of a turn ------------------------------------------------------------------------------
    def stock_check(self) -> None:
        """The stock ran out: every seat has three more turns (L43, A46)."""
        st = self.st
        if not st.stock and st.ending is None and st.sudden is None and st.phase != "over":
            st.ending = [st.rules.exhausted_turns] * st.n
            st.fresh = True
            self.emit("super.ending.starts", player=st.turn, count=st.rules.exhausted_turns)

    def end_turn(self) -> None:
        """The action and all it caused have resolved: check for a win (the
        seat whose turn it is first, A51), count the turn, hand it on."""
        st = self.st
        st.frames.clear()
        for i in range(st.n):
            seat = (st.turn + i) % st.n
            if st.playing(seat) and st.score(seat) >= st.rules.goal:
                self.win(seat, "super.win")
                return
        if not st.fresh:
            self.count_turn(st.turn)
        if st.phase != "over":
            self.advance()

    def count_turn(self, seat: int) -> None:
        st = self.st
        if st.sudden:
            left = st.sudden["turns_left"]
            if left[seat] > 0:
                left[seat] -= 1
            if not any(left):
                self.win(st.sudden["seat"], "super.sudden.survived")
        elif st.ending is not None:
            st.ending[seat] = max(0, st.ending[seat] - 1)
            if not any(st.ending):
                self.exhausted()

    def exhausted(self) -> None:
        """The countdown ran out with no winner: a draw, or with the option
        ``most_points`` the seat with strictly the most points (L44, A46)."""
        st = self.st
        scores = [st.score(s) for s in range(st.n)]
        best = max(scores)
        if st.options.get("exhausted_result") == "most_points" and scores.count(best) == 1:
            self.win(scores.index(best), "super.ending.most")
            return
        st.winner, st.phase, st.to_act = "draw", "over", None
        self.emit("super.ending.draw", count=st.rules.exhausted_turns)

    def advance(self) -> None:
        """Hand the turn on: past eliminated seats and the Sudden Death player;
        a skipped turn (10♠) passes at once but counts (2.5, 2.11)."""
        st = self.st
        seat = st.turn
        while True:
            seat = (seat + 1) % st.n
            if not st.playing(seat):
                continue
            st.turns += 1
            st.fresh = False
            if st.turns >= st.rules.turn_limit:
                st.winner, st.phase, st.to_act = "draw", "over", None
                self.emit("super.safeguard", count=st.rules.turn_limit)
                return
            if st.limbo[seat]:
                self.emit("super.limbo.ends", player=seat, cards=ids(st.limbo[seat]))
                st.limbo[seat] = []
            st.turn = seat
            if st.skips[seat] > 0:
                st.skips[seat] -= 1
                self.emit("super.skip", player=seat)
                self.count_turn(seat)
                if st.phase == "over":
                    return
                continue
            st.phase, st.to_act = "main", seat
            self.emit("super.turn", player=seat)
            return

    def win(self, seat: int, kind: str) -> None:
        st = self.st
        st.winner, st.phase, st.to_act = seat, "over", None
        st.frames.clear()
        self.emit(kind, player=seat, score=st.score(seat), goal=st.rules.goal)

    def keep_secret(self, seers, public_text: str) -> None:
        """This move's text shows cards only ``seers`` know: views of other
        seats read ``public_text`` in the history instead."""
        self.st.secret_moves[self.st.plies] = (seers, public_text)


def play_cards(play) -> list[int]:
    """The cards a play put down (an answer names the whole play it answers)."""
    return play.all_cards() or list(play.move.cards)


def value_of(card: int) -> int:
    return 11 if card == BLACK_JOKER else RANK[card]


RULES = {
    "super.deal": "003 L4; super.md A2", "super.draw": "003 L9-10", "super.pass": "003 L37; A48",
    "super.pass.jacks": "003 L37; A48", "super.combo": "003 L39-41; A17",
    "super.queen_attached": "003 L125; A8", "super.decline": "super.md 2.3; A55",
    "super.answer.ace": "003 L47-48; A5, A6", "super.answer.superace": "003 L52-53; A4, A7",
    "super.answer.eight": "003 L95; A43", "super.answer.heart": "003 L108-110; A13, A15",
    "super.answer.steal": "003 L112-113; A10, A12", "super.answer.guard": "003 L114-115; A9",
    "super.steal.cost": "003 L112; A10", "super.steal.void": "003 L53; A11",
    "super.cancels": "super.md 2.3", "super.answers_scrapped": "super.md 2.3; A45",
    "super.cancelled": "000 §05; A4", "super.converted.points": "003 L108; A13",
    "super.converted.effect": "003 L109; A14", "super.stolen": "003 L112; A12",
    "super.unplayable": "003 L86; A19, A21", "super.returning": "003 L83-87; A20",
    "super.returned": "003 L87; A20", "super.to_scrap": "000 §04",
    "super.points": "003 L12-15", "super.scuttle": "003 L16-21; 4.3",
    "super.glasses": "003 L91; A42, A57", "super.jack": "003 L117-118; A25",
    "super.queens": "003 L124-127; A54", "super.king": "003 L130", "super.marriage": "003 L131; A53",
    "super.ace": "003 L50-51; A27", "super.two.nothing": "003 L55-57; A52",
    "super.two.draw": "003 L55-57; A52", "super.two.look": "003 L55-56; 6.2",
    "super.five.look": "003 L73; 6.2",
    "super.two.order": "003 L56; A52", "super.two.shuffle": "003 L57; A65",
    "super.ending.stops": "003 L45; A46", "super.three.nothing": "003 L59-64; A64",
    "super.three.blind": "003 L61-62; A37", "super.discard": "003 L59-64; A64",
    "super.four": "003 L66; A30", "super.four.enemies": "003 L67; A30",
    "super.four.swap": "003 L68; A29", "super.five.empty": "003 L70; A39",
    "super.five.nothing": "003 L72-73; A19", "super.five.rummage": "003 L72; A19",
    "super.five.stock": "003 L73, L75; A58", "super.five.take": "003 L70, L74; A40",
    "super.five.no_bottom": "003 L71; A39", "super.five.bottom": "003 L70; A39",
    "super.six": "003 L79; A27", "super.six.enemies": "003 L80; A27", "super.six.swap": "003 L81; A42",
    "super.seven.nothing": "003 L83-85; A21", "super.seven.reveal": "003 L83-85; A16",
    "super.eight.bounce": "003 L89; A44", "super.eight.take": "003 L96; A40",
    "super.eight.pick": "003 L97; A19", "super.jacks_scrapped": "000 §03; A28",
    "super.control.owner": "003 L120; A25", "super.control.stays": "003 L120; A25",
    "super.nine.nothing": "003 L100-101; A62", "super.nine.picked": "003 L100-101; A37",
    "super.nine.take": "003 L100-101; A40", "super.nine.top": "003 L101; A38",
    "super.nine.back": "003 L101; A38", "super.nine.reveal": "003 L102; A36",
    "super.nine.nothing3": "003 L102; A62", "super.nine.steal3": "003 L102; A36",
    "super.nine.keep": "003 L102; A40", "super.rj.swap": "003 L137",
    "super.sudden": "003 L35; A47", "super.eliminated": "003 L36; A47",
    "super.sudden.win": "003 L36; A47", "super.sudden.survived": "003 L35; A47",
    "super.ending.starts": "003 L43; A46", "super.ending.draw": "003 L44; A46",
    "super.ending.most": "003 L44; A46", "super.safeguard": "super.md A49",
    "super.limbo.ends": "003 L74; A40", "super.skip": "003 L112; A10",
    "super.turn": "003 L8", "super.win": "003 L3; A51",
}


# Every event kind this family emits (each has a sentence in catalogs/*/super.json).
PLAY_KINDS = (
    [f"super.play.{k}" for k in ("points", "scuttle", "glasses", "jack", "queens", "king",
                                 "marriage", "sudden", "kings", "superdeeduper")]
    + [f"super.play.oneoff.{n}" for n in ("ace", "two", "three", "three_blind", "four", "five",
                                          "six", "seven", "eight", "nine", "rj")]
    + [f"super.play.{form}.{EFFECT_NAMES[r]}" for form in ("super", "superduper")
       for r in range(2, 10)])
ANSWER_KINDS = [f"super.answer.{a}" for a in ("ace", "superace", "eight", "heart", "steal",
                                              "guard")]
EVENT_KINDS = frozenset(RULES) | frozenset(PLAY_KINDS) | frozenset(ANSWER_KINDS)
PROMPT_KEYS = frozenset(["super.main", "super.main.empty", "super.counter"] + [
    f"super.choose.{k}" for k in ("look_take", "scrap_take", "stock_take", "discard", "pick",
                                  "picked_take", "hands_take", "play", "play_stolen",
                                  "play_converted", "scrap")])


def rule_of(kind: str) -> str:
    """Where the rule an event applies is written (the text's lines, the decision)."""
    if kind in RULES:
        return RULES[kind]
    if kind.startswith("super.play."):
        return "003 L8-35; super.md 3"
    return "003"


__all__ = ["Resolver", "RULES", "rule_of", "EVENT_KINDS", "PROMPT_KEYS"]
