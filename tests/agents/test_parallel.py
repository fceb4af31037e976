"""Root-parallel MCTS: the same result in a process pool as serially, and an event loop that
keeps running while a search is under way."""

from __future__ import annotations

import asyncio
import pickle
from concurrent.futures import ProcessPoolExecutor

import pytest

from connect_arena.agents.base import Budget
from connect_arena.agents.mcts import MCTSAgent
from connect_arena.agents.parallel import ParallelMCTSAgent, SearchSettings, root_parallel_search
from connect_arena.core import load
from tests.games.quinque.helpers import RED, position

SETTINGS = SearchSettings(max_rollout=8)


def _summary(lines):  # type: ignore[no-untyped-def]
    return [(str(line.action), line.visits, round(line.value, 9), line.solved) for line in lines]


def test_parallel_equals_serial_for_a_seed_and_an_iteration_budget() -> None:
    state = position([(0, 0), (1, 0), (2, 0)], red=[(0, 0), (2, 0)], blue=[(4, 0)])
    budget = Budget(iterations=60)
    serial = root_parallel_search(state, RED, seed=7, workers=2, budget=budget, settings=SETTINGS)
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = root_parallel_search(
            state, RED, seed=7, workers=2, budget=budget, settings=SETTINGS, executor=pool
        )
    assert _summary(parallel) == _summary(serial)
    assert sum(line.visits for line in serial) == 120


def test_workers_search_with_the_games_level_settings() -> None:
    state = position([(0, 0), (1, 0), (2, 0)], red=[(0, 0), (2, 0)], blue=[(4, 0)])
    budget = Budget(iterations=40)
    hard = SearchSettings(level="hard")
    lines = root_parallel_search(state, RED, seed=3, workers=2, budget=budget, settings=hard)
    assert sum(line.visits for line in lines) == 80  # the budget, not the level, sets limits
    serial = MCTSAgent(3, level="hard").analyse(state, RED, budget)
    alone = root_parallel_search(state, RED, seed=3, workers=1, budget=budget, settings=hard)
    assert _summary(alone) == _summary(serial)


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        MCTSAgent(1, level="expert")


def test_merged_search_finds_the_win() -> None:
    state = position([(0, 0), (1, 0), (2, 0)], red=[(0, 0), (1, 0), (2, 0), (3, 0)])
    lines = root_parallel_search(
        state, RED, seed=1, workers=2, budget=Budget(iterations=100), settings=SETTINGS
    )
    assert str(lines[0].action) == "mark 4,0"


def test_states_of_every_game_pickle() -> None:
    for name in ("quinque", "connect5", "connnect", "pairs"):
        state = load(name).new_initial_state()
        copy = pickle.loads(pickle.dumps(state))
        assert copy.game == state.game
        assert copy.observation(0) == state.observation(0)


def test_act_async_does_not_block_the_event_loop() -> None:
    state = position([(0, 0), (1, 0), (2, 0)], red=[(0, 0), (2, 0)], blue=[(4, 0)])

    async def main() -> tuple[int, str]:
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0.005)

        with ProcessPoolExecutor(max_workers=2) as pool:
            agent = ParallelMCTSAgent(pool, seed=3, settings=SETTINGS)
            task = asyncio.create_task(ticker())
            action = await agent.act_async(state, RED, Budget(seconds=0.4))
            task.cancel()
        return ticks, str(action)

    ticks, action = asyncio.run(main())
    assert action in {str(a) for a in state.legal_actions(RED)}
    assert ticks >= 10  # the loop kept running during the search
