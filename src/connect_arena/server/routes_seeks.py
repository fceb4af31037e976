"""Quick pairing over HTTP: seeks (``connect_arena.service.seeks``); the lobby lists them and
the seeker's ``/ws/user`` stream says when one was matched (``docs/community.md``)."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import Field

from connect_arena.server.dependencies import ArenaDep, CsrfDep, RowId, UserDep, service_user
from connect_arena.server.errors import ApiError
from connect_arena.server.protocol import Ok, SeekList, SeekMade
from connect_arena.server.schemas import SettingsChoice, Strict
from connect_arena.service import ErrorCode, ServiceError
from connect_arena.service.messages import table_json
from connect_arena.service.settings import TableSettings

router = APIRouter(prefix="/api")


class NewSeek(Strict):
    """A seek: the game, the number of players (default: the game's), the table's settings
    and the rating range either side (``null``: anyone)."""

    game: str = Field(max_length=64)
    players: int | None = Field(default=None, ge=2, le=16)
    settings: SettingsChoice = Field(default_factory=SettingsChoice)
    range: int | None = Field(default=300, ge=0, le=3000)


@router.get("/seeks", response_model=None)
async def seeks(arena: ArenaDep) -> SeekList:
    """The seeks waiting, oldest first."""
    return {"seeks": arena.service.seeks.listing()}


@router.post("/seeks", dependencies=[CsrfDep], status_code=201, response_model=None)
async def seek(body: NewSeek, user: UserDep, arena: ArenaDep) -> SeekMade:
    """Seek a game: matched at once when fitting seeks wait (``table``), else it waits
    (``table: null``) until others come or it is cancelled. Rated seeks need an account."""
    try:
        settings = TableSettings.from_json(body.settings.model_dump())
    except ValueError as error:
        raise ServiceError(ErrorCode.BAD_REQUEST, f"settings: {error}") from None
    if settings.rated and user.guest:
        raise ApiError(403, "guest", "rated games need an account: sign up first")
    made, table = await arena.service.seeks.seek(
        service_user(user), body.game, body.players, settings, body.range
    )
    return {"seek": made.to_json(), "table": None if table is None else table_json(table)}


@router.delete("/seeks/{seek_id}", dependencies=[CsrfDep], response_model=None)
async def cancel(seek_id: RowId, user: UserDep, arena: ArenaDep) -> Ok:
    """Withdraw one of your seeks."""
    await arena.service.seeks.cancel(seek_id, user.id)
    return {"ok": True}
