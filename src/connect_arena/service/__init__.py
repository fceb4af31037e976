"""The match service: tables, seats, the move pipeline, computer seats, hints, viewing, storage
and broadcast protocols, one module per concern behind :class:`MatchService`.

It imports only ``core``, ``games`` and ``agents``: the web server (``connect_arena.server``)
and any other transport drive it through :class:`MatchService` and implement
:class:`Storage`.
"""

from connect_arena.service.live_table import LiveTable, Subscription, encode
from connect_arena.service.match import MatchService
from connect_arena.service.model import (
    ErrorCode,
    LogEntry,
    Seat,
    SeatKind,
    SeatRequest,
    SeqConflictError,
    ServiceConfig,
    ServiceError,
    TableInfo,
    TableStatus,
    User,
)
from connect_arena.service.records import replay_frames, table_record
from connect_arena.service.storage import MemoryStorage, Storage

__all__ = [
    "ErrorCode",
    "LiveTable",
    "LogEntry",
    "MatchService",
    "MemoryStorage",
    "Seat",
    "SeatKind",
    "SeatRequest",
    "SeqConflictError",
    "ServiceConfig",
    "ServiceError",
    "Storage",
    "Subscription",
    "TableInfo",
    "TableStatus",
    "User",
    "encode",
    "replay_frames",
    "table_record",
]
