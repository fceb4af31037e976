"""Tournaments in SQL: the service's
:class:`~connect_arena.service.tournaments.TournamentStore`."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from connect_arena.server.db.models import TournamentRow
from connect_arena.server.db.storage import SqlStorage
from connect_arena.service.tournaments import StaleTournamentError, StoredTournament


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
                version=0,
            )
            session.add(row)
            session.flush()
            return row.id

        return await self.storage._run(work)

    async def save_tournament(
        self, tournament_id: int, state: dict[str, Any], version: int | None = None
    ) -> int:
        """See :meth:`connect_arena.service.tournaments.TournamentStore.save_tournament`: one
        ``UPDATE ... WHERE version = :read RETURNING version`` (compare and set)."""

        def work(session: Session) -> int:
            query = update(TournamentRow).where(TournamentRow.id == tournament_id)
            if version is not None:
                query = query.where(TournamentRow.version == version)
            saved = session.execute(
                query.values(
                    state=dict(state),
                    status=str(state["status"]),
                    version=TournamentRow.version + 1,
                ).returning(TournamentRow.version)
            ).scalar_one_or_none()
            if saved is None:
                raise StaleTournamentError(f"tournament {tournament_id} was saved meanwhile")
            return int(saved)

        return await self.storage._run(work)

    async def get_tournament(self, tournament_id: int) -> StoredTournament | None:
        """See :meth:`connect_arena.service.tournaments.TournamentStore.get_tournament`."""

        def work(session: Session) -> StoredTournament | None:
            row = session.get(TournamentRow, tournament_id)
            if row is None:
                return None
            return StoredTournament(row.id, dict(row.spec), dict(row.state), row.version)

        return await self.storage._run(work)

    async def open_tournaments(self) -> list[int]:
        """See :meth:`connect_arena.service.tournaments.TournamentStore.open_tournaments`."""

        def work(session: Session) -> list[int]:
            query = select(TournamentRow.id).where(
                TournamentRow.status.in_(("upcoming", "running"))
            )
            return list(session.scalars(query.order_by(TournamentRow.id)))

        return await self.storage._run(work)

    async def list_tournaments(self) -> list[StoredTournament]:
        """See :meth:`connect_arena.service.tournaments.TournamentStore.list_tournaments`."""

        def work(session: Session) -> list[StoredTournament]:
            rows = session.scalars(select(TournamentRow).order_by(TournamentRow.id))
            return [StoredTournament(r.id, dict(r.spec), dict(r.state), r.version) for r in rows]

        return await self.storage._run(work)
