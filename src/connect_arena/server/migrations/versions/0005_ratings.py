"""Ratings and histories: ``users.computer``, ``ratings``, ``scored_tables``, ``user_games``
and an index on ``seats.user_id``.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the computer flag, the seats' user index and the rating tables."""
    with op.batch_alter_table("users") as batch:
        batch.add_column(
            sa.Column("computer", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    op.create_index("ix_seats_user_id", "seats", ["user_id"])
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("last_game_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ratings_leaderboard", "ratings", ["game", "rating", "user_id"])
    op.create_table(
        "scored_tables",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("reason", sa.String(16), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("sides", sa.Integer(), nullable=False),
        sa.UniqueConstraint("table_id"),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "user_games",
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("side", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("result", sa.String(8), nullable=True),
        sa.Column("mu_before", sa.Float(), nullable=True),
        sa.Column("sigma_before", sa.Float(), nullable=True),
        sa.Column("games_before", sa.Integer(), nullable=True),
        sa.Column("mu", sa.Float(), nullable=True),
        sa.Column("sigma", sa.Float(), nullable=True),
        sa.Column("rating", sa.Integer(), nullable=True),
        sa.Column("change", sa.Integer(), nullable=True),
    )
    op.create_index("ix_user_games_user", "user_games", ["user_id", "finished_at"])
    op.create_index("ix_user_games_user_game", "user_games", ["user_id", "game", "finished_at"])


def downgrade() -> None:
    """Drop what :func:`upgrade` added."""
    op.drop_table("user_games")
    op.drop_table("scored_tables")
    op.drop_table("ratings")
    op.drop_index("ix_seats_user_id", "seats")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("computer")
