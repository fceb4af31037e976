"""Agents (computer players) and the helpers that drive games with them."""

from __future__ import annotations

from connect_arena.agents.base import Agent, Budget
from connect_arena.agents.playout import play_game, step
from connect_arena.agents.random_agent import RandomAgent

AGENT_KINDS = ("random",)
"""Agent specs accepted by :func:`make_agent` (besides ``human`` in interfaces)."""


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """Build an agent from its spec, e.g. ``"random"``.

    Raises:
        ValueError: unknown agent kind (the message lists the known ones).
    """
    kind = spec.strip().lower()
    if kind == "random":
        return RandomAgent(seed)
    raise ValueError(f"unknown agent {spec!r} (known agents: {', '.join(AGENT_KINDS)})")


__all__ = ["AGENT_KINDS", "Agent", "Budget", "RandomAgent", "make_agent", "play_game", "step"]
