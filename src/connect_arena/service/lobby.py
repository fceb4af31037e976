"""The live lobby: watchers get the first page of open and running tables, and the seeks
waiting, whenever it changes; further pages are read with ``GET /api/lobby?page=``.

A watcher's message holds at most :data:`PER_PAGE` tables whatever the number of running
tables, is sent at most once per :data:`DEBOUNCE` seconds, and only when the page changed."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from datetime import datetime

from connect_arena.service.live_table import LiveTable, Subscription, encode
from connect_arena.service.messages import table_json
from connect_arena.service.model import Clock, SeatKind, TableStatus
from connect_arena.service.protocol import LobbyMessage, Seek
from connect_arena.service.table_registry import TableRegistry

DEBOUNCE = 0.5
"""Seconds during which lobby changes are gathered into one message."""
PER_PAGE = 20
"""Tables on a lobby page (the live page and ``GET /api/lobby``'s default)."""
MAX_PER_PAGE = 100
"""The largest ``per_page`` a client may ask for."""
LISTED_AWAY = 15 * 60.0
"""Seconds after which an open table whose people have all left it (no connection: a guest
who closed the tab) is no longer listed; it stays reachable by its link until it expires."""


class Lobby:
    """Lobby watchers and the debounced ``lobby`` message.

    Args:
        registry: the tables listed.
        seeks: the seeks waiting (:meth:`connect_arena.service.seeks.Seeks.listing`), listed
            with the tables.
        clock: the service's clock (how long the people of an open table have been away).
    """

    def __init__(
        self,
        registry: TableRegistry,
        seeks: Callable[[], list[Seek]] = list,
        clock: Clock | None = None,
    ) -> None:
        self.registry = registry
        self.seeks = seeks
        self.clock = clock or Clock()
        self.watchers: set[Subscription] = set()
        self._pending: asyncio.TimerHandle | None = None
        self._last: str | None = None

    def snapshot(self, page: int = 1, per_page: int = PER_PAGE) -> LobbyMessage:
        """The ``lobby`` message for page ``page`` (from 1) of ``per_page`` tables: open tables
        first, then running ones, newest first in each; ``total`` open and running tables in
        all; and the seeks waiting (oldest first). A page past the end has no tables. Open
        tables whose people all left them :data:`LISTED_AWAY` ago are not listed."""
        now = self.clock.now()
        held = self.registry.tables
        # Read only what the page lists: the open tables (few), then a slice of the others
        # by id (HeldTables keeps them in order), whatever the number of running tables.
        opened = held.open_tables()
        listed = [t for t in opened if not _deserted(t, now)]
        start = (page - 1) * per_page
        rows = listed[start : start + per_page]
        if len(rows) < per_page:
            rows += held.newest_others(max(0, start - len(listed)), per_page - len(rows))
        return {
            "type": "lobby",
            "tables": [table_json(t.info, t.last_seq) for t in rows],
            "seeks": self.seeks(),
            "page": page,
            "per_page": per_page,
            "total": len(held) - (len(opened) - len(listed)),
        }

    async def listing(self, finished: int, page: int = 1, per_page: int = PER_PAGE) -> LobbyMessage:
        """The :meth:`snapshot` of ``page`` plus ``finished``: the ``finished`` latest finished
        tables, newest first (read from storage)."""
        body = self.snapshot(page, per_page)
        done = await self.registry.storage.finished_tables(finished)
        body["finished"] = [table_json(info) for info in done]
        return body

    def watch(self, user_id: int | None) -> Subscription:
        """Subscribe to the lobby; the queue starts with the current snapshot."""
        subscription = Subscription(user_id)
        subscription.push_json(self.snapshot())
        self.watchers.add(subscription)
        self._last = None  # the next change reaches every watcher, whatever they were sent
        return subscription

    def unwatch(self, subscription: Subscription) -> None:
        """Drop a lobby subscription."""
        subscription.close()
        self.watchers.discard(subscription)

    def changed(self, event: object = None) -> None:
        """Note a change (``event``: the hub's event that reports it, unused); watchers get
        first page within :data:`DEBOUNCE` seconds if it changed."""
        if self._pending is None and self.watchers:
            loop = asyncio.get_running_loop()
            self._pending = loop.call_later(DEBOUNCE, self._send)

    def _send(self) -> None:
        self._pending = None
        if not self.watchers:
            return
        text = encode(self.snapshot())
        if text == self._last:  # a change off the first page: nothing to send
            return
        self._last = text
        for watcher in list(self.watchers):
            if watcher.closed:
                self.watchers.discard(watcher)
            else:
                watcher.push(text)

    def close(self) -> None:
        """Cancel a pending snapshot and close every watcher."""
        if self._pending is not None:
            with contextlib.suppress(RuntimeError):
                self._pending.cancel()
            self._pending = None
        for watcher in list(self.watchers):
            watcher.close()
        self.watchers.clear()


def _deserted(table: LiveTable, now: datetime) -> bool:
    """An open table whose people have all been away from it for :data:`LISTED_AWAY`."""
    if table.info.status is not TableStatus.OPEN:
        return False
    people = [seat for seat in table.info.seats if seat.kind is SeatKind.HUMAN]
    gone = [table.away(seat, now) for seat in people]
    return bool(people) and all(away is not None and away >= LISTED_AWAY for away in gone)
