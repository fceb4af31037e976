"""WebSockets: ``/ws/lobby`` (the live lobby) and ``/ws/tables/{id}`` (a live table).

The handlers stay thin: they check the origin, read the session user, turn frames into calls
of the match service and pump the viewer's queue out. The protocol is in ``docs/server.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket
from pydantic import TypeAdapter, ValidationError
from starlette.websockets import WebSocketDisconnect

from connect_arena.server.arena import Arena, get_arena, session_user
from connect_arena.server.schemas import (
    ActionMessage,
    ClientMessage,
    HistoryMessage,
    PingMessage,
)
from connect_arena.service import ErrorCode, ServiceError, Subscription
from connect_arena.service.viewing import error_message

router = APIRouter()
MESSAGES: TypeAdapter[Any] = TypeAdapter(ClientMessage)
POLICY_VIOLATION = 1008


def origin_allowed(websocket: WebSocket, arena: Arena) -> bool:
    """Whether the handshake's ``Origin`` is this server (or an allowed origin).

    Browsers always send ``Origin`` on WebSockets, so a page of another site cannot use a
    visitor's cookie here (cross-site WebSocket hijacking); clients that are not browsers
    send none and must bring the session cookie themselves.
    """
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    if origin in arena.settings.allowed_origins:
        return True
    return urlsplit(origin).netloc.lower() == websocket.headers.get("host", "").lower()


async def _pump(websocket: WebSocket, subscription: Subscription) -> None:
    """Send the viewer's queued messages until the subscription closes."""
    while (text := await subscription.get()) is not None:
        await websocket.send_text(text)
    await websocket.close(POLICY_VIOLATION, "too far behind: reconnect")


async def _serve(websocket: WebSocket, subscription: Subscription, handle: Any) -> None:
    """Run the pump and read frames, handing each text frame to ``handle``."""
    pump = asyncio.create_task(_pump(websocket, subscription))
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                text = (message.get("bytes") or b"").decode("utf-8", "replace")
            await handle(text)
    except WebSocketDisconnect:
        pass
    finally:
        pump.cancel()
        with contextlib.suppress(BaseException):
            await pump


@router.websocket("/ws/lobby")
async def lobby_socket(websocket: WebSocket) -> None:
    """The live lobby: a ``lobby`` message now and after every change."""
    arena = get_arena(websocket)
    if not origin_allowed(websocket, arena):
        await websocket.close(POLICY_VIOLATION)
        return
    await websocket.accept()
    subscription = arena.service.lobby.watch(None)

    async def ignore(_text: str) -> None:
        return None

    try:
        await _serve(websocket, subscription, ignore)
    finally:
        arena.service.lobby.unwatch(subscription)


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: int, since: int = 0) -> None:
    """A live table: ``table``, missed ``event``s after ``since`` and the ``state`` first, then
    every event as it happens; actions come in as ``{"type": "action", ...}``."""
    arena = get_arena(websocket)
    if not origin_allowed(websocket, arena):
        await websocket.close(POLICY_VIOLATION)
        return
    user = await session_user(websocket)
    user_id = None if user is None else user.id
    await websocket.accept()
    try:
        subscription = await arena.service.watch(table_id, user_id, since)
    except ServiceError as error:
        await websocket.send_text(json.dumps(error.to_json()))
        await websocket.close(POLICY_VIOLATION, error.code.value)
        return

    async def handle(text: str) -> None:
        await _handle_frame(arena, table_id, subscription, text)

    try:
        await _serve(websocket, subscription, handle)
    finally:
        arena.service.unwatch(table_id, subscription)


def _error(subscription: Subscription, code: ErrorCode, message: str) -> None:
    subscription.push_json(error_message(code, message))


async def _handle_frame(arena: Arena, table_id: int, subscription: Subscription, text: str) -> None:
    """One frame from a client: an action, a sync request or a ping."""
    limit = arena.settings.max_frame
    if len(text.encode()) > limit:  # bytes, not characters
        _error(subscription, ErrorCode.FRAME_TOO_LARGE, f"messages are at most {limit} bytes")
        return
    try:
        message = MESSAGES.validate_json(text)
    except ValidationError as error:
        problem = error.errors()[0]
        where = ".".join(str(p) for p in problem["loc"]) or "message"
        _error(
            subscription,
            ErrorCode.BAD_MESSAGE,
            f"not a valid message ({where}: {problem['msg']}); see docs/server.md",
        )
        return
    if isinstance(message, PingMessage):
        subscription.push_json({"type": "pong", "id": message.id})
    elif isinstance(message, ActionMessage):
        await arena.service.act(
            table_id, subscription, message.seq, message.action, message.seat, message.id
        )
    elif isinstance(message, HistoryMessage):
        await arena.service.history(table_id, subscription, message.before, message.limit)
    else:
        await arena.service.resync(table_id, subscription, message.since)
