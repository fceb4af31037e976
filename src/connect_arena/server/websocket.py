"""WebSockets: ``/ws/lobby`` (the live lobby) and ``/ws/tables/{id}`` (a live table).

The handlers stay thin: they check the origin, read the session user, turn frames into calls
of the match service and pump the viewer's queue out. The protocol is in ``docs/server.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket
from pydantic import TypeAdapter, ValidationError
from starlette.websockets import WebSocketDisconnect

from connect_arena.server.arena import Arena, get_arena, parse_table_id, session_user
from connect_arena.server.schemas import ActionMessage, ClientMessage, PingMessage
from connect_arena.server.sessions import cookie_token
from connect_arena.service import ErrorCode, ServiceError, Subscription

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


@dataclass
class Connection:
    """What the handlers know of one open WebSocket.

    Attributes:
        subscription: the viewer's outgoing queue.
        close_reason: sent with the close (1008) once the subscription has ended.
        ended: the server ended the connection (its session was revoked, say): later frames
            are ignored.
    """

    subscription: Subscription
    close_reason: str = "too far behind: reconnect"
    ended: bool = False

    def end(self, reason: str) -> None:
        """Close the connection after the messages already queued."""
        if not self.ended:
            self.ended = True
            self.close_reason = reason
            self.subscription.close()


async def _pump(websocket: WebSocket, connection: Connection) -> None:
    """Send the viewer's queued messages until the subscription closes."""
    while (text := await connection.subscription.get()) is not None:
        await websocket.send_text(text)
    await websocket.close(POLICY_VIOLATION, connection.close_reason)


async def _serve(websocket: WebSocket, connection: Connection, handle: Any) -> None:
    """Run the pump and read frames, handing each text frame to ``handle``."""
    pump = asyncio.create_task(_pump(websocket, connection))
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            if connection.ended:
                continue
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
        await _serve(websocket, Connection(subscription), ignore)
    finally:
        arena.service.lobby.unwatch(subscription)


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str, since: int = 0) -> None:
    """A live table: ``table``, missed ``event``s after ``since`` and the ``state`` first, then
    every event as it happens; actions come in as ``{"type": "action", ...}``. An id that
    cannot name a table is ``not_found``, like an unknown table."""
    arena = get_arena(websocket)
    if not origin_allowed(websocket, arena):
        await websocket.close(POLICY_VIOLATION)
        return
    user = await session_user(websocket)
    user_id = None if user is None else user.id
    await websocket.accept()
    try:
        number = parse_table_id(table_id)
        if number is None:
            raise ServiceError(ErrorCode.NOT_FOUND, f"there is no table {table_id[:32]!r}")
        subscription = await arena.service.watch(number, user_id, since)
    except ServiceError as error:
        await websocket.send_text(json.dumps(error.to_json()))
        await websocket.close(POLICY_VIOLATION, error.code.value)
        return
    connection = Connection(subscription)
    token = cookie_token(websocket)
    unwatch_session = None
    if user_id is not None and token is not None:  # signing out closes the socket
        unwatch_session = arena.sessions.watch(token, user_id, lambda: connection.end("signed out"))

    async def handle(text: str) -> None:
        await _handle_frame(arena, number, user_id, subscription, text)

    try:
        await _serve(websocket, connection, handle)
    finally:
        arena.service.unwatch(number, subscription)
        if unwatch_session is not None:
            unwatch_session()


def _error(
    subscription: Subscription, code: ErrorCode, message: str, ref: Any = None, seq: Any = None
) -> None:
    reply: dict[str, Any] = {"type": "error", "code": code.value, "message": message}
    if ref is not None:
        reply["id"] = ref
    if seq is not None:
        reply["seq"] = seq
    subscription.push_json(reply)


async def _handle_frame(
    arena: Arena, table_id: int, user_id: int | None, subscription: Subscription, text: str
) -> None:
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
        return
    service = arena.service
    table = await service.get_table(table_id)
    if not isinstance(message, ActionMessage):
        service.sync(table, subscription, message.since)
        return
    try:
        await service.submit(table_id, user_id, message.seq, message.action, message.seat)
    except ServiceError as error:
        _error(subscription, error.code, error.message, message.id, table.seq)
        if error.code is ErrorCode.STALE_SEQ:
            service.sync(table, subscription, max(0, min(message.seq - 1, table.seq)))
