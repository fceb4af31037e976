"""``connect-arena serve``: the web server (FastAPI on uvicorn).

The command only configures and starts uvicorn; the application is built by
``connect_arena.server.app:create_app`` (uvicorn imports it by name, as a factory), which reads
the ``CONNECT_ARENA_*`` environment variables set here.
"""

from __future__ import annotations

import enum
import os
from pathlib import Path
from typing import Annotated

import typer


class LogFormat(enum.StrEnum):
    """How the server writes its log."""

    TEXT = "text"
    JSON = "json"


APP_FACTORY = "connect_arena.server.app:create_app"
WS_MAX_SIZE = 64 * 1024
"""Largest WebSocket frame uvicorn accepts (the table handler refuses more than 16 KiB with a
clear error; frames over this close the connection with 1009)."""

WS_PER_MESSAGE_DEFLATE = False
"""Whether the server accepts WebSocket compression (permessage-deflate), which every browser
offers. Off: deflating a move's ``event`` message (~2.2 kB) cost ~60-70 µs of CPU per socket
against ~4 µs to frame it plain (``benchmarks/results/server_profile/s10_deflate_send.py``),
for two or more sockets a move and an inflate of each incoming frame, on a server whose whole
move costs ~0.5 ms; and each compressed socket kept ~45 kB of zlib state. The price is ~4x the
bytes on the wire: ~2.2 kB a message instead of ~0.6 kB (issue 25)."""


def default_data_dir() -> Path:
    """Where the data live unless ``--data-dir`` says: ``$XDG_DATA_HOME/connect-arena``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "connect-arena"


def arena_database_url(data_dir: Path | None) -> str | None:
    """The URL of an existing arena database: ``CONNECT_ARENA_DATABASE_URL`` when set, else
    the SQLite file of ``data_dir`` (default :func:`default_data_dir`) if it exists, else
    ``None``."""
    url = os.environ.get("CONNECT_ARENA_DATABASE_URL")
    if url:
        return url
    directory = (data_dir or default_data_dir()).expanduser().resolve()
    if not (directory / "arena.sqlite3").exists():
        return None
    return f"sqlite:///{directory / 'arena.sqlite3'}"


def check_shared_state() -> None:
    """Refuse several processes without a shared database and Redis: each would otherwise
    keep tables of its own.

    Raises:
        typer.BadParameter: ``CONNECT_ARENA_REDIS_URL`` is unset, or the database is SQLite.
    """
    database = os.environ.get("CONNECT_ARENA_DATABASE_URL", "")
    if not os.environ.get("CONNECT_ARENA_REDIS_URL"):
        raise typer.BadParameter(
            "several processes share tables through Redis: set CONNECT_ARENA_REDIS_URL "
            "(e.g. redis://127.0.0.1:6379/0); see docs/scaling.md",
            param_hint="--workers",
        )
    if not database or database.startswith("sqlite"):
        raise typer.BadParameter(
            "several processes need a shared database server: set CONNECT_ARENA_DATABASE_URL "
            "to PostgreSQL (postgresql://user:password@host/db); see docs/scaling.md",
            param_hint="--workers",
        )


def pin_to(cpu: int, workers: int = 1) -> None:
    """Run this process, and the threads it starts from now on, on ``cpu`` only; its computer
    players' processes run on the other CPUs it could use (``cpu`` too on a machine of one),
    through ``COMPUTER_CPUS_ENV``, which each worker reads as it starts: they would otherwise
    inherit ``cpu`` alone. A process whose threads share one core spends less CPU a move: at
    500 SQLite tables its database thread cost 15 % less and the whole server ~4 % less, the
    p99 fell from 31-38 to 23-24 ms (issue 25, session 54).

    Raises:
        typer.BadParameter: not on Linux, several ``workers`` (each would be on ``cpu``), or a
            CPU this process may not use.
    """
    from connect_arena.service.computer import COMPUTER_CPUS_ENV

    if not hasattr(os, "sched_setaffinity"):
        raise typer.BadParameter("pinning to a CPU needs Linux", param_hint="--cpu")
    if workers > 1:
        raise typer.BadParameter(
            "one process per CPU: start one serve --cpu N for each", param_hint="--cpu"
        )
    allowed = os.sched_getaffinity(0)
    if cpu not in allowed:
        usable = ",".join(map(str, sorted(allowed)))
        raise typer.BadParameter(f"CPU {cpu} is not one of {usable}", param_hint="--cpu")
    others = sorted(allowed - {cpu}) or [cpu]
    os.environ[COMPUTER_CPUS_ENV] = ",".join(map(str, others))
    os.sched_setaffinity(0, {cpu})


def _redacted(url: str) -> str:
    """``url`` without its user and password (``postgresql://u:pw@h/db`` -> ``postgresql://h/db``),
    for printing."""
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.rpartition('@')[2]}" if rest else url


def _redacted_redis() -> str:
    return _redacted(os.environ.get("CONNECT_ARENA_REDIS_URL", ""))


def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    data_dir: Annotated[
        Path | None,
        typer.Option(
            "--data-dir",
            help="Where the SQLite database and the session key live "
            "(default: ~/.local/share/connect-arena). With CONNECT_ARENA_DATABASE_URL set, "
            "the database is that one instead (e.g. PostgreSQL).",
        ),
    ] = None,
    computer_workers: Annotated[
        int, typer.Option("--computer-workers", help="Processes for computer players.")
    ] = 1,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            min=1,
            help="Server processes sharing the port (uvicorn workers). More than one needs "
            "CONNECT_ARENA_DATABASE_URL (PostgreSQL) and CONNECT_ARENA_REDIS_URL "
            "(docs/scaling.md).",
        ),
    ] = 1,
    log_level: Annotated[str, typer.Option(help="uvicorn's log level.")] = "info",
    log_format: Annotated[
        LogFormat,
        typer.Option(
            "--log-format",
            help="'text' (readable lines) or 'json' (one JSON object a line, for log "
            "collectors; docs/operations.md).",
        ),
    ] = LogFormat.TEXT,
    allowed_hosts: Annotated[
        str | None,
        typer.Option(
            "--allowed-hosts",
            help="Host names the server answers to, comma-separated (default: localhost, "
            "127.0.0.1, ::1; env CONNECT_ARENA_ALLOWED_HOSTS). Add the name or address other "
            "machines use to reach it; '*' allows any.",
        ),
    ] = None,
    cpu: Annotated[
        int | None,
        typer.Option(
            "--cpu",
            min=0,
            help="Run the server's process on this CPU only (Linux), its computer players on "
            "every other CPU it may use: a server's threads on one core cost less CPU a move "
            "(docs/operations.md). One process only; for several, one serve per CPU.",
        ),
    ] = None,
) -> None:
    """Start the web server: sign up, open tables, play in the browser, replay games."""
    import uvicorn

    if workers > 1:
        check_shared_state()
    if cpu is not None:
        pin_to(cpu, workers)
    directory = (data_dir or default_data_dir()).expanduser().resolve()
    os.environ["CONNECT_ARENA_DATA_DIR"] = str(directory)
    os.environ.setdefault("CONNECT_ARENA_COMPUTER_WORKERS", str(computer_workers))
    if allowed_hosts is not None:
        os.environ["CONNECT_ARENA_ALLOWED_HOSTS"] = allowed_hosts
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    os.environ.setdefault("CONNECT_ARENA_PUBLIC_URL", f"http://{shown}:{port}")  # mail links
    url = os.environ.get("CONNECT_ARENA_DATABASE_URL")
    database = _redacted(url) if url else f"SQLite in {directory}"
    typer.echo(f"Connect Arena: open http://{shown}:{port}/ in your browser")
    typer.echo(f"data: {database}  (Ctrl+C stops the server)")
    if host not in ("127.0.0.1", "localhost", "::1") and not os.environ.get(
        "CONNECT_ARENA_ALLOWED_HOSTS"
    ):
        typer.echo("other machines: add the name they use with --allowed-hosts NAME[,NAME]")
    if workers > 1:
        typer.echo(f"{workers} processes, sharing Redis at {_redacted_redis()}")
    from connect_arena.server.http_protocol import PROTOCOL as HTTP_PROTOCOL
    from connect_arena.server.operations import json_log_config, text_log_config

    log_config = json_log_config(log_level) if log_format is LogFormat.JSON else text_log_config()
    uvicorn.run(
        APP_FACTORY,
        factory=True,
        host=host,
        port=port,
        workers=workers,
        http=HTTP_PROTOCOL,
        ws_max_size=WS_MAX_SIZE,
        ws_per_message_deflate=WS_PER_MESSAGE_DEFLATE,
        log_level=log_level,
        proxy_headers=False,
        log_config=log_config,
    )
