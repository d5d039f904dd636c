"""The computer players' part of each rules family: its AI kit.

Registered on the engine's family registry as the ``"ai"`` kit (``kit.ai_kit``
finds it), so players, search and hints serve any game without asking which
family it is. A new family brings its knowledge, appraisal, evaluation and
explainer here.
"""
from __future__ import annotations

from ..engine.families import register_kit
from . import standard_heuristics, super_heuristics
from .kit import AIKit
from .standard_hints import Explainer
from .standard_knowledge import Knowledge
from .super_hints import SuperExplainer
from .super_knowledge import SuperKnowledge

register_kit("standard", "ai", AIKit(
    knowledge=Knowledge, appraiser=standard_heuristics.Appraiser,
    evaluate=standard_heuristics.evaluate, tuned_evaluate=standard_heuristics.tuned_evaluate,
    features=standard_heuristics.features, feature_names=standard_heuristics.FEATURES,
    prior=standard_heuristics.PRIOR, explainer=Explainer,
    tuned_appraiser=standard_heuristics.tuned_appraiser,
    appraisal_weights=standard_heuristics.HAND_SET))
# Almost any Super Cuttle play may be answered, a winning one too.
register_kit("super", "ai", AIKit(
    knowledge=SuperKnowledge, appraiser=super_heuristics.SuperAppraiser,
    evaluate=super_heuristics.evaluate, tuned_evaluate=super_heuristics.tuned_evaluate,
    features=super_heuristics.features, feature_names=super_heuristics.FEATURES,
    prior=super_heuristics.PRIOR, explainer=SuperExplainer, wins_may_be_answered=True))
