"""The match service: tables, seats, the move pipeline, storage and broadcast protocols.

It imports only ``core``, ``games`` and ``agents``: the web server (``connect_arena.server``)
and any other transport drive it through :class:`MatchService` and implement
:class:`Storage`.
"""

from connect_arena.service.match import MatchService, SeatRequest, ServiceConfig, User
from connect_arena.service.model import (
    ErrorCode,
    LogEntry,
    Seat,
    SeatKind,
    SeqConflictError,
    ServiceError,
    TableInfo,
    TableStatus,
)
from connect_arena.service.records import replay_frames, table_record
from connect_arena.service.storage import MemoryStorage, Storage
from connect_arena.service.tables import LiveTable, Subscription, encode

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
