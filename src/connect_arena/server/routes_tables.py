"""Games, the lobby, tables and seats, records and the replay viewer's frames."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response

from connect_arena.agents import AGENT_KINDS, time_caps
from connect_arena.core import (
    Game,
    InvalidOptionError,
    OptionSpec,
    OptionValue,
    game_class,
    game_names,
)
from connect_arena.server.dependencies import (
    ArenaDep,
    CsrfDep,
    MaybeUserDep,
    TableId,
    UserDep,
    service_user,
)
from connect_arena.server.errors import ApiError
from connect_arena.server.game_assets import rules_languages
from connect_arena.server.protocol import (
    Catalogue,
    GameInfo,
    GameSettingsInfo,
    OptionInfo,
    TableBody,
)
from connect_arena.server.ratelimit import ReplayLimitDep
from connect_arena.server.schemas import NewTable, RecordUpload, SeatNumber
from connect_arena.service import (
    ErrorCode,
    SeatRequest,
    ServiceError,
    TableStatus,
    table_record,
)
from connect_arena.service.lobby import MAX_PER_PAGE, PER_PAGE
from connect_arena.service.messages import game_info, has_private_information, table_json
from connect_arena.service.options import free_text
from connect_arena.service.protocol import Hint, LobbyMessage, TableMessage
from connect_arena.service.records import MAX_REPLAY_ACTIONS, replay_page, upload_page
from connect_arena.service.settings import (
    REALTIME_PRESETS,
    TAKEOVER_LEVELS,
    TURN_DAYS,
    TableSettings,
)
from connect_arena.service.tutorials import tutorial_games

router = APIRouter(prefix="/api")

FINISHED_LISTED = 20
"""Finished tables shown in the lobby."""


SMALL_RANGE = 16
"""A number option with at most this many values is offered as a list of the valid ones."""


def _candidates(spec: OptionSpec) -> list[OptionValue] | None:
    """The values of ``spec`` the web form may offer (None: any number in its range)."""
    if isinstance(spec.default, bool):
        return [False, True]
    if isinstance(spec.default, int):
        low, high = spec.minimum, spec.maximum
        if low is None or high is None or high - low >= SMALL_RANGE:
            return None
        return list(range(low, high + 1))
    values = spec.choices or spec.suggestions or ()
    return [value for value in values if value not in spec.test_values]


@functools.cache
def _valid_values(cls: type[Game], name: str) -> dict[str, list[OptionValue]] | None:
    """Per player count, the values of option ``name`` that the engine accepts with the other
    options at their defaults (``Game(n, name=value)`` raises ``InvalidOptionError`` for the
    others); None for a number with a wide range. Computed once per game and option."""
    spec = next(s for s in cls.option_specs if s.name == name)
    candidates = _candidates(spec)
    if candidates is None:
        return None
    valid: dict[str, list[OptionValue]] = {}
    for count in cls.player_counts:
        valid[str(count)] = []
        for value in candidates:
            try:
                cls(count, **{name: value})
            except InvalidOptionError:
                continue
            valid[str(count)].append(value)
    return valid


def _option_json(cls: type[Game], spec: OptionSpec) -> OptionInfo:
    """An option for the pages. ``valid`` (per player count, see :func:`_valid_values`) lists
    the choices the new-table form offers; ``form`` is false for the option that only bounds
    games between programs (the game type's anti-endless option)."""
    return {
        "name": spec.name,
        "type": spec.kind,
        "default": spec.default,
        "description": spec.description,
        "choices": list(spec.choices or spec.suggestions or ()) or None,
        "minimum": spec.minimum,
        "maximum": spec.maximum,
        "register": spec.register,
        "form": spec.name != cls.game_type.anti_endless_option,
        "valid": _valid_values(cls, spec.name),
    }


def _game_json(cls: type[Game]) -> GameInfo:
    return {
        "name": cls.name,
        "title": cls.title,
        "summary": cls.summary,
        "player_counts": list(cls.player_counts),
        "default_players": cls.default_players,
        "seat_names": list(cls.seat_names),
        "private_information": has_private_information(cls.name),
        "teams": {str(n): [list(team) for team in cls(n).teams()] for n in cls.player_counts},
        "game_type": cls.game_type.to_json(),
        "rules_languages": rules_languages(cls.name),
        "tutorial": cls.name in tutorial_games(),
        "options": [_option_json(cls, s) for s in cls.option_specs if not free_text(s)],
        "agent_time_caps": time_caps(cls.name),
    }


@router.get("/games", response_model=None)
async def games() -> Catalogue:
    """The registered games with their options, and the computer players (described in a
    worker thread: the first time, each option's valid values are asked to the engine)."""
    return await asyncio.to_thread(_games)


def _games() -> Catalogue:
    found: list[GameInfo] = []
    for name in game_names():
        try:
            found.append(_game_json(game_class(name)))
        except Exception:  # a half-finished game must not break the lobby
            continue
    settings: GameSettingsInfo = {
        "realtime_presets": [list(preset) for preset in REALTIME_PRESETS],
        "turn_days": list(TURN_DAYS),
        "takeover_levels": list(TAKEOVER_LEVELS),
        "default": TableSettings().to_json(),
    }
    return {"games": found, "agents": list(AGENT_KINDS), "settings": settings}


@router.get("/lobby", response_model=None)
async def lobby(
    arena: ArenaDep,
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
    per_page: Annotated[int, Query(ge=1, le=MAX_PER_PAGE)] = PER_PAGE,
) -> LobbyMessage:
    """Page ``page`` (from 1) of ``per_page`` open and running tables (open first, newest
    first in each; ``total`` in all) and the latest finished ones. A bad ``page`` or
    ``per_page`` is a 422."""
    return await arena.service.lobby_listing(FINISHED_LISTED, page, per_page)


@router.post("/tables", dependencies=[CsrfDep], status_code=201, response_model=None)
async def create_table(body: NewTable, user: UserDep, arena: ArenaDep) -> TableBody:
    """Create a table; ``seats`` says who sits where (``me``, ``open``, ``computer``)."""
    seats = [SeatRequest(seat.kind, seat.agent) for seat in body.seats]
    try:
        settings = TableSettings.from_json(body.settings.model_dump())
    except ValueError as error:
        raise ServiceError(ErrorCode.BAD_REQUEST, f"settings: {error}") from None
    info = await arena.service.create_table(
        service_user(user), body.game, seats, body.options, settings
    )
    return {"table": table_json(info)}


@router.get("/tables/{table_id}", response_model=None)
async def get_table(table_id: TableId, arena: ArenaDep, user: MaybeUserDep) -> TableMessage:
    """A table's description, and the seats the caller holds (``you``)."""
    table = await arena.service.get_table(table_id)
    return table.table_message(None if user is None else user.id)


@router.post("/tables/{table_id}/join", dependencies=[CsrfDep], response_model=None)
async def join(table_id: TableId, body: SeatNumber, user: UserDep, arena: ArenaDep) -> TableBody:
    """Sit at a seat of an open table (the game starts when every seat is filled)."""
    info = await arena.service.join(table_id, service_user(user), body.seat)
    return {"table": table_json(info)}


@router.post("/tables/{table_id}/leave", dependencies=[CsrfDep], response_model=None)
async def leave(table_id: TableId, body: SeatNumber, user: UserDep, arena: ArenaDep) -> TableBody:
    """Leave your seat at a table that has not started."""
    info = await arena.service.leave(table_id, service_user(user), body.seat)
    return {"table": table_json(info)}


@router.post("/tables/{table_id}/hint", dependencies=[CsrfDep], response_model=None)
async def hint(table_id: TableId, body: SeatNumber, user: UserDep, arena: ArenaDep) -> Hint:
    """Suggest actions to the player of ``seat`` when it may act: the three best of a search
    at the computer's normal level (nothing is played or recorded; one hint at a time)."""
    return await arena.service.hint(table_id, user.id, body.seat)


@router.get("/tables/{table_id}/game")
async def table_game(table_id: TableId, request: Request, arena: ArenaDep) -> Response:
    """The table's static game information (declaration and board/sheet geometry, see
    ``service.messages.game_info``): fixed for the table's life, so it is cacheable (ETag)."""
    table = await arena.service.get_table(table_id)
    body = json.dumps(game_info(table.game()), sort_keys=True, separators=(",", ":"))
    etag = '"' + hashlib.sha256(body.encode()).hexdigest()[:32] + '"'
    headers = {"ETag": etag, "Cache-Control": "public, max-age=86400"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


@router.get("/tables/{table_id}/record")
async def record(table_id: TableId, arena: ArenaDep) -> Response:
    """The game's record (``connect-arena/record@1``) as a JSON download."""
    table = await arena.service.get_table(table_id)
    text = table_record(table).to_json()
    filename = f"{table.info.game}-table-{table_id}.json"
    return Response(
        text,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


Position = Annotated[int | None, Query(ge=0, le=MAX_REPLAY_ACTIONS)]


def _json(body: Mapping[str, Any]) -> Response:
    """ASCII JSON: an uploaded record may hold lone surrogates (JSON escapes them, UTF-8
    cannot encode them), and it is echoed."""
    text = json.dumps(body, separators=(",", ":"))
    return Response(text, media_type="application/json")


@router.get("/tables/{table_id}/replay")
async def table_replay(
    table_id: TableId,
    arena: ArenaDep,
    first: Annotated[Position, Query(alias="from")] = None,
    last: Annotated[Position, Query(alias="to")] = None,
) -> Response:
    """A finished table's game for the replay viewer: the summary (record, positions, each
    action's seat and description, first and last frames), or the frames ``from`` to ``to``
    (at most 100). Replayed and encoded in a worker thread."""
    table = await arena.service.get_table(table_id)
    if table.info.status is not TableStatus.FINISHED:
        raise ApiError(409, "not_finished", "the replay opens once the game is over")
    record = table_record(table)
    return await asyncio.to_thread(lambda: _json(replay_page(record, first, last)))


@router.post("/replay", dependencies=[CsrfDep, ReplayLimitDep])
async def replay(
    body: RecordUpload,
    first: Annotated[Position, Query(alias="from")] = None,
    last: Annotated[Position, Query(alias="to")] = None,
) -> Response:
    """An uploaded record (nothing is stored) for the replay viewer, as ``GET
    /api/tables/{id}/replay``; its options are checked like a new table's, and the replay runs
    (CPU-capped) in a worker thread so the event loop stays free."""
    return await asyncio.to_thread(lambda: _json(upload_page(body.record, first, last)))
