"""Bots and their tokens: ``users.bot``, ``seats.bot``, ``api_tokens`` and ``challenges``.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the bot flags and create ``api_tokens`` and ``challenges``."""
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("bot", sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("bot", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_table(
        "api_tokens",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False, unique=True),
        sa.Column("scopes", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_api_tokens_user_id", "api_tokens", ["user_id"])
    op.create_table(
        "challenges",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("challenger_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("challenged_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("body", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_challenges_challenged_id", "challenges", ["challenged_id"])
    op.create_index("ix_challenges_challenger_id", "challenges", ["challenger_id"])


def downgrade() -> None:
    """Drop what :func:`upgrade` added."""
    op.drop_table("challenges")
    op.drop_table("api_tokens")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("bot")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("bot")
