"""Table chat and mutes over HTTP (``connect_arena.service.chat``); new messages reach the
table's viewers over its WebSocket as ``{"type": "chat", ...}``."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi import APIRouter
from pydantic import Field

from connect_arena.server.dependencies import (
    ArenaDep,
    CsrfDep,
    MaybeUserDep,
    TableId,
    UserDep,
    service_user,
)
from connect_arena.server.errors import ApiError
from connect_arena.server.protocol import ChatHistory, ChatPosted, Ok
from connect_arena.server.schemas import Strict

router = APIRouter(prefix="/api")


class Say(Strict):
    """A chat message: ``text`` (at most 300 characters) or a ``preset`` key."""

    text: str | None = Field(default=None, max_length=1000)
    preset: str | None = Field(default=None, max_length=32)


class Mute(Strict):
    """Mute (``on``) or unmute a user."""

    user_id: int = Field(ge=1, le=2**31 - 1)
    on: bool = True


@router.get("/tables/{table_id}/chat", response_model=None)
async def chat(table_id: TableId, user: MaybeUserDep, arena: ArenaDep) -> ChatHistory:
    """The latest messages of the rooms the caller reads (players' while seated,
    spectators' otherwise; both once the game is over), without muted users'."""
    user_id = None if user is None else user.id
    return {"messages": await arena.service.chat.history(table_id, user_id)}


@router.post(
    "/tables/{table_id}/chat", dependencies=[CsrfDep], status_code=201, response_model=None
)
async def say(table_id: TableId, body: Say, user: UserDep, arena: ArenaDep) -> ChatPosted:
    """Write in the caller's room (``CONNECT_ARENA_CHAT_LIMIT`` messages per user); 403
    ``muted`` while a moderator's mute lasts."""
    muted = user.chat_muted_until
    if muted is not None and muted > datetime.now(UTC):
        until = muted.strftime("%Y-%m-%d %H:%M UTC")
        raise ApiError(403, "muted", f"a moderator muted your chat until {until}")
    key = f"chat:{user.id}"
    wait = await arena.chat_limiter.take(key)  # counted before awaiting: concurrent posts count too
    if wait > 0:
        raise ApiError(
            429, "rate_limited", "you are writing too fast", {"Retry-After": str(int(wait) + 1)}
        )
    try:
        message = await arena.service.chat.say(
            table_id, service_user(user), user.guest, body.text, body.preset
        )
    except Exception:
        await arena.chat_limiter.forget_one(key)  # a refused message does not count
        raise
    return {"message": message}


@router.post("/mutes", dependencies=[CsrfDep], response_model=None)
async def mute(body: Mute, user: UserDep, arena: ArenaDep) -> Ok:
    """Mute or unmute a user's chat messages (for the caller only)."""
    await arena.service.chat.mute(user.id, body.user_id, body.on)
    return {"ok": True}
