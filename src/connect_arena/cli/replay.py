"""``connect-arena replay``: replay a record file and show (or print as JSON) where it ends."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from connect_arena.cli.common import BAD_RECORD, fail, stdout_console
from connect_arena.cli.display import (
    describe_turn,
    legal_actions_view,
    result_line,
    returns_table,
)
from connect_arena.core import (
    CHANCE,
    SIMULTANEOUS,
    Action,
    InvalidRecordError,
    Record,
    State,
    read_record,
    replay,
)


def to_move(state: State[Action]) -> int | list[int] | None:
    """The seat to act, the active seats in a simultaneous phase, or ``None`` (end, chance)."""
    if state.current_player == SIMULTANEOUS:
        return sorted(state.active_players())
    return state.current_player if state.current_player >= 0 else None


def legal_actions_json(state: State[Action]) -> list[Any]:
    """Legal actions as notation; tagged ``{"seat", "action"}`` in a simultaneous phase."""
    if state.current_player != SIMULTANEOUS:
        return [str(action) for action in state.legal_actions()]
    return [
        {"seat": seat, "action": str(action)}
        for seat in sorted(state.active_players())
        for action in state.legal_actions(seat)
    ]


def summary_json(state: State[Action]) -> dict[str, Any]:
    """The ``--json`` document of a record that replays."""
    return {
        "ok": True,
        "game": state.game.name,
        "terminal": state.is_terminal(),
        "chance": state.is_chance_node(),
        "returns": state.returns(),
        "to_move": to_move(state),
        "legal_actions": legal_actions_json(state),
        "actions": len(state.history),
    }


def error_json(error: InvalidRecordError) -> dict[str, Any]:
    """The ``--json`` document of a record that does not replay."""
    return {
        "ok": False,
        "error": {"index": error.index, "action": error.action, "message": error.reason},
    }


def show_position(console: Console, state: State[Action], players: list[str]) -> None:
    """Print the position and whose turn it is."""
    console.print(state.render(None))
    console.print(f"[bold]{escape(describe_turn(state, players))}[/]")


def show_final(console: Console, state: State[Action], record: Record, board: bool) -> None:
    """Print the final position (unless ``board`` is false: just shown by ``--step``), whose
    turn it is, the returns and the legal actions."""
    if board:
        console.print(state.render(None))
    console.print(f"[bold]{escape(describe_turn(state, record.players))}[/]")
    count = len(state.history)
    if state.is_terminal():
        console.print(f"Game over after {count} actions: {escape(result_line(state))}")
    else:
        console.print(f"{count} actions replayed; the game is not over.")
    console.print(returns_table(state, record.players, "Returns"))
    console.print(legal_actions_view(state))


def step_through(console: Console, state: State[Action], players: list[str]) -> None:
    """Print the initial position, then the position after each action of ``state.history``.

    Waits for Enter between positions when stdin is a terminal (until end of input).
    """
    walker = state.game.new_initial_state()
    interactive = sys.stdin.isatty()
    console.rule("initial position")
    show_position(console, walker, players)
    for index, entry in enumerate(state.history):
        if interactive:
            try:
                console.input("[dim](Enter for the next action)[/]")
            except EOFError:  # Ctrl-D: show the rest without waiting
                interactive = False
        walker.apply_legal_action(entry.action, entry.player)
        who = "chance" if entry.player == CHANCE else state.game.seat_name(entry.player)
        console.rule(escape(f"action {index}: {who} {entry.action}"))
        show_position(console, walker, players)


def replay_command(
    record: Annotated[
        Path, typer.Argument(metavar="RECORD", help="A record file (connect-arena/record@1 JSON).")
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object instead of the position.")
    ] = False,
    step: Annotated[
        bool, typer.Option("--step", help="Show the position after every action.")
    ] = False,
) -> None:
    """Replay a game record; show the final position, whose turn, returns and legal actions.

    Exits with status 1 when the record cannot be read or an action does not replay.
    """
    console = stdout_console()
    try:
        loaded = read_record(record)
    except InvalidRecordError as error:
        report_bad_record(console, error, record, [], as_json, step)
    try:
        state = replay(loaded)
    except InvalidRecordError as error:
        report_bad_record(console, error, record, loaded.players, as_json, step)
    if as_json:
        typer.echo(json.dumps(summary_json(state)))
        return
    if step:
        step_through(console, state, loaded.players)
        console.rule("end of the record")
    show_final(console, state, loaded, board=not step)


def report_bad_record(
    console: Console,
    error: InvalidRecordError,
    path: Path,
    players: list[str],
    as_json: bool,
    step: bool,
) -> NoReturn:
    """Explain why the record does not replay (with the position before the bad action)."""
    if as_json:
        typer.echo(json.dumps(error_json(error)))
        raise typer.Exit(BAD_RECORD)
    before = error.state
    if isinstance(before, State) and len(players) == before.game.num_players:
        if step:
            step_through(console, before, players)
        else:
            count = len(before.history)
            console.print(f"Position before the bad action (after {count} actions):")
            show_position(console, before, players)
    message = str(error)
    fail(message if str(path) in message else f"{path}: {message}", BAD_RECORD)
