"""Alembic environment: runs on the connection the server passes in ``config.attributes``
(or on ``sqlalchemy.url`` when run by hand)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from connect_arena.server.db.models import Base

config = context.config
target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Migrate over the given connection, or over a new one to ``sqlalchemy.url``."""
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.begin() as new_connection:
        _run(new_connection)


run_migrations_online()
