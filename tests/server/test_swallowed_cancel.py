"""A cancellation that the Redis client swallowed must still stop the service's loops.

redis-py 8.1 lets a command finish, or fail with a ``RedisError``, although the task awaiting
it was cancelled meanwhile (``benchmarks/results/server_profile/s52/cancel_repro.py.txt``: 387
of 3,000 cancels landing mid-command). The tournaments' supervisor then went on claiming every
two seconds, and ``stop_running`` (a process's shutdown) waited for it forever: one run of
``test_when_the_owner_stops_the_other_process_finishes_the_tournament`` in eight hung until
the test's 60-s limit.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from connect_arena.service.tournaments import Tournaments


class SwallowingCoordinator:
    """Claims that wait until cancelled and swallow the first cancellation."""

    def __init__(self) -> None:
        self.claims = 0
        self.swallowed = 0
        self.inside = asyncio.Event()

    async def claim(self, name: str, ms: int) -> bool:
        self.claims += 1
        self.inside.set()
        try:
            await asyncio.Event().wait()  # a command whose answer is on its way
        except asyncio.CancelledError:
            if self.swallowed:  # only the first: the test ends either way
                raise
            self.swallowed += 1  # as the Redis client may: the command's answer came anyway
        return False


class OpenTournaments:
    async def open_tournaments(self) -> list[int]:
        return [1]


def test_stopping_tournaments_ends_the_supervisor_though_a_claim_swallowed_the_cancel() -> None:
    async def scenario() -> tuple[SwallowingCoordinator, bool]:
        coordinator = SwallowingCoordinator()
        cluster: Any = SimpleNamespace(coordinator=coordinator)
        tournaments = Tournaments(None, None, OpenTournaments(), cluster=cluster)  # type: ignore[arg-type]
        tournaments.lease_ms = 60  # claims every 20 ms
        supervisor = asyncio.get_running_loop().create_task(tournaments._supervise())
        tournaments._supervisor = supervisor
        await coordinator.inside.wait()  # the cancel lands inside the claim
        stopping = asyncio.get_running_loop().create_task(tournaments.stop_running(False))
        await asyncio.wait([stopping], timeout=2)
        stopped = stopping.done()
        if not stopped:  # end the test instead of hanging: cancel the supervisor again
            supervisor.cancel()
            await stopping
        return coordinator, stopped

    coordinator, stopped = asyncio.run(scenario())
    assert coordinator.swallowed == 1
    assert stopped
