"""E-mail: an account's address (verified or not) and its "your turn" choice; single-use,
expiring links (``email_tokens``, only their SHA-256 stored).

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the e-mail columns and ``email_tokens``."""
    with op.batch_alter_table("users") as users:
        users.add_column(sa.Column("email", sa.String(254), nullable=True))
        users.add_column(sa.Column("email_verified_at", sa.DateTime(timezone=True), nullable=True))
        users.add_column(
            sa.Column("turn_emails", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    op.create_table(
        "email_tokens",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False, unique=True),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_email_tokens_user_id", "email_tokens", ["user_id"])


def downgrade() -> None:
    """Drop the e-mail columns and tokens."""
    op.drop_table("email_tokens")
    with op.batch_alter_table("users") as users:
        users.drop_column("turn_emails")
        users.drop_column("email_verified_at")
        users.drop_column("email")
