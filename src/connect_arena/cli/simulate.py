"""``connect-arena simulate``: many seeded agent-vs-agent games, a summary and their records."""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

from connect_arena.agents import Agent, play_game
from connect_arena.agents.base import close_agents
from connect_arena.agents.engine_agent import DEFAULT_TIMEOUT
from connect_arena.cli.common import (
    CliError,
    EngineTimeoutArg,
    OptionsArg,
    fresh_seed,
    load_game,
    make_agents,
    parse_seats,
    stderr_console,
    stdout_console,
    user_errors,
)
from connect_arena.cli.display import winners
from connect_arena.core import Action, Game, State, record_of


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (1-based) of a run with ``seed``: stable across runs."""
    return random.Random(f"connect-arena simulate {seed} {index}").randrange(1, 2**31)


@dataclass
class Summary:
    """Results of a simulation run.

    Attributes:
        wins: per seat, games where the seat had the strictly highest return.
        draws: games where several seats shared the highest return.
        lengths: number of actions (chance outcomes included) of each game.
    """

    wins: list[int]
    draws: int = 0
    lengths: list[int] = field(default_factory=list)

    def add(self, state: State[Action]) -> None:
        """Count the finished game ``state``."""
        top = winners(state.returns())
        if len(top) == 1:
            self.wins[top[0]] += 1
        else:
            self.draws += 1
        self.lengths.append(len(state.history))

    @property
    def mean_length(self) -> float:
        """Mean number of actions per game."""
        return sum(self.lengths) / len(self.lengths) if self.lengths else 0.0


def play_one(
    game: Game, specs: list[str], seed: int, engine_timeout: float = DEFAULT_TIMEOUT
) -> State[Action]:
    """Play one game between the agents ``specs``, seeded like ``play --seed SEED``."""
    seated = make_agents(specs, seed, False, engine_timeout)
    agents: list[Agent] = [agent for agent in seated if agent is not None]
    try:
        return play_game(game.new_initial_state(), agents, random.Random(seed))
    finally:
        close_agents(agents)  # external engines end their programs


def run_games(
    game: Game,
    specs: list[str],
    seed: int,
    count: int,
    out: Path | None,
    engine_timeout: float = DEFAULT_TIMEOUT,
) -> Summary:
    """Play ``count`` games, writing ``out/game-0001.json``... when ``out`` is given; an
    external engine may take ``engine_timeout`` seconds per decision.

    Raises:
        CliError: ``out`` cannot be created or a record cannot be written there.
    """
    if out is not None:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise CliError(f"cannot create {out}: {error.strerror}") from None
    summary = Summary(wins=[0] * game.num_players)
    console = stderr_console()
    with Progress(console=console, disable=not console.is_terminal, transient=True) as progress:
        task = progress.add_task(game.name, total=count)
        for index in range(1, count + 1):
            seed_i = game_seed(seed, index)
            state = play_one(game, specs, seed_i, engine_timeout)
            summary.add(state)
            if out is not None:
                meta = {"seed": seed_i, "agents": specs, "simulate_seed": seed, "index": index}
                _write(out / f"game-{index:04d}.json", record_of(state, specs, meta=meta).to_json())
            progress.advance(task)
    return summary


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text + "\n", encoding="utf-8")
    except OSError as error:
        raise CliError(f"cannot write {path}: {error.strerror}") from None


def summary_json(game: Game, specs: list[str], seed: int, summary: Summary) -> dict[str, Any]:
    """The ``--json`` document."""
    return {
        "game": game.name,
        "options": dict(game.options),
        "agents": specs,
        "seed": seed,
        "games": len(summary.lengths),
        "wins": summary.wins,
        "draws": summary.draws,
        "mean_length": summary.mean_length,
        "max_length": max(summary.lengths, default=0),
    }


def summary_table(game: Game, specs: list[str], summary: Summary) -> Table:
    """Wins per seat, draws, and game lengths."""
    games = len(summary.lengths)
    table = Table(title=f"{games} games of {game.name}", title_justify="left")
    for column in ("seat", "agent", "wins", "share"):
        table.add_column(column, justify="right" if column in ("wins", "share") else "left")
    for seat, wins in enumerate(summary.wins):
        share = f"{wins / games:.0%}" if games else "-"
        table.add_row(escape(game.seat_name(seat)), escape(specs[seat]), str(wins), share)
    draw_share = f"{summary.draws / games:.0%}" if games else "-"
    table.add_row("draws", "", str(summary.draws), draw_share)
    return table


def simulate_command(
    game: Annotated[
        str, typer.Argument(metavar="GAME", help="The game to simulate (see connect-arena games).")
    ],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 10,
    agents: Annotated[
        str | None,
        typer.Option(
            "--agents",
            "-a",
            metavar="LIST",
            help="One agent per seat, comma-separated: random, greedy, mcts:easy|normal|hard, "
            "or engine:COMMAND (an external program, docs/engine-protocol.md).",
            show_default="random in every seat",
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the run; game i is seeded from it and i.")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(metavar="DIR", help="Write each game's record to DIR/game-0001.json..."),
    ] = None,
    option: OptionsArg = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the summary as one JSON object.")
    ] = False,
    engine_timeout: EngineTimeoutArg = DEFAULT_TIMEOUT,
) -> None:
    """Play many games between agents and summarise wins, draws and game lengths.

    The same --seed gives the same games; each record's meta holds the seed with which
    connect-arena play GAME --players AGENTS --seed S replays it.
    """
    with user_errors():
        specs = parse_seats(agents, game, "random", "random")
        loaded = load_game(game, len(specs), option or [], ai_only=True)
        chosen = fresh_seed() if seed is None else seed
        make_agents(specs, chosen, allow_human=False)
        started = time.perf_counter()
        summary = run_games(loaded, specs, chosen, games, out, engine_timeout)
        seconds = time.perf_counter() - started
    if as_json:
        typer.echo(json.dumps({**summary_json(loaded, specs, chosen, summary), "seconds": seconds}))
    else:
        print_summary(loaded, specs, chosen, summary, seconds)
        if out is not None:
            stdout_console().print(f"records written to {escape(str(out))}/game-0001.json ...")


def print_summary(
    game: Game, specs: list[str], seed: int, summary: Summary, seconds: float
) -> None:
    """Print the summary table, game lengths, the seed and the speed."""
    console = stdout_console()
    console.print(summary_table(game, specs, summary))
    longest = max(summary.lengths, default=0)
    console.print(f"game length: mean {summary.mean_length:.1f}, max {longest} actions")
    rate = len(summary.lengths) / max(seconds, 1e-9)
    console.print(f"seed {seed}; {seconds:.2f} s ({rate:,.1f} games/s)")
