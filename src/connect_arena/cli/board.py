"""``connect-arena board``: look at and check Connect 5 boards (shipped ones or your own)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from connect_arena.cli.common import CliError, stdout_console, user_errors
from connect_arena.games.connect5 import (
    BoardError,
    board_to_svg,
    load_board,
    read_board_file,
    render_board,
)
from connect_arena.games.connect5.boards import board_stats

board_app = typer.Typer(
    help="Connect 5 boards: draw a board to check it by eye, or validate a board file.",
    no_args_is_help=True,
)

PNG_WIDTH = 1200
"""Width in pixels of ``--png`` images."""


@board_app.command("show")
def show_command(
    board: Annotated[str, typer.Argument(help="basic, advanced, t1, or a .toml board file.")],
    svg: Annotated[Path | None, typer.Option("--svg", help="Write the board as SVG here.")] = None,
    png: Annotated[Path | None, typer.Option("--png", help="Write the board as PNG here.")] = None,
) -> None:
    """Draw a board: dots, circled dots, junctions, lines and dot ids."""
    with user_errors():
        loaded = load_board(board)
        console = stdout_console()
        if svg is None and png is None:
            console.print(render_board(loaded))
            return
        picture = board_to_svg(loaded)
        if svg is not None:
            _write(svg, picture.encode("utf-8"))
            console.print(f"SVG written to {escape(str(svg))}")
        if png is not None:
            _write(png, svg_to_png(picture))
            console.print(f"PNG written to {escape(str(png))}")


@board_app.command("check")
def check_command(
    file: Annotated[Path, typer.Argument(help="The board file (.toml) to validate.")],
) -> None:
    """Validate a board file; list every problem with its element and line."""
    console = stdout_console()
    try:
        board = read_board_file(file)
    except BoardError as error:
        console.print(f"[bold red]{escape(str(file))} is not a valid board:[/]")
        for problem in error.problems:
            console.print(f"  [red]•[/] {escape(str(problem))}")
        raise typer.Exit(1) from None
    stats = board_stats(board)
    summary = (
        f"{stats['dots']} dots ({stats['circled']} circled), {stats['junctions']} junctions, "
        f"{stats['segments']} lines, {stats['connect5_paths']} Connect-5 paths"
    )
    console.print(f"[green]{escape(str(file))} is a valid board[/]: {summary}")


def svg_to_png(svg: str) -> bytes:
    """Rasterise an SVG document with resvg (no system library needed).

    Raises:
        CliError: resvg could not render it.
    """
    import resvg_py

    try:
        return bytes(resvg_py.svg_to_bytes(svg_string=svg, width=PNG_WIDTH))
    except ValueError as error:
        raise CliError(f"cannot render the board as PNG: {error}") from None


def _write(path: Path, data: bytes) -> None:
    try:
        path.write_bytes(data)
    except OSError as error:
        raise CliError(f"cannot write {path}: {error.strerror}") from None
