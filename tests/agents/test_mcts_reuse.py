"""MCTS tree reuse between decisions: the kept subtree is the node of the position reached
(every action in it legal there, every seat the one that acts), only the seat's known history
leads into it, and an agent stays reproducible for a seed."""

from __future__ import annotations

import random
from typing import Any

from connect_arena.agents import make_agent
from connect_arena.agents.base import Budget
from connect_arena.agents.mcts import MCTSAgent, Node
from connect_arena.agents.playout import play_game
from connect_arena.core import CHANCE, TERMINAL, State, load, sample_chance_outcome
from tests.core.test_simultaneous import _after_seat_zero_chose
from tests.games.quinque.helpers import RED, position


def _check_tree(node: Node, state: State[Any], depth: int = 3) -> int:
    """Assert that ``node``'s subtree fits ``state`` down to ``depth``; return nodes checked."""
    if node.player == TERMINAL:
        assert state.is_terminal()
        return 1
    if node.player == CHANCE:
        assert state.is_chance_node()
    else:
        assert node.player in state.active_players()
    checked = 1
    if depth == 0:
        return checked
    legal = state.legal_actions(node.player)
    for action, child in node.children.items():
        assert action in legal
        after = state.clone()
        after.apply_action(action, node.player)
        checked += _check_tree(child, after, depth - 1)
    return checked


def _most_visited(node: Node) -> Any:
    return max(node.children.items(), key=lambda item: item[1].visits)[0]


def test_the_reused_subtree_is_the_node_of_the_position_reached() -> None:
    state = position([(0, 0), (1, 0)], red=[(0, 0)], blue=[(2, 0)])
    agent = MCTSAgent(seed=3, iterations=300, max_rollout=10)
    first = agent.search(state, RED, reuse=True)
    mine = _most_visited(first)
    reply_node = first.children[mine]
    reply = _most_visited(reply_node)
    kept = reply_node.children[reply]
    kept_visits = kept.visits
    assert kept_visits > 0
    state.apply_action(mine, RED)
    state.apply_action(reply, reply_node.player)
    assert kept.player == state.current_player
    second = agent.search(state, kept.player, Budget(iterations=300), reuse=True)
    assert second is kept
    assert second.visits == 300  # topped up to the budget, the kept visits included
    assert _check_tree(second, state) > 1


def test_a_position_off_the_kept_tree_starts_a_new_one() -> None:
    state = position([(0, 0), (1, 0)], red=[(0, 0)], blue=[(2, 0)])
    agent = MCTSAgent(seed=3, iterations=100, max_rollout=10)
    first = agent.search(state, RED, reuse=True)
    other = position([(0, 0), (1, 0)], red=[(1, 0)], blue=[(2, 0)])  # another history
    second = agent.search(other, RED, reuse=True)
    assert second is not first
    assert second.visits == 100
    _check_tree(second, other)
    # Without reuse the search never looks at the kept tree.
    third = agent.search(other, RED)
    assert third is not second and third.visits == 100


def test_reuse_walks_through_chance_outcomes() -> None:
    rng = random.Random(5)
    state = load("toy-pig").new_initial_state()
    agent = MCTSAgent(seed=5, iterations=80, max_rollout=20)
    reused = 0
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        player = state.current_player
        expected: Node | None = None
        if agent._kept is not None:  # the node the actions since the last search lead to
            kept, expected = agent._kept
            for entry in state.history[len(kept.history) :]:
                assert expected is not None
                expected = expected.children.get(entry.action)
        root = agent.search(state, player, reuse=True)
        if expected is not None and expected.player == player and expected.solved is None:
            assert root is expected
            reused += 1
        assert root.visits == 80 or root.solved is not None
        _check_tree(root, state, depth=2)
        action = max(root.children.items(), key=lambda item: item[1].visits)[0]
        state.apply_action(action, player)
    assert reused > 0


def test_reuse_starts_from_what_the_seat_knows_in_a_simultaneous_phase() -> None:
    state, before = _after_seat_zero_chose(3)
    agent = MCTSAgent(seed=7, iterations=20)
    first = agent.search(before, 1, reuse=True)
    # Seat 0 chose since, unseen by seat 1: its decision state is the phase's start again.
    again = agent.search(state, 1, Budget(iterations=30), reuse=True)
    assert again is first
    assert again.visits == 30
    _check_tree(again, before, depth=1)


def test_agents_with_reuse_are_reproducible_for_a_seed() -> None:
    def game(seed: int) -> list[str]:
        state = load("quinque").new_initial_state()
        agents = [make_agent("mcts:25", seed), make_agent("mcts:25", seed + 1)]
        played = play_game(state, agents, random.Random(seed), max_actions=12)
        return [str(entry.action) for entry in played.history]

    assert game(11) == game(11)


def test_act_reuses_the_tree_and_stays_legal() -> None:
    state = load("connect5").new_initial_state()
    agent = MCTSAgent(seed=2, iterations=60, max_rollout=5)
    other = MCTSAgent(seed=4, iterations=60, max_rollout=5, reuse=False)
    rng = random.Random(2)
    for _ in range(8):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        player = state.current_player
        actor = agent if player == 0 else other
        action = actor.act(state, player)
        assert action in state.legal_actions(player)
        state.apply_action(action, player)
    assert agent._kept is not None and other._kept is None


def test_workers_search_root_parallel_in_the_agents_pool() -> None:
    from connect_arena.agents.parallel import SearchSettings, root_parallel_search

    state = position([(0, 0), (1, 0), (2, 0)], red=[(0, 0), (2, 0)], blue=[(4, 0)])
    agent = make_agent("mcts:40", seed=9, workers=2)
    assert isinstance(agent, MCTSAgent)
    try:
        action = agent.act(state, RED)
        assert agent._executor is not None
    finally:
        agent.close()
    assert agent._executor is None
    # The same merged search as two serial workers seeded from the agent's random source.
    seed = random.Random(9).randrange(2**31)
    settings = SearchSettings(max_rollout=40)
    serial = root_parallel_search(
        state, RED, seed=seed, workers=2, budget=Budget(iterations=40), settings=settings
    )
    assert action == serial[0].action
