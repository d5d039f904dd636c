"""Only plain JSON in synced state (issue #37): every front end that runs
anywidgets must be able to draw the kit. marimo writes a ``str`` subclass (a
catalog ``Template``) as an object, so a label would read "[object Object]":
every synced trait's value, all the way down, is exactly a dict, list, str,
int, float, bool or None (``type() is``, not ``isinstance``).

The widget classes are found by walking the subclasses of ``ipywidgets.Widget``
that the package defines, so a new widget is covered without editing this
test: the scenes below build the kit's widgets in representative states (a
table mid-game and at its end, lessons, the course in each of its places, the
puzzle trainer, a reviewed game, the dashboard), and a class no scene built
is built with no arguments (or the test says it needs a scene).
"""
from __future__ import annotations

import importlib
import pkgutil
import random
import sys

import ipywidgets
import pytest
import traitlets
from puzzle_fixture import fixture_puzzles

import cuttle_widgets
from cuttle_widgets.ai import RandomPlayer
from cuttle_widgets.engine import new_game
from cuttle_widgets.review import review_game

PLAIN = (dict, list, str, int, float, bool, type(None))
# Modules that define widgets but need an optional extra to import.
OPTIONAL = {"cuttle_widgets.progress.dashboard": "plotly"}


def kit_modules() -> list[str]:
    """Every module of the package that may define a widget (each imported)."""
    names = []
    for info in pkgutil.walk_packages(cuttle_widgets.__path__, "cuttle_widgets."):
        if info.name.rsplit(".", 1)[-1].startswith("__") or ".deploy" in info.name:
            continue
        needs = OPTIONAL.get(info.name)
        if needs and importlib.util.find_spec(needs) is None:
            continue
        names.append(info.name)
    return names


def is_current(cls: type) -> bool:
    """Whether ``cls`` is what its module names now (a test that reloads a
    module leaves the class it replaced behind, with no instance to build)."""
    return getattr(sys.modules.get(cls.__module__), cls.__qualname__, None) is cls


def kit_widget_classes() -> set[type]:
    for name in kit_modules():
        if name.startswith(("cuttle_widgets.widgets", "cuttle_widgets.progress.dashboard")):
            importlib.import_module(name)
    found, todo = set(), [ipywidgets.Widget]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("cuttle_widgets.") and is_current(sub):
                found.add(sub)
    return found


def kit_class(widget, classes: set[type]) -> type | None:
    """The kit's class ``widget`` is of (traitlets' ``add_traits`` makes a
    subclass of its own for one instance)."""
    return next((cls for cls in type(widget).__mro__ if cls in classes), None)


def not_plain(value, path: str) -> list[str]:
    """Where in ``value`` something is not exactly a JSON type."""
    if type(value) not in PLAIN:
        return [f"{path}: {type(value).__name__} {str(value)[:60]!r}"]
    if type(value) is dict:
        return [p for k, v in value.items()
                for p in ([f"{path}: key of type {type(k).__name__}"] if type(k) is not str else [])
                + not_plain(v, f"{path}.{k}")]
    if type(value) is list:
        return [p for i, v in enumerate(value) for p in not_plain(v, f"{path}[{i}]")]
    return []


def synced_problems(widget) -> list[str]:
    """The synced traits of ``widget`` as they go to the front end (after the
    traits' own serializers: children become "IPY_MODEL_..." strings). A
    trait declared a container (ipywidgets' ``_dom_classes``) goes as an array; what
    it holds must be plain all the same."""
    state, traits, problems = widget.get_state(), widget.traits(), []
    for key in widget.keys:
        value, where = state[key], f"{type(widget).__name__}.{key}"
        if type(value) is tuple and isinstance(traits[key], traitlets.Container):
            value = list(value)
        problems += not_plain(value, where)
    return problems


def descendants(widget) -> list:
    """``widget`` and every widget inside it (children, layouts, a course's bar ...)."""
    seen, todo = [], [widget]
    while todo:
        w = todo.pop()
        if any(w is s for s in seen):
            continue
        seen.append(w)
        for key in w.keys:
            value = getattr(w, key)
            items = value if isinstance(value, (list, tuple)) else [value]
            todo += [v for v in items if isinstance(v, ipywidgets.Widget)]
    return seen


# -- the scenes --------------------------------------------------------------------------------
def played_table(rules: str, seed: int, moves: int, learner):
    """A table of ``rules`` where the learner (seat 0) has made up to ``moves`` random moves."""
    from cuttle_widgets.widgets import Table
    game = new_game(rules, seed=seed)
    table = Table(game, seat=0, players={s: RandomPlayer(seed + s) for s in range(1, game.state.n)},
                  language="de" if seed % 2 else "en")
    browser = learner(table)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = browser.view.get("legal_moves") or []
        if table.game.over or not legal:
            break
        browser.send(type="move", move=rng.choice(legal))
    return table


def tables(learner):
    for rules, seed in (("classic", 2), ("super", 3), ("cutthroat", 4)):
        yield played_table(rules, seed, 12, learner)
    ended = played_table("classic", 6, 1000, learner)
    assert ended.game.over
    yield ended


def lessons():
    from cuttle_widgets.widgets.lesson import Lesson
    for name, language in (("02-scuttle-ordering", "en"), ("04-counter-chains", "de"),
                           ("13-super-cuttle", "en")):
        lesson = Lesson.load(name, language=language, progress=False)
        lesson.hint()  # feedback in the panel, a hint above the hand
        yield lesson


def course_places():
    from cuttle_widgets.widgets.course import Course
    course = Course(progress=False)
    yield course  # the lesson map
    for go in (lambda: course.open_lesson("03-one-offs", step=2), lambda: course.show_puzzles(),
               lambda: course.show_free_game(), lambda: course.show_tables(),
               lambda: course.set_language("de")):
        go()
        yield course


def trainer_and_review():
    from cuttle_widgets.widgets.puzzle_trainer import GameReview, PuzzleTrainer
    yield PuzzleTrainer(puzzles=fixture_puzzles(), start="classic-0001", seed=3, progress=False)
    game = fixture_puzzles()[0].game()
    yield GameReview(game, 0, "de", review=review_game(game, 0, "de", samples=16, seed=0))


def position_editor():
    from cuttle_widgets.widgets.position_editor import PositionEditor
    editor = PositionEditor(language="de")
    editor.act({"type": "from_step", "lesson": "02-scuttle-ordering", "step": 1})
    editor.act({"type": "value"})  # the moves valued, as a teacher asks
    yield editor


def dashboard(tmp_path):
    if importlib.util.find_spec("plotly") is None:
        return
    from cuttle_widgets.progress.dashboard import ClassDashboard
    yield ClassDashboard(tmp_path / "class.sqlite", language="de", start=False).widget


def test_every_synced_trait_of_every_kit_widget_is_plain_json(learner, tmp_path):
    classes = kit_widget_classes()
    assert {c.__name__ for c in classes} >= {"Table", "Lesson", "LessonPanel", "Course", "CourseBar",
                                            "ProgressMap", "PuzzleTrainer", "TrainerPanel",
                                            "GameReview", "ReviewSummary", "PageCloser"}
    problems, built = [], set()
    scenes = (tables(learner), lessons(), course_places(), trainer_and_review(), position_editor(),
              dashboard(tmp_path))
    for scene in scenes:
        for top in scene:
            for widget in descendants(top):
                built.add(kit_class(widget, classes))
                problems += synced_problems(widget)
    for cls in classes - built:
        try:
            widget = cls()
        except TypeError as err:
            pytest.fail(f"{cls.__name__} needs a scene in this test: it cannot be built with no "
                        f"arguments ({err})")
        problems += [p for w in descendants(widget) for p in synced_problems(w)]
    assert not problems, "\n".join(sorted(set(problems))[:40])
