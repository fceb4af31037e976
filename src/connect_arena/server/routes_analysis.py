""" "Analyse this game" over HTTP: the engine's evaluation along a finished game
(``connect_arena.service.analysis``); refused while the game runs (fair play)."""

from __future__ import annotations

from fastapi import APIRouter

from connect_arena.server.dependencies import ArenaDep, TableId
from connect_arena.server.ratelimit import ReplayLimitDep
from connect_arena.service.protocol import GameAnalysis

router = APIRouter(prefix="/api")


@router.get("/tables/{table_id}/analysis", dependencies=[ReplayLimitDep], response_model=None)
async def analysis(table_id: TableId, arena: ArenaDep) -> GameAnalysis:
    """The evaluation at each position of a finished game (searched once, then cached):
    ``positions`` with the seq, the seat, the action played, the engine's best, the seat's
    expected return and the rank of the action played."""
    return await arena.service.analysis.analyse(table_id)
