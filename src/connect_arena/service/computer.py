"""Computer seats think in a pool of worker processes, so that the server stays responsive.

A request carries the whole game (name, options, log); each worker keeps the states of the
tables it has seen recently and only applies the actions it has not seen yet, so a move costs
the agent's thinking plus a few applied actions, not a replay of the game.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass

from connect_arena.agents import make_agent
from connect_arena.core import Action, OptionValue, State, load

CACHE_SIZE = 256
"""States kept per worker (one per table)."""

_cache: OrderedDict[int, State[Action]] = OrderedDict()
_cache_lock = threading.Lock()


@dataclass(frozen=True, slots=True)
class ThinkRequest:
    """Everything a worker needs to choose a computer seat's action.

    Attributes:
        table_id: the table (the key of the worker's state cache).
        game: the game name.
        num_players: the number of seats.
        options: the game options.
        actions: the log so far as ``(seat, notation)`` pairs (seat ``-1`` for chance).
        seat: the seat to play for.
        agent: the agent spec, e.g. ``"random"``.
        seed: the agent's seed for this decision.
    """

    table_id: int
    game: str
    num_players: int
    options: dict[str, OptionValue]
    actions: tuple[tuple[int, str], ...]
    seat: int
    agent: str
    seed: int


def _state_for(request: ThinkRequest) -> State[Action]:
    """The state after ``request.actions``, from the cache when it holds a prefix."""
    with _cache_lock:
        state = _cache.pop(request.table_id, None)
    done = 0 if state is None else len(state.history)
    if state is not None and (
        done > len(request.actions)
        or (done and str(state.history[done - 1].action) != request.actions[done - 1][1])
    ):
        state, done = None, 0
    if state is None:
        game = load(request.game, request.num_players, **request.options)
        state = game.new_initial_state()
    for seat, text in request.actions[done:]:
        state.apply_action(text, seat)
    return state


def think(request: ThinkRequest) -> str:
    """Choose the computer seat's action (runs in a worker process).

    Returns:
        The action in canonical notation.

    Raises:
        ValueError: unknown agent, or the seat has no legal action.
    """
    state = _state_for(request)
    agent = make_agent(request.agent, request.seed)
    action = str(agent.act(state, request.seat))
    with _cache_lock:
        _cache[request.table_id] = state
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return action


def _warm_up() -> None:
    """Import the games in a fresh worker, so that the first real move is not slow."""
    from connect_arena.core import game_names

    game_names()


class ComputerPlayers:
    """The pool where computer seats think.

    Args:
        workers: worker processes; ``0`` thinks in threads of this process instead (for tests
            and small machines: the engine then shares the server's CPU).
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._executor: Executor | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.workers > 0:
                context = multiprocessing.get_context("forkserver")
                self._executor = ProcessPoolExecutor(
                    self.workers, mp_context=context, initializer=_warm_up
                )
            else:
                self._executor = ThreadPoolExecutor(2, thread_name_prefix="computer")
        return self._executor

    async def choose(self, request: ThinkRequest) -> str:
        """The computer's action for ``request`` (thought out of the event loop)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool(), think, request)

    def close(self) -> None:
        """Stop the workers (waiting for none of the pending decisions)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
