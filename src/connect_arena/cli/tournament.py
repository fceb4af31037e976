"""``connect-arena tournament``: agents play every lineup in every seat order (``--format
all-orders``, the default; ratings with 95% intervals, a table, a JSON file and a plot), or a
Swiss, arena or round-robin event (``--format swiss|arena|round-robin``; standings with
tie-breaks, a table and a JSON file).

The schedule, paired seeds and teams are described in :mod:`connect_arena.agents.tournament`,
the ratings in :mod:`connect_arena.agents.tournament_ratings`, the events in
:mod:`connect_arena.agents.pairing` (see ``docs/tournaments.md``).
"""

from __future__ import annotations

import json
import math
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
from connect_arena.agents.pairing import Standing as EventStanding
from connect_arena.agents.pairing import standings as event_standings
from connect_arena.agents.pairing.offline import (
    ACTION_SECONDS,
    Event,
    TableGame,
    plan_event,
    run_event,
)
from connect_arena.agents.tournament import (
    GameResult,
    Standing,
    Tournament,
    game_json,
    plan,
    run,
    standings,
)
from connect_arena.agents.tournament_ratings import RatingTable, rate
from connect_arena.cli.common import (
    CliError,
    OptionsArg,
    fresh_seed,
    load_game,
    stderr_console,
    stdout_console,
    user_errors,
)
from connect_arena.core import Game, GameError

TOURNAMENT_FORMAT = "connect-arena/tournament@1"
FORMATS = ("all-orders", "swiss", "arena", "round-robin")
"""``all-orders``: every lineup in every seat order (the original format)."""
TIEBREAK_LABELS = {
    "buchholz_cut1": "Bh-1",
    "buchholz": "Bh",
    "sonneborn_berger": "SB",
    "mean_rank": "mean rank",
    "wins": "wins",
    "percentage": "%",
}
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
    format_: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            help="all-orders: every lineup in every seat order, rated; swiss: --rounds rounds, "
            "equal scores meet; arena: paired again as soon as a game ends (--games or "
            "--minutes); round-robin: everyone meets once per cycle (--rounds cycles).",
        ),
    ] = "all-orders",
    games: Annotated[
        int | None,
        typer.Option(
            "--games",
            "-n",
            min=1,
            help="all-orders: rounds, each every lineup in every seat rotation with one seed "
            "(default 10). arena: games started at most (default 3 per agent).",
            show_default=False,
        ),
    ] = None,
    rounds: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="swiss: rounds (default: log2 of the agents, rounded up); round-robin: cycles, "
            "each with the seats swapped or rotated (default 1).",
            show_default=False,
        ),
    ] = None,
    minutes: Annotated[
        float | None,
        typer.Option(
            min=0.1,
            help=f"arena: simulated minutes during which games start (a game lasts "
            f"{ACTION_SECONDS:g} s per action).",
            show_default=False,
        ),
    ] = None,
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
        typer.Option(
            metavar="FILE.png", help="all-orders: plot the ratings with their 95% intervals."
        ),
    ] = None,
    seatings: Annotated[
        str | None,
        typer.Option(
            help="all-orders: rotations: each lineup in its cyclic seat rotations; permutations: "
            "in every seat order (fair neighbours with 3+ seats; 5 agents in 5 seats = 120 "
            "games a round).",
            show_default="rotations",
        ),
    ] = None,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            help="Games played at once, each in its own process (not in an arena).",
        ),
    ] = 1,
) -> None:
    """Play a tournament between agents: rated round-robin in every seat order, or a Swiss,
    arena or round-robin event with standings.

    all-orders (the default): every combination of agents (all agents in fewer seats, or
    agents repeated to fill more) plays in every cyclic rotation of the seats (every seat order
    with --seatings permutations); the games of a round share one seed, so every lineup meets
    the same dice. Ratings: Elo (maximum likelihood, mean 1500) for two players, OpenSkill for
    more players or teams, the mean return for solo games. See docs/agents.md.

    swiss, arena, round-robin: the pairing the server uses; an agent is one side (a pair of
    partners in Connect Pairs); standings with tie-breaks. See docs/tournaments.md.
    """
    with user_errors():
        if format_ not in FORMATS:
            raise CliError(f"unknown format {format_!r} (known: {', '.join(FORMATS)})")
        specs = parse_agents(agents)
        if format_ != "all-orders":
            _check_event_options(format_, games, rounds, minutes, seatings, plot, jobs)
            _run_event(
                game, players, option or [], format_, specs, games, rounds, minutes, seed, out, jobs
            )
            return
        if rounds is not None or minutes is not None:
            raise CliError("--rounds and --minutes are for --format swiss, arena, round-robin")
        loaded = load_game(game, players, option or [], ai_only=True)
        tournament = _plan(loaded, specs, games or 10, seed, seatings or "rotations")
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


# ----- Swiss, arena and round-robin events -------------------------------------------------------


def _check_event_options(
    system: str,
    games: int | None,
    rounds: int | None,
    minutes: float | None,
    seatings: str | None,
    plot: Path | None,
    jobs: int,
) -> None:
    """Refuse options that do not apply to ``system``.

    Raises:
        CliError: naming the option.
    """
    if seatings is not None:
        raise CliError("--seatings is for --format all-orders (events balance the seats)")
    if plot is not None:
        raise CliError("--plot is for --format all-orders (events have standings, not ratings)")
    if system == "arena":
        if rounds is not None:
            raise CliError("an arena has no rounds: give --games or --minutes")
        if jobs > 1:
            raise CliError("an arena plays one game at a time: --jobs is for swiss, round-robin")
    else:
        if games is not None:
            raise CliError(f"--games is for arena and all-orders; {system} takes --rounds")
        if minutes is not None:
            raise CliError("--minutes is for --format arena")


def event_games(
    name: str, players: int | None, options: Sequence[str], swiss: bool
) -> dict[int, Game]:
    """The game per table size in sides: the chosen one, and for a Swiss also every smaller
    player count of the game with two sides or more (so a field that does not divide sits at
    smaller tables rather than taking byes).

    Raises:
        GameError: unknown game, bad option or player count.
    """
    chosen = load_game(name, players, options, ai_only=True)
    found = {len(chosen.teams()): chosen}
    if not swiss or len(chosen.teams()) == 2:
        return found
    for count in chosen.game_type.player_counts:
        if count >= chosen.num_players:
            continue
        try:
            smaller = load_game(name, count, options, ai_only=True)
        except GameError:
            continue
        sides = len(smaller.teams())
        if sides >= 2:
            found.setdefault(sides, smaller)
    return found


def _run_event(
    name: str,
    players: int | None,
    options: Sequence[str],
    system: str,
    specs: list[str],
    games: int | None,
    rounds: int | None,
    minutes: float | None,
    seed: int | None,
    out: Path | None,
    jobs: int,
) -> None:
    tables = event_games(name, players, options, system == "swiss")
    size = max(tables)
    if rounds is None:
        rounds = max(1, math.ceil(math.log2(len(specs)))) if system == "swiss" else 1
    if system == "arena" and games is None and minutes is None:
        games = 3 * len(specs)
    try:
        event = plan_event(
            system,
            tables,
            specs,
            fresh_seed() if seed is None else seed,
            rounds=rounds,
            max_games=games,
            minutes=minutes,
        )
    except ValueError as error:
        raise CliError(str(error)) from None
    console = stderr_console()
    started = time.perf_counter()
    with Progress(console=console, disable=not console.is_terminal, transient=True) as progress:
        task = progress.add_task(f"{tables[size].name} {system}", total=None)
        run_event(event, make_agent, on_game=lambda _: progress.advance(task), jobs=jobs)
    seconds = time.perf_counter() - started
    rows = event_standings(event.entrants, event.results(), event.byes, system)
    stdout_console().print(standings_table(event, rows))
    stdout_console().print(
        f"{len(event.played)} game(s), {_extent(event)}; seed {event.seed}; {seconds:.2f} s"
    )
    if out is not None:
        _write_json(out, event_json(event, rows, seconds))


def _extent(event: Event) -> str:
    if event.system == "arena":
        last = max((game.end for game in event.played), default=0.0)
        return f"{last / 60:.1f} simulated minute(s)"
    played = len({game.round for game in event.played} | {bye.round for bye in event.byes})
    return f"{played} round(s)"


def standings_table(event: Event, rows: Sequence[EventStanding]) -> Table:
    """Place, agent, score (arena: points), games won, drawn and lost, byes, and each
    tie-break in the order it is applied."""
    game = event.games[event.size]
    title = f"{game.name}: {event.system}, {len(event.names)} agents, {event.size} sides a table"
    names = [name for name, _ in rows[0].tiebreaks] if rows else []
    caption = "tie-breaks in order: " + ", ".join(TIEBREAK_LABELS[n] for n in names)
    out = Table(title=title, title_justify="left", caption=caption)
    out.add_column("#", justify="right")
    out.add_column("agent", no_wrap=True)
    out.add_column("points" if event.system == "arena" else "score", justify="right")
    for column in ("games", "won", "drawn", "lost", "byes"):
        out.add_column(column, justify="right")
    for name in names:
        out.add_column(TIEBREAK_LABELS[name], justify="right")
    for row in rows:
        out.add_row(
            str(row.place),
            escape(row.id),
            f"{row.score:g}",
            *(str(n) for n in (row.games, row.wins, row.draws, row.losses, row.byes)),
            *(f"{value:.2f}" for _, value in row.tiebreaks),
        )
    return out


def _game_json(event: Event, game: TableGame) -> dict[str, Any]:
    return {
        "round": game.round,
        "table": game.table,
        "seed": game.seed,
        "sides": list(game.sides),
        "agents": [event.names[entrant] for entrant in game.lineup],
        "specs": [event.specs[entrant] for entrant in game.lineup],
        "returns": list(game.returns),
        "ranks": list(game.ranks),
        "length": game.length,
        **({"start": game.start, "end": game.end} if event.system == "arena" else {}),
    }


def event_json(event: Event, rows: Sequence[EventStanding], seconds: float) -> dict[str, Any]:
    """The ``--out`` document of a Swiss, arena or round-robin event."""
    game = event.games[event.size]
    spec_of = dict(zip(event.names, event.specs, strict=True))
    return {
        "format": TOURNAMENT_FORMAT,
        "system": event.system,
        "game": game.name,
        "options": dict(game.options),
        "players": game.num_players,
        "sides": event.size,
        "table_players": {str(k): g.num_players for k, g in sorted(event.games.items())},
        "seed": event.seed,
        "rounds": event.rounds if event.system != "arena" else None,
        "max_games": event.max_games,
        "minutes": event.minutes,
        "agents": [
            {"name": name, "spec": spec}
            for name, spec in zip(event.names, event.specs, strict=True)
        ],
        "teams": [list(team) for team in game.teams()],
        "tiebreaks": [name for name, _ in rows[0].tiebreaks] if rows else [],
        "standings": [
            {
                "place": row.place,
                "agent": row.id,
                "spec": spec_of[row.id],
                "score": row.score,
                "games": row.games,
                "wins": row.wins,
                "draws": row.draws,
                "losses": row.losses,
                "byes": row.byes,
                "tiebreaks": dict(row.tiebreaks),
            }
            for row in rows
        ],
        "byes": [
            {"round": bye.round, "agent": bye.entrant, "points": bye.points} for bye in event.byes
        ],
        "games": [_game_json(event, played) for played in event.played],
        "seconds": seconds,
    }


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
