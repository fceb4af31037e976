"""``connect-arena puzzles``: mine proven puzzles from self-play or the server's finished
games, re-prove and export them."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from connect_arena.agents.puzzles.miner import (
    DEFAULT_AGENTS,
    PUZZLE_FORMAT,
    mine,
    mine_games,
    verify,
)
from connect_arena.agents.puzzles.solver import DEFAULT_BUDGET
from connect_arena.cli.common import CliError, stderr_console, stdout_console, user_errors
from connect_arena.cli.serve import arena_database_url, default_data_dir
from connect_arena.core.errors import GameError, InvalidRecordError
from connect_arena.core.game import Action, State
from connect_arena.core.registry import load
from connect_arena.service.live_table import rebuild
from connect_arena.service.model import LogEntry, TableInfo

puzzles_app = typer.Typer(
    help="Puzzles: mine proven positions from self-play or the server's finished games, "
    "verify a file, export it.",
    no_args_is_help=True,
)


def read_puzzles(path: Path) -> list[dict[str, Any]]:
    """The puzzles of a ``connect-arena/puzzles@1`` file.

    Raises:
        CliError: unreadable file, not JSON, or another format.
    """
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise CliError(f"cannot read {path}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise CliError(f"{path} is not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != PUZZLE_FORMAT:
        raise CliError(f"{path} is not a {PUZZLE_FORMAT} file")
    puzzles = data.get("puzzles")
    if not isinstance(puzzles, list):
        raise CliError(f"{path}: 'puzzles' must be a list")
    return puzzles


def finished_games(
    game: str, count: int, data_dir: Path | None
) -> list[tuple[dict[str, Any], State[Action]]]:
    """The last states of the ``count`` most recently finished tables of ``game`` in the
    server's database that have two seats, each with its source ``{"table": id}``. A table
    whose log no longer replays is left out with a warning.

    Raises:
        CliError: no arena database there, or an unknown game.
    """
    url = arena_database_url(data_dir)
    if url is None:
        directory = (data_dir or default_data_dir()).expanduser().resolve()
        raise CliError(f"no arena database in {directory}")
    name = load(game, 2).name  # an unknown game fails here, before the database is opened
    from connect_arena.server.db import SqlStorage, make_engine

    storage = SqlStorage(make_engine(url))

    async def read() -> list[tuple[TableInfo, list[LogEntry]]]:
        tables = await storage.finished_tables(count, game=name)
        return [(t, await storage.load_actions(t.id)) for t in tables if t.num_players == 2]

    try:
        tables = asyncio.run(read())
    finally:
        storage.close()
    finals: list[tuple[dict[str, Any], State[Action]]] = []
    for info, log in reversed(tables):  # oldest first: a later run finds the same ones first
        try:
            finals.append(({"table": info.id}, rebuild(info, log)))
        except GameError as error:
            stderr_console().print(f"table {info.id} left out: {escape(str(error))}")
    return finals


@puzzles_app.command("mine")
def mine_command(
    game: Annotated[str, typer.Argument(help="The game: quinque, connect5...")],
    out: Annotated[Path, typer.Option("--out", "-o", help="The JSON file to write.")],
    seed: Annotated[int, typer.Option(help="The run's seed (games and agents).")] = 1,
    games: Annotated[int, typer.Option(min=1, help="Self-play games to scan.")] = 100,
    agent: Annotated[
        list[str] | None, typer.Option(help="Agent of seat 0, then seat 1 (twice).")
    ] = None,
    max_turns: Annotated[int, typer.Option(min=1, max=3, help="Largest N of win in N.")] = 2,
    budget: Annotated[int, typer.Option(min=1, help="Nodes per proof.")] = DEFAULT_BUDGET,
    scan: Annotated[int, typer.Option(min=1, help="Turn starts tried per game.")] = 12,
    limit: Annotated[int | None, typer.Option(min=1, help="Stop after this many.")] = None,
    defence: Annotated[
        bool, typer.Option(help="Also try 'stop the opponent's win' puzzles.")
    ] = True,
    from_tables: Annotated[
        bool,
        typer.Option(
            "--from-tables",
            help="Scan the finished two-player games of the server's database (people's and "
            "computers', newest first, --games of them) instead of self-play.",
        ),
    ] = False,
    data_dir: Annotated[
        Path | None,
        typer.Option(
            "--data-dir",
            help="With --from-tables: the server's data directory (default: "
            "~/.local/share/connect-arena); CONNECT_ARENA_DATABASE_URL wins when set.",
        ),
    ] = None,
) -> None:
    """Play self-play games from a seed (or read the server's finished games) and keep the
    positions with a unique proven answer."""
    with user_errors():
        agents = tuple(agent) if agent else DEFAULT_AGENTS
        if len(agents) != 2:
            raise CliError("give --agent twice (seat 0, seat 1) or not at all")
        errors = stderr_console()
        source: dict[str, Any] = {"from_tables": True, "games": games}
        if not from_tables:
            source = {"seed": seed, "games": games, "agents": list(agents)}
        command = {"game": game, **source, "max_turns": max_turns, "budget": budget}
        command |= {"scan": scan, "limit": limit, "defence": defence}
        try:
            finals = finished_games(game, games, data_dir) if from_tables else None
            total = games if finals is None else len(finals)

            def report(done: int, found: int) -> None:
                errors.print(f"{done}/{total} games, {found} found")

            limits: dict[str, Any] = {"max_turns": max_turns, "budget": budget, "scan": scan}
            limits |= {"limit": limit, "defence": defence, "progress": report}
            if finals is None:
                puzzles = mine(game, seed, games, agents, **limits)
            else:
                puzzles = mine_games(game, finals, **limits)
        except ValueError as error:
            raise CliError(str(error)) from None
        document = {"format": PUZZLE_FORMAT, "mined": command, "puzzles": puzzles}
        try:
            out.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", "utf-8")
        except OSError as error:
            raise CliError(f"cannot write {out}: {error.strerror}") from None
        stdout_console().print(f"{len(puzzles)} puzzles written to {escape(str(out))}")


@puzzles_app.command("verify")
def verify_command(
    file: Annotated[Path, typer.Argument(help="A puzzles JSON file.")],
    budget: Annotated[
        int | None, typer.Option(min=1, help="Nodes per proof (default: 2× the stored size).")
    ] = None,
) -> None:
    """Re-prove every puzzle of a file with the solver; exit 1 if any fails."""
    with user_errors():
        puzzles = read_puzzles(file)
        console = stdout_console()
        failed = 0
        for puzzle in puzzles:
            try:
                problem = verify(puzzle, budget)
            except (InvalidRecordError, KeyError, TypeError, ValueError) as error:
                problem = f"malformed: {error}"
            if problem is not None:
                failed += 1
                console.print(f"{escape(str(puzzle.get('id')))}: {escape(problem)}")
        console.print(f"{len(puzzles) - failed}/{len(puzzles)} puzzles verified")
        if failed:
            raise typer.Exit(1)


@puzzles_app.command("export")
def export_command(
    file: Annotated[Path, typer.Argument(help="A puzzles JSON file.")],
    out: Annotated[Path, typer.Option("--out", "-o", help="The JSON lines file to write.")],
) -> None:
    """Export a puzzles file as JSON lines, one puzzle a line."""
    with user_errors():
        puzzles = read_puzzles(file)
        lines = "".join(json.dumps(puzzle, ensure_ascii=False) + "\n" for puzzle in puzzles)
        try:
            out.write_text(lines, "utf-8")
        except OSError as error:
            raise CliError(f"cannot write {out}: {error.strerror}") from None
        stdout_console().print(f"{len(puzzles)} puzzles exported to {escape(str(out))}")
