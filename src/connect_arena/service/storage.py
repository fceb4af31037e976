"""What the match service needs from a database: the :class:`Storage` protocol.

The server implements it with SQLAlchemy (``connect_arena.server.db``); :class:`MemoryStorage`
keeps everything in dictionaries for tests and tools. Every method is one transaction: in
particular :meth:`Storage.append_action` stores an action (and, when the game ends with it, the
result) atomically, and refuses a second action at the same ``(table_id, seq)``.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import Protocol

from connect_arena.core import OptionValue
from connect_arena.service.model import (
    LogEntry,
    Seat,
    SeqConflictError,
    TableInfo,
    TableStatus,
)
from connect_arena.service.settings import ResultReason, TableNote, TableSettings


class Storage(Protocol):
    """Durable tables and action logs. Implementations must be safe to call from one event
    loop concurrently (they may serialise internally)."""

    async def create_table(
        self,
        game: str,
        options: dict[str, OptionValue],
        seats: Sequence[Seat],
        created_by: int,
        seed: int,
        status: TableStatus = TableStatus.OPEN,
        settings: TableSettings | None = None,
    ) -> TableInfo:
        """Store a new table, its seats, status and settings in one transaction and return it
        with its id (``status`` is ``running`` for a table whose seats are all taken: it
        starts at once)."""
        ...

    async def update_table(self, table_id: int, seats: Sequence[Seat], status: TableStatus) -> None:
        """Replace the seats and status of a table in one transaction (a join, and the start
        it may cause; a leave)."""
        ...

    async def append_action(
        self,
        table_id: int,
        entry: LogEntry,
        returns: list[float] | None = None,
        finished_at: datetime | None = None,
        reason: ResultReason | None = None,
        scores: list[float] | None = None,
    ) -> None:
        """Append ``entry`` to the table's log; with ``returns``, also mark the table finished
        (for ``reason``, ``normal`` by default) and keep its final ``scores`` (points per
        seat, ``None`` for games that count none).

        Raises:
            SeqConflictError: the log already has an action at ``entry.seq``.
        """
        ...

    async def end_table(
        self,
        table_id: int,
        returns: list[float] | None,
        reason: ResultReason,
        finished_at: datetime,
        notes: Sequence[TableNote] = (),
        seats: Sequence[Seat] | None = None,
    ) -> None:
        """Mark a table finished outside an action (resignation, timeout, claim, agreed draw,
        abort, abandonment: ``returns`` is ``None`` for no result), with its notes and, when
        given, its seats, in one transaction."""
        ...

    async def add_notes(
        self, table_id: int, notes: Sequence[TableNote], seats: Sequence[Seat] | None = None
    ) -> None:
        """Keep lifecycle notes of a running table (a take-over, a return, a hint used) and,
        when given, its new seats, in one transaction."""
        ...

    async def take_back(self, table_id: int, keep: int, note: TableNote) -> None:
        """Delete the table's actions after seq ``keep`` and keep ``note``, in one transaction
        (a takeback every person agreed to)."""
        ...

    async def get_table(self, table_id: int) -> TableInfo | None:
        """The table, or ``None``."""
        ...

    async def load_actions(self, table_id: int, after: int = 0) -> list[LogEntry]:
        """The table's log after seq ``after`` (the whole log by default), in ``seq`` order."""
        ...

    async def active_tables(self) -> list[TableInfo]:
        """Every open or running table (to rebuild the service after a restart)."""
        ...

    async def finished_tables(self, limit: int, game: str | None = None) -> list[TableInfo]:
        """The ``limit`` most recently finished tables (of ``game`` only, if given), newest
        first."""
        ...


class MemoryStorage:
    """A :class:`Storage` in dictionaries: for tests, benchmarks of the service and tools."""

    def __init__(self) -> None:
        self.tables: dict[int, TableInfo] = {}
        self.logs: dict[int, list[LogEntry]] = {}

    async def create_table(
        self,
        game: str,
        options: dict[str, OptionValue],
        seats: Sequence[Seat],
        created_by: int,
        seed: int,
        status: TableStatus = TableStatus.OPEN,
        settings: TableSettings | None = None,
    ) -> TableInfo:
        """See :meth:`Storage.create_table`."""
        table_id = len(self.tables) + 1
        info = TableInfo(table_id, game, dict(options), list(seats), status, created_by, seed)
        info.settings = settings or TableSettings()
        self.tables[table_id] = info
        self.logs[table_id] = []
        return copy.deepcopy(info)

    async def update_table(self, table_id: int, seats: Sequence[Seat], status: TableStatus) -> None:
        """See :meth:`Storage.update_table`."""
        info = self.tables[table_id]
        info.seats = list(seats)
        info.status = status

    async def append_action(
        self,
        table_id: int,
        entry: LogEntry,
        returns: list[float] | None = None,
        finished_at: datetime | None = None,
        reason: ResultReason | None = None,
        scores: list[float] | None = None,
    ) -> None:
        """See :meth:`Storage.append_action`."""
        log = self.logs[table_id]
        if any(existing.seq == entry.seq for existing in log):
            raise SeqConflictError(f"table {table_id} already has an action at seq {entry.seq}")
        log.append(replace(entry))
        if returns is not None:
            info = self.tables[table_id]
            info.status = TableStatus.FINISHED
            info.returns = list(returns)
            info.scores = None if scores is None else list(scores)
            info.finished_at = finished_at
            info.reason = reason or ResultReason.NORMAL

    async def end_table(
        self,
        table_id: int,
        returns: list[float] | None,
        reason: ResultReason,
        finished_at: datetime,
        notes: Sequence[TableNote] = (),
        seats: Sequence[Seat] | None = None,
    ) -> None:
        """See :meth:`Storage.end_table`."""
        info = self.tables[table_id]
        info.status = TableStatus.FINISHED
        info.returns = None if returns is None else list(returns)
        info.reason = reason
        info.finished_at = finished_at
        info.notes.extend(notes)
        if seats is not None:
            info.seats = list(seats)

    async def add_notes(
        self, table_id: int, notes: Sequence[TableNote], seats: Sequence[Seat] | None = None
    ) -> None:
        """See :meth:`Storage.add_notes`."""
        info = self.tables[table_id]
        info.notes.extend(notes)
        if seats is not None:
            info.seats = list(seats)

    async def take_back(self, table_id: int, keep: int, note: TableNote) -> None:
        """See :meth:`Storage.take_back`."""
        self.logs[table_id] = [entry for entry in self.logs[table_id] if entry.seq <= keep]
        self.tables[table_id].notes.append(note)

    async def get_table(self, table_id: int) -> TableInfo | None:
        """See :meth:`Storage.get_table`."""
        info = self.tables.get(table_id)
        return None if info is None else copy.deepcopy(info)

    async def load_actions(self, table_id: int, after: int = 0) -> list[LogEntry]:
        """See :meth:`Storage.load_actions`."""
        entries = [entry for entry in self.logs.get(table_id, []) if entry.seq > after]
        return sorted(entries, key=lambda e: e.seq)

    async def active_tables(self) -> list[TableInfo]:
        """See :meth:`Storage.active_tables`."""
        active = (TableStatus.OPEN, TableStatus.RUNNING)
        return [copy.deepcopy(t) for t in self.tables.values() if t.status in active]

    async def finished_tables(self, limit: int, game: str | None = None) -> list[TableInfo]:
        """See :meth:`Storage.finished_tables`."""
        done = [
            t
            for t in self.tables.values()
            if t.status is TableStatus.FINISHED and (game is None or t.game == game)
        ]
        done.sort(key=lambda t: (t.finished_at is not None, t.finished_at, t.id), reverse=True)
        return [copy.deepcopy(t) for t in done[:limit]]
