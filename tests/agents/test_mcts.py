"""The generic MCTS agent: finds a win in one, handles chance nodes, never mutates its input,
is reproducible for a seed, and only returns legal actions."""

from __future__ import annotations

import json
import random

from connect_arena.agents.base import Budget
from connect_arena.agents.mcts import MCTSAgent
from connect_arena.core import CHANCE, TERMINAL, load, sample_chance_outcome
from connect_arena.core.game import Action, State
from tests.games.quinque.helpers import position


def test_finds_a_win_in_one() -> None:
    state = position([(0, 0), (1, 0), (2, 0)], red=[(0, 0), (1, 0), (2, 0), (3, 0)])
    agent = MCTSAgent(seed=1, iterations=300, max_rollout=10)
    assert str(agent.act(state, 0)) == "mark 4,0"


def test_does_not_mutate_the_state_and_is_reproducible() -> None:
    state = position([(0, 0), (1, 0), (2, 0)], red=[(0, 0)], blue=[(4, 0)])
    before = json.dumps(state.observation(0)), len(state.history)
    first = MCTSAgent(seed=5, iterations=150, max_rollout=10).analyse(state, 0)
    second = MCTSAgent(seed=5, iterations=150, max_rollout=10).analyse(state, 0)
    assert (json.dumps(state.observation(0)), len(state.history)) == before
    assert [(str(a.action), a.visits) for a in first] == [(str(a.action), a.visits) for a in second]
    assert sum(line.visits for line in first) == 150
    assert first[0].principal[0] == first[0].action


def test_budget_limits_the_iterations() -> None:
    state = position([(0, 0), (1, 0)], red=[(0, 0)], blue=[(2, 0)])
    root = MCTSAgent(seed=2, max_rollout=5).search(state, 0, Budget(iterations=40))
    assert root.visits == 40


def test_a_time_cap_spent_before_the_first_simulation_still_gives_an_action() -> None:
    """On a busy machine the cap can pass while the root is expanded: one simulation still
    runs (the ladder's games failed with an IndexError)."""
    state = load("connect5").new_initial_state()
    while state.is_chance_node():
        state.apply_action(sample_chance_outcome(state, random.Random(1)))
    player = state.current_player
    for reuse in (False, True):
        agent = MCTSAgent(seed=1, reuse=reuse)
        action = agent.act(state, player, Budget(seconds=0.0))
        assert action in state.legal_actions(player)
        assert len(agent.analyse(state, player, Budget(seconds=0.0))) == 1


def test_plays_legal_actions_through_chance_nodes() -> None:
    """toy-pig has a dice roll after every 'roll': the tree samples outcomes."""
    rng = random.Random(3)
    state = load("toy-pig").new_initial_state()
    agent = MCTSAgent(seed=3, iterations=60, max_rollout=30)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        player = state.current_player
        action = agent.act(state, player)
        assert action in state.legal_actions(player)
        state.apply_action(action, player)


class _ChoicesRollout(MCTSAgent):
    """The rollout before the chance tables: ``rng.choices`` over ``chance_outcomes()``."""

    def _rollout(self, state: State[Action]) -> list[float]:
        policy, rng = self._policy, self.rng
        for _ in range(self._max_rollout):
            player = state.current_player
            if player == TERMINAL:
                break
            if player == CHANCE:
                outcomes = state.chance_outcomes()
                weights = [probability for _, probability in outcomes]
                state.apply_legal_action(rng.choices(outcomes, weights=weights)[0][0], CHANCE)
                continue
            state.apply_legal_action(policy(state, player, rng), player)
        values = self._leaf(state)
        self._low, self._high = min(self._low, *values), max(self._high, *values)
        return values


def test_rollouts_draw_chance_as_before() -> None:
    """Connect Pairs' rollouts draw the dice from a table built once: the same search, line
    for line, as with ``rng.choices`` per chance node."""
    state = load("pairs", 2).new_initial_state()
    rng = random.Random(4)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            state.apply_action(state.legal_actions()[0])
    player = state.current_player
    new = MCTSAgent(seed=7, iterations=120, max_rollout=40).analyse(state, player)
    old = _ChoicesRollout(seed=7, iterations=120, max_rollout=40).analyse(state, player)
    assert [(str(line.action), line.visits, line.value) for line in new] == [
        (str(line.action), line.visits, line.value) for line in old
    ]
