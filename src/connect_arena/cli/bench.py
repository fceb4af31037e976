"""``connect-arena bench``: engine and search speed of every game (or one), as one table.

The measurements are in :mod:`connect_arena.agents.bench`; ``benchmarks/bench_<game>.py`` hold
the finer, game-specific figures.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

from connect_arena.agents.bench import BenchResult, bench_game
from connect_arena.cli.common import (
    CliError,
    OptionsArg,
    load_game,
    stderr_console,
    stdout_console,
    user_errors,
)
from connect_arena.core import Game, game_names


def games_to_bench(name: str | None, players: int | None, options: list[str]) -> list[Game]:
    """The game ``name`` with ``players`` and ``options``, or every registered game with its
    defaults.

    Raises:
        CliError: ``--players`` or ``--option`` without a game.
        GameError: unknown game, bad option or bad player count.
    """
    if name is not None:
        return [load_game(name, players, options)]
    if players is not None or options:
        raise CliError("--players and --option need a GAME")
    return [load_game(game, None, []) for game in game_names()]


def run_benches(games: list[Game], seconds: float, max_rollout: int) -> list[BenchResult]:
    """Measure each game, with a progress bar on stderr (shown only on a terminal)."""
    console = stderr_console()
    results = []
    with Progress(console=console, disable=not console.is_terminal, transient=True) as progress:
        task = progress.add_task("bench", total=len(games))
        for game in games:
            progress.update(task, description=game.name)
            results.append(bench_game(game, seconds, max_rollout))
            progress.advance(task)
    return results


def bench_table(results: list[BenchResult], seconds: float) -> Table:
    """One row per game."""
    table = Table(
        title=f"Speed on one core ({seconds:g} s per measurement)",
        title_justify="left",
        caption="playout/s: random-playout actions per second; length: mean actions per random "
        "game; legal µs, p95 µs: a legal_actions call (caches cleared) on positions of random "
        "games; actions: mean legal actions there; MCTS/s: simulations per second, the game's "
        f"rollout policy, rollouts of at most {results[0].max_rollout} actions",
    )
    table.add_column("game", no_wrap=True)
    for column in ("seats", "playout/s", "length", "legal µs", "p95 µs", "actions", "MCTS/s"):
        table.add_column(column, justify="right")
    for result in results:
        length = f"{result.mean_length:,.0f}" if result.playout_games else "-"
        table.add_row(
            escape(result.game),
            str(result.players),
            f"{result.playout_actions_per_s:,.0f}",
            length,
            f"{result.legal_mean_us:,.1f}",
            f"{result.legal_p95_us:,.1f}",
            f"{result.mean_branching:,.1f}",
            f"{result.mcts_sims_per_s:,.0f}",
        )
    return table


def bench_command(
    game: Annotated[
        str | None,
        typer.Argument(metavar="[GAME]", help="The game to measure (default: every game)."),
    ] = None,
    seconds: Annotated[
        float, typer.Option(min=0.001, help="Seconds per measurement (three per game).")
    ] = 1.0,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Seats (with GAME).", show_default="the default"),
    ] = None,
    option: OptionsArg = None,
    max_rollout: Annotated[int, typer.Option(min=1, help="MCTS rollout cap, in actions.")] = 200,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the figures as one JSON list.")
    ] = False,
) -> None:
    """Measure random-playout speed, legal-action generation time and MCTS simulations per
    second, for every registered game or one (one core; figures vary from run to run)."""
    with user_errors():
        games = games_to_bench(game, players, option or [])
        results = run_benches(games, seconds, max_rollout)
    if as_json:
        typer.echo(json.dumps([result.to_json() for result in results]))
    else:
        stdout_console().print(bench_table(results, seconds))
