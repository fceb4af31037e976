"""Moderation: accounts' role, chat mute, cheater mark and closing; ``reports`` and the
moderators' audit log ``moderation_log``.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the account columns and create ``reports`` and ``moderation_log``."""
    with op.batch_alter_table("users") as users:
        users.add_column(sa.Column("role", sa.String(16), nullable=False, server_default="player"))
        users.add_column(sa.Column("chat_muted_until", sa.DateTime(timezone=True), nullable=True))
        users.add_column(
            sa.Column("cheater", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        users.add_column(sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("reporter_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("reason", sa.String(16), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), nullable=True),
        sa.Column("chat_id", sa.Integer(), sa.ForeignKey("chat_messages.id"), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(16), nullable=False, server_default="open"),
        sa.Column("handled_by", sa.Integer(), sa.ForeignKey("users.id"), nullable=True),
        sa.Column("handled_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("action", sa.String(16), nullable=True),
    )
    op.create_index("ix_reports_status", "reports", ["status", "id"])
    op.create_table(
        "moderation_log",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("moderator_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("report_id", sa.Integer(), sa.ForeignKey("reports.id"), nullable=True),
        sa.Column("until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_moderation_log_user_id", "moderation_log", ["user_id"])


def downgrade() -> None:
    """Drop the moderation tables and columns."""
    op.drop_table("moderation_log")
    op.drop_table("reports")
    with op.batch_alter_table("users") as users:
        users.drop_column("closed_at")
        users.drop_column("cheater")
        users.drop_column("chat_muted_until")
        users.drop_column("role")
