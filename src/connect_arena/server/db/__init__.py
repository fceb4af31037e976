"""Persistence with SQLAlchemy 2: models, the engine, Alembic migrations and the storage."""

from connect_arena.server.db.connection import make_engine, run_migrations
from connect_arena.server.db.storage import SqlStorage, StoredUser

__all__ = ["SqlStorage", "StoredUser", "make_engine", "run_migrations"]
