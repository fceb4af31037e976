"""Ending a game before its natural end, rematches and "my tables" over HTTP
(``docs/lifecycle.md``): each verb is also a WebSocket message (``server.websocket``)."""

from __future__ import annotations

from fastapi import APIRouter

from connect_arena.server.dependencies import ArenaDep, CsrfDep, TableId, UserDep, service_user
from connect_arena.server.protocol import MyTables, Ok, RematchAnswer
from connect_arena.server.routes_relations import refuse_blocked_rematch
from connect_arena.server.schemas import OfferOp, SeatNumber, SeatOrNone
from connect_arena.service import ErrorCode, ServiceError

router = APIRouter(prefix="/api")


def _op(body: OfferOp, allowed: tuple[str, ...]) -> str:
    if body.op not in allowed:
        raise ServiceError(ErrorCode.BAD_REQUEST, f"op must be {', '.join(allowed)}")
    return body.op


@router.get("/tables/mine", response_model=None)
async def my_tables(user: UserDep, arena: ArenaDep) -> MyTables:
    """The caller's open and running tables, those where it is their turn first
    (each a table's JSON with ``your_turn``)."""
    return {"tables": await arena.service.my_tables(user.id)}


@router.post("/tables/{table_id}/abort", dependencies=[CsrfDep], response_model=None)
async def abort(table_id: TableId, user: UserDep, arena: ArenaDep) -> Ok:
    """End the game with no result, until every person has made a first action."""
    await arena.service.abort(table_id, user.id)
    return {"ok": True}


@router.post("/tables/{table_id}/resign", dependencies=[CsrfDep], response_model=None)
async def resign(table_id: TableId, body: SeatOrNone, user: UserDep, arena: ArenaDep) -> Ok:
    """Resign (two sides: the other side wins; more: ranked last, the computer plays on)."""
    await arena.service.resign(table_id, user.id, body.seat)
    return {"ok": True}


@router.post("/tables/{table_id}/draw", dependencies=[CsrfDep], response_model=None)
async def draw(table_id: TableId, body: OfferOp, user: UserDep, arena: ArenaDep) -> Ok:
    """Offer, accept or decline a draw (``op``)."""
    await arena.service.draw(table_id, user.id, _op(body, ("offer", "accept", "decline")))
    return {"ok": True}


@router.post("/tables/{table_id}/takeback", dependencies=[CsrfDep], response_model=None)
async def takeback(table_id: TableId, body: OfferOp, user: UserDep, arena: ArenaDep) -> Ok:
    """Request, accept or decline a takeback (``op``; casual tables)."""
    await arena.service.takeback(table_id, user.id, _op(body, ("request", "accept", "decline")))
    return {"ok": True}


@router.post("/tables/{table_id}/claim", dependencies=[CsrfDep], response_model=None)
async def claim(table_id: TableId, body: SeatNumber, user: UserDep, arena: ArenaDep) -> Ok:
    """Claim the seat of a player who left (after the grace period)."""
    await arena.service.claim(table_id, user.id, body.seat)
    return {"ok": True}


@router.post("/tables/{table_id}/return", dependencies=[CsrfDep], response_model=None)
async def return_to_seat(table_id: TableId, body: SeatNumber, user: UserDep, arena: ArenaDep) -> Ok:
    """Take your seat back from the computer that played it after a claim."""
    await arena.service.return_to_seat(table_id, user.id, body.seat)
    return {"ok": True}


@router.post("/tables/{table_id}/rematch", dependencies=[CsrfDep], response_model=None)
async def rematch(
    table_id: TableId, body: OfferOp, user: UserDep, arena: ArenaDep
) -> RematchAnswer:
    """Offer, accept or decline a rematch; ``rematch_table`` once every person accepted
    (403 ``blocked`` when one of the people blocks another)."""
    op = _op(body, ("offer", "accept", "decline"))
    await refuse_blocked_rematch(arena, table_id, user.id, op)
    new = await arena.service.rematch(table_id, service_user(user), op)
    return {"rematch_table": new}
