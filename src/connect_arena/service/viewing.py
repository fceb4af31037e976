"""Watching a table: subscribe (the table, the latest missed events and the state), sync again
and page through the history on request, and the answer to a viewer's action (its refusal as an
``error`` message, followed by the missed events and the state when the viewer's seq was
stale). A viewer's request never raises: every refusal is an ``error`` message in its queue.
Transports only move these messages (``docs/server.md``, WebSocket protocol)."""

from __future__ import annotations

from typing import Any

from connect_arena.core.events import GameEvent
from connect_arena.service.live_table import HISTORY_PAGE, RECENT_EVENTS, LiveTable, Subscription
from connect_arena.service.model import ErrorCode, ServiceError
from connect_arena.service.pipeline import MovePipeline
from connect_arena.service.protocol import ErrorMessage, HistoryMessage
from connect_arena.service.table_registry import TableRegistry


def error_message(
    code: ErrorCode,
    message: str,
    ref: Any = None,
    seq: int | None = None,
    event: GameEvent | None = None,
) -> ErrorMessage:
    """The ``error`` message: ``{"type": "error", "code", "message"}`` plus ``id`` (echoing
    the client's ``ref``), ``seq`` (the table's) and ``event`` (a refusal's structured event)
    when given."""
    reply: ErrorMessage = {"type": "error", "code": code.value, "message": message}
    if ref is not None:
        reply["id"] = ref
    if seq is not None:
        reply["seq"] = seq
    if event is not None:
        reply["event"] = event
    return reply


def sync(table: LiveTable, subscription: Subscription, since: int) -> None:
    """Queue the events after ``since`` (at most the latest :data:`RECENT_EVENTS`; older ones
    come with ``history`` requests) and the current state for ``subscription``."""
    seats = table.viewer_seats(subscription.user_id)
    if 0 <= since <= table.seq:
        start = max(since, table.seq - RECENT_EVENTS)
        for message in table.event_messages(start, seats):
            subscription.push_json(message)
    state = table.state_message(seats)
    if state is not None:
        subscription.push(table.encode(state))


class Viewing:
    """Subscriptions to tables.

    Args:
        registry: the tables.
        pipeline: where a viewer's actions go.
    """

    def __init__(self, registry: TableRegistry, pipeline: MovePipeline) -> None:
        self.registry = registry
        self.pipeline = pipeline

    async def watch(self, table_id: int, user_id: int | None, since: int = 0) -> Subscription:
        """See :meth:`connect_arena.service.MatchService.watch`."""
        table = await self.registry.get(table_id)
        if self.registry.cluster is not None:  # another process may have moved it on
            await self.registry.cluster.refresh(table)
        subscription = Subscription(user_id)
        # Subscribed first: the opening table and state messages show this viewer online
        # (nothing awaits in between, so no broadcast comes before them).
        table.subscribers.add(subscription)
        subscription.push_json(table.table_message(user_id))
        sync(table, subscription, since)
        return subscription

    async def _table(
        self, table_id: int, subscription: Subscription, ref: Any = None
    ) -> LiveTable | None:
        """The table, or ``None`` after queueing the refusal (a table gone, or abandoned)."""
        try:
            return await self.registry.get(table_id)
        except ServiceError as error:
            subscription.push_json(error_message(error.code, error.message, ref))
            return None

    async def resync(self, table_id: int, subscription: Subscription, since: int) -> None:
        """Queue the events after ``since`` and the state again (a ``sync`` request); before
        the start, the ``table`` message instead."""
        table = await self._table(table_id, subscription)
        if table is None:
            return
        if table.state is None:  # not started: no state to send, the table is the answer
            subscription.push_json(table.table_message(subscription.user_id))
        sync(table, subscription, since)

    async def history(
        self, table_id: int, subscription: Subscription, before: int, limit: int = 100
    ) -> None:
        """Queue a page of older events (a ``history`` request): ``{"type": "history",
        "table_id", "before", "events"}`` with the events of seqs ``before - limit`` to
        ``before - 1`` (from 1; ``limit`` at most :data:`HISTORY_PAGE`), oldest first, each
        shown to the viewer as live events are."""
        table = await self._table(table_id, subscription)
        if table is None:
            return
        limit = max(1, min(limit, HISTORY_PAGE))
        end = max(0, min(before - 1, table.seq))
        seats = table.viewer_seats(subscription.user_id)
        events = table.event_messages(max(0, end - limit), seats, end)
        reply: HistoryMessage = {
            "type": "history",
            "table_id": table.id,
            "before": before,
            "events": events,
        }
        subscription.push_json(reply)

    async def act(
        self,
        table_id: int,
        subscription: Subscription,
        seq: int,
        text: str,
        seat: int | None = None,
        ref: Any = None,
    ) -> None:
        """A viewer's action: its event reaches every viewer once stored; a refusal is queued
        for this viewer as an ``error`` message (with the table's seq and ``ref`` as ``id``),
        and a ``stale_seq`` one is followed by the missed events and the state."""
        table = await self._table(table_id, subscription, ref)
        if table is None:
            return
        try:
            await self.pipeline.submit(table_id, subscription.user_id, seq, text, seat)
        except ServiceError as error:
            reply = error_message(error.code, error.message, ref, table.seq, error.event)
            subscription.push_json(reply)
            if error.code is ErrorCode.STALE_SEQ:
                sync(table, subscription, max(0, min(seq - 1, table.seq)))

    def unwatch(self, table_id: int, subscription: Subscription) -> None:
        """See :meth:`connect_arena.service.MatchService.unwatch`."""
        subscription.close()
        table = self.registry.tables.get(table_id) or self.registry.finished.get(table_id)
        if table is not None:
            table.subscribers.discard(subscription)
