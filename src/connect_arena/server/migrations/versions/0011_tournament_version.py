"""A version number on each tournament row (optimistic concurrency between processes).

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tournaments.version`` (0 for the rows there)."""
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    """Drop ``tournaments.version``."""
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("version")
