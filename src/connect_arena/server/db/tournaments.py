"""Tournaments in SQL: the service's
:class:`~connect_arena.service.tournaments.TournamentStore`."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from connect_arena.server.db.models import TournamentRow
from connect_arena.server.db.storage import SqlStorage
from connect_arena.service.tournaments import StoredTournament


class SqlTournaments:
    """Tournament rows.

    Args:
        storage: the SQL storage whose engine and threads are used.
    """

    def __init__(self, storage: SqlStorage) -> None:
        self.storage = storage

    async def add_tournament(self, spec: dict[str, Any], state: dict[str, Any]) -> int:
        """See :meth:`connect_arena.service.tournaments.TournamentStore.add_tournament`."""

        def work(session: Session) -> int:
            row = TournamentRow(
                spec=dict(spec),
                state=dict(state),
                status=str(state["status"]),
                created_at=datetime.now(UTC),
            )
            session.add(row)
            session.flush()
            return row.id

        return await self.storage._run(work)

    async def save_tournament(self, tournament_id: int, state: dict[str, Any]) -> None:
        """See :meth:`connect_arena.service.tournaments.TournamentStore.save_tournament`."""

        def work(session: Session) -> None:
            session.execute(
                update(TournamentRow)
                .where(TournamentRow.id == tournament_id)
                .values(state=dict(state), status=str(state["status"]))
            )

        await self.storage._run(work)

    async def list_tournaments(self) -> list[StoredTournament]:
        """See :meth:`connect_arena.service.tournaments.TournamentStore.list_tournaments`."""

        def work(session: Session) -> list[StoredTournament]:
            rows = session.scalars(select(TournamentRow).order_by(TournamentRow.id))
            return [StoredTournament(r.id, dict(r.spec), dict(r.state)) for r in rows]

        return await self.storage._run(work)
