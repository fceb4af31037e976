"""Profiles, histories, their export and leaderboards: ``/api/users/{name}``,
``/api/users/{name}/games``, ``/api/users/{name}/games.jsonl`` and
``/api/leaderboard/{game}`` (the shapes are in ``docs/community.md``)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from fastapi.responses import StreamingResponse

from connect_arena.core import game_class
from connect_arena.server.db.models import UserRow
from connect_arena.server.db.rating_store import HistoryFilter, SqlRatings
from connect_arena.server.dependencies import Arena, ArenaDep
from connect_arena.server.errors import ApiError

router = APIRouter(prefix="/api")

PER_PAGE = 20
"""Games per history page (at most 100 with ``per_page``)."""
LEADERBOARD_PAGE = 50
"""Players per leaderboard page."""
MAX_PAGE = 1000
"""The last page one may ask for."""

Page = Annotated[int, Query(ge=1, le=MAX_PAGE)]


def _ratings(arena: Arena) -> SqlRatings:
    return arena.ratings


def _game(name: str) -> str:
    """``name`` when it is a registered game, else 404 ``not_found``."""
    try:
        game_class(name)
    except ValueError:
        raise ApiError(404, "not_found", f"there is no game {name[:64]!r}") from None
    return name


async def _account(ratings: SqlRatings, name: str) -> UserRow:
    found = await ratings.account(name) if len(name) <= 32 else None
    if found is None or found.closed_at is not None:  # a closed account has no profile
        raise ApiError(404, "not_found", f"there is no player {name[:32]!r}")
    return found


def _utc(moment: datetime | None) -> datetime | None:
    if moment is not None and moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment


@router.get("/users/{name}")
async def profile(name: str, arena: ArenaDep) -> dict[str, Any]:
    """A player's profile: joined date, games played per game (wins, losses, draws, mean
    rank), current ratings (provisional or not), rating-history points per game, recent
    games with their replays, running games. Computers' and bots' accounts have one too."""
    ratings = _ratings(arena)
    return await ratings.profile(await _account(ratings, name))


@router.get("/users/{name}/games")
async def history(
    name: str,
    arena: ArenaDep,
    game: Annotated[str | None, Query(max_length=64)] = None,
    opponent: Annotated[str | None, Query(max_length=32)] = None,
    result: Literal["win", "loss", "draw"] | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    page: Page = 1,
    per_page: Annotated[int, Query(ge=1, le=100)] = PER_PAGE,
) -> dict[str, Any]:
    """A page of the player's finished games, newest first, filtered by game, opponent
    (an account on another side), result and date (``since`` included, ``until`` excluded;
    ISO 8601 dates or times, UTC unless they say otherwise)."""
    ratings = _ratings(arena)
    user = await _account(ratings, name)
    opponent_id = None if opponent is None else (await _account(ratings, opponent)).id
    since, until = _utc(since), _utc(until)
    if since is not None and until is not None and since >= until:
        raise ApiError(400, "bad_request", "since must be before until")
    where = HistoryFilter(None if game is None else _game(game), opponent_id, result, since, until)
    return await ratings.history(user.id, where, page, per_page)


@router.get("/users/{name}/games.jsonl")
async def export(name: str, arena: ArenaDep) -> StreamingResponse:
    """Every game of the player, oldest first, as JSON lines (one game a line: the history
    item, the table's options, settings and returns, and its moves), streamed."""
    ratings = _ratings(arena)
    user = await _account(ratings, name)

    async def lines() -> AsyncIterator[str]:
        async for batch in ratings.export(user.id):
            yield "".join(json.dumps(item, separators=(",", ":")) + "\n" for item in batch)

    filename = f"{user.name.replace(':', '_')}-games.jsonl"
    return StreamingResponse(
        lines(),
        media_type="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@router.get("/leaderboard/{game}")
async def leaderboard(game: str, arena: ArenaDep, page: Page = 1) -> dict[str, Any]:
    """The top rated active players of ``game``, 50 a page (``docs/community.md``)."""
    return await _ratings(arena).leaderboard(_game(game), page, LEADERBOARD_PAGE)
