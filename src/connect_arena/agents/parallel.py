"""Root-parallel MCTS: independent searches in worker processes, root statistics merged.

Each worker runs :class:`~connect_arena.agents.mcts.MCTSAgent` with its own seed
(``seed + worker``) on a copy of the position (states and games pickle); the root children's
visits and return totals are summed, a win proven by any worker is proven for all (Chaslot,
Winands & van den Herik 2008, "Parallel Monte-Carlo Tree Search"). With a fixed seed and
iteration budget, :func:`root_parallel_search` gives the same result with or without a process
pool, which the tests check. :meth:`ParallelMCTSAgent.act_async` runs the search in the pool
from an ``asyncio`` event loop without blocking it.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from connect_arena.agents.base import Budget
from connect_arena.agents.heuristics import solo_action
from connect_arena.agents.mcts import Line, MCTSAgent, Node, root_lines
from connect_arena.core.game import Action, State


@dataclass(frozen=True)
class SearchSettings:
    """The MCTS settings shared by every worker (see :class:`MCTSAgent`); with ``level`` the
    exploration, rollout cut-off and widening are the game's level settings instead (the
    budget still sets the limits)."""

    exploration: float = 1.4
    max_rollout: int = 40
    widening: float | None = None
    solver: bool = True
    level: str | None = None


@dataclass
class _RootStats:
    visits: int = 0
    totals: list[float] = field(default_factory=list)
    solved: list[float] | None = None


def _worker_search(
    state: State[Action], player: int, seed: int, budget: Budget, settings: SearchSettings
) -> dict[Action, _RootStats]:
    """One worker's search; returns the statistics of the root's children."""
    agent = MCTSAgent(
        seed,
        exploration=settings.exploration,
        max_rollout=settings.max_rollout,
        widening=settings.widening,
        solver=settings.solver,
        level=settings.level,
    )
    root = agent.search(state, player, budget)
    return {
        action: _RootStats(child.visits, list(child.totals), child.solved)
        for action, child in root.children.items()
    }


def _merge(results: list[dict[Action, _RootStats]], num_players: int, player: int) -> Node:
    """A root node whose children carry the summed statistics of every worker."""
    root = Node(player, totals=[0.0] * num_players)
    for result in results:
        for action, stats in result.items():
            child = root.children.setdefault(action, Node(player, totals=[0.0] * num_players))
            child.visits += stats.visits
            child.totals = [a + b for a, b in zip(child.totals, stats.totals, strict=True)]
            if stats.solved is not None and (
                child.solved is None or stats.solved[player] > child.solved[player]
            ):
                child.solved = stats.solved
            root.visits += stats.visits
    return root


def root_parallel_search(
    state: State[Action],
    player: int,
    *,
    seed: int,
    workers: int,
    budget: Budget,
    settings: SearchSettings | None = None,
    executor: Executor | None = None,
) -> list[Line]:
    """Search ``state`` for ``player`` with ``workers`` independent trees and merge them.

    Args:
        state: the position (not modified).
        player: the seat to decide for.
        seed: worker ``i`` uses ``seed + i``.
        workers: number of independent searches.
        budget: each worker's budget (iterations and/or seconds).
        settings: MCTS settings (default :class:`SearchSettings`).
        executor: a process pool to run the workers in parallel; ``None`` runs them one after
            another in this process (same result for an iteration budget).

    Returns:
        The merged root actions, best first (see :func:`~connect_arena.agents.mcts.root_lines`).
    """
    settings = settings or SearchSettings()
    jobs = [(state, player, seed + i, budget, settings) for i in range(workers)]
    if executor is None:
        results = [_worker_search(*job) for job in jobs]
    else:
        results = list(executor.map(_worker_search, *zip(*jobs, strict=True)))
    return root_lines(_merge(results, state.game.num_players, player), player)


class ParallelMCTSAgent:
    """An agent whose every decision is a root-parallel search in a process pool.

    Args:
        executor: the process pool (shared, e.g. by a server's computer seats).
        seed: base seed; decision ``n`` uses ``seed + 1000 * n`` so moves differ.
        workers: searches per decision (the pool's size is a sensible choice).
        seconds: each worker's time per decision.
        settings: MCTS settings.
        name: label for records and tables.
    """

    def __init__(
        self,
        executor: Executor,
        seed: int = 0,
        workers: int = 2,
        seconds: float = 1.0,
        settings: SearchSettings | None = None,
        name: str = "mcts-parallel",
    ) -> None:
        self.executor = executor
        self.seed = seed
        self.workers = workers
        self.seconds = seconds
        self.settings = settings or SearchSettings()
        self.name = name
        self._decisions = 0

    def act(self, state: State[Action], player: int, budget: Budget | None = None) -> Action:
        """The best merged action (blocking until the workers finish); a seat left alone
        plays the game's solo action (:func:`~connect_arena.agents.heuristics.solo_action`)."""
        actions = state.legal_actions(player)
        if len(actions) == 1:
            return actions[0]
        alone = solo_action(state, player)
        if alone is not None:
            return alone
        budget = budget or Budget(seconds=self.seconds)
        self._decisions += 1
        lines = root_parallel_search(
            state,
            player,
            seed=self.seed + 1000 * self._decisions,
            workers=self.workers,
            budget=budget,
            settings=self.settings,
            executor=self.executor,
        )
        return lines[0].action

    async def act_async(
        self, state: State[Action], player: int, budget: Budget | None = None
    ) -> Action:
        """:meth:`act` from an event loop: the waiting happens in a thread, the search in the
        process pool, so the loop keeps serving other requests."""
        loop = asyncio.get_running_loop()
        snapshot: Any = state.clone()
        return await loop.run_in_executor(None, self.act, snapshot, player, budget)
