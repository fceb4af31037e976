"""Back up and restore a SQLite arena (``connect-arena backup`` / ``restore``).

A backup is taken with SQLite's online backup API (``sqlite3.Connection.backup``): a consistent
copy, safe while the server is serving (pages written meanwhile are copied again). A restore
checks the file first (SQLite's ``integrity_check`` and the arena's tables), then copies it
into the data directory in one step; the server must be stopped. PostgreSQL is backed up with
``pg_dump`` (``docs/operations.md``).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from sqlalchemy.engine import make_url

REQUIRED_TABLES = frozenset({"alembic_version", "users", "tables", "actions"})
"""Tables every arena database has (a file without them is not an arena's backup)."""


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why. Nothing was changed."""


def sqlite_path(database_url: str) -> Path:
    """The file of a ``sqlite:///`` database URL.

    Raises:
        BackupError: the database is not a SQLite file (PostgreSQL: use ``pg_dump``).
    """
    url = make_url(database_url)
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        raise BackupError(
            f"{url.get_backend_name()} databases are backed up with their own tools "
            "(PostgreSQL: pg_dump --format=custom; see docs/operations.md)"
        )
    return Path(url.database)


def check_arena_file(path: Path) -> None:
    """Check that ``path`` is an intact SQLite arena database.

    Raises:
        BackupError: the file is missing, not SQLite, damaged, or lacks the arena's tables.
    """
    if not path.is_file():
        raise BackupError(f"{path}: no such file")
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
            verdict = connection.execute("PRAGMA integrity_check").fetchone()
            names = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path}: not a SQLite database ({error})") from None
    finally:
        connection.close()
    if verdict is None or verdict[0] != "ok":
        raise BackupError(f"{path}: the database is damaged ({verdict[0] if verdict else '?'})")
    missing = sorted(REQUIRED_TABLES - names)
    if missing:
        raise BackupError(f"{path}: not a Connect Arena database (no {', '.join(missing)})")


def backup(database_url: str, target: Path) -> int:
    """Copy the SQLite database of ``database_url`` to ``target`` (online, consistent).

    Args:
        database_url: the arena's database URL (``sqlite:///…/arena.sqlite3``).
        target: the backup file to write; must not exist.

    Returns:
        The backup's size in bytes.

    Raises:
        BackupError: not SQLite, no database yet, or ``target`` exists.
    """
    source = sqlite_path(database_url)
    check_arena_file(source)
    if target.exists():
        raise BackupError(f"{target} exists: choose a new file")
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    reader = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    writer = sqlite3.connect(partial)
    try:
        reader.backup(writer, pages=256)  # in steps: the server keeps writing meanwhile
    finally:
        writer.close()
        reader.close()
    os.replace(partial, target)  # the backup appears whole or not at all
    return target.stat().st_size


def restore(database_url: str, source: Path, *, replace: bool = False) -> None:
    """Replace the SQLite database of ``database_url`` by the backup ``source``.

    Args:
        database_url: the arena's database URL; the server using it must be stopped.
        source: a file written by :func:`backup`.
        replace: allow overwriting an existing database.

    Raises:
        BackupError: not SQLite, ``source`` is not an intact arena database, or the database
            exists and ``replace`` is false. Nothing is changed then.
    """
    target = sqlite_path(database_url)
    check_arena_file(source)
    if target.exists() and not replace:
        raise BackupError(f"{target} exists: stop the server and pass --replace to overwrite it")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".restoring")
    partial.unlink(missing_ok=True)
    reader = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    writer = sqlite3.connect(partial)
    try:
        reader.backup(writer)
    finally:
        writer.close()
        reader.close()
    for leftover in (Path(f"{target}-wal"), Path(f"{target}-shm")):
        leftover.unlink(missing_ok=True)  # the old database's journal must not replay
    os.replace(partial, target)
