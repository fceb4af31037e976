"""Connect 5 knowledge (``agents/knowledge/connect5.py``): the evaluation prefers obviously
better positions, the rollout policy completes and blocks a Connect 5, and it only returns
legal actions (positions on the test board T1, built as in ``tests/games/connect5``)."""

from __future__ import annotations

import random

from connect_arena.agents.knowledge.connect5 import evaluate, rollout, seat_values
from connect_arena.core import load, sample_chance_outcome
from tests.games.connect5.helpers import P1, P2, position

FOUR = "P1:a0, P1:a1, P1:a2, P1:a3"
"""Four of P1 on T1's bottom line a0…a6: ``place a4`` makes a Connect 5."""
DEFENCES = {"place a4", "sandwich c1 over a3 to cm1", "sandwich cm1 over a3 to c1"}
"""P2's only moves against :data:`FOUR` once c1 and cm1 are P2's (see
``tests/agents/test_agents_games.py``, which checks them by brute force)."""


def test_evaluation_prefers_a_line_of_four_to_scattered_tokens() -> None:
    line = position(FOUR + ", P2:b6, P2:f2", to_move=P1)
    scattered = position("P1:a0, P1:a2, P1:b4, P1:d2, P2:b6, P2:f2", to_move=P1)
    assert evaluate(line, P1) > evaluate(scattered, P1) + 5
    assert evaluate(line, P2) < evaluate(scattered, P2)


def test_evaluation_counts_points_and_exposed_tokens() -> None:
    even = position("P1:a0, P2:b6", to_move=P2)
    ahead = position("P1:a0, P2:b6", to_move=P2)
    ahead.captured[P1] = 3
    assert evaluate(ahead, P1) > evaluate(even, P1) + 2
    # P2's single on a1 lies between P1's a0 and the free a2: P1 to move eats it.
    exposed = position("P1:a0, P2:a1, P2:f2", to_move=P1)
    safe = position("P1:a0, P2:a4, P2:f2", to_move=P1)
    assert evaluate(exposed, P1) > evaluate(safe, P1)


def test_evaluation_is_not_stale_after_an_action() -> None:
    """``seat_values`` remembers the last position; applying an action must not reuse it."""
    state = position("P1:a0, P1:a1, P2:b6", to_move=P1)
    before = list(seat_values(state))
    state.apply_action(state.legal_actions(P1)[0], P1)  # a placement
    assert seat_values(state) != before


def test_rollout_completes_a_connect_5() -> None:
    for seed in range(5):
        state = position(FOUR + ", P2:b6", to_move=P1)
        assert str(rollout(state, P1, random.Random(seed))) == "place a4"


def test_rollout_blocks_a_connect_5() -> None:
    for seed in range(5):
        state = position(FOUR + ", P2:c1, P2:cm1", to_move=P2)
        assert str(rollout(state, P2, random.Random(seed))) in DEFENCES


def test_rollout_returns_legal_actions_over_seeded_playouts() -> None:
    for players, seed in ((2, 1), (3, 2), (5, 3)):
        rng = random.Random(seed)
        state = load("connect5", players, idle_limit=200).new_initial_state()
        for _ in range(150):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(sample_chance_outcome(state, rng))
                continue
            player = state.current_player
            action = rollout(state, player, rng)
            assert action in state.legal_actions(player)
            state.apply_action(action, player)
