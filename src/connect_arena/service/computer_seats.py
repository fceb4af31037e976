"""Computer seats' turns: when one of a running table's computer seats may act, a background
task asks the computer players' pool (:mod:`connect_arena.service.computer`) for its action and
plays it through the move pipeline, as a person's action would be.

A decision is seeded from the table's seed, the seq and the seat, so a table's computer moves
are reproducible; a decision that arrives after the position changed is thrown away and
thought again.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, TypeVar

from connect_arena.service.cluster import SWEEP_SECONDS
from connect_arena.service.computer import ComputerPlayers, ThinkRequest
from connect_arena.service.live_table import LiveTable
from connect_arena.service.model import ServiceConfig, TableStatus, mix
from connect_arena.service.pipeline import MovePipeline
from connect_arena.service.table_registry import TableRegistry

log = logging.getLogger(__name__)

R = TypeVar("R", bound=ThinkRequest)


def pool_request(
    kind: type[R], table: LiveTable, seat: int, agent: str, seed: int, **extra: Any
) -> R:
    """A request to the computer pool (:class:`ThinkRequest` or a subclass) for ``seat`` at
    ``table``: its game, options and whole log, plus ``extra`` fields."""
    return kind(
        table_id=table.id,
        game=table.info.game,
        num_players=table.info.num_players,
        options=dict(table.info.options),
        actions=tuple((entry.seat, entry.action) for entry in table.log),
        seat=seat,
        agent=agent,
        seed=seed,
        **extra,
    )


def computer_seat(table: LiveTable) -> int | None:
    """The first seat of ``table`` a computer plays (a computer seat, or a person's seat
    taken over) that may act now, if any."""
    if table.info.status is not TableStatus.RUNNING:
        return None
    active = table.active_seats()  # none once over; a game let go: as it was then
    computers = [s.index for s in table.info.seats if s.computer_agent is not None]
    return next((seat for seat in computers if seat in active), None)


class ComputerSeats:
    """Plays the computer seats of every table.

    Args:
        registry: the tables in memory (the background tasks live there).
        pipeline: the move pipeline the computer's actions take.
        computer: the pool where agents think.
        config: ``computer_delay``, the minimum seconds per computer action.
    """

    def __init__(
        self,
        registry: TableRegistry,
        pipeline: MovePipeline,
        computer: ComputerPlayers,
        config: ServiceConfig,
    ) -> None:
        self.registry = registry
        self.pipeline = pipeline
        self.computer = computer
        self.config = config
        self._resuming: asyncio.Task[None] | None = None

    def wake(self, table: LiveTable) -> None:
        """Start the table's computer turns if a computer seat may act and none is thinking."""
        if computer_seat(table) is not None and (table.thinking is None or table.thinking.done()):
            table.thinking = self.registry.spawn(self.registry.drive(table, self._turns))

    def start_resuming(self, every: float = SWEEP_SECONDS) -> None:
        """Several processes: every ``every`` seconds, resume the tables whose chance outcome
        or computer move nobody is producing (their process died), under their lease."""

        async def loop() -> None:
            while True:
                await asyncio.sleep(every)
                for table in list(self.registry.tables.values()):
                    waiting = table.at_chance() or computer_seat(table) is not None
                    idle = table.thinking is None or table.thinking.done()
                    if not waiting or not idle or table.lock.locked():
                        continue
                    cluster = self.registry.cluster
                    if cluster is not None and cluster.busy_elsewhere(table, 3 * every):
                        continue  # a dormant replica: its game moves on in another process
                    try:
                        async with self.registry.exclusive(table):
                            await self.pipeline.advance(table)
                    except Exception:
                        log.exception("resuming table %s failed", table.id)

        if self._resuming is None:
            self._resuming = self.registry.spawn(loop())

    async def _turns(self, table: LiveTable) -> None:
        """Play the computer seats of ``table`` while one of them is to act."""
        pipeline = self.pipeline
        while (seat := computer_seat(table)) is not None:
            started = time.monotonic()
            request = self._think_request(table, seat)
            try:
                text = await self.computer.choose(request)
            except Exception:
                log.exception("computer player failed at table %s seat %s", table.id, seat)
                return
            wait = self.config.computer_delay - (time.monotonic() - started)
            if wait > 0:
                await asyncio.sleep(wait)
            async with self.registry.exclusive(table):
                if table.seq != len(request.actions) or computer_seat(table) != seat:
                    continue  # the position changed while it thought: think again
                await pipeline.commit(table, seat, pipeline.validate(table, seat, text))
                await pipeline.draw_chance(table)

    @staticmethod
    def _think_request(table: LiveTable, seat: int) -> ThinkRequest:
        agent = table.info.seats[seat].computer_agent or "random"
        seed = mix(table.info.seed, table.seq + 1) + 1 + seat
        return pool_request(ThinkRequest, table, seat, agent, seed)
