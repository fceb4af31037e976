"""The Typer application behind the ``connect-arena`` console script."""

from __future__ import annotations

from typing import Annotated

import typer

from connect_arena import __version__
from connect_arena.cli.admin import admin_app
from connect_arena.cli.analyse import analyse_command
from connect_arena.cli.backup import backup_command, restore_command
from connect_arena.cli.bench import bench_command
from connect_arena.cli.board import board_app
from connect_arena.cli.listing import games_command
from connect_arena.cli.perft import perft_command
from connect_arena.cli.play import play_command
from connect_arena.cli.puzzles import puzzles_app
from connect_arena.cli.replay import replay_command
from connect_arena.cli.serve import serve_command
from connect_arena.cli.simulate import simulate_command
from connect_arena.cli.tournament import tournament_command

app = typer.Typer(
    name="connect-arena",
    help="Play the Connect family of board games in the terminal, replay records, "
    "check move generators and pit agents against each other.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="markdown",
    pretty_exceptions_show_locals=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"connect-arena {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_show_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """Play the Connect family of board games in the terminal, replay records, check move
    generators and pit agents against each other."""


app.command("games")(games_command)
app.command("play")(play_command)
app.command("replay")(replay_command)
app.command("analyse")(analyse_command)
app.command("perft")(perft_command)
app.command("simulate")(simulate_command)
app.command("tournament")(tournament_command)
app.command("bench")(bench_command)
app.add_typer(board_app, name="board")
app.command("serve")(serve_command)
app.command("backup")(backup_command)
app.command("restore")(restore_command)
app.add_typer(admin_app, name="admin")
app.add_typer(puzzles_app, name="puzzles")


def main() -> None:
    """Run the command line (the ``connect-arena`` console script)."""
    app()


if __name__ == "__main__":
    main()
