"""What an operator watches: ``/healthz``, ``/readyz`` and ``/metrics`` (Prometheus), and the
JSON log format.

* ``GET /healthz``: 200 ``{"status": "ok"}`` while the process serves requests.
* ``GET /readyz``: 200 when the database answers ``SELECT 1`` and, when configured, Redis
  answers ``PING``; 503 with the failing part named otherwise (a load balancer takes the
  process out of rotation).
* ``GET /metrics``: this process's metrics in Prometheus's text format (``prometheus-client``),
  answered to loopback clients and to ``Authorization: Bearer <CONNECT_ARENA_METRICS_TOKEN>``,
  404 to anyone else (the figures are not for the public). ``docs/operations.md`` lists them.
"""

from __future__ import annotations

import asyncio
import copy
import hmac
import json
import logging
import os
import re
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from prometheus_client import generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from pythonjsonlogger.json import JsonFormatter
from sqlalchemy import text

from connect_arena.server.dependencies import Arena, get_arena
from connect_arena.server.errors import ApiError

router = APIRouter(include_in_schema=False)

LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost", "testclient"})


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    """The process is up and answering."""
    return {"status": "ok"}


async def _database_ready(arena: Arena) -> str | None:
    def ping() -> None:
        with arena.storage.engine.connect() as connection:
            connection.execute(text("SELECT 1"))

    try:
        # asyncio.timeout, not wait_for: on Python 3.11 wait_for swallows a cancel that
        # arrives as the answer lands, and the check runs on after its caller has gone
        async with asyncio.timeout(5):
            await asyncio.to_thread(ping)
    except Exception as error:  # any failure means "not ready"; the answer names it
        return f"database: {type(error).__name__}"
    return None


async def _redis_ready(arena: Arena) -> str | None:
    if arena.coordinator is None:
        return None
    try:
        async with asyncio.timeout(5):  # as above
            await arena.coordinator.ping()
    except Exception as error:  # as above
        return f"redis: {type(error).__name__}"
    return None


@router.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    """200 when the database (and Redis, when configured) answer; 503 naming what failed."""
    arena = get_arena(request)
    failures = [f for f in (await _database_ready(arena), await _redis_ready(arena)) if f]
    if failures:
        return JSONResponse({"status": "unavailable", "failures": failures}, status_code=503)
    return JSONResponse({"status": "ready"})


def _may_read_metrics(request: Request) -> bool:
    token = os.environ.get("CONNECT_ARENA_METRICS_TOKEN", "")
    given = request.headers.get("authorization", "")
    if token and hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
        return True
    return request.client is not None and request.client.host in LOOPBACK


@router.get("/metrics")
async def metrics(request: Request) -> Response:
    """This process's metrics (Prometheus text format); 404 to non-loopback clients without
    the metrics token."""
    if not _may_read_metrics(request):
        raise ApiError(404, "not_found", "Not Found")
    arena = get_arena(request)
    return Response(generate_latest(arena.metrics.registry), media_type=CONTENT_TYPE_LATEST)


SECRET_FIELDS = ("password", "token", "cookie", "secret", "authorization")
_SECRET_QUERY = re.compile(
    r"([?&][^=&#\s]*(?:" + "|".join(SECRET_FIELDS) + r")[^=&#\s]*=)[^&#\s]*", re.IGNORECASE
)
REDACTED = "[redacted]"


def redact_query(text: str) -> str:
    """``text`` with the value of every query parameter whose name looks secret replaced by
    :data:`REDACTED` (``/verify-email?token=abc`` → ``/verify-email?token=[redacted]``)."""
    return _SECRET_QUERY.sub(r"\1" + REDACTED, text)


class RedactQuery(logging.Filter):
    """Redacts secret query parameters in a record's arguments (the access log's request
    line: e-mailed links carry their single-use token in the query)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                redact_query(arg) if isinstance(arg, str) and "=" in arg else arg
                for arg in record.args
            )
        return True


def text_log_config() -> dict[str, Any]:
    """uvicorn's own log configuration with :class:`RedactQuery` on every handler."""
    config: dict[str, Any] = copy.deepcopy(uvicorn_logging_config())
    config.setdefault("filters", {})["redact"] = {"()": f"{__name__}.RedactQuery"}
    for handler in config["handlers"].values():
        handler["filters"] = [*handler.get("filters", []), "redact"]
    return config


def uvicorn_logging_config() -> dict[str, Any]:
    """uvicorn's default ``dictConfig`` (imported here: the app runs without uvicorn too)."""
    from uvicorn.config import LOGGING_CONFIG

    return LOGGING_CONFIG


class ArenaJsonFormatter(JsonFormatter):
    """One JSON object a line: time, level, logger, message and the record's extra fields
    (``table_id``, ``user_id``...); a field whose name looks secret is dropped."""

    def process_log_record(self, log_data: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in log_data.items() if not any(s in k.lower() for s in SECRET_FIELDS)}


def json_log_config(level: str) -> dict[str, Any]:
    """A ``logging.config.dictConfig`` for uvicorn and the app writing JSON lines to stderr."""
    formatter = {
        "()": f"{__name__}.ArenaJsonFormatter",
        "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s",
        "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
    }
    handler = {
        "class": "logging.StreamHandler",
        "formatter": "json",
        "stream": "ext://sys.stderr",
        "filters": ["context", "redact"],
    }
    loggers = ("uvicorn", "uvicorn.error", "uvicorn.access", "connect_arena")
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": formatter},
        "filters": {
            "context": {"()": "connect_arena.server.logcontext.ContextFilter"},
            "redact": {"()": f"{__name__}.RedactQuery"},
        },
        "handlers": {"default": handler},
        "loggers": {
            name: {"handlers": ["default"], "level": level.upper(), "propagate": False}
            for name in loggers
        },
    }


def log_json_line(record: logging.LogRecord) -> str:
    """``record`` formatted as the JSON log writes it (for tests and tools)."""
    formatter = ArenaJsonFormatter(
        "%(asctime)s %(levelname)s %(name)s %(message)s",
        rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
    )
    line = formatter.format(record)
    json.loads(line)  # always one JSON object
    return line
