"""The tables held in memory: the open and running ones, a cache of finished ones, how to find
them, and the one place a table's lock is taken.

Every table-level change (a join, an action, a chance draw, a computer move) runs inside
:meth:`TableRegistry.exclusive`, so a per-table lease (several server processes) wraps that
single place (:mod:`~connect_arena.service.cluster`, when a coordinator is configured).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from bisect import bisect_left, insort
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Coroutine
from datetime import datetime
from typing import Any, TypeVar, overload

from connect_arena.core import GameError
from connect_arena.service.cluster import RELEASE_AFTER, Cluster, Coordinator
from connect_arena.service.live_table import LiveTable
from connect_arena.service.model import MAX_ID, ErrorCode, ServiceError, TableInfo, TableStatus
from connect_arena.service.results import final_points
from connect_arena.service.settings import ResultReason
from connect_arena.service.storage import Storage
from connect_arena.service.table_events import TableEvents, TableFinished

log = logging.getLogger(__name__)

FINISHED_CACHE = 64
"""Finished tables kept in memory for spectators and replays."""

_T = TypeVar("_T")


class HeldTables(dict[int, LiveTable]):
    """The open and running tables in memory, by id (a ``dict``), keeping what a lobby page
    needs to read only the tables it lists (:mod:`~connect_arena.service.lobby`): their ids in
    order, and the tables that came in open (a table never becomes open again, so the open
    ones are among them). Every change goes through the dict's item methods, each kept in
    step: ``[id] = table``, ``setdefault``, ``pop``, ``del``; ``clear``, ``popitem`` and
    ``update`` too."""

    def __init__(self) -> None:
        super().__init__()
        self._ids: list[int] = []
        """Every id held, ascending."""
        self._opened: set[int] = set()
        """The ids of the tables that came in open (some may have started since)."""

    def __setitem__(self, table_id: int, table: LiveTable) -> None:
        if table_id not in self:
            insort(self._ids, table_id)
        super().__setitem__(table_id, table)
        if table.info.status is TableStatus.OPEN:
            self._opened.add(table_id)

    def setdefault(self, table_id: int, table: LiveTable, /) -> LiveTable:
        held = self.get(table_id)
        if held is not None:
            return held
        self[table_id] = table
        return table

    @overload
    def pop(self, table_id: int, /) -> LiveTable: ...
    @overload
    def pop(self, table_id: int, default: LiveTable, /) -> LiveTable: ...
    @overload
    def pop(self, table_id: int, default: _T, /) -> LiveTable | _T: ...
    def pop(self, table_id: int, *default: object) -> object:
        if table_id in self:
            self._forget(table_id)
        return super().pop(table_id, *default)

    def __delitem__(self, table_id: int) -> None:
        super().__delitem__(table_id)
        self._forget(table_id)

    def popitem(self) -> tuple[int, LiveTable]:
        item = super().popitem()
        self._forget(item[0])
        return item

    def clear(self) -> None:
        super().clear()
        self._ids.clear()
        self._opened.clear()

    def update(self, *args: Any, **kwargs: Any) -> None:
        for table_id, table in dict(*args, **kwargs).items():
            self[table_id] = table

    def __ior__(self, other: Any) -> HeldTables:  # type: ignore[override,misc]
        self.update(other)
        return self

    def _forget(self, table_id: int) -> None:
        del self._ids[bisect_left(self._ids, table_id)]
        self._opened.discard(table_id)

    def open_tables(self) -> list[LiveTable]:
        """The open tables, newest (highest id) first: read among those that came in open
        only (those started since are forgotten here)."""
        opened = self._opened
        found = []
        for table_id in list(opened):
            table = self[table_id]
            if table.info.status is TableStatus.OPEN:
                found.append(table)
            else:
                opened.discard(table_id)
        found.sort(key=lambda table: -table.id)
        return found

    def newest_others(self, skip: int, count: int) -> list[LiveTable]:
        """``count`` tables that are not open, newest first, after the ``skip`` newest of them:
        a slice of the held ids read from the top (the open ones, few, stepped over), whatever
        the number held."""
        ids = self._ids
        opened = {i for i in self._opened if self[i].info.status is TableStatus.OPEN}
        # The (skip+1)-th id not open, counted from the top: skip, plus one for each open id
        # at or above it (taken from the top down, each at its own position).
        position = skip
        for table_id in sorted(opened, reverse=True):
            if len(ids) - 1 - bisect_left(ids, table_id) > position:
                break
            position += 1
        found: list[LiveTable] = []
        while position < len(ids) and len(found) < count:
            table_id = ids[len(ids) - 1 - position]
            if table_id not in opened:
                found.append(self[table_id])
            position += 1
        return found


class TableRegistry:
    """Live tables by id, finished ones in a small cache, and background tasks.

    Args:
        storage: where tables and logs are kept.
        hub: where :meth:`finish` publishes :class:`TableFinished`.
        coordinator: shared with the other processes (Redis), when there are several: the
            registry then keeps its tables as replicas (:attr:`cluster`).
        release_after: with a coordinator, seconds without interest after which a replica's
            game is let go (:data:`~connect_arena.service.cluster.RELEASE_AFTER`).
    """

    def __init__(
        self,
        storage: Storage,
        hub: TableEvents,
        coordinator: Coordinator | None = None,
        release_after: float = RELEASE_AFTER,
    ) -> None:
        self.storage = storage
        self.hub = hub
        self.tables = HeldTables()
        self.finished: OrderedDict[int, LiveTable] = OrderedDict()
        self.tasks: set[asyncio.Task[None]] = set()
        self.cluster = (
            None if coordinator is None else Cluster(self, hub, coordinator, release_after)
        )
        """Leases, replicas and broadcasts when several processes share the tables."""

    async def load_active(self) -> list[LiveTable]:
        """Rebuild every open and running table from storage (after a restart); a table whose
        log no longer replays is logged and left out.

        Returns:
            The running tables (their games resume).
        """
        running = []
        for info in await self.storage.active_tables():
            try:
                table = LiveTable(info, await self.storage.load_actions(info.id))
            except GameError as error:
                log.error("table %s cannot be rebuilt from its log: %s", info.id, error)
                continue
            self.tables[info.id] = table
            if table.state is not None:
                running.append(table)
        return running

    def exclusive(self, table: LiveTable) -> contextlib.AbstractAsyncContextManager[object]:
        """Hold ``table`` for one change (``async with registry.exclusive(table):``): its
        lock, and its lease when several processes serve the same tables (the replica caught
        up first, the change published after). One process: the lock itself, no generator
        per change (every move takes it).

        Raises:
            ServiceError: ``busy``: the lease could not be had (several processes only).
        """
        if self.cluster is None:
            return table.lock
        return self._leased(table, self.cluster)

    @staticmethod
    @contextlib.asynccontextmanager
    async def _leased(table: LiveTable, cluster: Cluster) -> AsyncIterator[LiveTable]:
        async with table.lock, cluster.exclusive(table):
            yield table

    async def active(self, table_id: int) -> LiveTable:
        """Like :meth:`live`, also finding a table another process created a moment ago.

        Raises:
            ServiceError: ``not_found``.
        """
        if self.cluster is not None and table_id not in self.tables:
            await self.cluster.active(table_id)
        return self.live(table_id)

    def drive(
        self, table: LiveTable, turns: Callable[[LiveTable], Coroutine[Any, Any, None]]
    ) -> Coroutine[Any, Any, None]:
        """The coroutine playing ``table``'s computer seats with ``turns``: in one process
        only when there are several."""
        if self.cluster is None:
            return turns(table)
        return self.cluster.drive(turns, table)

    def live(self, table_id: int) -> LiveTable:
        """The table in memory (open, running, or a cached finished one).

        Raises:
            ServiceError: ``not_found``.
        """
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is None:
            raise ServiceError(ErrorCode.NOT_FOUND, f"there is no open or running table {table_id}")
        return table

    def finish(
        self,
        table: LiveTable,
        returns: list[float] | None,
        finished_at: datetime | None,
        reason: ResultReason = ResultReason.NORMAL,
        remote: bool = False,
    ) -> None:
        """Record a game's end on ``table`` in memory (stored by the caller): stop its clocks,
        clear its offers, move it to the finished cache, tell its viewers and publish
        :class:`TableFinished` — once: a table already finished is left as it is. An end no
        action brought (a flag, a resignation) also sends the state with the stopped clocks. The
        final points (``info.scores``) are the state's when it reached its end by the rules.
        ``remote``: another process ended it (this is its replica following).
        """
        if table.info.status is TableStatus.FINISHED:
            return
        table.info.status = TableStatus.FINISHED
        table.info.returns = None if returns is None else list(returns)
        table.info.scores = None if returns is None else final_points(table.state)
        table.info.finished_at = finished_at
        table.info.reason = reason
        if table.clocks is not None and finished_at is not None:
            table.clocks.stop_all(finished_at)
        table.offers.draw.clear()
        table.offers.takeback = None
        table.offers.takeback_accepted.clear()
        self.remember_finished(table)
        table.broadcast_table()
        if table.clocks is not None and reason is not ResultReason.NORMAL:
            # No action carries the stopped clocks to the pages (a flag, a resignation, an
            # abort): without them a page shows what it counted down to when it heard the end.
            table.broadcast(table.state_message)
        self.hub.publish(
            TableFinished(table, returns=table.info.returns, reason=reason, remote=remote)
        )

    def finished_elsewhere(self, table: LiveTable, info: TableInfo) -> None:
        """Record the end of a game another process finished on a replica that did not follow
        it (no viewer, nothing of it running here): the result, seats and notes come from
        ``info``, the description published with the end, and the log is neither read nor
        replayed. The replica leaves the memory (a later read loads the finished table from
        storage, whole) and :class:`TableFinished` is published with ``replayed=False`` —
        once: a table already finished is left as it is."""
        current = table.info
        if current.status is TableStatus.FINISHED:
            return
        current.seats = list(info.seats)
        current.notes = list(info.notes)
        current.status = TableStatus.FINISHED
        current.returns = None if info.returns is None else list(info.returns)
        current.scores = None if info.scores is None else list(info.scores)
        current.finished_at = info.finished_at
        current.reason = info.reason or ResultReason.NORMAL
        if table.clocks is not None and info.finished_at is not None:
            table.clocks.stop_all(info.finished_at)
        self.tables.pop(table.id, None)
        self.hub.publish(
            TableFinished(
                table, returns=current.returns, reason=current.reason, remote=True, replayed=False
            )
        )

    def remember_finished(self, table: LiveTable) -> None:
        """Move ``table`` to the finished cache (evicting the oldest)."""
        self.tables.pop(table.id, None)
        self.finished[table.id] = table
        self.finished.move_to_end(table.id)
        while len(self.finished) > FINISHED_CACHE:
            self.finished.popitem(last=False)

    async def get(self, table_id: int) -> LiveTable:
        """The table ``table_id`` in memory, loading a finished one from storage.

        Raises:
            ServiceError: no such table (``not_found``); a stored log that no longer replays
                (``conflict``).
        """
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is None and self.cluster is not None:
            table = await self.cluster.active(table_id)
        if table is not None:
            cluster = self.cluster
            # Left behind on purpose: read what it skipped (the whole game when let go).
            if cluster is not None and (
                table.released is not None
                or (cluster.is_dormant(table) and not table.lock.locked())
            ):
                await cluster.refresh(table)
            return table
        if not 0 < table_id <= MAX_ID:  # no such row, and a database integer cannot hold it
            raise ServiceError(ErrorCode.NOT_FOUND, f"there is no table {table_id}")
        info = await self.storage.get_table(table_id)
        if info is not None and info.status is TableStatus.ABANDONED:
            raise ServiceError(
                ErrorCode.NOT_FOUND,
                f"table {table_id} was abandoned: everybody left before the start",
            )
        if info is None or info.status is not TableStatus.FINISHED:
            raise ServiceError(ErrorCode.NOT_FOUND, f"there is no table {table_id}")
        log = await self.storage.load_actions(table_id)
        try:  # a replay of thousands of actions takes a few hundred ms: off the event loop
            table = await asyncio.to_thread(LiveTable, info, log)
        except GameError as error:
            raise ServiceError(ErrorCode.CONFLICT, f"table {table_id}: {error}") from None
        cached = self.finished.get(table_id)  # another request loaded it meanwhile
        if cached is not None:
            return cached
        self.remember_finished(table)
        return table

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """Run ``coroutine`` in the background (cancelled by :meth:`close`)."""
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def close(self) -> None:
        """Cancel the background tasks and close every table's subscriptions."""
        for task in list(self.tasks):
            task.cancel()
        for task in list(self.tasks):
            with contextlib.suppress(BaseException):
                await task
        for table in [*self.tables.values(), *self.finished.values()]:
            for subscriber in table.subscribers:
                subscriber.close()
