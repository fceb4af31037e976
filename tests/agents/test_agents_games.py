"""Issue 6 tests beyond Quinque: MCTS wins in one and blocks an immediate loss at Connect 5,
and chance outcomes are sampled with their probabilities (seeded, small budgets)."""

from __future__ import annotations

import random
from collections import Counter

from connect_arena.agents import MCTSAgent
from connect_arena.core import load, sample_chance_outcome
from connect_arena.games.connect5.rules import Connect5State
from tests.games.connect5.helpers import P1, P2, position

FOUR = "P1:a0, P1:a1, P1:a2, P1:a3"


def test_mcts_completes_a_connect_5() -> None:
    """T1's bottom line a0…a6: with four in a row, placing a4 makes Connect 5 and wins."""
    state = position(FOUR, to_move=P1)
    lines = MCTSAgent(seed=1, iterations=300, max_rollout=10).analyse(state, P1)
    assert str(lines[0].action) == "place a4"
    assert lines[0].solved


def _p1_wins_at_once(state: Connect5State) -> bool:
    for action in state.legal_actions(P1):
        child = state.clone()
        child.apply_action(action, P1)
        if child.is_terminal() and child.returns()[P1] > 0:
            return True
    return False


def test_mcts_blocks_a_connect_5() -> None:
    """P2's tokens close a3's crossing, so P1's only threat is a4: P2 must take a4 or capture
    a3 (the sandwich); every other move loses at once (checked by brute force here)."""
    state = position(FOUR + ", P2:c1, P2:cm1", to_move=P2)
    defences = set()
    for action in state.legal_actions(P2):
        child = state.clone()
        child.apply_action(action, P2)
        if not _p1_wins_at_once(child):
            defences.add(str(action))
    assert defences == {"place a4", "sandwich c1 over a3 to cm1", "sandwich cm1 over a3 to c1"}
    for seed in (2, 3):
        action = MCTSAgent(seed=seed, iterations=1500, max_rollout=10).act(state, P2)
        assert str(action) in defences


def test_chance_outcomes_are_sampled_with_their_probabilities() -> None:
    """CO'NNN'ECT's three dice are 56 sorted outcomes with unequal probabilities: the driver's
    sampling (used by every agent and interface) follows them."""
    state = load("connnect", 2).new_initial_state()
    while not (state.is_chance_node() and str(state.chance_outcomes()[0][0]).startswith("roll")):
        state.apply_action(sample_chance_outcome(state, random.Random(0)))
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 56
    rng = random.Random(3)
    draws = 40_000
    counts = Counter(sample_chance_outcome(state, rng) for _ in range(draws))
    for action, probability in outcomes.items():
        expected = draws * probability
        assert abs(counts[action] - expected) < 5 * (expected**0.5) + 5, (
            str(action),
            counts[action],
        )
    triple = next(a for a in outcomes if str(a) == "roll 6 6 6")
    mixed = next(a for a in outcomes if str(a) == "roll 1 2 3")
    assert outcomes[mixed] == 6 * outcomes[triple]
