"""Agents (computer players) and the helpers that drive games with them."""

from __future__ import annotations

from connect_arena.agents.base import Agent, Budget
from connect_arena.agents.greedy import GreedyAgent
from connect_arena.agents.levels import AGENT_KINDS, LEVELS, make_agent, time_caps
from connect_arena.agents.mcts import MCTSAgent
from connect_arena.agents.playout import play_game, step
from connect_arena.agents.random_agent import RandomAgent

__all__ = [
    "AGENT_KINDS",
    "LEVELS",
    "Agent",
    "Budget",
    "GreedyAgent",
    "MCTSAgent",
    "RandomAgent",
    "make_agent",
    "play_game",
    "step",
    "time_caps",
]
