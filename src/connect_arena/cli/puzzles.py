"""``connect-arena puzzles``: mine proven puzzles from self-play, re-prove and export them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from connect_arena.agents.puzzles.miner import (
    DEFAULT_AGENTS,
    PUZZLE_FORMAT,
    mine,
    verify,
)
from connect_arena.agents.puzzles.solver import DEFAULT_BUDGET
from connect_arena.cli.common import CliError, stderr_console, stdout_console, user_errors
from connect_arena.core.errors import InvalidRecordError

puzzles_app = typer.Typer(
    help="Puzzles: mine proven positions from self-play, verify a file, export it.",
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
) -> None:
    """Play self-play games from a seed and keep the positions with a unique proven answer."""
    with user_errors():
        agents = tuple(agent) if agent else DEFAULT_AGENTS
        if len(agents) != 2:
            raise CliError("give --agent twice (seat 0, seat 1) or not at all")
        errors = stderr_console()
        try:
            puzzles = mine(
                game,
                seed,
                games,
                agents,
                max_turns=max_turns,
                budget=budget,
                scan=scan,
                limit=limit,
                defence=defence,
                progress=lambda done, found: errors.print(f"{done}/{games} games, {found} found"),
            )
        except ValueError as error:
            raise CliError(str(error)) from None
        command = {
            "game": game,
            "seed": seed,
            "games": games,
            "agents": list(agents),
            "max_turns": max_turns,
            "budget": budget,
            "scan": scan,
            "limit": limit,
            "defence": defence,
        }
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
