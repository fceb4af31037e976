"""``connect-arena analyse`` and the ``hint`` command of ``play``: what the search thinks of a
position — the best actions with their value, share of the search and principal line."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from connect_arena.agents import make_agent
from connect_arena.agents.mcts import Line, MCTSAgent
from connect_arena.cli.common import BAD_RECORD, CliError, fail, stdout_console, user_errors
from connect_arena.cli.replay import show_position
from connect_arena.core import Action, InvalidRecordError, State, read_record, replay


def analysis_agent(spec: str, seed: int) -> MCTSAgent:
    """The MCTS agent of ``spec`` (``mcts:easy|normal|hard`` or ``mcts:N``).

    Raises:
        CliError: ``spec`` is not an MCTS agent.
    """
    try:
        agent = make_agent(spec, seed)
    except ValueError as error:
        raise CliError(str(error)) from None
    if not isinstance(agent, MCTSAgent):
        raise CliError(
            f"only MCTS agents can analyse (mcts:normal, mcts:hard, mcts:N), not {spec!r}"
        )
    return agent


def outcome_text(line: Line) -> str:
    """``proven win``/``proven loss``/``proven draw`` for solved lines, else ``""``."""
    if not line.solved:
        return ""
    return "proven win" if line.value > 0 else "proven loss" if line.value < 0 else "proven draw"


def analysis_table(lines: Sequence[Line], top: int, title: str) -> Table:
    """The first ``top`` lines: action, share of the simulations (the ranking), value (the
    player's expected return), and the principal line.

    The lines come ranked as MCTS chooses, by visits: a value measured on few simulations is
    rough, so a less searched action may show a higher one. The table says so in its caption
    and puts the ranking column first."""
    caption = (
        "ranked by the share of the search (the action searched most is the surest choice; "
        "the value of a little-searched action is rough)"
    )
    table = Table(title=title, title_justify="left", caption=caption, caption_justify="left")
    table.add_column("#", justify="right")
    table.add_column("action", no_wrap=True)
    table.add_column("search ▼", justify="right")
    table.add_column("value", justify="right")
    table.add_column("principal line")
    total = sum(line.visits for line in lines) or 1
    for rank, line in enumerate(lines[:top], start=1):
        value = outcome_text(line) or f"{line.value:+.2f}"
        principal = "  ".join(str(action) for action in line.principal)
        table.add_row(
            str(rank),
            escape(str(line.action)),
            f"{100 * line.visits / total:.0f}%",
            value,
            escape(principal),
        )
    return table


def lines_json(lines: Sequence[Line], top: int) -> list[dict[str, Any]]:
    """The first ``top`` lines as JSON-able dicts (actions in the game's notation)."""
    return [
        {
            "action": str(line.action),
            "value": line.value,
            "visits": line.visits,
            "solved": line.solved,
            "principal": [str(action) for action in line.principal],
        }
        for line in lines[:top]
    ]


def seat_to_analyse(state: State[Action], seat: int | None) -> int:
    """``seat`` if it may act now, else the seat to move (the lowest active one).

    Raises:
        CliError: the game is over, a chance outcome is next, or ``seat`` may not act.
    """
    active = sorted(state.active_players())
    if not active:
        what = "the game is over" if state.is_terminal() else "a chance outcome comes next"
        raise CliError(f"nothing to analyse: {what}")
    if seat is None:
        return active[0]
    if seat not in active:
        names = ", ".join(f"{s} ({state.game.seat_name(s)})" for s in active)
        raise CliError(f"seat {seat} may not act now; active: {names}")
    return seat


def analyse_command(
    record: Annotated[
        Path, typer.Argument(metavar="RECORD", help="A record file (connect-arena/record@1 JSON).")
    ],
    at: Annotated[
        int | None,
        typer.Option(
            "--at",
            min=0,
            help="Analyse the position after this many actions.",
            show_default="the end of the record",
        ),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option(help="The seat to analyse for.", show_default="the seat to move"),
    ] = None,
    agent: Annotated[
        str, typer.Option("--agent", "-a", help="mcts:easy|normal|hard or mcts:N simulations.")
    ] = "mcts:hard",
    top: Annotated[int, typer.Option(min=1, help="How many actions to show.")] = 5,
    seed: Annotated[int, typer.Option(help="Seed of the search.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Show the best actions in a recorded position: value (the seat's expected return),
    share of the search, principal line. Exits with status 1 for a record that does not
    replay, 2 for bad options."""
    console = stdout_console()
    try:
        loaded = read_record(record)
        if at is not None and at > len(loaded.actions):
            fail(f"--at {at}: the record has {len(loaded.actions)} actions")
        if at is not None:  # only the actions before the position need to replay
            loaded = loaded.model_copy(update={"actions": loaded.actions[:at]})
        state = replay(loaded)
    except InvalidRecordError as error:
        message = str(error)
        fail(message if str(record) in message else f"{record}: {message}", BAD_RECORD)
    with user_errors():
        player = seat_to_analyse(state, seat)
        searcher = analysis_agent(agent, seed)
        lines = searcher.analyse(state, player)
        if as_json:
            document = {
                "game": state.game.name,
                "actions": len(state.history),
                "seat": player,
                "agent": agent,
                "lines": lines_json(lines, top),
            }
            typer.echo(json.dumps(document))
            return
        show_position(console, state, loaded.players)
        name = state.game.seat_name(player)
        console.print(
            analysis_table(lines, top, f"{agent} for {name} after {len(state.history)} actions")
        )
