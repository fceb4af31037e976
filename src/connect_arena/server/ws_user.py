"""``/ws/user``: the signed-in user's own events for the pages (the same stream as the bot
API's ``/api/bot/stream/event``: challenges, ``seekMatched``, ``gameStart``, ``gameFinish``).
Closing it withdraws the user's seeks when it was their last connection (a seek belongs to a
visit, as on Lichess)."""

from __future__ import annotations

import json

from fastapi import APIRouter, WebSocket

from connect_arena.server.dependencies import get_arena, session_user
from connect_arena.server.websocket import (
    POLICY_VIOLATION,
    _admitted,
    _connection,
    _serve,
    accept,
    close_on_sign_out,
)

router = APIRouter()


@router.websocket("/ws/user")
async def user_socket(websocket: WebSocket) -> None:
    """A signed-in user's events; anonymous visitors are refused (1008)."""
    arena = get_arena(websocket)
    if not _admitted(websocket, arena):
        await websocket.close(POLICY_VIOLATION)
        return
    user = await session_user(websocket)
    await accept(websocket)
    if user is None:
        await websocket.send_text(
            json.dumps({"type": "error", "code": "not_signed_in", "message": "sign in first"})
        )
        await websocket.close(POLICY_VIOLATION, "not_signed_in")
        return
    events = arena.service.user_events
    subscription = events.watch(user.id)

    async def ignore(_text: str) -> None:
        return None

    connection = _connection(arena, websocket, subscription)
    unwatch_session = close_on_sign_out(arena, websocket, connection, user.id)
    try:
        await _serve(websocket, connection, ignore)
    finally:
        if unwatch_session is not None:
            unwatch_session()
        events.unwatch(subscription)
        if not events.streams.get(user.id):
            await arena.service.seeks.cancel_all(user.id)
