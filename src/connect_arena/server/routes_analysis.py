""" "Analyse this game" over HTTP: the engine's evaluation along a finished game
(``connect_arena.service.analysis``); refused while the game runs (fair play).

Analyses are limited per client address and per signed-in user (``Arena.analysis_limiter``:
429 with ``Retry-After``); when the engine already has its fill of analyses, 503 ``busy`` with
``Retry-After``. The whole analysis comes as one JSON answer, or as server-sent events while
it is searched (``/analysis/stream``). "Analyse from here" (``/analysis/explore``) searches one
position of a branch off the game (its own, larger limit).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import APIRouter, Depends, Query
from fastapi.responses import StreamingResponse

from connect_arena.server.dependencies import ArenaDep, TableId
from connect_arena.server.errors import ApiError
from connect_arena.server.ratelimit import limit_per_address_and_user
from connect_arena.service.analysis import RETRY_SECONDS, AnalysisRun
from connect_arena.service.model import ErrorCode, ServiceError
from connect_arena.service.protocol import AnalysisBranch, AnalysisProgress, GameAnalysis

router = APIRouter(prefix="/api")


AnalysisLimitDep = Depends(
    limit_per_address_and_user(lambda arena: arena.analysis_limiter, "analyses")
)
ExploreLimitDep = Depends(
    limit_per_address_and_user(lambda arena: arena.explore_limiter, "positions to analyse")
)


async def _start(table_id: int, arena: ArenaDep) -> AnalysisRun:
    try:
        return await arena.service.analysis.start(table_id)
    except ServiceError as error:
        if error.code is ErrorCode.BUSY:
            raise ApiError(503, "busy", str(error), {"Retry-After": str(RETRY_SECONDS)}) from None
        raise


@router.get("/tables/{table_id}/analysis", dependencies=[AnalysisLimitDep], response_model=None)
async def analysis(table_id: TableId, arena: ArenaDep) -> GameAnalysis:
    """The evaluation at each position of a finished game (searched once, then cached):
    ``positions`` with the seq, the seat, the action played, the engine's best, the seat's
    expected return (and its 0..1 score) and the rank of the action played."""
    return await (await _start(table_id, arena)).result()


@router.get(
    "/tables/{table_id}/analysis/stream", dependencies=[AnalysisLimitDep], response_model=None
)
async def analysis_stream(table_id: TableId, arena: ArenaDep) -> StreamingResponse:
    """The same analysis as server-sent events while it is searched: ``position`` events
    (:class:`AnalysisProgress`) as each search ends, then ``done`` with the whole analysis."""
    run = await _start(table_id, arena)

    async def events() -> AsyncIterator[str]:
        async for position in run.positions():
            progress: AnalysisProgress = {
                "table_id": run.table_id,
                "total": run.total,
                "position": position,
            }
            yield f"event: position\ndata: {json.dumps(progress)}\n\n"
        yield f"event: done\ndata: {json.dumps(await run.result())}\n\n"

    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    return StreamingResponse(events(), media_type="text/event-stream", headers=headers)


@router.get(
    "/tables/{table_id}/analysis/explore",
    dependencies=[ExploreLimitDep],
    response_model=None,
)
async def analysis_explore(
    table_id: TableId,
    arena: ArenaDep,
    seq: Annotated[int, Query(ge=0)],
    branch: Annotated[list[str] | None, Query(max_length=200)] = None,
) -> AnalysisBranch:
    """ "Analyse from here": the position after the game's first ``seq`` actions and then the
    ``branch`` actions (repeated ``branch=`` parameters, in notation), its choices and the
    engine's evaluation for the seat to act; 400 naming the first branch action that is not
    legal."""
    return await arena.service.analysis.explore(table_id, seq, branch or [])
