"""Agent specs and levels: ``random``, ``greedy``, ``mcts``, ``mcts:easy|normal|hard``,
``mcts:N`` (exactly N simulations per decision, reproducible for a seed).

Levels trade thinking time for strength (figures in ``docs/agents.md``):

=========  ==========  ===============  ==============================================
level      time/move   rollout cut-off  notes
=========  ==========  ===============  ==============================================
easy       0.1 s       20 actions       wide exploration (c = 2.5): makes mistakes
normal     0.4 s       40 actions
hard       1.0 s       60 actions       the ≤ 1 s/move level of the strength targets
=========  ==========  ===============  ==============================================
"""

from __future__ import annotations

from dataclasses import dataclass

from connect_arena.agents.base import Agent
from connect_arena.agents.greedy import GreedyAgent
from connect_arena.agents.mcts import MCTSAgent
from connect_arena.agents.random_agent import RandomAgent


@dataclass(frozen=True, slots=True)
class Level:
    """The settings of an MCTS level."""

    seconds: float
    max_rollout: int
    exploration: float = 1.4


LEVELS: dict[str, Level] = {
    "easy": Level(seconds=0.1, max_rollout=20, exploration=2.5),
    "normal": Level(seconds=0.4, max_rollout=40),
    "hard": Level(seconds=1.0, max_rollout=60),
}
AGENT_KINDS = ("random", "greedy", "mcts:easy", "mcts:normal", "mcts:hard")
"""The agent specs offered to players (:func:`make_agent` also takes ``mcts`` and ``mcts:N``)."""


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
            settings = LEVELS[level]
            return MCTSAgent(
                seed,
                iterations=10**9,
                seconds=settings.seconds,
                exploration=settings.exploration,
                max_rollout=settings.max_rollout,
                name=f"mcts:{level}",
            )
    known = ", ".join([*AGENT_KINDS, "mcts:N"])
    raise ValueError(f"unknown agent {spec!r} (known agents: {known})")
