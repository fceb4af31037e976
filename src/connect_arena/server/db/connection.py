"""The SQLAlchemy engine (SQLite tuned for a small server) and migrations at start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text

MIGRATIONS = "connect_arena.server:migrations"
"""Alembic's script location, inside the installed package."""


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """WAL journal (readers never block the writer), ``synchronous=NORMAL`` (a committed
    transaction survives a crash of the process; only a power cut may lose the last ones),
    foreign keys on, and a busy timeout instead of immediate 'database is locked' errors."""
    cursor = connection.cursor()
    for pragma in (
        "journal_mode=WAL",
        "synchronous=NORMAL",
        "foreign_keys=ON",
        "busy_timeout=5000",
    ):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def normalize_url(url: str) -> str:
    """``postgres://`` and ``postgresql://`` URLs use psycopg 3 (the driver we install)."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def make_engine(url: str) -> Engine:
    """An engine for ``url``; for SQLite the directory is created and the pragmas set."""
    url = normalize_url(url)
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


def alembic_config() -> Config:
    """Alembic's configuration pointing at the packaged migrations."""
    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    return config


MIGRATION_LOCK = 0x41524E41
"""PostgreSQL advisory lock key held while migrating ("ARNA"): processes starting together
migrate one after the other (the later ones find the schema current)."""


def run_migrations(engine: Engine) -> None:
    """Upgrade the database to the newest schema (a no-op when it is current)."""
    config = alembic_config()
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
