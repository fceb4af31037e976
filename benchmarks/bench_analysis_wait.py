"""A person's wait for the computer's reply at a live table, with and without concurrent
analyses of finished games (issue 31 item 3). Prints figures; asserts nothing.

One match service (in memory, ``--workers`` computer processes, no computer delay) runs
``--finished`` games of two ``random`` computers to the end; then a person plays Quinque
against ``--agent`` for ``--moves`` actions: the wait is the time from the person's action
being accepted to the person's turn again (the computer's reply committed). The same is
measured again while ``--finished`` analyses of the finished games are asked at once (as
anonymous visitors would; the service's own limits apply, the HTTP per-address ones do not).
Reports p50/p99 of both, the analyses' outcome (done, refused as busy) and the CPU time of the
process tree. Only the service's public API is used, so the same script measures older code.

Run: ``.venv/bin/python benchmarks/bench_analysis_wait.py [--workers 1] [--moves 30]
[--finished 20] [--agent mcts:easy] [--patience 600]``
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from typing import Any

from connect_arena.service import (
    MatchService,
    MemoryStorage,
    SeatRequest,
    ServiceConfig,
    ServiceError,
    TableStatus,
    User,
)

PERSON = User(1, "person")
GAME_OPTIONS: dict[str, Any] = {"parachutes": 6, "tiles": 3, "first_player": "0"}
"""A short Quinque (about 20-40 actions), as in the issue's example."""


async def finished_games(service: MatchService, count: int) -> list[int]:
    """``count`` games of two random computers, played to the end."""
    ids = []
    for _ in range(count):
        info = await service.create_table(
            PERSON,
            "quinque",
            [SeatRequest("computer", "random"), SeatRequest("computer", "random")],
            GAME_OPTIONS,
        )
        ids.append(info.id)
    while True:
        tables = [await service.get_table(i) for i in ids]
        if all(t.info.status is TableStatus.FINISHED for t in tables):
            return ids
        await asyncio.sleep(0.05)


async def person_turn(service: MatchService, table_id: int) -> int | None:
    """Wait until the person may act (their seat), or the game ends (``None``)."""
    while True:
        table = await service.get_table(table_id)
        state = table.state
        if table.info.status is not TableStatus.RUNNING or state is None or state.is_terminal():
            return None
        if 0 in state.active_players():
            return 0
        await asyncio.sleep(0.002)


async def waits(service: MatchService, agent: str, moves: int, rng: random.Random) -> list[float]:
    """The person's waits over ``moves`` actions (new games when one ends)."""
    found: list[float] = []
    table_id = -1
    while len(found) < moves:
        if table_id < 0 or await person_turn(service, table_id) is None:
            info = await service.create_table(
                PERSON,
                "quinque",
                [SeatRequest("me"), SeatRequest("computer", agent)],
                GAME_OPTIONS,
            )
            table_id = info.id
            if await person_turn(service, table_id) is None:
                continue
        table = await service.get_table(table_id)
        assert table.state is not None
        action = str(rng.choice(table.state.legal_actions(0)))
        await service.submit(table_id, PERSON.id, table.seq + 1, action, 0)
        started = time.perf_counter()
        # Quinque: a turn may need several actions by the person (end turn); a reply is the
        # computer's action after the person's turn ended.
        after = await service.get_table(table_id)
        if after.state is not None and 0 in after.state.active_players():
            continue
        if await person_turn(service, table_id) is not None:
            found.append(time.perf_counter() - started)
    return found


async def analyses(service: MatchService, ids: list[int]) -> tuple[int, int]:
    """Ask every analysis at once: (done, refused)."""
    results = await asyncio.gather(
        *(service.analysis.analyse(i) for i in ids), return_exceptions=True
    )
    refused = sum(isinstance(r, ServiceError) for r in results)
    errors = [
        r for r in results if isinstance(r, BaseException) and not isinstance(r, ServiceError)
    ]
    if errors:
        raise errors[0]
    return len(ids) - refused, refused


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def main(args: argparse.Namespace) -> None:
    config = ServiceConfig(computer_workers=args.workers, computer_delay=0.0, sweep_every=0)
    service = MatchService(MemoryStorage(), config)
    await service.start()
    rng = random.Random(1)
    try:
        ids = await finished_games(service, args.finished)
        await waits(service, args.agent, 3, rng)  # warm the workers
        alone = await waits(service, args.agent, args.moves, rng)
        started = time.perf_counter()
        busy = asyncio.ensure_future(analyses(service, ids))
        await asyncio.sleep(0.5)  # the analyses are under way
        loaded = await waits(service, args.agent, args.moves, rng)
        during = not busy.done()
        try:
            done, refused = await asyncio.wait_for(asyncio.shield(busy), args.patience)
        except TimeoutError:
            done, refused = -1, -1
        took = time.perf_counter() - started
    finally:
        await service.close()
    for name, values in (("alone", alone), (f"{args.finished} analyses", loaded)):
        print(
            f"wait for the reply, {name:>12}: p50 {1000 * statistics.median(values):7.0f} ms"
            f"  p99 {1000 * percentile(values, 0.99):7.0f} ms  ({len(values)} replies)"
        )
    outcome = (
        f"{done} done, {refused} refused as busy"
        if done >= 0
        else f"not all answered within {args.patience:g} s"
    )
    print(
        f"analyses: {outcome}, {took:.1f} s after they were asked "
        f"(still running when the loaded waits ended: {during})"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--finished", type=int, default=20)
    parser.add_argument("--agent", default="mcts:easy")
    parser.add_argument("--patience", type=float, default=600.0, help="seconds to await analyses")
    asyncio.run(main(parser.parse_args()))
