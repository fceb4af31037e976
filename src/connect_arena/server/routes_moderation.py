"""Reports, the moderators' queue and audit log, and a player's own account: close it or
download its data (``docs/community.md``, "Reports and moderation" and "Your account").

* ``POST /api/reports``: report a player (signed in, not a guest; rate-limited).
* ``GET /api/moderation/reports``, ``POST /api/moderation/reports/{id}``,
  ``GET /api/moderation/log``: moderators only (403 otherwise).
* ``POST /api/account/close`` (the password again), ``GET /api/account/data``.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any, Literal

from fastapi import APIRouter, Query, Request, Response
from pydantic import Field

from connect_arena.server.db.moderation import SqlModeration, closed_name
from connect_arena.server.db.storage import StoredUser
from connect_arena.server.dependencies import Arena, ArenaDep, CsrfDep, RowId, UserDep
from connect_arena.server.errors import ApiError
from connect_arena.server.schemas import Strict
from connect_arena.service.moderation import (
    MAX_TEXT,
    LogLine,
    ModAction,
    Report,
    ReportReason,
    ReportStatus,
    check_report,
    clean_text,
    mute_until,
)

router = APIRouter(prefix="/api")

Id = Field(ge=1, le=2**31 - 1)


def _moderation(arena: Arena) -> SqlModeration:
    return SqlModeration(arena.storage)


def _report_json(report: Report) -> dict[str, Any]:
    return {
        "id": report.id,
        "reporter": {"id": report.reporter_id, "name": report.reporter},
        "user": {"id": report.user_id, "name": report.user},
        "reason": report.reason.value,
        "text": report.text,
        "table_id": report.table_id,
        "chat_id": report.chat_id,
        "created_at": report.created_at.isoformat(),
        "status": report.status.value,
        "action": None if report.action is None else report.action.value,
    }


def _line_json(line: LogLine) -> dict[str, Any]:
    return {
        "id": line.id,
        "moderator": line.moderator,
        "user": line.user,
        "action": line.action.value,
        "reason": line.reason,
        "report_id": line.report_id,
        "until": None if line.until is None else line.until.isoformat(),
        "at": line.at.isoformat(),
    }


class ReportBody(Strict):
    """A report: whom, why, in the reporter's words, and what it is about."""

    user_id: int = Id
    reason: Literal["abuse", "cheating", "other"]
    text: str = Field(default="", max_length=MAX_TEXT * 2)
    table_id: int | None = Field(default=None, ge=1, le=2**31 - 1)
    chat_id: int | None = Field(default=None, ge=1, le=2**31 - 1)


@router.post("/reports", dependencies=[CsrfDep], status_code=201, response_model=None)
async def report(body: ReportBody, user: UserDep, arena: ArenaDep) -> dict[str, Any]:
    """Report a player (``CONNECT_ARENA_REPORT_LIMIT`` reports per user): the moderators
    see it with its table and chat; the reporter is told when it was handled."""
    if user.guest:
        raise ApiError(403, "forbidden", "sign up to report a player")
    reason = ReportReason(body.reason)
    text = check_report(user.id, body.user_id, reason, body.text)
    wait = await arena.report_limiter.take(f"report:{user.id}")
    if wait > 0:
        raise ApiError(
            429, "rate_limited", "you have sent many reports", {"Retry-After": str(int(wait) + 1)}
        )
    try:
        stored = await _moderation(arena).add_report(
            user.id, body.user_id, reason, text, body.table_id, body.chat_id, _now()
        )
    except Exception:
        await arena.report_limiter.forget_one(
            f"report:{user.id}"
        )  # a refused report is not counted
        raise
    return {"report": {"id": stored.id, "status": stored.status.value}}


def _require_moderator(user: StoredUser) -> None:
    if user.role != "moderator":
        raise ApiError(403, "forbidden", "only moderators may do this")


@router.get("/moderation/reports", response_model=None)
async def reports(
    user: UserDep,
    arena: ArenaDep,
    status: Literal["open", "handled", "dismissed"] = "open",
    limit: int = Query(default=100, ge=1, le=500),
) -> dict[str, Any]:
    """Reports of ``status`` (open first to last), each with the chat around its message."""
    _require_moderator(user)
    moderation = _moderation(arena)
    found = await moderation.reports(ReportStatus(status), limit)
    return {"reports": [{**_report_json(r), "context": await moderation.context(r)} for r in found]}


class Decision(Strict):
    """A moderator's action on a report, with why (and how long, for a mute)."""

    action: Literal["warn", "mute", "cheater", "close", "dismiss"]
    reason: str = Field(min_length=1, max_length=MAX_TEXT * 2)
    minutes: int | None = Field(default=None, ge=1, le=30 * 24 * 60)


@router.post("/moderation/reports/{report_id}", dependencies=[CsrfDep], response_model=None)
async def decide(
    report_id: RowId, body: Decision, user: UserDep, arena: ArenaDep
) -> dict[str, Any]:
    """Handle an open report (409 when another moderator did first): the action takes
    effect, the audit log gets its line, the reporter and the reported player are told."""
    _require_moderator(user)
    if not 1 <= report_id <= 2**31 - 1:
        raise ApiError(404, "not_found", f"there is no report {report_id}")
    reason = clean_text(body.reason, "reason")
    action = ModAction(body.action)
    now = _now()
    until = mute_until(now, action, body.minutes)
    handled = await _moderation(arena).handle(report_id, user.id, action, reason, until, now)
    await _after(arena, handled.user_id, action, reason, until)
    arena.service.user_events.publish(
        handled.reporter_id, {"type": "reportHandled", "report_id": handled.id}
    )
    return {"report": _report_json(handled)}


async def _after(
    arena: Arena, user_id: int, action: ModAction, reason: str, until: datetime | None
) -> None:
    """What an action changes outside the database: the cached account, open sockets, the
    names at tables in memory, the player's own notice."""
    arena.forget_user(user_id)
    if action is ModAction.CLOSE:
        await arena.sessions.end_all(user_id)
        await arena.service.rename_player(user_id, closed_name(user_id))
    elif action in (ModAction.WARN, ModAction.MUTE):
        arena.service.user_events.publish(
            user_id,
            {
                "type": "moderation",
                "action": "warn" if action is ModAction.WARN else "mute",
                "reason": reason,
                "until": None if until is None else until.isoformat(),
            },
        )


@router.get("/moderation/log", response_model=None)
async def log(
    user: UserDep, arena: ArenaDep, limit: int = Query(default=100, ge=1, le=500)
) -> dict[str, Any]:
    """The audit log, newest first: who did what to whom, why, and until when."""
    _require_moderator(user)
    return {"log": [_line_json(line) for line in await _moderation(arena).log(limit)]}


class Confirm(Strict):
    """The password, again (guests have none)."""

    password: str = Field(default="", max_length=1024)


@router.post("/account/close", dependencies=[CsrfDep], response_model=None)
async def close_account(
    request: Request, response: Response, body: Confirm, user: UserDep, arena: ArenaDep
) -> dict[str, Any]:
    """Close the caller's account: the profile and ratings leave every public list, games
    stay under ``closed#<id>``, signing in becomes impossible, every session and API token
    is revoked. The name stays reserved."""
    if not user.guest and not await arena.passwords.matches(user.password_hash, body.password):
        raise ApiError(403, "bad_credentials", "wrong password")
    await _moderation(arena).close_own_account(user.id, _now())
    await arena.bots.delete_user_tokens(user.id)
    await _after(arena, user.id, ModAction.CLOSE, "closed by its owner", None)
    return {"ok": True}


@router.get("/account/data", response_model=None)
async def account_data(user: UserDep, arena: ArenaDep) -> Response:
    """Every stored fact about the caller's account as one JSON file: the account,
    sessions (without their secrets), API tokens (names and scopes), ratings, chat lines,
    reports made, and every game with its moves."""
    data = await _moderation(arena).account_data(user.id)
    games: list[dict[str, Any]] = []
    async for batch in arena.ratings.export(user.id):
        games.extend(batch)
    data["games"] = games
    data["exported_at"] = _now().isoformat()
    return Response(
        json.dumps(data, indent=1),
        media_type="application/json",
        headers={
            "Content-Disposition": f'attachment; filename="connect-arena-{user.id}.json"',
            "Cache-Control": "no-store",
        },
    )


def _now() -> datetime:
    return datetime.now(UTC)
