"""CO'NNN'ECT's search and its Free Action changes (session 47, issue 24): the prior scores a
change after the write it is for and prunes it (``-inf``) unless it promises
``CHANGE_GAIN`` points over every other action; MCTS never searches a pruned action. Before,
the levels spent all 7 Free Actions (-13 points) in most games: with five changes per
number, one of them often looked best by chance. Fixed seeds: nothing is timed."""

from __future__ import annotations

import math
from typing import Any

import pytest

from connect_arena.agents.base import Budget
from connect_arena.agents.knowledge import connnect
from connect_arena.agents.mcts import MCTSAgent
from connect_arena.core.game import State
from connect_arena.games.connnect.notation import Change
from tests.games.connnect.helpers import at_fill

ROW1 = {"a1": 1, "b1": 6, "c1": 1, "d1": 6, "e1": 1, "f1": 6}
"""Zone 4's first row (rows 1-2), full."""
FOUR_THREES = {**ROW1, "a2": 3, "b2": 3, "c2": 3, "d2": 3}
"""Four 3s along row 2, e2 and f2 empty: a 3 in e2 makes five 3s in a row (card A, the I
pentomino, face up)."""
SCATTERED = {**ROW1, "a2": 6, "b2": 4, "c2": 6, "d2": 4, "e2": 6}
"""Zone 4 full but f2: no change makes anything there (the prior's best change is 3 points
below the best write)."""


def fill(sheet: dict[str, int]) -> State[Any]:
    """Seat 0 in the Fill Phase with the dice 2 4 5 on zone 4 (numbers 2 and 5 to write)."""
    return at_fill(sheets={0: sheet}, connect5_cards=("A", "B", "D", "F"))


def test_a_change_that_promises_nothing_is_pruned() -> None:
    state = fill(SCATTERED)
    actions = state.legal_actions(0)
    scores = connnect.prior(state, 0, actions)
    changes = [s for a, s in zip(actions, scores, strict=True) if isinstance(a, Change)]
    others = [s for a, s in zip(actions, scores, strict=True) if not isinstance(a, Change)]
    assert len(changes) == 10 and all(s == -math.inf for s in changes)
    assert others and all(math.isfinite(s) for s in others)


def test_a_change_that_completes_a_connect5_is_kept_and_ranked_first() -> None:
    """Change 2 (or 5) to 3 and write it in e2: the Connect-5 is claimable (-1 point)."""
    state = fill(FOUR_THREES)
    actions = state.legal_actions(0)
    scores = connnect.prior(state, 0, actions)
    ranked = sorted(zip(scores, map(str, actions), strict=True), reverse=True)
    assert {name for _, name in ranked[:2]} == {"change 2 3", "change 5 3"}
    kept = [name for score, name in ranked if score > -math.inf and name.startswith("change")]
    assert sorted(kept) == ["change 2 3", "change 5 3"]


@pytest.mark.parametrize("seed", range(3))
def test_the_search_never_tries_a_pruned_change(seed: int) -> None:
    """Two writes and ten changes: 60 simulations widen the root to eight children, so
    without the pruning changes are searched (and often played)."""
    state = fill(SCATTERED)
    agent = MCTSAgent(seed=seed, max_rollout=40)
    root = agent.search(state, 0, Budget(iterations=60))
    assert len(root.children) == 2
    assert not any(isinstance(action, Change) for action in root.children)
    assert not isinstance(agent.act(state, 0, Budget(iterations=60)), Change)


def test_the_search_tries_a_change_the_prior_keeps() -> None:
    state = fill(FOUR_THREES)
    root = MCTSAgent(seed=1, max_rollout=40).search(state, 0, Budget(iterations=60))
    assert {str(a) for a in root.children if isinstance(a, Change)} == {
        "change 2 3",
        "change 5 3",
    }
