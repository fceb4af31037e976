"""API tokens, bot accounts and challenges in SQL (on :class:`SqlStorage`'s engine and
database threads). Only a token's SHA-256 is stored: the table cannot be used to sign in."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from connect_arena.server.db.models import ChallengeRow, SeatRow, TokenRow, UserRow
from connect_arena.server.db.storage import SqlStorage, _aware
from connect_arena.server.protocol import BotToken
from connect_arena.service.challenges import StoredChallenge


@dataclass(frozen=True, slots=True)
class StoredToken:
    """An API token as stored (without its secret)."""

    id: int
    user_id: int
    name: str
    scopes: tuple[str, ...]
    created_at: datetime
    last_used_at: datetime | None

    def to_json(self) -> BotToken:
        """``{"id", "name", "scopes", "created_at", "last_used_at"}``."""
        return {
            "id": self.id,
            "name": self.name,
            "scopes": list(self.scopes),
            "created_at": self.created_at.isoformat(),
            "last_used_at": None if self.last_used_at is None else self.last_used_at.isoformat(),
        }


def _token(row: TokenRow) -> StoredToken:
    created = _aware(row.created_at) or row.created_at
    return StoredToken(
        row.id, row.user_id, row.name, tuple(row.scopes), created, _aware(row.last_used_at)
    )


class SqlBots:
    """Tokens, bot accounts and challenges.

    Args:
        storage: the SQL storage whose engine and threads are used.
    """

    def __init__(self, storage: SqlStorage) -> None:
        self.storage = storage

    # ----- tokens ------------------------------------------------------------------------------
    async def create_token(
        self, user_id: int, name: str, digest: str, scopes: list[str]
    ) -> StoredToken:
        """Store a token (its SHA-256 ``digest``)."""

        def work(session: Session) -> StoredToken:
            row = TokenRow(
                user_id=user_id,
                name=name,
                hash=digest,
                scopes=list(scopes),
                created_at=datetime.now(UTC),
            )
            session.add(row)
            session.flush()
            return _token(row)

        return await self.storage._run(work)

    async def token_by_hash(self, digest: str) -> StoredToken | None:
        """The token whose SHA-256 is ``digest`` (and note that it was used)."""

        def work(session: Session) -> StoredToken | None:
            row = session.scalar(select(TokenRow).where(TokenRow.hash == digest))
            if row is None:
                return None
            row.last_used_at = datetime.now(UTC)
            return _token(row)

        return await self.storage._run(work)

    async def token_exists(self, token_id: int) -> bool:
        """Whether token ``token_id`` is still there (not revoked)."""

        def work(session: Session) -> bool:
            return session.get(TokenRow, token_id) is not None

        return await self.storage._run(work)

    async def tokens_of(self, user_id: int) -> list[StoredToken]:
        """The user's tokens, newest first."""

        def work(session: Session) -> list[StoredToken]:
            rows = session.scalars(
                select(TokenRow).where(TokenRow.user_id == user_id).order_by(TokenRow.id.desc())
            )
            return [_token(row) for row in rows]

        return await self.storage._run(work)

    async def delete_token(self, user_id: int, token_id: int) -> bool:
        """Revoke the user's token ``token_id``; whether it existed."""

        def work(session: Session) -> bool:
            result = session.execute(
                delete(TokenRow).where(TokenRow.id == token_id, TokenRow.user_id == user_id)
            )
            return bool(result.rowcount)  # type: ignore[attr-defined]

        return await self.storage._run(work)

    async def delete_user_tokens(self, user_id: int) -> int:
        """Revoke every token of ``user_id`` (sign out everywhere, a new password); how many."""

        def work(session: Session) -> int:
            result = session.execute(delete(TokenRow).where(TokenRow.user_id == user_id))
            return int(result.rowcount)  # type: ignore[attr-defined]

        return await self.storage._run(work)

    # ----- bot accounts ------------------------------------------------------------------------
    async def make_bot(self, user_id: int) -> bool:
        """Turn account ``user_id`` into a bot, if it never sat at a table (as on Lichess:
        a bot's games and rating are a bot's from the first); whether it is a bot now."""

        def work(session: Session) -> bool:
            row = session.get(UserRow, user_id)
            if row is None or row.guest:
                return False
            if row.bot:
                return True
            seated = session.scalar(
                select(func.count()).select_from(SeatRow).where(SeatRow.user_id == user_id)
            )
            if seated:
                return False
            session.execute(update(UserRow).where(UserRow.id == user_id).values(bot=True))
            return True

        return await self.storage._run(work)

    # ----- challenges (the service's ChallengeStore) ------------------------------------------
    async def add_challenge(
        self,
        challenger_id: int,
        challenged_id: int,
        body: dict[str, Any],
        created_at: datetime,
        expires_at: datetime,
        limit: int | None = None,
    ) -> int | None:
        """See :meth:`connect_arena.service.challenges.ChallengeStore.add_challenge` (the
        challenger's account row is locked for the count, ``SELECT ... FOR UPDATE`` where the
        database has it, so two processes cannot pass the limit together)."""

        def work(session: Session) -> int | None:
            if limit is not None:
                session.execute(
                    select(UserRow.id).where(UserRow.id == challenger_id).with_for_update()
                )
                waiting = session.scalar(
                    select(func.count())
                    .select_from(ChallengeRow)
                    .where(
                        ChallengeRow.challenger_id == challenger_id,
                        ChallengeRow.expires_at > created_at,
                    )
                )
                if (waiting or 0) >= limit:
                    return None
            row = ChallengeRow(
                challenger_id=challenger_id,
                challenged_id=challenged_id,
                body=dict(body),
                created_at=created_at,
                expires_at=expires_at,
            )
            session.add(row)
            session.flush()
            return row.id

        return await self.storage._run(work)

    async def delete_challenge(self, challenge_id: int) -> bool:
        """See :meth:`connect_arena.service.challenges.ChallengeStore.delete_challenge`."""

        def work(session: Session) -> bool:
            result = session.execute(delete(ChallengeRow).where(ChallengeRow.id == challenge_id))
            return bool(result.rowcount)  # type: ignore[attr-defined]

        return await self.storage._run(work)

    async def list_challenges(self) -> list[StoredChallenge]:
        """See :meth:`connect_arena.service.challenges.ChallengeStore.list_challenges`."""

        def work(session: Session) -> list[StoredChallenge]:
            rows = session.scalars(select(ChallengeRow).order_by(ChallengeRow.id))
            return [
                StoredChallenge(
                    r.id,
                    r.challenger_id,
                    r.challenged_id,
                    dict(r.body),
                    _aware(r.created_at) or r.created_at,
                    _aware(r.expires_at) or r.expires_at,
                )
                for r in rows
            ]

        return await self.storage._run(work)
