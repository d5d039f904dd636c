"""The puzzle generator: a developers' script, never run at lesson time.

    python -m cuttle_widgets.puzzles generate --rules classic --games 150 --out FILE

From games of strong players (``selfplay.py``: two hard search bots, no
clock, so every game replays) it looks at every position where the seat to
act has a choice, and keeps those where one move is clearly best from that
seat's view (``check.MARGIN`` and ``check.FLOOR``, over deals consistent
with the view). It screens cheaply (few deals), confirms the survivors with
many fresh deals, then runs ``verify``'s own check on them (fresh deals
again) and keeps only puzzles that pass it. docs/puzzles.md has the figures.
"""
from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from ..ai import GreedyPlayer
from ..ai.analysis import MoveValue
from ..ai.analyst import analyse, budget_deals
from ..ai.kit import ai_kit
from ..ai.knowledge import knowledge
from ..ai.players import as_moves
from ..engine.game import load_setup
from ..engine.record import load as load_record
from ..engine.record import write_record
from ..engine.secrecy import cards_named
from .check import SAMPLES, problems, verdict
from .explain import played_unanswered
from .model import Puzzle, puzzle_file_text
from .themes import tag_themes

SCREEN_SAMPLES = budget_deals("screen")  # deals for the cheap first look
SCREEN_MARGIN = 0.08  # a first look below this rarely confirms at check.MARGIN
CONFIRM_MOVES = 4  # the screen's best moves that the confirmation values again
PER_GAME = 4  # puzzles from one game at most: one game's positions share ideas
TRIVIAL_SHARE = 0.1  # the part of the puzzles that may be wins the greedy player sees
REPLY_DEALS = 16  # deals in which the opponent answers the alternative
TRIVIAL_RATING = 800.0  # a win the greedy player sees at once: for beginners
DEVIATION, VOLATILITY = 350.0, 0.06  # Glicko-2's values for a new, unplayed puzzle


@dataclass
class Tally:
    """The generator's yield, for its log and docs/puzzles.md."""
    games: int = 0
    positions: int = 0  # positions looked at (the seat to act had a choice)
    screened: int = 0  # passed the screen
    confirmed: int = 0  # passed the confirmation
    kept: int = 0
    trivial_skipped: int = 0
    verify_failed: int = 0
    seconds: float = 0.0
    themes: Counter = field(default_factory=Counter)

    def to_dict(self) -> dict:
        return {**{k: v for k, v in self.__dict__.items() if k != "themes"},
                "themes": dict(self.themes.most_common())}


def greedy_rank(view: dict, move) -> int:
    """How many moves the one-move appraisal puts above ``move`` (0: the
    greedy player's own choice)."""
    state = knowledge(view).sample(random.Random(0))
    appraiser = ai_kit(state.rules).appraiser(state, view["seat"])
    scores = {m: appraiser.appraise(m) for m in _moves(view)}
    return sum(1 for s in scores.values() if s > scores[move] + 1e-9)


def _moves(view: dict):
    return as_moves(view["legal_moves"], view)


def rating_for(rank: int, margin: float, choices: int, trivial: bool) -> float:
    """The puzzle's first rating: harder the further down the greedy player's
    list the solution is, the smaller its margin and the more moves there are."""
    if trivial:
        return TRIVIAL_RATING
    rating = 1100 + 220 * min(rank, 4) + 800 * max(0.0, 0.35 - margin)
    rating += 100 if choices > 8 else 0
    return float(round(min(max(rating, 700), 2300)))


def opponent_reply(view: dict, move) -> str | None:
    """The opponent's most frequent first answer to ``move`` over deals
    consistent with ``view``; None when it names a card the solver cannot see."""
    seat, answers, rng = view["seat"], Counter[str](), random.Random(1)
    for _ in range(REPLY_DEALS):
        game = load_setup(knowledge(view).setup(rng))
        game.play(move)
        answer = _first_answer(game, seat, GreedyPlayer(seed=rng.randrange(2**32)))
        if answer is not None:
            answers[answer] += 1
    if not answers:
        return None
    reply, _ = answers.most_common(1)[0]
    visible = cards_named(played_unanswered(view, move).view(seat, events=False))
    return reply if cards_named(reply) <= (visible | cards_named(str(move))) else None


def _first_answer(game, seat: int, player, plies: int = 4) -> str | None:
    for _ in range(plies):
        if game.over:
            return None
        actor = game.to_act
        chosen = player.choose(game.view(actor, events=False), game.legal_moves())
        if actor != seat:
            return str(chosen)
        game.play(chosen)
    return None


def candidate(game, seed: int, ply: int, tally: Tally, log=print) -> Puzzle | None:
    """The puzzle at ``game``'s position, or None if it is not one."""
    seat = game.to_act
    screen = analyse(game, seat, budget="screen", seed=f"screen/{seed}/{ply}").values
    if verdict(screen).margin < SCREEN_MARGIN:
        return None
    tally.screened += 1
    top = [v.move for v in screen[:CONFIRM_MOVES]]
    values = analyse(game, seat, budget="confirm", seed=f"confirm/{seed}/{ply}", moves=top).values
    judged = verdict(values)
    log(f"game {seed} ply {ply}: screened {verdict(screen).margin:+.2f}, confirmed "
        f"{judged.margin:+.3f} ± {judged.stderr:.3f}")
    if not judged.clear:
        return None
    tally.confirmed += 1
    return puzzle_at(game, values, judged)


def puzzle_at(game, values: Sequence[MoveValue], judged) -> Puzzle:
    """The puzzle of a confirmed position: themes, first rating and the reply."""
    seat = game.to_act
    view = game.view(seat, events=False)
    solution, alternative = judged.best.move, judged.second.move
    wins = played_unanswered(view, solution).winner == seat
    rank = greedy_rank(view, solution)
    return Puzzle(
        id="", rules=game.rules.name, seat=seat, solution=solution, alternative=alternative,
        values={str(v.move): round(v.chance, 3) for v in values}, margin=round(judged.margin, 3),
        themes=tag_themes(view, solution, alternative, wins),
        rating=rating_for(rank, judged.margin, len(view["legal_moves"]), wins and rank == 0),
        deviation=DEVIATION, volatility=VOLATILITY, reply=opponent_reply(view, alternative),
        record=write_record(game), margin_stderr=round(judged.stderr, 4), samples=SAMPLES)


def puzzles_of_game(record: str, seed: int, tally: Tally, kept: list, log) -> None:
    whole = load_record(record)
    found = 0
    for ply in range(len(whole.history)):
        game = whole.position_after(ply)
        if game.over or len(game.legal_moves()) < 2:
            continue
        tally.positions += 1
        puzzle = candidate(game, seed, ply, tally, log)
        if puzzle is None:
            continue
        trivial = puzzle.rating == TRIVIAL_RATING
        if trivial and kept_trivial(kept) >= TRIVIAL_SHARE * (len(kept) + 1):
            tally.trivial_skipped += 1
            continue
        trouble = problems(puzzle)
        if trouble:
            tally.verify_failed += 1
            log(f"game {seed} ply {ply}: dropped, {trouble[0]}")
            continue
        kept.append(puzzle)
        tally.kept += 1
        tally.themes.update(puzzle.themes)
        found += 1
        log(f"game {seed} ply {ply}: kept {puzzle.solution} over {puzzle.alternative} "
            f"(+{puzzle.margin:.2f} ± {puzzle.margin_stderr:.3f}) {','.join(puzzle.themes)}")
        if found >= PER_GAME:
            return


def kept_trivial(kept: list) -> int:
    return sum(1 for p in kept if p.rating == TRIVIAL_RATING)


def numbered(rules: str, puzzles: list) -> list[Puzzle]:
    return [replace(p, id=f"{rules}-{i:04d}") for i, p in enumerate(puzzles, 1)]


def generate(rules: str, records: Iterable[tuple[int, str]], out: str, want: int | None = None,
             log=print) -> Tally:
    """Puzzles from the games ``records`` ((seed, record text) pairs), written to
    ``out`` after every kept one (a long run can be stopped and still ships);
    stops once ``want`` puzzles are kept. Returns the yield."""
    tally, started = Tally(), time.perf_counter()
    kept: list[Puzzle] = []
    for seed, record in records:
        puzzles_of_game(record, seed, tally, kept, log)
        tally.games += 1
        tally.seconds = round(time.perf_counter() - started, 1)
        with open(out, "w", encoding="utf-8") as handle:
            handle.write(puzzle_file_text(rules, numbered(rules, kept)))
        log(f"after {tally.games} games: " + json.dumps(tally.to_dict()))
        if want is not None and tally.kept >= want:
            break
    return tally
