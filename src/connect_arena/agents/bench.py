"""Engine and search speed, measured the same way for every game (one core, no assertions).

Three figures per game (:func:`bench_game`):

* **random playouts**: actions per second through ``legal_actions`` + ``apply_legal_action``
  (the agents' unchecked path), chance outcomes included, over complete random games (the
  last one may be cut short by the time limit);
* **legal-action generation**: the time of a ``legal_actions`` call on each decision position
  of random games, on a copy whose per-state caches are cleared (:func:`cold_copy`), since the
  games often generate the actions while applying the previous one (mean and 95th percentile
  in µs, and the mean number of actions);
* **MCTS**: simulations per second of :class:`~connect_arena.agents.mcts.MCTSAgent` searching
  from a few positions of a random game (its start and later decision points).

In a simultaneous phase the lowest active seat acts, as in :func:`~connect_arena.agents.step`.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from connect_arena.agents.base import Budget
from connect_arena.agents.mcts import MCTSAgent
from connect_arena.core.chance import sample_chance_outcome
from connect_arena.core.game import CHANCE, Action, Game, State


@dataclass(frozen=True, slots=True)
class BenchResult:
    """The figures of one game (see the module docstring).

    Attributes:
        game: the game's name.
        players: number of seats.
        playout_actions_per_s: random-playout actions per second.
        playout_games: random games completed during the measurement.
        mean_length: mean actions per completed game (0 if none completed).
        legal_mean_us: mean time of a cold ``legal_actions`` call, in µs.
        legal_p95_us: its 95th percentile, in µs.
        legal_calls: number of calls timed.
        mean_branching: mean number of legal actions of those positions.
        mcts_sims_per_s: MCTS simulations per second.
        mcts_positions: number of positions searched.
        max_rollout: the MCTS rollout cap (actions).
    """

    game: str
    players: int
    playout_actions_per_s: float
    playout_games: int
    mean_length: float
    legal_mean_us: float
    legal_p95_us: float
    legal_calls: int
    mean_branching: float
    mcts_sims_per_s: float
    mcts_positions: int
    max_rollout: int

    def to_json(self) -> dict[str, Any]:
        """The figures as a JSON-able dict."""
        return asdict(self)


def _advance(state: State[Action], rng: random.Random) -> None:
    """Apply one random action (a chance outcome, or the lowest active seat's)."""
    if state.is_chance_node():
        state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
        return
    player = min(state.active_players())
    state.apply_legal_action(rng.choice(state.legal_actions(player)), player)


def random_playouts(
    game: Game,
    seconds: float,
    seed: int = 1,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[float, int, float]:
    """Random games for ``seconds`` of ``clock`` (the wall clock by default;
    ``time.process_time`` for CPU time): ``(actions per second, games completed, mean
    length)``."""
    rng = random.Random(seed)
    actions = 0
    lengths: list[int] = []
    start = clock()
    deadline = start + seconds
    state = game.new_initial_state()
    while True:
        if state.is_terminal():
            lengths.append(len(state.history))
            state = game.new_initial_state()
        _advance(state, rng)
        actions += 1
        # reading the CPU clock costs ~1 µs: check it every 64 actions, not every one
        if actions & 63 == 0 and clock() >= deadline:
            break
    elapsed = clock() - start
    return actions / elapsed, len(lengths), statistics.fmean(lengths) if lengths else 0.0


CACHE_ATTRIBUTES = ("_legal", "_legal_set")
"""Per-state caches of legal actions in the built-in games, reset to ``None`` by
:func:`cold_copy` (Connect 5, Quinque, Connect Pairs)."""


def cold_copy(state: State[Action]) -> State[Action]:
    """A clone of ``state`` with its known legal-action caches cleared, so that the next
    ``legal_actions`` call generates the actions (CO'NNN'ECT keeps a per-seat ``cache`` list)."""
    probe = state.clone()
    for name in CACHE_ATTRIBUTES:
        if hasattr(probe, name):
            setattr(probe, name, None)
    cache = getattr(probe, "cache", None)
    if isinstance(cache, list):
        setattr(probe, "cache", [None] * len(cache))  # noqa: B010 - not every state has it
    return probe


def legal_timings(game: Game, seconds: float, seed: int = 2) -> tuple[list[float], list[int]]:
    """Cold ``legal_actions`` times (µs, see :func:`cold_copy`) and action counts on decision
    positions of random games, for about ``seconds`` (at least one position)."""
    rng = random.Random(seed)
    times: list[float] = []
    counts: list[int] = []
    deadline = time.perf_counter() + seconds
    state = game.new_initial_state()
    while not times or time.perf_counter() < deadline:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            _advance(state, rng)
            continue
        player = min(state.active_players())
        probe = cold_copy(state)
        t0 = time.perf_counter()
        actions = probe.legal_actions(player)
        times.append((time.perf_counter() - t0) * 1e6)
        counts.append(len(actions))
        state.apply_legal_action(rng.choice(actions), player)
    return times, counts


def sample_positions(
    game: Game, count: int, seed: int = 3, horizon: int = 120
) -> list[State[Action]]:
    """``count`` decision positions of one random game: its first decision point and others
    spread over its first ``horizon`` decisions (fewer if the game ends sooner)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    found: list[State[Action]] = []
    while not state.is_terminal() and len(found) < horizon:
        if not state.is_chance_node():
            found.append(state.clone())
        _advance(state, rng)
    if not found:
        return []
    step = max(1, len(found) // count)
    return found[::step][:count]


def mcts_speed(
    game: Game, seconds: float, positions: int = 3, max_rollout: int = 200, seed: int = 4
) -> tuple[float, int]:
    """MCTS simulations per second over ``positions`` positions, ``seconds`` in all:
    ``(simulations per second, positions searched)``."""
    states = sample_positions(game, positions)
    if not states:
        return 0.0, 0
    simulations = 0
    elapsed = 0.0
    for state in states:
        agent = MCTSAgent(seed, max_rollout=max_rollout)
        player = min(state.active_players())
        start = time.perf_counter()
        root = agent.search(state, player, Budget(seconds=seconds / len(states)))
        elapsed += time.perf_counter() - start
        simulations += root.visits
    return (simulations / elapsed if elapsed > 0 else 0.0), len(states)


def percentile(values: list[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``values`` (nearest rank; 0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def bench_game(game: Game, seconds: float = 1.0, max_rollout: int = 200) -> BenchResult:
    """All three measurements of ``game``, each for about ``seconds``."""
    rate, games, length = random_playouts(game, seconds)
    times, counts = legal_timings(game, seconds)
    sims, positions = mcts_speed(game, seconds, max_rollout=max_rollout)
    return BenchResult(
        game=game.name,
        players=game.num_players,
        playout_actions_per_s=rate,
        playout_games=games,
        mean_length=length,
        legal_mean_us=statistics.fmean(times),
        legal_p95_us=percentile(times, 0.95),
        legal_calls=len(times),
        mean_branching=statistics.fmean(counts),
        mcts_sims_per_s=sims,
        mcts_positions=positions,
        max_rollout=max_rollout,
    )
