"""The table and user a log line is about: set per request or WebSocket, added to every record
logged meanwhile (``table_id``, ``user_id``), so the JSON log (``--log-format json``) can be
searched by table or player (``docs/operations.md``)."""

from __future__ import annotations

import logging
import re
from contextvars import ContextVar

from starlette.types import ASGIApp, Receive, Scope, Send

table_id: ContextVar[int | None] = ContextVar("table_id", default=None)
user_id: ContextVar[int | None] = ContextVar("user_id", default=None)
_TABLE_PATH = re.compile(r"^/(?:api|ws)/tables/(\d{1,10})(?:/|$)")


class LogContext:
    """ASGI middleware: the table a request or WebSocket path names becomes the context's
    ``table_id`` (the signed-in user's id is set where the session is read)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            found = _TABLE_PATH.match(scope.get("path", ""))
            table_id.set(int(found.group(1)) if found else None)
            user_id.set(None)
        await self.app(scope, receive, send)


class ContextFilter(logging.Filter):
    """Adds ``table_id`` and ``user_id`` of the current context to each record (when set)."""

    def filter(self, record: logging.LogRecord) -> bool:
        for name, var in (("table_id", table_id), ("user_id", user_id)):
            value = var.get()
            if value is not None and not hasattr(record, name):
                setattr(record, name, value)
        return True
