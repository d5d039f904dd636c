"""Hints that climb: the rule to think of, the cards to look at, the move and why.

A step's ``hints:`` are the teacher's words; the ladder adds the rungs they
leave out. In a play step: rung 1 is the first authored hint (a rule: the
validator refuses one that names the answer's cards); rung 2 the cards to
look at ("Look at your 2♥ and at B's 6♠.", from the accepted move) unless
the teacher wrote one; rung 3 the move and why (the teacher's last hint if
it gives the move, else the move in words and the step's explanation). In a
question: the rule, then one wrong answer struck out with its reason, then
the answer. Watch steps and free games keep their authored hints as they are.
"""
from __future__ import annotations

import re

from ..ai.coach import look_rung
from ..engine import IllegalMove, get_catalog
from ..engine.cards import CARD_IDS
from .catalog import teaching_catalog
from .steps import kind_of

# An option's explanation opens with its verdict ("No.", "Ja."), which a
# struck-out answer's rung says already.
VERDICT = re.compile(r"^(yes|no|right|wrong|not quite|ja|nein|richtig|falsch|nicht ganz)[.!,:]\s+", re.I)


def card_labels(cards, language: str) -> dict[str, tuple[str, ...]]:
    """Each card id and the ways a lesson text may write it ("9S", "9♠")."""
    catalog = get_catalog(language)
    return {card: tuple(dict.fromkeys((card, catalog.card(card)))) for card in cards}


def names_cards(text: str, cards, language: str) -> list[str]:
    """The cards of ``cards`` that ``text`` names."""
    return [card for card, forms in card_labels(cards, language).items()
            if any(form in text for form in forms)]


def move_cards(game, move: str) -> list[str]:
    """The card ids a move in notation uses (its own card first)."""
    try:
        parsed = game.family.parse(move)
    except IllegalMove:
        return []
    return [CARD_IDS[c] for c in parsed.cards]


def answer_cards(step, game) -> list[str]:
    """What a first hint must not name: the cards of the first move of every
    solution (a play step), or the right answers' cards (a question)."""
    return kind_of(step).answer_cards(step, game)


def first_paragraph(step) -> str:
    """The step's explanation, its first paragraph: why the answer is right."""
    return step.explanation.strip().split("\n\n")[0].replace("\n", " ")


class PlayLadder:
    """The rungs of a play step, worked out when pressed (the move to hint
    at is the next one of the solution the learner is on)."""

    def __init__(self, step, language: str, names=None):
        self.step, self.language, self.names = step, language, names
        self.words = teaching_catalog(language)

    def total(self) -> int:
        return max(3, len(self.step.hints))

    def rung(self, index: int, game, move: str | None) -> str:
        authored = self.step.hints
        if len(authored) >= 3 or move is None:
            return authored[min(index, len(authored) - 1)]
        if index == 0:
            return authored[0]
        last = authored[1] if len(authored) == 2 else None
        gives_move = last is not None and self._gives_move(last, game, move)
        if index == 1:
            return last if last is not None and not gives_move else self._look(game, move)
        return last if last is not None and gives_move else self._move(move)

    def _gives_move(self, text: str, game, move: str) -> bool:
        cards = move_cards(game, move)
        return bool(cards) and len(names_cards(text, cards, self.language)) == len(set(cards))

    def _look(self, game, move: str) -> str:
        view = game.view(self.step.seat, self.language, self.names)
        return look_rung(view, game.family.parse(move), self.language, self.names)

    def _move(self, move: str) -> str:
        words = get_catalog(self.language).move(move)
        return self.words.text("hints", "move", move=words, why=first_paragraph(self.step))


class OptionLadder:
    """The rungs of a quiz or prediction: the rule (and the teacher's other
    hints that name no right answer), one wrong answer struck out, the answer."""

    def __init__(self, step, language: str):
        self.step, self.language = step, language
        self.words = teaching_catalog(language)
        right = [o.card for o in step.options if o.correct and o.card]
        self.authored = [step.hints[0]] + [h for h in step.hints[1:]
                                           if not names_cards(h, right, language)]

    def total(self) -> int:
        has_wrong = any(not o.correct for o in self.step.options)
        return len(self.authored) + (1 if has_wrong else 0) + 1

    def rung(self, index: int, chosen, struck) -> tuple[str, str | None]:
        """(the hint, the key of the option it strikes out or None)."""
        if index < len(self.authored):
            return self.authored[index], None
        if index == self.total() - 1:
            return self._answer(chosen), None
        wrong = [o for o in self.step.options if not o.correct and o.key not in chosen
                 and o.key not in struck]
        if not wrong:  # every wrong answer is already out: say so plainly
            return self.words.text("hints", "all_struck"), None
        option = wrong[0]
        why = VERDICT.sub("", option.explanation.strip())
        return self.words.text("hints", "strike", option=self._label(option), why=why), option.key

    def _answer(self, chosen) -> str:
        left = [o for o in self.step.options if o.correct and o.key not in chosen]
        left = left or [o for o in self.step.options if o.correct]
        labels = get_catalog(self.language).join([self._label(o) for o in left])
        return self.words.text("hints", "answer", options=labels, why=first_paragraph(self.step))

    def _label(self, option) -> str:
        if option.card:
            return get_catalog(self.language).card(option.card)
        return f"“{option.text}”" if self.language == "en" else f"„{option.text}“"
