"""What "Analyse this game" costs (issue 27 item 15): the simulations and the time of one
analysis of a finished game. Prints figures; asserts nothing.

Plays ``--games`` seeded games of two ``random`` computers (Quinque, as in the issue's
example, or ``--game``), then analyses each through the match service (``--workers`` computer
processes) and prints the positions searched, the simulations spent (the analysis reports them
per position; the former analysis searched 300 at every position) and the wall time.

Run: ``.venv/bin/python benchmarks/bench_analysis_cost.py [--workers 2] [--games 3]``
"""

from __future__ import annotations

import argparse
import asyncio
import time
from typing import Any

from connect_arena.service import (
    MatchService,
    MemoryStorage,
    SeatRequest,
    ServiceConfig,
    TableStatus,
    User,
)

OPTIONS: dict[str, Any] = {"parachutes": 6, "tiles": 3, "first_player": "0"}


async def main(args: argparse.Namespace) -> None:
    config = ServiceConfig(computer_workers=args.workers, computer_delay=0.0, sweep_every=0)
    service = MatchService(MemoryStorage(), config)
    await service.start()
    try:
        for _ in range(args.games):
            seats = [SeatRequest("computer", "random"), SeatRequest("computer", "random")]
            info = await service.create_table(User(1, "host"), args.game, seats, OPTIONS)
            while (await service.get_table(info.id)).info.status is not TableStatus.FINISHED:
                await asyncio.sleep(0.05)
            actions = len((await service.get_table(info.id)).log)
            started = time.perf_counter()
            analysis = await service.analysis.analyse(info.id)
            took = time.perf_counter() - started
            positions = analysis["positions"]
            spent = sum(p.get("simulations", 300) for p in positions)
            print(
                f"{args.game}, {actions} actions: {len(positions)} positions, {spent} simulations "
                f"(300 each: {300 * len(positions)}), {took:.1f} s"
            )
    finally:
        await service.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--game", default="quinque")
    asyncio.run(main(parser.parse_args()))
