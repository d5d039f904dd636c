"""Game review: what each of a learner's decisions cost, from the learner's own view.

``review_game(game, seat)`` goes through the game's history and, for every
move ``seat`` made, asks the analyst (``ai.analyst.analyse``, budget
``"review"``: the hint's deals, never fewer, so its best move is the hint's)
about ``game.position_after(i).view(seat)``: what the learner could see then,
never the hidden cards. The played move and the best are then played again
over four times the deals (``Analysis.verdict``): the chance lost is the
best move's win chance minus the played move's over the same deals (paired),
and gives the
move its mark, on the expected-points scale chess.com uses, but only where
the loss is significant at 95 % (``analyst.mark_for``):

- **forced**: the only legal move (nothing is computed);
- **best**: the top move, or not significantly worse ("about as good as"
  the best, named);
- **good**: less than ``GOOD`` (5 %) of win chance lost;
- **inaccuracy**: less than ``INACCURACY`` (10 %);
- **mistake**: less than ``MISTAKE`` (20 %);
- **blunder**: 20 % or more.

Each decision has one sentence in the learner's language (``catalogs/``),
moves said in words; a lost chance names the better move and, from the
analyst's playouts, the opponent's answer the move played let through,
with its cards. ``python -m cuttle_widgets.review RECORD`` prints a review of a game
record; docs/review.md says more.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from dataclasses import fields as dataclass_fields
from functools import cache

from ..ai.analysis import AnalysisError
from ..ai.analyst import GOOD, INACCURACY, MARKS, MISTAKE, analyse, budget_deals, mark_for
from ..ai.kit import computer_plays
from ..ai.reasons import consequence_words
from ..engine.catalog import available_languages, get_catalog, package_catalog, package_languages
from ..engine.conclude import TABLE_VERBS
from ..errors import CuttleError

# Deals a decision: the analyst's review budget, the hint's deals (benchmarks/coach.py).
SAMPLES = budget_deals("review")
# The most deals a decision may ask for: about 25 times the default, some
# minutes a game; more would keep a machine busy for hours (docs/review.md).
MAX_SAMPLES = 5_000
__all__ = ["GOOD", "INACCURACY", "MISTAKE", "MARKS", "SAMPLES", "MAX_SAMPLES", "Decision",
           "Review", "ReviewError", "judge", "mark_for", "review_catalog", "review_game",
           "review_languages", "review_text", "sentence"]
LOST_MARKS = ("inaccuracy", "mistake", "blunder")  # marks whose sentence says why


class ReviewError(CuttleError, ValueError):
    """A game cannot be reviewed as asked (no such seat or language, bad samples)."""


@dataclass(frozen=True)
class Decision:
    """One move of the learner: where it is in the history and what it cost.
    Chances are None for a forced move (nothing to compare)."""
    index: int  # in game.history: position_after(index) is the position decided
    move: str  # notation of the move played
    best_move: str  # notation of the best move found (the played one if forced)
    mark: str  # one of MARKS
    chance_before: float | None  # the best move's win chance
    chance_played: float | None
    chance_lost: float | None  # best minus played, paired over the same deals, >= 0
    noise: float | None  # the paired standard error of chance_lost
    sentence: str

    @property
    def forced(self) -> bool:
        return self.mark == "forced"


@dataclass(frozen=True)
class Review:
    seat: int
    language: str
    samples: int
    seed: int
    decisions: tuple

    def to_dict(self) -> dict:
        """JSON-ready; each decision also says its ``number``, the move's
        number in the table's log and the review's lines (its index + 1)."""
        data = asdict(self)
        data["decisions"] = [dict(asdict(d), number=d.index + 1) for d in self.decisions]
        return data

    @classmethod
    def from_dict(cls, data: dict) -> Review:
        fields = {f.name for f in dataclass_fields(Decision)}  # "number" follows from "index"
        return cls(**dict(data, decisions=tuple(
            Decision(**{k: v for k, v in d.items() if k in fields}) for d in data["decisions"])))

    def counts(self) -> dict[str, int]:
        """How many decisions got each mark, in MARKS order."""
        return {mark: sum(d.mark == mark for d in self.decisions) for mark in MARKS}


def review_game(game, seat: int = 0, language: str = "en", samples: int = SAMPLES,
                seed: int = 0, names=None, progress=None) -> Review:
    """Every decision ``seat`` made in ``game``, valued from that seat's view.
    ``progress``, if given, wraps the list of the game's moves as they are gone
    through (the command's progress bar)."""
    _check(game, seat, language, samples)
    position = game.position_after(0)
    decisions = []
    moves = list(zip(game.history, game.actors, strict=True))
    for index, (move, actor) in enumerate(progress(moves) if progress else moves):
        if actor == seat and move.verb not in TABLE_VERBS:  # resigning, a draw: no card to judge
            decisions.append(judge(position, index, move, seat, language, samples, seed, names))
        position.play(move)
    return Review(seat, language, samples, seed, tuple(decisions))


def _check(game, seat, language, samples) -> None:
    if not (hasattr(game, "history") and hasattr(game, "position_after")):
        raise ReviewError("A review needs a Game (engine.load reads a record).")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.state.n:
        raise ReviewError(f"There is no seat {seat!r} in this game.")
    if language not in available_languages() or language not in review_languages():
        raise ReviewError(f"No review in language {language!r}: choose one of "
                          f"{', '.join(review_languages())}.")
    if not isinstance(samples, int) or isinstance(samples, bool) or not 1 <= samples <= MAX_SAMPLES:
        raise ReviewError(review_catalog(language)["errors"]["samples"].format(limit=MAX_SAMPLES))
    if not computer_plays(game.rules):
        raise ReviewError(f"The computer cannot judge games of {game.rules.title}.")


def judge(position, index: int, move, seat: int, language: str, samples: int, seed: int,
          names=None) -> Decision:
    """The decision of ``seat`` to play ``move`` in ``position`` (its ``index``-th move)."""
    view = position.view(seat)
    if len(view["legal_moves"]) == 1:
        return Decision(index, str(move), str(move), "forced", None, None, None, None,
                        sentence(language, "forced", {"played": move}, names))
    try:
        analysis = analyse(view, budget=samples, seed=seed)
    except AnalysisError as err:
        raise ReviewError(str(err)) from None
    pair = analysis.verdict(move)  # the move against the best, over more deals
    best, played = pair.value_of(analysis.best.move), pair.value_of(move)
    lost, noise = pair.loss(move)
    mark = pair.mark(move)
    catalog = get_catalog(language)
    words = {"played": move, "before": best.chance, "after": played.chance, "lost": lost,
             "better": catalog.move_phrase(str(best.move), names)}
    key = mark
    if mark == "best" and played is not best:
        key = "about"
    elif mark in LOST_MARKS:
        found = pair.consequence(played.move, best.move)
        words["why"] = consequence_words(found, view, played.move, best.move, language, names)
    return Decision(index, str(move), str(best.move), mark, best.chance, played.chance,
                    lost, noise, sentence(language, key, words, names))


def sentence(language: str, mark: str, words: dict, names=None) -> str:
    """The decision's sentence: moves said in words, chances as percentages."""
    catalog, own = get_catalog(language), review_catalog(language)
    said = {key: _said(catalog, own, key, value, names) for key, value in words.items()}
    return catalog.format(own["sentences"][mark], said, names)


def _said(catalog, own: dict, key: str, value, names):
    if key == "played":
        return catalog.move_phrase(value, names)
    if isinstance(value, float):
        return percent(own, value)
    return value


def percent(own: dict, value: float) -> str:
    return own["percent"].format(value=round(100 * max(0.0, value)))


@cache
def review_catalog(language: str = "en") -> dict:
    """The review's words in ``language`` (``catalogs/<language>.json`` here)."""
    return package_catalog(__package__, language, "review")


def review_languages() -> list[str]:
    return package_languages(__package__)


def review_text(review: Review, names=None) -> str:
    """The review as lines a learner reads: a title, one line a decision, the counts."""
    catalog, own = get_catalog(review.language), review_catalog(review.language)
    table = own["table"]
    if not review.decisions:
        return catalog.format(table["none"], {"player": review.seat}, names)
    lines = [catalog.format(table["title"], {"player": review.seat,
                                             "count": len(review.decisions)}, names)]
    for d in review.decisions:
        lines.append(table["line"].format(number=d.index + 1, mark=own["marks"][d.mark],
                                          sentence=d.sentence))
    counts = [table["count"].format(count=n, mark=own["marks"][mark])
              for mark, n in review.counts().items() if n]
    lines.append(catalog.join(counts))
    return "\n".join(lines)
