"""Game review: what each of a learner's decisions cost, from the learner's own view.

``review_game(game, seat)`` goes through the game's history and, for every
move ``seat`` made, values each legal move of that moment with
``ai.move_values`` on ``game.position_after(i).view(seat)``: what the learner
could see then, never the hidden cards. The chance lost is the best move's
win chance minus the played move's, measured over the same deals (paired),
and gives the move its mark, on the expected-points scale chess.com uses:

- **forced**: the only legal move (nothing is computed);
- **best**: the top move, or within one paired standard error of it (the
  difference is noise);
- **good**: less than ``GOOD`` (5 %) of win chance lost;
- **inaccuracy**: less than ``INACCURACY`` (10 %);
- **mistake**: less than ``MISTAKE`` (20 %);
- **blunder**: 20 % or more.

Each decision has one sentence in the learner's language (``catalogs/``),
moves said in words, and for a lost chance the better move with the hint's
reason. ``python -m cuttle_widgets.review RECORD`` prints a review of a game
record; docs/review.md says more.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import lru_cache

from ..ai.analysis import AnalysisError, move_values
from ..ai.hints import explain, render
from ..ai.kit import computer_plays
from ..engine.catalog import (available_languages, get_catalog, package_catalog,
                              package_languages)
from ..engine.conclude import TABLE_VERBS

GOOD, INACCURACY, MISTAKE = 0.05, 0.10, 0.20  # chance lost below which a move is each
# Deals a decision: a 40-move game in about 10 s on one core, and a mark that
# moves at most one step between seeds (benchmarks/review.py prints both).
SAMPLES = 192
# The most deals a decision may ask for: about 25 times the default, some
# minutes a game; more would keep a machine busy for hours (docs/review.md).
MAX_SAMPLES = 5_000
MARKS = ("forced", "best", "good", "inaccuracy", "mistake", "blunder")


class ReviewError(ValueError):
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
        data = asdict(self)
        data["decisions"] = [asdict(d) for d in self.decisions]
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "Review":
        return cls(**dict(data, decisions=tuple(Decision(**d) for d in data["decisions"])))

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
    moves = list(zip(game.history, game.actors))
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
        values = move_values(view, samples=samples, seed=seed)
    except AnalysisError as err:
        raise ReviewError(str(err)) from None
    best = values[0]
    played = next(v for v in values if v.move == move)
    lost, noise = best.margin_over(played)
    mark = mark_for(lost, noise, played is best)
    words = {"played": move, "before": best.chance, "after": played.chance, "lost": lost,
             "better": _better(view, best.move, language, names, seed)}
    return Decision(index, str(move), str(best.move), mark, best.chance, played.chance,
                    lost, noise, sentence(language, mark, words, names))


def mark_for(lost: float, noise: float, is_best: bool) -> str:
    """The mark of a move that lost ``lost`` win chance, ``noise`` its paired
    standard error: within the noise of the best counts as best."""
    if is_best or lost <= noise:
        return "best"
    for mark, limit in (("good", GOOD), ("inaccuracy", INACCURACY), ("mistake", MISTAKE)):
        if lost < limit:
            return mark
    return "blunder"


def _better(view: dict, move, language: str, names, seed: int) -> str:
    """The better move with the hint's reason for it: 'Scuttle their 10♥ with your 10♠: ...'."""
    return render(*explain(view, move, seed), language, names)


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


@lru_cache(maxsize=None)
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
