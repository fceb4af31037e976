"""Computer seats think in a pool of worker processes, so that the server stays responsive.

A request carries the whole game (name, options, log); each worker keeps the states of the
tables it has seen recently and only applies the actions it has not seen yet, so a move costs
the agent's thinking plus a few applied actions, not a replay of the game.

People's hints (:func:`hint`) are searched in the same pool, from the position the seat knows
(:func:`connect_arena.core.simultaneous.decision_state`: without the other seats' unrevealed
choices of the current simultaneous phase) — as every agent does for its own decisions.

Live play comes first: finished games' analyses run in a pool of their own
(:meth:`ComputerPlayers.background`) whose processes run at the lowest CPU priority
(``nice`` 19), so they never queue ahead of a computer move or a hint and take only the CPU
that live play leaves. With two or more worker processes, one MCTS move is searched by every
worker at once (root parallelism, :func:`think_part`): each part searches its share of the
simulations with its own seed and the root statistics are summed (:func:`merge_parts`). The
parts queue in the pool like any other job, so other tables' moves take their turn between them.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from connect_arena.agents import make_agent
from connect_arena.agents.base import Budget
from connect_arena.agents.heuristics import solo_action
from connect_arena.agents.knowledge import level_settings
from connect_arena.agents.mcts import Line, MCTSAgent, root_lines
from connect_arena.core import Action, GameError, OptionValue, State, load
from connect_arena.core.events import GameEvent
from connect_arena.core.gametype import GameType, ResultKind
from connect_arena.core.simultaneous import decision_state
from connect_arena.service.live_table import apply_log
from connect_arena.service.protocol import HintLine

T = TypeVar("T")

CACHE_SIZE = 256
"""States kept per worker (one per table)."""

_cache: OrderedDict[tuple[Any, ...], State[Action]] = OrderedDict()
"""States by table and game (two servers' tables, or tests' databases, may share an id)."""
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


@dataclass(frozen=True, slots=True)
class HintRequest(ThinkRequest):
    """Everything a worker needs to suggest actions to a person (nothing is played): a
    :class:`ThinkRequest` whose ``agent`` is an MCTS spec (e.g. ``"mcts:normal"``) and whose
    ``seed`` comes from the table id, the seq and the seat (reproducible).

    Attributes:
        lines: how many candidate actions to return, best first.
    """

    lines: int = 3


def _state_for(request: ThinkRequest) -> State[Action]:
    """The state after ``request.actions``, from the cache when it holds a prefix."""
    with _cache_lock:
        state = _cache.pop(_key(request), None)
    done = 0 if state is None else len(state.history)
    if state is not None and (
        done > len(request.actions)
        or (done and str(state.history[done - 1].action) != request.actions[done - 1][1])
    ):
        state, done = None, 0
    if state is None:
        game = load(request.game, request.num_players, **request.options)
        state = game.new_initial_state()
    return apply_log(state, request.actions[done:])


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
    _remember(request, state)
    return action


def _key(request: ThinkRequest) -> tuple[Any, ...]:
    options = tuple(sorted(request.options.items()))
    return (request.table_id, request.game, request.num_players, options)


def _remember(request: ThinkRequest, state: State[Action]) -> None:
    with _cache_lock:
        _cache[_key(request)] = state
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def hint(request: HintRequest) -> list[HintLine]:
    """The best actions for ``request.seat`` (runs in a worker process; plays nothing).

    Returns:
        Up to ``request.lines`` candidates, best first (:func:`_line_json`).

    Raises:
        ValueError: the agent is not an MCTS agent, or the seat has no legal action.
    """
    current = _state_for(request)
    try:
        agent = make_agent(request.agent, request.seed)
        if not isinstance(agent, MCTSAgent):
            raise ValueError(f"hints need an MCTS agent, not {request.agent!r}")
        if request.seat not in current.active_players():
            raise ValueError(f"seat {request.seat} has no legal action")
        # The search starts from the seat's view (decision_state): no hidden choices.
        lines = agent.analyse(current, request.seat)[: request.lines]
        known = decision_state(current, request.seat)  # the lines in words, without hidden choices
    finally:
        # Cached only after the search: a thread pool's next request may advance it.
        _remember(request, current)
    return [_line_json(known, request.seat, line) for line in lines]


@dataclass(frozen=True, slots=True)
class AnalysisRequest(HintRequest):
    """One position of a finished game's analysis (:func:`analyse_position`): ``quick``
    simulations first, topped up to ``full`` unless the position is already decided.

    Attributes:
        quick: the first search's simulations.
        full: the simulations of an undecided position.
    """

    quick: int = 100
    full: int = 300


DECIDED_SHARE = 0.6
"""A position is decided after the quick search when its best action holds this share of the
root's visits (or is a proven result): more simulations would not change the verdict."""


def analyse_position(request: AnalysisRequest) -> tuple[int, list[HintLine]]:
    """Search one position of an analysis (runs in a background worker; plays nothing): the
    simulations spent and the best ``request.lines`` candidates (:func:`_line_json`). A forced
    action or a decided position costs ``request.quick`` simulations, others ``request.full``.

    Raises:
        ValueError: the seat has no legal action.
    """
    current = _state_for(request)
    try:
        if request.seat not in current.active_players():
            raise ValueError(f"seat {request.seat} has no legal action")
        agent = MCTSAgent(request.seed, max_rollout=40, name="analysis")
        root = agent.search(current, request.seat, Budget(iterations=request.quick), reuse=True)
        lines = root_lines(root, request.seat)
        decided = root.solved is not None or (
            bool(lines) and (lines[0].solved or lines[0].visits >= DECIDED_SHARE * root.visits)
        )
        if not decided:
            root = agent.search(current, request.seat, Budget(iterations=request.full), reuse=True)
            lines = root_lines(root, request.seat)
        known = decision_state(current, request.seat)
    finally:
        _remember(request, current)
    return root.visits, [_line_json(known, request.seat, line) for line in lines[: request.lines]]


def expected_score(value: float, game_type: GameType) -> float | None:
    """A seat's expected return ``value`` as a share of the best result, 0..1 (a win 1, the
    worst rank 0, a two-sided draw 0.5): the one scale of hints and analyses. ``None`` for
    games whose returns are points (the value is then shown as points)."""
    low, high = game_type.min_utility, game_type.max_utility
    if game_type.result is not ResultKind.RANKS or high <= low:
        return None
    return round(min(1.0, max(0.0, (value - low) / (high - low))), 4)


def _line_json(known: State[Action], seat: int, line: Line) -> HintLine:
    """A candidate for the page: ``{action, event, value, score, visits, solved, principal,
    principal_events, then_chance}``. ``value`` is the seat's expected return, ``score`` the
    same on the 0..1 scale (:func:`expected_score`); the principal line stops where chance
    acts next (``then_chance``): future dice are never shown as known."""
    events, then_chance = _describe_line(known, seat, line.principal)
    return {
        "action": str(line.action),
        "event": known.describe_action(line.action, seat).to_json(),
        "value": round(line.value, 4),
        "score": expected_score(line.value, known.game.game_type),
        "visits": line.visits,
        "solved": line.solved,
        "principal": [str(action) for action in line.principal[: len(events)]],
        "principal_events": events,
        "then_chance": then_chance,
    }


def _describe_line(
    state: State[Action], seat: int, line: Sequence[Action]
) -> tuple[list[GameEvent], bool]:
    """The descriptions (events) of the actions of ``line`` played from ``state`` in turn (the
    first by ``seat``), and whether chance acts next: the line stops before a chance outcome
    (the search sampled one; the dice are not known) or an action it cannot place (it never
    changes ``state``)."""
    events: list[GameEvent] = []
    after = state.clone()
    for index, action in enumerate(line):
        if after.is_terminal():
            break
        if after.is_chance_node():
            return events, True
        if index == 0:
            player = seat
        else:
            active = after.active_players()
            if not active:
                break
            player = after.current_player if after.current_player >= 0 else min(active)
        try:
            described = after.describe_action(action, player).to_json()
            after.apply_action(action, player)
        except GameError:
            break
        events.append(described)
    return events, False


PartResult = dict[str, tuple[int, float | None]]
"""One part of a root-parallel move: each root action's visits and, once proven, its exact
value for the seat; ``{action: (0, None)}`` alone for a forced action (nothing searched)."""

MIN_PART = 50
"""The fewest simulations worth a part of their own (below, a move is searched in one part)."""


def think_part(request: ThinkRequest, part: int, parts: int) -> PartResult:
    """Search ``1/parts`` of an MCTS move's simulations with the seed ``request.seed + part``
    (runs in a worker process; :meth:`ComputerPlayers.choose` merges the parts).

    Raises:
        ValueError: the agent is not an MCTS agent, or the seat has no legal action.
    """
    state = _state_for(request)
    try:
        agent = make_agent(request.agent, request.seed + part)
        if not isinstance(agent, MCTSAgent):
            raise ValueError(f"a root-parallel move needs an MCTS agent, not {request.agent!r}")
        actions = state.legal_actions(request.seat)
        forced = actions[0] if len(actions) == 1 else solo_action(state, request.seat)
        if forced is not None:
            return {str(forced): (0, None)}
        if not actions:
            raise ValueError(f"seat {request.seat} has no legal action")
        iterations, seconds = _limits_of(agent, request.game)
        budget = Budget(seconds=seconds, iterations=max(1, math.ceil(iterations / parts)))
        root = agent.search(state, request.seat, budget)
        return {
            str(action): (
                child.visits,
                None if child.solved is None else child.solved[request.seat],
            )
            for action, child in root.children.items()
        }
    finally:
        _remember(request, state)


def _limits_of(agent: MCTSAgent, game: str) -> tuple[int, float | None]:
    """The simulations and time cap of one of ``agent``'s decisions in ``game``."""
    if agent.level is not None:
        settings = level_settings(game, agent.level)
        return settings.iterations, settings.seconds
    return agent.iterations, agent.seconds


def merge_parts(results: Sequence[PartResult]) -> str:
    """The action the parts of a root-parallel move choose together: a forced action; else a
    win one part proved; else the most visits summed over the parts among the actions no part
    proved lost (ties: the first in notation order, so the choice is reproducible)."""
    for result in results:
        if len(result) == 1 and next(iter(result.values())) == (0, None):
            return next(iter(result))
    visits: dict[str, int] = {}
    proven: dict[str, float] = {}
    for result in results:
        for action, (count, solved) in result.items():
            visits[action] = visits.get(action, 0) + count
            if solved is not None:
                proven[action] = max(solved, proven.get(action, solved))
    wins = sorted(action for action, value in proven.items() if value >= 1.0)
    if wins:
        return wins[0]
    alive = [action for action in visits if proven.get(action, 0.0) > -1.0] or list(visits)
    return min(alive, key=lambda action: (-visits[action], action))


COMPUTER_CPUS_ENV = "CONNECT_ARENA_COMPUTER_CPUS"
"""The CPUs the computer players' processes may use, comma-separated, when the server's own
process was pinned to one (``connect-arena serve --cpu``, which sets it): its worker processes
would otherwise inherit that one CPU and search on the server's core."""


def _warm_up() -> None:
    """Import the games in a fresh worker, so that the first real move is not slow; on the
    CPUs of :data:`COMPUTER_CPUS_ENV` when it is set."""
    from connect_arena.core import game_names

    cpus = os.environ.get(COMPUTER_CPUS_ENV)
    if cpus:
        os.sched_setaffinity(0, {int(cpu) for cpu in cpus.split(",")})
    game_names()


BACKGROUND_NICE = 19
"""The ``nice`` increment of the background workers (19: the lowest CPU priority)."""


def _warm_up_background() -> None:
    """A background worker: lowest CPU priority (live play's workers go first), then warm up."""
    os.nice(BACKGROUND_NICE)
    _warm_up()


class ComputerPlayers:
    """The pool where computer seats think, and the background pool of analyses.

    Args:
        workers: worker processes; ``0`` thinks in threads of this process instead (for tests
            and small machines: the engine then shares the server's CPU). The background pool
            has as many processes (one thread with ``0``), at ``nice`` :data:`BACKGROUND_NICE`.
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._executor: Executor | None = None
        self._background: Executor | None = None

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

    def parts_of(self, request: ThinkRequest) -> int:
        """How many workers search ``request`` at once: every worker process for an MCTS
        agent (root parallelism), else one (threads share one CPU: no gain)."""
        if self.workers < 2 or not request.agent.startswith("mcts"):
            return 1
        try:
            agent = make_agent(request.agent)
        except ValueError:
            return 1
        if not isinstance(agent, MCTSAgent):
            return 1
        iterations, _ = _limits_of(agent, request.game)
        return max(1, min(self.workers, iterations // MIN_PART))

    async def choose(self, request: ThinkRequest) -> str:
        """The computer's action for ``request`` (thought out of the event loop; an MCTS
        move in :meth:`parts_of` parts at once, see :func:`think_part`)."""
        loop = asyncio.get_running_loop()
        parts = self.parts_of(request)
        if parts == 1:
            return await loop.run_in_executor(self._pool(), think, request)
        pool = self._pool()
        results = await asyncio.gather(
            *(loop.run_in_executor(pool, think_part, request, part, parts) for part in range(parts))
        )
        return merge_parts(results)

    async def background(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in the background pool (analyses: behind live play, never in
        its queue); ``function`` and ``args`` must pickle (module-level function)."""
        if self._background is None:
            if self.workers > 0:
                context = multiprocessing.get_context("forkserver")
                self._background = ProcessPoolExecutor(
                    self.workers, mp_context=context, initializer=_warm_up_background
                )
            else:
                self._background = ThreadPoolExecutor(1, thread_name_prefix="analysis")
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._background, function, *args)

    async def hint(self, request: HintRequest) -> list[HintLine]:
        """The hint for ``request`` (searched in the same pool, out of the event loop)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool(), hint, request)

    def close(self) -> None:
        """Stop the workers: the pending decisions and analyses are cancelled, and those
        under way (at most one a worker, each bounded by its search's budget) are waited
        for, so the worker processes and their queues are gone before the interpreter exits
        (else multiprocessing's resource tracker reports their semaphores as leaked)."""
        for executor in (self._executor, self._background):
            if executor is not None:
                executor.shutdown(wait=True, cancel_futures=True)
        self._executor = self._background = None
