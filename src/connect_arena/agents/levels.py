"""Agent specs and levels: ``random``, ``greedy``, ``mcts``, ``mcts:easy|normal|hard``,
``mcts:N`` (exactly N simulations per decision, reproducible for a seed), and
``engine:<command>`` (an external program speaking the engine protocol,
:mod:`connect_arena.agents.engine_agent`).

A level is a number of MCTS simulations per decision (so a level plays the same moves for a
seed on any machine), a cap on the thinking time, a rollout cut-off and an exploration
constant; each game sets its own (:mod:`connect_arena.agents.knowledge`), measured strength in
``docs/agents.md``.
"""

from __future__ import annotations

from connect_arena.agents.base import Agent, Budget
from connect_arena.agents.engine_agent import DEFAULT_TIMEOUT, EngineAgent
from connect_arena.agents.greedy import GreedyAgent
from connect_arena.agents.knowledge import DEFAULT_LEVELS, Level, level_settings
from connect_arena.agents.mcts import MCTSAgent
from connect_arena.agents.random_agent import RandomAgent
from connect_arena.core.game import Action, State

LEVELS = DEFAULT_LEVELS
"""Default level settings (games may set their own: :func:`level_settings`)."""

AGENT_KINDS = ("random", "greedy", "mcts:easy", "mcts:normal", "mcts:hard")
"""The agent specs offered to players (:func:`make_agent` also takes ``mcts`` and ``mcts:N``)."""

ENGINE_PREFIX = "engine:"
"""The spec prefix of an external engine: ``engine:<command>`` (never offered by the server:
:data:`AGENT_KINDS` lists only the built-in agents)."""

__all__ = [
    "AGENT_KINDS",
    "ENGINE_PREFIX",
    "LEVELS",
    "ByCount",
    "Level",
    "level_settings",
    "make_agent",
    "normalise_spec",
    "time_caps",
]


def normalise_spec(spec: str) -> str:
    """``spec`` stripped and lowercased, except an engine's command, kept as written (a path
    or an argument may need its case): ``" MCTS:Easy"`` → ``"mcts:easy"``,
    ``"Engine:./MyBot"`` → ``"engine:./MyBot"``."""
    spec = spec.strip()
    if spec.lower().startswith(ENGINE_PREFIX):
        return ENGINE_PREFIX + spec[len(ENGINE_PREFIX) :].strip()
    return spec.lower()


def time_caps(game_name: str) -> dict[str, float]:
    """The thinking-time cap per decision, in seconds, of each offered agent of
    :data:`AGENT_KINDS` that has one in the game ``game_name`` (its MCTS levels; a level
    without a cap is left out), in the order of :data:`AGENT_KINDS`:
    ``{"mcts:easy": 0.3, "mcts:normal": 0.5, "mcts:hard": 1.0}`` for Quinque. What players
    are told ("thinks up to 1 s"); the level's simulations usually end the search sooner."""
    caps: dict[str, float] = {}
    for spec in AGENT_KINDS:
        kind, _, level = spec.partition(":")
        if kind == "mcts":
            seconds = level_settings(game_name, level).seconds
            if seconds is not None:
                caps[spec] = seconds
    return caps


class ByCount:
    """An MCTS level searched by its simulation count alone: each decision gets the level's
    simulations for the game as its budget and no time cap, so it plays as the level does on
    a machine that never reaches the cap, and the same moves for a seed on any machine (the
    puzzle miner, the ladder's ``--uncapped``).

    Args:
        agent: the level's agent (``make_agent("mcts:LEVEL", seed)``).
        level: ``"easy"``, ``"normal"`` or ``"hard"``.
    """

    def __init__(self, agent: Agent, level: str) -> None:
        self.agent = agent
        self.level = level
        self.name = agent.name

    def act(self, state: State[Action], player: int, budget: Budget | None = None) -> Action:
        """The level's action after exactly its simulations (``budget`` is ignored)."""
        iterations = level_settings(state.game.name, self.level).iterations
        return self.agent.act(state, player, Budget(iterations=iterations))

    def close(self) -> None:
        """Close the wrapped agent (a root-parallel search ends its processes)."""
        close = getattr(self.agent, "close", None)
        if callable(close):
            close()


def make_agent(
    spec: str,
    seed: int | None = None,
    workers: int = 1,
    engine_timeout: float = DEFAULT_TIMEOUT,
    uncapped: bool = False,
) -> Agent:
    """Build an agent from its spec, e.g. ``"random"``, ``"greedy"``, ``"mcts:hard"``,
    ``"mcts:500"``, ``"engine:./mybot --fast"``; plain ``"mcts"`` is ``"mcts:normal"``.
    ``engine_timeout``: seconds an external engine may take to start or to answer one
    decision (``--engine-timeout``; ignored by the built-in agents).

    ``uncapped``: an MCTS level searches by its simulation count alone (:class:`ByCount`),
    never stopped by its time cap.

    ``workers > 1`` makes an MCTS agent search each decision with that many root-parallel
    processes (:class:`~connect_arena.agents.mcts.MCTSAgent`'s ``workers``; the caller ends
    them with ``close()``); other agents ignore it.

    An engine's program is checked here but started only at its first decision; the caller
    ends it with the agent's ``close()`` (see :func:`connect_arena.agents.base.close_agents`).

    Raises:
        ValueError: unknown agent kind or level (the message lists the known ones).
        EngineError: an engine program that does not exist or cannot be executed (a
            ``ValueError`` too).
    """
    spec = normalise_spec(spec)
    if spec.startswith(ENGINE_PREFIX):
        return EngineAgent(spec[len(ENGINE_PREFIX) :], seed, timeout=engine_timeout, name=spec)
    kind, _, level = spec.partition(":")
    if kind == "random" and not level:
        return RandomAgent(seed)
    if kind == "greedy" and not level:
        return GreedyAgent(seed)
    if kind == "mcts":
        level = level or "normal"
        if level.isdigit() and int(level) > 0:
            return MCTSAgent(
                seed, iterations=int(level), max_rollout=40, name=f"mcts:{level}", workers=workers
            )
        if level in LEVELS:
            agent = MCTSAgent(seed, level=level, name=f"mcts:{level}", workers=workers)
            return ByCount(agent, level) if uncapped else agent
    known = ", ".join([*AGENT_KINDS, "mcts:N", "engine:COMMAND"])
    raise ValueError(f"unknown agent {spec!r} (known agents: {known})")
