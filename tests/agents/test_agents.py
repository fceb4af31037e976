"""Greedy and MCTS agents, levels and specs (issue 6): seeded, small budgets, no timing."""

from __future__ import annotations

import json
import random

import pytest

from connect_arena.agents import GreedyAgent, MCTSAgent, make_agent
from connect_arena.agents.base import Budget
from connect_arena.agents.heuristics import evaluate, leaf_values
from connect_arena.agents.knowledge import level_settings
from connect_arena.core import game_names, load, sample_chance_outcome
from tests.games.quinque.helpers import BLUE, RED, position

FOUR = [(0, 0), (1, 0), (2, 0), (3, 0)]


def _threat(to_move: int):  # type: ignore[no-untyped-def]
    """Red has four in a row with one open end (4,0); Blue holds the other end (-1,0)."""
    tiles = [(-1, 0), (0, 0), (1, 0), (2, 0)]
    return position(tiles, red=FOUR, blue=[(-2, 0), (-1, 0)], to_move=to_move)


def test_greedy_takes_the_win() -> None:
    assert str(GreedyAgent(1).act(_threat(RED), RED)) == "mark 4,0"


def test_mcts_finds_the_win_and_proves_it() -> None:
    lines = MCTSAgent(seed=1, iterations=400, max_rollout=10).analyse(_threat(RED), RED)
    assert str(lines[0].action) == "mark 4,0"
    assert lines[0].solved
    assert lines[0].value == 1.0


def test_mcts_blocks_the_only_threat() -> None:
    agent = MCTSAgent(seed=2, iterations=1500, max_rollout=10)
    assert str(agent.act(_threat(BLUE), BLUE)) == "mark 4,0"


def test_evaluation_prefers_the_side_with_the_open_four() -> None:
    state = _threat(BLUE)
    assert evaluate(state, RED) > 0 > evaluate(state, BLUE)
    red, blue = leaf_values(state)
    assert -1 < blue < 0 < red < 1


@pytest.mark.parametrize(
    ("spec", "name"),
    [
        ("random", "random"),
        ("greedy", "greedy"),
        ("mcts", "mcts:normal"),
        ("mcts:hard", "mcts:hard"),
        ("MCTS:Easy", "mcts:easy"),
        ("mcts:50", "mcts:50"),
    ],
)
def test_agent_specs(spec: str, name: str) -> None:
    assert make_agent(spec, 1).name == name


@pytest.mark.parametrize("spec", ["mcts:impossible", "greedy:2", "alphazero", "mcts:0"])
def test_unknown_specs_list_the_known_ones(spec: str) -> None:
    with pytest.raises(ValueError, match="known agents: random, greedy, mcts:easy"):
        make_agent(spec)


def test_levels_take_the_games_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    from connect_arena.agents import knowledge

    assert level_settings("quinque", "hard") == knowledge.knowledge_for("quinque").levels["hard"]  # type: ignore[union-attr]
    monkeypatch.setitem(knowledge.DEFAULT_LEVELS, "easy", knowledge.Level(37, seconds=None))
    agent = make_agent("mcts:easy", 1)
    assert isinstance(agent, MCTSAgent)
    state = load("toy-pig").new_initial_state()
    root = agent.search(state, state.current_player)
    assert root.visits == 37  # toy-pig has no knowledge: the default level applies
    assert agent.search(state, state.current_player, Budget(iterations=5)).visits == 5


def test_time_caps_list_each_level_with_a_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    from connect_arena.agents import knowledge
    from connect_arena.agents.levels import time_caps

    caps = time_caps("quinque")
    assert list(caps) == ["mcts:easy", "mcts:normal", "mcts:hard"]
    assert caps["mcts:hard"] == level_settings("quinque", "hard").seconds
    monkeypatch.setitem(knowledge.DEFAULT_LEVELS, "easy", knowledge.Level(37, seconds=None))
    assert "mcts:easy" not in time_caps("toy-pig")  # no cap: nothing to show
    assert time_caps("toy-pig")["mcts:hard"] == knowledge.DEFAULT_LEVELS["hard"].seconds


@pytest.mark.parametrize(
    "name", sorted(set(game_names()) - {"toy-rps", "toy-pig", "toy-tictactoe"})
)
def test_agents_only_play_legal_actions_and_leave_the_state_alone(name: str) -> None:
    rng = random.Random(5)
    state = load(name).new_initial_state()
    agents = [GreedyAgent(3), MCTSAgent(seed=4, iterations=15, max_rollout=8)]
    for step in range(60):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        player = min(state.active_players())
        before = json.dumps(state.observation(player), sort_keys=True), len(state.history)
        action = agents[step % 2].act(state, player, Budget(iterations=15))
        assert (json.dumps(state.observation(player), sort_keys=True), len(state.history)) == before
        assert action in state.legal_actions(player)
        state.apply_action(action, player)


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:10"])
def test_agents_refuse_a_seat_that_cannot_act(spec: str) -> None:
    state = _threat(RED)
    with pytest.raises(ValueError, match="Blue has no legal action"):
        make_agent(spec, 1).act(state, BLUE)
