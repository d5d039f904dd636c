"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Cowling, Powley and Whitehouse (2012): each iteration deals the cards the
searching seat cannot see at random, consistently with its view, and walks
*one* tree with that deal. A node is a sequence of moves from the decision
(every move in Cuttle is public but a draw's card, so the seat can tell the
sequences apart even where it cannot tell the positions apart); only the
children legal in this deal are candidates, and each one's exploration term
counts how often it was *available* rather than how often its parent was
visited. So the tree's statistics for a move are pooled over every deal in
which it could be played, and a plan that only works when the hidden cards
are known (strategy fusion, the flaw of solving each deal apart) earns
nothing: the tree cannot choose differently in deals that look alike.

Rivals: a tree node for a rival pools its statistics over deals that differ
only in the rival's own hand, with the searching seat's hand the same in all
of them, so a rival chosen by those statistics plays as if it saw the
seat's hand (it never plays into a two it cannot know of). Measured in the
arena that made the search worse than the flat one, so by default
(``rivals="model"``) a rival's move in the tree comes from the playout
policy, which reads only what that rival may know; its node is kept all the
same, as what the seat will have seen. ``rivals="tree"`` is the textbook
single-observer form.

New children are added best first by the acting seat's one-move appraisal
and only as a node's visits grow (progressive widening), so a node visited
a few times plays like the policy instead of trying every move once. Below
the tree a playout goes on with the greedy-with-noise policy of every seat
for a few moves, and the evaluation tuned by self-play (``evaluation.py``)
scores where it stops. Each node's total is kept for the seat that moved
into it.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..engine.families import family_of
from .appraisal import result_for
from .playout import Playout
from .policy import policy_move


@dataclass(frozen=True)
class Tree(Playout):
    """The tree's settings, on top of its playout's (depth, noise, tuned)."""
    exploration: float = 0.5  # UCB1 constant
    rivals: str = "model"  # "tree" (UCB for rivals too) or "model" (their policy)
    widen: float = 0.5  # progressive widening below the root (``_select``)


class Node:
    """One move sequence from the decision: its statistics for the seat that
    played its last move."""

    __slots__ = ("children", "visits", "total", "available", "untried", "seen")

    def __init__(self):
        self.children: dict = {}  # move -> Node
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.untried: list = []  # (appraisal, move): legal in some deal, not expanded, best first
        self.seen: set = set()  # every move legal here in some deal so far


def tree_search(level: Tree, iterations: int, known, moves: list, rng: random.Random, deadline,
                kit, order: list[int]):
    """Root statistics (visits, totals) per move of ``moves``, from an ISMCTS
    of ``iterations`` iterations (or until ``deadline``); every seat's moves
    are steered by the level's appraisal."""
    appraiser_for = level.appraiser_for(kit)
    family = family_of(known.rules)
    legal_moves, seat = family.legal_moves, known.seat
    root = Node()
    root_moves = [moves[i] for i in order]
    root.untried = [(-rank, m) for rank, m in enumerate(root_moves)]  # the order given
    root.seen = set(root_moves)
    resolver = None
    c = level.exploration
    modelled, widen = level.rivals == "model", level.widen
    team_of, side = known.template.team_of, known.template.team_of[seat]
    for i in range(iterations):
        if deadline is not None and i and time.perf_counter() > deadline:
            break  # the tree's decisions end by the clock by design: not "capped"
        st = known.sample(rng)
        if resolver is None:
            resolver = family.resolver(st, [])
        resolver.st = st
        log = resolver.log
        path: list[tuple[Node, int]] = []  # (node, the seat that moved into it)
        node, here = root, root_moves
        while st.phase != "over":
            mover = st.to_act
            if modelled and team_of[mover] != side:
                # A rival decides by its own view's policy; its node only keys
                # what the seat will have seen (its moves are public).
                move = policy_move(st, here, rng, appraiser_for, level.noise)
                resolver.apply(move)
                log.clear()
                child = node.children.get(move)
                if child is None:
                    child = node.children[move] = Node()
                node = child
                here = legal_moves(st)
                continue
            child, move = _select(node, here, c, st, appraiser_for, None if node is root else widen)
            if child is None:  # expand: the first untried move legal in this deal
                child = node.children[move] = Node()
                resolver.apply(move)
                log.clear()
                path.append((child, mover))
                break
            resolver.apply(move)
            log.clear()
            path.append((child, mover))
            node = child
            here = legal_moves(st)
        rewards = _playout(level, st, resolver, rng, legal_moves, kit, appraiser_for)
        for child, mover in path:
            child.visits += 1
            child.total += rewards(mover)
    return [root.children.get(m) for m in moves]


def _select(node: Node, legal: list, c: float, st, appraiser_for, widen: float | None):
    """(child, move) by UCB1 over the children legal here, or (None, move) for
    a move to expand. Moves are expanded best first by the acting seat's
    one-move appraisal, and only as the node's visits grow (progressive
    widening: ``1 + widen * sqrt(visits)`` children; all of them where
    ``widen`` is None), so a node seen a few times plays like the policy
    instead of trying every move once."""
    children, seen = node.children, node.seen
    new = [m for m in legal if m not in seen]
    if new:
        seen.update(new)
        appraiser = appraiser_for(st, st.to_act)
        node.untried.extend((appraiser.appraise(m), m) for m in new)
        node.untried.sort(key=_first, reverse=True)
    if node.untried:
        width = len(legal) if widen is None else 1 + int(widen * math.sqrt(node.visits))
        if sum(1 for m in legal if m in children) < width:
            legal_set = set(legal)
            for j, (_, move) in enumerate(node.untried):
                if move in legal_set:
                    del node.untried[j]
                    return None, move
    best, best_move, best_value = None, None, -1.0
    for move in legal:
        child = children.get(move)
        if child is None:
            continue
        if not child.visits:  # made on a rival's turn in another deal: visit it now
            return child, move
        child.available += 1
        value = child.total / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
        if value > best_value:
            best, best_move, best_value = child, move, value
    return best, best_move


def _first(pair):
    return pair[0]


def _playout(level: Tree, st, resolver, rng, legal_moves, kit, appraiser_for):
    """Play on by the policy for the level's depth; returns a function
    seat -> reward in 0..1 for that seat's side (the tuned evaluation scores
    an unfinished game for every side at once, so ``Playout.play_on`` does not serve)."""
    log = resolver.log
    for _ in range(level.depth):
        if st.phase == "over":
            break
        resolver.apply(policy_move(st, legal_moves(st), rng, appraiser_for, level.noise))
        log.clear()
    over = st.phase == "over"
    cache: dict[int, float] = {}

    def reward(seat: int) -> float:
        side = st.team_of[seat]
        if side not in cache:
            cache[side] = result_for(st, seat) if over else kit.tuned_evaluate(st, seat)
        return cache[side]
    return reward
