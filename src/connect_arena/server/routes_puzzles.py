"""Puzzles (``service/puzzles.py``): thin routes over :class:`PuzzleService`.

``GET /api/puzzles`` (the games, the daily puzzle, the viewer's streak and history),
``GET /api/puzzles/{game}/next?theme=&skip=`` and ``GET /api/puzzles/id/{id}`` (a puzzle to
play), ``POST /api/puzzles/id/{id}/attempt`` and ``/solution`` (CSRF: they store an attempt
for a signed-in account), ``GET /api/puzzles/id/{id}/record`` (the position's record, to
open in the replay viewer) and ``GET /api/users/{name}/puzzles`` (a profile's puzzles).
A guest (or a visitor without a session) plays unrated: nothing is stored.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query
from pydantic import BaseModel, Field

from connect_arena.server.db.puzzles import SqlPuzzles
from connect_arena.server.db.storage import StoredUser
from connect_arena.server.dependencies import Arena, ArenaDep, CsrfDep, MaybeUserDep
from connect_arena.server.ratelimit import limit_per_address_and_user
from connect_arena.server.routes_users import _account, _ratings
from connect_arena.service.model import ErrorCode, ServiceError
from connect_arena.service.protocol import (
    PuzzleHistory,
    PuzzleOverview,
    PuzzleProgress,
    PuzzleStart,
)
from connect_arena.service.puzzles import (
    MAX_NOTATION,
    MAX_PLAYED,
    MAX_SKIP,
    PuzzleService,
    find,
)

router = APIRouter(prefix="/api")


class AttemptBody(BaseModel):
    """The mover's accepted actions so far and the new one (engine notation)."""

    played: list[Annotated[str, Field(max_length=MAX_NOTATION)]] = Field(
        default_factory=list, max_length=MAX_PLAYED
    )
    attempt: str = Field(min_length=1, max_length=MAX_NOTATION)


def _service(arena: Arena) -> PuzzleService:
    return PuzzleService(SqlPuzzles(arena.storage), arena.service.clock.now)


def _account_id(user: StoredUser | None) -> int | None:
    """The account that is rated: a signed-in person; ``None`` for guests."""
    return None if user is None or user.guest else user.id


@router.get("/puzzles", response_model=None)
async def overview(arena: ArenaDep, user: MaybeUserDep) -> PuzzleOverview:
    """The games with their puzzle counts and themes, today's puzzle, streak and history."""
    return await _service(arena).overview(_account_id(user))


@router.get("/puzzles/{game}/next", response_model=None)
async def next_puzzle(
    game: str,
    arena: ArenaDep,
    user: MaybeUserDep,
    theme: Annotated[str | None, Query(max_length=64)] = None,
    skip: Annotated[list[str] | None, Query(max_length=MAX_SKIP)] = None,
) -> PuzzleStart:
    """The next puzzle for the viewer (404 ``not_found`` when none is left)."""
    service = _service(arena)
    account = _account_id(user)
    puzzle = await service.next(account, game[:64], theme, skip or ())
    if puzzle is None:
        raise ServiceError(ErrorCode.NOT_FOUND, "no puzzle left")
    return await service.start(account, puzzle)


@router.get("/puzzles/id/{puzzle_id}", response_model=None)
async def one(puzzle_id: str, arena: ArenaDep, user: MaybeUserDep) -> PuzzleStart:
    """A given puzzle (the daily one, a link)."""
    return await _service(arena).start(_account_id(user), find(puzzle_id[:80]))


# an attempt or a solution: beyond ``PUZZLE_LIMIT`` (``server/dependencies.py``), 429
PuzzleLimitDep = Depends(
    limit_per_address_and_user(lambda arena: arena.puzzle_limiter, "puzzle attempts")
)


@router.post(
    "/puzzles/id/{puzzle_id}/attempt", dependencies=[CsrfDep, PuzzleLimitDep], response_model=None
)
async def attempt(
    puzzle_id: str, body: AttemptBody, arena: ArenaDep, user: MaybeUserDep
) -> PuzzleProgress:
    """Check one action after the accepted ones (:meth:`PuzzleService.attempt`)."""
    puzzle = find(puzzle_id[:80])
    return await _service(arena).attempt(_account_id(user), puzzle, body.played, body.attempt)


@router.post(
    "/puzzles/id/{puzzle_id}/solution", dependencies=[CsrfDep, PuzzleLimitDep], response_model=None
)
async def solution(puzzle_id: str, arena: ArenaDep, user: MaybeUserDep) -> PuzzleProgress:
    """The answer line; an account's first look counts as a failed attempt."""
    return await _service(arena).solution(_account_id(user), find(puzzle_id[:80]))


@router.get("/puzzles/id/{puzzle_id}/record")
def record(puzzle_id: str) -> dict[str, Any]:
    """The position as a ``connect-arena/record@1`` record (opens in ``/replay``)."""
    return dict(find(puzzle_id[:80]).position)


@router.get("/users/{name}/puzzles", response_model=None)
async def profile(name: str, arena: ArenaDep) -> PuzzleHistory:
    """A player's puzzle ratings per game, streak and latest attempts."""
    account = await _account(_ratings(arena), name)
    return await _service(arena).profile(account.id)
