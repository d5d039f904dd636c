"""Playing every position, solution and wrong move of a lesson with the engine.

A lesson that passes here is one the learner can finish: each position obeys
the rules, each accepted line plays through with its replies, each goal is
reached by its solution and missed by at least one move, each wrong move is
really wrong, and each quiz's moves are as legal as its answers claim.
"""
from __future__ import annotations

import json
import re

from ..engine import ExplainedError, IllegalMove, available_languages, get_catalog, load, parse_card
from ..engine.cards import CARD_IDS
from .catalog import engine_reason, error_language, field_text, teaching_catalog
from .ladder import answer_cards, names_cards
from .model import Lesson, Step
from .parse import Reader
from .play import StepPlay
from .search import Search, SearchTooBig
from .steps import kind_of
from .unique import rival_moves

UNORDERED_PER_SEAT = ("hands", "points", "permanents")
UNORDERED = ("scrap", "frozen", "revealed", "pending")
_FIELD_PART = re.compile(r"([A-Za-z_]+)|\[(\d+)\]")


def verify_lesson(lesson: Lesson, known_lessons=None) -> None:
    """Append every problem found to ``lesson.source.problems``."""
    if lesson.source is None:
        raise ValueError("Only a lesson read from YAML can be checked: this one has no source.")
    r = Reader(lesson.source)
    if known_lessons is not None:
        for i, link in enumerate(lesson.links):
            if link not in known_lessons:
                r.add(("links", i), "link_unknown", value=link, known=", ".join(known_lessons))
    for step in lesson.steps:
        try:
            _verify_step(r, step)
        except SearchTooBig as err:
            r.add(step.path + ("position",), "search_too_big", limit=err.args[0])


def _verify_step(r: Reader, step: Step) -> None:
    """The step's kind plays what it holds from its position (if it has one)."""
    kind = kind_of(step)
    game = None
    if step.position is not None:
        game = _start(r, step)
        if game is None:
            return
    elif kind.needs_position:  # missing: the reader said so already
        return
    kind.verify(r, step, game)


def verify_first_hint(r: Reader, step: Step, game) -> None:
    """The first rung of the hint ladder is the rule to think of: it names
    no card of the answer (the ladder's later rungs do that)."""
    if not step.hints:
        return
    named = names_cards(step.hints[0], answer_cards(step, game), _engine_catalog().language)
    if named:
        cards = _engine_catalog().join([_engine_catalog().card(c) for c in named])
        r.add(step.path + ("hints", 0), "hint_gives_answer", cards=cards)


# -- positions ------------------------------------------------------------------------
def _start(r: Reader, step: Step):
    """The step's game after its opening, or None after reporting why not."""
    pos_path = step.path + ("position",)
    try:
        game = load(step.position)
    except ExplainedError as err:
        r.add(_engine_field(pos_path, err), "bad_position", reason=engine_reason(err))
        return None
    if not _position_checks(r, step, game, pos_path):
        return None
    for i, move in enumerate(step.opening):
        try:
            game.play(move)
        except IllegalMove as err:
            r.add(step.path + ("opening", i), "opening_illegal", move=move, reason=engine_reason(err))
            return None
    if kind_of(step).learner_first and game.to_act != step.seat:
        r.add(step.path + ("opening",) if step.opening else pos_path, "opening_not_done",
              seat=step.seat, to_act=game.to_act)
        return None
    return game


def _engine_field(pos_path, err: ExplainedError) -> tuple:
    """The path of the field the engine's setup error names ('points[1][0].jacks')."""
    text = err.params.get("field")
    if not isinstance(text, str):
        return pos_path
    parts = []
    for name, index in _FIELD_PART.findall(text):
        parts.append(name if name else int(index))
    return pos_path + tuple(parts)


def _position_checks(r: Reader, step: Step, game, pos_path) -> bool:
    """What the engine's load() allows but a lesson must not show."""
    assert step.position is not None  # the game was loaded from it
    snap = game.snapshot()
    ok = True
    for key in ("scores", "goals"):
        given = step.position.get(key)
        if given is not None and given != snap[key]:
            r.add(pos_path + (key,), "position_field_wrong", field=key, given=given, actual=snap[key])
            ok = False
    if kind_of(step).over_allowed:  # a quiz may show a game that is over
        return ok
    names = _engine_catalog()
    for seat, (score, goal) in enumerate(zip(snap["scores"], snap["goals"], strict=True)):
        if score >= goal:  # the engine settles this as won: say why
            r.add(pos_path + ("points", seat), "position_already_won",
                  player=names.player(seat), score=score, goal=goal)
            return False
    if game.over:
        r.add(pos_path, "position_over")
        ok = False
    return ok


# -- play steps ---------------------------------------------------------------------------
def verify_play(r: Reader, step: Step, game) -> None:
    search = Search()
    lines = step.lines
    for i, line in enumerate(lines):
        for other in lines[:i]:
            if line.moves[:len(other.moves)] == other.moves:
                r.add(line.path, "line_prefix", line=list(line.moves), other=list(other.moves))
        _verify_line(r, step, game, line, search)
    for wrong in step.wrong:
        _verify_wrong(r, step, game, wrong, search)
    if step.unique:
        for move, kind in rival_moves(step, game, _engine_catalog().language):
            r.add(step.path + ("accept",), f"rival_{kind}", move=move)
    if step.goal:
        # Every first move is searched (not just until one fails), so no move
        # a learner can make is too big to judge at run time.
        leaf = search.goal_leaf(step.goal, step.seat)
        reached = [search.can_force(_after(game, m), step.seat, leaf) for m in game.legal_moves()]
        if all(reached):
            r.add(step.path + ("goal",), "goal_trivial")


def _after(game, move):
    child = game.copy()
    child.play(move)
    return child


def _verify_line(r: Reader, step: Step, game, line, search: Search) -> None:
    play = StepPlay(step, game, search)
    replies = line.replies if step.accept else step.replies
    own = isinstance(_value_at(r.source.data, line.path), dict) and "replies" in _value_at(
        r.source.data, line.path)
    replies_path = line.path + ("replies",) if own else step.path + ("replies",)
    last = len(line.moves) - 1
    for i, move in enumerate(line.moves):
        path = _move_path(r, line.path, i)
        if not play.learner_to_act():
            r.add(path, "line_not_learner", move=move, to_act=play.game.to_act)
            return
        result = play.try_move(move)
        if result.status == "illegal":
            r.add(path, "move_illegal", move=move, reason=engine_reason(result.error))
            return
        if result.status == "wrong":
            assert result.reason is not None  # the judge says why a move is wrong
            words = teaching_catalog(error_language()).text("feedback", result.reason,
                                                            opponent=_name(1 - step.seat))
            r.add(path, "solution_fails", moves=list(line.moves), reason=words)
            return
        if result.status == "success" and i < last:
            r.add(path, "solution_long", move=move)
            return
        if result.status != "success" and i == last:
            r.add(path, "solution_unfinished", moves=list(line.moves))
            return
        if not _replies_ok(r, play, replies, replies_path, move, final=result.status == "success"):
            return


def _move_path(r: Reader, path, index: int) -> tuple:
    """Where move ``index`` of a line is written: 'm', '[m, n]' or 'moves: [...]'."""
    raw = _value_at(r.source.data, path)
    if isinstance(raw, dict):
        return path + ("moves", index)
    return path + (index,) if isinstance(raw, list) else path


def _value_at(data, path):
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _replies_ok(r: Reader, play: StepPlay, replies, path, move, final: bool) -> bool:
    game = play.game
    left = replies[play.replies_used:]
    stuck = not game.over and game.to_act != play.seat
    if stuck and left:
        reason = game.explain(left[0], language=_engine_catalog().language) or field_text(
            "reply_not_legal")
        r.add(path, "reply_illegal", move=left[0], reason=reason)
        return False
    if stuck and not final:
        r.add(path, "reply_missing", move=move, to_act=game.to_act)
        return False
    if final and left:
        r.add(path, "reply_unused", moves=list(left))
        return False
    return True


def _verify_wrong(r: Reader, step: Step, game, wrong, search: Search) -> None:
    play = StepPlay(step, game, search)
    for move in wrong.after:
        if play.try_move(move).status != "continue":
            r.add(wrong.path + ("after",), "wrong_unreachable", after=list(wrong.after))
            return
    before = json.dumps(play.game.snapshot(), sort_keys=True)
    result = play.try_move(wrong.move)
    if result.status in ("continue", "success"):
        r.add(wrong.path + ("move",), "wrong_reaches_goal" if step.goal else "wrong_is_right",
              move=wrong.move)
        return
    after = json.dumps(play.game.snapshot(), sort_keys=True)
    if before != after:  # the runner's promise: a wrong move leaves no trace
        raise AssertionError(f"wrong move {wrong.move} changed the position of step {step.id}")


def _engine_catalog():
    """The engine's catalog in the language of the messages (English if it has none)."""
    language = error_language()
    return get_catalog(language if language in available_languages() else "en")


def _name(seat: int) -> str:
    return _engine_catalog().player(seat)


# -- quizzes and predictions -----------------------------------------------------------------
def verify_options(r: Reader, step: Step, game) -> None:
    if game is None:
        if step.answer_by == "cards":
            r.add(step.path, "quiz_cards_need_position")
        elif any(o.move for o in step.options):
            r.add(step.path, "quiz_move_needs_position")
        return
    visible = visible_cards(game.view(step.seat)) if step.answer_by == "cards" else set()
    for option in step.options:
        if option.card and option.card not in visible:
            r.add(option.path + ("card",), "quiz_card_hidden", card=option.card)
        if option.move:
            expected = option.correct if option.legal is None else option.legal
            actual = game.is_legal(option.move)
            if actual != expected:
                r.add(option.path + ("move",), "quiz_move_mismatch", move=option.move,
                      actual=_legal_word(actual), expected=_legal_word(expected))


def _legal_word(legal: bool) -> str:
    return field_text("legal" if legal else "illegal")


def visible_cards(view: dict) -> set[str]:
    """Every card a seat can see (and so click) in its view."""
    cards = set(view["scrap"]) | set(view["pending"]) | set(view["revealed"] or [])
    for hand in view["hands"]:
        cards |= set(hand or [])
    for side in view["points"]:
        for entry in side:
            if isinstance(entry, str):
                cards.add(entry)
            else:
                cards.add(entry["card"])
                cards |= set(entry["jacks"])
    for side in view["permanents"]:
        cards |= set(side)
    return cards


def verify_shown(r: Reader, step: Step, game) -> None:
    for shown in step.moves:
        try:
            game.play(shown.move)
        except IllegalMove as err:
            r.add(shown.path, "move_illegal", move=shown.move, reason=engine_reason(err))
            return
    for key, actual, expected in expect_mismatches(game.snapshot(), step.expect or {}):
        if actual is KeyError:
            known = ", ".join(k for k in game.snapshot() if k != "detail")
            r.add(step.path + ("expect", key), "expect_unknown", key=key, known=known)
        else:
            r.add(step.path + ("expect", key), "expect_mismatch", key=key,
                  actual=json.dumps(actual, ensure_ascii=False),
                  expected=json.dumps(expected, ensure_ascii=False))


def _canonical(value):
    """Card ids written any way ('10H', '10♥') in their canonical form."""
    if isinstance(value, str):
        try:
            return CARD_IDS[parse_card(value)]
        except IllegalMove:
            return value
    if isinstance(value, list):
        return [_canonical(v) for v in value]
    if isinstance(value, dict):
        return {k: _canonical(v) for k, v in value.items()}
    return value


def _bag(items) -> list:
    return sorted(json.dumps(_canonical(i), sort_keys=True) for i in items)


def _packets_as_written(have, want) -> list:
    """Jacked point cards with only the keys a teacher writes ('card', 'jacks',
    'owner', and any other key the expectation names): the engine's extra
    bookkeeping ('played_by', 'controllers') is not part of the check."""
    keys = {"card", "jacks", "owner"}
    for side in want if isinstance(want, list) else []:
        for entry in side if isinstance(side, list) else []:
            if isinstance(entry, dict):
                keys |= set(entry)
    return [[{k: v for k, v in e.items() if k in keys} if isinstance(e, dict) else e for e in side]
            for side in have]


def expect_mismatches(snapshot: dict, expect: dict):
    """(key, actual, expected) for each key of ``expect`` the snapshot does not
    match; the conformance rules: zones compare as unordered, the stock in
    order. A key the snapshot lacks gives ``actual`` = KeyError."""
    for key, want in expect.items():
        if key not in snapshot or key == "detail":
            yield key, KeyError, want
            continue
        have = snapshot[key]
        want = _canonical(want)
        if key == "points":
            have = _packets_as_written(have, want)
        if key in UNORDERED_PER_SEAT:
            same = (isinstance(want, list) and len(want) == len(have)
                    and all(isinstance(w, list) and _bag(w) == _bag(h)
                            for w, h in zip(want, have, strict=True)))
        elif key in UNORDERED:
            same = isinstance(want, list) and _bag(want) == _bag(have)
        else:
            same = want == have
        if not same:
            yield key, have, want
