"""Connect 5 knowledge (``agents/knowledge/connect5.py``): the evaluation prefers obviously
better positions, the rollout policy completes and blocks a Connect 5, and it only returns
legal actions (positions on the test board T1, built as in ``tests/games/connect5``)."""

from __future__ import annotations

import random

from connect_arena.agents.knowledge.connect5 import (
    MOVER_WIN,
    evaluate,
    rollout,
    seat_values,
    solo,
)
from connect_arena.core import load, sample_chance_outcome
from connect_arena.games.connect5.rules import Connect5State
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


def _wins_at_once(state: Connect5State, player: int) -> bool:
    for action in state.legal_actions(player):
        child = state.clone()
        child.apply_action(action, player)
        if child.is_terminal() and child.returns()[player] > 0:
            return True
    return False


def test_evaluation_sees_a_winning_move_only_where_there_is_one() -> None:
    """With an empty supply, P1's four on a0…a3 win only if a token off the path can step
    to a4 (from a5); the token on a3 stepping there would only move the gap."""
    cases = {
        "P1:a0, P1:a1, P1:a2, P1:a3, P1:a5, P2:f2": True,
        "P1:a0, P1:a1, P1:a2, P1:a3, P1:c4, P2:f2": False,
    }
    for stacks, wins in cases.items():
        state = position(stacks, to_move=P1, supply=[0, 10])
        assert _wins_at_once(state, P1) is wins
        assert (evaluate(state, P1) > MOVER_WIN / 2) is wins, stacks


def test_solo_walks_straight_to_a_connect_5() -> None:
    """P2 has no token left (it can only pass): P1 needs a3 and a4 for a0…a4, from c4 (three
    steps to a3: c3, c1, a3) and b6 (three to a4: a6, a5, a4). Each solo action must make
    progress: the Connect 5 comes with the sixth, not later."""
    state = position("P1:a0, P1:a1, P1:a2, P1:b6, P1:c4", to_move=P1, supply=[0, 0])
    state.lost[P2] = state.captured[P1] = 25
    state.lost[P1] = state.captured[P2] = 20
    assert state.invariant_violations() == []
    played = 0
    while not state.is_terminal():
        if state.current_player == P2:
            state.apply_action(state.legal_actions(P2)[0], P2)
            continue
        action = solo(state, P1)
        assert action is not None
        state.apply_action(action, P1)
        played += 1
    assert (played, state.results[-1].connect5) == (6, P1)


def test_solo_is_only_for_a_seat_alone() -> None:
    state = position("P1:a0, P1:a1, P1:a2, P1:b6, P1:c4, P2:f2", to_move=P1, supply=[0, 0])
    assert solo(state, P1) is None


def test_evaluation_before_the_starter_is_drawn() -> None:
    """No seat is to move yet (a chance action draws the starter); with five tokens each,
    the walking term is computed from the start: the empty board is even."""
    state = load("connect5", 2, tokens=5).new_initial_state()
    assert state.is_chance_node()
    assert evaluate(state, 0) == evaluate(state, 1) == 0.0
