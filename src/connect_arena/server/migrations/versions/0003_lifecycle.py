"""Every game ends: table settings and result reasons, take-overs, clocks in the log, notes.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tables.settings``/``reason``, ``seats.takeover``, ``actions.clock`` and create
    ``table_notes`` (older tables: no settings = untimed casual, no clocks, no notes)."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("settings", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("reason", sa.String(16), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("takeover", sa.String(32), nullable=True))
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("clock", sa.Float(), nullable=True))
    op.create_table(
        "table_notes",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
    )
    op.create_index("ix_table_notes_table_id", "table_notes", ["table_id"])


def downgrade() -> None:
    """Drop what :func:`upgrade` added."""
    op.drop_table("table_notes")
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("clock")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("takeover")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("reason")
        batch.drop_column("settings")
