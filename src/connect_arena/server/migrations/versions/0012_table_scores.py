"""Each finished table's final points (``tables.scores``), backfilled by replaying the logs.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-29
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

from connect_arena.core import GameError, load
from connect_arena.service.live_table import replay_log
from connect_arena.service.results import final_points

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

_TABLES = sa.table(
    "tables",
    sa.column("id", sa.Integer()),
    sa.column("game", sa.String()),
    sa.column("options", sa.JSON()),
    sa.column("num_players", sa.Integer()),
    sa.column("returns", sa.JSON()),
    sa.column("scores", sa.JSON()),
)
_ACTIONS = sa.table(
    "actions",
    sa.column("table_id", sa.Integer()),
    sa.column("seq", sa.Integer()),
    sa.column("seat", sa.Integer()),
    sa.column("action", sa.String()),
)


def upgrade() -> None:
    """Add ``tables.scores`` and fill it for the finished tables there: each log is replayed
    once (a game that counts no points, or a log that no longer replays, keeps NULL)."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("scores", sa.JSON(), nullable=True))
    connection = op.get_bind()
    finished = connection.execute(
        sa.select(_TABLES.c.id, _TABLES.c.game, _TABLES.c.options, _TABLES.c.num_players).where(
            _TABLES.c.returns.is_not(None)
        )
    ).all()
    for table_id, game, options, players in finished:
        points = _replayed_points(connection, table_id, game, players, options or {})
        if points is not None:
            connection.execute(
                sa.update(_TABLES).where(_TABLES.c.id == table_id).values(scores=points)
            )


def _replayed_points(
    connection: sa.Connection, table_id: int, game: str, players: int, options: dict[str, Any]
) -> list[float] | None:
    """The final points of a stored table's log, or ``None``."""
    try:
        state = load(game, players, **options).new_initial_state()
    except (GameError, ValueError, KeyError):
        return None
    if state.points() is None:  # a game that counts no points: no replay needed
        return None
    log = connection.execute(
        sa.select(_ACTIONS.c.seat, _ACTIONS.c.action)
        .where(_ACTIONS.c.table_id == table_id)
        .order_by(_ACTIONS.c.seq)
    ).all()
    try:
        for _ in replay_log(state, ((seat, action) for seat, action in log)):
            pass
    except ValueError:  # InvalidRecordError: the rules changed since; no points
        return None
    return final_points(state)


def downgrade() -> None:
    """Drop ``tables.scores``."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("scores")
