"""E-mail addresses and the links sent to them (verify an address, reset a password) in the
database; each method is one transaction, and a link is used at most once."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from connect_arena.server.db.models import EmailTokenRow, UserRow
from connect_arena.server.db.storage import SqlStorage, _aware


@dataclass(frozen=True, slots=True)
class EmailStatus:
    """An account's address, whether it is verified, and its "your turn" choice."""

    email: str | None
    verified: bool
    turn_emails: bool


class SqlEmail:
    """Addresses and links.

    Args:
        storage: the SQL storage whose engine and threads are used.
    """

    def __init__(self, storage: SqlStorage) -> None:
        self.storage = storage

    async def status(self, user_id: int) -> EmailStatus:
        """The account's e-mail settings."""

        def work(session: Session) -> EmailStatus:
            user = session.get(UserRow, user_id)
            assert user is not None
            verified = user.email is not None and user.email_verified_at is not None
            return EmailStatus(user.email, verified, bool(user.turn_emails) and verified)

        return await self.storage._run(work)

    async def set_address(
        self, user_id: int, email: str, digest: str, expires_at: datetime
    ) -> None:
        """Give the account a new, unverified address and store its verification link."""

        def work(session: Session) -> None:
            session.execute(
                update(UserRow)
                .where(UserRow.id == user_id)
                .values(email=email, email_verified_at=None)
            )
            session.add(
                EmailTokenRow(
                    user_id=user_id, purpose="verify", hash=digest, email=email,
                    expires_at=expires_at,
                )
            )  # fmt: skip

        await self.storage._run(work)

    async def add_reset(
        self, name: str, digest: str, expires_at: datetime
    ) -> tuple[int, str] | None:
        """Store a password-reset link for account ``name`` when it has a verified address:
        ``(user_id, address)``, else ``None`` (nothing stored)."""

        def work(session: Session) -> tuple[int, str] | None:
            user = session.scalar(select(UserRow).where(UserRow.name_key == name.casefold()))
            if (
                user is None
                or user.email is None
                or user.email_verified_at is None
                or user.closed_at is not None
            ):
                return None
            session.add(
                EmailTokenRow(
                    user_id=user.id, purpose="reset", hash=digest, email=user.email,
                    expires_at=expires_at,
                )
            )  # fmt: skip
            return user.id, user.email

        return await self.storage._run(work)

    async def use(self, digest: str, purpose: str, now: datetime) -> tuple[int, str] | None:
        """Use the link of ``digest`` once: ``(user_id, address)`` when it exists, has this
        purpose, has not expired and was not used; else ``None``. A verification also marks
        the address verified (if it is still the account's)."""

        def work(session: Session) -> tuple[int, str] | None:
            row = session.scalar(select(EmailTokenRow).where(EmailTokenRow.hash == digest))
            expires = None if row is None else _aware(row.expires_at)
            if row is None or row.purpose != purpose or expires is None or expires <= now:
                return None
            claimed = session.execute(
                update(EmailTokenRow)
                .where(EmailTokenRow.id == row.id, EmailTokenRow.used_at.is_(None))
                .values(used_at=now)
            )
            if claimed.rowcount != 1:  # type: ignore[attr-defined]
                return None
            if purpose == "verify":
                session.execute(
                    update(UserRow)
                    .where(UserRow.id == row.user_id, UserRow.email == row.email)
                    .values(email_verified_at=now)
                )
            return row.user_id, row.email

        return await self.storage._run(work)

    async def set_turn_emails(self, user_id: int, on: bool) -> bool:
        """Turn "your turn" e-mails on or off; ``False`` (nothing changed) without a
        verified address."""

        def work(session: Session) -> bool:
            changed = session.execute(
                update(UserRow)
                .where(UserRow.id == user_id, UserRow.email_verified_at.is_not(None))
                .values(turn_emails=on)
            )
            return bool(changed.rowcount == 1)  # type: ignore[attr-defined]

        return await self.storage._run(work)

    async def turn_recipients(self, user_ids: list[int]) -> dict[int, tuple[str, str]]:
        """``{user_id: (name, address)}`` of those accounts that want "your turn" e-mails."""

        def work(session: Session) -> dict[int, tuple[str, str]]:
            rows = session.scalars(
                select(UserRow).where(
                    UserRow.id.in_(user_ids),
                    UserRow.turn_emails.is_(True),
                    UserRow.email_verified_at.is_not(None),
                    UserRow.closed_at.is_(None),
                )
            )
            return {row.id: (row.name, row.email) for row in rows if row.email}

        return await self.storage._run(work)
