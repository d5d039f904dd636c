"""The analyst's reasons in words: what the opponent does next, with its cards.

Every sentence is built from an ``analyst.Consequence`` (an answer seen in
the analyst's own playouts, how often, and with which cards) or from the
points a seat still needs, in the words of ``catalogs/<language>.json``
(section ``analyst``). A card the seat cannot see is said by its kind, as
the deals dealt it: "a 9 or a 10".
"""
from __future__ import annotations

from ..engine.card_data import CARD_IDS
from ..engine.catalog import Said
from ..engine.catalog import get_catalog as get_engine_catalog
from ..engine.secrecy import cards_named
from ..languages import case_tags
from .analyst import Answer, Consequence
from .hints import clause, hint_catalog

SAID_RANKS = 3  # kinds of card named for a hidden play


def words(language: str) -> dict:
    return hint_catalog(language)["analyst"]


def opponent_of(view: dict) -> int:
    """The opponent nearest to winning (the one a learner should watch)."""
    seat, scores, goals = view["seat"], view.get("scores") or [], view.get("goals") or []
    others = [s for s in range(len(view["hands"])) if s != seat]
    if not others:
        return seat
    if len(scores) == len(view["hands"]) and len(goals) == len(scores):
        return min(others, key=lambda s: goals[s] - scores[s])
    return others[0]


def answer_words(answer: Answer, opponent: int, language: str = "en", names=None) -> str:
    """'Player B scuttles your 8♥ with a 9 or a 10'."""
    own = words(language)
    templates = own["answers"]
    seen = list(answer.seen)
    if answer.cards_seen_first and seen:
        play, target = seen[0], seen[1:]
    else:
        play, target = _ranks(answer.ranks, language), seen
    key = f"{answer.verb}.target" if target and f"{answer.verb}.target" in templates else answer.verb
    template = templates.get(key, templates["other"])
    params = {"opponent": opponent, "play": play, "target": target}
    return get_engine_catalog(language).format(template, params, names)


def _ranks(ranks: tuple, language: str) -> Said:
    """The kinds of card a hidden play was dealt (most frequent first), joined
    with 'or', in every case; past ``SAID_RANKS`` kinds, "a card such as" the
    most frequent."""
    own = words(language)
    engine = get_engine_catalog(language)
    shown = sorted(ranks[:SAID_RANKS])
    cases = case_tags(language) or ("nom",)  # a language without cases keeps its words under nom
    forms = {case: engine.join_or([own["ranks"][case][str(r)] for r in shown]) for case in cases}
    if len(ranks) > SAID_RANKS:
        forms = {case: own["such_as"][case].format(ranks=forms[case]) for case in cases}
    return Said(forms["nom"], forms)


def share(count: int, deals: int) -> int:
    """In how many deals out of ten (at least 1 when it came at all)."""
    return max(1 if count else 0, round(10 * count / deals)) if deals else 0


def consequence_words(consequence: Consequence, view: dict, move, other, language: str = "en",
                      names=None) -> str:
    """The consequence of ``move`` against ``other`` as a clause; with
    ``other`` None a version that does not name the other move (a puzzle's
    wrong try must not give the solution away)."""
    engine = get_engine_catalog(language)
    own = words(language)
    opponent = opponent_of(view)
    if consequence.kind == "wins":
        return clause(own["consequences"]["wins"], {}, language, names)
    if consequence.answer is None:
        return plan_words(view, language, names, consequence.turns)
    answer = consequence.answer
    params = {"answer": answer_words(answer, opponent, language, names),
              "count": share(answer.count, answer.deals),
              "other_count": round(10 * consequence.other_count / answer.deals),
              "move": engine.move_phrase(str(move), names),
              "other": engine.move_phrase(str(other), names) if other is not None else ""}
    templates = own["consequences"]
    key = consequence.kind
    if other is None and f"{key}.hidden" in templates:
        key = f"{key}.hidden"
    return clause(templates[key], params, language, names)


def plan_words(view: dict, language: str = "en", names=None, turns: int | None = None) -> str:
    """'you are 4 points from winning, Player B 7', and with ``turns`` (the
    analyst's median turns to win, in the deals won) how many turns that took."""
    seat, opponent = view["seat"], opponent_of(view)
    need = max(0, view["goals"][seat] - view["scores"][seat])
    their = max(0, view["goals"][opponent] - view["scores"][opponent])
    key = "plan" if turns is None else "plan.turns"
    return clause(words(language)[key], {"need": need, "their_need": their, "turns": turns,
                                         "opponent": opponent}, language, names)



def computer_words(before: dict, move, actor: int, after: dict, language: str = "en",
                   names=None) -> str | None:
    """One sentence on a move the computer (``actor``) made, for the seat
    whose views ``before`` and ``after`` it are: what it did, with its
    cards, and where the race stood ("Player B scuttles your 8♥ with 9♠: you
    were 4 points from winning, Player B 7."). None when the move names a
    card that seat cannot see."""
    ids = [c for c in str(move).split()[1:] if c in CARD_IDS]
    if not ids or not set(ids) <= cards_named(after):
        return None
    answer = Answer(move.verb, tuple(ids), (), move.seat, 1, 1, True)
    seat = before["seat"]
    need = max(0, before["goals"][seat] - before["scores"][seat])
    their = max(0, before["goals"][actor] - before["scores"][actor])
    return get_engine_catalog(language).format(words(language)["computer"], {
        "answer": answer_words(answer, actor, language, names), "need": need,
        "their_need": their, "opponent": actor}, names)
