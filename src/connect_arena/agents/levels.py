"""Agent specs and levels: ``random``, ``greedy``, ``mcts``, ``mcts:easy|normal|hard``,
``mcts:N`` (exactly N simulations per decision, reproducible for a seed).

A level is a number of MCTS simulations per decision (so a level plays the same moves for a
seed on any machine), a cap on the thinking time, a rollout cut-off and an exploration
constant; each game sets its own (:mod:`connect_arena.agents.knowledge`), measured strength in
``docs/agents.md``.
"""

from __future__ import annotations

from connect_arena.agents.base import Agent
from connect_arena.agents.greedy import GreedyAgent
from connect_arena.agents.knowledge import DEFAULT_LEVELS, Level, level_settings
from connect_arena.agents.mcts import MCTSAgent
from connect_arena.agents.random_agent import RandomAgent

LEVELS = DEFAULT_LEVELS
"""Default level settings (games may set their own: :func:`level_settings`)."""

AGENT_KINDS = ("random", "greedy", "mcts:easy", "mcts:normal", "mcts:hard")
"""The agent specs offered to players (:func:`make_agent` also takes ``mcts`` and ``mcts:N``)."""

__all__ = ["AGENT_KINDS", "LEVELS", "Level", "level_settings", "make_agent"]


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """Build an agent from its spec, e.g. ``"random"``, ``"greedy"``, ``"mcts:hard"``,
    ``"mcts:500"``; plain ``"mcts"`` is ``"mcts:normal"``.

    Raises:
        ValueError: unknown agent kind or level (the message lists the known ones).
    """
    kind, _, level = spec.strip().lower().partition(":")
    if kind == "random" and not level:
        return RandomAgent(seed)
    if kind == "greedy" and not level:
        return GreedyAgent(seed)
    if kind == "mcts":
        level = level or "normal"
        if level.isdigit() and int(level) > 0:
            return MCTSAgent(seed, iterations=int(level), max_rollout=40, name=f"mcts:{level}")
        if level in LEVELS:
            return MCTSAgent(seed, level=level, name=f"mcts:{level}")
    known = ", ".join([*AGENT_KINDS, "mcts:N"])
    raise ValueError(f"unknown agent {spec!r} (known agents: {known})")
