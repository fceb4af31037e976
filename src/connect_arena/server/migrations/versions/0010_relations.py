"""Follows and blocks between accounts: ``relations``.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``relations``."""
    op.create_table(
        "relations",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("other_id", sa.Integer(), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_relations_other_id", "relations", ["other_id"])


def downgrade() -> None:
    """Drop ``relations``."""
    op.drop_table("relations")
