"""``connect-arena backup`` and ``connect-arena restore``: a SQLite arena's database, copied
safely while the server runs, and put back while it is stopped (``docs/operations.md``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from connect_arena.cli.serve import default_data_dir

DataDir = Annotated[
    Path | None,
    typer.Option(
        "--data-dir",
        help="The server's data directory (default: ~/.local/share/connect-arena).",
    ),
]


def _database_url(data_dir: Path | None) -> str:
    configured = os.environ.get("CONNECT_ARENA_DATABASE_URL")
    if configured:
        return configured
    directory = (data_dir or default_data_dir()).expanduser().resolve()
    return f"sqlite:///{directory / 'arena.sqlite3'}"


def backup_command(
    target: Annotated[Path, typer.Argument(help="The backup file to write (must not exist).")],
    data_dir: DataDir = None,
) -> None:
    """Copy the arena's SQLite database to TARGET, safely while the server is running."""
    from connect_arena.server.db.backup import BackupError
    from connect_arena.server.db.backup import backup as take_backup

    try:
        size = take_backup(_database_url(data_dir), target)
    except BackupError as error:
        typer.echo(f"backup: {error}", err=True)
        raise typer.Exit(1) from None
    typer.echo(f"backed up to {target} ({size:,} bytes)")


def restore_command(
    source: Annotated[Path, typer.Argument(help="A file written by 'connect-arena backup'.")],
    data_dir: DataDir = None,
    replace: Annotated[
        bool, typer.Option("--replace", help="Overwrite the existing database.")
    ] = False,
) -> None:
    """Put a backup back as the arena's database (stop the server first)."""
    from connect_arena.server.db.backup import BackupError
    from connect_arena.server.db.backup import restore as put_back

    try:
        put_back(_database_url(data_dir), source, replace=replace)
    except BackupError as error:
        typer.echo(f"restore: {error}", err=True)
        raise typer.Exit(1) from None
    typer.echo(f"restored {source}; start the server to carry on")
