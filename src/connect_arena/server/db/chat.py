"""Table chat in SQL: the service's :class:`~connect_arena.service.chat.ChatStore`."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from connect_arena.server.db.models import ChatRow, MuteRow
from connect_arena.server.db.storage import SqlStorage, _aware
from connect_arena.service.chat import ChatMessage


class SqlChat:
    """Chat messages and mutes.

    Args:
        storage: the SQL storage whose engine and threads are used.
    """

    def __init__(self, storage: SqlStorage) -> None:
        self.storage = storage

    async def add_message(
        self,
        table_id: int,
        room: str,
        user_id: int,
        name: str,
        text: str | None,
        preset: str | None,
        at: datetime,
    ) -> int:
        """See :meth:`connect_arena.service.chat.ChatStore.add_message`."""

        def work(session: Session) -> int:
            row = ChatRow(
                table_id=table_id,
                room=room,
                user_id=user_id,
                name=name,
                text=text,
                preset=preset,
                at=at,
            )
            session.add(row)
            session.flush()
            return row.id

        return await self.storage._run(work)

    async def messages(self, table_id: int, limit: int) -> list[ChatMessage]:
        """See :meth:`connect_arena.service.chat.ChatStore.messages`."""

        def work(session: Session) -> list[ChatMessage]:
            rows = list(
                session.scalars(
                    select(ChatRow)
                    .where(ChatRow.table_id == table_id)
                    .order_by(ChatRow.id.desc())
                    .limit(limit)
                )
            )
            return [
                ChatMessage(
                    r.id,
                    r.table_id,
                    r.room,
                    r.user_id,
                    r.name,
                    r.text,
                    r.preset,
                    _aware(r.at) or r.at,
                )
                for r in reversed(rows)
            ]

        return await self.storage._run(work)

    async def mute(self, user_id: int, muted_id: int, on: bool) -> None:
        """See :meth:`connect_arena.service.chat.ChatStore.mute`."""

        def work(session: Session) -> None:
            session.execute(
                delete(MuteRow).where(MuteRow.user_id == user_id, MuteRow.muted_id == muted_id)
            )
            if on:
                session.add(MuteRow(user_id=user_id, muted_id=muted_id))

        await self.storage._run(work)

    async def muted_by(self, user_id: int) -> set[int]:
        """See :meth:`connect_arena.service.chat.ChatStore.muted_by`."""

        def work(session: Session) -> set[int]:
            rows = session.scalars(select(MuteRow.muted_id).where(MuteRow.user_id == user_id))
            return set(rows)

        return await self.storage._run(work)
