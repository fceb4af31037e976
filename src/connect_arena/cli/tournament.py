"""``connect-arena tournament``: agents play every lineup in every seat order; ratings with
95% intervals, a table, a JSON file and a plot.

The schedule, paired seeds and teams are described in :mod:`connect_arena.agents.tournament`,
the ratings in :mod:`connect_arena.agents.ratings`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

from connect_arena.agents import make_agent
from connect_arena.agents.levels import normalise_spec
from connect_arena.agents.ratings import RatingTable, rate
from connect_arena.agents.tournament import (
    GameResult,
    Standing,
    Tournament,
    game_json,
    plan,
    run,
    standings,
)
from connect_arena.cli.common import (
    CliError,
    OptionsArg,
    fresh_seed,
    load_game,
    stderr_console,
    stdout_console,
    user_errors,
)
from connect_arena.core import Game

TOURNAMENT_FORMAT = "connect-arena/tournament@1"
METHOD_LABELS = {"elo": "Elo", "openskill": "OpenSkill μ", "score": "mean return"}
"""How each rating method is named in the table and the plot."""


def parse_agents(text: str) -> list[str]:
    """Split ``--agents`` and check that every spec builds an agent.

    Raises:
        CliError: an empty entry, fewer than two agents, or an unknown agent.
    """
    specs = [normalise_spec(entry) for entry in text.split(",")]
    if any(not spec for spec in specs):
        raise CliError(f"empty entry in the agent list {text!r}")
    if len(specs) < 2:
        raise CliError("a tournament needs at least two agents (e.g. --agents random,random)")
    for spec in specs:
        if spec == "human":
            raise CliError("'human' cannot play in a tournament: only computer agents can")
        try:
            make_agent(spec, 0)
        except ValueError as error:
            raise CliError(str(error)) from None
    return specs


def play_all(tournament: Tournament, jobs: int = 1) -> list[GameResult]:
    """Play every game (``jobs`` at once) with a progress bar on stderr (only on a terminal)."""
    console = stderr_console()
    with Progress(console=console, disable=not console.is_terminal, transient=True) as progress:
        task = progress.add_task(tournament.game.name, total=tournament.total_games)
        return run(tournament, make_agent, on_game=lambda _: progress.advance(task), jobs=jobs)


def results_table(tournament: Tournament, table: Sequence[Standing], ratings: RatingTable) -> Table:
    """One row per agent, best rating first: games (seats played), games won, drawn and lost,
    mean return, mean rank, the rating ± the half-width of its 95% interval, and the mean and
    longest thinking time per decision."""
    games = tournament.total_games
    seats = tournament.game.num_players
    title = f"{tournament.game.name}: {games} games, {seats} seat{'s' if seats != 1 else ''}"
    out = Table(title=title, title_justify="left", caption=ratings.description)
    out.add_column("agent", no_wrap=True)
    for column in ("games", "won", "drawn", "lost", "return", "rank"):
        out.add_column(column, justify="right")
    out.add_column(f"{METHOD_LABELS[ratings.method]} ± 95%", justify="right", no_wrap=True)
    out.add_column("s/move", justify="right")
    out.add_column("max s", justify="right")
    counted = ratings.method != "score"
    order = sorted(range(len(table)), key=lambda i: -ratings.ratings[i].value)
    for i in order:
        entry, rating = table[i], ratings.ratings[i]
        outcomes = [str(n) if counted else "-" for n in (entry.wins, entry.draws, entry.losses)]
        half_width = (rating.high - rating.low) / 2
        out.add_row(
            escape(entry.name),
            str(entry.games),
            *outcomes,
            f"{entry.mean_return:.3f}",
            f"{entry.mean_rank:.2f}",
            f"{rating.value:.1f} ± {half_width:.1f}",
            f"{entry.seconds_per_move:.3f}",
            f"{entry.slowest:.3f}",
        )
    return out


def summary_rows(table: Sequence[Standing], ratings: RatingTable) -> list[dict[str, Any]]:
    """The per-agent summary for the JSON document, in agent order."""
    return [
        {
            "agent": entry.name,
            "spec": entry.spec,
            "games": entry.games,
            "wins": entry.wins,
            "draws": entry.draws,
            "losses": entry.losses,
            "mean_return": entry.mean_return,
            "mean_rank": entry.mean_rank,
            "rating": rating.value,
            "rating_low": rating.low,
            "rating_high": rating.high,
            "moves": entry.moves,
            "seconds_per_move": entry.seconds_per_move,
            "max_seconds_per_move": entry.slowest,
        }
        for entry, rating in zip(table, ratings.ratings, strict=True)
    ]


def tournament_json(
    tournament: Tournament,
    results: Sequence[GameResult],
    ratings: RatingTable,
    seconds: float,
) -> dict[str, Any]:
    """The ``--out`` document: the plan, the summary and every game."""
    game = tournament.game
    return {
        "format": TOURNAMENT_FORMAT,
        "game": game.name,
        "options": dict(game.options),
        "players": game.num_players,
        "seed": tournament.seed,
        "rounds": tournament.rounds,
        "agents": [
            {"name": name, "spec": spec}
            for name, spec in zip(tournament.names, tournament.specs, strict=True)
        ],
        "teams": [list(team) for team in tournament.teams],
        "seatings": tournament.seatings,
        "schedule": [list(lineup) for lineup in tournament.schedule],
        "rating": {"method": ratings.method, "description": ratings.description},
        "summary": summary_rows(standings(tournament, results), ratings),
        "games": [game_json(tournament, result) for result in results],
        "seconds": seconds,
    }


def write_plot(path: Path, tournament: Tournament, ratings: RatingTable) -> None:
    """Save the ratings with their 95% intervals as a horizontal error-bar chart (PNG).

    Raises:
        CliError: the file cannot be written.
    """
    from matplotlib.figure import Figure  # slow to import: only for --plot

    order = sorted(range(len(tournament.names)), key=lambda i: ratings.ratings[i].value)
    values = [ratings.ratings[i].value for i in order]
    below = [ratings.ratings[i].value - ratings.ratings[i].low for i in order]
    above = [ratings.ratings[i].high - ratings.ratings[i].value for i in order]
    figure = Figure(figsize=(7, 1.2 + 0.45 * len(order)), layout="constrained")
    axes = figure.subplots()
    axes.errorbar(values, range(len(order)), xerr=[below, above], fmt="o", capsize=4)
    axes.set_yticks(range(len(order)), [tournament.names[i] for i in order])
    axes.set_xlabel(f"{METHOD_LABELS[ratings.method]} (95% interval)")
    axes.set_title(f"{tournament.game.name}: {tournament.total_games} games", loc="left")
    axes.grid(axis="x", alpha=0.3)
    try:
        figure.savefig(path, format="png", dpi=100)
    except OSError as error:
        raise CliError(f"cannot write {path}: {error.strerror}") from None


def _write_json(path: Path, data: dict[str, Any]) -> None:
    try:
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    except OSError as error:
        raise CliError(f"cannot write {path}: {error.strerror}") from None


def _plan(game: Game, specs: list[str], rounds: int, seed: int | None, seatings: str) -> Tournament:
    try:
        return plan(game, specs, rounds, fresh_seed() if seed is None else seed, seatings)
    except ValueError as error:
        raise CliError(str(error)) from None


def tournament_command(
    game: Annotated[
        str, typer.Argument(metavar="GAME", help="The game to play (see connect-arena games).")
    ],
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            metavar="LIST",
            help="Agent specs, comma-separated (two or more); engine:COMMAND seats an "
            "external program (docs/engine-protocol.md).",
        ),
    ],
    games: Annotated[
        int,
        typer.Option(
            "--games",
            "-n",
            min=1,
            help="Rounds: each round plays every lineup in every seat rotation, with one seed.",
        ),
    ] = 10,
    seed: Annotated[int | None, typer.Option(help="Seed of the tournament.")] = None,
    option: OptionsArg = None,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Seats per game.", show_default="the game's default"),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(metavar="FILE.json", help="Write the summary and every game as JSON."),
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option(metavar="FILE.png", help="Plot the ratings with their 95% intervals."),
    ] = None,
    seatings: Annotated[
        str,
        typer.Option(
            help="rotations: each lineup in its cyclic seat rotations; permutations: in every "
            "seat order (fair neighbours with 3+ seats; 5 agents in 5 seats = 120 games a round).",
        ),
    ] = "rotations",
    jobs: Annotated[
        int,
        typer.Option("--jobs", "-j", min=1, help="Games played at once, each in its own process."),
    ] = 1,
) -> None:
    """Play a round-robin tournament between agents and rate them.

    Every combination of agents (all agents in fewer seats, or agents repeated to fill more)
    plays in every cyclic rotation of the seats (every seat order with --seatings
    permutations); the games of a round share one seed, so every
    lineup meets the same dice. Ratings: Elo (maximum likelihood, mean 1500) for two players,
    OpenSkill for more players or teams, the mean return for solo games. See docs/agents.md.
    """
    with user_errors():
        loaded = load_game(game, players, option or [], ai_only=True)
        tournament = _plan(loaded, parse_agents(agents), games, seed, seatings)
        started = time.perf_counter()
        results = play_all(tournament, jobs)
        seconds = time.perf_counter() - started
        try:
            ratings = rate(tournament, results)
        except ValueError as error:
            raise CliError(f"cannot rate the agents: {error}") from None
        report(tournament, results, ratings, seconds)
        if out is not None:
            _write_json(out, tournament_json(tournament, results, ratings, seconds))
        if plot is not None:
            write_plot(plot, tournament, ratings)


def report(
    tournament: Tournament, results: Sequence[GameResult], ratings: RatingTable, seconds: float
) -> None:
    """Print the results table, the schedule and the seed."""
    console = stdout_console()
    console.print(results_table(tournament, standings(tournament, results), ratings))
    rounds, lineups = tournament.rounds, len(tournament.schedule)
    rate_text = f"{len(results) / max(seconds, 1e-9):,.1f} games/s"
    console.print(
        f"{rounds} round(s) × {lineups} lineup(s); seed {tournament.seed}; "
        f"{seconds:.2f} s ({rate_text})"
    )
