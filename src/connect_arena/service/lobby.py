"""The live lobby: watchers get the list of open and running tables, and the seeks waiting,
whenever it changes."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from connect_arena.service.live_table import Subscription, encode
from connect_arena.service.messages import table_json
from connect_arena.service.protocol import LobbyMessage, Seek
from connect_arena.service.table_registry import TableRegistry

DEBOUNCE = 0.1
"""Seconds during which lobby changes are gathered into one message."""


class Lobby:
    """Lobby watchers and the debounced ``lobby`` message.

    Args:
        registry: the tables listed.
        seeks: the seeks waiting (:meth:`connect_arena.service.seeks.Seeks.listing`), listed
            with the tables.
    """

    def __init__(self, registry: TableRegistry, seeks: Callable[[], list[Seek]] = list) -> None:
        self.registry = registry
        self.seeks = seeks
        self.watchers: set[Subscription] = set()
        self._pending: asyncio.TimerHandle | None = None

    def snapshot(self) -> LobbyMessage:
        """The ``lobby`` message: open and running tables, newest first, and the seeks
        waiting (oldest first)."""
        tables = sorted(self.registry.tables.values(), key=lambda t: t.id, reverse=True)
        return {
            "type": "lobby",
            "tables": [table_json(t.info, t.seq) for t in tables],
            "seeks": self.seeks(),
        }

    async def listing(self, finished: int) -> LobbyMessage:
        """The :meth:`snapshot` plus ``finished``: the ``finished`` latest finished tables,
        newest first (read from storage)."""
        body = self.snapshot()
        done = await self.registry.storage.finished_tables(finished)
        body["finished"] = [table_json(info) for info in done]
        return body

    def watch(self, user_id: int | None) -> Subscription:
        """Subscribe to the lobby; the queue starts with the current snapshot."""
        subscription = Subscription(user_id)
        subscription.push_json(self.snapshot())
        self.watchers.add(subscription)
        return subscription

    def unwatch(self, subscription: Subscription) -> None:
        """Drop a lobby subscription."""
        subscription.close()
        self.watchers.discard(subscription)

    def changed(self, event: object = None) -> None:
        """Note a change (``event``: the hub's event that reports it, unused); watchers get
        one snapshot within :data:`DEBOUNCE` seconds."""
        if self._pending is None and self.watchers:
            loop = asyncio.get_running_loop()
            self._pending = loop.call_later(DEBOUNCE, self._send)

    def _send(self) -> None:
        self._pending = None
        if not self.watchers:
            return
        text = encode(self.snapshot())
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
