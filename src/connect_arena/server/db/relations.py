"""Follows and blocks in the database (``docs/community.md``, "Follow and block"): each
change is one transaction; blocking someone also stops following them."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from sqlalchemy import and_, delete, or_, select
from sqlalchemy.orm import Session

from connect_arena.server.db.models import RelationRow, UserRow
from connect_arena.server.db.storage import SqlStorage
from connect_arena.service.model import ErrorCode, ServiceError

Kind = Literal["follow", "block"]
MAX_RELATIONS = 1000
"""Follows (and, apart, blocks) an account may have."""


class SqlRelations:
    """Who follows and who blocks whom.

    Args:
        storage: the SQL storage whose engine and threads are used.
    """

    def __init__(self, storage: SqlStorage) -> None:
        self.storage = storage

    async def set(self, user_id: int, other_id: int, kind: Kind, on: bool, now: datetime) -> None:
        """Follow/block ``other_id`` (``on``) or stop.

        Raises:
            ServiceError: ``bad_message`` for oneself or beyond :data:`MAX_RELATIONS`;
                ``not_found`` for an unknown or closed account.
        """
        if user_id == other_id:
            raise ServiceError(ErrorCode.BAD_MESSAGE, f"you cannot {kind} yourself")

        def work(session: Session) -> None:
            other = session.get(UserRow, other_id)
            if other is None or other.closed_at is not None:
                raise ServiceError(ErrorCode.NOT_FOUND, f"there is no player {other_id}")
            mine = and_(RelationRow.user_id == user_id, RelationRow.other_id == other_id)
            if not on:
                session.execute(delete(RelationRow).where(mine, RelationRow.kind == kind))
                return
            count = session.query(RelationRow).filter_by(user_id=user_id, kind=kind).count()
            if count >= MAX_RELATIONS:
                raise ServiceError(ErrorCode.BAD_MESSAGE, f"at most {MAX_RELATIONS} at a time")
            if kind == "block":
                session.execute(delete(RelationRow).where(mine, RelationRow.kind == "follow"))
            exists = session.get(RelationRow, (user_id, other_id, kind))
            if exists is None:
                session.add(
                    RelationRow(user_id=user_id, other_id=other_id, kind=kind, created_at=now)
                )

        await self.storage._run(work)

    async def of(self, user_id: int) -> dict[Kind, list[tuple[int, str]]]:
        """``{"follow": [(id, name)], "block": [(id, name)]}`` of ``user_id``, by name."""

        def work(session: Session) -> dict[Kind, list[tuple[int, str]]]:
            rows = session.execute(
                select(RelationRow.kind, UserRow.id, UserRow.name)
                .join(UserRow, UserRow.id == RelationRow.other_id)
                .where(RelationRow.user_id == user_id, UserRow.closed_at.is_(None))
                .order_by(UserRow.name_key)
            ).all()
            found: dict[Kind, list[tuple[int, str]]] = {"follow": [], "block": []}
            for kind, other_id, name in rows:
                found["follow" if kind == "follow" else "block"].append((other_id, name))
            return found

        return await self.storage._run(work)

    async def blocked(self, a: int, b: int) -> bool:
        """Whether ``a`` blocks ``b`` or ``b`` blocks ``a``."""

        def work(session: Session) -> bool:
            either = or_(
                and_(RelationRow.user_id == a, RelationRow.other_id == b),
                and_(RelationRow.user_id == b, RelationRow.other_id == a),
            )
            row = session.scalar(
                select(RelationRow.user_id).where(either, RelationRow.kind == "block").limit(1)
            )
            return row is not None

        return await self.storage._run(work)
