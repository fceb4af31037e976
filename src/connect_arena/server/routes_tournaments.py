"""Tournaments over HTTP and WebSocket (``connect_arena.service.tournaments``,
``docs/tournaments.md``)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, WebSocket
from fastapi.responses import StreamingResponse
from pydantic import Field

from connect_arena.server.dependencies import (
    ArenaDep,
    CsrfDep,
    RowId,
    UserDep,
    get_arena,
    service_user,
    session_user,
)
from connect_arena.server.errors import ApiError
from connect_arena.server.protocol import TournamentBody
from connect_arena.server.routes_bot import Caller, needs
from connect_arena.server.schemas import SettingsChoice, Strict
from connect_arena.server.websocket import (
    POLICY_VIOLATION,
    _admitted,
    _connection,
    _serve,
    accept,
    close_on_sign_out,
)
from connect_arena.service import ErrorCode, ServiceError, table_record
from connect_arena.service.protocol import TournamentListing
from connect_arena.service.settings import TableSettings
from connect_arena.service.tournaments import Format

router = APIRouter()

Entering = Annotated[Caller, needs("bot:play", session=True)]
"""A person (session and CSRF token) or a bot (bearer token with ``bot:play``)."""


class NewTournament(Strict):
    """A tournament to create (``docs/tournaments.md``)."""

    name: str = Field(min_length=1, max_length=64)
    game: str = Field(max_length=64)
    players: int | None = Field(default=None, ge=2, le=16)
    options: dict[str, bool | int | str] = Field(default_factory=dict, max_length=64)
    settings: SettingsChoice
    format: Literal["swiss", "arena", "round_robin"]
    rounds: int = Field(default=5, ge=1, le=30)
    minutes: float = Field(default=30, ge=1, le=1440)
    starts_at: str = Field(max_length=40)
    min_rated_games: int = Field(default=0, ge=0, le=1000)
    pause: float = Field(default=30, ge=0, le=3600)


class Computers(Strict):
    """Computers to enter: a level and how many."""

    agent: str = Field(max_length=32)
    count: int = Field(default=1, ge=1, le=64)


@router.get("/api/tournaments", response_model=None)
async def tournaments(arena: ArenaDep) -> TournamentListing:
    """Upcoming, running and finished tournaments."""
    return await arena.service.tournaments.fresh_listing()


@router.post("/api/tournaments", dependencies=[CsrfDep], status_code=201, response_model=None)
async def create(body: NewTournament, user: UserDep, arena: ArenaDep) -> TournamentBody:
    """Create a tournament (guests cannot)."""
    if user.guest:
        raise ApiError(403, "guest", "create an account to organise tournaments")
    try:
        settings = TableSettings.from_json(body.settings.model_dump())
        starts_at = datetime.fromisoformat(body.starts_at)
    except ValueError as error:
        raise ServiceError(ErrorCode.BAD_REQUEST, str(error)) from None
    if starts_at.tzinfo is None:
        raise ServiceError(ErrorCode.BAD_REQUEST, "starts_at needs a time zone (e.g. ...Z)")
    service = arena.service.tournaments
    made = await service.create(
        service_user(user),
        body.name,
        body.game,
        settings,
        Format(body.format),
        starts_at,
        body.players,
        dict(body.options),
        body.rounds,
        body.minutes,
        body.min_rated_games,
        body.pause,
    )
    return {"tournament": service.to_json(made)}


@router.get("/api/tournaments/{tournament_id}", response_model=None)
async def tournament(tournament_id: RowId, arena: ArenaDep) -> TournamentBody:
    """A tournament: its settings, entrants, standings and games."""
    service = arena.service.tournaments
    return {"tournament": service.to_json(await service.find(tournament_id))}


@router.post("/api/tournaments/{tournament_id}/join", response_model=None)
async def join(tournament_id: RowId, caller: Entering, arena: ArenaDep) -> TournamentBody:
    """Register (until the start; arenas also while they run): a signed-in person, or a
    bot with its token (``bot:play``)."""
    user = caller.user
    if user.guest and (await arena.service.tournaments.find(tournament_id)).settings.rated:
        raise ApiError(403, "guest", "rated tournaments need an account")
    service = arena.service.tournaments
    made = await service.register(tournament_id, service_user(user))
    return {"tournament": service.to_json(made)}


@router.post("/api/tournaments/{tournament_id}/withdraw", response_model=None)
async def withdraw(tournament_id: RowId, caller: Entering, arena: ArenaDep) -> TournamentBody:
    """Withdraw: no longer paired (a person, or a bot with its token)."""
    service = arena.service.tournaments
    made = await service.withdraw(tournament_id, service_user(caller.user))
    return {"tournament": service.to_json(made)}


@router.post(
    "/api/tournaments/{tournament_id}/computers", dependencies=[CsrfDep], response_model=None
)
async def computers(
    tournament_id: RowId, body: Computers, user: UserDep, arena: ArenaDep
) -> TournamentBody:
    """The creator enters computers at a level."""
    service = arena.service.tournaments
    made = await service.add_computers(tournament_id, service_user(user), body.agent, body.count)
    return {"tournament": service.to_json(made)}


@router.get("/api/tournaments/{tournament_id}/records")
async def records(tournament_id: RowId, arena: ArenaDep) -> StreamingResponse:
    """Every finished game's record, one JSON object per line (in the order played)."""
    tournament = await arena.service.tournaments.find(tournament_id)
    finished = [game.table_id for game in tournament.games if game.finished]

    async def lines() -> AsyncIterator[bytes]:
        for table_id in finished:
            try:
                table = await arena.service.get_table(table_id)
                record = table_record(table)
            except ServiceError:
                continue  # aborted at once: no record
            yield json.dumps(record.model_dump(), ensure_ascii=False).encode() + b"\n"

    headers = {"Content-Disposition": f'attachment; filename="tournament-{tournament_id}.jsonl"'}
    return StreamingResponse(lines(), media_type="application/x-ndjson", headers=headers)


@router.websocket("/ws/tournaments/{tournament_id}")
async def tournament_socket(websocket: WebSocket, tournament_id: int) -> None:
    """A tournament live: the ``tournament`` message now and after every change."""
    arena = get_arena(websocket)
    if not _admitted(websocket, arena):
        await websocket.close(POLICY_VIOLATION)
        return
    user = await session_user(websocket)
    await accept(websocket)
    service = arena.service.tournaments
    try:
        await service.find(tournament_id)  # read from the store when another process runs it
        subscription = service.watch(tournament_id, None if user is None else user.id)
    except ServiceError as error:
        await websocket.send_text(json.dumps(error.to_json()))
        await websocket.close(POLICY_VIOLATION, error.code.value)
        return

    async def ignore(_text: str) -> None:
        return None

    connection = _connection(arena, websocket, subscription)
    unwatch_session = close_on_sign_out(
        arena, websocket, connection, None if user is None else user.id
    )
    try:
        await _serve(websocket, connection, ignore)
    finally:
        if unwatch_session is not None:
            unwatch_session()
        service.unwatch(tournament_id, subscription)
