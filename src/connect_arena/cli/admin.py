"""``connect-arena admin``: the operator's commands on the database of a server (running or
not): give or take the moderator role, close an account, list open reports
(``docs/operations.md``, "Moderate")."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer
from rich.console import Console
from rich.table import Table

from connect_arena.cli.serve import arena_database_url, default_data_dir
from connect_arena.service.model import ServiceError
from connect_arena.service.moderation import ModAction, Report, ReportStatus

if TYPE_CHECKING:
    from connect_arena.server.db.moderation import SqlModeration

admin_app = typer.Typer(
    help="Operator's commands: moderators, closing accounts, reports.", no_args_is_help=True
)
T = TypeVar("T")

DataDir = Annotated[
    Path | None,
    typer.Option(
        "--data-dir",
        help="The server's data directory (default: ~/.local/share/connect-arena); "
        "CONNECT_ARENA_DATABASE_URL wins when set.",
    ),
]


def _run(data_dir: Path | None, work: Callable[[SqlModeration], Coroutine[object, object, T]]) -> T:
    """Run ``work`` on the arena's database (migrated first), printing a refusal as an
    error (exit 1)."""
    url = arena_database_url(data_dir)
    if url is None:
        directory = (data_dir or default_data_dir()).expanduser().resolve()
        typer.echo(f"admin: no arena database in {directory}", err=True)
        raise typer.Exit(1)
    # The database layer (SQLAlchemy, Alembic) loads only for a command that uses it.
    from connect_arena.server.db import SqlStorage, make_engine, run_migrations
    from connect_arena.server.db.moderation import SqlModeration

    engine = make_engine(url)
    run_migrations(engine)
    storage = SqlStorage(engine)
    try:
        return asyncio.run(work(SqlModeration(storage)))
    except ServiceError as error:
        typer.echo(f"admin: {error.message}", err=True)
        raise typer.Exit(1) from None
    finally:
        storage.close()


@admin_app.command("moderator")
def moderator_command(
    name: Annotated[str, typer.Argument(help="The account's name.")],
    revoke: Annotated[bool, typer.Option("--revoke", help="Take the role away.")] = False,
    data_dir: DataDir = None,
) -> None:
    """Give NAME the moderator role (or take it away with --revoke)."""
    role = "player" if revoke else "moderator"
    _run(data_dir, lambda moderation: moderation.set_role(name, role))
    typer.echo(f"{name} is {'no longer a moderator' if revoke else 'a moderator'}")


@admin_app.command("close")
def close_command(
    name: Annotated[str, typer.Argument(help="The account's name.")],
    reason: Annotated[str, typer.Option("--reason", help="Why (kept in the audit log).")],
    data_dir: DataDir = None,
) -> None:
    """Close NAME's account: no sign-in, off every public list, games kept under closed#ID.
    A running server signs its sessions out at their next request."""
    now = datetime.now(UTC)
    user_id = _run(
        data_dir, lambda moderation: moderation.act_on_account(name, ModAction.CLOSE, reason, now)
    )
    typer.echo(f"closed {name} (account {user_id})")


@admin_app.command("reports")
def reports_command(
    status: Annotated[
        ReportStatus, typer.Option("--status", help="Which reports.")
    ] = ReportStatus.OPEN,
    data_dir: DataDir = None,
) -> None:
    """List reports (open ones by default), oldest first."""
    found: list[Report] = _run(data_dir, lambda moderation: moderation.reports(status))
    if not found:
        typer.echo(f"no {status.value} reports")
        return
    table = Table("id", "when", "reporter", "player", "reason", "table", "text")
    for report in found:
        table.add_row(
            str(report.id),
            report.created_at.strftime("%Y-%m-%d %H:%M"),
            report.reporter,
            report.user,
            report.reason.value,
            "" if report.table_id is None else str(report.table_id),
            report.text,
        )
    Console().print(table)
