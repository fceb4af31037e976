"""Reports, moderators' actions and their audit log, closing and exporting accounts, in the
database (the rules are :mod:`connect_arena.service.moderation`'s). Each method is one
transaction: an action, its effect on the account and its audit line are stored together."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import and_, delete, select, update
from sqlalchemy.orm import Session, aliased

from connect_arena.server.db.models import (
    ChatRow,
    ModerationLogRow,
    RatingRow,
    ReportRow,
    SeatRow,
    SessionRow,
    TableRow,
    TokenRow,
    UserGameRow,
    UserRow,
)
from connect_arena.server.db.storage import SqlStorage, _aware
from connect_arena.service.model import ErrorCode, ServiceError
from connect_arena.service.moderation import (
    LogLine,
    ModAction,
    Report,
    ReportReason,
    ReportStatus,
    refund,
)
from connect_arena.service.ratings import Skill, display

ROLES = ("player", "moderator")
CONTEXT_LINES = 5
"""Chat messages shown before and after a reported one."""


def closed_name(user_id: int) -> str:
    """The name a closed account's games show (``#`` is never part of a player's name)."""
    return f"closed#{user_id}"


def _report(row: ReportRow, reporter: str, user: str) -> Report:
    return Report(
        row.id,
        row.reporter_id,
        reporter,
        row.user_id,
        user,
        ReportReason(row.reason),
        row.text,
        row.table_id,
        row.chat_id,
        _aware(row.created_at) or row.created_at,
        ReportStatus(row.status),
        None if row.action is None else ModAction(row.action),
    )


def _reports_query() -> Any:
    reporter, user = aliased(UserRow), aliased(UserRow)
    return (
        select(ReportRow, reporter.name, user.name)
        .join(reporter, reporter.id == ReportRow.reporter_id)
        .join(user, user.id == ReportRow.user_id)
    )


def _close(session: Session, user_id: int, now: datetime) -> None:
    """Close account ``user_id``: no password, no sessions or tokens, its games and chat
    lines under :func:`closed_name` (the name itself stays reserved)."""
    name = closed_name(user_id)
    session.execute(
        update(UserRow)
        .where(UserRow.id == user_id)
        .values(name=name, password_hash=None, closed_at=now)
    )
    session.execute(delete(SessionRow).where(SessionRow.user_id == user_id))
    session.execute(delete(TokenRow).where(TokenRow.user_id == user_id))
    session.execute(update(SeatRow).where(SeatRow.user_id == user_id).values(name=name))
    session.execute(update(ChatRow).where(ChatRow.user_id == user_id).values(name=name))


class SqlModeration:
    """Reports and moderation in the database.

    Args:
        storage: the SQL storage whose engine and threads are used.
    """

    def __init__(self, storage: SqlStorage) -> None:
        self.storage = storage

    async def add_report(
        self,
        reporter_id: int,
        user_id: int,
        reason: ReportReason,
        text: str,
        table_id: int | None,
        chat_id: int | None,
        now: datetime,
    ) -> Report:
        """Store a report (checked by :func:`~connect_arena.service.moderation.check_report`).

        Raises:
            ServiceError: ``not_found`` for an unknown or closed account, table or chat
                message; ``bad_message`` for a chat message of someone else or another table.
        """

        def work(session: Session) -> Report:
            user = session.get(UserRow, user_id)
            reporter = session.get(UserRow, reporter_id)
            if user is None or user.closed_at is not None or reporter is None:
                raise ServiceError(ErrorCode.NOT_FOUND, f"there is no player {user_id}")
            if table_id is not None and session.get(TableRow, table_id) is None:
                raise ServiceError(ErrorCode.NOT_FOUND, f"there is no table {table_id}")
            if chat_id is not None:
                line = session.get(ChatRow, chat_id)
                if line is None:
                    raise ServiceError(ErrorCode.NOT_FOUND, f"there is no chat message {chat_id}")
                if line.user_id != user_id or (table_id is not None and line.table_id != table_id):
                    raise ServiceError(
                        ErrorCode.BAD_MESSAGE, "that chat message is not this player's"
                    )
            row = ReportRow(
                reporter_id=reporter_id,
                user_id=user_id,
                reason=reason.value,
                text=text,
                table_id=table_id if table_id is not None or chat_id is None else None,
                chat_id=chat_id,
                created_at=now,
                status=ReportStatus.OPEN.value,
            )
            if chat_id is not None and table_id is None:
                row.table_id = session.get(ChatRow, chat_id).table_id  # type: ignore[union-attr]
            session.add(row)
            session.flush()
            return _report(row, reporter.name, user.name)

        return await self.storage._run(work)

    async def reports(self, status: ReportStatus, limit: int = 100) -> list[Report]:
        """Reports of ``status``, oldest first (open ones are handled in order)."""

        def work(session: Session) -> list[Report]:
            query = _reports_query().where(ReportRow.status == status.value)
            rows = session.execute(query.order_by(ReportRow.id).limit(limit)).all()
            return [_report(row, reporter, user) for row, reporter, user in rows]

        return await self.storage._run(work)

    async def context(self, report: Report) -> list[dict[str, Any]]:
        """The chat around a reported message (:data:`CONTEXT_LINES` before and after):
        ``[{"id", "name", "text", "preset", "at", "reported"}]``; empty without one."""
        if report.chat_id is None or report.table_id is None:
            return []

        def work(session: Session) -> list[dict[str, Any]]:
            around = select(ChatRow).where(ChatRow.table_id == report.table_id)
            before = session.scalars(
                around.where(ChatRow.id <= report.chat_id)
                .order_by(ChatRow.id.desc())
                .limit(CONTEXT_LINES + 1)
            ).all()
            after = session.scalars(
                around.where(ChatRow.id > report.chat_id).order_by(ChatRow.id).limit(CONTEXT_LINES)
            ).all()
            return [
                {
                    "id": row.id,
                    "name": row.name,
                    "text": row.text,
                    "preset": row.preset,
                    "at": (_aware(row.at) or row.at).isoformat(),
                    "reported": row.id == report.chat_id,
                }
                for row in [*reversed(before), *after]
            ]

        return await self.storage._run(work)

    async def handle(
        self,
        report_id: int,
        moderator_id: int | None,
        action: ModAction,
        reason: str,
        until: datetime | None,
        now: datetime,
    ) -> Report:
        """Handle an open report: the action's effect on the reported account, the report's
        status and the audit line, in one transaction.

        Raises:
            ServiceError: ``not_found`` for an unknown report; ``conflict`` when it was
                already handled (by another moderator at the same time, say).
        """

        def work(session: Session) -> Report:
            row = session.get(ReportRow, report_id)
            if row is None:
                raise ServiceError(ErrorCode.NOT_FOUND, f"there is no report {report_id}")
            status = ReportStatus.DISMISSED if action is ModAction.DISMISS else ReportStatus.HANDLED
            claimed = session.execute(
                update(ReportRow)
                .where(ReportRow.id == report_id, ReportRow.status == ReportStatus.OPEN.value)
                .values(status=status.value, handled_by=moderator_id, handled_at=now, action=action)
            )
            if claimed.rowcount != 1:  # type: ignore[attr-defined]
                raise ServiceError(ErrorCode.CONFLICT, "this report was already handled")
            _apply(session, row.user_id, moderator_id, action, reason, until, now, report_id)
            session.flush()
            session.refresh(row)
            reporter = session.get(UserRow, row.reporter_id)
            user = session.get(UserRow, row.user_id)
            assert reporter is not None and user is not None
            return _report(row, reporter.name, user.name)

        return await self.storage._run(work)

    async def act_on_account(self, name: str, action: ModAction, reason: str, now: datetime) -> int:
        """The operator's action on an account by name (no report, no moderator): its id.

        Raises:
            ServiceError: ``not_found`` for an unknown or already closed account.
        """

        def work(session: Session) -> int:
            user = session.scalar(select(UserRow).where(UserRow.name_key == name.casefold()))
            if user is None or user.closed_at is not None:
                raise ServiceError(ErrorCode.NOT_FOUND, f"there is no open account {name!r}")
            _apply(session, user.id, None, action, reason, None, now, None)
            return user.id

        return await self.storage._run(work)

    async def close_own_account(self, user_id: int, now: datetime) -> None:
        """Close the caller's own account (written to the audit log as their own act)."""

        def work(session: Session) -> None:
            _apply(session, user_id, user_id, ModAction.CLOSE, "closed by its owner", None, now)

        await self.storage._run(work)

    async def set_role(self, name: str, role: str) -> int:
        """Give account ``name`` the ``role`` (``player`` or ``moderator``): its id.

        Raises:
            ServiceError: ``not_found`` for an unknown, closed, guest or computer account;
                ``bad_message`` for an unknown role.
        """
        if role not in ROLES:
            raise ServiceError(ErrorCode.BAD_MESSAGE, f"the roles are {', '.join(ROLES)}")

        def work(session: Session) -> int:
            user = session.scalar(select(UserRow).where(UserRow.name_key == name.casefold()))
            if user is None or user.closed_at is not None or user.guest or user.computer:
                raise ServiceError(ErrorCode.NOT_FOUND, f"there is no open account {name!r}")
            user.role = role
            return user.id

        return await self.storage._run(work)

    async def log(self, limit: int = 100) -> list[LogLine]:
        """The latest lines of the audit log, newest first."""

        def work(session: Session) -> list[LogLine]:
            moderator, user = aliased(UserRow), aliased(UserRow)
            rows = session.execute(
                select(ModerationLogRow, moderator.name, user.name)
                .outerjoin(moderator, moderator.id == ModerationLogRow.moderator_id)
                .join(user, user.id == ModerationLogRow.user_id)
                .order_by(ModerationLogRow.id.desc())
                .limit(limit)
            ).all()
            return [
                LogLine(
                    row.id,
                    moderator_name,
                    user_name,
                    ModAction(row.action),
                    row.reason,
                    row.report_id,
                    _aware(row.until),
                    _aware(row.at) or row.at,
                )
                for row, moderator_name, user_name in rows
            ]

        return await self.storage._run(work)

    async def account_data(self, user_id: int) -> dict[str, Any]:
        """Every stored fact about account ``user_id`` but its games (streamed apart) and
        secrets (password hash, session and token hashes are never exported)."""

        def work(session: Session) -> dict[str, Any]:
            user = session.get(UserRow, user_id)
            assert user is not None
            sessions = session.scalars(select(SessionRow).where(SessionRow.user_id == user_id))
            tokens = session.scalars(select(TokenRow).where(TokenRow.user_id == user_id))
            ratings = session.scalars(select(RatingRow).where(RatingRow.user_id == user_id))
            chat = session.scalars(
                select(ChatRow).where(ChatRow.user_id == user_id).order_by(ChatRow.id)
            )
            reports = session.scalars(
                select(ReportRow).where(ReportRow.reporter_id == user_id).order_by(ReportRow.id)
            )
            return {
                "account": {
                    "id": user.id,
                    "name": user.name,
                    "created_at": _iso(user.created_at),
                    "guest": user.guest,
                    "bot": bool(user.bot),
                    "role": user.role,
                    "chat_muted_until": _iso(user.chat_muted_until),
                },
                "sessions": [
                    {
                        "created_at": _iso(s.created_at),
                        "last_seen_at": _iso(s.last_seen_at),
                        "expires_at": _iso(s.expires_at),
                        "agent": s.user_agent,
                    }
                    for s in sessions
                ],
                "tokens": [
                    {
                        "id": t.id,
                        "name": t.name,
                        "scopes": t.scopes,
                        "created_at": _iso(t.created_at),
                    }
                    for t in tokens
                ],
                "ratings": [
                    {"game": r.game, "rating": r.rating, "games": r.games, "mu": r.mu}
                    for r in ratings
                ],
                "chat": [
                    {
                        "table_id": c.table_id,
                        "room": c.room,
                        "text": c.text,
                        "preset": c.preset,
                        "at": _iso(c.at),
                    }
                    for c in chat
                ],
                "reports_made": [
                    {
                        "id": r.id,
                        "user_id": r.user_id,
                        "reason": r.reason,
                        "text": r.text,
                        "status": r.status,
                        "created_at": _iso(r.created_at),
                    }
                    for r in reports
                ],
            }

        return await self.storage._run(work)


def _iso(moment: datetime | None) -> str | None:
    aware = _aware(moment)
    return None if aware is None else aware.isoformat()


def _apply(
    session: Session,
    user_id: int,
    moderator_id: int | None,
    action: ModAction,
    reason: str,
    until: datetime | None,
    now: datetime,
    report_id: int | None = None,
) -> None:
    """An action's effect on account ``user_id`` and its audit line."""
    if action is ModAction.MUTE:
        session.execute(update(UserRow).where(UserRow.id == user_id).values(chat_muted_until=until))
    elif action is ModAction.CHEATER:
        marked = session.execute(
            update(UserRow).where(UserRow.id == user_id, ~UserRow.cheater).values(cheater=True)
        )
        if marked.rowcount == 1:  # type: ignore[attr-defined]
            refunded = _refund_victims(session, user_id)
            given = ", ".join(f"{name} +{points} {game}" for name, game, points in refunded)
            reason = f"{reason} (refunded: {given or 'nobody'})"
        else:  # marked before: its victims were refunded then
            reason = f"{reason} (already marked: nothing refunded)"
    elif action is ModAction.CLOSE:
        _close(session, user_id, now)
    session.add(
        ModerationLogRow(
            moderator_id=moderator_id,
            user_id=user_id,
            action=action.value,
            reason=reason,
            report_id=report_id,
            until=until,
            at=now,
        )
    )


def _refund_victims(session: Session, cheater_id: int) -> list[tuple[str, str, int]]:
    """Give back to every victim of ``cheater_id`` the rating its rated games against it
    took (:func:`~connect_arena.service.moderation.refund`): the games where the cheater held
    another side and ranked ahead of the victim or level with it. Returns ``(name, game,
    displayed points)`` per victim and game, in name order."""
    theirs = aliased(UserGameRow)
    games = session.scalars(
        select(UserGameRow)
        .join(
            theirs,
            and_(
                theirs.table_id == UserGameRow.table_id,
                theirs.user_id == cheater_id,
                theirs.side != UserGameRow.side,
                theirs.rank <= UserGameRow.rank,
            ),
        )
        .where(UserGameRow.rated, UserGameRow.user_id != cheater_id)
        .order_by(UserGameRow.table_id, UserGameRow.seat)
    )
    owed: dict[tuple[int, str], float] = {}
    for game in games:
        if game.mu_before is None or game.mu is None:
            continue
        lost = refund(
            Skill(game.mu_before, game.sigma_before or 0.0), Skill(game.mu, game.sigma or 0.0)
        )
        if lost > 0:
            key = (game.user_id, game.game)
            owed[key] = owed.get(key, 0.0) + lost
    if not owed:
        return []
    rows = session.scalars(
        select(RatingRow)
        .where(RatingRow.user_id.in_(sorted({user for user, _ in owed})))
        .order_by(RatingRow.user_id, RatingRow.game)
        .with_for_update()
    )
    done: list[tuple[str, str, int]] = []
    for row in rows:
        back = owed.get((row.user_id, row.game))
        if back is None:
            continue
        old = row.rating
        row.mu += back
        row.rating = display(row.mu, row.sigma)
        user = session.get(UserRow, row.user_id)
        done.append(
            (user.name if user is not None else str(row.user_id), row.game, row.rating - old)
        )
    return sorted(done)
