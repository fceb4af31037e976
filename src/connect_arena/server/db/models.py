"""The database schema (SQLAlchemy 2 declarative models). Alembic's migrations in
``connect_arena/server/migrations`` create exactly this; a test checks they agree."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """Base of the models."""


class UserRow(Base):
    """An account: a named player with a password, or a guest without one."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(32))
    name_key: Mapped[str] = mapped_column(String(32), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(256), nullable=True)
    guest: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    bot: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    computer: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """A built-in computer player's account (named after its agent spec, no password): its
    seats are rated like anybody's (``docs/community.md``)."""
    role: Mapped[str] = mapped_column(String(16), default="player", server_default="player")
    """``player`` or ``moderator`` (given by the operator: ``connect-arena admin``)."""
    chat_muted_until: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True
    )
    cheater: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Marked by a moderator: off the leaderboards."""
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the account was closed (by its owner or a moderator): no sign-in, no profile."""
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    email_verified_at: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True
    )
    turn_emails: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Opted in to "your turn" e-mails (turn-based tables, verified address only)."""


class SessionRow(Base):
    """A signed-in session: the cookie holds a random token; only its SHA-256 is stored, so
    the table cannot be used to sign in. Deleted when revoked; ignored once expired."""

    __tablename__ = "sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    user_agent: Mapped[str | None] = mapped_column(String(256), nullable=True)


class TableRow(Base):
    """A table: its game, options, status and result."""

    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    num_players: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), index=True)
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    seed: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    returns: Mapped[list[float] | None] = mapped_column(JSON, nullable=True)
    scores: Mapped[list[float] | None] = mapped_column(JSON, nullable=True)
    """Each seat's points at a game's end by the rules (``State.points``), else NULL."""
    settings: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    reason: Mapped[str | None] = mapped_column(String(16), nullable=True)


class SeatRow(Base):
    """One seat of a table."""

    __tablename__ = "seats"

    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True, index=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    agent: Mapped[str | None] = mapped_column(String(32), nullable=True)
    takeover: Mapped[str | None] = mapped_column(String(32), nullable=True)
    bot: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class ActionRow(Base):
    """One action of a table's log; ``(table_id, seq)`` is unique."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("table_id", "seq", name="uq_actions_table_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"))
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    simultaneous: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    clock: Mapped[float | None] = mapped_column(Float, nullable=True)


class NoteRow(Base):
    """A lifecycle note of a table (a resignation, a take-over, a hint used...)."""

    __tablename__ = "table_notes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    kind: Mapped[str] = mapped_column(String(16))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)


class TokenRow(Base):
    """A personal API token: only its SHA-256 is stored; ``scopes`` limit what it may do."""

    __tablename__ = "api_tokens"
    __table_args__ = ({"sqlite_autoincrement": True},)  # ids are never reused

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    hash: Mapped[str] = mapped_column(String(64), unique=True)
    scopes: Mapped[list[str]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ChallengeRow(Base):
    """A challenge to a named user, until accepted, declined, cancelled or expired."""

    __tablename__ = "challenges"
    __table_args__ = ({"sqlite_autoincrement": True},)  # ids are never reused

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    challenger_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    challenged_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatRow(Base):
    """A chat message of a table (``room``: players or spectators)."""

    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    room: Mapped[str] = mapped_column(String(16))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str | None] = mapped_column(Text, nullable=True)
    preset: Mapped[str | None] = mapped_column(String(32), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class MuteRow(Base):
    """``user_id`` no longer sees ``muted_id``'s chat messages."""

    __tablename__ = "chat_mutes"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    muted_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)


class EmailTokenRow(Base):
    """A link sent by e-mail (``purpose``: ``verify`` an address or ``reset`` a password):
    single-use (``used_at``), expiring; only the SHA-256 of its secret is stored."""

    __tablename__ = "email_tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    purpose: Mapped[str] = mapped_column(String(16))
    hash: Mapped[str] = mapped_column(String(64), unique=True)
    email: Mapped[str] = mapped_column(String(254))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class RelationRow(Base):
    """``user_id`` follows (``kind`` ``follow``) or blocks (``block``) ``other_id``."""

    __tablename__ = "relations"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    other_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True, index=True)
    kind: Mapped[str] = mapped_column(String(8), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ReportRow(Base):
    """A report of ``user_id`` by ``reporter_id`` (``reason``: abuse, cheating, other), with
    the table or chat message it is about; ``status`` open, handled or dismissed."""

    __tablename__ = "reports"
    __table_args__ = (Index("ix_reports_status", "status", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    reporter_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    reason: Mapped[str] = mapped_column(String(16))
    text: Mapped[str] = mapped_column(Text)
    table_id: Mapped[int | None] = mapped_column(ForeignKey("tables.id"), nullable=True)
    chat_id: Mapped[int | None] = mapped_column(ForeignKey("chat_messages.id"), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    status: Mapped[str] = mapped_column(String(16), default="open", server_default="open")
    handled_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    handled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    action: Mapped[str | None] = mapped_column(String(16), nullable=True)


class ModerationLogRow(Base):
    """The audit log: one line per moderator action (who, on whom, what, why, until when);
    ``moderator_id`` is ``None`` for the operator's command line."""

    __tablename__ = "moderation_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    moderator_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    action: Mapped[str] = mapped_column(String(16))
    reason: Mapped[str] = mapped_column(Text)
    report_id: Mapped[int | None] = mapped_column(ForeignKey("reports.id"), nullable=True)
    until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingRow(Base):
    """An account's current rating on one game (OpenSkill's ``mu`` and ``sigma``, the
    displayed conservative ``rating``), the rated games played and the last one's time. The
    leaderboard reads ``ix_ratings_leaderboard`` in rating order (no scan)."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_leaderboard", "game", "rating", "user_id"),)

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    rating: Mapped[int] = mapped_column(Integer)
    games: Mapped[int] = mapped_column(Integer)
    last_game_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ScoredTableRow(Base):
    """A finished table once scored (its placings kept, ratings updated when rated): at most
    one per table; ``id`` orders the scoring (a recomputation follows it)."""

    __tablename__ = "scored_tables"
    __table_args__ = ({"sqlite_autoincrement": True},)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), unique=True)
    game: Mapped[str] = mapped_column(String(64))
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    reason: Mapped[str] = mapped_column(String(16))
    rated: Mapped[bool] = mapped_column(Boolean)
    sides: Mapped[int] = mapped_column(Integer)


class UserGameRow(Base):
    """One seat of a scored table: its account, rank, result and (rated tables) the rating
    before and after. A user's history and statistics are read from here."""

    __tablename__ = "user_games"
    __table_args__ = (
        Index("ix_user_games_user", "user_id", "finished_at"),
        Index("ix_user_games_user_game", "user_id", "game", "finished_at"),
    )

    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    side: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    game: Mapped[str] = mapped_column(String(64))
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    rated: Mapped[bool] = mapped_column(Boolean)
    rank: Mapped[int] = mapped_column(Integer)
    result: Mapped[str | None] = mapped_column(String(8), nullable=True)
    mu_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    sigma_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    games_before: Mapped[int | None] = mapped_column(Integer, nullable=True)
    mu: Mapped[float | None] = mapped_column(Float, nullable=True)
    sigma: Mapped[float | None] = mapped_column(Float, nullable=True)
    rating: Mapped[int | None] = mapped_column(Integer, nullable=True)
    change: Mapped[int | None] = mapped_column(Integer, nullable=True)


class PuzzlePlayerRow(Base):
    """An account's puzzle rating on one game (OpenSkill ``mu``/``sigma``; rated attempts)."""

    __tablename__ = "puzzle_players"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    attempts: Mapped[int] = mapped_column(Integer)


class PuzzleRatingRow(Base):
    """A puzzle's rating once someone tried it (OpenSkill ``mu``/``sigma``; rated attempts)."""

    __tablename__ = "puzzle_ratings"

    puzzle_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    attempts: Mapped[int] = mapped_column(Integer)


class PuzzleAttemptRow(Base):
    """One finished attempt (solved, failed or the solution viewed). ``first`` is true on an
    account's first attempt at a puzzle (the rated one) and NULL after: the unique
    ``(user_id, puzzle_id, first)`` lets only one be first (NULLs are distinct)."""

    __tablename__ = "puzzle_attempts"
    __table_args__ = (
        UniqueConstraint("user_id", "puzzle_id", "first", name="uq_puzzle_attempts_first"),
        Index("ix_puzzle_attempts_user", "user_id", "id"),
        {"sqlite_autoincrement": True},
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    puzzle_id: Mapped[str] = mapped_column(String(64))
    game: Mapped[str] = mapped_column(String(64))
    solved: Mapped[bool] = mapped_column(Boolean)
    first: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    rating: Mapped[int | None] = mapped_column(Integer, nullable=True)


class TournamentRow(Base):
    """A tournament: the creation's choices (``spec``) and its state (entrants, games,
    round), rewritten in one transaction at every change."""

    __tablename__ = "tournaments"
    __table_args__ = ({"sqlite_autoincrement": True},)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    spec: Mapped[dict[str, Any]] = mapped_column(JSON)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """Raised by every save: a save that read an older version is refused (processes
    sharing the row)."""
