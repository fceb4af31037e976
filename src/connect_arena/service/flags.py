"""Flag timers: one timer per running table, set for the clock that runs out first; when it
fires, the fallen flags are applied under the table's lock (:meth:`Finisher.flag_fell`).

The timers follow the table-event hub: every event after which a clock may run differently
(an action, a start, a takeback, a take-over) sets the table's timer again, and a game's end
cancels it.
"""

from __future__ import annotations

import asyncio

from connect_arena.service.finisher import Finisher
from connect_arena.service.live_table import LiveTable
from connect_arena.service.model import Clock, TableStatus
from connect_arena.service.table_registry import TableRegistry


class FlagTimers:
    """Sets, resets and fires each running table's flag timer.

    Args:
        registry: the tables (their locks, the background tasks).
        finisher: applies the fallen flags.
        clock: the service's clock.
    """

    def __init__(self, registry: TableRegistry, finisher: Finisher, clock: Clock) -> None:
        self.registry = registry
        self.finisher = finisher
        self.clock = clock

    def reset(self, table: LiveTable) -> None:
        """Set ``table``'s one flag timer for the clock that runs out first, or cancel it
        (no running clock, or the game is not running)."""
        if table.flag_timer is not None:
            table.flag_timer.cancel()
            table.flag_timer = None
        clocks = table.clocks
        flag = clocks.next_flag() if clocks is not None else None
        if flag is not None and table.info.status is TableStatus.RUNNING:
            delay = max(0.0, (flag.at - self.clock.now()).total_seconds())
            loop = asyncio.get_running_loop()
            table.flag_timer = loop.call_later(
                delay + 0.001, lambda: self.registry.spawn(self._fire(table))
            )

    async def _fire(self, table: LiveTable) -> None:
        async with self.registry.exclusive(table):
            await self.finisher.flag_fell(table)
            self.reset(table)
