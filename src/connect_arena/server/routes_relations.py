"""Follow and block (``docs/community.md``, "Follow and block").

* ``POST /api/relations`` ``{"user_id", "kind": "follow" | "block", "on"}``;
* ``GET /api/relations``: the people the caller follows — online or not, and the tables they
  play at now — and the people the caller blocks.

A block works both ways for challenges (neither can challenge the other) and one way for chat
(the blocker no longer sees the blocked person's messages: it mutes them).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Literal

from fastapi import APIRouter
from pydantic import Field

from connect_arena.server.db.relations import SqlRelations
from connect_arena.server.dependencies import Arena, ArenaDep, CsrfDep, UserDep
from connect_arena.server.errors import ApiError
from connect_arena.server.schemas import Strict
from connect_arena.service.messages import game_title
from connect_arena.service.model import ErrorCode, ServiceError, TableStatus

router = APIRouter(prefix="/api")


class Relation(Strict):
    """Follow or block a player (``on``), or stop."""

    user_id: int = Field(ge=1, le=2**31 - 1)
    kind: Literal["follow", "block"]
    on: bool = True


@router.post("/relations", dependencies=[CsrfDep], response_model=None)
async def set_relation(body: Relation, user: UserDep, arena: ArenaDep) -> dict[str, Any]:
    """Follow or block a player (guests cannot); blocking also mutes their chat for you."""
    if user.guest:
        raise ApiError(403, "guest", "create an account (with a password) first")
    await SqlRelations(arena.storage).set(
        user.id, body.user_id, body.kind, body.on, datetime.now(UTC)
    )
    if body.kind == "block":
        await arena.service.chat.mute(user.id, body.user_id, body.on)
    return {"ok": True}


def _playing(arena: Arena, user_ids: set[int]) -> dict[int, list[dict[str, Any]]]:
    """The running tables (held by this process) where each of ``user_ids`` is seated."""
    found: dict[int, list[dict[str, Any]]] = {}
    for table in list(arena.service.tables.values()):
        if table.info.status is not TableStatus.RUNNING:
            continue
        for seat in table.info.seats:
            if seat.user_id in user_ids:
                found.setdefault(seat.user_id, []).append(
                    {"table_id": table.id, "game": table.info.game,
                     "title": game_title(table.info.game)}
                )  # fmt: skip
    return found


def _online(arena: Arena, user_id: int) -> bool:
    """Whether the person has a page open here (their events, or a table)."""
    if arena.service.user_events.streams.get(user_id):
        return True
    return any(table.online(user_id) for table in list(arena.service.tables.values()))


@router.get("/relations", response_model=None)
async def relations(user: UserDep, arena: ArenaDep) -> dict[str, Any]:
    """``{"following": [{"id", "name", "online", "playing": [{"table_id", "game",
    "title"}]}], "blocked": [{"id", "name"}]}``; online people first."""
    found = await SqlRelations(arena.storage).of(user.id)
    playing = _playing(arena, {other for other, _name in found["follow"]})
    following = [
        {
            "id": other,
            "name": name,
            "online": _online(arena, other),
            "playing": playing.get(other, []),
        }
        for other, name in found["follow"]
    ]
    following.sort(key=lambda f: (not f["online"], not f["playing"]))
    return {
        "following": following,
        "blocked": [{"id": other, "name": name} for other, name in found["block"]],
    }


async def refuse_blocked_rematch(arena: Arena, table_id: int, user_id: int, op: str) -> None:
    """A rematch offer (or acceptance) is a challenge: refused when another person seated at
    the table blocks ``user_id`` or is blocked by them.

    Raises:
        ServiceError: ``blocked`` (403 over HTTP).
    """
    if op not in ("offer", "accept"):
        return
    table = arena.service.tables.get(table_id) or arena.service.finished.get(table_id)
    if table is None:  # the service answers not_found
        return
    others = {s.user_id for s in table.info.seats if s.user_id not in (None, user_id)}
    if others & await SqlRelations(arena.storage).blocked_with(user_id):
        raise ServiceError(ErrorCode.BLOCKED, "no rematch with someone you block or who blocks you")
